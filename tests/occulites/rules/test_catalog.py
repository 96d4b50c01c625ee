"""The rulebook data: every printed number, and every gap marked as missing."""

import re
from dataclasses import FrozenInstanceError

import pytest

from campaigns.occulites.catalog.abilities import ABILITIES, AbilityKind, AbilityPool
from campaigns.occulites.catalog.blueprints import (
    CAMPAIGN_MAXIMUM_STATS,
    EVOLUTIONARY_ADJUSTMENT_TOTALS,
    STARTING_GENETIC_BLUEPRINT,
    StatLine,
)
from campaigns.occulites.catalog.luftles import LUFTLE_CASTES
from campaigns.occulites.catalog.scenarios import (
    SCENARIOS,
    SCENARIOS_BY_NUMBER,
    OptionKind,
    Recipient,
    ScenarioSection,
)
from campaigns.occulites.catalog.season import SEASON_TIMESLOTS, TIME_OF_THE_SEASON
from campaigns.occulites.catalog.stand_alone import TRIBE_LEVELS
from campaigns.occulites.catalog.tribe_types import TRIBE_TYPES

SNAKE_CASE = re.compile(r"^[a-z][a-z0-9_]*$")


def test_starting_genetic_blueprint_is_the_printed_one():
    # Your Tribe... Just Your Average Occulite - Genetic Blueprints: 2 6 4 4 5.
    assert STARTING_GENETIC_BLUEPRINT.stats == StatLine(2, 6, 4, 4, 5)


def test_campaign_maximum_stats_are_aw3_s8_a7_d7_h10():
    # Campaign Rules - Maximum Statistics During a Campaign.
    assert CAMPAIGN_MAXIMUM_STATS.stats == StatLine(3, 8, 7, 7, 10)


def test_evolutionary_totals_are_10_30_20_20_25():
    # Layer Three - Evolutionary Adjustments: five starting blueprints add up to these.
    assert EVOLUTIONARY_ADJUSTMENT_TOTALS.stats == StatLine(10, 30, 20, 20, 25)
    starting = STARTING_GENETIC_BLUEPRINT.stats
    assert EVOLUTIONARY_ADJUSTMENT_TOTALS.stats == StatLine(
        *(5 * starting.get(stat) for stat in ("awareness", "speed", "attack", "defence", "health"))
    )


def test_learned_ability_costs_are_the_printed_ones():
    printed = {
        # General Ability Pool: all 1 VP.
        "lightning_reflexes": 1,
        "low_centre_of_gravity": 1,
        "lucky": 1,
        "pouch": 1,
        "provoke": 1,
        "throw_stone": 1,
        "quick_hands": 1,
        # Palaudis Tribe Ability Pool.
        "leap": 1,
        "protector_of_the_luftles": 1,
        "sticky_tongue": 2,
        "intimidating_croak": 3,
        "thunder_leap": 4,
        # Hydris Tribe Ability Pool.
        "retractable_dorsal_fin": 1,
        "aquatic_charge": 1,
        "slippery_when_wet": 2,
        "rearguard": 3,
        "poison": 4,
        # Luftle Chief Ability Pool.
        "nimble": 1,
        "camouflage": 1,
        "exceptional_camouflage": 1,
        "carry_twice_the_weight": 2,
    }
    learned = {
        key: ability.vp_cost
        for key, ability in ABILITIES.items()
        if ability.kind is AbilityKind.LEARNED
    }
    assert learned == printed


def test_only_learned_abilities_have_a_cost():
    for ability in ABILITIES.values():
        assert (ability.vp_cost is not None) == (ability.kind is AbilityKind.LEARNED)


def test_prerequisites_are_leap_slippery_when_wet_and_camouflage():
    prerequisites = {
        key: ability.prerequisite for key, ability in ABILITIES.items() if ability.prerequisite
    }
    assert prerequisites == {
        "thunder_leap": "leap",
        "poison": "slippery_when_wet",
        "exceptional_camouflage": "camouflage",
    }
    for key, needed in prerequisites.items():
        assert ABILITIES[needed].pool is ABILITIES[key].pool


def test_only_intimidating_croak_is_limited_to_one_tribe_member():
    assert [key for key, a in ABILITIES.items() if a.only_one_tribe_member] == [
        "intimidating_croak"
    ]


def test_provoke_hasty_and_treacherous_are_tribe_wide():
    assert {key for key, a in ABILITIES.items() if a.tribe_wide} == {
        "provoke",
        "hasty",
        "treacherous",
    }


