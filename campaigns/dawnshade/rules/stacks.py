"""Battle stacks: the chips of an ally or a foe, damage off the bottom, shields, KO.

Source: Battles - Foe Battle Stacks, Ally Battle Stacks; Battle Dice (Explode, Foe, Attack and
Defense Dice); Quest Tiles - Outpost - Foundry (Cogbot Fighters, Cogbehemoths); Let The
Battle Begin! - Reset & Return Väki.

``chips`` lists the stack from the bottom up (the character or foe chip itself sits on top
and is not listed; condition tokens are kept apart in ``conditions``). An ally's stack, top
down: HP chip 1, the Cogbot Fighter, HP chip 2, the Cogbehemoth with its shield chips under
it, the other HP chips, then the armour and Defense Dice shields at the very bottom. Without a
Fighter the Cogbehemoth goes straight under HP chip 1.

Readings:

* A Cogbot Fighter is KO'd when no HP chip is left under it, a Cogbehemoth when none of its
  own shield chips is; either way the rest of that blow is absorbed.
* With both, the stack order leaves HP chip 1, the Fighter and HP chip 2 when the
  Cogbehemoth falls, which is two HP, while the Foundry text speaks of the Fighter "and one
  HP": ``behemoth_with_fighter`` picks ``"stack_order"`` (default) or ``"one_hp"``.
* PRECISE skips every shield chip, the Cogbehemoth's too; so it never KOs a Cogbehemoth and
  goes on to the HP chips above it.
* A stack is KO'd at 0 HP chips, even with shield chips left (only PRECISE can do that).
* Armour beyond the three-shield maximum adds no shield. The maximum of 3 is read as holding
  for every stack, so a foe chip's SLD above 3 is refused (no foe chip is transcribed).
* An HP chip restored (MENDED) goes back just above the bottom shields.
"""

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, Literal, Self

from campaigns.dawnshade.catalog.battle import (
    COGBEHEMOTH_SHIELDS,
    HP_LEFT_AFTER_ABSORBING,
    MAX_COGBEHEMOTH_SHIELDS,
    MAX_SHIELDS,
    ROMAN,
)
from campaigns.dawnshade.rules.errors import RuleViolation

SHIELD = "shield"
HP = "hp"
COGBOT_FIGHTER = "cogbot_fighter"
COGBEHEMOTH = "cogbehemoth"
COGBEHEMOTH_SHIELD = "cogbehemoth_shield"
_CHIPS = (SHIELD, HP, COGBOT_FIGHTER, COGBEHEMOTH, COGBEHEMOTH_SHIELD)

ALLY = "ally"
FOE = "foe"

BehemothWithFighter = Literal["stack_order", "one_hp"]


@dataclass(frozen=True)
class HeldCondition:
    """A condition token on top of a stack. ``waits`` is how many of the holder's turn ends it
    lets pass before it resolves (see ``battle_conditions``)."""

    key: str
    waits: int = 0


