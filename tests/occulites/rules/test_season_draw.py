"""Choosing each timeslot's scenario and scoring it (Choosing Scenarios - Choosing a
Scenario and the Time of the Season Table; Campaign Rules; Scenarios - Rewards)."""

import random
from collections import Counter

import pytest

from campaigns.occulites.rules.errors import RuleViolation
from campaigns.occulites.rules.season import (
    ScenarioNomination,
    draw_scenario,
    encounter_number,
    next_timeslot,
    scenario_bag,
    scenario_redraw,
    scenario_vp,
)


class DrawsTribe:
    """A fake rng whose draw is the first token of the given tribe."""

    def __init__(self, tribe_key):
        self.tribe_key = tribe_key

    def choice(self, tokens):
        return next(token for token in tokens if token.tribe_key == self.tribe_key)


def test_time_of_the_season_example_draws_cave_raid():
    # Choosing Scenarios, worked example: at time of season 4 Player A nominates The Ridge
    # (5 green tokens), Player B the Cave Raid (3 blue tokens); a blue token is drawn, so
    # the Cave Raid is played. The table itself prints neither row, so the example's numbers
    # come in as the group's values.
    green = ScenarioNomination("green", "the_ridge")
    blue = ScenarioNomination("blue", "home_cave_raid")
    bag = scenario_bag(
        [green, blue], timeslot=4, house_values={"the_ridge": 5, "home_cave_raid": 3}
    )
    assert Counter(token.tribe_key for token in bag.tokens) == {"green": 5, "blue": 3}
    drawn = draw_scenario(bag, DrawsTribe("blue"))
    assert drawn.scenario_key == "home_cave_raid"


def test_printed_encounter_numbers_fill_the_bag():
    hunt = ScenarioNomination("a", "returning_from_the_hunt")
    skirmish = ScenarioNomination("b", "unexpected_skirmish")
    bag = scenario_bag([hunt, skirmish], timeslot=9)
    assert bag.tokens_per_nomination == {hunt: 2, skirmish: 3}
    assert len(bag.tokens) == 5


def test_printed_value_is_used_even_when_a_house_value_is_given():
    assert encounter_number("returning_from_the_hunt", 10, house_value=5) == 1


def test_missing_cell_needs_a_house_value_before_the_draw():
    # Unexpected Skirmish has no printed tenth value.
    with pytest.raises(RuleViolation, match="no value for Unexpected Skirmish at timeslot 10"):
        encounter_number("unexpected_skirmish", 10)
    assert encounter_number("unexpected_skirmish", 10, house_value=2) == 2


def test_missing_row_needs_a_house_value():
    nominations = [ScenarioNomination("a", "the_podmothine")]
    with pytest.raises(RuleViolation, match="the group must enter one before the draw"):
        scenario_bag(nominations, timeslot=1)


def test_house_value_outside_0_to_5_is_refused():
    with pytest.raises(RuleViolation, match="between 0 and 5"):
        encounter_number("the_ridge", 3, house_value=6)
    with pytest.raises(RuleViolation, match="between 0 and 5"):
        encounter_number("the_ridge", 3, house_value=-1)


def test_timeslot_outside_the_season_is_refused():
    with pytest.raises(RuleViolation, match="timeslots 1 to 10"):
        encounter_number("returning_from_the_hunt", 11)
    with pytest.raises(RuleViolation, match="timeslots 1 to 10"):
        encounter_number("returning_from_the_hunt", 0)


def test_unknown_scenario_is_refused():
    with pytest.raises(RuleViolation, match="not a scenario"):
        encounter_number("dragon_hunt", 1)


def test_each_player_nominates_once():
    with pytest.raises(RuleViolation, match="Each player nominates one scenario"):
        scenario_bag(
            [
                ScenarioNomination("a", "returning_from_the_hunt"),
                ScenarioNomination("a", "unexpected_skirmish"),
            ],
            timeslot=1,
        )
    with pytest.raises(RuleViolation, match="at least one"):
        scenario_bag([], timeslot=1)


def test_two_players_may_nominate_the_same_scenario():
    bag = scenario_bag(
        [
            ScenarioNomination("a", "returning_from_the_hunt"),
            ScenarioNomination("b", "returning_from_the_hunt"),
        ],
        timeslot=1,
    )
    assert len(bag.tokens) == 10


