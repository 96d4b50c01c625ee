"""Membership checks for campaign URLs: non-members get 404, viewers cannot write (403).

Every view under /c/<campaign_id>/ is wrapped in `campaign_view`; a test walks the URL
configuration and checks that none is missing.

A live region's reload (an htmx GET) may carry the page's poll ticket in the `X-Dawn-Ticket`
header (app.js adds it): every phone at the table reloads its regions after every change,
and with a genuine ticket the member is found in one read instead of three (the session,
the user, the membership). The ticket proves what the session would (poll_ticket.py): the
same signed-in session, the same password, an active member now. Anything else, and every
other request, goes through the session as before.
"""

from functools import wraps

from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404

from . import poll_ticket
from .compiled_sql import CompiledQuery, as_instances, attnames
from .models import Campaign, Membership

SAFE_METHODS = ("GET", "HEAD", "OPTIONS")
# The largest id a database row can have (a signed 64-bit integer on both databases).
MAX_ID = 2**63 - 1


MEMBERSHIP_FIELDS = attnames(Membership)
_CAMPAIGN_FIELDS = attnames(Campaign)
# The columns of a membership read with its campaign (`memberships_with_campaigns`).
MEMBERSHIP_WITH_CAMPAIGN_COLUMNS = (
    *MEMBERSHIP_FIELDS,
    *(f"campaign__{name}" for name in _CAMPAIGN_FIELDS),
)
_MEMBERSHIP_WITH_CAMPAIGN = CompiledQuery(
    lambda campaign_id, user_id: (
        Membership.objects.filter(campaign_id=campaign_id, user_id=user_id)
        .order_by()  # one row at most: the pair is unique
        .values_list(*MEMBERSHIP_WITH_CAMPAIGN_COLUMNS)
    )
)


def memberships_with_campaigns(rows) -> list[Membership]:
    """Memberships from rows of `MEMBERSHIP_WITH_CAMPAIGN_COLUMNS`, each with its campaign
    (no query when it is asked for)."""
    memberships = as_instances(Membership, MEMBERSHIP_FIELDS, rows)
    width = len(MEMBERSHIP_FIELDS)
    campaigns = as_instances(Campaign, _CAMPAIGN_FIELDS, [row[width:] for row in rows])
    for membership, campaign in zip(memberships, campaigns, strict=True):
        Membership.campaign.field.set_cached_value(membership, campaign)
    return memberships


def get_membership_or_404(user, campaign_id) -> Membership:
    """The user's membership of the campaign (with the campaign), or 404.

    One indexed read on every campaign request: by the unique (campaign, user) pair, so no
    ordering or limit is needed; its SQL is built once (compiled_sql.py)."""
    rows = _MEMBERSHIP_WITH_CAMPAIGN.rows(campaign_id=campaign_id, user_id=user.pk)
    if not rows:
        raise Http404("No such campaign")
    (membership,) = memberships_with_campaigns(rows)
    # The member is the signed-in user: `membership.user` needs no query of its own.
    Membership.user.field.set_cached_value(membership, user)
    return membership


# The membership with its campaign, and the password hash the ticket is signed over, when
# the ticket's session is still signed in and its holder active (as the poll's read).
_TICKETED_MEMBERSHIP = CompiledQuery(
    lambda campaign_id, user_id, session_key: poll_ticket.vouched_memberships(
        campaign_id, user_id, session_key
    ).values_list(*MEMBERSHIP_WITH_CAMPAIGN_COLUMNS, "user__password"),
    text=("session_key",),
)
TICKET_HEADER = "HTTP_X_DAWN_TICKET"  # X-Dawn-Ticket


def ticketed_membership(request, campaign_id: int) -> Membership | None:
    """The member a live region's reload vouches for with its poll ticket, with the
    campaign; None unless this is an htmx GET carrying a genuine ticket for this campaign,
    sent with the session cookie it was issued to. The session and user are not loaded:
    `membership.user` is the request's user, read only if something asks for it."""
    ticket = request.META.get(TICKET_HEADER)
    if not ticket or request.method != "GET" or request.META.get("HTTP_HX_REQUEST") != "true":
        return None
    session_key = request.COOKIES.get(settings.SESSION_COOKIE_NAME)
    row = poll_ticket.vouched_row(_TICKETED_MEMBERSHIP, ticket, campaign_id, session_key)
    if row is None:
        return None
    (membership,) = memberships_with_campaigns([row[:-1]])
    Membership.user.field.set_cached_value(membership, request.user)
    return membership


def show_committed_version(campaign: Campaign) -> None:
    """After a write, the version its answer's live regions are drawn at (data-live-version):
    read once the write is done and before anything is drawn, so what they show is at least
    that new; the services lock and bump their own copy of the row, not this one. The phone
    then skips reloading them for its own change, and a later write by anyone still
    reloads them."""
    rows = _VERSION.rows(campaign_id=campaign.pk)
    if rows:
        campaign.version = rows[0][0]


_VERSION = CompiledQuery(
    lambda campaign_id: Campaign.objects.filter(pk=campaign_id).values_list("version")
)


def _ids_in_range(campaign_id: int, kwargs: dict) -> bool:
    """The URL's ids fit a row's id (its <int:> is never negative)."""
    return campaign_id <= MAX_ID and all(
        value <= MAX_ID for value in kwargs.values() if isinstance(value, int)
    )


def campaign_view(view=None, *, owner_only_writes: bool = False, game: str | None = None):
    """Wrap a view taking (request, membership, ...): login, membership, write permission.

    GET/HEAD are reads, open to every member. Any other method is a write: refused with 403
    for viewers, and for players too when `owner_only_writes`. A view for one `game` is 404
    in a campaign of another game.
    """

    def decorate(view_func):
        def checked(request, membership, args, kwargs):
            if game is not None and membership.campaign.game != game:
                raise Http404("This tool belongs to another game")
            if request.method not in SAFE_METHODS:
                allowed = membership.is_owner if owner_only_writes else membership.can_write
                if not allowed:
                    raise PermissionDenied("Your role in this campaign cannot change it.")
            request.campaign_membership = membership  # for form_action (htmx.py)
            return view_func(request, membership, *args, **kwargs)

        @login_required
        def signed_in(request, campaign_id, args, kwargs):
            if not _ids_in_range(campaign_id, kwargs):
                raise Http404("No such record")
            membership = get_membership_or_404(request.user, campaign_id)
            return checked(request, membership, args, kwargs)

        @wraps(view_func)
        def wrapper(request, campaign_id, *args, **kwargs):
            membership = None
            if _ids_in_range(campaign_id, kwargs):
                membership = ticketed_membership(request, campaign_id)
            if membership is None:
                return signed_in(request, campaign_id, args, kwargs)
            return checked(request, membership, args, kwargs)

        wrapper.campaign_access = "owner" if owner_only_writes else "member"
        return wrapper

    return decorate(view) if view is not None else decorate
