"""One character's page's live region, written in Python, as the Characters page's is: the
character's stats, Tawny, väki and conditions, its items (to use or drop), and the closed
panels of changes (an item taken, Tawny, a condition, a stat changed, the starting stats).
tests/dawnshade/pages/test_character_region.py reads it."""

from django.utils.safestring import mark_safe

from campaigns.dawnshade.region_page import RegionPage, details_panel, region_top
from campaigns.dawnshade.templatetags.dawnshade import (
    condition_name,
    element_name,
    fields,
    roman,
    rule,
    stat_grid,
)
from campaigns.table.field_tags import form_errors
from campaigns.table.form_renderer import fast_escape as e
from campaigns.table.post_form import post_form_markup
from campaigns.table.templatetags.table import live_region
from campaigns.table.url_cache import cached_reverse

REGION_ID = "dawnshade-character"
NO_ITEMS = '<li class="muted">No items.</li>'


def _page(context) -> RegionPage:
    return RegionPage(context, "dawnshade:character", (context["sheet"].pk,))


def draw_region(context) -> str:
    """The whole live region (``<div id="dawnshade-character">``), as the page and every
    change to the character draw it."""
    page = _page(context)
    sheet = context["sheet"]
    may_change = context["may_change_character"]
    characters = e(cached_reverse("dawnshade:characters", (page.campaign.id,)))
    not_theirs = ""
    if page.can_write and not may_change:
        not_theirs = (
            f'\n<p class="small" data-not-theirs>Only {e(sheet.name)}’s player or an owner may'
            " change it: the owner has set “players change only what is theirs”.</p>"
        )
    sections = [_character(sheet), _items(page, sheet, may_change)]
    if may_change:
        sections.append(_changes(page))
    region = live_region(context, "dawnshade:character", page.campaign.id, sheet.pk)
    body = "\n\n".join(sections)
    return mark_safe(
        f'<div id="{REGION_ID}" {region} data-character="{e(sheet.pk)}">\n{region_top(page)}\n'
        f'<p><a href="{characters}">← All characters</a></p>{not_theirs}\n{body}\n</div>'
    )


def draw_panel(context, name: str) -> str:
    """The forms of one closed panel, as htmx fetches them."""
    return mark_safe(PANELS[name](_page(context)))


def _character(sheet) -> str:
    totals = sheet.totals
    active = ' <span class="badge">Active Player</span>' if sheet.is_active else ""
    dice = ", ".join(e(die) for die in totals.skill_dice) or "none unlocked"
    behemoth = ""
    if totals.has_cogbehemoth:
        behemoth = f" · holds the Cogbehemoth {rule('cogbehemoth')}"
    vaki = "".join(
        f'<span class="chip">{e(element_name(element))} {e(held)}</span>'
        for element, held in totals.vaki.items()
        if held
    )
    conditions = "".join(
        f'<span class="chip" data-condition="{e(key)}">{e(condition_name(key))}</span>'
        for key in totals.conditions
    )
    return (
        '<section class="card" aria-labelledby="char-name">\n'
        f'  <h2 id="char-name">{e(sheet.name)}{active}</h2>\n'
        f'  <h3 class="small">Stats {rule("character-stats")}</h3>\n'
        f"  {stat_grid(sheet.stat_rows)}\n"
        '  <p class="small">AGI includes +1 for every third Kinship level (never bought).'
        f" {rule('xp-and-levels')}</p>\n"
        f"  <p>Skill Dice {rule('skill-dice-and-skill-cards')}: <strong data-skill-dice>{dice}"
        "</strong></p>\n"
        f"  <p>Tawny {rule('currency')}: <strong data-tawny>{e(totals.tawny)}</strong> ="
        f' <span data-coins>{e(sheet.coins.label)}</span> <span class="muted small">'
        "(Aurelian · Glint · Tawny; never shared)</span></p>\n"
        f"  <p>Cogbot Fighter {rule('cogbot-fighter')}: <strong data-cogbot>"
        f"{'yes' if totals.has_cogbot_fighter else 'no'}</strong>{behemoth}</p>\n"
        f"  <p>Shields from armour {rule('shields')}: <strong data-shields>{e(sheet.shields)}"
        "</strong></p>\n"
        f"  <p>Väki: {vaki} · Training points {e(totals.training_points)}</p>\n"
        f"  <p>Conditions for the next battle {rule('conditions')}: {conditions or 'none'}</p>\n"
        "</section>"
    )


