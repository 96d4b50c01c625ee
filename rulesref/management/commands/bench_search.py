"""Print rules-search accuracy (top-1 / top-3 on the labelled queries, per game and per style)
and latency (p50 / p95) on the configured database."""

import statistics
import time

from django.core.management.base import BaseCommand
from django.db import connection

from rulesref.benchmark import STYLES, load_queries, measure_accuracy
from rulesref.content import GAMES
from rulesref.loading import sync_reference
from rulesref.models import Entry
from rulesref.search import search_entries

# Odd and typo-laden inputs that the labelled set does not cover, timed alongside it.
EXTRA_TIMED_QUERIES = [
    "boost",
    "let nature take its course",
    "lntic",
    "reborn",
    "long dark",
    "luftle chief cost",
    "evolutionary adjustment",
    "training points",
    "threat",
    "initiative",
    "väki",
    "vaki",
    "cogbehemoth",
    "butterfly",
    "tom",
    "sungem",
    "time of the season",
    "hunting net",
    "defence",
    "thunder leap",
    "poison",
    "grunt",
    "podmothine",
    "the ridge",
    "siege",
    "awareness",
    "tribal token",
    "xp",
    "level",
    "tawny",
    "alignment",
    "shields",
    "target deck",
    "foe retreat",
    "double doubler",
    "watchers runes",
    "score",
    "companion",
    "solo",
    "b",
    "bo",
    "boo",
    "cogbehemot",
    "initiatve",
    '"quoted" OR (parens)',
    "x" * 1000,
]


class Command(BaseCommand):
    help = "Benchmark the rules search: accuracy on the labelled queries, p50 and p95 latency."

    def add_arguments(self, parser):
        parser.add_argument("--rounds", type=int, default=20)
        parser.add_argument(
            "--misses",
            action="store_true",
            help="list the queries whose answer is not in the top 3",
        )

    def handle(self, *args, rounds: int, misses: bool, **options):
        if not Entry.objects.exists():
            sync_reference()
        labelled = load_queries()
        accuracy, missed = measure_accuracy(
            labelled, lambda text: [result.entry.key for result in search_entries(text)]
        )
        timed = [query.text for query in labelled] + EXTRA_TIMED_QUERIES
        for query in timed:  # warm caches and connections
            search_entries(query)
        timings_ms = []
        for _ in range(rounds):
            for query in timed:
                start = time.perf_counter()
                search_entries(query)
                timings_ms.append((time.perf_counter() - start) * 1000)
        timings_ms.sort()
        p50 = statistics.median(timings_ms)
        p95 = timings_ms[int(len(timings_ms) * 0.95) - 1]
        self.stdout.write(
            f"rules search on {connection.vendor}: {Entry.objects.count()} entries, "
            f"{len(timed)} queries x {rounds} rounds = {len(timings_ms)} searches\n"
            f"p50 {p50:.2f} ms   p95 {p95:.2f} ms   max {timings_ms[-1]:.2f} ms\n"
        )
        self.stdout.write(f"{'labelled queries':<18}{'n':>5}{'top-1':>9}{'top-3':>9}")
        for group in ("all", *GAMES, *STYLES):
            if group in accuracy:
                result = accuracy[group]
                self.stdout.write(
                    f"{group:<18}{result.queries:>5}"
                    f"{result.top1_percent:>8.1f}%{result.top3_percent:>8.1f}%"
                )
        if misses:
            self.stdout.write(f"\nanswer not first ({len(missed)}):")
            for query, rank, top in missed:
                self.stdout.write(
                    f"  [{query.game}/{query.style}] {query.text!r} rank {rank or '-'} -> {top}"
                )
