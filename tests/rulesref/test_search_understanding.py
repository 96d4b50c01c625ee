"""Questions and half-sentences as players type them (issue 17), on either database engine."""

import re

import pytest
from django.urls import reverse

from rulesref.search import content_tokens, query_tokens, search_entries


def _first(query: str, **filters) -> str:
    results = search_entries(query, **filters)
    assert results, query
    return results[0].entry.key


@pytest.mark.parametrize(
    ("query", "first"),
    [
        # Both answer it: the summary table and the 5-player setup each say 62 companions.
        (
            "how many companions for 5 players",
            "glow/summary-by-player-count glow/five-player-setup",
        ),
        ("how do I level up", "dawnshade/xp-and-levels"),
        ("initiative chips two players", "dawnshade/initiative-stack"),
        ("can I share tawny", "dawnshade/currency"),
        ("what happens when my luftle chief is the last luftle", "occulites/luftle-chief"),
        ("reroll long dark cost", "occulites/the-long-dark"),
    ],
)
def test_the_searches_reported_in_the_issue_put_the_answer_first(reference, query, first):
    assert _first(query) in first.split()


def test_question_words_and_filler_do_not_decide_the_ranking(reference):
    assert content_tokens(query_tokens("how many tribal tokens does my chief get")) == [
        "tribal",
        "tokens",
        "chief",
    ]
    assert _first("what is the boost table") == _first("boost table") == "occulites/boost-cards"


def test_a_query_of_only_filler_still_searches(reference):
    assert content_tokens(["what", "is", "it"]) == ["what", "is", "it"]
    assert isinstance(search_entries("what is it"), list)


@pytest.mark.parametrize(
    "query", ["two players initiative chips", "2 players initiative chips", "2 player initiative"]
)
def test_number_words_and_digits_match_each_other(reference, query):
    assert _first(query) == "dawnshade/initiative-stack"


def test_five_player_hyphenated_matches_5_players(reference):
    assert _first("five-player setup") == _first("5 players setup") == "glow/five-player-setup"


def test_partial_matches_come_back_when_not_every_word_matches(reference):
    assert _first("boost zzqqxx") == "occulites/boost-cards"


def test_a_title_said_as_a_phrase_in_the_query_is_boosted(reference):
    assert _first("rules for the hunting net please") == "occulites/hunting-net"


def test_gap_entries_rank_below_the_rule_they_qualify(reference):
    keys = [result.entry.key for result in search_entries("time of the season")]
    assert keys[0] == "occulites/time-of-the-season"
    assert keys.index("occulites/time-of-the-season-missing-values") > 0


def test_a_query_about_the_gap_finds_the_gap_entry_first(reference):
    assert _first("time of the season missing values") == (
        "occulites/time-of-the-season-missing-values"
    )


def test_typos_among_other_words_are_corrected(reference):
    assert _first("initiatve chips") == "dawnshade/initiative-stack"


def test_the_game_filter_still_applies(reference):
    results = search_entries("how many players", game="glow")
    assert results
    assert {result.entry.game for result in results} == {"glow"}


def test_only_the_top_result_is_the_answer_first(reference):
    results = search_entries("how many companions for 5 players")
    assert [result.answer_first for result in results[:3]] == [True, False, False]


def test_the_answer_is_the_sentence_that_says_it_with_matches_marked(reference):
    answer = search_entries("can I share tawny")[0].snippet_html
    assert "cannot be <mark>shared</mark> with other characters" in answer
    assert len(re.sub(r"<[^>]+>", "", answer).split()) <= 40


def test_the_answer_prefers_the_words_the_title_does_not_already_say(reference):
    answer = search_entries("reroll long dark cost")[0].snippet_html
    assert "<mark>reroll</mark>" in answer


def test_a_query_naming_the_entry_shows_its_opening_sentence(reference):
    result = search_entries("hunting net")[0]
    assert result.entry.key == "occulites/hunting-net"
    assert result.snippet_html.startswith("Innate ability of the Hydris Netter")


def test_answer_snippets_are_escaped(reference):
    for result in search_entries("zay'drel <script>"):
        text = result.snippet_html.replace("<mark>", "").replace("</mark>", "")
        assert "<" not in text


def test_search_page_marks_the_top_result_as_the_answer(client, reference):
    response = client.get(reverse("rules_search"), {"q": "can I share tawny"})
    html = response.content.decode()
    first = re.search(r'<li data-entry="([^"]+)">(.*?)</li>', html, re.S)
    assert first.group(1) == "dawnshade/currency"
    assert "data-answer-first" in first.group(2)
    assert html.count("data-answer-first") == 1
