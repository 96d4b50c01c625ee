"""The Sungem Season: nominations, the bag, redraws, results, the timeslot and the Long Dark
(Choosing Scenarios; Completing the Campaign)."""

import random

import pytest

from campaigns.occulites import services
from campaigns.occulites.models import ScenarioChoice
from campaigns.occulites.queries import long_dark_standings
from campaigns.occulites.rules.errors import RuleViolation
from campaigns.table.errors import ValidationError
from campaigns.table.ledger import ledger_undo
from campaigns.table.models import DrawLogEntry

HUNT = "returning_from_the_hunt"
SKIRMISH = "unexpected_skirmish"


def _play_timeslot(campaign, user, results, rng):
    """Both tribes nominate Returning from the Hunt, draw, and record their results."""
    for tribe in results:
        services.scenario_nominate(tribe=tribe, actor=user, scenario_key=HUNT)
    services.scenario_draw(campaign=campaign, actor=user, rng=rng)
    for tribe, (counts, sungems) in results.items():
        services.scenario_result_record(
            tribe=tribe, actor=user, vp_counts=counts, sungems_gained=sungems
        )


def test_the_draw_is_refused_while_a_needed_cell_is_missing(
    hydris, palaudis, user, campaign, nothing_written
):
    season = services.season_for(campaign)
    season.timeslot = 10
    season.save()
    services.scenario_nominate(tribe=hydris, actor=user, scenario_key=SKIRMISH)
    services.scenario_nominate(tribe=palaudis, actor=user, scenario_key=HUNT)
    with nothing_written(campaign), pytest.raises(RuleViolation, match="must enter one"):
        services.scenario_draw(campaign=campaign, actor=user, rng=random.Random(1))
    services.season_set_house_value(
        campaign=campaign, actor=user, scenario_key=SKIRMISH, timeslot=10, value=2
    )
    choice = services.scenario_draw(campaign=campaign, actor=user, rng=random.Random(1))
    assert choice.drawn_scenario in (SKIRMISH, HUNT)
    log = DrawLogEntry.objects.get(campaign=campaign, tool="occulites.scenario_bag")
    assert log.result["tokens"] == {f"{hydris.pk}:{SKIRMISH}": 2, f"{palaudis.pk}:{HUNT}": 1}


def test_the_draw_waits_for_every_tribe_to_nominate(hydris, palaudis, user, campaign):
    services.scenario_nominate(tribe=hydris, actor=user, scenario_key=HUNT)
    with pytest.raises(RuleViolation, match="waiting for Reed Marsh"):
        services.scenario_draw(campaign=campaign, actor=user, rng=random.Random(1))


def test_a_redraw_needs_confirmation_and_costs_one_vp_from_both_totals(
    hydris, palaudis, user, campaign
):
    services.tribe_award_vp(tribe=hydris, actor=user, amount=2, reason="test")
    services.scenario_nominate(tribe=hydris, actor=user, scenario_key=HUNT)
    services.scenario_nominate(tribe=palaudis, actor=user, scenario_key=SKIRMISH)
    services.scenario_draw(campaign=campaign, actor=user, rng=random.Random(1))
    with pytest.raises(ValidationError, match="confirm"):
        services.scenario_redraw(tribe=hydris, actor=user, confirmed=False)
    choice = services.scenario_redraw(
        tribe=hydris, actor=user, confirmed=True, rng=random.Random(2)
    )
    assert choice.redraws == 1
    assert services.tribe_totals(hydris) == {
        "total_vp": 1,
        "available_spend_total": 1,
        "sungems": 0,
    }
    assert (
        DrawLogEntry.objects.filter(campaign=campaign, tool="occulites.scenario_bag").count() == 2
    )


def test_the_timeslot_advances_only_once_every_tribe_is_recorded_and_undo_goes_back(
    hydris, palaudis, user, campaign, nothing_written
):
    for tribe in (hydris, palaudis):
        services.scenario_nominate(tribe=tribe, actor=user, scenario_key=HUNT)
    services.scenario_draw(campaign=campaign, actor=user, rng=random.Random(1))
    services.scenario_result_record(tribe=hydris, actor=user, vp_counts={"left_with_sungem": 2})
    with nothing_written(campaign), pytest.raises(RuleViolation, match="waiting for Reed Marsh"):
        services.season_advance(campaign=campaign, actor=user)
    services.scenario_result_record(tribe=palaudis, actor=user, vp_counts={})
    season = services.season_advance(campaign=campaign, actor=user)
    assert season.timeslot == 2
    entry = campaign.ledger.filter(kind="season.advance").first()
    ledger_undo(campaign=campaign, actor=user, entry_id=entry.pk)
    assert services.season_for(campaign).timeslot == 1


