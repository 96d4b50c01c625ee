"""Tom, the solo opponent (Single-player games): setup, his tiles, camp and boats, the
pile and decks, the Evening specials and his final count, with the rulebook's examples."""

import random
from dataclasses import replace

import pytest

from campaigns.glow.rules.errors import RuleViolation, ValueNeeded
from campaigns.glow.rules.tom import (
    ARCHIPELAGO,
    CENTRAL_ISLAND,
    PROVINCE,
    ArchipelagoMap,
    Island,
    SeaPath,
    TileFace,
    TomState,
    Village,
    VillageTrack,
    tom_end_round,
    tom_final_count,
    tom_setup,
    tom_special_footprints,
    tom_special_score,
    tom_take,
    tom_tile_faces,
)

FACES = [(1, "+"), (2, "-"), (3, "+"), (1, "-"), (2, "+"), (3, "-"), (2, "+"), (1, "+")]
# Group input: the score track's printed bonuses are not in our source.
BONUSES = dict.fromkeys(range(0, 40), 0) | {6: 1}
VILLAGES = VillageTrack(
    (Village(3, 1), Village(5, 1), Village(8, 1), Village(12, 2), Village(15, 2), Village(20, 4))
)
# An archipelago as a group might enter it: from the centre, the "+" example's path worth
# 4, the "-" example's 1/2 path at the bottom left, and the forbidden 1/2 path on the right.
ARCHIPELAGO_MAP = ArchipelagoMap(
    islands=(
        Island(CENTRAL_ISLAND, 0),
        Island("east", 4),
        Island("south_west", 2),
        Island("right", 3),
        Island("north", 3),
        Island("far_east", 7),
        Island("far_south", 6),
        Island("far_north", 5),
        Island("far_north_2", 5),
    ),
    paths=(
        SeaPath(CENTRAL_ISLAND, "east", 4, "4"),
        SeaPath(CENTRAL_ISLAND, "south_west", 1, "1/2"),
        SeaPath(CENTRAL_ISLAND, "right", 1, "1/2", forbidden=True),
        SeaPath(CENTRAL_ISLAND, "north", 3, "3"),
        SeaPath("east", "far_east", 2),
        SeaPath("south_west", "far_south", 5),
        SeaPath("north", "far_north", 1),
        SeaPath("north", "far_north_2", 1),
    ),
)


class NoShuffle:
    """A fake rng that leaves the tiles in the order they were entered."""

    def shuffle(self, items):
        pass


def setup(journey_board=PROVINCE, dice=("yellow", "red"), rng=None, **extra):
    return tom_setup(
        player_adventurer="elldir",
        dice_colours=dice,
        colour=dice[1],
        journey_board=journey_board,
        tile_faces=FACES,
        rng=rng or NoShuffle(),
        **extra,
    )


def take(state, section, **extra):
    extra.setdefault("villages", VILLAGES if state.journey_board == PROVINCE else None)
    extra.setdefault("archipelago", ARCHIPELAGO_MAP if state.journey_board == ARCHIPELAGO else None)
    extra.setdefault("score_track_bonuses", BONUSES)
    return tom_take(state, section, rng=NoShuffle(), **extra)


# --- Setup ---------------------------------------------------------------------------


def test_setup_score_on_10_band_on_0_camp_on_start():
    state = setup()
    assert (state.score, state.band, state.footprints) == (10, 0, 0)
    assert state.camp is None and state.boats == ()
    assert state.colour == "red" and state.dice_colours == ("yellow", "red")
    assert state.deck == "A" and state.round == 1


def test_setup_on_the_archipelago_puts_four_boats_on_the_central_island():
    assert setup(ARCHIPELAGO).boats == (CENTRAL_ISLAND,) * 4


def test_setup_shuffles_tiles_five_face_up_three_in_the_pile():
    state = setup(rng=random.Random(5))
    assert len(state.face_up) == 5 and len(state.pile) == 3
    assert sorted(state.face_up + state.pile) == list(range(8))
    assert state == setup(rng=random.Random(5))


def test_tom_needs_two_different_colours():
    with pytest.raises(RuleViolation, match="different colours"):
        setup(dice=("red", "red"))
    with pytest.raises(RuleViolation, match="2 large dice"):
        tom_setup(
            player_adventurer="elldir",
            dice_colours=("red",),
            colour="red",
            journey_board=PROVINCE,
            tile_faces=FACES,
            rng=NoShuffle(),
        )


