"""The labelled queries meet issue 17's bar on whichever engine the suite runs against."""

from rulesref.benchmark import load_queries, measure_accuracy
from rulesref.search import search_entries


def test_labelled_queries_are_answered_first_and_in_the_top_three(reference):
    accuracy, misses = measure_accuracy(
        load_queries(), lambda text: [result.entry.key for result in search_entries(text)]
    )
    overall = accuracy["all"]
    assert overall.top1_percent >= 90, misses
    assert overall.top3_percent >= 98, [miss for miss in misses if not miss[1] or miss[1] > 3]
