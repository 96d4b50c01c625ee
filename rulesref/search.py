"""Searching the reference: one function, two engines chosen by the database.

The engine finds candidates: SQLite through the FTS5 table (porter + unicode61, bm25 weighted
towards title and aliases), PostgreSQL through the weighted tsvector column (ts_rank). Any
word of the query may match, so partial matches come back. The entries' texts the ranking
and the snippets read are held in the process, as of the revision the candidates were found
in (`_entry_texts`). Then one ranking, the same on both engines, orders them the way players
ask: by how much of the query an entry covers and where (title and aliases above keywords
above body), with a boost when one of its names appears as a phrase in the query, and gap
entries below the rule they qualify unless the query is about the gap. The top result shows
the sentences that answer.

User text never reaches a query unescaped: it is cut into word tokens, and each token is
quoted (FTS5) or passed as a bound parameter (PostgreSQL). Question words and filler ("how
many", "can I", "my") are dropped before searching; number words and digits match each other.
A close-spelling fallback over titles and aliases catches typos ("cogbehemot").
"""

import difflib
import html
import math
import re
from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import pairwise
from typing import NamedTuple

from django.db import connection

from campaigns.table.compiled_sql import as_instances

from .content import fold_accents, load_entry_files
from .models import Entry

MAX_QUERY_LENGTH = 200
MAX_TOKENS = 12
CANDIDATES = 40  # rows the engine hands to the ranking; the answer is nearly always in them
START, STOP = "\x02", "\x03"  # highlight markers, turned into <mark> after escaping
WORD = re.compile(r"[^\W_]+")
OPERATORS = {"and", "or", "not", "near"}
# Words that shape a question but say nothing about which rule answers it.
FILLER = frozenset(
    re.findall(
        r"\w+",
        """a an the i im me my mine we us our you your it its they them their he him his she her
    is are was were be been am do does did doing can could should would will shall may might
    must have has had what whats how when where which who whom whose why happen happens
    happened work works that this these those there of to in on at for with from by about
    into as so if then than any s t ll ve d get gets got many much and or per""",
    )
)
NUMBER_WORDS = {
    "zero": "0", "one": "1", "two": "2", "three": "3", "four": "4", "five": "5", "six": "6",
    "seven": "7", "eight": "8", "nine": "9", "ten": "10", "eleven": "11", "twelve": "12",
    "twenty": "20",
}  # fmt: skip
DIGIT_WORDS = {digit: word for word, digit in NUMBER_WORDS.items()}
# A query with one of these words asks about what the rulebook leaves out.
GAP_WORDS = {"missing", "gap", "printed", "unprinted", "blank", "silent", "undefined"}
# Where a query word matches decides how much it counts.
FIELD_WEIGHTS = {"names": 1.0, "keywords": 0.6, "body": 0.35}
GAP_PENALTY = 0.6


@dataclass(frozen=True)
class SearchResult:
    entry: Entry
    snippet_html: str
    # True for the top result, whose snippet is the sentences that best answer the query.
    answer_first: bool = False


def query_tokens(query: str) -> list[str]:
    """Word tokens of the user's text, accent-folded and lower-cased; operators drop out."""
    words = WORD.findall(fold_accents(query or "")[:MAX_QUERY_LENGTH].lower())
    return [word for word in words if word not in OPERATORS][:MAX_TOKENS]


def content_tokens(tokens: list[str]) -> list[str]:
    """The tokens that can tell rules apart: filler dropped (unless nothing else is left)."""
    content = [token for token in tokens if token not in FILLER]
    return content or tokens


def _stem(word: str) -> str:
    """A light, symmetric stemmer for ranking only (the engines stem for matching): the same
    function runs on queries and entries, so "players"/"player" and "sharing"/"shared" meet."""
    word = NUMBER_WORDS.get(word, word)
    if len(word) > 4 and word.endswith("ies"):
        word = word[:-3] + "y"
    elif len(word) > 3 and word.endswith("s") and not word.endswith("ss"):
        word = word[:-1]
    stripped = word
    if len(word) > 5 and word.endswith("ing"):
        stripped = word[:-3]
    elif len(word) > 4 and word.endswith("ed"):
        stripped = word[:-2]
    if stripped != word and stripped[-1] == stripped[-2] and stripped[-1] not in "lsz":
        stripped = stripped[:-1]  # "winning" -> "win", as Porter does
    word = stripped
    if len(word) > 4 and word.endswith("e"):
        word = word[:-1]
    return word


