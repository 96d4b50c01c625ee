"""Poll tickets: the live-refresh check is answered from one indexed read, not the session.

Three quarters of all requests at a table are the poll, and most of a poll's work was
loading the session and its user before the one read that matters. A page hands its poller a
ticket (`k` in the poll URL) naming the member and signed with the server's secret over the
member, the campaign, when it was issued, the member's password hash and the session's key.
The check then reads the membership joined to its campaign and user by the unique (campaign, user) index, and
answers 204 if the ticket is genuine and the version is still the one the page shows.

A ticket is only good for a campaign its holder is still an active member of, sent with the
session cookie it was issued to; logging out or changing the password voids it, and it
lapses with the session's age. Since it proves all that, a changed version is answered from
it too (who changed what, and the next ticket: live_poll.py); anything else (no ticket, a
bad or stale one) goes through the full session check.
"""

import time
from dataclasses import dataclass

from django.conf import settings
from django.contrib.sessions.models import Session
from django.db.models import Exists
from django.db.models.functions import Now
from django.utils.crypto import constant_time_compare, salted_hmac

from .compiled_sql import CompiledQuery
from .models import Membership

SALT = "dawn-companion.poll-ticket"


def vouched_memberships(campaign_id: int, user_id: int, session_key: str):
    """The membership a ticket can vouch for, by the unique (campaign, user) index: its
    holder active and the session it was issued to still there (the cookie's key, unexpired:
    logging out voids the ticket; the ticket is signed over that key, so it is only good
    with the cookie it was issued to). Read with the password hash the ticket is signed
    over, each reader its own columns."""
    return Membership.objects.filter(
        Exists(Session.objects.filter(session_key=session_key, expire_date__gt=Now())),
        campaign_id=campaign_id,
        user_id=user_id,
        user__is_active=True,
    ).order_by()


# The holder, the version and the password hash; SQL built once (building the queryset cost
# three times running it).
_VERSION_AND_PASSWORD = CompiledQuery(
    lambda campaign_id, user_id, session_key: vouched_memberships(
        campaign_id, user_id, session_key
    ).values_list("user_id", "campaign__version", "user__password"),
    text=("session_key",),
)


@dataclass(frozen=True)
class TicketHolder:
    """The member a genuine ticket vouches for, and the campaign's version now."""

    user_id: int
    password_hash: str
    version: int


def issue(user, campaign_id: int, session_key: str, *, now: float | None = None) -> str:
    return issue_for(user.pk, user.password, campaign_id, session_key, now=now)


def issue_for(
    user_id: int, password_hash: str, campaign_id: int, session_key: str, *, now=None
) -> str:
    issued = int(time.time() if now is None else now)
    signature = _signature(user_id, campaign_id, issued, password_hash, session_key)
    return f"{user_id}.{issued}.{signature}"


def holder(ticket: str, campaign_id: int, session_key: str | None) -> TicketHolder | None:
    """The ticket's holder when it is genuine, unexpired, issued to this session (still
    signed in) and its holder an active member of the campaign; else None. One query; the
    session and user are not loaded."""
    row = vouched_row(_VERSION_AND_PASSWORD, ticket, campaign_id, session_key)
    if row is None:
        return None
    user_id, version, password = row
    return TicketHolder(user_id, password, version)


def vouched_row(query: CompiledQuery, ticket: str, campaign_id: int, session_key: str | None):
    """The row `query` reads of `vouched_memberships` (its last column the holder's password
    hash) for a ticket that is well formed, younger than a session lives and signed by the
    server over its holder, this campaign, when it was issued, that password hash as stored
    now and this session's key; else None. The one check every reader of a ticket makes."""
    parsed = _parse(ticket)
    if parsed is None or not session_key:
        return None
    user_id, issued, signature = parsed
    if time.time() - issued > settings.SESSION_COOKIE_AGE:
        return None
    rows = query.rows(campaign_id=campaign_id, user_id=user_id, session_key=session_key)
    if not rows:
        return None
    row = rows[0]
    expected = _signature(user_id, campaign_id, issued, row[-1], session_key)
    return row if constant_time_compare(signature, expected) else None


def shows_current_version(
    ticket: str, campaign_id: int, seen_version: str | None, session_key: str | None
) -> bool:
    """True when the ticket is genuine (see `holder`) and the campaign is still at
    `seen_version`."""
    if not seen_version:
        return False
    found = holder(ticket, campaign_id, session_key)
    return found is not None and str(found.version) == seen_version


def _signature(
    user_id: int, campaign_id: int, issued: int, password_hash: str, session_key: str
) -> str:
    message = f"{user_id}:{campaign_id}:{issued}:{password_hash}:{session_key}"
    return salted_hmac(SALT, message, algorithm="sha256").hexdigest()[:32]


def _parse(ticket: str) -> tuple[int, int, str] | None:
    parts = (ticket or "").split(".")
    if len(parts) != 3 or not parts[0].isdigit() or not parts[1].isdigit():
        return None
    user_id, issued = int(parts[0]), int(parts[1])
    if user_id > 2**63 - 1:  # the largest id a row can have; larger overflows the query
        return None
    return user_id, issued, parts[2]
