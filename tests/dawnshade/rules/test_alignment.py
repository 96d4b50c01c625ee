"""Set-up - Watchers Alignment; Let The Battle Begin! - Reset & Return Väki: status from the
six tracks, shifts and their benefits, one väki spent = +1 alignment."""

import pytest

from campaigns.dawnshade.rules.alignment import (
    AlignmentStatus,
    alignment_shift,
    alignment_status,
    reset_alignment,
    return_vaki,
    shift_benefit,
    spend_vaki_for_alignment,
    starting_alignment,
)
from campaigns.dawnshade.rules.errors import RuleViolation


def tracks(**values):
    base = dict.fromkeys(("surea", "xolot", "jarus", "brecea", "danu", "arborea"), 0)
    base.update(values)
    return base


def test_the_game_starts_balanced_at_zero():
    assert dict(starting_alignment()) == tracks()
    assert alignment_status(starting_alignment()) == AlignmentStatus("balanced")


def test_all_six_equal_is_balanced_at_any_height():
    assert alignment_status(tracks(**dict.fromkeys(tracks(), 4))).kind == "balanced"


def test_the_furthest_watcher_is_the_alignment():
    status = alignment_status(tracks(arborea=2, danu=1))
    assert status == AlignmentStatus("aligned", "arborea")
    assert status.label == "Aligned with Arborea"


def test_a_tie_for_furthest_is_unaligned():
    assert alignment_status(tracks(arborea=2, danu=2)).kind == "unaligned"
    assert alignment_status(tracks(surea=1, xolot=1, jarus=1, brecea=1, danu=1)).kind == (
        "unaligned"
    )
    assert alignment_status(tracks(surea=1, xolot=1, jarus=1, brecea=1, danu=1)).label == (
        "Unaligned"
    )


def test_tracks_must_be_six_and_not_negative():
    with pytest.raises(RuleViolation, match="six Watchers"):
        alignment_status({"surea": 1})
    with pytest.raises(RuleViolation, match="left of 0"):
        alignment_status(tracks(danu=-1))


def test_spending_nature_vaki_raises_arborea():
    # The rulebook's example: 1 Nature väki raises alignment with Arborea by 1.
    change = spend_vaki_for_alignment(tracks(), "nature")
    assert change.tracks_after["arborea"] == 1
    assert change.status_after == AlignmentStatus("aligned", "arborea")
    assert change.benefit.condition.key == "agile"


def test_shift_to_a_watcher_grants_its_positive_condition():
    expected = {
        "surea": "focused",
        "xolot": "precise",
        "jarus": "mended",
        "brecea": "airborne",
        "danu": "accurate",
        "arborea": "agile",
    }
    for watcher, condition in expected.items():
        benefit = shift_benefit(AlignmentStatus("aligned", watcher))
        assert benefit.condition.key == condition
        assert benefit.tier_i_vaki_each == 0


def test_shift_to_balanced_gives_everyone_one_tier_i_vaki():
    change = spend_vaki_for_alignment(tracks(surea=1, xolot=1, jarus=1, brecea=1, danu=1), "nature")
    assert change.status_after.kind == "balanced"
    assert change.benefit.tier_i_vaki_each == 1
    assert change.benefit.condition is None


def test_shift_to_unaligned_gives_nothing():
    change = spend_vaki_for_alignment(tracks(arborea=1), "water")
    assert change.status_after.kind == "unaligned"
    assert change.shifted and change.benefit.nothing


def test_no_change_of_status_is_no_shift():
    change = spend_vaki_for_alignment(tracks(arborea=2), "nature")
    assert change.status_before == change.status_after
    assert not change.shifted and change.benefit is None
    assert alignment_shift(AlignmentStatus("unaligned"), AlignmentStatus("unaligned")) is None


def test_shift_from_one_watcher_to_another():
    change = spend_vaki_for_alignment(tracks(arborea=2, danu=2, surea=1), "sun")
    assert change.status_before.kind == "unaligned"
    change = spend_vaki_for_alignment(tracks(arborea=2, surea=2, danu=1), "sun")
    assert change.status_before == AlignmentStatus("unaligned")
    assert change.status_after == AlignmentStatus("aligned", "surea")
    assert change.benefit.condition.key == "focused"


def test_unknown_element_is_refused():
    with pytest.raises(RuleViolation, match="no väki element"):
        spend_vaki_for_alignment(tracks(), "shadow")


def test_returning_vaki_after_battle_shifts_along_the_way():
    changes = return_vaki(tracks(), ["water", "sun", "sun"])
    kinds = [(c.status_after.kind, c.status_after.watcher) for c in changes]
    assert kinds == [("aligned", "danu"), ("unaligned", None), ("aligned", "surea")]
    assert [c.shifted for c in changes] == [True, True, True]
    assert dict(changes[-1].tracks_after) == tracks(danu=1, surea=2)


def test_reset_puts_every_cube_back_to_zero():
    assert dict(reset_alignment()) == tracks()
