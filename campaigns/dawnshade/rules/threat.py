"""Threat: one per hex moved, and the Major Threat once it reaches the Max Threat.

Set-up - Difficulty Level & Threat Tracker; Phases of a Turn - Increase Threat; Major
Threats.

When a move would carry threat past the Max Threat, the tracker stops at the Max Threat:
play stops the moment it is reached. Where exactly the Kinship is then (the hex it reached
the Max Threat on, or the end of its move) the rulebook does not say; the app places the
Major Threat on the tile the group says the Kinship Marker is on.
"""

from dataclasses import dataclass

from campaigns.dawnshade.catalog.modes import DIFFICULTIES
from campaigns.dawnshade.rules.errors import RuleViolation

THREAT_PER_HEX = 1


def max_threat(difficulty: str) -> int:
    """The Max Threat of a difficulty level: Easy 19, Normal 16, Hard 13."""
    if difficulty not in DIFFICULTIES:
        raise RuleViolation("Difficulty is Easy, Normal or Hard")
    return DIFFICULTIES[difficulty].max_threat


def major_threat_triggered(threat: int, max_threat: int) -> bool:
    """True once threat has reached the Max Threat."""
    if threat < 0:
        raise RuleViolation("Threat cannot be negative")
    return threat >= max_threat


def next_move_triggers_major_threat(threat: int, max_threat: int) -> bool:
    """True when even a one-hex move reaches the Max Threat: the warning on the Väki Mat."""
    return major_threat_triggered(threat + THREAT_PER_HEX, max_threat)


@dataclass(frozen=True)
class ThreatMove:
    """The Threat Tracker before and after a move."""

    threat_before: int
    threat_after: int
    hexes: int
    major_threat_triggered: bool


def threat_after_move(threat: int, hexes: int, max_threat: int) -> ThreatMove:
    """Raise threat by one for each hex the Kinship moved. The Kinship always moves (it may not
    stay where it is), so a move is at least one hex; no move is made once the Major Threat
    has been triggered."""
    if threat < 0:
        raise RuleViolation("Threat cannot be negative")
    if hexes < 0:
        raise RuleViolation("Hexes moved cannot be negative")
    if hexes == 0:
        raise RuleViolation("The Kinship may not stay where it is; a move is at least one hex")
    if major_threat_triggered(threat, max_threat):
        raise RuleViolation("Threat has reached the Max Threat: the Major Threat begins now")
    raised = threat + hexes * THREAT_PER_HEX
    return ThreatMove(
        threat_before=threat,
        threat_after=min(raised, max_threat),
        hexes=hexes,
        major_threat_triggered=raised >= max_threat,
    )
