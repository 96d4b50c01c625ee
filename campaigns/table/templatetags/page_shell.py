"""The parts of every page around its content, written in Python: the links in the head,
the top bar (campaign switcher, rules search, account menu), a campaign's tabs and its live
poller.

Through the template engine these cost more than many a page's own content: about 1.2 ms of
a 2.4 ms page in process, where the bare view costs 0.3 (dozens of lookups, three loops, ten
`{% url %}` and `{% static %}` tags, an inclusion tag). The markup is the same; the tests in
`tests/table/test_page_shell.py` pin each part against the template it replaced, escaping
included.
"""

from functools import lru_cache
from html import escape

from django import template
from django.conf import settings
from django.core.signals import setting_changed
from django.dispatch import receiver
from django.templatetags.static import static
from django.urls import get_script_prefix, get_urlconf
from django.utils import timezone
from django.utils.safestring import mark_safe

from campaigns.table.games import SHARED_TABS, game
from campaigns.table.poll_ticket import issue as issue_poll_ticket
from campaigns.table.url_cache import cached_reverse

register = template.Library()


@lru_cache(maxsize=8)
def _head_links(prefix, urlconf, static_url) -> str:
    # The static files' names (hashed in production) and these URLs are fixed while the
    # process runs; the key changes with what they are built from.
    return (
        f'<link rel="manifest" href="{escape(cached_reverse("manifest"))}">\n'
        f'  <link rel="icon" href="{escape(static("table/icons/icon.svg"))}" '
        'type="image/svg+xml">\n'
        '  <link rel="apple-touch-icon" '
        f'href="{escape(static("table/icons/apple-touch-icon.png"))}">'
    )


@lru_cache(maxsize=8)
def _head_assets(prefix, urlconf, static_url) -> str:
    return (
        f'<link rel="stylesheet" href="{escape(static("table/css/app.css"))}">\n'
        f'  <script src="{escape(static("table/js/htmx.min.js"))}" defer></script>\n'
        f'  <script src="{escape(static("table/js/app.js"))}" defer '
        f'data-service-worker="{escape(cached_reverse("service_worker"))}"></script>'
    )


@receiver(setting_changed)
def _forget_head(setting, **kwargs):
    if setting in {"STATIC_URL", "STORAGES", "ROOT_URLCONF", "FORCE_SCRIPT_NAME"}:
        _head_links.cache_clear()
        _head_assets.cache_clear()


def _key():
    return get_script_prefix(), get_urlconf(), settings.STATIC_URL


@register.simple_tag
def head_links() -> str:
    """The manifest and icons: before the title."""
    return mark_safe(_head_links(*_key()))


@register.simple_tag
def head_assets() -> str:
    """The stylesheet and scripts: after the title."""
    return mark_safe(_head_assets(*_key()))


def _csrf_input(token: str) -> str:
    return f'<input type="hidden" name="csrfmiddlewaretoken" value="{escape(token)}">'


