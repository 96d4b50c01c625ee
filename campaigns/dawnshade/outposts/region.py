"""The Outposts page's live region, written in Python, as the turn's is: the Outposts' level
this game and, while the Kinship visits one, its activities (Guild Hall training, the
Mercantile, the Foundry, the Boomshot Gallery, the Tavern).
tests/dawnshade/pages/test_outposts_region.py reads it."""

from django.utils.safestring import mark_safe

from campaigns.dawnshade.region_page import RegionPage, no_kinship, region_top
from campaigns.dawnshade.templatetags.dawnshade import (
    fields,
    outpost_name,
    outpost_upgrade_items,
    roman,
    rule,
)
from campaigns.table.field_tags import checkbox_field, field, form_errors
from campaigns.table.form_renderer import control
from campaigns.table.form_renderer import fast_escape as e
from campaigns.table.post_form import post_form_markup
from campaigns.table.templatetags.table import live_region
from campaigns.table.url_cache import cached_reverse

REGION_ID = "dawnshade-outposts"


def draw_region(context) -> str:
    """The whole live region (``<div id="dawnshade-outposts">``), as the page and every
    Outpost action's htmx answer draw it."""
    page = RegionPage(context, "dawnshade:outposts")
    view = context["kinship"]
    here = context.get("here", "")
    if view is None:
        body = no_kinship(page)
    else:
        sections = []
        if context.get("upgrades"):
            sections.append(
                '<section class="card" aria-labelledby="outposts-levels">\n'
                f'  <h2 id="outposts-levels">Level {e(roman(view.outpost_level))} this game'
                f" {rule('outpost-upgrades')}</h2>\n"
                f'  <ul class="helper-list">\n    {outpost_upgrade_items(context["upgrades"])}'
                "\n  </ul>\n</section>"
            )
        turn = page.url("dawnshade:turn")
        if not here:
            sections.append(
                '<section class="card"><p data-no-outpost>The Kinship is not visiting an'
                " Outpost now. Move to an Outpost tile, or back to the Starting Village"
                f' choosing one, on the <a href="{turn}">Turn</a> page. {rule("outposts")}'
                "</p></section>"
            )
        else:
            sections.append(
                f'<p class="card">At the <strong data-at-outpost>{e(outpost_name(here))}</strong>;'
                f' complete it on the <a href="{turn}">Turn</a> page when done.</p>'
            )
        activity = ACTIVITIES.get(here)
        if activity is not None:
            sections.append(activity(page, view))
        body = "\n".join(sections)
    return mark_safe(
        f'<div id="{REGION_ID}" {live_region(context, "dawnshade:outposts", page.campaign.id)}'
        f' data-here="{e(here)}">\n{region_top(page)}\n{body}\n</div>'
    )


def _visit_form(page, prefix: str, url_name: str, inner: str, data_form=None) -> str:
    """An Outpost's form: its refusal, the visit it was drawn for, then ``inner``."""
    form = page.form(prefix)
    return page.post_form(
        url_name, f"{form_errors(form)}{control(form['visit_id'])}{inner}", data_form
    )


def _guild_hall(page, view) -> str:
    if view.visit.trained:
        action = "<p data-trained>The Kinship has trained at this visit.</p>"
    elif page.can_write:
        guild = page.form("guild")
        rows = "".join(_training_row(*row) for row in guild.character_rows())
        action = _visit_form(
            page,
            "guild",
            "dawnshade:guild_hall",
            f'{rows}<button type="submit">Train</button>\n',
            "guild",
        )
    else:
        action = ""
    return (
        '<section class="card" aria-labelledby="guild-title">\n'
        f'  <h2 id="guild-title">Guild Hall: train {rule("guild-hall")}</h2>\n'
        '  <p class="small">Every character spends at this one visit: each point is +1 to a'
        " stat (never AGI: it rises every third level) or a Skill Die. Unspent points:"
        f" {e(view.kinship.unspent_training_points)} {rule('unspent-training-points')}</p>\n"
        f"  {action}\n</section>"
    )


