"""The Väki Mat's live region, written in Python section by section, as the battle's is.

The Mat is the game's first tab, and its region is redrawn on every phone after every change
at the table; as a template it spent more time in the engine (its lookups, ``if`` nodes and
tags) than in reading the Kinship. Each section draws what the template drew, every value
escaped; the closed panels' forms are the same functions the ``?panel=NAME`` fragments use.
tests/dawnshade/pages/test_mat_region.py reads the region in the Mat's states.
"""

from django.utils.safestring import mark_safe

from campaigns.dawnshade.region_page import RegionPage, details_panel, no_kinship, region_top
from campaigns.dawnshade.templatetags.dawnshade import (
    alignment_track_items,
    blessing_items,
    fields,
    held_vaki_items,
    pool_items,
    roman,
    rule,
)
from campaigns.table.field_tags import checkbox_field, field, form_errors
from campaigns.table.form_renderer import fast_escape as e
from campaigns.table.templatetags.table import live_region

REGION_ID = "dawnshade-mat"


def draw_region(context) -> str:
    """The whole live region (``<div id="dawnshade-mat">``), as the page and every Mat
    action's htmx answer draw it."""
    page = RegionPage(context, "dawnshade:mat")
    kinship = context["kinship"]
    if kinship is None:
        body = no_kinship(page)
    else:
        body = "\n\n".join(
            (
                _figures(kinship),
                _alignment(kinship),
                _pool(page, kinship),
                _blessings(page, kinship),
            )
        )
    return mark_safe(
        f'<div id="{REGION_ID}" {live_region(context, "dawnshade:mat", page.campaign.id)}>\n'
        f"{region_top(page)}\n{body}\n</div>"
    )


def draw_panel(context, name: str) -> str:
    """The forms of one closed panel (``draw``, ``combine``, ``align`` or ``reset``): what
    htmx fetches when the player opens it, and what the region holds when it is drawn open."""
    return mark_safe(PANELS[name](RegionPage(context, "dawnshade:mat")))


def _figures(kinship) -> str:
    t = kinship.totals
    max_threat = e(kinship.max_threat)
    warning = ""
    if kinship.major_threat_warning:
        warning = (
            '\n  <p class="warning" role="alert" data-major-threat-warning>The next hex moved '
            f"reaches Max Threat: the Major Threat begins. {rule('major-threats')}</p>"
        )
    in_game = ""
    if kinship.kinship.in_game:
        in_game = (
            f'\n  <p class="small">Game {e(kinship.kinship.game_number)} of {e(kinship.games)} '
            f"({e(kinship.mode.name)}), Chapter {e(kinship.chapter_roman)}; Outposts at level "
            f"{e(roman(kinship.outpost_level))}.</p>"
        )
    into_level = e(kinship.xp_into_level)
    return (
        '<section class="card" aria-labelledby="mat-level">\n'
        '  <h2 id="mat-level">The Kinship</h2>\n'
        '  <dl class="mat-figures">\n'
        f"    <div><dt>Level {rule('xp-and-levels')}</dt><dd data-level>{e(t.level)}</dd></div>\n"
        f"    <div><dt>XP</dt><dd data-xp>{e(t.xp)}</dd></div>\n"
        f"    <div><dt>Training points {rule('training-points')}</dt>"
        f"<dd data-training-points>{e(t.training_points)}</dd></div>\n"
        f"    <div><dt>Threat {rule('difficulty-and-threat')}</dt>"
        f"<dd data-threat>{e(t.threat)} / {max_threat}</dd></div>\n"
        "  </dl>\n"
        f'  <p class="small">XP to level {e(t.level + 1)}: '
        f"<strong data-xp-to-next>{e(kinship.xp_to_next_level)}</strong></p>\n"
        '  <progress class="bar" aria-label="XP into this level" max="10" '
        f'value="{into_level}">{into_level} of 10</progress>\n'
        f'  <p class="small">Threat against Max Threat ({e(kinship.difficulty.name)})</p>\n'
        f'  <progress class="bar threat" aria-label="Threat" max="{max_threat}" '
        f'value="{e(t.threat)}">{e(t.threat)} of {max_threat}</progress>'
        f"{warning}{in_game}\n</section>"
    )