@dataclass(frozen=True)
class BattleStack:
    """One ally's or foe's battle stack.

    ``key`` is the character's key or ``"foe:<ring>"``; ``hp_stat`` the HP it starts with (the
    character's HP stat, the foe chip's HP) and never goes above; ``starting_shields`` the
    shields it starts with (armour, or the foe's SLD). ``cogbot_fighter_lost`` records that
    this battle destroyed the character's Cogbot Fighter, which then leaves the campaign.
    """

    key: str
    side: str
    hp_stat: int
    starting_shields: int
    chips: tuple[str, ...]
    conditions: tuple[HeldCondition, ...] = ()
    cogbot_fighter_lost: bool = False

    def __post_init__(self) -> None:
        if self.side not in (ALLY, FOE):
            raise RuleViolation("A battle stack belongs to an ally or a foe")
        if any(chip not in _CHIPS for chip in self.chips):
            raise RuleViolation("A battle stack holds HP, shield and Cogbot chips only")
        if self.hp_stat < 1:
            raise RuleViolation("A battle stack starts with at least 1 HP")
        if self.starting_shields < 0 or self.starting_shields > MAX_SHIELDS:
            raise RuleViolation(f"A battle stack has between 0 and {MAX_SHIELDS} shields")
        if self.hp > self.hp_stat:
            raise RuleViolation(f"{self.key} cannot hold more HP than their HP stat")
        if self.shields > MAX_SHIELDS:
            raise RuleViolation(f"A battle stack holds at most {MAX_SHIELDS} shields")
        if self.cogbehemoth_shields > MAX_COGBEHEMOTH_SHIELDS:
            raise RuleViolation(f"A Cogbehemoth holds at most {MAX_COGBEHEMOTH_SHIELDS} shields")
        if self.chips.count(COGBOT_FIGHTER) > 1 or self.chips.count(COGBEHEMOTH) > 1:
            raise RuleViolation("A character has at most one Cogbot Fighter and one Cogbehemoth")
        if self.side == FOE and (COGBOT_FIGHTER in self.chips or COGBEHEMOTH in self.chips):
            raise RuleViolation("Cogbot Fighters and Cogbehemoths belong to allies")
        if self.cogbehemoth_shields and not self.has_cogbehemoth:
            raise RuleViolation("Cogbehemoth shields sit under a Cogbehemoth chip")
        keys = [held.key for held in self.conditions]
        if len(set(keys)) != len(keys):
            raise RuleViolation("The same condition cannot be on a battle stack twice")

    @property
    def hp(self) -> int:
        return self.chips.count(HP)

    @property
    def shields(self) -> int:
        """The stack's own shield chips (armour, Defense Dice), the Cogbehemoth's apart."""
        return self.chips.count(SHIELD)

    @property
    def cogbehemoth_shields(self) -> int:
        return self.chips.count(COGBEHEMOTH_SHIELD)

    @property
    def has_cogbot_fighter(self) -> bool:
        return COGBOT_FIGHTER in self.chips

    @property
    def has_cogbehemoth(self) -> bool:
        return COGBEHEMOTH in self.chips

    @property
    def knocked_out(self) -> bool:
        return self.hp == 0

    @property
    def hp_and_shields(self) -> int:
        """HP and shield chips on the stack, a Cogbehemoth's included (Victory & Defeat)."""
        return self.hp + self.shields + self.cogbehemoth_shields

    @property
    def condition_keys(self) -> tuple[str, ...]:
        return tuple(held.key for held in self.conditions)

    def to_dict(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "side": self.side,
            "hp_stat": self.hp_stat,
            "starting_shields": self.starting_shields,
            "chips": list(self.chips),
            "conditions": [[held.key, held.waits] for held in self.conditions],
            "cogbot_fighter_lost": self.cogbot_fighter_lost,
        }

    @classmethod
    def from_dict(cls, stored: Mapping[str, Any]) -> Self:
        return cls(
            key=stored["key"],
            side=stored["side"],
            hp_stat=stored["hp_stat"],
            starting_shields=stored["starting_shields"],
            chips=tuple(stored["chips"]),
            conditions=tuple(HeldCondition(key, waits) for key, waits in stored["conditions"]),
            cogbot_fighter_lost=stored["cogbot_fighter_lost"],
        )


def _insert_cogbehemoth(chips_top_down: list[str]) -> list[str]:
    """Between the 1st and 2nd HP chip under the character, or under the Cogbot Fighter;
    straight under the Fighter when no HP chip is left there (Foundry - Cogbehemoths)."""
    start = chips_top_down.index(COGBOT_FIGHTER) + 1 if COGBOT_FIGHTER in chips_top_down else 0
    first_hp = next((i for i in range(start, len(chips_top_down)) if chips_top_down[i] == HP), None)
    below = start if first_hp is None else first_hp + 1
    unit = [COGBEHEMOTH] + [COGBEHEMOTH_SHIELD] * COGBEHEMOTH_SHIELDS
    return chips_top_down[:below] + unit + chips_top_down[below:]


