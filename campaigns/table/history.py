"""Lists of ledger entries as pages show them (the History page, a tribe's or a Kinship's
latest changes): read without their deltas, with whether each was undone, and each row's
who, when and undo link worked out in Python rather than in the template."""

from django.contrib.auth import get_user_model
from django.db import connection
from django.db.models import Exists, OuterRef
from django.utils import timezone

from .compiled_sql import CompiledQuery
from .ledger import undoable
from .models import LedgerEntry
from .url_cache import cached_reverse, reverse_around_id

HISTORY_PAGE_LENGTH = 50


def listed_entries(entries):
    """`entries` (a queryset of ledger entries) ready to list: with the actor, without the
    deltas (a battle's entries carry snapshots), marked `undone` (Exists, looked up for the
    listed entries only, where a Count would group every entry of the campaign first)."""
    return (
        entries.select_related("actor")
        .defer("deltas")
        .annotate(undone=Exists(LedgerEntry.objects.filter(reverses=OuterRef("pk"))))
    )


# What `%b` gives in the C locale (Python never switches LC_TIME): a table is quicker than
# strftime for the 40-50 rows of a list.
MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")


def history_row(reason, who, subject, created_at, undone, reversal, undo_url, tz, /) -> dict:
    """What a list shows of one entry (`history_items` draws it), from its columns: for a
    game that reads its entries as plain rows. `undo_url`: its undo link, "" for none.
    Arguments by position: a list calls it fifty times, and keywords cost a third more."""
    when = created_at.astimezone(tz)
    iso_time = when.isoformat()
    return {
        "reason": reason,
        "who": who or "someone",
        "subject": subject,
        "iso_time": iso_time,
        # The hour and minute as isoformat writes them (always "HH:MM" at 11-16).
        "time": f"{when.day} {MONTHS[when.month - 1]} {iso_time[11:16]}",
        "undone": bool(undone),
        "reversal": reversal,
        "undo_url": undo_url,
    }


def history_rows(entries, undoable_ids=frozenset()) -> list[dict]:
    """What a list shows of each entry, worked out once here: the template engine spends far
    longer per lookup and filter than Python does (40-50 rows a page)."""
    tz = timezone.get_current_timezone()
    return [
        history_row(
            entry.reason,
            entry.actor.get_username() if entry.actor else None,
            entry.subject_label,
            entry.created_at,
            entry.undone,
            entry.reverses_id is not None,
            cached_reverse("undo", (entry.campaign_id, entry.pk))
            if entry.pk in undoable_ids
            else "",
            tz,
        )
        for entry in entries
    ]


def _history_page(campaign_id, subject_type=None, subject_id=None, length=HISTORY_PAGE_LENGTH):
    """The History page's newest entries (of one subject, if given) as plain rows: no
    deltas, the actor's name joined, and the entry that undid each, if any (joined by the
    unique `reverses` index, row by row: as an EXISTS, PostgreSQL hashed every reversal
    of the ledger first)."""
    entries = LedgerEntry.objects.filter(campaign_id=campaign_id)
    if subject_type is not None:
        entries = entries.filter(subject_type=subject_type, subject_id=subject_id)
    return entries.order_by("-id").values_list(
        "id",
        "actor_id",
        "kind",
        "reason",
        "reverses_id",
        "subject_label",
        "created_at",
        f"actor__{get_user_model().USERNAME_FIELD}",
        "reversed_by__id",
    )[:length]


# The newest entries, of the campaign or of one subject, by length (a read of the rows a
# page shows, no more): each query's SQL built once.
_HISTORY_PAGES: dict[tuple[bool, int], CompiledQuery] = {}


def _history_query(*, of_subject: bool, length: int) -> CompiledQuery:
    key = (of_subject, length)
    if key not in _HISTORY_PAGES:
        if of_subject:
            _HISTORY_PAGES[key] = CompiledQuery(
                lambda campaign_id, subject_type, subject_id: _history_page(
                    campaign_id, subject_type, subject_id, length
                ),
                text=("subject_type", "subject_id"),
            )
        else:
            _HISTORY_PAGES[key] = CompiledQuery(
                lambda campaign_id: _history_page(campaign_id, length=length)
            )
    return _HISTORY_PAGES[key]


def campaign_history(
    campaign_id: int, *, subject=None, undo_allowed=None, length=HISTORY_PAGE_LENGTH
) -> list[dict]:
    """The newest `length` entries (the History page's rows), newest first: every entry, or
    one subject's (`subject` = (type, id)). `undo_allowed(actor_id)` says whether the member
    may undo an entry of that actor (None: undo offered nowhere). One query."""
    if subject:
        rows = _history_query(of_subject=True, length=length).rows(
            campaign_id=campaign_id, subject_type=subject[0], subject_id=subject[1]
        )
    else:
        rows = _history_query(of_subject=False, length=length).rows(campaign_id=campaign_id)
    tz = timezone.get_current_timezone()
    # Each row's undo link is its id between the same two halves, found once for the list.
    undo_head, undo_tail = reverse_around_id("undo", (campaign_id,))
    return [
        history_row(
            reason,
            who,
            subject_label,
            created_at,
            undone_by is not None,
            reverses_id is not None,
            f"{undo_head}{entry_id}{undo_tail}"
            if undo_allowed is not None
            and undoable(kind, reverses_id, undone_by is not None)
            and undo_allowed(actor_id)
            else "",
            tz,
        )
        for entry_id, actor_id, kind, reason, reverses_id, subject_label, created_at, who, undone_by in rows
    ]


# Each subject's newest entry, found by skipping through the (campaign, subject, -id) index
# from one subject to the next (two seeks a subject: the next id of this type, else the next
# type), so the list costs the number of subjects, not the number of entries. Written as SQL:
# the ORM has no recursive queries. Both databases read it as index seeks only.
_SUBJECTS_SQL = """
WITH RECURSIVE step(id) AS (
    SELECT (SELECT e.id FROM {table} e WHERE e.campaign_id = %s
            ORDER BY e.subject_type, e.subject_id, e.id DESC LIMIT 1)
    UNION ALL
    SELECT COALESCE(
        (SELECT e.id FROM {table} e
         WHERE e.campaign_id = %s AND e.subject_type = cur.subject_type
           AND e.subject_id > cur.subject_id
         ORDER BY e.subject_id, e.id DESC LIMIT 1),
        (SELECT e.id FROM {table} e
         WHERE e.campaign_id = %s AND e.subject_type > cur.subject_type
         ORDER BY e.subject_type, e.subject_id, e.id DESC LIMIT 1))
    FROM step JOIN {table} cur ON cur.id = step.id
)
SELECT e.subject_type, e.subject_id, e.subject_label FROM step JOIN {table} e ON e.id = step.id
"""


def subjects_with_history(campaign_id: int) -> list[tuple[str, str, str]]:
    """(subject type, subject id, its newest entry's label) for each subject the campaign's
    ledger has entries about."""
    sql = _SUBJECTS_SQL.format(table=connection.ops.quote_name(LedgerEntry._meta.db_table))
    with connection.cursor() as cursor:
        cursor.execute(sql, [campaign_id] * 3)
        return cursor.fetchall()