def _training_row(character, stat_fields, die_fields, errors) -> str:
    points = character.totals.training_points
    refused = ""
    if errors:
        messages = "".join(f"<p>{e(error)}</p>" for error in errors)
        refused = f'<div class="error" role="alert">{messages}</div>'
    dice = "".join(
        f'<p class="small">Skill Die {number}: unlocked</p>'
        if number in character.totals.skill_dice
        else checkbox_field(die)
        for number, die in enumerate(die_fields, start=1)
    )
    return (
        f'<fieldset data-character="{e(character.pk)}"><legend>{e(character.name)}:'
        f" {e(points)} point{'' if points == 1 else 's'}</legend>{refused}"
        f'<div class="train-grid">{fields(stat_fields)}</div>{dice}</fieldset>\n'
    )


def _mercantile(page, view) -> str:
    forms = ""
    if page.can_write:
        buy = page.form("buy")
        buy_form = _visit_form(
            page,
            "buy",
            "dawnshade:item_buy",
            f'{fields(buy.visible_fields())}<button type="submit">Buy</button>\n',
            "buy",
        )
        visit_id = control(page.form("sell")["visit_id"])
        sells = "".join(
            f"<li>{e(c.name)}: {e(item.name)} (sells for {e(item.sell_price or '?')}) "
            + post_form_markup(
                page.context,
                cached_reverse("dawnshade:item_sell", (page.campaign.id, item.pk)),
                f'{visit_id}<button type="submit" class="secondary"'
                f' aria-label="Sell {e(item.name)} of {e(c.name)}">Sell</button>',
            )
            + "</li>"
            for c in view.characters
            for item in c.items
        )
        forms = f'\n  {buy_form}\n  <h3>Sell</h3>\n  <ul class="helper-list">{sells}</ul>'
    return (
        '<section class="card" aria-labelledby="merc-title">\n'
        f'  <h2 id="merc-title">Mercantile {rule("mercantile")}</h2>{forms}\n</section>'
    )


def _foundry(page, view) -> str:
    forms = ""
    if page.can_write:
        transmute = page.form("transmute")
        forms = (
            "\n  "
            + _visit_form(
                page,
                "transmute",
                "dawnshade:transmute",
                f'{fields(transmute.visible_fields())}<button type="submit">Transmute</button>\n',
            )
            + f"\n  <h3>Cogbot Fighter (10 Tawny, one each) {rule('cogbot-fighter')}</h3>\n  "
            + _visit_form(
                page,
                "cogbot",
                "dawnshade:cogbot_fighter",
                f"{field(page.form('cogbot')['character'])}"
                '<button type="submit">Buy a Cogbot Fighter</button>\n',
                "cogbot",
            )
            + "\n  <h3>Cogbehemoth (30 Tawny, one per Kinship, one battle)"
            f" {rule('cogbehemoth')}</h3>\n  "
            + _visit_form(
                page,
                "cogbehemoth",
                "dawnshade:cogbehemoth",
                f"{field(page.form('cogbehemoth')['character'])}"
                '<button type="submit">Buy the Cogbehemoth</button>\n',
            )
            + f'\n  <p class="small">{rule("cogbot-limits-reading", "How the limits are read")}</p>'
        )
    return (
        '<section class="card" aria-labelledby="foundry-title">\n'
        f'  <h2 id="foundry-title">Foundry {rule("foundry")}</h2>{forms}\n</section>'
    )


def _boomshot_gallery(page, view) -> str:
    form = ""
    if page.can_write:
        boomshot = page.form("boomshot")
        form = "\n  " + _visit_form(
            page,
            "boomshot",
            "dawnshade:boomshot",
            f'{fields(boomshot.visible_fields())}<button type="submit">Pay for the shots</button>\n',
        )
    return (
        '<section class="card" aria-labelledby="boom-title">\n'
        f'  <h2 id="boom-title">Boomshot Gallery {rule("boomshot-gallery")}</h2>\n'
        '  <p class="small">Prizes are on the Gallery itself: add them on the character\'s page'
        f" as Tawny.</p>{form}\n</section>"
    )


def _tavern(page, view) -> str:
    return (
        '<section class="card"><h2>Tavern</h2><p>Double Doubler\'s Dice and Watchers Runes are'
        " played at the table; add each character's winnings or losses as Tawny on their page."
        f" {rule('double-doublers-dice')} {rule('watchers-runes')}</p></section>"
    )


ACTIVITIES = {
    "guild_hall": _guild_hall,
    "mercantile": _mercantile,
    "foundry": _foundry,
    "boomshot_gallery": _boomshot_gallery,
    "tavern": _tavern,
}
