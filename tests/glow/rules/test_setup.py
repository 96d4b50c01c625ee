"""The setup helper: one test per player count's row, and every forbidden combination
(Summary; 2-4, 5- and 6-player games; Single-player games - Setup)."""

import pytest

from campaigns.glow.rules.errors import RuleViolation
from campaigns.glow.rules.setup import setup_plan, solo_face_up_companions

ALL = ("elemental", "anibloom", "draconic")


def keys(plan):
    return [step.key for step in plan.steps]


def step(plan, key):
    return next(s for s in plan.steps if s.key == key)


def test_solo_row_without_sets():
    plan = setup_plan(1)
    assert plan.companions == 32
    assert plan.sets == () and plan.removals == ()
    assert plan.extension_side is None and plan.players_on_extension == 0
    assert "solo_removed_cards" in keys(plan) and "tom_dice" in keys(plan)
    assert "Dvol" in step(plan, "solo_removed_cards").text


def test_solo_row_with_anibloom_removes_its_envelope_cards():
    plan = setup_plan(1, ["anibloom"])
    assert plan.companions == 32
    assert plan.removals == ("anibloom",)
    assert "remove_envelope_cards" in keys(plan)


def test_solo_setup_steps_follow_the_printed_numbering_with_no_step_4():
    plan = setup_plan(1, journey_board="province_of_shadows")
    assert [s.core_step for s in plan.steps if s.core_step] == [2, 2, 2, 3, 5, 6, 6, 6, 6, 7]
    assert "no step 4" in step(plan, "no_spells").gap
    assert "tom_boats" not in keys(plan)
    assert "tom_camp" not in keys(setup_plan(1, journey_board="archipelago_of_darkness"))


def test_solo_with_hulios_builds_his_deck_from_the_fourteen():
    plan = setup_plan(1, hulios=True)
    hulios = step(plan, "hulios_solo_deck")
    assert "Xar'gok, Kaar, Cromaug" in hulios.text
    assert "marked on the cards" in hulios.gap


def test_solo_tom_special_effects_mapping_is_a_gap():
    assert "not said" in step(setup_plan(1), "tom_first_roll").gap


@pytest.mark.parametrize("sets", [["elemental"], ["draconic"], ["anibloom", "draconic"]])
def test_solo_refuses_any_set_but_anibloom(sets):
    with pytest.raises(RuleViolation, match="A solo game can add the Anibloom set only"):
        setup_plan(1, sets)


def test_solo_refuses_anibloom_without_its_removals():
    with pytest.raises(RuleViolation, match="removing the core cards on its envelope"):
        setup_plan(1, ["anibloom"], removals=())


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("sets", [(), ("draconic",), ("elemental", "anibloom"), ALL])
def test_two_to_four_row_any_sets_each_removing_its_envelope(players, sets):
    plan = setup_plan(players, sets)
    assert plan.companions == 46
    assert plan.removals == tuple(s for s in ALL if s in sets)
    assert plan.face_up_companions is None and plan.small_dice_in_game is None
    assert "core_setup" in keys(plan)


def test_two_to_four_refuses_a_set_without_its_removals():
    with pytest.raises(
        RuleViolation, match="every set added needs the core cards on its envelope removed"
    ):
        setup_plan(3, ["elemental", "draconic"], removals=["elemental"])


def test_five_players_with_two_sets_and_no_removals():
    plan = setup_plan(5, ["draconic", "elemental"])
    assert plan.sets == ("elemental", "draconic")
    assert plan.removals == ()
    assert (plan.companions, plan.face_up_companions) == (62, 7)
    assert (plan.expansion_small_dice_rolled, plan.small_dice_in_game) == (4, 13)
    assert (plan.extension_side, plan.players_on_extension) == ("five_player", 1)
    assert "keep_core_cards" in keys(plan)
    assert "other 2 small dice go back" in step(plan, "small_dice").text
    assert "player sitting closest" in step(plan, "extension_placement").text


def test_five_players_which_four_small_dice_is_an_illustration_gap():
    assert (
        "only in an illustration"
        in step(setup_plan(5, ["elemental", "anibloom"]), "small_dice").gap
    )


def test_decks_a_b_card_membership_is_a_gap():
    plan = setup_plan(5, ["elemental", "anibloom"])
    decks = step(plan, "decks")
    assert "3 of each back in the box" in decks.text and "deck A on deck B" in decks.text
    assert "marked on the cards" in decks.gap


