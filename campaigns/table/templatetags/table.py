"""Template tags of the shared table for every game: live regions, the dice log, the
history list, one-tap undo, closed panels' loaders, rows of one-tap choice forms, short
lists and the games' stylesheet links (the page shell's tags, nav and poller included, are
in page_shell.py)."""

from functools import lru_cache
from html import escape

from django import template
from django.conf import settings
from django.core.signals import setting_changed
from django.dispatch import receiver
from django.templatetags.static import static
from django.utils.html import format_html
from django.utils.safestring import mark_safe
from django.utils.timezone import localtime

from campaigns.table.form_renderer import fast_escape
from campaigns.table.post_form import post_form_markup
from campaigns.table.url_cache import cached_reverse

register = template.Library()


@register.simple_tag(takes_context=True)
def live_region(context, url_or_name: str, *args, query: str = ""):
    """The attributes of a live region: it reloads itself when the campaign changes, and waits
    while the player is using it (a form open, typing, a confirmation pending): app.js holds
    the request back, since the Content-Security-Policy rules out htmx's eval'd filters.

    `url_or_name` is a path ("/c/1/...") or a URL name reversed with `args`; `query` is added
    to the path's query string ("part=forms"). `data-live-version` is the campaign's version
    as the request began: what the region shows is at least that new, so app.js skips its
    reload for a change it already shows (this phone's own write, answered with the region).
    """
    url = url_or_name if url_or_name.startswith("/") else cached_reverse(url_or_name, args)
    if query:
        url += ("&" if "?" in url else "?") + query
    version = getattr(context.get("campaign"), "version", None)
    shown = f' data-live-version="{int(version)}"' if isinstance(version, int) else ""
    return mark_safe(
        f'hx-get="{escape(url)}" hx-trigger="campaign-changed from:body" '
        f'hx-swap="outerHTML" hx-target="this" data-live-region{shown}'
    )


@register.simple_tag
def draw_items(rows) -> str:
    """The `<li>` of each roll in the shared log, newest first (`(created_at, label, summary,
    username)` rows): every write to the log answers with this list, and every phone on the
    table page reloads it after each roll. Written here, each text escaped once."""
    if not rows:
        return mark_safe(
            '<li class="muted">No rolls yet. Rolls and draws from every tool appear here for '
            "everyone.</li>"
        )
    items = []
    for created_at, label, summary, username in rows:
        shown = localtime(created_at)
        items.append(
            f'<li>\n  <span class="who">{escape(username or "someone")}</span>\n'
            f'  <span class="what">{escape(label)}</span>\n'
            f'  <strong class="result">{escape(summary)}</strong>\n'
            f'  <time datetime="{shown.isoformat()}" class="muted">'
            f"{shown:%H:%M:%S}</time>\n</li>"
        )
    return mark_safe("\n".join(items))


@register.simple_tag(takes_context=True)
def history_items(context, rows) -> str:
    """The `<li>` of each history row (`campaigns/table/history.py` rows), written in Python:
    a list of 50 rows through the template engine cost more than the rest of the page, and
    so did format_html per row; each text is escaped once here (the rows hold plain text),
    but the times, which history.py writes of digits, month names and signs."""
    if not rows:
        return mark_safe('<li class="muted">Nothing recorded yet.</li>')
    csrf_input = (
        '<input type="hidden" name="csrfmiddlewaretoken" '
        f'value="{escape(str(context["csrf_token"]))}">'
    )
    return mark_safe("\n".join(_history_item(row, csrf_input) for row in rows))


@register.simple_tag
def subject_options(subjects, selected: str) -> str:
    """The History filter's ``<option>`` of each subject with history ((value, label)
    pairs), the one shown selected; written here, each text escaped."""
    return mark_safe(
        "".join(
            f'<option value="{escape(value)}"{" selected" if value == selected else ""}>'
            f"{escape(label)}</option>"
            for value, label in subjects
        )
    )


# A row's classes by (undone, reversal).
_ROW_CLASSES = {
    (False, False): "",
    (True, False): "undone",
    (False, True): "reversal",
    (True, True): "undone reversal",
}


def _history_item(row: dict, csrf_input: str) -> str:
    classes = _ROW_CLASSES[row["undone"], row["reversal"]]
    reason = escape(row["reason"])
    badge = ' <span class="badge">undone</span>' if row["undone"] else ""
    undo = (
        f'\n<form method="post" action="{escape(row["undo_url"])}">{csrf_input}\n'
        f'  <button type="submit" aria-label="Undo: {reason}">Undo</button>\n</form>'
        if row["undo_url"]
        else ""
    )
    return (
        f'<li class="{classes}">\n<div>\n  <strong>{reason}</strong>{badge}\n'
        f'  <p class="muted">{escape(row["who"])} · {escape(row["subject"])} · '
        f'<time datetime="{row["iso_time"]}">{row["time"]}</time></p>\n'
        f"</div>{undo}\n</li>"
    )


