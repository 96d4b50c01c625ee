"""Set-up - Difficulty Level & Threat Tracker; Phases of a Turn - Increase Threat; Major
Threats: one threat per hex, the Major Threat at 19/16/13."""

import pytest

from campaigns.dawnshade.rules.errors import RuleViolation
from campaigns.dawnshade.rules.threat import (
    ThreatMove,
    major_threat_triggered,
    max_threat,
    next_move_triggers_major_threat,
    threat_after_move,
)


@pytest.mark.parametrize(("difficulty", "value"), [("easy", 19), ("normal", 16), ("hard", 13)])
def test_max_threat_by_difficulty(difficulty, value):
    assert max_threat(difficulty) == value


def test_unknown_difficulty_is_refused():
    with pytest.raises(RuleViolation, match="Easy, Normal or Hard"):
        max_threat("nightmare")


def test_each_hex_moved_adds_one_threat():
    assert threat_after_move(0, 1, 16) == ThreatMove(0, 1, 1, False)
    assert threat_after_move(4, 3, 16) == ThreatMove(4, 7, 3, False)


def test_one_below_max_threat_does_not_trigger():
    assert not threat_after_move(14, 1, 16).major_threat_triggered
    assert not major_threat_triggered(15, 16)


def test_reaching_max_threat_exactly_triggers_the_major_threat():
    move = threat_after_move(15, 1, 16)
    assert (move.threat_after, move.major_threat_triggered) == (16, True)
    assert major_threat_triggered(16, 16)
    assert threat_after_move(18, 1, 19).major_threat_triggered
    assert threat_after_move(12, 1, 13).major_threat_triggered


def test_passing_max_threat_stops_the_tracker_there():
    move = threat_after_move(14, 3, 16)
    assert (move.threat_after, move.major_threat_triggered) == (16, True)


def test_warning_when_the_next_move_triggers():
    assert next_move_triggers_major_threat(15, 16)
    assert not next_move_triggers_major_threat(14, 16)


def test_negative_or_zero_hexes_are_refused():
    with pytest.raises(RuleViolation, match="cannot be negative"):
        threat_after_move(3, -1, 16)
    with pytest.raises(RuleViolation, match="may not stay where it is"):
        threat_after_move(3, 0, 16)
    with pytest.raises(RuleViolation, match="Threat cannot be negative"):
        threat_after_move(-1, 1, 16)


def test_no_move_after_the_major_threat_is_triggered():
    with pytest.raises(RuleViolation, match="Major Threat begins now"):
        threat_after_move(16, 1, 16)
