"""The butterfly reserve (Butterfly Tokens; The cards in detail - New effects)."""

import random

import pytest

from campaigns.glow.rules.errors import RuleViolation
from campaigns.glow.rules.reserve import (
    TOKEN_KINDS,
    ButterflyReserve,
    reserve_create,
    reserve_draw,
    reserve_end_of_noon,
    reserve_return,
    reserve_seat_butterflies,
    reserve_use_special,
)

# The group's entry: the split of the 12 specials is not printed.
SPECIALS = {"footprint": 3, "cluster": 3, "yellow_creature": 2, "cemetery": 2, "cancel_element": 2}


class Scripted:
    """A fake rng whose sample returns scripted tokens (checking they are in the pile)."""

    def __init__(self, *tokens):
        self.tokens = list(tokens)

    def sample(self, population, k):
        assert k == len(self.tokens)
        for token in self.tokens:
            assert token in population
        return self.tokens


def fresh():
    return reserve_create(SPECIALS, ["ana", "bo"])


def test_the_reserve_starts_with_48_coloured_and_12_special_tokens_face_down():
    reserve = fresh()
    assert reserve.face_down_total == 60 == reserve.tokens_total
    assert reserve.face_down[:6] == (8,) * 6
    assert sum(reserve.face_up) == 0


def test_special_counts_must_add_up_to_twelve():
    with pytest.raises(
        RuleViolation, match="12 special butterfly tokens; the counts entered add up to 11"
    ):
        reserve_create({**SPECIALS, "cemetery": 1}, ["ana"])
    with pytest.raises(RuleViolation, match="not a kind of special"):
        reserve_create({"green": 12}, ["ana"])
    with pytest.raises(RuleViolation, match="negative"):
        reserve_create({"footprint": 13, "cluster": -1}, ["ana"])
    with pytest.raises(RuleViolation, match="seated twice"):
        reserve_create(SPECIALS, ["ana", "ana"])


def test_draw_is_random_but_reproducible_and_keeps_tokens():
    first = reserve_draw(fresh(), "ana", 5, random.Random(7))
    again = reserve_draw(fresh(), "ana", 5, random.Random(7))
    assert first == again
    assert len(first.drawn) == 5
    assert first.reserve.tokens_total == 60
    assert first.reserve.face_down_total == 55


def test_drawn_butterflies_are_kept_face_up_and_follow_on_the_pad():
    draw = reserve_draw(fresh(), "ana", 3, Scripted("red", "red", "orange"))
    assert draw.kept == ("red", "red", "orange")
    pad = reserve_seat_butterflies(draw.reserve, "ana")
    assert pad.count("red") == 2 and pad.count("orange") == 1
    assert reserve_seat_butterflies(draw.reserve, "bo").counts == (0,) * 6


def test_a_surplus_past_six_of_a_colour_goes_face_up_beside_the_reserve():
    reserve = fresh()
    for _ in range(3):
        reserve = reserve_draw(reserve, "ana", 2, Scripted("green", "green")).reserve
    assert reserve.held_count("ana", "green") == 6
    draw = reserve_draw(reserve, "ana", 2, Scripted("green", "purple"))
    assert draw.surplus == ("green",) and draw.kept == ("purple",)
    assert draw.reserve.held_count("ana", "green") == 6
    assert draw.reserve.face_up[TOKEN_KINDS.index("green")] == 1


def test_on_draw_specials_act_at_once_and_go_face_up_beside_the_reserve():
    draw = reserve_draw(fresh(), "ana", 2, Scripted("footprint", "red"))
    assert draw.on_draw == ("footprint",)
    assert draw.reserve.held_count("ana", "footprint") == 0
    assert draw.reserve.face_up[TOKEN_KINDS.index("footprint")] == 1


def test_kept_specials_stay_until_played_then_go_face_up():
    draw = reserve_draw(fresh(), "ana", 1, Scripted("cemetery"))
    assert draw.kept == ("cemetery",)
    used = reserve_use_special(draw.reserve, "ana", "cemetery")
    assert used.held_count("ana", "cemetery") == 0
    assert used.face_up[TOKEN_KINDS.index("cemetery")] == 1
    with pytest.raises(RuleViolation, match="no 'Send to the cemetery' token"):
        reserve_use_special(used, "ana", "cemetery")
    with pytest.raises(RuleViolation, match="Only a special token you keep"):
        reserve_use_special(used, "ana", "footprint")


def test_return_n_of_your_choice():
    reserve = reserve_draw(fresh(), "ana", 3, Scripted("red", "orange", "purple")).reserve
    returned = reserve_return(reserve, "ana", ["orange", "purple"], expected=2)
    assert reserve_seat_butterflies(returned, "ana").as_mapping()["red"] == 1
    assert sum(returned.face_up) == 2
    with pytest.raises(RuleViolation, match="exactly 2 butterfly tokens"):
        reserve_return(reserve, "ana", ["red"], expected=2)
    with pytest.raises(RuleViolation, match="only return butterfly tokens you have"):
        reserve_return(reserve, "ana", ["green"])


def test_end_of_noon_mixes_the_face_up_tokens_back_in():
    draw = reserve_draw(fresh(), "ana", 2, Scripted("footprint", "cluster"))
    assert draw.reserve.face_down_total == 58
    mixed = reserve_end_of_noon(draw.reserve)
    assert mixed.face_down_total == 60 and sum(mixed.face_up) == 0


def test_drawing_more_than_the_reserve_holds_draws_what_is_left():
    reserve = reserve_draw(fresh(), "ana", 55, random.Random(3)).reserve
    draw = reserve_draw(reserve, "bo", 8, random.Random(3))
    assert len(draw.drawn) == 5 and draw.short_by == 3
    assert draw.reserve.face_down_total == 0
    assert draw.reserve.tokens_total == 60


def test_bad_draws_are_refused():
    with pytest.raises(RuleViolation, match="at least 1"):
        reserve_draw(fresh(), "ana", 0, random.Random(1))
    with pytest.raises(RuleViolation, match="no seat"):
        reserve_draw(fresh(), "cy", 1, random.Random(1))


def test_reserve_round_trips_as_json():
    reserve = reserve_draw(fresh(), "bo", 6, random.Random(11)).reserve
    assert ButterflyReserve.from_dict(reserve.to_dict()) == reserve
