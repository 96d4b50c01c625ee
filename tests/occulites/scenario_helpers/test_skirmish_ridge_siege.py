"""Unexpected Skirmish arrivals (Scenario 2), The Ridge lightning (Scenario 3) and the Siege
conditions track (Scenario 11) through their pages."""

import random

import pytest
from pytest_django.asserts import assertContains, assertNotContains

from campaigns.occulites import services as occulites_services
from campaigns.occulites.scenario_helpers import services
from campaigns.table.models import DrawLogEntry
from tests.factories import HTMX

from .conftest import page_url, stored, writes_nothing

# --- Unexpected Skirmish ------------------------------------------------------------------


@pytest.fixture
def skirmish(act, campaign, hydris, user):
    """A game with the Hydris tribe (Chief on the board, four Occulites and a Luftle away)."""
    occulites_services.tribe_award_vp(tribe=hydris, actor=user, amount=5, reason="test")
    occulites_services.luftle_recruit(tribe=hydris, actor=user, caste="grunt", base_letter="A")
    act("skirmish_new")
    return stored(campaign, services.SKIRMISH)


def _roll(act, data, index=0):
    return act("skirmish_roll", {f"t{index}-{key}": value for key, value in data.items()}, index)


def test_a_new_game_leaves_each_chief_on_the_board_and_the_rest_on_the_way(skirmish):
    (tribe,) = skirmish["tribes"]
    assert tribe["name"] == "Deep Pool"
    assert tribe["arrivals"]["waiting"] == [
        ["Second", False],
        ["Third", False],
        ["Fourth", False],
        ["Fifth", False],
        ["Luftle Grunt A", True],
    ]


def test_typed_arrival_dice_bring_figures_in_on_0_to_2_and_luftles_on_0_to_5(
    skirmish, act, campaign
):
    waiting = "Second|Third|Fourth|Fifth|Luftle Grunt A"
    response = _roll(
        act,
        {
            "turn": 2,
            "waiting": waiting,
            "dice_0": 3,
            "entered_0": "9 2 7",
            "dice_1": 1,
            "entered_1": "3",
            "dice_4": 1,
            "entered_4": "5",
        },
    )
    assert response.status_code == 200
    assertContains(response, "Deep Pool, turn 2")
    arrivals = stored(campaign, services.SKIRMISH)["tribes"][0]["arrivals"]
    assert arrivals["arrived"] == ["Second", "Luftle Grunt A"]
    assert [name for name, _ in arrivals["waiting"]] == ["Third", "Fourth", "Fifth"]
    entry = DrawLogEntry.objects.get(campaign=campaign, tool="occulites.skirmish")
    assert "Second arrives (9 2 7)" in entry.summary
    # The roller's own forms are swapped in fresh, out of band, for the figures still away.
    assertContains(response, 'hx-swap-oob="true"')
    assertNotContains(response, "<legend>Second</legend>")


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"turn": 2, "dice_0": 2, "dice_1": 2}, "All 5 dice must be allocated"),
        ({"turn": 1, "dice_0": 5}, "every turn after the first"),
        ({"turn": 2, "dice_0": 2, "entered_0": "1 12", "dice_1": 3}, "digit from 0 to 9"),
        ({"turn": 2, "dice_0": 2, "entered_0": "1 2 3", "dice_1": 3}, "allocated 2 dice, not 3"),
    ],
)
def test_arrival_rolls_the_rules_forbid_are_refused(skirmish, act, campaign, data, message):
    with writes_nothing(campaign):
        response = _roll(act, {"waiting": "Second|Third|Fourth|Fifth|Luftle Grunt A", **data})
    assert response.status_code == 422
    assert response["HX-Retarget"] == "#skirmish-forms"
    assertContains(response, message, status_code=422)


def test_a_tribe_rolls_once_per_turn(skirmish, act, campaign):
    waiting = "Second|Third|Fourth|Fifth|Luftle Grunt A"
    _roll(act, {"turn": 2, "waiting": waiting, "dice_2": 5, "entered_2": "9 9 9 9 9"})
    with writes_nothing(campaign):
        response = _roll(act, {"turn": 2, "waiting": waiting, "dice_2": 5})
    assertContains(response, "already rolled for on turn 2", status_code=422)


