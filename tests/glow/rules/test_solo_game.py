"""A whole solo game against Tom, played through the pure functions until his pile runs
out the second time, with his final score checked against a hand count (Single-player
games - MORNING, EVENING, End of the game, Counting Tom's points)."""

import random

import pytest

from campaigns.glow.rules.errors import ValueNeeded
from campaigns.glow.rules.scoring import Butterflies, seat_score
from campaigns.glow.rules.tom import (
    ARCHIPELAGO,
    CENTRAL_ISLAND,
    PROVINCE,
    ArchipelagoMap,
    Island,
    SeaPath,
    Village,
    VillageTrack,
    tom_end_round,
    tom_final_count,
    tom_setup,
    tom_special_footprints,
    tom_special_score,
    tom_take,
)

# The group's entries (none of these is printed in the expansion).
FACES = [(1, "+"), (2, "-"), (3, "+"), (1, "-"), (2, "+"), (3, "-"), (2, "+"), (1, "+")]
BONUSES = {1: 0, 4: 0, 6: 1, 8: 0, 9: 0, 12: 2, 14: 0, 15: 3}
VILLAGES = VillageTrack(
    tuple(
        Village(shards, cost)
        for shards, cost in (
            (3, 1),
            (5, 1),
            (8, 1),
            (12, 2),
            (15, 2),
            (18, 3),
            (21, 4),
            (25, 5),
            (30, 3),
        )
    )
)


class NoShuffle:
    """Keeps the tiles in entry order, so the hand count below can follow them."""

    def shuffle(self, items):
        pass


def test_a_whole_province_game_matches_the_hand_count():
    state = tom_setup(
        player_adventurer="hulios",
        dice_colours=("yellow", "red"),
        colour="red",
        journey_board=PROVINCE,
        tile_faces=FACES,
        rng=NoShuffle(),
    )
    state = tom_special_score(state)  # the setup roll shows the yellow special: +3
    sections = [1, 3, 5, 2, 4, 1, 3, 2]
    evening_specials = {2: tom_special_footprints, 5: tom_special_footprints, 6: tom_special_score}
    log = []
    for section in sections:
        turn = tom_take(
            state, section, rng=NoShuffle(), score_track_bonuses=BONUSES, villages=VILLAGES
        )
        log.append((turn.face.arrows, turn.band_to, turn.score_to, turn.camp_to, turn.state.deck))
        state = tom_end_round(turn.state)
        if state.finished:
            break
        if state.round - 1 in evening_specials:
            state = evening_specials[state.round - 1](state)

    # Hand count. Tiles in entry order: face up 0-4, pile 5, 6, 7.
    #   R1 s1 tile 0 (1 arrow): band 1,  score 13 + 1       = 14, camp 3
    #   R2 s3 tile 2 (3):       band 4,  score 14 + 4       = 18, camp 5   Evening: 2 footprints
    #   R3 s5 tile 4 (2):       band 6,  score 18 + 6 + 1   = 25, camp 8
    #   R4 s2 tile 1 (2):       band 8,  score 25 + 8       = 33, camp 12  pile empty: deck B
    #   R5 s4 tile 3 (1):       band 9,  score 33 + 9       = 42, camp 15  Evening: 2 footprints
    #   R6 s1 tile 5 (3):       band 12, score 42 + 12 + 2  = 56, camp 18  Evening: +3 -> 59
    #   R7 s3 tile 6 (2):       band 14, score 59 + 14      = 73, camp 21
    #   R8 s2 tile 0 (1):       band 15, score 73 + 15 + 3  = 91, camp 25  pile empty again: last
    assert log == [
        (1, 1, 14, 3, "A"),
        (3, 4, 18, 5, "A"),
        (2, 6, 25, 8, "A"),
        (2, 8, 33, 12, "B"),
        (1, 9, 42, 15, "B"),
        (3, 12, 56, 18, "B"),
        (2, 14, 73, 21, "B"),
        (1, 15, 91, 25, "B"),
    ]
    assert state.finished and state.round == 8 and state.pile_emptied == 2
    assert state.footprints == 4

    # 4 footprints: 30 costs 3, so he moves there and keeps 1. 91 + 30 + 1 = 122.
    final = tom_final_count(state, villages=VILLAGES)
    assert (final.camp_after, final.footprints_spent, final.footprints_left) == (30, 3, 1)
    assert final.final_score == 122

    # The pad compares the player with Tom.
    player = seat_score("member:1", 110, Butterflies.of({"green": 2, "red": 1}))
    assert player.total == 114 < final.final_score


