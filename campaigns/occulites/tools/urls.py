from django.urls import path

from . import views

urlpatterns = [
    path("dice/", views.d10_page, name="d10"),
    path("dice/roll/", views.d10_roll, name="d10_roll"),
    path(
        "dice/<int:draw_id>/reroll/",
        views.d10_reroll,
        name="d10_reroll",
    ),
    path("combat/", views.combat_page, name="combat"),
    path(
        "combat/roll/",
        views.combat_roll,
        name="combat_roll",
    ),
    path(
        "combat/<int:draw_id>/defence/",
        views.combat_defence,
        name="combat_defence",
    ),
    path("combat/heal/", views.heal, name="heal"),
    path(
        "combat/<int:draw_id>/reroll/",
        views.combat_reroll,
        name="combat_reroll",
    ),
]
