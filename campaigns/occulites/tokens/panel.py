"""The Tribal Tokens page's live panel, written in Python: the turn, each tribe's token pools
(tokens left as pips, the spend form with a button a figure, this turn's spends and their
undo, the Chief on or off the board), a new game and the rule links.

Every phone at the table reloads this panel after every spend, and each tribe's pools drew
up to four forms through the template engine's tags. Every value is escaped (``e``).
tests/occulites/tokens/test_tokens_panel.py reads it.
"""

from django.utils.safestring import mark_safe

from campaigns.occulites.rules.tribal_tokens import TRIBAL_TOKEN_USES
from campaigns.table.form_renderer import fast_escape as e
from campaigns.table.post_form import csrf_input, post_form_markup
from campaigns.table.templatetags.table import live_region
from campaigns.table.url_cache import cached_reverse

_PIPS = {True: '<span class="pip full"></span>', False: '<span class="pip"></span>'}
# The same options under every pool and on every request: written once.
_USE_OPTIONS = "".join(
    f'<option value="{e(key)}">{e(use.name)}</option>' for key, use in TRIBAL_TOKEN_USES.items()
)
_RULE_LINKS = (
    ("tribal-tokens", "Rule"),
    ("luftle-chief", "Luftle Chief"),
    ("friend-of-the-luftles", "Friend of the Luftles"),
)


def draw_panel(context) -> str:
    """The whole panel (``<div id="tokens-panel">``), as the page and every action's htmx
    answer draw it."""
    campaign_id = context["campaign"].id
    can_write = context["membership"].can_write
    turn = e(context["turn"])
    tribes = context["tribes"]
    url = _urls(campaign_id)
    parts = [
        '<section class="card season-bar" aria-label="Turn">\n'
        f'    <p class="big"><strong data-result="turn">Turn {turn}</strong></p>'
    ]
    if can_write and tribes:
        inner = f'<input type="hidden" name="expected" value="{turn}">\n<button type="submit">Next turn</button>'
        parts.append(post_form_markup(context, url("tokens_next_turn"), inner))
    parts.append("</section>")
    if context.get("error"):
        parts.append(f'<p class="error card" role="alert">{e(context["error"])}</p>')
    founded = context.get("founded_since")
    if founded:
        them = "it" if len(founded) == 1 else "them"
        parts.append(
            f'<p class="gap-note" role="status">{e(", ".join(founded))} joined the campaign'
            f" after this game started: start a new game below to give {them} tokens.</p>"
        )
    if tribes:
        csrf = csrf_input(context) if can_write else ""
        parts.extend(_tribe(context, url, tribe, can_write, csrf) for tribe in tribes)
    else:
        parts.append(
            '<p class="card muted">No tribes in this game yet. Found tribes on the <a href="'
            f'{e(url("sheet"))}">campaign sheet</a>, or add one by name below.</p>'
        )
    if can_write:
        button = '<button type="submit" class="secondary">New game: every Chief gets his tokens back</button>'
        parts.append(post_form_markup(context, url("tokens_new"), button, css_class="reset-form"))
    links = " ·\n    ".join(
        f'<a href="{e(cached_reverse("rules_entry", ("occulites", slug)))}">{label}</a>'
        for slug, label in _RULE_LINKS
    )
    parts.append(f'<p class="muted small">{e(context["how"])}\n    {links}</p>')
    body = "\n".join(parts)
    return mark_safe(
        f'<div id="tokens-panel" {live_region(context, "occulites:tokens", campaign_id)}'
        f' aria-live="polite">\n{body}\n</div>'
    )


def _urls(campaign_id: int):
    """The page's URL of each name (``occulites:<name>``)."""
    return lambda name: cached_reverse(f"occulites:{name}", (campaign_id,))


