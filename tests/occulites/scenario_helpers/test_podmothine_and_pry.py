"""Podmothine tentacle activation (Creatures and Predators, Podmothine) and the Pry Sungem
target (Advanced Actions, Pry Sungem) through their pages."""

import random

import pytest
from pytest_django.asserts import assertContains

from campaigns.occulites.scenario_helpers import services
from campaigns.table.models import DrawLogEntry

from .conftest import page_url, stored, writes_nothing


def test_typed_tentacle_dice_activate_on_0_to_2_and_go_to_the_shared_log(
    act, owner_client, campaign
):
    response = act("podmothine_activate", {"entered": "0 2 3 9 1 5"})
    assert response.status_code == 200
    assertContains(response, "3 tentacles activate")
    assert stored(campaign, services.PODMOTHINE)["last"]["activated"] == [
        True,
        True,
        False,
        False,
        True,
        False,
    ]
    entry = DrawLogEntry.objects.get(campaign=campaign, tool="occulites.podmothine")
    assert entry.summary == "3 tentacles activate (dice 0 2 3 9 1 5)"
    table = owner_client.get(f"/c/{campaign.pk}/")
    assertContains(table, "3 tentacles activate")  # every member's shared log


def test_event_cards_widen_the_activation_and_sneaking_fails_4_and_up(act, campaign):
    act("cards_new", {"scenario": 7})
    for seen in range(3):
        act("cards_reveal", {"kind": "event", "expected": seen})
    # Three Event cards: activate on 0-5; Sneak: any roll of 4+ fails.
    act("podmothine_activate", {"entered": "5 4 3 6 0 9", "sneaking": "on"})
    last = stored(campaign, services.PODMOTHINE)["last"]
    assert last["activates_on"] == 5
    assert last["activated"] == [False, False, True, False, True, False]


def test_a_seeded_roll_in_the_app_rolls_a_die_per_tentacle_in_play(campaign, user):
    services.podmothine_tentacle(campaign=campaign, actor=user, move="destroyed_on_body")
    entry = services.podmothine_activate(campaign=campaign, actor=user, rng=random.Random(7))
    seeded = random.Random(7)
    expected = [seeded.randint(0, 9) for _ in range(5)]
    assert entry.result["dice"] == expected
    assert entry.result["activated"] == [die <= 2 for die in expected]


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("0 1 2 3 4 12", "digit from 0 to 9"),
        ("a b", "digits 0-9"),
        ("0 1 2", "This roll takes 6 dice, not 3"),
    ],
)
def test_bad_tentacle_dice_are_refused_beside_the_field(act, campaign, typed, message):
    with writes_nothing(campaign):
        response = act("podmothine_activate", {"entered": typed})
    assert response.status_code == 422
    assert response["HX-Retarget"] == "#activate-form"
    assertContains(response, message, status_code=422)


def test_tentacles_leave_return_die_and_are_reborn(act, campaign):
    act("podmothine_tentacle", {"move": "leaves"})
    act("podmothine_tentacle", {"move": "leaves"})
    act("podmothine_tentacle", {"move": "destroyed_off_body"})
    assert stored(campaign, services.PODMOTHINE)["podmothine"] == {
        "tentacles_in_play": 5,
        "tentacles_on_body": 4,
    }
    response = act("podmothine_tentacle", {"move": "reborn"})
    assertContains(response, '<dd data-count="in-play">6</dd>', html=True)
    assertContains(response, '<dd data-count="on-body">5</dd>', html=True)


def test_a_tentacle_move_the_rules_forbid_is_refused_in_the_panel(act, campaign):
    with writes_nothing(campaign):
        response = act("podmothine_tentacle", {"move": "returns"})
    assert response.status_code == 422
    assertContains(response, "already on the Podmothine&#x27;s body", status_code=422)


def test_the_podmothine_resets_for_a_new_game(act, campaign):
    act("podmothine_tentacle", {"move": "destroyed_on_body"})
    act("podmothine_activate", {"entered": "1 1 1 1 1"})
    act("podmothine_reset")
    assert stored(campaign, services.PODMOTHINE) == {
        "podmothine": {"tentacles_in_play": 6, "tentacles_on_body": 6},
        "last": None,
    }


def test_activation_without_javascript_redirects_to_the_panel(act, campaign):
    response = act("podmothine_activate", {"entered": "0 0 0 0 0 0"}, htmx=False)
    assert response.status_code == 302
    assert response["Location"].endswith(page_url(campaign, "podmothine") + "#podmothine-panel")


def test_a_refusal_without_javascript_shows_the_whole_page_with_422(act, campaign):
    response = act("podmothine_activate", {"entered": "9"}, htmx=False)
    assert response.status_code == 422
    assertContains(response, "This roll takes 6 dice, not 1", status_code=422)
    assertContains(response, "<html", status_code=422)


# --- Pry Sungem ---------------------------------------------------------------------------


def test_pry_sungem_example_four_tentacles_roll_five_dice_and_the_8_counts(act, campaign):
    # Advanced Actions, Pry Sungem, Example: 4 tentacles on the body, roll 4 + 1 dice,
    # 3, 3, 5, 7, 8: discard cards worth 8 or more.
    act("podmothine_tentacle", {"move": "leaves"})
    act("podmothine_tentacle", {"move": "leaves"})
    response = act("pry_roll", {"location": "podmothine", "entered": "3 3 5 7 8"})
    assert response.status_code == 200
    assertContains(response, '<strong data-result="value">8</strong>', html=True)
    entry = DrawLogEntry.objects.get(campaign=campaign, tool="occulites.pry_sungem")
    assert entry.summary == "Discard cards worth 8 (dice 3 3 5 7 8)"
    # "You could discard a 7 and a 2, OR a single 8, OR a 3, 4 and a 1"
    for cards in ("7 2", "8", "3 4 1"):
        assertContains(act("pry_discard", {"discarded": cards}), "Pried off")
    assertContains(act("pry_discard", {"discarded": "4 3"}), "Not enough")


def test_a_cave_wall_rolls_3d10(act, campaign):
    with writes_nothing(campaign):
        response = act("pry_roll", {"location": "cave_wall", "entered": "1 2 3 4"})
    assertContains(response, "This roll takes 3 dice, not 4", status_code=422)
    act("pry_roll", {"location": "cave_wall", "entered": "1 6 2"})
    assert stored(campaign, services.PRY_SUNGEM)["target"]["dice"] == [1, 6, 2]


def test_no_tentacles_on_the_body_means_a_free_sungem_and_no_dice(act, campaign):
    response = act("pry_roll", {"location": "podmothine", "tentacles_on_body": 0})
    assertContains(response, "Free: no cards to discard")
    assert stored(campaign, services.PRY_SUNGEM)["target"]["dice"] == []


def test_all_zeros_pry_the_sungem_off_for_free(act, campaign):
    assertContains(act("pry_roll", {"location": "cave_wall", "entered": "0 0 0"}), "Free")


def test_a_discard_before_any_target_is_refused(act, campaign):
    with writes_nothing(campaign):
        response = act("pry_discard", {"discarded": "8"})
    assert response["HX-Retarget"] == "#discard-form"
    assertContains(response, "Roll the Pry Sungem target first", status_code=422)