def test_tom_cannot_have_yellow_with_purple():
    with pytest.raises(RuleViolation, match="yellow and the purple dice together"):
        setup(dice=("yellow", "purple"))
    with pytest.raises(RuleViolation, match="yellow and the purple dice together"):
        setup(dice=("purple", "yellow"))


@pytest.mark.parametrize("colour", ["apple_green", "white", "black", "pink"])
def test_tom_cannot_use_the_expansion_adventurers_dice(colour):
    with pytest.raises(RuleViolation, match="expansion's adventurers"):
        setup(dice=("red", colour))


def test_tom_cannot_use_the_players_adventurer_colours():
    with pytest.raises(RuleViolation, match="core adventurers you did not choose"):
        tom_setup(
            player_adventurer="Core hero",
            player_colours=("red",),
            dice_colours=("red", "blue"),
            colour="blue",
            journey_board=PROVINCE,
            tile_faces=FACES,
            rng=NoShuffle(),
        )


def test_toms_colour_is_one_of_his_dice_and_the_board_must_exist():
    with pytest.raises(RuleViolation, match="one of his two dice colours"):
        tom_setup(
            player_adventurer="elldir",
            dice_colours=("yellow", "red"),
            colour="blue",
            journey_board=PROVINCE,
            tile_faces=FACES,
            rng=NoShuffle(),
        )
    with pytest.raises(RuleViolation, match="not a journey board"):
        setup(journey_board="moon")


@pytest.mark.parametrize(("arrows", "side"), [(0, "+"), (4, "-"), (2, "x")])
def test_a_tile_face_outside_1_to_3_arrows_or_plus_minus_is_refused(arrows, side):
    with pytest.raises(RuleViolation, match='1, 2 or 3 arrows|"\\+" or "-"'):
        TileFace(arrows, side)


def test_all_eight_tile_faces_are_entered():
    assert len(tom_tile_faces(FACES)) == 8
    with pytest.raises(RuleViolation, match="8 tiles"):
        tom_tile_faces(FACES[:7])


# --- Morning: Tom's tile -----------------------------------------------------------------


def test_rulebook_example_band_4_two_arrows_bonus_1_score_17_to_24():
    # Band on 4, tile with 2 arrows: band to 6, score 17 + 6 = 23, then +1 printed by 6.
    state = replace(setup(), band=4, score=17)
    state = replace(state, face_up=(1,) + state.face_up[1:])  # tile 1 shows 2 arrows
    turn = take(state, 1, score_track_bonuses={6: 1})
    assert (turn.band_from, turn.band_to) == (4, 6)
    assert (turn.score_from, turn.score_to, turn.track_bonus) == (17, 24, 1)


def test_an_unknown_score_track_bonus_is_asked_for_once():
    state = setup()
    with pytest.raises(ValueNeeded, match="beside space 1") as asked:
        tom_take(state, 1, rng=NoShuffle(), score_track_bonuses={}, villages=VILLAGES)
    assert asked.value.key == "score_track_bonus:1"
    turn = tom_take(state, 1, rng=NoShuffle(), score_track_bonuses={1: 0}, villages=VILLAGES)
    assert turn.score_to == 11
    with pytest.raises(RuleViolation, match="never back"):
        tom_take(state, 1, rng=NoShuffle(), score_track_bonuses={1: -1}, villages=VILLAGES)


def test_camp_moves_to_the_next_higher_village_each_round():
    state = setup()
    camps = []
    for _ in range(3):
        turn = take(state, 1)
        camps.append(turn.camp_to)
        state = tom_end_round(turn.state)
    assert camps == [3, 5, 8]


def test_camp_stays_on_the_best_village():
    state = replace(setup(), camp=20)
    assert take(state, 1).camp_to == 20


def test_the_board_values_are_asked_for_when_missing():
    with pytest.raises(ValueNeeded) as asked:
        take(setup(), 1, villages=None)
    assert asked.value.key == "villages"
    with pytest.raises(ValueNeeded) as asked:
        take(setup(ARCHIPELAGO), 1, archipelago=None)
    assert asked.value.key == "archipelago"


def test_the_tile_is_discarded_and_the_gap_filled():
    turn = take(setup(), 3)
    assert turn.state.discards == (2,)
    assert turn.state.face_up == (0, 1, 5, 3, 4)
    assert turn.state.pile == (6, 7)


def test_a_section_already_taken_this_round_is_refused():
    state = take(setup(), 2).state
    with pytest.raises(RuleViolation, match="already took section 2 this round"):
        take(state, 4)


