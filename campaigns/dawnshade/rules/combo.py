"""Combo meters: flame (positive) and thorn (negative), 0 to 3, fired on a character's turn.

Source: Characters - Combo Meter; Let The Battle Begin! (ring totals are added last when an
ally's dice resolve); Reset & Return Väki (meters reset after the battle).

Reading: a character other than the one whose turn it is may fire only together with that
character, each firing a different side ("work together on Ash's turn"); at most one positive
and one negative are fired in a turn, whoever fires them.
"""

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, Literal, Self

from campaigns.dawnshade.catalog.battle import COMBO_METER_MAX
from campaigns.dawnshade.rules.errors import RuleViolation

FLAME = "flame"
THORN = "thorn"
Side = Literal["flame", "thorn"]
_POLARITY = {FLAME: "positive", THORN: "negative"}


@dataclass(frozen=True)
class ComboMeter:
    """One character's meter: how far each cube has moved toward the centre (3 = charged)."""

    flame: int = 0
    thorn: int = 0

    def __post_init__(self) -> None:
        for value in (self.flame, self.thorn):
            if not 0 <= value <= COMBO_METER_MAX:
                raise RuleViolation(f"A combo meter runs from 0 to {COMBO_METER_MAX}")

    @property
    def flame_charged(self) -> bool:
        """The positive condition is charged."""
        return self.flame == COMBO_METER_MAX

    @property
    def thorn_charged(self) -> bool:
        """The negative condition is charged."""
        return self.thorn == COMBO_METER_MAX

    def charged(self, side: Side) -> bool:
        return self.flame_charged if side == FLAME else self.thorn_charged

    def to_dict(self) -> dict[str, Any]:
        return {"flame": self.flame, "thorn": self.thorn}

    @classmethod
    def from_dict(cls, stored: Mapping[str, Any]) -> Self:
        return cls(flame=stored["flame"], thorn=stored["thorn"])


def combo_add_rings(meter: ComboMeter, *, flame_rings: int, thorn_rings: int) -> ComboMeter:
    """Move each cube one slot per ring of fire or thorns rolled, stopping at the centre
    (Combo Meter)."""
    if flame_rings < 0 or thorn_rings < 0:
        raise RuleViolation("Rings rolled cannot be negative")
    return ComboMeter(
        flame=min(COMBO_METER_MAX, meter.flame + flame_rings),
        thorn=min(COMBO_METER_MAX, meter.thorn + thorn_rings),
    )


@dataclass(frozen=True)
class CombosThisTurn:
    """Who has fired the positive (flame) and the negative (thorn) combo this turn."""

    flame_by: str | None = None
    thorn_by: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"flame_by": self.flame_by, "thorn_by": self.thorn_by}

    @classmethod
    def from_dict(cls, stored: Mapping[str, Any]) -> Self:
        return cls(flame_by=stored["flame_by"], thorn_by=stored["thorn_by"])


@dataclass(frozen=True)
class ComboActivation:
    """The meters and the turn's record after firing combos."""

    meters: Mapping[str, ComboMeter]
    this_turn: CombosThisTurn


def combo_activate(
    meters: Mapping[str, ComboMeter],
    *,
    turn_of: str,
    this_turn: CombosThisTurn = CombosThisTurn(),
    flame_by: str | None = None,
    thorn_by: str | None = None,
) -> ComboActivation:
    """Fire charged combos during ``turn_of``'s turn: at most one positive and one negative a
    turn; an ally may join in with the opposite side; a fired meter goes back to 0 (Combo
    Meter)."""
    if flame_by is None and thorn_by is None:
        raise RuleViolation("Choose which charged combo to fire")
    flame_after = this_turn.flame_by or flame_by
    thorn_after = this_turn.thorn_by or thorn_by
    updated = dict(meters)
    for side, who, already in (
        (FLAME, flame_by, this_turn.flame_by),
        (THORN, thorn_by, this_turn.thorn_by),
    ):
        if who is None:
            continue
        if already is not None:
            raise RuleViolation(
                f"A {_POLARITY[side]} combo has already been fired this turn: at most one "
                "positive and one negative a turn"
            )
        if who not in updated:
            raise RuleViolation(f"{who} has no combo meter in this battle")
        if not updated[who].charged(side):
            raise RuleViolation(f"{who}'s {side} side is not charged: it must reach 3 first")
        updated[who] = replace(updated[who], **{side: 0})
    helpers = {who for who in (flame_after, thorn_after) if who not in (None, turn_of)}
    if helpers and turn_of not in (flame_after, thorn_after):
        raise RuleViolation(
            f"An ally fires a combo on {turn_of}'s turn only together with {turn_of}'s own, "
            "the other side"
        )
    return ComboActivation(
        meters=updated, this_turn=CombosThisTurn(flame_by=flame_after, thorn_by=thorn_after)
    )


def combo_reset() -> ComboMeter:
    """Both cubes back to 0, at the start and the end of every battle (Combo Meter; Reset &
    Return Väki)."""
    return ComboMeter()
