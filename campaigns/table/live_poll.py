"""The live-refresh check's "changed" answer: the poller drawn again at the new version, naming
who made the newest change, with the event that makes every live region of the page refresh.

Given from the ticket (middleware.TicketedPollMiddleware) or after the session's check
(views.campaign_version); both draw it here, so the two answers are the same.
"""

from django.conf import settings
from django.contrib.auth import get_user_model
from django.http import HttpResponse
from django_htmx.http import trigger_client_event

from .compiled_sql import CompiledQuery
from .models import LedgerEntry
from .templatetags.page_shell import drawn_at, poller_html

_USERNAME_FIELD = get_user_model().USERNAME_FIELD

# Every phone's check after a change asks this: one row, without the entry's deltas (a
# battle's entries carry whole snapshots), its SQL built once.
_NEWEST_CHANGE = CompiledQuery(
    lambda campaign_id: (
        LedgerEntry.objects.filter(campaign_id=campaign_id)
        .order_by("-id")
        .values_list("created_at", "reason", "actor_id", f"actor__{_USERNAME_FIELD}")[:1]
    )
)


def newest_change(campaign_id: int, seen_at: str, member_id: int) -> dict | None:
    """Who made the newest ledger entry and why, if it is newer than the page that asks
    (`seen_at`, the server's time when it drew the poller); for "Mia: Spent 2 VP on Leap"."""
    try:
        seen = float(seen_at)
    except ValueError:
        return None
    rows = _NEWEST_CHANGE.rows(campaign_id=campaign_id)
    if not rows:
        return None
    created_at, reason, actor_id, username = rows[0]
    if created_at.timestamp() <= seen:
        return None
    return {
        "who": username if actor_id is not None else "Someone",
        "reason": reason,
        "by_me": actor_id == member_id,
    }


def changed_answer(campaign_id: int, version: int, change: dict | None, ticket: str):
    poller = poller_html(
        campaign_id,
        version,
        ticket,
        seen_at=drawn_at(),
        interval_ms=settings.LIVE_REFRESH_INTERVAL_MS,
        change=change,
    )
    response = HttpResponse(poller)
    response["Cache-Control"] = "private, no-store"
    # Triggered on the poller before it is swapped, so the event still bubbles to <body>,
    # where every live region of the page listens for it; a region already showing this
    # version (data-live-version) stays as it is (app.js).
    return trigger_client_event(response, "campaign-changed", {"version": version})
