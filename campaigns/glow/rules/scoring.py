"""The score pad: butterfly shards, the all-colours bonus, totals and the ranking.

Butterfly Tokens - At the end of the game. The core game's own count is not in the source:
it is a number the players enter (0-999), and its tie-break is not known either, so equal
totals are shown as a tie and the group may pick the winner.
"""

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Self

from campaigns.glow.catalog.butterflies import (
    ALL_COLOURS_BONUS,
    COLOUR_NAMES,
    COLOURS,
    MAX_PER_COLOUR,
    SHARDS_BY_COUNT,
)
from campaigns.glow.rules.errors import RuleViolation

MIN_SEATS = 1
MAX_SEATS = 6
CORE_SCORE_MIN = 0
CORE_SCORE_MAX = 999


def check_seat_count(seats: int) -> None:
    """Glow with the Dawn expansion seats 1 to 6 players (Summary)."""
    if not MIN_SEATS <= seats <= MAX_SEATS:
        raise RuleViolation(f"Glow with Dawn is played by {MIN_SEATS} to {MAX_SEATS} players")


def check_seats(seat_keys: Sequence[str]) -> None:
    """Refuse a seat count outside 1-6 or the same player in two seats."""
    check_seat_count(len(seat_keys))
    if len(set(seat_keys)) == len(seat_keys):  # the usual case, without counting each key
        return
    repeated = [key for key, times in Counter(seat_keys).items() if times > 1]
    if repeated:
        raise RuleViolation(f"Each player sits once; {repeated[0]} is seated twice")


def check_core_score(core_score: int) -> None:
    """The core game's final count, as entered: a whole number from 0 to 999."""
    if isinstance(core_score, bool) or not isinstance(core_score, int):
        raise RuleViolation("The core score is a whole number of shards of light")
    if not CORE_SCORE_MIN <= core_score <= CORE_SCORE_MAX:
        raise RuleViolation(
            f"A core score is between {CORE_SCORE_MIN} and {CORE_SCORE_MAX} shards of light"
        )


def check_colour(colour: str) -> None:
    if colour not in COLOURS:
        raise RuleViolation(f"'{colour}' is not one of the six butterfly colours")


def check_butterfly_count(colour: str, count: int) -> None:
    """0 to 6 butterflies of one colour: a 7th goes back beside the reserve (Butterfly
    Tokens - Setup and drawing butterfly tokens)."""
    check_colour(colour)
    if count < 0:
        raise RuleViolation("A player cannot hold fewer than 0 butterflies of a colour")
    if count > MAX_PER_COLOUR:
        raise RuleViolation(
            f"A player can hold at most {MAX_PER_COLOUR} {COLOUR_NAMES[colour].lower()} "
            "butterflies; any more go face up beside the reserve"
        )


def butterfly_shards_for(count: int) -> int:
    """Shards for ``count`` butterflies of one colour: 1/3/6/10/15/21 for 1-6."""
    if not 0 <= count <= MAX_PER_COLOUR:
        raise RuleViolation(f"Between 0 and {MAX_PER_COLOUR} butterflies of a colour score")
    return SHARDS_BY_COUNT[count]


@dataclass(frozen=True)
class Butterflies:
    """One seat's butterflies: a count for each colour, in ``COLOURS`` order."""

    counts: tuple[int, ...] = (0,) * len(COLOURS)

    def __post_init__(self) -> None:
        if len(self.counts) != len(COLOURS):
            raise RuleViolation("Butterflies are counted in six colours")
        # Every pad, list and statistic makes these for every seat: the usual case (each
        # count in range) is checked at once, a wrong count below with its colour named.
        if min(self.counts) >= 0 and max(self.counts) <= MAX_PER_COLOUR:
            return
        for colour, count in zip(COLOURS, self.counts, strict=True):
            check_butterfly_count(colour, count)

    @classmethod
    def of(cls, counts: Mapping[str, int]) -> Self:
        """From a colour -> count mapping; colours left out hold none."""
        for colour in counts:
            check_colour(colour)
        return cls(tuple(counts.get(colour, 0) for colour in COLOURS))

    def count(self, colour: str) -> int:
        check_colour(colour)
        return self.counts[COLOURS.index(colour)]

    def as_mapping(self) -> dict[str, int]:
        return dict(zip(COLOURS, self.counts, strict=True))

    def to_dict(self) -> dict[str, Any]:
        return self.as_mapping()

    @classmethod
    def from_dict(cls, stored: Mapping[str, Any]) -> Self:
        return cls.of(stored)


def butterflies_step(butterflies: Butterflies, colour: str, delta: int) -> Butterflies:
    """One tap of a +/- stepper: refuses going below 0 or past 6 of a colour."""
    if delta not in (-1, 1):
        raise RuleViolation("A stepper adds or takes away one butterfly")
    new_count = butterflies.count(colour) + delta
    check_butterfly_count(colour, new_count)
    index = COLOURS.index(colour)
    counts = butterflies.counts[:index] + (new_count,) + butterflies.counts[index + 1 :]
    return Butterflies(counts)


