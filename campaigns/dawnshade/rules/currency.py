"""Tawny and its coins: an amount shown as Aurelian, Glint and Tawny; no sharing.

Set-up - Currency; Glossary - Tawny.
"""

from dataclasses import dataclass

from campaigns.dawnshade.catalog.currency import TAWNY_PER_AURELIAN, TAWNY_PER_GLINT
from campaigns.dawnshade.rules.errors import RuleViolation


@dataclass(frozen=True)
class Coins:
    """An amount of Tawny in the fewest coins."""

    aurelian: int
    glint: int
    tawny: int

    @property
    def total_tawny(self) -> int:
        return self.aurelian * TAWNY_PER_AURELIAN + self.glint * TAWNY_PER_GLINT + self.tawny

    @property
    def label(self) -> str:
        return f"{self.aurelian} A · {self.glint} G · {self.tawny} T"


def tawny_as_coins(tawny: int) -> Coins:
    """Show ``tawny`` as Aurelian (10), Glint (5) and Tawny, the largest coins first."""
    if tawny < 0:
        raise RuleViolation("A character's Tawny cannot be negative")
    aurelian, rest = divmod(tawny, TAWNY_PER_AURELIAN)
    glint, rest = divmod(rest, TAWNY_PER_GLINT)
    return Coins(aurelian, glint, rest)


def coins_as_tawny(*, aurelian: int = 0, glint: int = 0, tawny: int = 0) -> int:
    """The Tawny value of a handful of coins."""
    if min(aurelian, glint, tawny) < 0:
        raise RuleViolation("Coins cannot be negative")
    return Coins(aurelian, glint, tawny).total_tawny


def tawny_spend(tawny: int, price: int) -> int:
    """What a character has left after paying ``price``; refused if it has too little."""
    if tawny < 0 or price < 0:
        raise RuleViolation("Tawny cannot be negative")
    if price > tawny:
        raise RuleViolation(f"This costs {price} Tawny and the character has {tawny}")
    return tawny - price


def tawny_transfer(*, giver: str, receiver: str, amount: int) -> None:
    """Always refused: Tawny cannot be shared among characters."""
    raise RuleViolation("Tawny cannot be shared among characters")
