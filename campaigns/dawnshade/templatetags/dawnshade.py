"""Template helpers of the Dawnshade pages: rules-reference links beside automated figures,
the opening of every action form, the lists the pages redraw on each change (written in
Python, every value escaped), and names from the catalogue."""

from functools import lru_cache
from importlib import import_module

from django import template
from django.core.signals import setting_changed
from django.dispatch import receiver
from django.urls import get_script_prefix, get_urlconf
from django.utils.html import format_html
from django.utils.safestring import mark_safe

from campaigns.dawnshade.catalog.blessings import BLESSINGS
from campaigns.dawnshade.catalog.conditions import CONDITIONS
from campaigns.dawnshade.catalog.quest_deck import OUTPOST_TYPES, QUEST_TILE_TYPES
from campaigns.dawnshade.catalog.vaki import ELEMENTS
from campaigns.dawnshade.catalog.watchers import WATCHERS
from campaigns.dawnshade.models import FACTION_CHOICES
from campaigns.dawnshade.region_page import top_of_region
from campaigns.dawnshade.rules.chapters import ROMAN
from campaigns.table.field_tags import checkbox_field, field
from campaigns.table.form_renderer import fast_escape
from campaigns.table.post_form import post_form_markup
from campaigns.table.url_cache import CachedURLNode, cached_reverse, render_urls

register = template.Library()


def rule(slug: str, label: str = "Rule"):
    """A link to the rules-reference entry behind a figure (tests check every slug exists)."""
    return _rule_link(slug, label, get_script_prefix(), get_urlconf())


@register.tag("rule")
def rule_tag(parser, token):
    """``{% rule 'slug' %}`` or ``{% rule 'slug' 'label' %}``: ``rule()``'s link."""
    bits = token.split_contents()[1:]
    if not 1 <= len(bits) <= 2:
        raise template.TemplateSyntaxError("rule takes a slug and an optional label")
    return RuleNode(*(parser.compile_filter(bit) for bit in bits))


class RuleNode(template.Node):
    """``rule()`` with the URL prefix and URLconf looked up once a render: the battle page
    draws sixteen links, and those two thread-local lookups cost more than the remembered
    link (as a ``simple_tag``, so did resolving and escaping its arguments)."""

    def __init__(self, slug, label=None):
        self.slug, self.label = slug, label

    def render(self, context):
        label = "Rule" if self.label is None else self.label.resolve(context)
        return _rule_link(self.slug.resolve(context), label, *render_urls(context))


@lru_cache(maxsize=1024)
def _rule_link(slug: str, label: str, prefix: str, urlconf) -> str:
    """The link, remembered: it depends only on the URLs, never on a campaign, and the battle
    page alone draws sixteen (building each cost more than a form field)."""
    url = cached_reverse("rules_entry", args=("dawnshade", slug))
    return format_html('<a class="rule-link" href="{}" data-rule="{}">{}</a>', url, slug, label)


@receiver(setting_changed)
def _forget_rule_links(setting, **kwargs):
    if setting in {"ROOT_URLCONF", "FORCE_SCRIPT_NAME"}:
        _rule_link.cache_clear()


@register.tag
def post_form(parser, token):
    """``{% post_form 'dawnshade:name' campaign.id ... data_form='x' %}...{% endpost_form %}``:
    an action's form, posted by htmx and without JavaScript alike, with its CSRF token::

        <form method="post" action="URL" hx-post="URL" data-form="x"><input ...csrf...>
        ...</form>

    The pages draw up to sixteen; as ``{% url %}``, two lookups and ``{% csrf_token %}``
    each, their openings cost more than some of the forms' fields. ``data_form`` is optional.
    """
    bits = token.split_contents()
    if len(bits) < 2:
        raise template.TemplateSyntaxError("post_form needs a URL name")
    data_form = None
    args = []
    for bit in bits[2:]:
        if bit.startswith("data_form="):
            data_form = parser.compile_filter(bit.removeprefix("data_form="))
        else:
            args.append(parser.compile_filter(bit))
    nodelist = parser.parse(("endpost_form",))
    parser.delete_first_token()
    url = CachedURLNode(parser.compile_filter(bits[1]), args, {}, asvar=None)
    return PostFormNode(url, data_form, nodelist)


