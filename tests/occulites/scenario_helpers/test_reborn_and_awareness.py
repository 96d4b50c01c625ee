"""The Reborn Track (Layer Two - Advanced Mechanics, The Reborn Track) and the Awareness Test
(Awareness Tests) through their pages."""

import pytest
from pytest_django.asserts import assertContains

from campaigns.occulites.scenario_helpers import services
from campaigns.table.models import DrawLogEntry

from .conftest import page_url, stored, writes_nothing


def test_reborn_track_example_grublic_goes_to_space_3(act, campaign):
    # "Grublic had 1 Health left and lost 2 Health ... he would then be placed on space 3"
    response = act(
        "reborn_place",
        {"figure_name": "Grublic", "cause": "wounds", "health_before": 1, "health_lost": 2},
    )
    assert response.status_code == 200
    assertContains(response, "Grublic placed on space 3 (1 wound past 0).")
    assert stored(campaign, services.REBORN_TRACK)["track"]["positions"] == {"Grublic": 3}


def test_a_figure_quadrupled_in_combat_goes_to_space_5(act, campaign):
    act("reborn_place", {"figure_name": "Mipny", "cause": "quadrupled_in_combat"})
    assert stored(campaign, services.REBORN_TRACK)["track"]["positions"] == {"Mipny": 5}


@pytest.mark.parametrize(
    ("cause", "space"),
    [
        ("sucked_under_swamp", 1),
        ("tree_is_alive", 2),
        ("swept_off_the_board", 3),
        ("burnt_alive", 4),
    ],
)
def test_terrain_and_predator_deaths_use_their_printed_spaces(act, campaign, cause, space):
    act("reborn_place", {"figure_name": "Froog", "cause": cause})
    assert stored(campaign, services.REBORN_TRACK)["track"]["positions"] == {"Froog": space}


def test_the_5_space_is_the_maximum_and_agreement_moves_one_further(act, campaign):
    act(
        "reborn_place",
        {"figure_name": "A", "cause": "wounds", "health_before": 1, "health_lost": 9},
    )
    act(
        "reborn_place",
        {
            "figure_name": "B",
            "cause": "wounds",
            "health_before": 2,
            "health_lost": 3,
            "reborn_by_agreement": "on",
        },
    )
    assert stored(campaign, services.REBORN_TRACK)["track"]["positions"] == {"A": 5, "B": 4}


def test_reborn_actions_move_the_figure_home(act, campaign):
    act(
        "reborn_place",
        {"figure_name": "Grublic", "cause": "wounds", "health_before": 1, "health_lost": 2},
    )
    act("reborn_advance", {"figure": "Grublic", "expected": 3})
    assert stored(campaign, services.REBORN_TRACK)["track"]["positions"] == {"Grublic": 2}
    response = act("reborn_advance", {"figure": "Grublic", "expected": 2, "tribal_token": "on"})
    assertContains(response, "Grublic is Reborn with a Tribal Token: back in its Home Cave.")
    assert stored(campaign, services.REBORN_TRACK)["track"]["positions"] == {}


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (
            {"figure_name": "X", "cause": "wounds", "health_before": 3, "health_lost": 2},
            "still has Health left",
        ),
        ({"figure_name": "X", "cause": "wounds"}, "Give the Health it had left"),
        ({"cause": "quadrupled_in_combat"}, "Choose a figure or type its name"),
    ],
)
def test_placements_the_rules_forbid_are_refused_beside_the_form(act, campaign, data, message):
    with writes_nothing(campaign):
        response = act("reborn_place", data)
    assert response["HX-Retarget"] == "#place-form"
    assertContains(response, message, status_code=422)


def test_a_figure_already_on_the_track_cannot_be_placed_again(act, campaign):
    act("reborn_place", {"figure_name": "Grublic", "cause": "quadrupled_in_combat"})
    with writes_nothing(campaign):
        response = act("reborn_place", {"figure_name": "Grublic", "cause": "burnt_alive"})
    assertContains(response, "already on the Reborn Track", status_code=422)


def test_two_phones_tapping_the_same_reborn_action_move_it_once(act, campaign):
    act("reborn_place", {"figure_name": "Grublic", "cause": "quadrupled_in_combat"})
    act("reborn_advance", {"figure": "Grublic", "expected": 5})
    with writes_nothing(campaign):
        response = act("reborn_advance", {"figure": "Grublic", "expected": 5})
    assert response.status_code == 409
    assertContains(response, "now on space 4", status_code=409)


def test_campaign_figures_can_be_chosen_and_taken_off(act, owner_client, campaign, hydris):
    act("reborn_place", {"figure": "Second (Deep Pool)", "cause": "tree_is_alive"})
    page = owner_client.get(page_url(campaign, "reborn-track"))
    assertContains(page, "<strong>Second (Deep Pool)</strong>", html=True)
    act("reborn_remove", {"figure": "Second (Deep Pool)"})
    assert stored(campaign, services.REBORN_TRACK)["track"]["positions"] == {}


# --- Awareness Test ---------------------------------------------------------------------------


def test_a_single_card_of_8_passes_and_the_test_is_logged(act, campaign):
    response = act("awareness_test", {"figure_name": "Grublic", "awareness": 3, "cards": "8 2 5"})
    assertContains(response, '<strong data-result="passed">Grublic passes</strong>', html=True)
    entry = DrawLogEntry.objects.get(tool="occulites.awareness")
    assert entry.summary == "Passed: best 8 against 8+ (cards 8 2 5)"


def test_cards_do_not_add_up_but_two_boosts_do(act, campaign):
    assertContains(act("awareness_test", {"awareness": 2, "cards": "5 6"}), 'data-result="failed"')
    response = act("awareness_test", {"awareness": 2, "cards": "5 6", "boosts": "1 1"})
    assertContains(response, 'data-result="passed"')


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"awareness": 2, "cards": "5 6", "boosts": "1 1 1"}, "at most two Boost cards"),
        ({"awareness": 3, "cards": "5 6"}, "draws 3 cards, not 2"),
        ({"awareness": 2, "cards": "5 x"}, "numbers"),
        ({"awareness": 2}, "This field is required"),
        ({"cards": "5 6"}, "Give the figure&#x27;s Awareness"),
        ({"awareness": 2, "cards": "5 6", "eagle_eyed_discards": 1}, "Only an Eagle Eyed figure"),
    ],
)
def test_tests_the_rules_forbid_are_refused(act, campaign, data, message):
    with writes_nothing(campaign):
        response = act("awareness_test", data)
    assert response["HX-Retarget"] == "#awareness-form"
    assertContains(response, message, status_code=422)


def test_the_tribal_token_eagle_eyed_and_the_figures_awareness(act, campaign, hydris):
    # Blueprint Awareness 2 from the record; +1 for a Tribal Token; Eagle Eyed 1 + 1 discard.
    response = act(
        "awareness_test",
        {
            "figure": "Chief (Deep Pool)",
            "cards": "1 2 3 4 5",
            "tribal_token": "on",
            "eagle_eyed": "on",
            "eagle_eyed_discards": 1,
        },
    )
    assert response.status_code == 200
    assert stored(campaign, services.AWARENESS)["last"]["cards_to_draw"] == 5


def test_exceptional_camouflage_and_sense_of_smell(act, campaign):
    act(
        "awareness_test",
        {"awareness": 1, "cards": "9", "exceptional_camouflage": "on", "sense_of_smell": "on"},
    )
    last = stored(campaign, services.AWARENESS)["last"]
    assert (last["pass_on"], last["best_total"], last["passed"]) == (11, 11, True)
