"""The labelled rules-search queries (queries.toml) and how well a search answers them.

The queries were written from the rulebooks before the engine was tuned; they are the yardstick,
so a miss is fixed in the engine or the entries' aliases and keywords, never in the file.
"""

import tomllib
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

QUERIES_PATH = Path(__file__).resolve().parent / "queries.toml"
STYLES = ("keyword", "question", "half-sentence")


@dataclass(frozen=True)
class LabelledQuery:
    text: str
    game: str
    style: str
    answers: tuple[str, ...]  # "game/slug" keys, any of which answers the query

    def rank_of_answer(self, result_keys: list[str]) -> int | None:
        """1-based position of the first answering entry in the results, or None."""
        for position, key in enumerate(result_keys, start=1):
            if key in self.answers:
                return position
        return None


@dataclass(frozen=True)
class Accuracy:
    queries: int
    top1: int
    top3: int

    @property
    def top1_percent(self) -> float:
        return 100 * self.top1 / self.queries if self.queries else 0.0

    @property
    def top3_percent(self) -> float:
        return 100 * self.top3 / self.queries if self.queries else 0.0


def load_queries(path: Path = QUERIES_PATH) -> tuple[LabelledQuery, ...]:
    """Every labelled query, answers as game-qualified keys."""
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    return tuple(
        LabelledQuery(
            text=row["text"],
            game=row["game"],
            style=row["style"],
            answers=tuple(f"{row['game']}/{slug}" for slug in row["answers"]),
        )
        for row in data["query"]
    )


def measure_accuracy(
    queries: Iterable[LabelledQuery], ranked_keys: Callable[[str], list[str]]
) -> tuple[dict[str, Accuracy], list[tuple[LabelledQuery, int | None, list[str]]]]:
    """Top-1 / top-3 accuracy overall ("all"), per game and per style, plus the misses.

    `ranked_keys` maps the player's text to the result keys in order; a miss is a query whose
    answer is not first, returned with its answer's rank (None: not found) and the top 3.
    """
    counts: dict[str, list[int]] = {}
    misses = []
    for query in queries:
        keys = ranked_keys(query.text)
        rank = query.rank_of_answer(keys)
        for group in ("all", query.game, query.style):
            tally = counts.setdefault(group, [0, 0, 0])
            tally[0] += 1
            tally[1] += rank == 1
            tally[2] += rank is not None and rank <= 3
        if rank != 1:
            misses.append((query, rank, keys[:3]))
    return {group: Accuracy(*tally) for group, tally in counts.items()}, misses