def test_a_form_built_for_stragglers_who_have_since_arrived_gets_409_and_a_fresh_form(
    skirmish, act, campaign
):
    waiting = "Second|Third|Fourth|Fifth|Luftle Grunt A"
    _roll(act, {"turn": 2, "waiting": waiting, "dice_0": 5, "entered_0": "0 0 0 0 0"})
    with writes_nothing(campaign):
        response = _roll(act, {"turn": 3, "waiting": waiting, "dice_0": 5})
    assert response.status_code == 409
    assertContains(response, "stragglers changed meanwhile", status_code=409)
    assertNotContains(response, "<legend>Second</legend>", status_code=409)


def test_players_can_add_tribes_by_name_and_roll_in_the_app(act, campaign, user):
    response = act(
        "skirmish_tribe", {"name": "Visitors", "occulites": "Grublic, Mipny", "luftles": "Scout"}
    )
    assert response.status_code == 200
    services.skirmish_roll(
        campaign=campaign,
        actor=user,
        tribe="Visitors",
        turn=2,
        allocation={"Grublic": 3, "Scout": 2},
        rng=random.Random(3),
    )
    assert stored(campaign, services.SKIRMISH)["last"]["turn"] == 2


def test_a_tribe_without_stragglers_is_refused(act, campaign):
    with writes_nothing(campaign):
        response = act("skirmish_tribe", {"name": "Lonely"})
    assert response["HX-Retarget"] == "#tribe-form"
    assertContains(response, "Name the figures not yet arrived", status_code=422)


def test_an_unknown_tribe_index_is_refused_not_a_500(act, campaign):
    assertContains(act("skirmish_roll", {}, 7), "not in this skirmish", status_code=422)


def test_the_roll_forms_refresh_on_their_own(owner_client, campaign, skirmish):
    response = owner_client.get(page_url(campaign, "skirmish") + "?part=forms", headers=HTMX)
    assertContains(response, 'id="skirmish-forms"')
    assertContains(response, "<legend>Second</legend>")


# --- The Ridge --------------------------------------------------------------------------------


@pytest.fixture
def on_the_ridge(act):
    act("ridge_climb", {"figure_name": "Grublic"})
    act("ridge_climb", {"figure_name": "Mipny"})
    act("ridge_climb", {"figure_name": "Grunt A", "partner_name": "Grunt B"})


def test_the_highest_die_is_struck_and_leaves_the_ridge(on_the_ridge, act, campaign):
    response = act("ridge_strike", {"entered": "7 3 2 1"})
    assertContains(response, '<strong data-result="struck">Grublic</strong>', html=True)
    state = stored(campaign, services.RIDGE)
    assert state["ridge"]["struck"] == ["Grublic"]
    assert [name for name, _ in state["on_ridge"]] == ["Mipny", "Grunt A", "Grunt B"]
    assert DrawLogEntry.objects.get(tool="occulites.ridge").summary.startswith("Struck: Grublic")


def test_ties_are_all_struck_and_a_luftle_takes_its_partner(on_the_ridge, act, campaign):
    act("ridge_strike", {"entered": "8 8 2 1"})
    assert stored(campaign, services.RIDGE)["ridge"]["struck"] == ["Grublic", "Mipny"]
    act("ridge_strike", {"entered": "4 1"})
    assert stored(campaign, services.RIDGE)["ridge"]["struck"] == [
        "Grublic",
        "Mipny",
        "Grunt A",
        "Grunt B",
    ]


def test_a_struck_figure_cannot_climb_back(on_the_ridge, act, campaign):
    act("ridge_strike", {"entered": "9 1 1 1"})
    with writes_nothing(campaign):
        response = act("ridge_climb", {"figure_name": "Grublic"})
    assert response["HX-Retarget"] == "#climb-form"
    assertContains(response, "struck by lightning", status_code=422)