@dataclass(frozen=True)
class ButterflyScore:
    """The shards one seat's butterflies earn at the end of the game."""

    shards_by_colour: tuple[int, ...]
    all_colours_bonus: int

    @property
    def colour_shards(self) -> int:
        return sum(self.shards_by_colour)

    @property
    def total(self) -> int:
        return self.colour_shards + self.all_colours_bonus


def butterfly_score(butterflies: Butterflies) -> ButterflyScore:
    """Shards per colour from the 1/3/6/10/15/21 table, plus 10 for at least one of each
    of the six colours (Butterfly Tokens - At the end of the game)."""
    counts = butterflies.counts  # each 0 to 6: `Butterflies` refuses any other
    return ButterflyScore(
        shards_by_colour=tuple(SHARDS_BY_COUNT[count] for count in counts),
        all_colours_bonus=ALL_COLOURS_BONUS if min(counts) >= 1 else 0,
    )


@dataclass(frozen=True)
class SeatScore:
    """A seat's line on the pad: the entered core score (None until entered), butterflies
    and the total (core + butterfly shards; butterflies alone while the core is missing)."""

    seat_key: str
    core_score: int | None
    butterflies: Butterflies
    butterfly: ButterflyScore

    @property
    def core_entered(self) -> bool:
        return self.core_score is not None

    @property
    def total(self) -> int:
        return (self.core_score or 0) + self.butterfly.total


def seat_score(seat_key: str, core_score: int | None, butterflies: Butterflies) -> SeatScore:
    """Add the butterflies' shards to the core game's count, after the classic count
    (Butterfly Tokens - At the end of the game)."""
    if core_score is not None:
        check_core_score(core_score)
    return SeatScore(
        seat_key=seat_key,
        core_score=core_score,
        butterflies=butterflies,
        butterfly=butterfly_score(butterflies),
    )


@dataclass(frozen=True)
class Placing:
    """A seat's place: equal totals share a place (1, 1, 3) and are marked tied."""

    seat_key: str
    total: int
    place: int
    tied: bool


def ranking(totals: Mapping[str, int] | Iterable[tuple[str, int]]) -> tuple[Placing, ...]:
    """Order seats by total, highest first; equal totals share the place and show as tied
    (the core game's tie-break is not in the source). Seats in one place keep input order."""
    pairs = list(totals.items() if isinstance(totals, Mapping) else totals)
    check_seats([key for key, _ in pairs])
    ordered = sorted(pairs, key=lambda pair: -pair[1])
    how_many: dict[int, int] = {}
    for _, total in pairs:
        how_many[total] = how_many.get(total, 0) + 1
    placings = []
    place, previous = 0, None
    for index, (key, total) in enumerate(ordered):
        if index == 0 or total != previous:  # highest first: 1 + how many rank above it
            place, previous = index + 1, total
        placings.append(Placing(key, total, place, tied=how_many[total] > 1))
    return tuple(placings)


@dataclass(frozen=True)
class Winners:
    """Who won: every seat sharing the best total, unless the group picked one of them;
    ``picked`` records that the group broke the tie itself."""

    seat_keys: tuple[str, ...]
    picked: bool

    @property
    def tied(self) -> bool:
        return len(self.seat_keys) > 1


def winners(totals: Mapping[str, int], picked_winner: str | None = None) -> Winners:
    """The best total wins; a tie stays a tie unless the group picks one of the tied seats
    (the core tie-break is not in the source, so the app cannot break it)."""
    return _winners(ranking(totals), picked_winner)


def _winners(placings: Sequence[Placing], picked_winner: str | None) -> Winners:
    best = tuple(p.seat_key for p in placings if p.place == 1)
    if picked_winner is None:
        return Winners(best, picked=False)
    if len(best) == 1:
        raise RuleViolation("There is no tie to break: one seat has the best total")
    if picked_winner not in best:
        raise RuleViolation("The group can only pick the winner among the tied best totals")
    return Winners((picked_winner,), picked=True)


@dataclass(frozen=True)
class PadScore:
    """The whole pad: each seat's line, the ranking and the winners."""

    seats: tuple[SeatScore, ...]
    placings: tuple[Placing, ...]
    winners: Winners


def pad_score(
    seats: Sequence[tuple[str, int | None, Butterflies]], picked_winner: str | None = None
) -> PadScore:
    """Score every seat of a play, rank them and name the winners (live while tapping)."""
    lines = tuple(seat_score(key, core, butterflies) for key, core, butterflies in seats)
    totals = {line.seat_key: line.total for line in lines}
    check_seats([line.seat_key for line in lines])
    placings = ranking(totals)  # ranked once: the winners are its first place
    return PadScore(lines, placings, _winners(placings, picked_winner))