def _terms(text: str) -> list[str]:
    return [_stem(word) for word in WORD.findall(fold_accents(text).lower())]


def _name_terms(name: str) -> tuple[str, ...]:
    return tuple(term for word, term in _words_and_terms(name) if word not in FILLER)


def _words_and_terms(text: str) -> list[tuple[str, str]]:
    return [(word, _stem(word)) for word in WORD.findall(fold_accents(text).lower())]


TITLE_PARTS = re.compile(r"[():,]| - ")


@dataclass(frozen=True)
class _EntryTerms:
    names: tuple[tuple[tuple[str, ...], frozenset[str]], ...]  # title and aliases: terms, set
    name_terms: frozenset[str]
    keyword_terms: frozenset[str]
    body_terms: frozenset[str]


def _entry_terms(title: str, aliases: str, keywords: str, body: str) -> _EntryTerms:
    names = tuple(terms for name in (title, *aliases.split(" ; ")) if (terms := _name_terms(name)))
    return _EntryTerms(
        names=tuple((name, frozenset(name)) for name in names),
        name_terms=frozenset(_terms(f"{title} {aliases}")),
        keyword_terms=frozenset(_terms(keywords)),
        body_terms=frozenset(_terms(body)),
    )


@cache
def _document_frequencies() -> tuple[int, dict[str, int]]:
    """How many entries use each term, from the files the database mirrors (parsed once)."""
    frequencies: dict[str, int] = {}
    entries = load_entry_files()
    for entry in entries:
        text = f"{entry.title} {' '.join(entry.aliases)} {' '.join(entry.keywords)}"
        for term in set(_terms(f"{text} {entry.body_text}")):
            frequencies[term] = frequencies.get(term, 0) + 1
    return len(entries), frequencies


@lru_cache(maxsize=1024)
def _term_weight(term: str, is_prefix: bool) -> float:
    """Rarer terms say more (inverse document frequency); a prefix counts as its commonest word."""
    total, frequencies = _document_frequencies()
    if is_prefix:
        frequency = max((n for word, n in frequencies.items() if word.startswith(term)), default=0)
    else:
        frequency = frequencies.get(term, 0)
    return math.log(1 + total / max(frequency, 1))


@dataclass(frozen=True)
class _Query:
    """What the ranking needs to know about the player's text."""

    terms: tuple[str, ...]  # distinct content terms, in order
    weights: dict[str, float]
    prefix: str | None  # the last word while it is still being typed
    about_gap: bool
    term_set: frozenset[str]

    @classmethod
    def of(cls, tokens: list[str]) -> "_Query":
        terms = tuple(dict.fromkeys(_stem(token) for token in content_tokens(tokens)))
        _, frequencies = _document_frequencies()
        last = _stem(tokens[-1])
        prefix = last if last == terms[-1] and last not in frequencies and len(last) > 1 else None
        weights = {term: _term_weight(term, term == prefix) for term in terms}
        return cls(terms, weights, prefix, bool(GAP_WORDS & set(tokens)), frozenset(terms))

    def matches(self, term: str, entry_terms: frozenset[str]) -> bool:
        if term in entry_terms:
            return True
        return term == self.prefix and any(word.startswith(term) for word in entry_terms)


