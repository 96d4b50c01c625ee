"""The väki pool on the Väki Mat and the väki a character holds: starting pool, drawing,
combining two Tier I into a Tier II, and splitting back.

Set-up - Väki Pool; Let The Battle Begin! - Reset & Return Väki.

The set-up places "two Tier I chips per player and one Tier II chip per player on their
element"; read literally, each Tier I element's space gets two chips per player and each
Tier II space one, since two chips cannot be shared out evenly across three elements.
"""

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from campaigns.dawnshade.catalog.vaki import (
    COMBINATIONS,
    ELEMENTS,
    STARTING_TIER_I_PER_PLAYER,
    STARTING_TIER_II_PER_PLAYER,
    TIER_I,
)
from campaigns.dawnshade.rules.errors import RuleViolation


def _check_element(element: str) -> None:
    if element not in ELEMENTS:
        raise RuleViolation(f"There is no väki element called {element!r}")


def _frozen(counts: Mapping[str, int]) -> Mapping[str, int]:
    return MappingProxyType({key: counts.get(key, 0) for key in ELEMENTS})


def starting_vaki_pool(players: int) -> Mapping[str, int]:
    """The chips on the Väki Mat at the start of a game, by element."""
    if players < 1:
        raise RuleViolation("A game needs at least one player")
    return _frozen(
        {
            key: players
            * (STARTING_TIER_I_PER_PLAYER if element.tier == 1 else STARTING_TIER_II_PER_PLAYER)
            for key, element in ELEMENTS.items()
        }
    )


@dataclass(frozen=True)
class VakiMove:
    """The pool on the Väki Mat and one character's väki after a move of chips."""

    pool: Mapping[str, int]
    held: Mapping[str, int]


def _take(counts: dict[str, int], element: str, amount: int, empty_message: str) -> None:
    if counts.get(element, 0) < amount:
        raise RuleViolation(empty_message)
    counts[element] = counts.get(element, 0) - amount


def vaki_draw(
    pool: Mapping[str, int], held: Mapping[str, int], element: str, amount: int = 1
) -> VakiMove:
    """A character takes ``amount`` väki of ``element`` from the pool. An element with no
    chips left is empty until someone returns väki to the mat."""
    _check_element(element)
    if amount < 0:
        raise RuleViolation("Väki drawn cannot be negative")
    new_pool, new_held = dict(pool), dict(held)
    _take(
        new_pool,
        element,
        amount,
        f"The {ELEMENTS[element].name} pool has {pool.get(element, 0)} väki left; wait for "
        "väki to be returned to the mat",
    )
    new_held[element] = new_held.get(element, 0) + amount
    return VakiMove(_frozen(new_pool), _frozen(new_held))


def vaki_combine(pool: Mapping[str, int], held: Mapping[str, int], result: str) -> VakiMove:
    """Return the two Tier I väki next to ``result`` on the mat to take one ``result`` väki
    (Water + Sun = Nature, Mountain + Water = Air, Sun + Mountain = Fire)."""
    _check_element(result)
    if result not in COMBINATIONS:
        raise RuleViolation(
            f"{ELEMENTS[result].name} is Tier I väki; only Tier II väki is made by combining"
        )
    ingredients = sorted(COMBINATIONS[result].ingredients)
    new_pool, new_held = dict(pool), dict(held)
    for element in ingredients:
        _take(
            new_held,
            element,
            1,
            f"{ELEMENTS[result].name} needs 1 {ELEMENTS[ingredients[0]].name} and 1 "
            f"{ELEMENTS[ingredients[1]].name} väki",
        )
        new_pool[element] = new_pool.get(element, 0) + 1
    _take(
        new_pool,
        result,
        1,
        f"The {ELEMENTS[result].name} pool is empty; wait for väki to be returned to the mat",
    )
    new_held[result] = new_held.get(result, 0) + 1
    return VakiMove(_frozen(new_pool), _frozen(new_held))


def vaki_split(pool: Mapping[str, int], held: Mapping[str, int], element: str) -> VakiMove:
    """Return one Tier II väki to the pool for the two Tier I väki it is made of. The rulebook
    mentions splitting only when väki goes back to the mat after a battle."""
    _check_element(element)
    if element not in COMBINATIONS:
        raise RuleViolation(f"{ELEMENTS[element].name} is Tier I väki and cannot be split")
    new_pool, new_held = dict(pool), dict(held)
    _take(new_held, element, 1, f"No {ELEMENTS[element].name} väki to split")
    new_pool[element] = new_pool.get(element, 0) + 1
    for part in sorted(COMBINATIONS[element].ingredients):
        _take(new_pool, part, 1, f"The {ELEMENTS[part].name} pool is empty")
        new_held[part] = new_held.get(part, 0) + 1
    return VakiMove(_frozen(new_pool), _frozen(new_held))


def is_tier_i(element: str) -> bool:
    """True for Sun, Mountain and Water."""
    _check_element(element)
    return element in TIER_I
