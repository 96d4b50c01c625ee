"""Small middleware of the table platform: the ticketed live-refresh check, HEAD like GET,
and headers every page carries."""

import re

from django.conf import settings
from django.http import HttpResponse
from django.urls import reverse

from . import live_poll, poll_ticket
from .access import MAX_ID

# Everything the app loads is its own: no inline script or style, no eval (htmx is configured
# with allowEval off and without injected indicator styles; see base.html).
CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; font-src 'self'; manifest-src 'self'; worker-src 'self'; "
    "object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"
)
PERMISSIONS_POLICY = (
    "camera=(), microphone=(), geolocation=(), payment=(), usb=(), "
    "accelerometer=(), gyroscope=(), magnetometer=(), screen-wake-lock=(self)"
)


class HeadAsGetMiddleware:
    """Answer HEAD wherever GET is answered (views declare GET only): the same status and
    headers, no body."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if request.method != "HEAD":
            return self.get_response(request)
        request.method = "GET"
        response = self.get_response(request)
        request.method = "HEAD"
        if not getattr(response, "streaming", False):
            length = len(response.content)
            response.content = b""
            response["Content-Length"] = str(length)
        return response


class PrivatePagesMiddleware:
    """A page for a signed-in member is never kept by a browser or proxy cache (a shared
    tablet must not show the last player's campaign); every response carries the Content
    Security Policy and says which browser features the app does not use."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        is_static = request.path.startswith(settings.STATIC_URL)
        if not is_static and _for_a_member(request):
            response["Cache-Control"] = "private, no-store"
        response.setdefault("Permissions-Policy", PERMISSIONS_POLICY)
        response.setdefault("Content-Security-Policy", CONTENT_SECURITY_POLICY)
        return response


def _for_a_member(request) -> bool:
    """Whether the request was a signed-in member's: a campaign page knows its member
    (a live region's reload may have been let in by its ticket, the user never loaded)."""
    if getattr(request, "campaign_membership", None) is not None:
        return True
    user = getattr(request, "user", None)
    return user is not None and user.is_authenticated


class TicketedPollMiddleware:
    """The live-refresh check carrying its ticket, answered before the rest of the stack.

    Three quarters of a table's requests are this check, and most answer "unchanged". With a
    genuine ticket that needs one read and nothing of what the other middleware does (static
    files, sessions, CSRF, messages, the user), which cost more than the read (0.57 -> 0.36 ms
    of CPU per check in process on PostgreSQL). Every phone's check after a change is
    answered here too (one read more: who made the change). First in MIDDLEWARE; a check
    without a genuine ticket goes down the stack to the view.
    """

    def __init__(self, get_response):
        self.get_response = get_response
        stand_in = 2_000_000_001
        path = reverse("campaign_version", args=[stand_in])
        self.path = re.compile(re.escape(path).replace(str(stand_in), "([0-9]{1,18})"))

    def __call__(self, request):
        if request.method == "GET" and (match := self.path.fullmatch(request.path_info)):
            campaign_id = int(match[1])
            if campaign_id <= MAX_ID:
                response = self._answer_from_ticket(request, campaign_id)
                if response is not None:
                    return response
        return self.get_response(request)

    @staticmethod
    def _answer_from_ticket(request, campaign_id: int):
        query = request.GET
        session_key = request.COOKIES.get(settings.SESSION_COOKIE_NAME)
        holder = poll_ticket.holder(query.get("k", ""), campaign_id, session_key)
        if holder is None:
            return None
        if query.get("v") == str(holder.version):
            response = HttpResponse(status=204)
            response["Cache-Control"] = "private, no-store"
            return response
        change = live_poll.newest_change(campaign_id, query.get("t", ""), holder.user_id)
        ticket = poll_ticket.issue_for(
            holder.user_id, holder.password_hash, campaign_id, session_key
        )
        response = live_poll.changed_answer(campaign_id, holder.version, change, ticket)
        # What the middleware below would have added to this page fragment.
        response["Content-Security-Policy"] = CONTENT_SECURITY_POLICY
        response["Permissions-Policy"] = PERMISSIONS_POLICY
        response["X-Content-Type-Options"] = "nosniff"
        return response
