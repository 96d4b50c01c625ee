"""How a battle ends: rounds, and Foe KO / Foe Retreat / Ally Retreat / Ally KO.

Source: Battles - Round Marker; Solo Mode - Battles; Let The Battle Begin! - Victory & Defeat;
Major Threats. The XP of each outcome, per game mode, is in ``catalog.rewards``.

Readings: the retreat count is every HP and shield chip on the stacks, a Cogbehemoth's shields
included; a KO'd stack is out of the battle and counts 0, even if PRECISE left shield chips on
it. Equal counts go to the foes, as printed.
"""

from collections.abc import Sequence
from dataclasses import dataclass

from campaigns.dawnshade.catalog.battle import BATTLE_ROUNDS, SOLO_BATTLE_ROUNDS
from campaigns.dawnshade.catalog.quest_deck import (
    ALLY_KO,
    ALLY_RETREAT,
    FOE_KO,
    FOE_RETREAT,
    VICTORY_OUTCOMES,
)
from campaigns.dawnshade.rules.errors import RuleViolation
from campaigns.dawnshade.rules.stacks import ALLY, FOE, BattleStack


def battle_rounds(*, characters: int, logbook_rounds: int | None = None) -> int:
    """The round marker's starting number: 5, or 4 in solo with one character, unless the
    Logbook's Special Battle Instructions say otherwise (Round Marker; Solo Mode)."""
    if characters < 1:
        raise RuleViolation("A battle needs at least one character")
    if logbook_rounds is not None:
        if logbook_rounds < 1:
            raise RuleViolation("A battle lasts at least one round")
        return logbook_rounds
    return SOLO_BATTLE_ROUNDS if characters == 1 else BATTLE_ROUNDS


@dataclass(frozen=True)
class BattleResult:
    """The outcome key (``catalog.quest_deck``) and the two sides' HP and shield counts."""

    outcome: str
    ally_total: int
    foe_total: int

    @property
    def victory(self) -> bool:
        return self.outcome in VICTORY_OUTCOMES


def _check_sides(allies: Sequence[BattleStack], foes: Sequence[BattleStack]) -> None:
    if not allies or not foes:
        raise RuleViolation("A battle has allies and foes")
    if any(stack.side != ALLY for stack in allies) or any(stack.side != FOE for stack in foes):
        raise RuleViolation("Ally stacks and foe stacks were mixed up")


def battle_outcome(
    allies: Sequence[BattleStack],
    foes: Sequence[BattleStack],
    *,
    last_round_over: bool,
) -> BattleResult | None:
    """The outcome once the battle is decided, else None.

    Every foe KO'd: Foe KO. Every ally KO'd: Ally KO. At the end of the last round the side
    with more HP and shield chips wins: Foe Retreat when the allies have more, Ally Retreat
    otherwise, ties included (Victory & Defeat).
    """
    _check_sides(allies, foes)
    ally_total = sum(stack.hp_and_shields for stack in allies if not stack.knocked_out)
    foe_total = sum(stack.hp_and_shields for stack in foes if not stack.knocked_out)
    if all(stack.knocked_out for stack in foes):
        return BattleResult(FOE_KO, ally_total, foe_total)
    if all(stack.knocked_out for stack in allies):
        return BattleResult(ALLY_KO, ally_total, foe_total)
    if not last_round_over:
        return None
    outcome = FOE_RETREAT if ally_total > foe_total else ALLY_RETREAT
    return BattleResult(outcome, ally_total, foe_total)