def _tribe(context, url, tribe: dict, can_write: bool, csrf: str) -> str:
    key = e(tribe["key"])
    lines = [
        f'<section class="card tribe-tokens" aria-labelledby="tokens-{key}-title"'
        f' data-tribe="{e(tribe["name"])}">\n'
        f'    <h2 id="tokens-{key}-title">{e(tribe["name"])}</h2>'
    ]
    if not tribe["chief_on_board"]:
        lines.append(
            '<p class="error" role="status">The Chief is off the board: no Tribal Tokens may'
            " be used.</p>"
        )
    for pool in tribe["pools"]:
        lines.append(_pool(url, key, tribe, pool, can_write, csrf))
    if can_write:
        if tribe["chief_on_board"]:
            chief = (
                '<input type="hidden" name="on_board" value="0">\n'
                '<button type="submit" class="secondary">The Chief left the board</button>'
            )
        else:
            chief = (
                '<input type="hidden" name="on_board" value="1">\n'
                '<button type="submit">The Chief is back on the board</button>'
            )
        inner = f'\n<input type="hidden" name="tribe" value="{key}">\n{chief}\n'
        lines.append(post_form_markup(context, url("tokens_chief"), inner))
    lines.append("</section>")
    return "\n".join(lines)


def _pool(url, tribe_key: str, tribe: dict, pool: dict, can_write: bool, csrf: str) -> str:
    pool_key = e(pool["key"])
    hidden = (
        f'<input type="hidden" name="tribe" value="{tribe_key}">\n'
        f'<input type="hidden" name="pool" value="{pool_key}">'
    )
    lines = [
        f'<div class="side pool" data-pool="{pool_key}">\n'
        f'<h3>{e(pool["title"])}: <span data-count="left">{e(pool["left"])}</span> of'
        f" {e(pool['tokens'].tokens_at_start)} left</h3>\n"
        f'<p class="pips" aria-hidden="true">{"".join(_PIPS[full] for full in pool["pips"])}</p>'
    ]
    if can_write and pool["left"] and tribe["chief_on_board"] and pool["figures"]:
        use_id = f"use-{tribe_key}-{pool_key}"
        lines.append(
            f'<form method="post" action="{e(url("tokens_spend"))}" data-every-tap'
            f' class="spend-form">\n{csrf}\n{hidden}\n<div class="field">\n'
            f'<label for="{use_id}">Spend a token on</label>\n'
            f'<select id="{use_id}" name="use">\n{_USE_OPTIONS}\n</select>\n</div>\n'
            '<p class="small">…for the figure:</p>\n'
            f'<div class="panel-actions">\n{figure_buttons(pool["figures"])}\n</div>\n</form>'
        )
    spends = pool["spends"]
    if spends:
        items = "".join(
            f"<li>Turn {e(spend['turn'])}: {e(spend['figure'])} — {e(spend['use'])}</li>"
            for spend in spends
        )
        lines.append(f'<ol class="spends small">\n{items}\n</ol>')
        if can_write:
            last = f"{e(spends[-1]['figure'])}, {e(spends[-1]['use'])}"
            undo_url = e(url("tokens_undo"))
            lines.append(
                f'<form method="post" action="{undo_url}" hx-post="{undo_url}">\n{csrf}\n{hidden}\n'
                f'<input type="hidden" name="expected" value="{e(pool["spent"])}">\n'
                '<button type="submit" class="secondary" aria-label="Undo the last spend:'
                f' {last}">↶ Undo: {last}</button>\n</form>'
            )
    lines.append("</div>")
    return "\n".join(lines)


def figure_buttons(figures) -> str:
    """A pool's buttons, one a figure it can be spent on (a tick once it had one this turn)."""
    buttons = []
    for figure in figures:
        name, spent = e(figure["name"]), figure["spent"]
        buttons.append(
            f'<button type="submit" name="figure" value="{name}" '
            f'class="{"secondary spent" if spent else ""}" aria-label="Spend on {name}'
            f'{" (already had one this turn)" if spent else ""}">{name}{" ✓" if spent else ""}'
            "</button>"
        )
    return "\n".join(buttons)