def ally_stack(
    *,
    character: str,
    hp_stat: int,
    armour_items: int,
    cogbot_fighter: bool = False,
    cogbehemoth: bool = False,
    conditions: tuple[str, ...] = (),
) -> BattleStack:
    """Build a character's stack: HP chips for the HP stat, one shield per armour item (at
    most 3), the Cogbot Fighter under HP chip 1 and an activated Cogbehemoth with its 3
    shields, and conditions carried in (Battles - Ally Battle Stacks; Foundry)."""
    if hp_stat < 1:
        raise RuleViolation("A character's HP stat is at least 1")
    if armour_items < 0:
        raise RuleViolation("A character cannot own a negative number of armour items")
    shields = min(armour_items, MAX_SHIELDS)
    top_down = [HP]
    if cogbot_fighter:
        top_down.append(COGBOT_FIGHTER)
    top_down += [HP] * (hp_stat - 1)
    if cogbehemoth:
        top_down = _insert_cogbehemoth(top_down)
    top_down += [SHIELD] * shields
    if len(set(conditions)) != len(conditions):
        raise RuleViolation("The same condition cannot be on a battle stack twice")
    return BattleStack(
        key=character,
        side=ALLY,
        hp_stat=hp_stat,
        starting_shields=shields,
        chips=tuple(reversed(top_down)),
        conditions=tuple(HeldCondition(key) for key in conditions),
    )


def foe_stack(*, position: int, hp: int, shields: int) -> BattleStack:
    """Build a foe's stack from the back of its chip: HP chips under the foe chip and its SLD
    shield chips under those (Battles - Foe Battle Stacks)."""
    if position not in ROMAN:
        raise RuleViolation("Foes stand on the rings numbered I to VII")
    if hp < 1:
        raise RuleViolation("A foe starts a battle with at least 1 HP")
    if shields < 0:
        raise RuleViolation("A foe cannot have a negative number of shields")
    return BattleStack(
        key=f"foe:{ROMAN[position]}",
        side=FOE,
        hp_stat=hp,
        starting_shields=shields,
        chips=(SHIELD,) * shields + (HP,) * hp,
    )


def stack_activate_cogbehemoth(stack: BattleStack) -> BattleStack:
    """Put a Cogbehemoth piece and its 3 shields into the stack mid-battle (Foundry)."""
    _check_standing(stack)
    if stack.side != ALLY:
        raise RuleViolation("Only allies pilot a Cogbehemoth")
    if stack.has_cogbehemoth:
        raise RuleViolation("Each player pilots one part of the Cogbehemoth")
    top_down = _insert_cogbehemoth(list(reversed(stack.chips)))
    return replace(stack, chips=tuple(reversed(top_down)))


@dataclass(frozen=True)
class DamageReport:
    """What a blow did to a stack: the new stack, the chips it took and what it destroyed."""

    stack: BattleStack
    hits: int
    shields_removed: int = 0
    cogbehemoth_shields_removed: int = 0
    hp_removed: int = 0
    destroyed: tuple[str, ...] = ()
    absorbed: int = 0
    evaded: bool = False

    @property
    def knocked_out(self) -> bool:
        return self.stack.knocked_out


def _check_standing(stack: BattleStack) -> None:
    if stack.knocked_out:
        raise RuleViolation(f"{stack.key} is KO'd and out of the battle")


def _device_falls(chips: list[str], ignore_shields: bool) -> str | None:
    """The Cogbot Fighter or Cogbehemoth with nothing left under it that a blow could take.

    Ordinary hits take the stack from the bottom, so a device falls once every chip under it
    is gone. PRECISE takes HP chips only: a Fighter falls when no HP chip is left under it,
    and a Cogbehemoth, which stands on shields, never falls to it.
    """
    for index, chip in enumerate(chips):
        below = chips[:index]
        if chip == COGBOT_FIGHTER and (HP not in below if ignore_shields else not below):
            return COGBOT_FIGHTER
        if chip == COGBEHEMOTH and not ignore_shields and not below:
            return COGBEHEMOTH
    return None


