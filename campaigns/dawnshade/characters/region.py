"""The Characters page's live region, written in Python, as the Väki Mat's and the battle's
are: a card for each character (stats, Tawny, items) and the form a new character joins by.
tests/dawnshade/pages/test_characters_region.py reads it."""

from django.utils.safestring import mark_safe

from campaigns.dawnshade.region_page import RegionPage, no_kinship, region_top
from campaigns.dawnshade.templatetags.dawnshade import rule, stat_grid
from campaigns.table.field_tags import checkbox_field, field, form_errors
from campaigns.table.form_renderer import fast_escape as e
from campaigns.table.templatetags.table import live_region
from campaigns.table.url_cache import cached_reverse

REGION_ID = "dawnshade-characters"
# The form's own fields drawn on their own; the rest (the starting stats) go in a grid.
_NOT_STATS = ("name", "played_by_me")


def draw_region(context) -> str:
    """The whole live region (``<div id="dawnshade-characters">``), as the page and the
    add-a-character answer draw it."""
    page = RegionPage(context, "dawnshade:characters")
    kinship = context["kinship"]
    if kinship is None:
        body = no_kinship(page)
    else:
        body = "\n".join(_character(page, c) for c in kinship.characters) or (
            '<p class="muted">No characters yet: add each player\'s character with the starting '
            "stats from its Character Mat.</p>"
        )
        if page.can_write and not kinship.kinship.concluded:
            body += f"\n{_add_form(page)}"
    return mark_safe(
        f'<div id="{REGION_ID}" {live_region(context, "dawnshade:characters", page.campaign.id)}>'
        f"\n{region_top(page)}\n{body}\n</div>"
    )


def _character(page, c) -> str:
    url = e(cached_reverse("dawnshade:character", (page.campaign.id, c.pk)))
    active = ' <span class="badge">Active Player</span>' if c.is_active else ""
    player = c.character.player
    played_by = f' <span class="muted small">{e(player.get_username())}</span>' if player else ""
    cogbot = " · Cogbot Fighter" if c.totals.has_cogbot_fighter else ""
    return (
        f'<section class="card" data-character="{e(c.pk)}">\n'
        f'  <h2><a href="{url}">{e(c.name)}</a>{active}{played_by}</h2>\n'
        f"  {stat_grid(c.stat_rows)}\n"
        f'  <p class="small">Tawny {e(c.totals.tawny)} ({e(c.coins.label)}) · '
        f"{len(c.items)}/{e(c.stats['items'])} items{cogbot}</p>\n</section>"
    )


def _add_form(page) -> str:
    add = page.form("add")
    stats = "".join(field(bound) for bound in add if bound.name not in _NOT_STATS)
    inner = (
        f"{form_errors(add)}{field(add['name'])}{checkbox_field(add['played_by_me'])}"
        f'<div class="train-grid">{stats}</div>\n'
        '    <button type="submit">Add the character</button>\n'
    )
    return (
        '<section class="card" aria-labelledby="add-title">\n'
        '  <h2 id="add-title">A character joins '
        f"{rule('character-starting-stats-not-printed', 'Why enter the stats')}</h2>\n"
        f"  {page.post_form('dawnshade:character_add', inner, 'add')}\n</section>"
    )