def _relevance(query: _Query, entry: _EntryTerms, body: str, is_gap: bool) -> float:
    """How well an entry answers the query (larger is better); see the module docstring."""
    total = sum(query.weights.values()) or 1.0
    covered = placed = in_names = 0.0
    elsewhere = []  # query terms that the names do not hold, for the sentence check below
    for term, weight in query.weights.items():
        if query.matches(term, entry.name_terms):
            field = "names"
            in_names += weight
        else:
            elsewhere.append((term, weight))
            if query.matches(term, entry.keyword_terms):
                field = "keywords"
            elif query.matches(term, entry.body_terms):
                field = "body"
            else:
                continue
        covered += weight
        placed += weight * FIELD_WEIGHTS[field]
    phrase = exact = 0.0
    for name, name_set in entry.names:
        if name_set <= query.term_set:
            # In the query's order scores in full; the same words in another order, less.
            order = 1.0 if _contains_phrase(query.terms, name) else 0.75
            share = sum(query.weights[term] for term in name_set) / total
            phrase = max(phrase, order * share)
            exact = max(exact, float(name_set == query.term_set))
    # Words found together in one sentence are more likely the answer than words scattered;
    # the entry's own names are the subject of every sentence in it.
    together = in_names
    if elsewhere and covered > in_names:
        together += max(_weight_by_sentence(query, elsewhere, body).values(), default=0.0)
    score = covered / total + placed / total + 0.5 * together / total + 0.8 * phrase + 0.3 * exact
    if is_gap and not (query.about_gap or phrase):
        score -= GAP_PENALTY
    return score


def _contains_phrase(terms: tuple[str, ...], name: tuple[str, ...]) -> bool:
    size = len(name)
    return any(terms[i : i + size] == name for i in range(len(terms) - size + 1))


def _highlight(raw: str) -> str:
    return html.escape(raw).replace(START, "<mark>").replace(STOP, "</mark>")


SENTENCE_END = re.compile(r"(?<=[.!?;])\s+(?=[A-Z0-9*(\"“])")
ANSWER_WORDS = 40  # the top result: one or two sentences, up to this many words
SNIPPET_WORDS = 24  # the other results: a window of the best sentence


@lru_cache(maxsize=1024)
def _sentences(
    body: str,
) -> tuple[tuple[tuple[str, ...], tuple[frozenset[str], ...], frozenset[str]], ...]:
    """The body cut into sentences; each as its words, the terms of each word, all its terms."""
    sentences = []
    for sentence in SENTENCE_END.split(body):
        words = tuple(sentence.split())
        if words:
            word_terms = tuple(frozenset(_terms(word)) for word in words)
            sentences.append((words, word_terms, frozenset().union(*word_terms)))
    return tuple(sentences)


@lru_cache(maxsize=1024)
def _sentences_by_term(body: str) -> dict[str, tuple[int, ...]]:
    """Which sentences of the body (their indexes in ``_sentences``) hold each term."""
    holding: dict[str, list[int]] = {}
    for index, (_, _, terms) in enumerate(_sentences(body)):
        for term in terms:
            holding.setdefault(term, []).append(index)
    return {term: tuple(indexes) for term, indexes in holding.items()}


def _sentences_matching(query: "_Query", term: str, body: str):
    """The indexes of the sentences where ``query.matches(term, ...)``: those holding the
    term, or for the word still being typed, a term it begins."""
    by_term = _sentences_by_term(body)
    if term != query.prefix:
        return by_term.get(term, ())
    return sorted({i for word, ids in by_term.items() if word.startswith(term) for i in ids})


def _weight_by_sentence(query: "_Query", weights, body: str) -> dict[int, float]:
    """The summed weight of the (term, weight) pairs each sentence matches, for the sentences
    matching any: a search scores dozens of entries of a dozen sentences each, so it looks
    terms up by sentence instead of testing every term against every sentence. Weights are
    added in the order given, as a sum over each sentence would."""
    found: dict[int, float] = {}
    for term, weight in weights:
        for index in _sentences_matching(query, term, body):
            found[index] = found.get(index, 0) + weight
    return found


