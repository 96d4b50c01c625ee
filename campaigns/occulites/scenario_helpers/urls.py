"""URLs of the Occulites scenario helpers."""

from django.urls import path

from . import views

HELPERS = "helpers/"


def _action(route: str, view, name: str):
    return path(HELPERS + route, view, name=f"helpers_{name}")


urlpatterns = [
    path(HELPERS, views.helpers, name="helpers"),
    _action("cards/new/", views.cards_new_game, "cards_new"),
    _action("cards/reveal/", views.cards_reveal, "cards_reveal"),
    _action("cards/take-back/", views.cards_take_back, "cards_take_back"),
    _action("podmothine/activate/", views.podmothine_activate, "podmothine_activate"),
    _action("podmothine/tentacle/", views.podmothine_tentacle, "podmothine_tentacle"),
    _action("podmothine/reset/", views.podmothine_reset, "podmothine_reset"),
    _action("pry-sungem/roll/", views.pry_sungem_roll, "pry_roll"),
    _action("pry-sungem/discard/", views.pry_sungem_discard, "pry_discard"),
    _action("pry-sungem/reset/", views.pry_sungem_reset, "pry_reset"),
    _action("skirmish/new/", views.skirmish_new_game, "skirmish_new"),
    _action("skirmish/tribe/", views.skirmish_add_tribe, "skirmish_tribe"),
    _action("skirmish/<int:index>/roll/", views.skirmish_roll, "skirmish_roll"),
    _action("skirmish/reset/", views.skirmish_reset, "skirmish_reset"),
    _action("ridge/climb/", views.ridge_climb, "ridge_climb"),
    _action("ridge/leave/", views.ridge_leave, "ridge_leave"),
    _action("ridge/strike/", views.ridge_strike, "ridge_strike"),
    _action("ridge/reset/", views.ridge_reset, "ridge_reset"),
    _action("siege/roll/", views.siege_roll, "siege_roll"),
    _action("siege/loss/", views.siege_loss, "siege_loss"),
    _action("siege/event/", views.siege_event, "siege_event"),
    _action("siege/reset/", views.siege_reset, "siege_reset"),
    _action("reborn-track/place/", views.reborn_place, "reborn_place"),
    _action("reborn-track/advance/", views.reborn_advance, "reborn_advance"),
    _action("reborn-track/remove/", views.reborn_remove, "reborn_remove"),
    _action("reborn-track/reset/", views.reborn_reset, "reborn_reset"),
    _action("awareness/test/", views.awareness_test, "awareness_test"),
    _action("awareness/reset/", views.awareness_reset, "awareness_reset"),
    path(HELPERS + "<str:helper>/", views.helper_page, name="helper"),
]