def test_undoing_a_first_nomination_removes_the_choice(hydris, user, campaign):
    services.scenario_nominate(tribe=hydris, actor=user, scenario_key=HUNT)
    entry = campaign.ledger.filter(kind="scenario.nominate").first()
    ledger_undo(campaign=campaign, actor=user, entry_id=entry.pk)
    assert not ScenarioChoice.objects.filter(campaign=campaign).exists()


def test_the_long_dark_comes_only_after_timeslot_ten(hydris, user, campaign, nothing_written):
    with nothing_written(campaign), pytest.raises(RuleViolation, match="after timeslot 10"):
        services.long_dark_roll(tribe=hydris, actor=user, dice=[])


def test_a_whole_season_and_the_long_dark_for_two_tribes(hydris, palaudis, user, campaign):
    """Ten timeslots of Returning from the Hunt, then the Long Dark, against a hand count.

    Deep Pool (Hydris), each timeslot: one Occulite left with a Sungem = 2 VP, 1 Sungem.
      10 x 2 = 20 VP, 10 Sungems. Spends: Lucky (1 VP) at timeslot 1.
    Reed Marsh (Palaudis), each timeslot: one with a Sungem + one without = 2 + 1 = 3 VP,
      2 Sungems. 10 x 3 = 30 VP, 20 Sungems. Spends: a Grunt at timeslot 2 (2 - 1 Friend of
      the Luftles = 1 VP); a redraw at timeslot 3 (1 VP off both totals).
    After the season: Deep Pool 20 VP / 19 to spend / 10 Sungems;
      Reed Marsh 29 VP / 28 to spend / 20 Sungems.
    The Long Dark: Deep Pool rolls 9 9 9 9 9 9 9 9 5 2 = 79 Heat, rerolls the 2 into an 8
      (1 VP off both): 85 Heat, 19 VP; bonus (85 - 75) // 2 * 2 = 10 -> final 29.
    Reed Marsh rolls twenty 4s = 80 Heat; bonus (80 - 75) // 2 * 2 = 4 -> final 33: it wins.
    """
    rng = random.Random(2024)
    deep_pool = {hydris: ({"left_with_sungem": 1}, 1)}
    reed_marsh = {palaudis: ({"left_with_sungem": 1, "left_without_sungem": 1}, 2)}
    for timeslot in range(1, 11):
        assert services.season_for(campaign).timeslot == timeslot
        for tribe in (hydris, palaudis):
            services.scenario_nominate(tribe=tribe, actor=user, scenario_key=HUNT)
        services.scenario_draw(campaign=campaign, actor=user, rng=rng)
        if timeslot == 3:
            services.scenario_redraw(tribe=palaudis, actor=user, confirmed=True, rng=rng)
        for tribe, (counts, sungems) in (deep_pool | reed_marsh).items():
            services.scenario_result_record(
                tribe=tribe, actor=user, vp_counts=counts, sungems_gained=sungems
            )
        if timeslot == 1:
            services.ability_buy(occulite=hydris.occulites.first(), actor=user, ability_key="lucky")
        if timeslot == 2:
            services.luftle_recruit(tribe=palaudis, actor=user, caste="grunt", base_letter="A")
        services.season_advance(campaign=campaign, actor=user)

    season = services.season_for(campaign)
    assert season.long_dark and season.timeslot == 10
    assert services.tribe_totals(hydris) == {
        "total_vp": 20,
        "available_spend_total": 19,
        "sungems": 10,
    }
    assert services.tribe_totals(palaudis) == {
        "total_vp": 29,
        "available_spend_total": 28,
        "sungems": 20,
    }
    with pytest.raises(RuleViolation, match="season is over"):
        services.scenario_nominate(tribe=hydris, actor=user, scenario_key=HUNT)

    services.long_dark_roll(tribe=hydris, actor=user, dice=[9, 9, 9, 9, 9, 9, 9, 9, 5, 2])
    services.long_dark_reroll(tribe=hydris, actor=user, die_index=9, value=8)
    with pytest.raises(RuleViolation, match="only once"):
        services.long_dark_reroll(tribe=hydris, actor=user, die_index=9, value=9)
    services.long_dark_roll(tribe=palaudis, actor=user, dice=[4] * 20)

    standings, winners = long_dark_standings(campaign)
    by_tribe = {standing.tribe.pk: standing.outcome for standing in standings}
    assert (by_tribe[hydris.pk].heat, by_tribe[hydris.pk].bonus_vp) == (85, 10)
    assert by_tribe[hydris.pk].final_victory_points == 29
    assert (by_tribe[palaudis.pk].heat, by_tribe[palaudis.pk].bonus_vp) == (80, 4)
    assert by_tribe[palaudis.pk].final_victory_points == 33
    assert winners == (palaudis.pk,)
    assert services.tribe_totals(hydris)["available_spend_total"] == 18
    assert DrawLogEntry.objects.filter(campaign=campaign, tool="occulites.long_dark").count() == 3
