"""The butterfly reserve, for groups who let the app stand in for the face-down pile.

Butterfly Tokens - Setup and drawing butterfly tokens; The cards in detail - New effects.
The 48 coloured tokens are printed (8 of each colour); the 12 specials' split into kinds
is not, so the group enters it once (it must add up to 12). Randomness is injected.
"""

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Self

from campaigns.glow.catalog.butterflies import (
    COLOUR_NAMES,
    COLOURS,
    MAX_PER_COLOUR,
    SPECIAL_KINDS,
    SPECIAL_TOKENS,
    TOKENS_PER_COLOUR,
    SpecialUse,
)
from campaigns.glow.rules.errors import RuleViolation
from campaigns.glow.rules.scoring import Butterflies, check_seats

# Every kind of butterfly token, in the order counts are stored.
TOKEN_KINDS = COLOURS + tuple(SPECIAL_KINDS)
KEPT_SPECIALS = tuple(k for k, kind in SPECIAL_KINDS.items() if kind.use is SpecialUse.KEPT)
ON_DRAW_SPECIALS = tuple(k for k, kind in SPECIAL_KINDS.items() if kind.use is SpecialUse.ON_DRAW)

Counts = tuple[int, ...]


def _counts(mapping: Mapping[str, int]) -> Counts:
    for kind in mapping:
        if kind not in TOKEN_KINDS:
            raise RuleViolation(f"'{kind}' is not a kind of butterfly token")
    return tuple(mapping.get(kind, 0) for kind in TOKEN_KINDS)


def _mapping(counts: Counts) -> dict[str, int]:
    return {kind: count for kind, count in zip(TOKEN_KINDS, counts, strict=True) if count}


def _add(counts: Counts, kind: str, delta: int) -> Counts:
    index = TOKEN_KINDS.index(kind)
    return counts[:index] + (counts[index] + delta,) + counts[index + 1 :]


@dataclass(frozen=True)
class ButterflyReserve:
    """Where every butterfly token is: face down in the reserve, face up beside it, or
    face up in front of a seat (coloured butterflies and the kept specials)."""

    face_down: Counts
    face_up: Counts
    holdings: tuple[tuple[str, Counts], ...]

    def held(self, seat_key: str) -> Counts:
        for key, counts in self.holdings:
            if key == seat_key:
                return counts
        raise RuleViolation(f"{seat_key} has no seat at this table")

    def held_count(self, seat_key: str, kind: str) -> int:
        return self.held(seat_key)[TOKEN_KINDS.index(kind)]

    @property
    def face_down_total(self) -> int:
        return sum(self.face_down)

    @property
    def tokens_total(self) -> int:
        return sum(self.face_down) + sum(self.face_up) + sum(sum(c) for _, c in self.holdings)

    def _with_held(self, seat_key: str, counts: Counts) -> tuple[tuple[str, Counts], ...]:
        self.held(seat_key)
        return tuple((key, counts if key == seat_key else c) for key, c in self.holdings)

    def to_dict(self) -> dict[str, Any]:
        return {
            "face_down": _mapping(self.face_down),
            "face_up": _mapping(self.face_up),
            "holdings": [[key, _mapping(counts)] for key, counts in self.holdings],
        }

    @classmethod
    def from_dict(cls, stored: Mapping[str, Any]) -> Self:
        return cls(
            face_down=_counts(stored["face_down"]),
            face_up=_counts(stored["face_up"]),
            holdings=tuple((key, _counts(counts)) for key, counts in stored["holdings"]),
        )


def reserve_create(special_counts: Mapping[str, int], seat_keys: Sequence[str]) -> ButterflyReserve:
    """All 60 tokens face down: 8 of each colour and the 12 specials in the kinds' counts
    the group enters (the split is not printed). Butterfly Tokens; Components."""
    check_seats(seat_keys)
    for kind, count in special_counts.items():
        if kind not in SPECIAL_KINDS:
            raise RuleViolation(f"'{kind}' is not a kind of special butterfly token")
        if count < 0:
            raise RuleViolation("A kind of special token cannot have a negative count")
    if sum(special_counts.values()) != SPECIAL_TOKENS:
        raise RuleViolation(
            f"The expansion has {SPECIAL_TOKENS} special butterfly tokens; the counts "
            f"entered add up to {sum(special_counts.values())}"
        )
    face_down = _counts({**dict.fromkeys(COLOURS, TOKENS_PER_COLOUR), **special_counts})
    empty = (0,) * len(TOKEN_KINDS)
    return ButterflyReserve(
        face_down=face_down, face_up=empty, holdings=tuple((key, empty) for key in seat_keys)
    )


