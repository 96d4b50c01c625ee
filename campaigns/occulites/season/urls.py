"""URLs of the Occulites season pages: choosing the next scenario, the season settings, and
the Long Dark."""

from django.urls import path

from . import views

urlpatterns = [
    path("c/<int:campaign_id>/occulites/season/", views.season_page, name="occulites_season"),
    path(
        "c/<int:campaign_id>/occulites/season/tribes/<int:tribe_id>/nominate/",
        views.scenario_nominate,
        name="occulites_season_nominate",
    ),
    path(
        "c/<int:campaign_id>/occulites/season/tribes/<int:tribe_id>/choose/",
        views.scenario_choose,
        name="occulites_season_choose",
    ),
    path(
        "c/<int:campaign_id>/occulites/season/house-value/",
        views.house_value_set,
        name="occulites_season_house_value",
    ),
    path(
        "c/<int:campaign_id>/occulites/season/draw/",
        views.scenario_draw,
        name="occulites_season_draw",
    ),
    path(
        "c/<int:campaign_id>/occulites/season/redraw/",
        views.scenario_redraw,
        name="occulites_season_redraw",
    ),
    path(
        "c/<int:campaign_id>/occulites/season/deck/",
        views.deck_set,
        name="occulites_season_deck",
    ),
    path(
        "c/<int:campaign_id>/occulites/long-dark/",
        views.long_dark_page,
        name="occulites_long_dark",
    ),
    path(
        "c/<int:campaign_id>/occulites/long-dark/tribes/<int:tribe_id>/roll/",
        views.long_dark_roll,
        name="occulites_long_dark_roll",
    ),
    path(
        "c/<int:campaign_id>/occulites/long-dark/tribes/<int:tribe_id>/reroll/",
        views.long_dark_reroll,
        name="occulites_long_dark_reroll",
    ),
]