def test_seeded_draw_is_reproducible_and_from_the_bag():
    bag = scenario_bag(
        [
            ScenarioNomination("a", "returning_from_the_hunt"),
            ScenarioNomination("b", "unexpected_skirmish"),
        ],
        timeslot=8,
    )
    first = draw_scenario(bag, random.Random(11))
    assert first in bag.tokens
    assert first == draw_scenario(bag, random.Random(11))


def test_draw_frequencies_follow_the_token_counts():
    bag = scenario_bag(
        [
            ScenarioNomination("a", "returning_from_the_hunt"),
            ScenarioNomination("b", "unexpected_skirmish"),
        ],
        timeslot=10,
        house_values={"unexpected_skirmish": 4},
    )
    rng = random.Random(2024)
    draws = Counter(draw_scenario(bag, rng).tribe_key for _ in range(5000))
    # 1 token against 4: about a fifth of the draws go to "a".
    assert 800 < draws["a"] < 1200


def test_empty_bag_cannot_be_drawn():
    bag = scenario_bag(
        [ScenarioNomination("a", "the_ridge")], timeslot=1, house_values={"the_ridge": 0}
    )
    with pytest.raises(RuleViolation, match="The bag is empty"):
        draw_scenario(bag, random.Random(1))


def test_redraw_costs_one_vp_from_both_totals():
    bag = scenario_bag([ScenarioNomination("a", "returning_from_the_hunt")], timeslot=1)
    redraw = scenario_redraw(bag, random.Random(5), available_spend_total=1)
    assert redraw.vp_cost == 1
    assert redraw.drawn.scenario_key == "returning_from_the_hunt"


def test_redraw_without_a_vp_to_spend_is_refused():
    bag = scenario_bag([ScenarioNomination("a", "returning_from_the_hunt")], timeslot=1)
    with pytest.raises(RuleViolation, match="A redraw costs 1 VP"):
        scenario_redraw(bag, random.Random(5), available_spend_total=0)


def test_timeslots_run_one_to_ten_then_the_long_dark():
    assert next_timeslot(1) == 2
    assert next_timeslot(9) == 10
    assert next_timeslot(10) is None
    with pytest.raises(RuleViolation):
        next_timeslot(11)


def test_home_cave_raid_attacker_scores_3_vp_a_sungem():
    # Scenario 8 - Rewards: "For each Sungem carried off the board by the Attacker, score 3".
    assert scenario_vp("home_cave_raid", {"sungem_carried_off": 2}) == 6


def test_tactical_strike_defender_scores_2_vp_per_chief_health():
    assert scenario_vp("tactical_strike", {"chief_health_left": 3}) == 6


def test_the_hunted_deaths_near_predators_cost_every_tribe():
    # Scenario 5: 3 wounds on Puscuals, 1 Occulite killed with a Predator, 2 Sungems held.
    counts = {"wound_on_predator": 3, "killed_with_predator": 1, "holding_sungem": 2}
    assert scenario_vp("the_hunted", counts) == 4


def test_nymphlet_season_kill_costs_2_vp_and_most_caught_gives_2():
    counts = {"nymphlet_caught": 4, "most_nymphlets": 1, "killed_tribe_member": 1}
    assert scenario_vp("nymphlet_season", counts) == 4


def test_siege_defended_cave_costs_the_attacker_3_vp():
    assert scenario_vp("siege_at_the_cave_mouth", {"cave_held": 1}) == -3


def test_one_off_reward_counts_at_most_once():
    with pytest.raises(RuleViolation, match="given only once"):
        scenario_vp("the_ridge", {"most_on_the_ridge": 2})


def test_negative_count_is_refused():
    with pytest.raises(RuleViolation, match="cannot be negative"):
        scenario_vp("the_ridge", {"on_the_ridge": -1})


def test_only_vp_options_of_the_scenario_are_scored():
    with pytest.raises(RuleViolation, match="no Victory Point reward 'winner_defence'"):
        scenario_vp("the_ridge", {"winner_defence": 1})
    with pytest.raises(RuleViolation, match="no Victory Point reward 'nymphlet_caught'"):
        scenario_vp("the_ridge", {"nymphlet_caught": 1})
