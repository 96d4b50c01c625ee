"""Butterfly Tokens - At the end of the game: shards per colour, the all-colours bonus,
the 38-shard example, the 0-6 cap, seats 1-6, core scores 0-999 and ties shown as ties."""

import pytest

from campaigns.glow.rules.errors import RuleViolation
from campaigns.glow.rules.scoring import (
    Butterflies,
    butterflies_step,
    butterfly_score,
    butterfly_shards_for,
    check_core_score,
    check_seat_count,
    check_seats,
    pad_score,
    ranking,
    seat_score,
    winners,
)


@pytest.mark.parametrize(
    ("count", "shards"), [(0, 0), (1, 1), (2, 3), (3, 6), (4, 10), (5, 15), (6, 21)]
)
def test_shards_by_count_of_one_colour(count, shards):
    assert butterfly_shards_for(count) == shards


def test_rulebook_example_totals_38():
    # 3 green, 2 light blue, 2 red, 2 dark blue, 2 orange, 4 purple.
    example = Butterflies.of(
        {"green": 3, "light_blue": 2, "red": 2, "dark_blue": 2, "orange": 2, "purple": 4}
    )
    score = butterfly_score(example)
    assert score.shards_by_colour == (6, 3, 3, 3, 3, 10)
    assert score.all_colours_bonus == 10
    assert score.total == 38


def test_no_bonus_with_a_colour_missing():
    score = butterfly_score(
        Butterflies.of({"green": 6, "red": 6, "orange": 6, "purple": 6, "dark_blue": 6})
    )
    assert score.all_colours_bonus == 0
    assert score.total == 5 * 21


def test_one_of_each_colour_earns_the_bonus():
    assert butterfly_score(Butterflies((1,) * 6)).total == 6 + 10


def test_maximum_butterflies_score():
    assert butterfly_score(Butterflies((6,) * 6)).total == 6 * 21 + 10


def test_a_seventh_butterfly_of_a_colour_is_refused():
    six = Butterflies.of({"red": 6})
    with pytest.raises(RuleViolation, match="at most 6 red butterflies"):
        butterflies_step(six, "red", +1)
    with pytest.raises(RuleViolation, match="at most 6"):
        Butterflies.of({"red": 7})


def test_steppers_add_and_take_one():
    one = butterflies_step(Butterflies(), "orange", +1)
    assert one.count("orange") == 1
    assert butterflies_step(one, "orange", -1) == Butterflies()
    with pytest.raises(RuleViolation, match="fewer than 0"):
        butterflies_step(Butterflies(), "orange", -1)
    with pytest.raises(RuleViolation, match="one butterfly"):
        butterflies_step(Butterflies(), "orange", 2)


def test_unknown_colour_and_wrong_shape_are_refused():
    with pytest.raises(RuleViolation, match="not one of the six"):
        Butterflies.of({"yellow": 1})
    with pytest.raises(RuleViolation, match="six colours"):
        Butterflies((1, 2))
    with pytest.raises(RuleViolation, match="Between 0 and 6"):
        butterfly_shards_for(7)


def test_butterflies_round_trip_as_json():
    butterflies = Butterflies.of({"green": 2, "purple": 5})
    assert Butterflies.from_dict(butterflies.to_dict()) == butterflies


@pytest.mark.parametrize("score", [0, 57, 999])
def test_core_score_0_to_999_is_taken_as_entered(score):
    check_core_score(score)
    assert seat_score("ana", score, Butterflies()).total == score


@pytest.mark.parametrize("score", [-1, 1000, 12.5, True])
def test_negative_or_absurd_core_scores_are_refused(score):
    with pytest.raises(RuleViolation, match="core score"):
        check_core_score(score)


def test_total_is_core_plus_butterflies_and_core_may_be_pending():
    butterflies = Butterflies((1,) * 6)
    assert seat_score("ana", 80, butterflies).total == 96
    pending = seat_score("ana", None, butterflies)
    assert not pending.core_entered and pending.total == 16