def test_every_situational_ability_says_how_it_goes():
    situational = [a for a in ABILITIES.values() if a.kind is AbilityKind.SITUATIONAL]
    assert {a.key for a in situational} == {
        "eagle_eyed",
        "eyebeam",
        "hasty",
        "treacherous",
        "sentry",
    }
    assert all(a.removed_by for a in situational)
    assert ABILITIES["eyebeam"].lasts_scenarios == 1
    assert ABILITIES["eyebeam"].occulites_only
    assert ABILITIES["eagle_eyed"].lost_when_killed


def test_tribe_types_bring_their_innate_abilities():
    palaudis, hydris, plain = TRIBE_TYPES["palaudis"], TRIBE_TYPES["hydris"], TRIBE_TYPES["none"]
    assert palaudis.innate_all_members == ("swampwise",)
    assert palaudis.innate_chief == ("friend_of_the_luftles", "luftle_advisor")
    assert hydris.innate_all_members == ("waterwise",)
    assert hydris.innate_chief == ("healing_mucus",)
    assert hydris.innate_netter == ("hunting_net",)
    assert plain.innate_all_members == plain.innate_chief == plain.innate_netter == ()
    assert plain.ability_pool is None
    for tribe_type in TRIBE_TYPES.values():
        innate = tribe_type.innate_all_members + tribe_type.innate_chief
        assert all(ABILITIES[key].kind is AbilityKind.INNATE for key in innate)


def test_luftle_castes_are_the_printed_ones():
    # Luftles - Luftle Caste Types: stats, cost, recruits per scenario, tribe maximum.
    printed = {
        "grunt": (StatLine(2, 7, 1, 2, 2), 2, 2, 3),
        "scout": (StatLine(2, 9, 1, 2, 2), 3, 1, 2),
        "guard": (StatLine(2, 7, 2, 3, 2), 3, 1, 2),
        "drummer": (StatLine(2, 6, 1, 2, 2), 3, 1, 1),
        "chief": (StatLine(2, 7, 3, 3, 4), 5, 1, 1),
    }
    assert {
        key: (c.stats, c.vp_cost, c.recruit_limit_per_scenario, c.tribe_maximum)
        for key, c in LUFTLE_CASTES.items()
    } == printed
    assert "drumbeat" in LUFTLE_CASTES["drummer"].abilities
    assert "surge_forth" in LUFTLE_CASTES["chief"].abilities
    assert LUFTLE_CASTES["chief"].learns_abilities
    assert LUFTLE_CASTES["chief"].tribal_tokens == 2
    for caste in LUFTLE_CASTES.values():
        assert all(ABILITIES[key].pool is AbilityPool.LUFTLE for key in caste.abilities)


def test_stand_alone_levels_give_the_printed_points():
    # Stand Alone Games: New .. Legendary.
    assert {
        key: (
            level.speed_points,
            level.attack_points,
            level.defence_points,
            level.health_points,
            level.ability_points,
        )
        for key, level in TRIBE_LEVELS.items()
    } == {
        "new": (0, 0, 0, 0, 0),
        "young": (0, 0, 0, 0, 2),
        "experienced": (3, 2, 2, 3, 5),
        "veteran": (5, 4, 4, 5, 8),
        "legendary": (7, 6, 6, 7, 11),
    }
    assert TRIBE_LEVELS["legendary"].stat_points("awareness") == 0


def test_scenario_headers_are_the_printed_ones():
    # Scenarios: number / players / Sungem cards / Event cards, asterisk after the icons.
    headers = {
        number: (s.min_players, s.max_players, s.sungem_cards, s.event_cards, s.reshuffle_asterisk)
        for number, s in SCENARIOS_BY_NUMBER.items()
    }
    assert headers == {
        1: (2, 4, 0, 0, False),
        2: (2, 4, 3, 0, False),
        3: (2, 4, 3, 3, False),
        4: (2, 2, 0, 3, False),
        5: (2, 4, 6, 0, False),
        6: (2, 4, 0, 2, True),
        7: (2, 4, 0, 6, False),
        8: (2, 2, 0, 3, False),
        9: (2, 2, 2, 4, False),
        10: (2, 4, 3, 2, True),
        11: (2, 2, 3, 2, True),
    }
    assert SCENARIOS_BY_NUMBER[1].name == "Returning from the Hunt"
    assert SCENARIOS_BY_NUMBER[11].name == "Siege at the Cave Mouth"