def stack_take_damage(
    stack: BattleStack,
    hits: int,
    *,
    ignore_shields: bool = False,
    behemoth_with_fighter: BehemothWithFighter = "stack_order",
) -> DamageReport:
    """Take ``hits`` chips off the bottom of the stack, one per hit: shields first, then HP.

    A Cogbot Fighter or Cogbehemoth whose chips under it are gone is KO'd and absorbs the rest
    of the blow, leaving the character on 1 HP (Foundry); at 0 HP the stack is KO'd (Battle
    Dice). ``ignore_shields`` is PRECISE. See the module docstring for the readings.
    """
    _check_standing(stack)
    if hits < 0:
        raise RuleViolation("Hits cannot be negative")
    chips = list(stack.chips)
    removed = {SHIELD: 0, COGBEHEMOTH_SHIELD: 0, HP: 0}
    destroyed: list[str] = []
    absorbed = 0
    remaining = hits
    while remaining:
        fallen = _device_falls(chips, ignore_shields)
        if fallen is None:
            takeable = (HP,) if ignore_shields else (SHIELD, COGBEHEMOTH_SHIELD, HP)
            index = next((i for i, chip in enumerate(chips) if chip in takeable), None)
            if index is None:
                break
            removed[chips.pop(index)] += 1
            remaining -= 1
            fallen = _device_falls(chips, ignore_shields)
        if fallen is not None:
            chips.remove(fallen)
            destroyed.append(fallen)
            absorbed = remaining
            remaining = 0
            if (
                fallen == COGBEHEMOTH
                and behemoth_with_fighter == "one_hp"
                and chips.count(HP) > HP_LEFT_AFTER_ABSORBING
            ):
                # The Foundry text's reading: the Fighter and one HP are left.
                while chips.count(HP) > HP_LEFT_AFTER_ABSORBING:
                    chips.remove(HP)
                    removed[HP] += 1
    new_stack = replace(
        stack,
        chips=tuple(chips),
        cogbot_fighter_lost=stack.cogbot_fighter_lost or COGBOT_FIGHTER in destroyed,
    )
    return DamageReport(
        stack=new_stack,
        hits=hits,
        shields_removed=removed[SHIELD],
        cogbehemoth_shields_removed=removed[COGBEHEMOTH_SHIELD],
        hp_removed=removed[HP],
        destroyed=tuple(destroyed),
        absorbed=absorbed,
    )


def stack_add_shields(stack: BattleStack, hits: int, *, cogbehemoth: bool = False) -> BattleStack:
    """Add a shield chip to the bottom of the stack per Defense Dice hit, stopping at 3; hits
    past the maximum add nothing (Battle Dice - Defense Dice). ``cogbehemoth`` adds to the
    Cogbehemoth's own shields instead, also at most 3 (Foundry; a Shield blessing)."""
    _check_standing(stack)
    if hits < 0:
        raise RuleViolation("Hits cannot be negative")
    if cogbehemoth:
        if not stack.has_cogbehemoth:
            raise RuleViolation(f"{stack.key} has no Cogbehemoth")
        room = MAX_COGBEHEMOTH_SHIELDS - stack.cogbehemoth_shields
        added = min(hits, room)
        top_down = list(reversed(stack.chips))
        under = top_down.index(COGBEHEMOTH) + 1
        top_down[under:under] = [COGBEHEMOTH_SHIELD] * added
        return replace(stack, chips=tuple(reversed(top_down)))
    added = min(hits, MAX_SHIELDS - stack.shields)
    return replace(stack, chips=(SHIELD,) * added + stack.chips)


def stack_restore_hp(stack: BattleStack, amount: int = 1) -> BattleStack:
    """Put HP chips back (MENDED), never above the HP stat (Conditions - Mountain)."""
    _check_standing(stack)
    if amount < 0:
        raise RuleViolation("HP restored cannot be negative")
    added = min(amount, stack.hp_stat - stack.hp)
    bottom_shields = 0
    while bottom_shields < len(stack.chips) and stack.chips[bottom_shields] == SHIELD:
        bottom_shields += 1
    chips = stack.chips[:bottom_shields] + (HP,) * added + stack.chips[bottom_shields:]
    return replace(stack, chips=chips)


def stack_reset(stack: BattleStack) -> BattleStack:
    """After the battle: back to the starting HP and shields, no conditions, the Cogbehemoth
    gone, the Cogbot Fighter kept unless it was KO'd (Reset & Return Väki; Foundry)."""
    if stack.side == FOE:
        return foe_stack(
            position=next(p for p, r in ROMAN.items() if stack.key == f"foe:{r}"),
            hp=stack.hp_stat,
            shields=stack.starting_shields,
        )
    # A KO'd Fighter is gone from the chips; one still there stays with the character.
    fighter = COGBOT_FIGHTER in stack.chips
    rebuilt = ally_stack(
        character=stack.key,
        hp_stat=stack.hp_stat,
        armour_items=stack.starting_shields,
        cogbot_fighter=fighter,
    )
    return replace(rebuilt, cogbot_fighter_lost=stack.cogbot_fighter_lost)
