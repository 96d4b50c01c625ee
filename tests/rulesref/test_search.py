"""Search on whichever database the suite runs against (SQLite or PostgreSQL)."""

import pytest

from rulesref.search import search_entries

ODD_INPUTS = [
    '"boost',
    'boost"',
    "AND",
    "OR boost",
    "NOT",
    "NEAR(boost reborn)",
    "*",
    "boo*",
    "^boost",
    "(((",
    ")",
    "x" * 1000,
    "boost " * 200,
    "🦋",
    "🦋 butterfly",
    "",
    "   ",
    "'; DROP TABLE rulesref_entry; --",
    "-",
    ":",
    "{}",
]


@pytest.mark.parametrize("query", ODD_INPUTS)
def test_odd_inputs_never_error(reference, query):
    results = search_entries(query)
    assert isinstance(results, list)


def test_empty_query_finds_nothing(reference):
    assert search_entries("") == []


def test_prefix_matches_while_typing(reference):
    assert search_entries("butterf")


def test_results_are_highlighted(reference):
    results = search_entries("butterfly")
    assert any("<mark>" in r.snippet_html for r in results)


def test_game_filter(reference):
    results = search_entries("setup", game="glow")
    assert results
    assert {r.entry.game for r in results} == {"glow"}


def test_snippets_are_escaped(reference):
    for result in search_entries("score"):
        assert "<script" not in result.snippet_html
        assert result.snippet_html.replace("<mark>", "").replace("</mark>", "").count("<") == 0
