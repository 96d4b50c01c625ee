from django.urls import path

from . import views

urlpatterns = [
    path("characters/", views.characters, name="characters"),
    path("characters/add/", views.character_add, name="character_add"),
    path("characters/<int:character_id>/", views.character, name="character"),
    path(
        "characters/<int:character_id>/starting-stats/", views.starting_stats, name="starting_stats"
    ),
    path("characters/<int:character_id>/items/take/", views.item_take, name="item_take"),
    path("characters/<int:character_id>/tawny/", views.tawny_change, name="tawny_change"),
    path(
        "characters/<int:character_id>/conditions/add/", views.condition_add, name="condition_add"
    ),
    path(
        "characters/<int:character_id>/conditions/remove/",
        views.condition_remove,
        name="condition_remove",
    ),
    path("characters/<int:character_id>/stat-adjust/", views.stat_adjust, name="stat_adjust"),
    path("items/<int:item_id>/drop/", views.item_drop, name="item_drop"),
    path("items/<int:item_id>/use/", views.item_use, name="item_use"),
]