class PostFormNode(template.Node):
    child_nodelists = ("nodelist",)

    def __init__(self, url, data_form, nodelist):
        self.url, self.data_form, self.nodelist = url, data_form, nodelist

    def render(self, context):
        url = self.url.render(context)  # {% url %}'s own reversing and escaping
        data_form = None if self.data_form is None else self.data_form.resolve(context)
        return post_form_markup(context, url, self.nodelist.render(context), data_form)


@register.simple_tag
def fields(bound_fields):
    """Each field as ``{% field %}`` draws it (a checkbox as ``{% checkbox_field %}``), in one
    tag: a template loop of field tags cost more per field than drawing the control."""
    return mark_safe("".join(_one_field(bound_field) for bound_field in bound_fields))


def _one_field(bound_field) -> str:
    if getattr(bound_field.field.widget, "input_type", None) == "checkbox":
        return checkbox_field(bound_field)
    return field(bound_field)


# The lists below are written with f-strings, every value escaped by ``fast_escape``
# (Django's escaping, without ``format_html``'s cost per value): these pages redraw them on
# every change. tests/dawnshade/pages/test_rows_in_python.py pins each against the template
# loop it replaced, with text that needs escaping.
e = fast_escape


@register.simple_tag
def stat_grid(stat_rows):
    """A character's stats as a ``<dl>`` of (stat, value) in the Character Mat's order
    (the characters list draws one per character: an include each cost more than this)."""
    items = "".join(
        f'<div data-stat="{e(key)}"><dt>{e(key.upper())}</dt><dd>{e(value)}</dd></div>'
        for key, value in stat_rows
    )
    return mark_safe(f'<dl class="stat-grid">{items}</dl>')


@register.simple_tag
def alignment_track_items(tracks):
    """The Väki Mat's ``<li>`` of each Watcher's track (``queries.AlignmentTrack``)."""
    return mark_safe(
        "\n".join(
            f'<li class="{"leading" if track.leading else ""}" data-track="{e(track.watcher.key)}">'
            f"<strong>{e(track.watcher.name)}</strong><span>{e(track.value)}</span>"
            f'<span class="preview">{e(element_name(track.watcher.element))}: spend one → '
            f"{e(track.spend_preview)}</span></li>"
            for track in tracks
        )
    )


@register.simple_tag
def pool_items(pool):
    """The Väki Mat's ``<li>`` of each element in the pool: (element, chips)."""
    return mark_safe(
        "".join(
            f'<li data-pool="{e(element.key)}">{e(element.name)} {e(chips)}</li>'
            for element, chips in pool
        )
    )


@register.simple_tag
def held_vaki_items(characters):
    """The Väki Mat's ``<li>`` of what each character holds (``queries.CharacterView``): a
    chip per element held, "none" when the character has never held any."""
    return mark_safe(
        "".join(f"<li>{e(c.name)}: {_held_chips(c.totals.vaki)}</li>" for c in characters)
    )


def _held_chips(vaki: dict) -> str:
    if not vaki:
        return "none"
    return "".join(
        f'<span class="chip" data-held="{e(element)}">{e(element_name(element))} {e(held)}</span>'
        for element, held in vaki.items()
        if held
    )


@register.simple_tag
def blessing_items(blessings: dict):
    """The Väki Mat's ``<li>`` of each Watchers Blessing the Kinship holds."""
    return mark_safe(
        "".join(
            f'<li data-blessing="{e(key)}">{e(blessing_name(key))} × {e(held)}</li>'
            for key, held in blessings.items()
            if held
        )
    )


@register.simple_tag
def quest_log_items(lines):
    """The save sheet's quest-log ``<li>`` of each visit (``queries.QuestLogLine``), written
    in Python: every line of every game through the template engine cost more than the rest
    of its section."""
    return mark_safe("".join(map(_quest_log_line, lines)))


