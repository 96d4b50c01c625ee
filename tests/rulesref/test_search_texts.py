"""The search keeps the entries' texts in the process, by revision: a search after the
reference changes shows the new texts, never the remembered ones."""

from dataclasses import replace

from django.db import transaction

from rulesref import search
from rulesref.content import load_entry_files
from rulesref.loading import sync_reference
from rulesref.models import SearchRevision
from rulesref.search import search_entries


def _boost_entry():
    return next(entry for entry in load_entry_files() if entry.key == "occulites/boost-cards")


def _rewritten(entry, word):
    return replace(
        entry,
        title=f"Boost cards ({word})",
        body_text=f"A {word} is now what this rule is about.",
    )


def _others():
    return tuple(entry for entry in load_entry_files() if entry.key != "occulites/boost-cards")


def _first(query):
    results = search_entries(query)
    return results[0] if results else None


def test_a_search_reads_only_the_candidates_once_the_texts_are_held(
    reference, django_assert_num_queries
):
    search_entries("boost")
    with django_assert_num_queries(1):
        assert _first("reborn penalty").entry.key == "occulites/reborn-penalty"


def test_a_changed_entry_is_searched_and_shown_as_changed(reference):
    assert "occulites/boost-cards" in [r.entry.key for r in search_entries("boost")]
    assert _first("quokka") is None

    sync_reference((*_others(), _rewritten(_boost_entry(), "quokka")))

    top = _first("quokka")
    assert top.entry.key == "occulites/boost-cards"
    assert top.entry.title == "Boost cards (quokka)"
    assert "<mark>quokka</mark>" in top.snippet_html


def test_a_rolled_back_change_is_not_shown_afterwards(reference):
    before = _first("boost cards")
    try:
        with transaction.atomic():
            sync_reference((*_others(), _rewritten(_boost_entry(), "xylograph")))
            assert _first("xylograph").entry.title == "Boost cards (xylograph)"
            raise RuntimeError("roll back")
    except RuntimeError:
        pass

    assert _first("xylograph") is None
    after = _first("boost cards")
    assert (after.entry.key, after.entry.title, after.snippet_html) == (
        before.entry.key,
        before.entry.title,
        before.snippet_html,
    )


def test_a_removed_entry_is_no_longer_found(reference):
    sync_reference(_others())
    assert "occulites/boost-cards" not in [r.entry.key for r in search_entries("boost cards")]


def test_entries_are_found_in_a_database_without_its_revision_row(reference, monkeypatch):
    """A first search in a process, the revision row gone (a flushed database refilled by
    hand): the texts are read, not taken for an empty revision."""
    SearchRevision.objects.all().delete()
    monkeypatch.setattr(search, "_TEXTS", (search._NOT_READ_YET, {}))
    assert _first("boost cards").entry.key == "occulites/boost-cards"