@register.simple_tag(takes_context=True)
def undo_last(context, next=None) -> str:
    """One-tap undo of the campaign's newest undoable action (`undo_entry`, from
    `ledger.last_undoable_entry`) for a member who may write; `next` (else the context's)
    brings the player back. In Python: it sits in every game's live regions."""
    membership, entry = context.get("membership"), context.get("undo_entry")
    if not (membership and membership.can_write and entry):
        return ""
    next = context.get("next", "") if next is None else next
    back = f'\n    <input type="hidden" name="next" value="{escape(str(next))}">' if next else ""
    # The whole reason is the button's name; CSS shortens what shows to two lines.
    return mark_safe(
        f'<form method="post" action="{cached_reverse("undo_last", (context["campaign"].pk,))}"'
        f' data-undo-entry="{entry.pk}">\n'
        '    <input type="hidden" name="csrfmiddlewaretoken" '
        f'value="{escape(str(context["csrf_token"]))}">\n'
        f'    <input type="hidden" name="entry_id" value="{entry.pk}">{back}\n'
        '    <button type="submit" class="secondary"><span class="undo-text">↶ Undo: '
        f"{escape(entry.reason)}</span></button>\n  </form>"
    )


@register.simple_tag
def panel_loader(page_url: str, name: str):
    """What a closed ``<details>`` holds until the player opens it (``campaigns.table.panels``):
    htmx fetches the panel's forms (``?panel=NAME``) when it opens; without JavaScript the
    link draws the page with the panel open (``?open=NAME``). The loader is a ``<form>`` so
    that, like the forms it stands for, an open panel holds up live refresh (app.js waits
    while a ``details[open] form`` is on the page) from the moment it opens."""
    url, panel = fast_escape(page_url), fast_escape(name)
    return mark_safe(
        f'<form data-panel-loader="{panel}" hx-get="{url}?panel={panel}" '
        'hx-trigger="toggle once from:closest details" hx-target="this" hx-swap="outerHTML">'
        f'<a href="{url}?open={panel}#panel-{panel}">Show these forms</a></form>'
    )


@register.simple_tag(takes_context=True)
def choice_forms(context, url: str, name: str, choices, button_class: str = "", **hidden):
    """A post form to ``url`` for each ``(value, label)`` of ``choices``: its button sends
    ``name``=value and the ``hidden`` fields (a helper's row of one-tap choices). One tag: a
    template loop with its two URL lookups and CSRF token per form cost more than the forms."""
    extra = "".join(
        f'<input type="hidden" name="{fast_escape(key)}" value="{fast_escape(value)}">'
        for key, value in hidden.items()
    )
    css = f' class="{fast_escape(button_class)}"' if button_class else ""
    return mark_safe(  # every value escaped
        "".join(
            post_form_markup(
                context,
                url,
                f'<input type="hidden" name="{fast_escape(name)}" value="{fast_escape(value)}">'
                f'{extra}<button type="submit"{css}>{fast_escape(label)}</button>',
            )
            for value, label in choices
        )
    )


@register.simple_tag(takes_context=True)
def message_items(context) -> str:
    """The messages waiting for this request (``django.contrib.messages``), in a status list;
    nothing when there are none. On every full page and in the fragments that carry their
    own: an include cost each page more than the list."""
    messages = context.get("messages")
    if not messages:
        return ""
    items = "".join(
        f'<li class="message {fast_escape(message.tags)}">{fast_escape(str(message))}</li>'
        for message in messages
    )
    return mark_safe(f'\n  <ul class="messages" role="status">\n    {items}\n  </ul>\n')


@register.simple_tag
def list_items(texts, css_class: str = ""):
    """An ``<li>`` of each text, escaped (with ``css_class``, if given): a page's short
    lists of words (the battle's draws, the Glow settings' chips), where a template loop
    cost more per item than the item."""
    opening = f'<li class="{fast_escape(css_class)}">' if css_class else "<li>"
    return mark_safe("".join(f"{opening}{fast_escape(text)}</li>" for text in texts))


@register.simple_tag
def game_stylesheet(path: str):
    """A game's stylesheet link (``path`` under the static files), atop each of its pages:
    as ``{% static %}`` draws it, remembered (the file's name, hashed in production, is fixed
    while the process runs, and the storage's lookup, with the include it sat in, cost
    0.1-0.2 ms a page)."""
    return _stylesheet_link(path, settings.STATIC_URL)


@lru_cache(maxsize=8)
def _stylesheet_link(path: str, static_url: str) -> str:
    return format_html('<link rel="stylesheet" href="{}">', static(path))


@receiver(setting_changed)
def _forget_stylesheets(setting, **kwargs):
    if setting in {"STATIC_URL", "STORAGES"}:
        _stylesheet_link.cache_clear()
