"""Print rules-search latency (p50 / p95) over realistic queries on the configured database."""

import statistics
import time

from django.core.management.base import BaseCommand
from django.db import connection

from rulesref.loading import sync_reference
from rulesref.models import Entry
from rulesref.search import search_entries

QUERIES = [
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
    help = "Benchmark the rules search: p50 and p95 latency over a fixed list of queries."

    def add_arguments(self, parser):
        parser.add_argument("--rounds", type=int, default=20)

    def handle(self, *args, rounds: int, **options):
        if not Entry.objects.exists():
            sync_reference()
        for query in QUERIES:  # warm caches and connections
            search_entries(query)
        timings_ms = []
        for _ in range(rounds):
            for query in QUERIES:
                start = time.perf_counter()
                search_entries(query)
                timings_ms.append((time.perf_counter() - start) * 1000)
        timings_ms.sort()
        p50 = statistics.median(timings_ms)
        p95 = timings_ms[int(len(timings_ms) * 0.95) - 1]
        self.stdout.write(
            f"rules search on {connection.vendor}: {Entry.objects.count()} entries, "
            f"{len(QUERIES)} queries x {rounds} rounds = {len(timings_ms)} searches\n"
            f"p50 {p50:.2f} ms   p95 {p95:.2f} ms   max {timings_ms[-1]:.2f} ms"
        )