def test_learned_ability_allowance_follows_each_scenarios_advances():
    allowed = {n: s.learned_abilities_allowed for n, s in SCENARIOS_BY_NUMBER.items()}
    # The Hunted allows up to two; The Luftle Nest says no other advances are available.
    assert allowed == {1: 1, 2: 1, 3: 1, 4: 1, 5: 2, 6: 1, 7: 1, 8: 1, 9: 0, 10: 1, 11: 1}


def test_scenario_options_carry_the_printed_numbers():
    def option(scenario_key, option_key):
        return next(o for o in SCENARIOS[scenario_key].options if o.key == option_key)

    assert option("home_cave_raid", "sungem_carried_off").amount == 3
    assert option("home_cave_raid", "sungem_carried_off").recipient is Recipient.ATTACKER
    assert option("home_cave_raid", "sungems_stolen").kind is OptionKind.SUNGEMS_STOLEN
    assert option("tactical_strike", "chief_health_left").amount == 2
    assert option("tactical_strike", "chief_destroyed_health").amount == -2
    assert option("the_hunted", "killed_with_predator").amount == -1
    assert option("nymphlet_season", "killed_tribe_member").amount == -2
    assert option("siege_at_the_cave_mouth", "cave_held").amount == -3
    assert option("siege_at_the_cave_mouth", "cave_taken").kind is OptionKind.SUNGEM_SWAP
    assert option("the_luftle_nest", "caught_luftle_discount").amount == 1
    assert option("the_luftle_nest", "winner_free_luftle").kind is OptionKind.LUFTLE_FREE
    assert option("the_ridge", "lightning_eyebeam").target == "eyebeam"
    assert option("scavenging_for_sungems", "only_dummy_tokens").target == "hasty"
    assert option("the_podmothine", "killed_treacherous").section is ScenarioSection.PENALTY
    kill_bonus = [o for o in SCENARIOS["returning_from_the_hunt"].options if o.choice_group]
    assert [(o.target, o.amount) for o in kill_bonus] == [("attack", 1), ("defence", 2)]


def test_option_targets_name_real_statistics_and_abilities():
    stats = {"awareness", "speed", "attack", "defence", "health"}
    for scenario in SCENARIOS.values():
        keys = [option.key for option in scenario.options]
        assert len(keys) == len(set(keys)), scenario.key
        for option in scenario.options:
            assert SNAKE_CASE.match(option.key)
            assert option.source.startswith(scenario.source)
            if option.kind is OptionKind.STAT:
                assert option.target in stats
            if option.kind is OptionKind.SITUATIONAL_ABILITY:
                assert ABILITIES[option.target].kind is AbilityKind.SITUATIONAL
            if option.kind is OptionKind.VP:
                assert option.amount


def test_time_of_the_season_has_the_printed_rows_and_marks_every_gap():
    # Choosing Scenarios - Time of the Season Table: only two rows are printed.
    assert TIME_OF_THE_SEASON["returning_from_the_hunt"].encounter_numbers == (
        5, 5, 5, 5, 4, 4, 4, 3, 2, 1,
    )  # fmt: skip
    assert TIME_OF_THE_SEASON["unexpected_skirmish"].encounter_numbers == (
        5, 5, 5, 5, 5, 5, 4, 4, 3, None,
    )  # fmt: skip
    assert set(TIME_OF_THE_SEASON) == set(SCENARIOS)
    for key, row in TIME_OF_THE_SEASON.items():
        assert len(row.encounter_numbers) == SEASON_TIMESLOTS
        if key not in ("returning_from_the_hunt", "unexpected_skirmish"):
            assert row.encounter_numbers == (None,) * SEASON_TIMESLOTS


def test_every_catalogue_item_has_a_snake_case_key_and_a_source():
    items = [
        *ABILITIES.values(),
        *TRIBE_TYPES.values(),
        *LUFTLE_CASTES.values(),
        *TRIBE_LEVELS.values(),
        *SCENARIOS.values(),
        *TIME_OF_THE_SEASON.values(),
        STARTING_GENETIC_BLUEPRINT,
        CAMPAIGN_MAXIMUM_STATS,
        EVOLUTIONARY_ADJUSTMENT_TOTALS,
    ]
    for item in items:
        assert item.source
        key = getattr(item, "key", None) or item.scenario_key
        assert SNAKE_CASE.match(key), key


def test_catalogue_cannot_be_changed():
    with pytest.raises(TypeError):
        ABILITIES["lucky"] = ABILITIES["pouch"]
    with pytest.raises(FrozenInstanceError):
        LUFTLE_CASTES["grunt"].vp_cost = 1
    with pytest.raises(TypeError):
        SCENARIOS["the_ridge"].options[0] = None
