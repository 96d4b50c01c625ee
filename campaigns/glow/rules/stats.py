"""Play history and statistics for a group, over plain records the DB layer builds.

A seat's ``winner`` is what the score pad recorded (every tied best total, or the one the
group picked). A solo play against Tom is won with more shards than Tom; equal totals are
a tie, since the core tie-break is not in the source (Single-player games - Game objective).
"""

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, datetime, time

from campaigns.glow.rules.errors import RuleViolation
from campaigns.glow.rules.scoring import check_core_score, check_seats


@dataclass(frozen=True)
class SeatRecord:
    """One seat of a finished play. ``player_key`` is stable across plays (a member's or a
    guest's key); ``adventurer`` an expansion key or the name the group uses."""

    player_key: str
    player_name: str
    adventurer: str
    core_score: int
    butterfly_shards: int
    winner: bool

    def __post_init__(self) -> None:
        check_core_score(self.core_score)
        if self.butterfly_shards < 0:
            raise RuleViolation("Butterfly shards cannot be negative")

    @property
    def total(self) -> int:
        return self.core_score + self.butterfly_shards


@dataclass(frozen=True)
class PlayRecord:
    """A finished play. ``tom_score`` is Tom's final count in a solo play, else None."""

    play_key: str
    played_on: date
    journey_board: str
    sets: tuple[str, ...]
    seats: tuple[SeatRecord, ...]
    winner_picked: bool = False
    tom_score: int | None = None

    def __post_init__(self) -> None:
        check_seats([seat.player_key for seat in self.seats])
        if self.tom_score is not None and len(self.seats) != 1:
            raise RuleViolation("Tom plays only in a single-player game")

    @property
    def solo(self) -> bool:
        return self.tom_score is not None


@dataclass(frozen=True)
class PlayerStats:
    player_key: str
    player_name: str
    plays: int
    wins: int
    best_total: int
    average_total: float
    average_butterfly_shards: float

    @property
    def win_rate(self) -> float:
        return self.wins / self.plays


@dataclass(frozen=True)
class AdventurerStats:
    adventurer: str
    plays: int
    wins: int


@dataclass(frozen=True)
class SoloRecord:
    """The group's record against Tom: plays, wins, losses, ties, best margin."""

    plays: int
    wins: int
    losses: int
    ties: int
    best_margin: int | None


def play_order(play: PlayRecord) -> tuple[datetime, str]:
    """Sort key for plays in time order (a bare date counts as its midnight)."""
    played_on = play.played_on
    if not isinstance(played_on, datetime):
        played_on = datetime.combine(played_on, time())
    return played_on, play.play_key


def _solo_won(play: PlayRecord) -> bool:
    return play.seats[0].total > play.tom_score


def _won(play: PlayRecord, seat: SeatRecord) -> bool:
    return _solo_won(play) if play.solo else seat.winner


def player_stats(plays: Iterable[PlayRecord]) -> tuple[PlayerStats, ...]:
    """Per player: plays, wins, win rate, best and average total, average butterfly shards;
    most wins first, then most plays, then name. A solo play counts as a win only when the
    player beat Tom."""
    seen: dict[str, list[tuple[PlayRecord, SeatRecord]]] = {}
    for play in plays:
        for seat in play.seats:
            seen.setdefault(seat.player_key, []).append((play, seat))
    result = []
    for key, rows in seen.items():
        totals = [seat.total for _, seat in rows]
        result.append(
            PlayerStats(
                player_key=key,
                player_name=rows[-1][1].player_name,
                plays=len(rows),
                wins=sum(1 for play, seat in rows if _won(play, seat)),
                best_total=max(totals),
                average_total=sum(totals) / len(rows),
                average_butterfly_shards=sum(seat.butterfly_shards for _, seat in rows) / len(rows),
            )
        )
    return tuple(sorted(result, key=lambda s: (-s.wins, -s.plays, s.player_name)))


def adventurer_stats(plays: Iterable[PlayRecord]) -> tuple[AdventurerStats, ...]:
    """Per adventurer: how often played and how often the seat won; most played first."""
    counts: dict[str, list[int]] = {}
    for play in plays:
        for seat in play.seats:
            row = counts.setdefault(seat.adventurer, [0, 0])
            row[0] += 1
            row[1] += int(_won(play, seat))
    result = [AdventurerStats(key, plays_, wins) for key, (plays_, wins) in counts.items()]
    return tuple(sorted(result, key=lambda s: (-s.plays, -s.wins, s.adventurer)))


def solo_record(plays: Iterable[PlayRecord]) -> SoloRecord:
    """Solo plays against Tom: won with more shards than him, lost with fewer, tied level."""
    solo = [play for play in plays if play.solo]
    margins = [play.seats[0].total - play.tom_score for play in solo]
    return SoloRecord(
        plays=len(solo),
        wins=sum(1 for m in margins if m > 0),
        losses=sum(1 for m in margins if m < 0),
        ties=sum(1 for m in margins if m == 0),
        best_margin=max(margins) if margins else None,
    )


@dataclass(frozen=True)
class TotalsByPlay:
    """Every finished play in time order, and each player's total (core score plus butterfly
    shards) in each one, None where the player was not at the table: the history chart."""

    plays: tuple[PlayRecord, ...]
    names: dict[str, str]  # player key -> the name of the player's latest seat
    totals: dict[str, tuple[int | None, ...]]


def totals_by_play(plays: Iterable[PlayRecord]) -> TotalsByPlay:
    """Each player's totals, play by play in time order (first seated first)."""
    ordered = tuple(sorted(plays, key=play_order))
    names: dict[str, str] = {}
    for play in ordered:
        for seat in play.seats:
            names[seat.player_key] = seat.player_name
    by_player = {
        play.play_key: {seat.player_key: seat.total for seat in play.seats} for play in ordered
    }
    totals = {key: tuple(by_player[play.play_key].get(key) for play in ordered) for key in names}
    return TotalsByPlay(ordered, names, totals)
