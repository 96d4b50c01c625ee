"""Conditions in battle: placing them on a stack, what they change, and resolving them.

Source: Let The Battle Begin! - Conditions; Battles - Battle Dice; Characters - Special
Ability; Reset & Return Väki. The condition catalogue is ``catalog.conditions``.

Readings where the text leaves a choice (each a parameter where it changes numbers):

* A condition stays until the end of its holder's *next* turn. One placed during the holder's
  own turn (a combo fired on oneself) is read to last through the end of the following turn:
  ``timing="next_turn"``; ``"this_turn"`` drops it at the end of the current one.
* IMPRECISE halves the damage of the whole attack (all dice together), rounding the result
  up: ``imprecise_rounding="damage_up"`` (3 hits -> 2). ``"reduction_up"`` reads the
  rounding as applying to the amount taken off (3 hits -> 1).
* FOCUSED and BLIND together: not covered; the table chooses.
* A second copy of a condition already held is not placed: the app refuses it, so nothing is
  recorded twice.
"""

from collections.abc import Collection
from dataclasses import dataclass, replace
from typing import Literal

from campaigns.dawnshade.catalog.conditions import CONDITIONS
from campaigns.dawnshade.rules.errors import RuleViolation
from campaigns.dawnshade.rules.stacks import (
    BattleStack,
    BehemothWithFighter,
    DamageReport,
    HeldCondition,
    stack_restore_hp,
    stack_take_damage,
)

FOCUSED = "focused"
BLIND = "blind"
PRECISE = "precise"
IMPRECISE = "imprecise"
MENDED = "mended"
SUBDUED = "subdued"
AIRBORNE = "airborne"

# MENDED's HP when it resolves (Conditions - Mountain).
MENDED_HP = 1

Timing = Literal["next_turn", "this_turn"]
ImpreciseRounding = Literal["damage_up", "reduction_up"]
FocusedAndBlind = Literal["focused", "blind"]


def condition_place(
    stack: BattleStack,
    condition: str,
    *,
    during_holders_turn: bool = False,
    timing: Timing = "next_turn",
) -> BattleStack:
    """Put a condition token on top of a stack. Different conditions may be held together;
    the same one twice may not (Conditions)."""
    if condition not in CONDITIONS:
        raise RuleViolation(f"{condition!r} is not one of the conditions")
    if stack.knocked_out:
        raise RuleViolation(f"{stack.key} is KO'd and out of the battle")
    if condition in stack.condition_keys:
        name = CONDITIONS[condition].name or "That condition"
        raise RuleViolation(
            f"{stack.key} already has {name}: the same condition does not stack on a battle stack"
        )
    waits = 1 if during_holders_turn and timing == "next_turn" else 0
    return replace(stack, conditions=(*stack.conditions, HeldCondition(condition, waits)))


@dataclass(frozen=True)
class ConditionsResolved:
    """The end of a holder's turn: the stack after, the conditions removed, the HP restored."""

    stack: BattleStack
    resolved: tuple[str, ...]
    hp_restored: int = 0


def conditions_end_turn(stack: BattleStack) -> ConditionsResolved:
    """At the end of the holder's turn its conditions resolve and come off; MENDED then puts
    back 1 HP, never above the HP stat. One placed during that same turn waits for the next
    (Conditions)."""
    kept: list[HeldCondition] = []
    resolved: list[str] = []
    for held in stack.conditions:
        if held.waits:
            kept.append(replace(held, waits=held.waits - 1))
        else:
            resolved.append(held.key)
    after = replace(stack, conditions=tuple(kept))
    hp_restored = 0
    if MENDED in resolved and not after.knocked_out:
        before_hp = after.hp
        after = stack_restore_hp(after, MENDED_HP)
        hp_restored = after.hp - before_hp
    return ConditionsResolved(stack=after, resolved=tuple(resolved), hp_restored=hp_restored)


def conditions_clear(stack: BattleStack) -> BattleStack:
    """Remove the conditions not yet resolved when the battle ends (Reset & Return Väki)."""
    return replace(stack, conditions=())