def best_sentences(
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
    weights = [
        (term, weight * (0.15 if term in names else 1.0)) for term, weight in query.weights.items()
    ]
    scores = [0] * len(sentences)
    for index, found in _weight_by_sentence(query, weights, body).items():
        scores[index] = found
    # Query words side by side, in the query's order, count extra: only in the sentences
    # holding both words of a pair (none, for a one-word query).
    pairs = set(pairwise(query.terms))
    by_term = _sentences_by_term(body)
    paired = {i for a, b in pairs for i in set(by_term.get(a, ())) & set(by_term.get(b, ()))}
    for index in paired:
        together = sum(
            0.15 if {a, b} <= names else 1.0
            for first, second in pairwise(sentences[index][1])
            for a in first
            for b in second
            if (a, b) in pairs
        )
        scores[index] += 0.5 * together
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
    # A word is marked when it matches a query term (its terms hold one, or begin with the
    # word still being typed): set tests, for the forty-odd words of each of twenty results.
    prefix = query.prefix
    hits = [
        not query.term_set.isdisjoint(terms)
        or (prefix is not None and any(word.startswith(prefix) for word in terms))
        for terms in word_terms
    ]
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


# --- engines: the candidates, and the texts the ranking reads -------------------------------

ROW_FIELDS = ["id", "game", "slug", "title", "section", "gap"]
SEARCH_FIELDS = ["search_title", "search_aliases", "search_keywords", "search_body"]
# The token of the entries' current texts, read in the same statement as the candidates.
REVISION = "(SELECT token FROM rulesref_searchrevision ORDER BY id LIMIT 1)"


def _alternatives(token: str) -> list[str]:
    """A number matches as digits or as a word ("2" / "two")."""
    if token in NUMBER_WORDS:
        return [token, NUMBER_WORDS[token]]
    if token in DIGIT_WORDS:
        return [token, DIGIT_WORDS[token]]
    return [token]


def _sqlite_match(tokens: list[str]) -> str:
    # Every token quoted (so FTS5 syntax in user text is inert); the last one is also a
    # prefix, so results appear while the player is still typing the word.
    groups = []
    for position, token in enumerate(tokens):
        quoted = [f'"{alternative}"' for alternative in _alternatives(token)]
        if position == len(tokens) - 1:
            quoted.append(f'"{token}"*')
        groups.append("(" + " OR ".join(quoted) + ")")
    return " OR ".join(groups)


def _sqlite_candidates(tokens, game, limit):
    # The entry's row is read only to pick a game: its texts come from `_entry_texts`.
    sql = f"""
        SELECT f.rowid, {REVISION}
        FROM rulesref_entry_fts f {"JOIN rulesref_entry e ON e.id = f.rowid" if game else ""}
        WHERE rulesref_entry_fts MATCH %s {"AND e.game = %s" if game else ""}
        ORDER BY bm25(rulesref_entry_fts, 10.0, 8.0, 3.0, 1.0)
        LIMIT %s"""
    params = [_sqlite_match(tokens), *([game] if game else []), limit]
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchall()


def _postgres_query(tokens) -> tuple[str, list[str]]:
    # Each word goes in as a parameter of plainto_tsquery (which parses it safely); the last
    # also matches as a prefix through to_tsquery, on a token that is only \w characters.
    parts, params = [], []
    for position, token in enumerate(tokens):
        for alternative in _alternatives(token):
            parts.append("plainto_tsquery('english', %s)")
            params.append(alternative)
        if position == len(tokens) - 1:
            parts.append("to_tsquery('english', %s)")
            params.append(f"{token}:*")
    return " || ".join(parts), params


def _postgres_candidates(tokens, game, limit):
    expression, params = _postgres_query(tokens)
    sql = f"""
        WITH q AS (SELECT {expression} AS query)
        SELECT e.id, {REVISION}
        FROM rulesref_entry e, q
        WHERE e.search_vector @@ q.query {"AND e.game = %s" if game else ""}
        ORDER BY ts_rank(e.search_vector, q.query, 1) DESC, e.title
        LIMIT %s"""
    with connection.cursor() as cursor:
        cursor.execute(sql, [*params, *([game] if game else []), limit])
        return cursor.fetchall()


class _EntryTexts(NamedTuple):
    row: tuple  # ROW_FIELDS' values
    terms: "_EntryTerms"
    body: str


# The entries' texts as of one revision token: (token, {entry id: _EntryTexts}). Until the
# first search, a token no revision has (not None: a database without its revision row
# reads None, and must still find its entries).
_NOT_READ_YET = object()
_TEXTS: tuple[object, dict[int, _EntryTexts]] = (_NOT_READ_YET, {})


def _entry_texts(token: str) -> dict[int, _EntryTexts]:
    """Every entry's row, terms and body as of the revision `token`, read once per process
    and revision: a search reads forty candidates, and reading their texts from the database
    each time cost more than finding them (a body is a kilobyte or more, on pages of its own),
    as did hashing the new strings for the caches keyed by them."""
    global _TEXTS
    held_token, texts = _TEXTS
    if held_token == token:
        return texts
    columns = ", ".join(f"e.{name}" for name in ROW_FIELDS + SEARCH_FIELDS)
    with connection.cursor() as cursor:
        # The token and the texts in one statement, so they are of the same revision.
        cursor.execute(f"SELECT {REVISION}, {columns} FROM rulesref_entry e")
        rows = cursor.fetchall()
    width = len(ROW_FIELDS)
    texts = {}
    for read_token, *row in rows:
        title, aliases, keywords, body = (text or "" for text in row[width:])
        texts[row[0]] = _EntryTexts(
            tuple(row[:width]), _entry_terms(title, aliases, keywords, body), body
        )
        token = read_token  # the revision the texts are of
    _TEXTS = (token, texts)
    return texts


ENGINES = {"sqlite": _sqlite_candidates, "postgresql": _postgres_candidates}


# --- typos ---------------------------------------------------------------------------------


@cache
def _vocabulary(game: str | None) -> frozenset[str]:
    """Words of titles and aliases, from the files the database mirrors (parsed once)."""
    words = set()
    for entry in load_entry_files():
        if game is None or entry.game == game:
            text = fold_accents(f"{entry.title} {' '.join(entry.aliases)}").lower()
            words.update(WORD.findall(text))
    return frozenset(words)


def _close_spellings(tokens: list[str], game: str | None) -> list[str]:
    """Replace each unknown token by its closest word from titles and aliases, if any."""
    vocabulary = _vocabulary(game)
    _, frequencies = _document_frequencies()
    corrected = []
    for token in tokens:
        if token in vocabulary or len(token) < 4 or _stem(token) in frequencies:
            corrected.append(token)
            continue
        matches = difflib.get_close_matches(token, vocabulary, n=1, cutoff=0.75)
        corrected.append(matches[0] if matches else token)
    return corrected


# --- the one search function ---------------------------------------------------------------


def search_entries(query: str, *, game: str | None = None, limit: int = 20) -> list[SearchResult]:
    """Ranked entries for the player's text, best answer first (see the module docstring)."""
    tokens = query_tokens(query)
    if not tokens:
        return []
    candidates = ENGINES.get(connection.vendor, _sqlite_candidates)
    words = content_tokens(tokens)
    rows = candidates(words, game, CANDIDATES)
    corrected = _close_spellings(words, game)
    if corrected != words and (not rows or len(words) > 1):
        # A misspelt word either matches nothing or drags in neighbours of its other words.
        rows = candidates(corrected, game, CANDIDATES) or rows
        if rows:
            tokens = words = corrected
    if not rows:
        return []
    ranking_query = _Query.of(tokens)
    texts = _entry_texts(rows[0][1])
    scored = []
    for position, (entry_id, _) in enumerate(rows):
        found = texts.get(entry_id)
        if found is None:  # changed since its revision was read: gone from the next search
            continue
        # The engine's order breaks near-ties (it knows term frequencies and field lengths).
        gap = found.row[-1]
        score = _relevance(ranking_query, found.terms, found.body, gap) + 0.15 * (
            1 - position / len(rows)
        )
        scored.append((score, position, found))
    scored.sort(key=lambda item: (-item[0], item[1]))
    shown = [found for _, _, found in scored[:limit]]
    entries = as_instances(Entry, ROW_FIELDS, [found.row for found in shown])
    results = []
    for index, (found, entry) in enumerate(zip(shown, entries, strict=True)):
        top = index == 0
        snippet_html = best_sentences(
            found.body,
            ranking_query,
            found.terms.name_terms,
            max_words=ANSWER_WORDS if top else SNIPPET_WORDS,
            two=top,
        )
        results.append(SearchResult(entry, snippet_html, answer_first=top))
    return results