@pytest.mark.parametrize("seats", [1, 6])
def test_one_to_six_seats(seats):
    check_seat_count(seats)


@pytest.mark.parametrize("seats", [0, 7])
def test_seat_count_outside_1_to_6_is_refused(seats):
    with pytest.raises(RuleViolation, match="1 to 6 players"):
        check_seat_count(seats)


def test_a_duplicate_seat_is_refused():
    with pytest.raises(RuleViolation, match="seated twice"):
        check_seats(["member:1", "guest:Zoe", "member:1"])


def test_ranking_highest_first_with_ties_sharing_a_place():
    placings = ranking({"ana": 90, "bo": 110, "cy": 90, "di": 70})
    assert [(p.seat_key, p.place, p.tied) for p in placings] == [
        ("bo", 1, False),
        ("ana", 2, True),
        ("cy", 2, True),
        ("di", 4, False),
    ]


def test_a_tie_for_first_is_shown_as_a_tie():
    result = winners({"ana": 100, "bo": 100, "cy": 60})
    assert result.seat_keys == ("ana", "bo")
    assert result.tied and not result.picked


def test_the_group_may_pick_the_winner_of_a_tie_and_it_is_recorded():
    result = winners({"ana": 100, "bo": 100}, picked_winner="bo")
    assert result.seat_keys == ("bo",) and result.picked
    with pytest.raises(RuleViolation, match="among the tied best"):
        winners({"ana": 100, "bo": 100, "cy": 60}, picked_winner="cy")
    with pytest.raises(RuleViolation, match="no tie to break"):
        winners({"ana": 100, "bo": 90}, picked_winner="bo")


def test_pad_scores_every_seat_and_ranks_them():
    pad = pad_score(
        [
            (
                "ana",
                70,
                Butterflies.of(
                    {
                        "green": 3,
                        "light_blue": 2,
                        "red": 2,
                        "dark_blue": 2,
                        "orange": 2,
                        "purple": 4,
                    }
                ),
            ),
            ("bo", 100, Butterflies.of({"red": 2})),
            ("cy", 105, Butterflies()),
        ]
    )
    assert [line.total for line in pad.seats] == [108, 103, 105]
    assert [p.seat_key for p in pad.placings] == ["ana", "cy", "bo"]
    assert pad.winners.seat_keys == ("ana",)
    with pytest.raises(RuleViolation, match="seated twice"):
        pad_score([("ana", 1, Butterflies()), ("ana", 2, Butterflies())])


def _ranking_as_it_was(totals):
    """The ranking before it was made cheaper: each place 1 + the seats ranked above."""
    pairs = list(totals.items())
    ordered = sorted(pairs, key=lambda pair: -pair[1])
    return [
        (key, total, 1 + sum(1 for _, other in ordered[:index] if other > total))
        for index, (key, total) in enumerate(ordered)
    ]


def test_ranking_places_as_before_for_every_kind_of_tie():
    import random

    rng = random.Random(16)
    for _ in range(500):
        seats = rng.randint(1, 6)
        totals = {f"seat{n}": rng.choice([0, 5, 38, 38, 61, 200]) for n in range(seats)}
        placings = ranking(totals)
        assert [(p.seat_key, p.total, p.place) for p in placings] == _ranking_as_it_was(totals)
        for placing in placings:
            assert placing.tied == (list(totals.values()).count(placing.total) > 1)
        pad = pad_score([(key, total, Butterflies()) for key, total in totals.items()])
        assert pad.placings == placings
        assert pad.winners == winners(totals)


def test_a_wrong_count_of_a_colour_is_still_named():
    with pytest.raises(RuleViolation, match="at most 6 red"):
        Butterflies((0, 0, 7, 0, 0, 0))
    with pytest.raises(RuleViolation, match="fewer than 0"):
        Butterflies((0, 0, 0, 0, 0, -1))
    with pytest.raises(RuleViolation, match="seated twice"):
        check_seats(["a", "b", "a"])