@pytest.mark.parametrize("section", [0, 6])
def test_a_section_off_the_meeting_track_is_refused(section):
    with pytest.raises(RuleViolation, match="sections 1 to 5"):
        take(setup(), section)


def test_the_evening_needs_the_mornings_take_first():
    with pytest.raises(RuleViolation, match="before the Evening"):
        tom_end_round(setup())


def test_pile_empty_reshuffles_four_discards_and_switches_to_deck_b():
    state = setup()
    for _ in range(3):
        turn = take(state, 1)
        assert not turn.reshuffled
        state = tom_end_round(turn.state)
    turn = take(state, 1)
    assert turn.reshuffled and turn.deck_switched
    assert turn.state.deck == "B" and turn.state.pile_emptied == 1
    assert len(turn.state.pile) == 3 and turn.state.discards == ()
    assert None not in turn.state.face_up


def test_second_emptying_makes_the_round_the_last_and_no_tile_is_placed():
    state = setup()
    for _ in range(7):
        state = tom_end_round(take(state, 1).state)
    turn = take(state, 1)
    assert turn.last_round_now and turn.state.last_round
    assert turn.state.face_up[0] is None
    finished = tom_end_round(turn.state)
    assert finished.finished and finished.round == 8
    with pytest.raises(RuleViolation, match="game is over"):
        take(finished, 2)
    with pytest.raises(RuleViolation, match="game is over"):
        tom_end_round(finished)


# --- Boats on the Archipelago -----------------------------------------------------------


def test_plus_tile_takes_the_highest_path_from_the_central_island():
    state = replace(setup(ARCHIPELAGO), face_up=(0, 1, 2, 3, 4))  # tile 0 is "+"
    move = take(state, 1).boat_move
    assert (move.start, move.end, move.path_value) == (CENTRAL_ISLAND, "east", 4)


def test_minus_tile_takes_the_lowest_open_path_never_the_forbidden_one():
    move = take(setup(ARCHIPELAGO), 2).boat_move  # tile 1 is "-"
    assert (move.start, move.end) == (CENTRAL_ISLAND, "south_west")


def test_a_boat_on_the_central_island_moves_first():
    state = replace(setup(ARCHIPELAGO), boats=("east", "north", CENTRAL_ISLAND, "far_south"))
    move = take(state, 1).boat_move
    assert (move.boat, move.start) == (2, CENTRAL_ISLAND)


def test_otherwise_the_boat_closest_to_the_central_island_moves():
    state = replace(setup(ARCHIPELAGO), boats=("far_east", "north", "far_south", "far_north"))
    move = take(state, 1, boat_to="far_north_2").boat_move
    assert (move.boat, move.start, move.end) == (1, "north", "far_north_2")


def test_equally_close_boats_are_the_players_choice():
    state = replace(setup(ARCHIPELAGO), boats=("east", "north", "far_east", "far_east"))
    with pytest.raises(ValueNeeded, match="east, north; the choice is yours") as asked:
        take(state, 1)
    assert asked.value.key == "boat_from"
    move = take(state, 1, boat_from="east").boat_move
    assert (move.start, move.end) == ("east", "far_east")
    with pytest.raises(RuleViolation, match="central island first, otherwise the one closest"):
        take(state, 1, boat_from="far_east")


def test_equal_paths_are_the_players_choice():
    state = replace(setup(ARCHIPELAGO), boats=("north", "far_east", "far_east", "far_south"))
    with pytest.raises(ValueNeeded) as asked:
        take(state, 1)
    assert asked.value.key == "boat_to"
    assert take(state, 1, boat_to="far_north_2").state.boats[0] == "far_north_2"
    with pytest.raises(RuleViolation, match="highest value"):
        take(state, 1, boat_to="east")


def test_boats_that_went_as_far_as_they_can_do_not_move():
    boats = ("far_east", "far_south", "far_north", "far_north_2")
    turn = take(replace(setup(ARCHIPELAGO), boats=boats), 1)
    assert turn.boat_move is None and turn.state.boats == boats


def test_a_map_must_be_whole():
    with pytest.raises(RuleViolation, match="central island included"):
        ArchipelagoMap(islands=(Island("east", 1),), paths=())
    with pytest.raises(RuleViolation, match="reachable"):
        ArchipelagoMap(islands=(Island(CENTRAL_ISLAND, 0), Island("east", 1)), paths=())
    with pytest.raises(RuleViolation, match="two different islands"):
        ArchipelagoMap(
            islands=(Island(CENTRAL_ISLAND, 0),), paths=(SeaPath(CENTRAL_ISLAND, "x", 1),)
        )
    assert ArchipelagoMap.from_dict(ARCHIPELAGO_MAP.to_dict()) == ARCHIPELAGO_MAP


