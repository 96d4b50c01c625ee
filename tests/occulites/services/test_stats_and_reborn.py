"""Statistic changes, Defence regained and the reborn penalty (Campaign Rules - Maximum
Statistics During a Campaign; Regaining Lost Defence Points; Losing Figures in a Scenario)."""

import random

import pytest

from campaigns.occulites import services
from campaigns.occulites.rules.errors import RuleViolation
from campaigns.table.errors import ValidationError
from campaigns.table.ledger import ledger_undo
from campaigns.table.models import DrawLogEntry

DECK = {1: 20, 2: 20, 3: 20, 4: 20, 5: 14}


def test_a_stat_past_its_campaign_maximum_is_refused(plain, user, campaign, nothing_written):
    occulite = plain.occulites.first()
    with (
        nothing_written(campaign),
        pytest.raises(RuleViolation, match="Awareness can be at most 3"),
    ):
        services.occulite_stat_change(
            occulite=occulite, actor=user, stat="awareness", amount=2, reason="advance"
        )


def test_a_stat_advance_and_its_undo(plain, user, campaign):
    occulite = plain.occulites.first()
    entry = services.occulite_stat_change(
        occulite=occulite, actor=user, stat="attack", amount=1, reason="Scenario 1 advance"
    )
    occulite.refresh_from_db()
    assert occulite.attack == 5
    ledger_undo(campaign=campaign, actor=user, entry_id=entry.pk)
    occulite.refresh_from_db()
    assert occulite.attack == 4


def test_defence_is_regained_at_one_vp_a_point_up_to_its_value_before_the_scenario(
    plain, user, campaign, nothing_written
):
    services.tribe_award_vp(tribe=plain, actor=user, amount=5, reason="test")
    occulite = plain.occulites.first()
    services.occulite_stat_change(
        occulite=occulite, actor=user, stat="defence", amount=-2, reason="Dynamic Defence"
    )
    services.occulite_defence_regain(occulite=occulite, actor=user, points=1)
    occulite.refresh_from_db()
    assert occulite.defence == 3
    assert services.tribe_totals(plain)["available_spend_total"] == 4
    with nothing_written(campaign), pytest.raises(RuleViolation, match="up to 4"):
        services.occulite_defence_regain(occulite=occulite, actor=user, points=2)


def test_reborn_penalty_from_flipped_cards_lowers_the_tied_lowest_stats(plain, user, campaign):
    services.season_set_deck(campaign=campaign, actor=user, card_counts=DECK)
    occulite = plain.occulites.first()
    flipped = {
        "awareness": 4,
        "speed": 1,
        "attack": 3,
        "defence": 1,
        "health": 5,
        "ability_slot": 2,
    }
    entry, penalty = services.occulite_reborn_penalty(
        occulite=occulite, actor=user, flipped=flipped
    )
    occulite.refresh_from_db()
    assert (occulite.speed, occulite.defence) == (5, 3)
    ledger_undo(campaign=campaign, actor=user, entry_id=entry.pk)
    occulite.refresh_from_db()
    assert (occulite.speed, occulite.defence) == (6, 4)


def test_a_flipped_value_outside_the_deck_is_refused(plain, user, campaign, nothing_written):
    services.season_set_deck(campaign=campaign, actor=user, card_counts=DECK)
    flipped = {
        "awareness": 9,
        "speed": 1,
        "attack": 3,
        "defence": 2,
        "health": 5,
        "ability_slot": 2,
    }
    with nothing_written(campaign), pytest.raises(RuleViolation, match="no card in the deck"):
        services.occulite_reborn_penalty(
            occulite=plain.occulites.first(), actor=user, flipped=flipped
        )


def test_the_reborn_penalty_needs_the_groups_deck(plain, user, campaign, nothing_written):
    with nothing_written(campaign), pytest.raises(ValidationError, match="Natural Selection Deck"):
        services.occulite_reborn_penalty(
            occulite=plain.occulites.first(), actor=user, rng=random.Random(1)
        )


def test_drawn_reborn_cards_go_in_the_shared_log(plain, user, campaign):
    services.season_set_deck(campaign=campaign, actor=user, card_counts=DECK)
    services.occulite_reborn_penalty(
        occulite=plain.occulites.first(), actor=user, rng=random.Random(3)
    )
    assert (
        DrawLogEntry.objects.filter(campaign=campaign, tool="occulites.reborn_cards").count() == 1
    )


def test_a_lucky_occulite_loses_lucky_instead_of_a_stat(plain, user, campaign):
    services.season_set_deck(campaign=campaign, actor=user, card_counts=DECK)
    services.tribe_award_vp(tribe=plain, actor=user, amount=1, reason="test")
    occulite = plain.occulites.first()
    services.ability_buy(occulite=occulite, actor=user, ability_key="lucky")
    flipped = {
        "awareness": 1,
        "speed": 2,
        "attack": 3,
        "defence": 2,
        "health": 5,
        "ability_slot": 2,
    }
    services.occulite_reborn_penalty(occulite=occulite, actor=user, flipped=flipped)
    occulite.refresh_from_db()
    assert occulite.awareness == 2
    assert not occulite.abilities.filter(ability_key="lucky").exists()


def test_the_ability_slot_removes_the_chosen_learned_ability(plain, user, campaign):
    services.season_set_deck(campaign=campaign, actor=user, card_counts=DECK)
    services.tribe_award_vp(tribe=plain, actor=user, amount=1, reason="test")
    occulite = plain.occulites.first()
    services.ability_buy(occulite=occulite, actor=user, ability_key="pouch")
    flipped = {
        "awareness": 3,
        "speed": 2,
        "attack": 3,
        "defence": 2,
        "health": 5,
        "ability_slot": 1,
    }
    with pytest.raises(ValidationError, match="choose the learned ability"):
        services.occulite_reborn_penalty(occulite=occulite, actor=user, flipped=flipped)
    services.occulite_reborn_penalty(
        occulite=occulite, actor=user, flipped=flipped, ability_to_lose="pouch"
    )
    assert not occulite.abilities.filter(ability_key="pouch").exists()


def test_a_next_scenario_effect_applies_at_the_next_timeslot_only(plain, user, campaign):
    effect = services.next_scenario_effect_add(
        tribe=plain,
        actor=user,
        target="health",
        amount=-1,
        occulite=plain.occulites.first(),
        reason="killed by a Puscual (Scenario 5)",
    )
    assert effect.for_timeslot == 2
