"""Searching the reference: one function, two engines chosen by the database.

SQLite uses the FTS5 table (porter + unicode61, bm25 weighted towards title and aliases,
snippet() for highlights); PostgreSQL the weighted tsvector column (websearch_to_tsquery,
ts_rank, ts_headline). User text never reaches a query unescaped: it is cut into word
tokens, and each token is quoted (FTS5) or passed as a bound parameter (PostgreSQL).
A close-spelling fallback over titles and aliases catches typos ("cogbehemot").
"""

import difflib
import html
import re
from dataclasses import dataclass
from functools import cache

from django.db import connection

from .content import fold_accents, load_entry_files
from .models import Entry

MAX_QUERY_LENGTH = 200
MAX_TOKENS = 12
START, STOP = "\x02", "\x03"  # highlight markers, turned into <mark> after escaping


@dataclass(frozen=True)
class SearchResult:
    entry: Entry
    snippet_html: str


def query_tokens(query: str) -> list[str]:
    """Word tokens of the user's text, accent-folded and lower-cased; operators drop out."""
    words = re.findall(r"\w+", fold_accents(query or "")[:MAX_QUERY_LENGTH].lower())
    return [word for word in words if word not in {"and", "or", "not", "near"}][:MAX_TOKENS]


def _highlight(raw: str) -> str:
    return html.escape(raw).replace(START, "<mark>").replace(STOP, "</mark>")


def _sqlite_match(tokens: list[str], *, any_token: bool) -> str:
    # Every token quoted (so FTS5 syntax in user text is inert); the last one is a prefix,
    # so results appear while the player is still typing the word.
    quoted = [f'"{token}"' for token in tokens]
    quoted[-1] += "*"
    return (" OR " if any_token else " ").join(quoted)


def _search_sqlite(tokens, game, limit, any_token):
    sql = f"""
        SELECT e.id, snippet(rulesref_entry_fts, 3, '{START}', '{STOP}', '…', 14)
        FROM rulesref_entry_fts JOIN rulesref_entry e ON e.id = rulesref_entry_fts.rowid
        WHERE rulesref_entry_fts MATCH %s {"AND e.game = %s" if game else ""}
        ORDER BY bm25(rulesref_entry_fts, 10.0, 8.0, 3.0, 1.0)
        LIMIT %s"""
    params = [_sqlite_match(tokens, any_token=any_token), *([game] if game else []), limit]
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchall()


def _search_postgres(tokens, game, limit, any_token):
    # websearch_to_tsquery parses the whole words safely; the last word also matches as a
    # prefix (to_tsquery on a token that is only \w characters, passed as a parameter).
    head = (" or " if any_token else " ").join(tokens[:-1])
    combine = "||" if any_token else "&&"
    sql = f"""
        WITH q AS (SELECT websearch_to_tsquery('english', %s) {combine}
                          to_tsquery('english', %s) AS query)
        SELECT e.id, ts_headline('english', e.search_body, q.query,
               'StartSel={START}, StopSel={STOP}, MaxWords=28, MinWords=10, MaxFragments=1')
        FROM rulesref_entry e, q
        WHERE e.search_vector @@ q.query {"AND e.game = %s" if game else ""}
        ORDER BY ts_rank(e.search_vector, q.query, 1) DESC, e.title
        LIMIT %s"""
    params = [head, f"{tokens[-1]}:*", *([game] if game else []), limit]
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchall()


@cache
def _vocabulary(game: str | None) -> frozenset[str]:
    """Words of titles and aliases, from the files the database mirrors (parsed once)."""
    words = set()
    for entry in load_entry_files():
        if game is None or entry.game == game:
            text = fold_accents(f"{entry.title} {' '.join(entry.aliases)}").lower()
            words.update(re.findall(r"\w+", text))
    return frozenset(words)


def _close_spellings(tokens: list[str], game: str | None) -> list[str]:
    """Replace each unknown token by its closest word from titles and aliases, if any."""
    vocabulary = _vocabulary(game)
    corrected = []
    for token in tokens:
        if token in vocabulary or len(token) < 4:
            corrected.append(token)
            continue
        matches = difflib.get_close_matches(token, vocabulary, n=1, cutoff=0.75)
        corrected.append(matches[0] if matches else token)
    return corrected


def search_entries(query: str, *, game: str | None = None, limit: int = 20) -> list[SearchResult]:
    """Ranked entries for the player's text (all words first, then any word, then typos)."""
    tokens = query_tokens(query)
    if not tokens:
        return []
    engine = _search_postgres if connection.vendor == "postgresql" else _search_sqlite
    rows = engine(tokens, game, limit, any_token=False)
    if not rows:
        corrected = _close_spellings(tokens, game)
        if corrected != tokens:
            rows = engine(corrected, game, limit, any_token=False)
    if not rows and len(tokens) > 1:
        rows = engine(tokens, game, limit, any_token=True)
    # The result list needs titles and sections, not the bodies.
    entries = Entry.objects.defer("body_html", "search_body").in_bulk([row[0] for row in rows])
    results = [
        SearchResult(entry=entries[entry_id], snippet_html=_highlight(snippet))
        for entry_id, snippet in rows
        if entry_id in entries
    ]
    # Stable sort: the engine's order stands except where a title or alias says the same
    # thing as the query, which players expect first ("tom" -> the solo overview).
    return sorted(results, key=lambda result: _title_fit(result.entry, tokens))


def _title_fit(entry: Entry, tokens: list[str]) -> tuple[int, int, float]:
    """Sort key (smaller is better): exact title/alias match, then how much of the title
    the query covers (prefix-aware, so "luftle" covers "Luftles")."""
    phrase = " ".join(tokens)
    names = [entry.search_title, *entry.search_aliases.split(" ; ")]
    exact = any(" ".join(re.findall(r"\w+", name.lower())) == phrase for name in names)
    title_words = re.findall(r"\w+", entry.search_title.lower())
    covered = sum(any(word.startswith(token) for word in title_words) for token in tokens)
    return (0 if exact else 1, -covered, -covered / max(len(title_words), 1))