def test_villages_are_entered_once_in_rising_order():
    with pytest.raises(RuleViolation, match="from the lowest value up"):
        VillageTrack((Village(5, 1), Village(3, 1)))
    with pytest.raises(RuleViolation, match="Enter the journey board's villages"):
        VillageTrack(())
    with pytest.raises(RuleViolation, match="at least 1 shard"):
        Village(0, 1)
    assert VillageTrack.from_dict(VILLAGES.to_dict()) == VILLAGES


# --- Evening specials ----------------------------------------------------------------------


def test_special_side_moves_the_score_3_or_gives_2_footprints():
    assert tom_special_score(setup()).score == 13
    assert tom_special_footprints(setup()).footprints == 2


def test_one_special_per_roll_at_setup_or_in_the_evening():
    state = tom_special_score(setup())
    with pytest.raises(RuleViolation, match="once per roll"):
        tom_special_footprints(state)
    state = take(state, 1).state
    with pytest.raises(RuleViolation, match="only when his dice are rolled"):
        tom_special_score(state)
    assert tom_special_footprints(tom_end_round(state)).footprints == 2


def test_specials_need_tom_to_have_the_yellow_or_purple_die():
    with pytest.raises(RuleViolation, match="yellow or purple"):
        tom_special_score(setup(dice=("red", "blue")))
    assert tom_special_score(setup(dice=("purple", "red"))).score == 13


def test_the_last_evening_rolls_only_if_the_group_says_so():
    state = setup()
    for _ in range(8):
        state = take(state, 1).state
        if not state.last_round:
            state = tom_end_round(state)
    with pytest.raises(RuleViolation, match="only when his dice are rolled"):
        tom_special_score(tom_end_round(state))
    assert tom_special_score(tom_end_round(state, roll_final_evening=True)).score == state.score + 3


# --- Counting Tom's points ---------------------------------------------------------------


def finished(state, **changes):
    return replace(state, finished=True, last_round=True, **changes)


def test_rulebook_example_camp_12_three_footprints_two_spent_to_reach_15_scores_16():
    state = finished(setup(), camp=12, footprints=3, score=50)
    final = tom_final_count(state, villages=VILLAGES)
    assert (final.camp_after, final.footprints_spent, final.footprints_left) == (15, 2, 1)
    assert final.final_score - state.score == 16


def test_footprints_go_to_the_best_village_affordable():
    state = finished(setup(), camp=5, footprints=4, score=40)
    final = tom_final_count(state, villages=VILLAGES)
    # 20 costs 4 and is the best he can pay for; nothing left over.
    assert (final.camp_after, final.footprints_left, final.final_score) == (20, 0, 60)


def test_paying_every_village_on_the_way_is_a_group_setting():
    state = finished(setup(), camp=5, footprints=4, score=40)
    final = tom_final_count(state, villages=VILLAGES, pay_each_village=True)
    # 8 (1) + 12 (2) = 3 spent; 15 would cost 2 more.
    assert (final.camp_after, final.footprints_spent, final.footprints_left) == (12, 3, 1)
    assert final.final_score == 40 + 12 + 1


def test_without_footprints_tom_scores_his_village():
    final = tom_final_count(finished(setup(), camp=8, score=30), villages=VILLAGES)
    assert (final.camp_after, final.final_score) == (8, 38)


def test_on_the_archipelago_tom_scores_the_islands_his_boats_are_on():
    boats = ("far_east", "far_east", "south_west", "north")
    state = finished(setup(ARCHIPELAGO), boats=boats, footprints=2, score=40)
    assert tom_final_count(state, archipelago=ARCHIPELAGO_MAP).final_score == 40 + 7 + 2 + 3 + 2
    per_boat = tom_final_count(state, archipelago=ARCHIPELAGO_MAP, each_boat_scores=True)
    assert per_boat.final_score == 40 + 7 + 7 + 2 + 3 + 2


def test_tom_is_counted_only_after_the_last_round():
    with pytest.raises(RuleViolation, match="run out a second time"):
        tom_final_count(setup(), villages=VILLAGES)


def test_state_round_trips_as_json():
    state = take(setup(ARCHIPELAGO, rng=random.Random(2)), 4).state
    assert TomState.from_dict(state.to_dict()) == state
    last = setup()
    for _ in range(8):
        last = take(last, 1).state
        last = tom_end_round(last) if not last.last_round else last
    assert TomState.from_dict(last.to_dict()) == last