@pytest.mark.parametrize("seed", range(6))
def test_every_solo_game_lasts_eight_rounds_with_deck_b_from_round_four(seed):
    rng = random.Random(seed)
    state = tom_setup(
        player_adventurer="zay_drel",
        dice_colours=("purple", "red"),
        colour="purple",
        journey_board=PROVINCE,
        tile_faces=FACES,
        rng=rng,
    )
    bonuses = dict.fromkeys(range(40), 0)
    switched_in = None
    while not state.finished:
        turn = tom_take(
            state, rng.randint(1, 5), rng=rng, score_track_bonuses=bonuses, villages=VILLAGES
        )
        if turn.deck_switched:
            switched_in = state.round
        state = tom_end_round(turn.state)
    assert state.round == 8 and switched_in == 4
    # The pile is spent, the last round's 4 tiles are discarded and one gap stays open.
    assert state.pile == () and len(state.discards) == 4 and state.face_up.count(None) == 1


def test_a_whole_archipelago_game_moves_boats_outward_and_scores_their_islands():
    archipelago = ArchipelagoMap(
        islands=(
            Island(CENTRAL_ISLAND, 0),
            Island("east", 4),
            Island("south_west", 2),
            Island("right", 3),
            Island("far_east", 7),
            Island("far_south", 6),
        ),
        paths=(
            SeaPath(CENTRAL_ISLAND, "east", 4, "4"),
            SeaPath(CENTRAL_ISLAND, "south_west", 1, "1/2"),
            SeaPath(CENTRAL_ISLAND, "right", 1, "1/2", forbidden=True),
            SeaPath("east", "far_east", 2),
            SeaPath("south_west", "far_south", 5),
        ),
    )
    state = tom_setup(
        player_adventurer="elldir",
        dice_colours=("red", "blue"),
        colour="blue",
        journey_board=ARCHIPELAGO,
        tile_faces=FACES,
        rng=NoShuffle(),
    )
    bonuses = dict.fromkeys(range(40), 0)
    # Rounds 5 and 6 find Tom's movable boats all one path from the centre: the player
    # chooses (the "choice is yours" of Choosing which boat to move).
    choices = {5: "east", 6: "east"}
    moves = []
    for round_, section in enumerate([1, 2, 3, 4, 5, 1, 2, 3], start=1):
        kwargs = {"rng": NoShuffle(), "score_track_bonuses": bonuses, "archipelago": archipelago}
        if round_ in choices:
            with pytest.raises(ValueNeeded) as asked:
                tom_take(state, section, **kwargs)
            assert asked.value.key == "boat_from"
            kwargs["boat_from"] = choices[round_]
        turn = tom_take(state, section, **kwargs)
        moves.append((turn.boat_move.start, turn.boat_move.end))
        state = tom_end_round(turn.state)
    assert state.finished
    # Hand count. Tiles taken in order: 0 (+), 1 (-), 2 (+), 3 (-), then after the
    # reshuffle 4 (+), 5 (-), 6 (+), 7 (+).
    assert moves == [
        (CENTRAL_ISLAND, "east"),
        (CENTRAL_ISLAND, "south_west"),
        (CENTRAL_ISLAND, "east"),
        (CENTRAL_ISLAND, "south_west"),
        ("east", "far_east"),
        ("east", "far_east"),
        ("south_west", "far_south"),
        ("south_west", "far_south"),
    ]
    assert state.boats == ("far_east", "far_south", "far_east", "far_south")
    # Band 1, 3, 6, 7, 9, 12, 14, 15 (no bonuses entered): 10 + 67 = 77 on the track.
    assert state.score == 77
    # Boats on far_east (7) and far_south (6), each island once: 77 + 13 = 90.
    assert tom_final_count(state, archipelago=archipelago).final_score == 90