def _alignment(kinship) -> str:
    shift = kinship.last_shift
    last = ""
    if shift:
        last = (
            f'\n  <p class="small" data-last-shift>Last shift: {e(shift.reason)} '
            f"(by {e(shift.who or 'someone')}) {rule('alignment-shift-benefits')}</p>"
        )
    return (
        '<section class="card" aria-labelledby="mat-alignment">\n'
        f'  <h2 id="mat-alignment">Watchers Alignment {rule("watchers-alignment")}</h2>\n'
        f'  <p class="big"><strong data-alignment-status>{e(kinship.status.label)}</strong></p>'
        f'{last}\n  <ul class="tracks">\n'
        f"    {alignment_track_items(kinship.alignment_tracks)}\n  </ul>\n</section>"
    )


def _pool(page, kinship) -> str:
    panels = ""
    if page.can_write:
        panels = "\n  " + "\n  ".join(
            (
                details_panel(page, "draw", "Collect väki", _draw_forms),
                details_panel(page, "combine", "Combine väki", _combine_forms),
                details_panel(page, "align", "Spend or return väki for alignment", _align_forms),
            )
        )
    return (
        '<section class="card" aria-labelledby="mat-pool">\n'
        f'  <h2 id="mat-pool">Väki pool {rule("vaki-pool")}</h2>\n'
        f'  <ul class="counts">{pool_items(kinship.pool)}</ul>\n'
        '  <h3 class="small">Väki held</h3>\n'
        f'  <ul class="helper-list">\n    {held_vaki_items(kinship.characters)}\n  </ul>'
        f"{panels}\n</section>"
    )


def _blessings(page, kinship) -> str:
    forms = ""
    if page.can_write:
        blessing = page.form("blessing")
        use_url = page.url("dawnshade:blessing_use")
        inner = (
            f"{form_errors(blessing)}{field(blessing['blessing'])}"
            '<div class="actions">\n      <button type="submit">Received</button>\n'
            f'      <button type="submit" class="secondary" formaction="{use_url}" '
            f'hx-post="{use_url}">Used</button>\n    </div>\n'
        )
        reset = details_panel(page, "reset", "Cataclysm: reset the alignment", _reset_forms)
        forms = f"\n  {page.post_form('dawnshade:blessing_receive', inner)}\n  {reset}"
    return (
        '<section class="card" aria-labelledby="mat-blessings">\n'
        f'  <h2 id="mat-blessings">Watchers Blessings held {rule("watchers-blessings")}</h2>\n'
        f'  <ul class="counts">{blessing_items(kinship.totals.blessings)}</ul>{forms}\n</section>'
    )


def _draw_forms(page) -> str:
    draw = page.form("draw")
    inner = f'{form_errors(draw)}{fields(draw)}<button type="submit">Collect</button>\n'
    return page.post_form("dawnshade:vaki_draw", inner)


def _combine_forms(page) -> str:
    combine, split = page.form("combine"), page.form("split")
    combine_inner = (
        f'{form_errors(combine)}{fields(combine)}<button type="submit">Combine</button>\n'
    )
    split_inner = (
        f"{form_errors(split)}{fields(split)}"
        '<button type="submit" class="secondary">Split</button>\n'
    )
    return (
        f"<p>{rule('vaki-combining')}</p>\n"
        f"{page.post_form('dawnshade:vaki_combine', combine_inner)}\n"
        f"{page.post_form('dawnshade:vaki_split', split_inner)}"
    )


def _align_forms(page) -> str:
    align = page.form("align")
    inner = (
        f"{form_errors(align)}{field(align['character'])}{field(align['element'])}"
        f"{checkbox_field(align['returning'])}{field(align['condition_to'])}"
        f'{fields(align.balanced_fields())}<button type="submit">Spend 1 väki</button>\n'
    )
    return page.post_form("dawnshade:vaki_alignment", inner)


def _reset_forms(page) -> str:
    reset = page.form("reset")
    inner = (
        f"{form_errors(reset)}{field(reset['reason'])}"
        '<button type="submit" class="danger">Reset to Balanced</button>\n'
    )
    return page.post_form("dawnshade:alignment_reset", inner)


PANELS = {
    "draw": _draw_forms,
    "combine": _combine_forms,
    "align": _align_forms,
    "reset": _reset_forms,
}