def attack_damage(
    hits: int,
    attacker_conditions: Collection[str] = (),
    *,
    imprecise_rounding: ImpreciseRounding = "damage_up",
) -> int:
    """The damage an attack deals: the hits rolled, halved by IMPRECISE (Conditions - Fire)."""
    if hits < 0:
        raise RuleViolation("Hits cannot be negative")
    if IMPRECISE not in attacker_conditions:
        return hits
    if imprecise_rounding == "damage_up":
        return (hits + 1) // 2
    return hits - (hits + 1) // 2


def attack_ignores_shields(attacker_conditions: Collection[str]) -> bool:
    """PRECISE: the attack goes straight to HP chips (Conditions - Fire)."""
    return PRECISE in attacker_conditions


def may_roll_attack_dice(conditions: Collection[str]) -> bool:
    """SUBDUED: no Attack dice at all (Conditions - Mountain)."""
    return SUBDUED not in conditions


def needs_evade_roll(target_conditions: Collection[str]) -> bool:
    """AIRBORNE: roll the Dawnshade Dice when attacked (Conditions - Air)."""
    return AIRBORNE in target_conditions


def special_ability_triggers(
    conditions: Collection[str],
    *,
    special_symbols_rolled: int,
    focused_and_blind: FocusedAndBlind | None = None,
) -> bool:
    """Whether the special ability fires this turn: once however many Special Symbols were
    rolled (Characters - Special Ability); always with FOCUSED, never with BLIND (Conditions -
    Sun). With both, the table's ``focused_and_blind`` choice decides."""
    if special_symbols_rolled < 0:
        raise RuleViolation("Special Symbols rolled cannot be negative")
    focused, blind = FOCUSED in conditions, BLIND in conditions
    if focused and blind:
        if focused_and_blind is None:
            raise RuleViolation(
                "FOCUSED and BLIND are both on this stack and the rulebook does not say which "
                "wins: the table must choose"
            )
        return focused_and_blind == "focused"
    if focused:
        return True
    if blind:
        return False
    return special_symbols_rolled > 0


def ally_target_method(ally_conditions: Collection[str]) -> str:
    """``"choose"`` a target, or ``"flip_chip"`` when BLIND: the nearest foe stack to the
    flipped character chip is the target (Conditions - Sun)."""
    return "flip_chip" if BLIND in ally_conditions else "choose"


def foe_target_method(foe_conditions: Collection[str]) -> str:
    """``"target_deck"``, or ``"flip_chip"`` when the foe is BLIND: the Active Player flips the
    foe chip and the nearest ally stack is the target (Conditions - Sun)."""
    return "flip_chip" if BLIND in foe_conditions else "target_deck"


def attack_resolve(
    target: BattleStack,
    hits: int,
    *,
    attacker_conditions: Collection[str] = (),
    evade_succeeded: bool | None = None,
    imprecise_rounding: ImpreciseRounding = "damage_up",
    behemoth_with_fighter: BehemothWithFighter = "stack_order",
) -> DamageReport:
    """Apply an attack's hits to its target through the conditions in play: an AIRBORNE
    target that evades takes nothing, IMPRECISE halves, PRECISE skips shields (Conditions)."""
    if target.knocked_out:
        raise RuleViolation(f"{target.key} is KO'd and out of the battle")
    if needs_evade_roll(target.condition_keys):
        if evade_succeeded is None:
            raise RuleViolation(
                f"{target.key} is AIRBORNE: roll the Dawnshade Dice to see if it evades"
            )
        if evade_succeeded:
            return DamageReport(stack=target, hits=hits, evaded=True)
    damage = attack_damage(hits, attacker_conditions, imprecise_rounding=imprecise_rounding)
    return stack_take_damage(
        target,
        damage,
        ignore_shields=attack_ignores_shields(attacker_conditions),
        behemoth_with_fighter=behemoth_with_fighter,
    )
