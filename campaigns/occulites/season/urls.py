"""URLs of the Occulites season pages: choosing the next scenario, the season settings, and
the Long Dark."""

from django.urls import path

from . import views

urlpatterns = [
    path("season/", views.season_page, name="season"),
    path(
        "season/tribes/<int:tribe_id>/nominate/",
        views.scenario_nominate,
        name="season_nominate",
    ),
    path(
        "season/tribes/<int:tribe_id>/choose/",
        views.scenario_choose,
        name="season_choose",
    ),
    path(
        "season/house-value/",
        views.house_value_set,
        name="season_house_value",
    ),
    path(
        "season/draw/",
        views.scenario_draw,
        name="season_draw",
    ),
    path(
        "season/redraw/",
        views.scenario_redraw,
        name="season_redraw",
    ),
    path(
        "season/deck/",
        views.deck_set,
        name="season_deck",
    ),
    path(
        "long-dark/",
        views.long_dark_page,
        name="long_dark",
    ),
    path(
        "long-dark/tribes/<int:tribe_id>/roll/",
        views.long_dark_roll,
        name="long_dark_roll",
    ),
    path(
        "long-dark/tribes/<int:tribe_id>/reroll/",
        views.long_dark_reroll,
        name="long_dark_reroll",
    ),
]