def _items(page, sheet, may_change: bool) -> str:
    items = "".join(_item(page, item, may_change) for item in sheet.items)
    take = ""
    if may_change:
        take = "\n  " + details_panel(
            page, "take", "Take an item won (Loot Shoot, the Logbook…)", _take_forms
        )
    return (
        '<section class="card" aria-labelledby="char-items">\n'
        f'  <h2 id="char-items">Items: {len(sheet.items)} of {e(sheet.stats["items"])}'
        f" {rule('items')}</h2>\n"
        f'  <ul class="helper-list">\n    {items or NO_ITEMS}\n'
        f"  </ul>{take}\n</section>"
    )


def _item(page, item, may_change: bool) -> str:
    name = e(item.name)
    details = f"{e(item.get_item_type_display())}, Tier {e(roman(item.tier))}"
    if item.armour:
        details += ", armour"
    if item.sell_price is not None:
        details += f", sells {e(item.sell_price)}"
    actions = ""
    if may_change:
        use = ""
        if item.item_type != "permanent":
            use = _item_form(
                page,
                "dawnshade:item_use",
                item,
                f'<button type="submit" class="secondary" aria-label="Use {name}">Use</button>',
            )
        drop = _item_form(
            page,
            "dawnshade:item_drop",
            item,
            f'<button type="submit" class="secondary" aria-label="Drop {name}">Drop</button>',
        )
        actions = f'\n      <div class="actions">{use}{drop}</div>'
    return (
        f'<li data-item="{e(item.pk)}">{name} <span class="muted small">{details}</span>'
        f"{actions}\n    </li>"
    )


def _item_form(page, url_name: str, item, button: str) -> str:
    url = cached_reverse(url_name, (page.campaign.id, item.pk))
    return post_form_markup(page.context, url, button)


def _changes(page) -> str:
    panels = "\n  ".join(
        details_panel(page, name, summary, forms)
        for name, summary, forms in (
            ("tawny", "Tawny won or paid", _tawny_forms),
            ("condition", "A condition for the next battle", _condition_forms),
            ("adjust", "A Cataclysm or the Logbook changes a stat", _adjust_forms),
            ("stats", "Correct the starting stats", _stats_forms),
        )
    )
    return (
        '<section class="card" aria-labelledby="char-changes">\n'
        f'  <h2 id="char-changes">Changes</h2>\n  {panels}\n</section>'
    )


def _character_form(page, url_name: str, inner: str, data_form=None) -> str:
    url = cached_reverse(url_name, (page.campaign.id, page.context["sheet"].pk))
    return post_form_markup(page.context, url, inner, data_form)


def _take_forms(page) -> str:
    take = page.form("take")
    inner = f'{form_errors(take)}{fields(take)}<button type="submit">Take it</button>\n'
    return _character_form(page, "dawnshade:item_take", inner, "take")


def _tawny_forms(page) -> str:
    tawny = page.form("tawny")
    inner = f'{form_errors(tawny)}{fields(tawny)}<button type="submit">Record Tawny</button>\n'
    return _character_form(page, "dawnshade:tawny_change", inner, "tawny")


def _condition_forms(page) -> str:
    condition = page.form("condition")
    remove = e(
        cached_reverse("dawnshade:condition_remove", (page.campaign.id, page.context["sheet"].pk))
    )
    inner = (
        f"{form_errors(condition)}{fields(condition)}"
        '<div class="actions"><button type="submit">Add</button>\n'
        f'<button type="submit" class="secondary" formaction="{remove}" hx-post="{remove}">'
        "Remove</button></div>\n"
    )
    return _character_form(page, "dawnshade:condition_add", inner)


def _adjust_forms(page) -> str:
    adjust = page.form("adjust")
    inner = f'{form_errors(adjust)}{fields(adjust)}<button type="submit">Change the stat</button>\n'
    return _character_form(page, "dawnshade:stat_adjust", inner)


def _stats_forms(page) -> str:
    stats = page.form("stats")
    inner = (
        f'{form_errors(stats)}<div class="train-grid">{fields(stats)}</div>\n'
        '<button type="submit">Save starting stats</button>\n'
    )
    return _character_form(page, "dawnshade:starting_stats", inner)


PANELS = {
    "take": _take_forms,
    "tawny": _tawny_forms,
    "condition": _condition_forms,
    "adjust": _adjust_forms,
    "stats": _stats_forms,
}