def _quest_log_line(line) -> str:
    outcome = f", {outcome_name(line.outcome)}" if line.outcome else ""
    rewards = f": {line.xp} XP, {line.tawny} Tawny" if line.rewarded else ""
    return f"<li>Game {e(line.game_number)}: {e(line.tile_name)}{e(outcome)}{e(rewards)}</li>"


@register.simple_tag
def game_log_items(visits):
    """The turn page's ``<li>`` of each visit of the game in play, written in Python: the
    log grows with every move, and each line through the template engine cost more."""
    return mark_safe("\n".join(map(_game_log_line, visits)))


def _game_log_line(visit) -> str:
    hexes = ""
    if visit.hexes:
        plural = "es" if visit.hexes != 1 else ""
        hexes = f": {visit.hexes} hex{plural}, threat {visit.threat_after}"
    outcome = f"; {outcome_name(visit.outcome)}" if visit.outcome else ""
    rewards = f"; {visit.xp} XP, {visit.tawny} Tawny" if visit.rewarded else ""
    return (
        f'<li data-visit="{e(visit.seq)}">{e(visit.tile.name)}{e(hexes)}{e(outcome)}'
        f"{e(rewards)}</li>"
    )


@register.simple_tag
def outpost_upgrade_items(upgrades):
    """The Outposts page's ``<li>`` of what each Outpost's upgrade allows this game
    ((``OutpostType``, ``OutpostUpgrade``) pairs), written in Python: its live region drew
    the five through the template engine on every change."""
    return mark_safe(
        "".join(
            f'\n    <li data-outpost="{e(outpost.key)}"><strong>{e(outpost.name)}: '
            f"{e(upgrade.name)}</strong> —\n      {_upgrade_allows(outpost.key, upgrade)}</li>\n    "
            for outpost, upgrade in upgrades
        )
    )


def _upgrade_allows(key: str, upgrade) -> str:
    if key == "guild_hall":
        return f"skills of tiers {', '.join(e(tier) for tier in upgrade.skill_tiers)}"
    if key == "tavern":
        return (
            f"Double Doubler's Dice ante {e(upgrade.doublers_dice_ante)}, Watchers Runes ante "
            f"{e(upgrade.watchers_runes_ante)} (+{e(upgrade.watchers_runes_extra_tawny_cards)}"
            " 2-Tawny cards)"
        )
    if key == "mercantile":
        draws = ", ".join(
            f"{e(cards)} Tier {e(roman(tier))}" for tier, cards in upgrade.item_draws.items()
        )
        return f"{draws} items a visit"
    if key == "foundry":
        fighter = ", Cogbot Fighter 10 Tawny" if upgrade.can_buy_cogbot_fighter else ""
        behemoth = ", Cogbehemoth 30 Tawny" if upgrade.can_buy_cogbehemoth else ""
        return f"transmute 3 Tawny → 1 Tier I väki{fighter}{behemoth}"
    shots = upgrade.max_shots
    return f"up to {e(shots)} shot{'' if shots == 1 else 's'} at 1 Tawny"


@register.simple_tag
def sheet_history_items(rows):
    """The save sheet's ``<li>`` of each history row (``campaigns.table.history`` rows),
    written in Python: forty rows through the template engine cost more than the rest. The
    times are not escaped: history.py writes them of digits, month names and signs."""
    return mark_safe(
        "".join(
            f"<li{_UNDONE if row['undone'] else ''}><strong>{e(row['reason'])}</strong> "
            f'<span class="muted small">{e(row["who"])}, '
            f'<time datetime="{row["iso_time"]}">{row["time"]}</time></span></li>'
            for row in rows
        )
    )


_UNDONE = ' class="undone"'


@register.simple_tag
def alignment_values_line(values):
    """The save sheet's value of each Watcher's track ((``Watcher``, value) pairs), between
    " · "."""
    return mark_safe(" · ".join(f"{e(watcher.name)} {e(value)}" for watcher, value in values))


