"""Bringing the database's copy of the reference in line with the files."""

import uuid

from django.db import transaction

from .content import EntryFile, fold_accents, load_entry_files
from .models import Entry, SearchRevision


def entry_fields(entry: EntryFile) -> dict:
    return {
        "title": entry.title,
        "section": entry.section,
        "aliases": list(entry.aliases),
        "keywords": list(entry.keywords),
        "related": list(entry.related),
        "gap": entry.gap,
        "body_html": entry.body_html,
        "search_title": fold_accents(entry.title),
        "search_aliases": fold_accents(" ; ".join(entry.aliases)),
        "search_keywords": fold_accents(" ; ".join(entry.keywords)),
        # The body keeps its accents so snippets read as written; FTS5 folds them itself and
        # the aliases carry the accent-free spellings for PostgreSQL.
        "search_body": entry.body_text,
    }


def sync_reference(entries: tuple[EntryFile, ...] | None = None) -> dict[str, int]:
    """Create, update and delete rows so the table matches the files. Returns counts."""
    entries = load_entry_files() if entries is None else entries
    counts = {"created": 0, "updated": 0, "deleted": 0, "unchanged": 0}
    with transaction.atomic():
        existing = {(e.game, e.slug): e for e in Entry.objects.all()}
        for entry in entries:
            fields = entry_fields(entry)
            row = existing.pop((entry.game, entry.slug), None)
            if row is None:
                Entry.objects.create(game=entry.game, slug=entry.slug, **fields)
                counts["created"] += 1
            elif any(getattr(row, name) != value for name, value in fields.items()):
                for name, value in fields.items():
                    setattr(row, name, value)
                row.save()
                counts["updated"] += 1
            else:
                counts["unchanged"] += 1
        for row in existing.values():
            row.delete()
            counts["deleted"] += 1
        if counts["created"] or counts["updated"] or counts["deleted"]:
            # Every process's search copy of the texts is now stale (see search.py).
            token = uuid.uuid4().hex
            if not SearchRevision.objects.update(token=token):
                SearchRevision.objects.create(token=token)
    return counts
