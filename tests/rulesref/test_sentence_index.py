"""Ranking looks terms up by sentence (``_sentences_by_term``) instead of testing every
query term against every sentence: the scores and the snippets it draws are those of the
plain version it replaced, kept here as the reference, for every entry and a range of
questions (one word, several, a word still being typed, words side by side)."""

from itertools import pairwise

import pytest

from rulesref.models import Entry
from rulesref.search import (
    START,
    STOP,
    _highlight,
    _Query,
    _sentences,
    _weight_by_sentence,
    best_sentences,
    query_tokens,
)

QUESTIONS = [
    "sungem",
    "long dark",
    "long dark heat survive",
    "can I share tawny",
    "initiative bag",
    "sung",  # still being typed
    "luftle chief",
    "thunder le",  # the last word still being typed
    "butterfly tokens colours",
    "reborn penalty lowest card",
]


def _queries():
    for text in QUESTIONS:
        tokens = query_tokens(text)
        yield text, _Query.of(tokens)


def reference_best_sentences(
    body: str, query: _Query, names: frozenset[str], *, max_words: int, two: bool
) -> str:
    """The sentence (or, with `two`, up to two) of the body that best match the query, as
    HTML with the matching words marked; a long one (a flattened table) is cut to a window.

    Sentences are scored by the weight of the query terms they contain. Terms the entry's
    `names` already hold count less: the entry is about them, so the sentence that answers is
    the one with the query's other words ("can I share tawny" -> "...cannot be shared").
    Query words side by side in the sentence, in the query's order, count extra."""
    sentences = _sentences(body)
    if not sentences:
        return ""
    weights = {
        term: weight * (0.15 if term in names else 1.0) for term, weight in query.weights.items()
    }
    pairs = set(pairwise(query.terms))

    def score(word_terms: tuple[frozenset[str], ...], terms: frozenset[str]) -> float:
        found = sum(weight for term, weight in weights.items() if query.matches(term, terms))
        # Query words side by side need both in the sentence (never, for a one-word query).
        if not any(a in terms and b in terms for a, b in pairs):
            return found
        together = sum(
            0.15 if {a, b} <= names else 1.0
            for first, second in pairwise(word_terms)
            for a in first
            for b in second
            if (a, b) in pairs
        )
        return found + 0.5 * together

    scores = [score(word_terms, terms) for _, word_terms, terms in sentences]
    if query.term_set <= names:
        best = 0  # the query names the entry: its opening sentence says what it is
    else:
        best = max(range(len(sentences)), key=lambda i: (scores[i], -i))
    words, word_terms, _ = sentences[best]
    if (
        two
        and best + 1 < len(sentences)
        and scores[best + 1] > 0
        and len(words) + len(sentences[best + 1][0]) <= max_words
    ):
        words, word_terms = words + sentences[best + 1][0], word_terms + sentences[best + 1][1]
    hits = [any(query.matches(term, terms) for term in query.terms) for terms in word_terms]
    start, end = 0, len(words)
    if end > max_words:
        first_hit = hits.index(True) if True in hits else 0
        start = max(0, min(first_hit - 5, len(words) - max_words))
        end = start + max_words
    pieces = [
        f"{START}{word}{STOP}" if hit else word
        for word, hit in zip(words[start:end], hits[start:end], strict=True)
    ]
    text = ("…" if start else "") + " ".join(pieces) + ("…" if end < len(words) else "")
    return _highlight(text)


@pytest.mark.django_db
def test_sentence_weights_are_those_of_testing_each_sentence(reference):
    bodies = list(Entry.objects.values_list("search_body", flat=True))
    assert len(bodies) > 200
    for text, query in _queries():
        weights = list(query.weights.items())
        for body in bodies:
            plain = {}
            for index, (_, _, terms) in enumerate(_sentences(body)):
                matched = [weight for term, weight in weights if query.matches(term, terms)]
                if matched:
                    plain[index] = sum(matched)
            assert _weight_by_sentence(query, weights, body) == plain, (text, body[:60])


@pytest.mark.django_db
def test_snippets_are_those_of_the_plain_version(reference):
    entries = list(Entry.objects.only("search_body", "search_title"))
    for text, query in _queries():
        for entry in entries:
            names = frozenset(query.term_set) if entry.pk % 7 == 0 else frozenset()
            for max_words, two in ((40, True), (24, False), (6, False)):
                arguments = {"max_words": max_words, "two": two}
                assert best_sentences(entry.search_body, query, names, **arguments) == (
                    reference_best_sentences(entry.search_body, query, names, **arguments)
                ), (text, entry.search_title)