@register.simple_tag
def artifact_names(artifacts):
    """The save sheet's names of the owner's Artifacts, between commas; "none yet"."""
    return mark_safe(", ".join(e(alignment_name(a.key)) for a in artifacts) or "none yet")


@register.simple_tag
def sheet_result_rows(results):
    """The save sheet's ``<tr>`` of each chapter played (``ChapterResult``)."""
    return mark_safe("".join(map(_sheet_result_row, results)))


def _sheet_result_row(r) -> str:
    return (
        f"<tr><td>{e(r.game_number)}</td><td>{e(roman(r.narrative_chapter))}</td>"
        f"<td>{e(outcome_name(r.outcome))}</td><td>{e(r.level)}</td><td>{e(r.xp)}</td>"
        f"<td>{e(r.threat)}</td><td>{e(alignment_name(r.alignment))}</td>"
        f"<td>{e(r.events_set_aside or '—')}</td></tr>"
    )


@register.simple_tag
def sheet_character_rows(characters):
    """The save sheet's two table rows of each character (``queries.CharacterView``): the
    stats, dice and Tawny, then the items and conditions; four loops a character through
    the template engine cost more than the rest of the sheet."""
    return mark_safe("\n".join(map(_sheet_character, characters)))


def _sheet_character(c) -> str:
    totals = c.totals
    stats = "".join(f"<td>{e(value)}</td>" for _key, value in c.stat_rows)
    dice = "".join(e(die) for die in totals.skill_dice) or "—"
    items = "; ".join(
        f"{e(item.name)} ({e(item.get_item_type_display())}{', armour' if item.armour else ''})"
        for item in c.items
    )
    conditions = ""
    if totals.conditions:
        names = ", ".join(e(condition_name(key)) for key in totals.conditions)
        conditions = f" · Conditions: {names}"
    fighter = " · Cogbot Fighter" if totals.has_cogbot_fighter else ""
    return (
        f'<tr data-sheet-character="{e(c.pk)}"><th scope="row">{e(c.name)}</th>{stats}'
        f"<td>{dice}</td><td data-sheet-tawny>{e(totals.tawny)} ({e(c.coins.label)})</td></tr>\n"
        f'<tr><td colspan="9" class="small">Items: {items or "none"}{fighter}{conditions}</td></tr>'
    )


# The live regions written in Python, by page: the module drawing each, imported when first
# drawn (those modules import this one).
_DRAWN_REGIONS = {
    "battle": "campaigns.dawnshade.battle.region",
    "mat": "campaigns.dawnshade.mat.region",
    "characters": "campaigns.dawnshade.characters.region",
    "chapter": "campaigns.dawnshade.kinship.region",
    "turn": "campaigns.dawnshade.turn.region",
    "character": "campaigns.dawnshade.characters.sheet_region",
    "outposts": "campaigns.dawnshade.outposts.region",
    "tools": "campaigns.dawnshade.table_tools.region",
    "sheet": "campaigns.dawnshade.sheet.region",
}


@register.simple_tag(takes_context=True)
def region_top(context, page_url: str):
    """A conflict (409) and one-tap undo back to `page_url`, at the top of a live region (as
    an included partial it cost a region 0.15-0.2 ms)."""
    return mark_safe(top_of_region(context, page_url))


@register.simple_tag(takes_context=True)
def drawn_region(context, page: str):
    """The ``page``'s live region, drawn in Python (its module's ``draw_region``)."""
    return import_module(_DRAWN_REGIONS[page]).draw_region(context)


@register.simple_tag(takes_context=True)
def drawn_panel(context, page: str, name: str):
    """The forms of the ``page``'s closed panel ``name`` (its module's ``draw_panel``)."""
    return import_module(_DRAWN_REGIONS[page]).draw_panel(context, name)