@dataclass(frozen=True)
class ReserveDraw:
    """What a draw did: the tokens in the order drawn, which the seat keeps, which
    butterflies were a surplus past 6 (now face up beside the reserve), which specials act
    at once (the seat takes the token they show; they are face up beside the reserve), and
    how many could not be drawn because the face-down reserve ran out."""

    reserve: ButterflyReserve
    drawn: tuple[str, ...]
    kept: tuple[str, ...]
    surplus: tuple[str, ...]
    on_draw: tuple[str, ...]
    short_by: int


def reserve_draw(
    reserve: ButterflyReserve, seat_key: str, count: int, rng: random.Random
) -> ReserveDraw:
    """Draw ``count`` tokens at random from the face-down reserve for a seat.

    A butterfly is kept face up unless the seat already has 6 of its colour, when it goes
    face up beside the reserve; a special that acts on drawing goes there at once, a kept
    special stays with the seat. The rulebook does not say what happens when the reserve
    runs out: the app draws what is left and reports the shortfall.

    Butterfly Tokens - Setup and drawing butterfly tokens; New effects.
    """
    if count < 1:
        raise RuleViolation("A card draws at least 1 butterfly token")
    held = reserve.held(seat_key)
    pile = [kind for kind, n in zip(TOKEN_KINDS, reserve.face_down, strict=True) for _ in range(n)]
    drawn = tuple(rng.sample(pile, min(count, len(pile))))
    face_down, face_up = reserve.face_down, reserve.face_up
    kept, surplus, on_draw = [], [], []
    for kind in drawn:
        face_down = _add(face_down, kind, -1)
        if kind in ON_DRAW_SPECIALS:
            on_draw.append(kind)
            face_up = _add(face_up, kind, 1)
        elif kind in COLOURS and held[TOKEN_KINDS.index(kind)] >= MAX_PER_COLOUR:
            surplus.append(kind)
            face_up = _add(face_up, kind, 1)
        else:
            kept.append(kind)
            held = _add(held, kind, 1)
    return ReserveDraw(
        reserve=ButterflyReserve(face_down, face_up, reserve._with_held(seat_key, held)),
        drawn=drawn,
        kept=tuple(kept),
        surplus=tuple(surplus),
        on_draw=tuple(on_draw),
        short_by=count - len(drawn),
    )


def reserve_return(
    reserve: ButterflyReserve,
    seat_key: str,
    tokens: Sequence[str],
    *,
    expected: int | None = None,
) -> ButterflyReserve:
    """Put tokens of the seat's choice face up beside the reserve: after a card that draws
    and returns the same number, or to pay a card's cost. ``expected`` is how many the card
    asks for. Any token in front of the seat may be chosen (the text says butterfly tokens,
    which the kept specials are too). New effects; New conditions."""
    if expected is not None and len(tokens) != expected:
        raise RuleViolation(
            f"This effect returns exactly {expected} butterfly tokens of your choice"
        )
    held = reserve.held(seat_key)
    face_up = reserve.face_up
    for kind, times in Counter(tokens).items():
        if kind not in TOKEN_KINDS:
            raise RuleViolation(f"'{kind}' is not a kind of butterfly token")
        if held[TOKEN_KINDS.index(kind)] < times:
            name = COLOUR_NAMES[kind].lower() if kind in COLOURS else SPECIAL_KINDS[kind].name
            raise RuleViolation(f"You can only return butterfly tokens you have ({name})")
        held = _add(held, kind, -times)
        face_up = _add(face_up, kind, times)
    return ButterflyReserve(reserve.face_down, face_up, reserve._with_held(seat_key, held))


def reserve_use_special(reserve: ButterflyReserve, seat_key: str, kind: str) -> ButterflyReserve:
    """Play a kept special token; once used it goes face up beside the reserve (Butterfly
    Tokens - Setup and drawing butterfly tokens)."""
    if kind not in KEPT_SPECIALS:
        raise RuleViolation("Only a special token you keep in front of you can be played later")
    if reserve.held_count(seat_key, kind) < 1:
        raise RuleViolation(f"You have no '{SPECIAL_KINDS[kind].name}' token to play")
    return reserve_return(reserve, seat_key, (kind,))


def reserve_end_of_noon(reserve: ButterflyReserve) -> ButterflyReserve:
    """At the end of Noon the face-up tokens beside the reserve are turned over and mixed
    back in (Butterfly Tokens; New conditions)."""
    face_down = tuple(a + b for a, b in zip(reserve.face_down, reserve.face_up, strict=True))
    return ButterflyReserve(face_down, (0,) * len(TOKEN_KINDS), reserve.holdings)


def reserve_seat_butterflies(reserve: ButterflyReserve, seat_key: str) -> Butterflies:
    """The seat's coloured butterflies, for its line on the score pad."""
    return Butterflies(reserve.held(seat_key)[: len(COLOURS)])