@register.simple_tag(takes_context=True)
def top_bar(context) -> str:
    """The header: home, the member's campaigns, the rules search and the account menu."""
    request = context.get("request")
    user = context.get("user")
    signed_in = user is not None and user.is_authenticated
    csrf = _csrf_input(str(context.get("csrf_token", "")))
    here = escape(request.get_full_path()) if request is not None else ""
    theme = context.get("theme")
    text_size = context.get("text_size")
    parts = [
        '<header class="topbar">\n'
        f'    <a class="brand" href="{escape(cached_reverse("home"))}" '
        'aria-label="Dawn Companion home">Dawn</a>\n'
    ]
    if signed_in:
        campaigns = (
            "".join(
                f'\n              <li><a href="{escape(cached_reverse("campaign", [c["id"]]))}">'
                f"{escape(str(c['name']))}</a></li>"
                for c in context.get("switcher_campaigns") or ()
            )
            or "\n              <li>No campaigns yet.</li>"
        )
        parts.append(
            '      <details class="dropdown switcher">\n'
            "        <summary>Campaigns</summary>\n"
            '        <nav aria-label="Your campaigns">\n'
            f"          <ul>{campaigns}\n"
            f'            <li><a href="{escape(cached_reverse("home"))}#new-campaign">'
            "+ New campaign</a></li>\n"
            "          </ul>\n"
            "        </nav>\n"
            "      </details>\n"
        )
    search = escape(cached_reverse("rules_search"))
    query = context.get("rules_query") or ""
    parts.append(
        f'    <form class="rules-search" action="{search}" method="get" role="search"\n'
        f'          hx-get="{search}" hx-target="#main" '
        'hx-trigger="input changed delay:200ms from:#top-rules-q, submit"\n'
        '          hx-push-url="true" hx-sync="this:replace">\n'
        '      <label for="top-rules-q" class="visually-hidden">Search the rules</label>\n'
        '      <input id="top-rules-q" name="q" type="search" placeholder="Rules…" '
        f'autocomplete="off" value="{escape(str(query))}">\n'
        "    </form>\n"
        '    <details class="dropdown menu">\n'
        '      <summary aria-label="Menu">☰</summary>\n'
        '      <nav aria-label="Account">\n'
        "        <ul>\n"
    )
    if signed_in:
        parts.append(
            f'            <li class="muted">Signed in as {escape(user.get_username())}</li>\n'
            f'            <li><a href="{escape(cached_reverse("password_change"))}">'
            "Change password</a></li>\n"
        )
    else:
        parts.append(
            f'            <li><a href="{escape(cached_reverse("login"))}">Log in</a></li>\n'
            f'            <li><a href="{escape(cached_reverse("signup"))}">Sign up</a></li>\n'
        )
    sizes = "".join(
        f'\n                  <button type="submit" name="size" value="{escape(value)}" '
        f'class="secondary" data-text-size-option="{escape(value)}" '
        f'aria-pressed="{"true" if value == text_size else "false"}">{escape(label)}</button>'
        for value, label in context.get("text_sizes") or ()
    )
    parts.append(
        "          <li>\n"
        f'            <form method="post" action="{escape(cached_reverse("theme_toggle"))}">'
        f"{csrf}\n"
        f'              <input type="hidden" name="next" value="{here}">\n'
        '              <button type="submit" class="link">'
        f"{'Dark theme' if theme == 'light' else 'Light theme'}</button>\n"
        "            </form>\n"
        "          </li>\n"
        "          <li>\n"
        f'            <form method="post" action="{escape(cached_reverse("text_size"))}" '
        f'class="text-size-form">{csrf}\n'
        f'              <input type="hidden" name="next" value="{here}">\n'
        "              <fieldset>\n"
        f"                <legend>Text size</legend>{sizes}\n"
        "              </fieldset>\n"
        "            </form>\n"
        "          </li>\n"
        "          <li data-wake-lock-item hidden>\n"
        '            <button type="button" class="link" data-wake-lock-toggle '
        'aria-pressed="true">Keep the screen awake</button>\n'
        "          </li>\n"
    )
    if signed_in:
        parts.append(
            "            <li>\n"
            f'              <form method="post" action="{escape(cached_reverse("logout"))}">'
            f"{csrf}\n"
            '                <button type="submit" class="link">Log out</button>\n'
            "              </form>\n"
            "            </li>\n"
        )
    parts.append("        </ul>\n      </nav>\n    </details>\n  </header>")
    return mark_safe("".join(parts))


@register.simple_tag
def campaign_nav(campaign, tab: str = "") -> str:
    """The campaign's tabs from the registry: its game's own, then Table, History, Members."""
    registration = game(campaign.game)
    tabs = registration.nav if registration else SHARED_TABS
    current = ' aria-current="page"'
    links = "".join(
        f'\n    <a href="{escape(cached_reverse(item.url_name, [campaign.id]))}" '
        f'data-tab="{escape(item.key)}"{current if item.key == tab else ""}>'
        f"{escape(str(item.label))}</a>"
        for item in tabs
    )
    return mark_safe(f'<nav class="tabs" aria-label="Campaign">{links}\n</nav>')


def poller_html(
    campaign_id: int, version: int, ticket: str, *, seen_at: str, interval_ms, change=None
) -> str:
    """The live poller: asks whether the campaign changed each tick; app.js skips ticks
    while the tab is hidden and spaces them out (dawnPollDue) after a quiet minute. `t`
    (`seen_at`) is when it was drawn: a changed answer names who made the newest change
    since; `k`, the poll ticket, lets the answer skip the session (poll_ticket.py)."""
    announced = ""
    if change:
        announced = (
            f' data-changed-by="{escape(str(change["who"]))}" '
            f'data-change-reason="{escape(str(change["reason"]))}"'
            + (" data-changed-by-me" if change["by_me"] else "")
        )
    url = escape(cached_reverse("campaign_version", [campaign_id]))
    return (
        f'<div id="live-poller" hidden\n     data-version="{version}"\n    {announced}\n'
        f'     hx-get="{url}?v={version}&amp;t={seen_at}&amp;k={escape(ticket)}"\n'
        f'     hx-trigger="every {escape(str(interval_ms or 2000))}ms, poll-now"\n'
        '     hx-swap="outerHTML"></div>'
    )


@register.simple_tag(takes_context=True)
def live_poller(context, campaign) -> str:
    """The poller of a member's page, with the member's ticket."""
    request = context["request"]
    session_key = request.session.session_key
    ticket = ""
    if request.user.is_authenticated and session_key:
        ticket = issue_poll_ticket(request.user, campaign.pk, session_key)
    return mark_safe(
        poller_html(
            campaign.id,
            campaign.version,
            ticket,
            seen_at=drawn_at(),
            interval_ms=context.get("live_refresh_interval_ms"),
        )
    )


def drawn_at() -> str:
    """Now, as `{% now 'U.u' %}` writes it (seconds since the epoch, then microseconds)."""
    now = timezone.now()
    return f"{int(now.timestamp())}.{now.microsecond:06d}"