@register.simple_tag
def battle_stack_rows(rows):
    """The battle page's ``<tr>`` of each stack (``queries_battle.StackRow``), written in
    Python: the page and its live region, which every battle tap redraws, spent longer on
    this loop's lookups than on anything else but the forms. Every value is escaped here
    (``fast_escape``: Django's escaping without ``format_html``'s per-argument cost)."""
    return mark_safe("\n".join(_stack_row(row) for row in rows))


def _stack_row(row) -> str:
    key = e(row.key)
    name = e(row.name) + (" <strong>KO'd</strong>" if row.knocked_out else "")
    if row.detail:
        name += f'<br><span class="small">{e(row.detail)}</span>'
    hp = f"<span data-hp>{e(row.hp)}</span>/{e(row.hp_stat)}"
    if row.cogbot_fighter:
        hp += '<br><span class="small">Cogbot Fighter</span>'
    shields = f"<span data-shields>{e(row.shields)}</span>"
    if row.cogbehemoth:
        shields += f'<br><span class="small">Cogbehemoth {e(row.cogbehemoth_shields)}</span>'
    conditions = ", ".join(
        f'<span data-condition="{e(condition)}">{e(label)}</span>'
        for condition, label in row.conditions
    )
    combo = "—"
    if row.flame is not None:
        combo = (
            f"<span data-flame>{e(row.flame)}</span> flame, "
            f"<span data-thorn>{e(row.thorn)}</span> thorn"
        )
    return (
        f'<tr data-stack="{key}" data-knocked-out="{"true" if row.knocked_out else "false"}">\n'
        f'  <th scope="row">{name}</th>\n'
        f'  <td data-live-value="{key}-hp">{hp}</td>\n'
        f'  <td data-live-value="{key}-shields">{shields}</td>\n'
        f"  <td>{conditions or '—'}</td>\n"
        f"  <td>{combo}</td>\n"
        "</tr>"
    )


@register.simple_tag
def foe_library_items(foes):
    """The battle page's ``<li>`` of each foe in the library, written in Python: its loop of
    seven lookups a foe, and ``get_faction_display`` rebuilding the model's choices each
    time, cost more than the rest of its section."""
    return mark_safe("".join(map(_foe_item, foes)))


_FACTION_LABELS = dict(FACTION_CHOICES)


def _foe_item(foe) -> str:
    chip = _FACTION_LABELS.get(foe.faction, foe.faction)  # as get_faction_display gives it
    special = f"; {e(foe.special)}" if foe.special else ""
    return (
        f"<li>{e(foe.name)} ({e(chip)}): HP {e(foe.hp)}, SLD {e(foe.sld)}, "
        f"ATK {e(foe.atk)}, DEF {e(foe.defense)}{special}</li>"
    )


@register.filter
def roman(number):
    return ROMAN.get(number, number)


@register.filter
def outcome_name(outcome: str) -> str:
    return (outcome or "").replace("_", " ").capitalize()


@register.filter
def tile_name(key: str) -> str:
    return QUEST_TILE_TYPES[key].name if key in QUEST_TILE_TYPES else key


@register.filter
def outpost_name(key: str) -> str:
    return OUTPOST_TYPES[key].name if key in OUTPOST_TYPES else key


@register.filter
def element_name(key: str) -> str:
    return ELEMENTS[key].name if key in ELEMENTS else key


@register.filter
def blessing_name(key: str) -> str:
    return BLESSINGS[key].name if key in BLESSINGS else key


@register.filter
def condition_name(key: str) -> str:
    condition = CONDITIONS.get(key)
    if condition is None:
        return key
    return condition.name or f"unnamed {condition.element} {condition.polarity} condition"


@register.filter
def alignment_name(key: str) -> str:
    if key in WATCHERS:
        return f"Aligned with {WATCHERS[key].name}"
    return (key or "").capitalize()


@register.filter
def get(mapping, key):
    return mapping.get(key) if hasattr(mapping, "get") else None


@register.filter
def field_named(form, name):
    """A bound field of ``form`` by a name built in the template (per-character fields)."""
    return form[name] if name in form.fields else None