def test_lightning_dice_must_match_the_figures_on_the_ridge(on_the_ridge, act, campaign):
    with writes_nothing(campaign):
        response = act("ridge_strike", {"entered": "1 2"})
    assertContains(response, "This roll takes 4 dice, not 2", status_code=422)


def test_lightning_with_nobody_on_the_ridge_is_refused(act, campaign):
    with writes_nothing(campaign):
        response = act("ridge_strike", {})
    assertContains(response, "Nobody is on the Ridge", status_code=422)


def test_a_figure_leaving_frees_its_partner(on_the_ridge, act, campaign):
    act("ridge_leave", {"figure": "Grunt A"})
    assert stored(campaign, services.RIDGE)["on_ridge"][-1] == ["Grunt B", None]


def test_campaign_figures_are_offered_and_the_ridge_speed_penalty_shows(
    act, owner_client, campaign, hydris
):
    page = owner_client.get(page_url(campaign, "ridge"))
    assertContains(page, '<option value="Chief (Deep Pool)">Chief (Deep Pool)</option>', html=True)
    act("ridge_climb", {"figure": "Chief (Deep Pool)"})
    act("cards_new", {"scenario": 3})
    act("cards_reveal", {"kind": "event", "expected": 0})
    page = owner_client.get(page_url(campaign, "ridge"))
    assertContains(page, "Every model has -1 Speed (to a minimum of 1)")
    assertContains(page, "Chief (Deep Pool)")


# --- Siege at the Cave Mouth ------------------------------------------------------------------


def test_the_track_starts_at_9_and_each_0_or_1_moves_it(act, campaign):
    response = act("siege_roll", {"attacker_entered": "1", "defender_entered": "0"})
    assertContains(response, '<strong data-result="conditions">7</strong>', html=True)
    entry = DrawLogEntry.objects.get(tool="occulites.siege")
    assert entry.summary == "Attacker 1, defender 0: token moves 2, now on 7"


def test_enemy_losses_add_dice_to_each_side(act, campaign):
    # one d10 plus one per enemy Occulite or two enemy Luftles killed
    act("siege_loss", {"side": "defender", "occulites": 1, "luftles": 2})
    with writes_nothing(campaign):
        response = act("siege_roll", {"attacker_entered": "5", "defender_entered": "5"})
    assertContains(response, "This roll takes 3 dice, not 1", status_code=422)
    act("siege_roll", {"attacker_entered": "5 6 7", "defender_entered": "8"})
    assert stored(campaign, services.SIEGE)["siege"]["conditions"] == 9


def test_typing_one_side_only_is_refused(act, campaign):
    with writes_nothing(campaign):
        response = act("siege_roll", {"attacker_entered": "3"})
    assertContains(response, "Type both players", status_code=422)


def test_the_game_ends_at_0_and_nothing_moves_after(act, campaign, user):
    for _ in range(7):
        act("siege_event", {})
    act("siege_roll", {"attacker_entered": "0", "defender_entered": "1"})
    page = act("siege_event", {})
    assertContains(page, "The siege is over", status_code=422)
    assert stored(campaign, services.SIEGE)["siege"]["conditions"] == 0


def test_a_siege_event_card_is_also_counted_on_the_cards_tracker(act, campaign):
    act("cards_new", {"scenario": 11})
    act("siege_event", {"expected": 9})
    assert stored(campaign, services.CARDS)["cards"]["revealed"] == ["event"]
    with writes_nothing(campaign):
        response = act("siege_event", {"expected": 9})
    assert response.status_code == 409


def test_a_seeded_conditions_roll(campaign, user):
    entry = services.siege_roll(campaign=campaign, actor=user, rng=random.Random(11))
    seeded = random.Random(11)
    attacker, defender = seeded.randint(0, 9), seeded.randint(0, 9)
    assert (entry.result["attacker_dice"], entry.result["defender_dice"]) == (
        [attacker],
        [defender],
    )
    assert entry.result["steps"] == (attacker <= 1) + (defender <= 1)
