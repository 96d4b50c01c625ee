"""Holes found by playing a season through its pages, closed where the write happens
(issue 12): owed reborn penalties, typed reborn cards, the Learned Ability allowance, the
tribes of a season, and the Luftle Chief readings."""

import pytest

from campaigns.occulites import services
from campaigns.occulites.catalog.scenarios import SCENARIOS
from campaigns.occulites.models import Luftle, LuftleStatus
from campaigns.occulites.rules.errors import RuleViolation
from tests.occulites.results.conftest import draw_scenario

HUNT = "returning_from_the_hunt"
SKIRMISH = "unexpected_skirmish"
CARDS = {"awareness": 4, "speed": 1, "attack": 3, "defence": 1, "health": 5, "ability_slot": 2}


def _play(campaign, user, tribes, scenario=HUNT, killed=None):
    """Every tribe plays ``scenario``; ``killed`` maps a tribe to the Occulites it lost."""
    draw_scenario(campaign, user, scenario, tribes)
    for tribe in tribes:
        services.scenario_result_record(
            tribe=tribe, actor=user, vp_counts={}, occulites_killed=(killed or {}).get(tribe, [])
        )


# --- 1. the season does not move on while reborn penalties are owed -----------------------


def test_the_next_timeslot_waits_for_owed_reborn_penalties(
    campaign, user, hydris, palaudis, nothing_written
):
    """Campaign Rules - Losing Figures in a Scenario: a killed Occulite comes back weaker
    for the next scenario, so the timeslot cannot start before the penalty is taken."""
    second, third = hydris.occulites.get(position=1), hydris.occulites.get(position=2)
    _play(campaign, user, [hydris, palaudis], killed={hydris: [second, third]})
    with nothing_written(campaign), pytest.raises(RuleViolation) as refusal:
        services.season_advance(campaign=campaign, actor=user)
    assert "Deep Pool: Second, Third" in str(refusal.value)
    services.occulite_reborn_penalty(occulite=second, actor=user, flipped=CARDS)
    with pytest.raises(RuleViolation, match="Deep Pool: Third"):
        services.season_advance(campaign=campaign, actor=user)
    services.occulite_reborn_penalty(occulite=third, actor=user, flipped=CARDS)
    assert services.season_advance(campaign=campaign, actor=user).timeslot == 2


def test_an_undone_reborn_penalty_is_owed_again(campaign, user, hydris, palaudis):
    from campaigns.table.ledger import ledger_undo

    second = hydris.occulites.get(position=1)
    _play(campaign, user, [hydris, palaudis], killed={hydris: [second]})
    entry, _ = services.occulite_reborn_penalty(occulite=second, actor=user, flipped=CARDS)
    ledger_undo(campaign=campaign, actor=user, entry_id=entry.pk)
    with pytest.raises(RuleViolation, match="Deep Pool: Second"):
        services.season_advance(campaign=campaign, actor=user)


# --- 2. typed reborn cards need no deck ------------------------------------------------------


def test_typed_reborn_cards_are_taken_before_a_deck_is_set(campaign, user, hydris, palaudis):
    second = hydris.occulites.get(position=1)
    _play(campaign, user, [hydris, palaudis], killed={hydris: [second]})
    _, penalty = services.occulite_reborn_penalty(occulite=second, actor=user, flipped=CARDS)
    assert penalty.stats_lowered == ("speed", "defence")


def test_with_a_deck_set_a_typed_value_it_does_not_hold_is_refused(
    campaign, user, hydris, palaudis
):
    services.season_set_deck(campaign=campaign, actor=user, card_counts={1: 10, 2: 10, 3: 10})
    second = hydris.occulites.get(position=1)
    _play(campaign, user, [hydris, palaudis], killed={hydris: [second]})
    with pytest.raises(RuleViolation, match="Awareness card shows 4, but no card in the deck"):
        services.occulite_reborn_penalty(occulite=second, actor=user, flipped=CARDS)


# --- 3. the Learned Ability allowance holds all season ---------------------------------------