def test_five_players_third_set_by_removing_its_eight_cards():
    plan = setup_plan(5, ALL, removals=["anibloom"])
    assert plan.companions == 62 and plan.removals == ("anibloom",)
    assert "Anibloom" in step(plan, "remove_envelope_cards").text


def test_five_players_three_sets_leaves_the_choice_of_third_to_the_players():
    plan = setup_plan(5, ALL)
    assert "remove_third_set_cards" in keys(plan)


def test_five_players_refuse_three_sets_without_removing_the_eight_cards():
    with pytest.raises(RuleViolation, match="third set goes in only by removing the 8 core cards"):
        setup_plan(5, ALL, removals=())


def test_five_players_refuse_removals_for_more_than_the_third_set():
    with pytest.raises(RuleViolation, match="only for that one set"):
        setup_plan(5, ALL, removals=["anibloom", "draconic"])


def test_five_players_refuse_removals_with_two_sets():
    with pytest.raises(RuleViolation, match="without removing the cards on their envelopes"):
        setup_plan(5, ["elemental", "anibloom"], removals=["elemental"])


@pytest.mark.parametrize("sets", [(), ("anibloom",)])
def test_five_players_refuse_fewer_than_two_sets(sets):
    with pytest.raises(RuleViolation, match="5 players use 62 companions"):
        setup_plan(5, sets)


def test_six_players_all_three_sets_without_removals():
    plan = setup_plan(6, ALL)
    assert plan.removals == ()
    assert (plan.companions, plan.face_up_companions) == (70, 8)
    assert (plan.expansion_small_dice_rolled, plan.small_dice_in_game) == (6, 15)
    assert (plan.extension_side, plan.players_on_extension) == ("six_player", 2)
    assert step(plan, "small_dice").gap is None
    assert "2 players sitting closest" in step(plan, "extension_placement").text
    assert (
        "8 sections (5 on the track, 3 on the extension)" in step(plan, "face_up_companions").text
    )


@pytest.mark.parametrize("sets", [("elemental", "anibloom"), ("draconic",), ()])
def test_six_players_refuse_fewer_than_three_sets(sets):
    with pytest.raises(RuleViolation, match="all 3 sets are added"):
        setup_plan(6, sets)


def test_six_players_refuse_removals():
    with pytest.raises(RuleViolation, match="no core cards are removed"):
        setup_plan(6, ALL, removals=["draconic"])


def test_hulios_takes_the_six_removed_companions_in_multiplayer():
    assert "hulios_deck" in keys(setup_plan(6, ALL, hulios=True))
    assert "hulios_deck" not in keys(setup_plan(6, ALL))


@pytest.mark.parametrize("players", [0, 7, -1])
def test_player_count_outside_1_to_6_is_refused(players):
    with pytest.raises(RuleViolation, match="1 to 6 players"):
        setup_plan(players)


def test_unknown_duplicate_or_unadded_sets_are_refused():
    with pytest.raises(RuleViolation, match="not one of the expansion's sets"):
        setup_plan(3, ["celestial"])
    with pytest.raises(RuleViolation, match="only once"):
        setup_plan(3, ["draconic", "draconic"])
    with pytest.raises(RuleViolation, match="Only a set that is added"):
        setup_plan(3, ["draconic"], removals=["draconic", "elemental"])


def test_journey_board_is_only_for_solo_and_must_exist():
    with pytest.raises(RuleViolation, match="not a journey board"):
        setup_plan(1, journey_board="moon")
    with pytest.raises(RuleViolation, match="Only the solo setup"):
        setup_plan(3, journey_board="province_of_shadows")


def test_plan_round_trips_as_json_values():
    stored = setup_plan(5, ALL, removals=["draconic"]).to_dict()
    assert stored["companions"] == 62 and stored["removals"] == ["draconic"]
    assert {"key", "text", "source", "core_step", "gap"} <= set(stored["steps"][0])


@pytest.mark.parametrize(("sections", "companions"), [({2, 4}, 3), ({3}, 4), ([3, 3], 4)])
def test_solo_face_up_companions_are_3_or_4(sections, companions):
    assert solo_face_up_companions(sections) == companions


def test_solo_face_up_companions_refuse_bad_sections():
    with pytest.raises(RuleViolation, match="1 or 2 sections"):
        solo_face_up_companions(set())
    with pytest.raises(RuleViolation, match="sections 1 to 5"):
        solo_face_up_companions({6})
