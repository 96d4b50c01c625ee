from django.urls import path

from . import views

urlpatterns = [
    path("c/<int:campaign_id>/occulites/dice/", views.d10_page, name="occulites_d10"),
    path("c/<int:campaign_id>/occulites/dice/roll/", views.d10_roll, name="occulites_d10_roll"),
    path(
        "c/<int:campaign_id>/occulites/dice/<int:draw_id>/reroll/",
        views.d10_reroll,
        name="occulites_d10_reroll",
    ),
    path("c/<int:campaign_id>/occulites/combat/", views.combat_page, name="occulites_combat"),
    path(
        "c/<int:campaign_id>/occulites/combat/roll/",
        views.combat_roll,
        name="occulites_combat_roll",
    ),
    path(
        "c/<int:campaign_id>/occulites/combat/<int:draw_id>/defence/",
        views.combat_defence,
        name="occulites_combat_defence",
    ),
    path("c/<int:campaign_id>/occulites/combat/heal/", views.heal, name="occulites_heal"),
    path(
        "c/<int:campaign_id>/occulites/combat/<int:draw_id>/reroll/",
        views.combat_reroll,
        name="occulites_combat_reroll",
    ),
]