def test_abilities_bought_after_the_next_timeslot_begins_use_the_last_scenarios_allowance(
    campaign, user, hydris, palaudis
):
    """Campaign Rules - Abilities in a Campaign: the Advances of the scenario played give
    the allowance; starting the next timeslot does not open a new one."""
    assert SCENARIOS[HUNT].learned_abilities_allowed == 1
    services.tribe_award_vp(tribe=hydris, actor=user, amount=10, reason="test")
    _play(campaign, user, [hydris, palaudis])
    services.season_advance(campaign=campaign, actor=user)
    season = services.season_for(campaign)
    first, second = hydris.occulites.get(position=0), hydris.occulites.get(position=1)
    services.ability_buy(occulite=first, actor=user, ability_key="lucky")
    with pytest.raises(RuleViolation, match="1 Learned Abilit"):
        services.ability_buy(occulite=second, actor=user, ability_key="pouch")
    allowance = services.learned_allowance(hydris, season)
    assert (allowance.timeslot, allowance.allowed, allowance.bought) == (1, 1, 1)


def test_the_luftle_chief_shares_the_allowance_after_the_next_timeslot_begins(
    campaign, user, palaudis, hydris
):
    services.tribe_award_vp(tribe=palaudis, actor=user, amount=20, reason="test")
    _play(campaign, user, [hydris, palaudis])
    services.luftle_recruit(tribe=palaudis, actor=user, caste="chief", base_letter="C")
    services.season_advance(campaign=campaign, actor=user)
    services.luftle_chief_ability_buy(tribe=palaudis, actor=user, ability_key="camouflage")
    with pytest.raises(RuleViolation, match="1 Learned Abilit"):
        services.ability_buy(
            occulite=palaudis.occulites.get(position=0), actor=user, ability_key="lucky"
        )


# --- 4. the tribes of a season ------------------------------------------------------------------


def test_a_fifth_tribe_is_refused(campaign, user, hydris, palaudis, plain, nothing_written):
    services.tribe_create(campaign=campaign, actor=user, name="Fourth Pool")
    with nothing_written(campaign), pytest.raises(RuleViolation, match="at most 4 tribes"):
        services.tribe_create(campaign=campaign, actor=user, name="Fifth Pool")


def test_no_tribe_joins_once_timeslot_1_is_recorded(
    campaign, user, hydris, palaudis, nothing_written
):
    draw_scenario(campaign, user, HUNT, [hydris, palaudis])
    services.scenario_result_record(tribe=hydris, actor=user, vp_counts={})
    with nothing_written(campaign), pytest.raises(RuleViolation, match="under way"):
        services.tribe_create(campaign=campaign, actor=user, name="Late Pool")


# --- 6. the Luftle Chief readings ---------------------------------------------------------------


def test_a_palaudis_tribe_counts_as_having_a_luftle_for_its_luftle_chief(campaign, user, palaudis):
    """Palaudis - Luftle Advisor: the tribe always counts as having a Luftle."""
    services.tribe_award_vp(tribe=palaudis, actor=user, amount=10, reason="test")
    chief = services.luftle_recruit(tribe=palaudis, actor=user, caste="chief", base_letter="C")
    assert chief.status == LuftleStatus.ACTIVE


def test_the_advised_luftle_chief_stays_when_the_other_luftles_die(campaign, user, palaudis):
    services.tribe_award_vp(tribe=palaudis, actor=user, amount=10, reason="test")
    services.luftle_recruit(tribe=palaudis, actor=user, caste="grunt", base_letter="A")
    services.luftle_recruit(tribe=palaudis, actor=user, caste="chief", base_letter="C")
    services.luftle_casualties(tribe=palaudis, actor=user, base_letters=["A"])
    assert Luftle.objects.get(tribe=palaudis, base_letter="C").status == LuftleStatus.ACTIVE


def test_a_grunt_bought_in_the_same_spending_does_not_let_a_luftle_chief_join(
    campaign, user, hydris, palaudis, nothing_written
):
    """Campaign Rules - Recruiting a Luftle Chief: Luftles remaining alive at the end of
    the scenario."""
    services.tribe_award_vp(tribe=hydris, actor=user, amount=10, reason="test")
    _play(campaign, user, [hydris, palaudis])
    services.luftle_recruit(tribe=hydris, actor=user, caste="grunt", base_letter="A")
    with nothing_written(campaign), pytest.raises(RuleViolation, match="end of the scenario"):
        services.luftle_recruit(tribe=hydris, actor=user, caste="chief", base_letter="C")


def test_a_grunt_alive_at_the_end_of_the_scenario_lets_a_luftle_chief_join(
    campaign, user, hydris, palaudis
):
    services.tribe_award_vp(tribe=hydris, actor=user, amount=10, reason="test")
    services.luftle_recruit(tribe=hydris, actor=user, caste="grunt", base_letter="A")
    _play(campaign, user, [hydris, palaudis])
    chief = services.luftle_recruit(tribe=hydris, actor=user, caste="chief", base_letter="C")
    assert chief.caste == "chief"
