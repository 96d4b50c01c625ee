"""Names from the Occulites catalogue for templates: records store keys, players read names."""

from django import template
from django.utils.safestring import mark_safe

from campaigns.occulites.catalog.abilities import ABILITIES
from campaigns.occulites.catalog.luftles import LUFTLE_CASTES
from campaigns.occulites.catalog.scenarios import SCENARIOS
from campaigns.occulites.catalog.tribe_types import TRIBE_TYPES
from campaigns.occulites.tokens.panel import draw_panel as draw_tokens_panel
from campaigns.table.form_renderer import escape_text, fast_escape
from campaigns.table.post_form import post_form_markup
from campaigns.table.url_cache import cached_reverse

register = template.Library()


@register.filter
def ability_name(key: str) -> str:
    ability = ABILITIES.get(key)
    return ability.name if ability else key.replace("_", " ").capitalize()


@register.filter
def caste_name(key: str) -> str:
    caste = LUFTLE_CASTES.get(key)
    return caste.name if caste else key


@register.filter
def scenario_name(key: str) -> str:
    scenario = SCENARIOS.get(key)
    return f"{scenario.number}. {scenario.name}" if scenario else key


@register.filter
def tribe_type_name(key: str) -> str:
    tribe_type = TRIBE_TYPES.get(key)
    return tribe_type.name if tribe_type else key.replace("_", " ").capitalize()


@register.simple_tag
def refusal_items(refusals) -> str:
    """The `<li>` of each purchase the rules refuse, with the rule's reason: in Python, as
    the spending panel lists some sixty of them (each escaped directly: `format_html` per
    item cost 250 µs for sixty)."""
    return mark_safe(
        "".join(
            f"<li><strong>{fast_escape(r.label)}</strong>: {fast_escape(r.reason)}</li>"
            for r in refusals
        )
    )


_ROSTER_HEAD = (
    '<thead><tr><th scope="col">Occulite</th><th scope="col" title="Awareness">AW</th>'
    '<th scope="col" title="Speed">S</th><th scope="col" title="Attack">A</th>'
    '<th scope="col" title="Defence">D</th><th scope="col" title="Health">H</th></tr></thead>'
)


@register.simple_tag
def tribe_roster(sheet, caption_hidden: bool = False) -> str:
    """A tribe's Occulites with statistics and active abilities, and its Luftles with their
    learned abilities (``sheet``: a ``TribeSheet``). In Python, every text escaped: each
    phone reloads the sheet after every change, and these rows through the template engine
    were most of that."""
    caption_class = ' class="visually-hidden"' if caption_hidden else ""
    rows = "".join(_occulite_row(occulite) for occulite in sheet.occulites)
    luftles = ", ".join(_luftle_item(luftle) for luftle in sheet.luftles) or "none"
    return mark_safe(
        f'<div class="table-scroll">\n<table class="roster">\n'
        f"  <caption{caption_class}>{escape_text(sheet.tribe.name)} roster</caption>\n"
        f"  {_ROSTER_HEAD}\n  <tbody>{rows}\n  </tbody>\n</table>\n</div>\n"
        f"<p><strong>Luftles:</strong> {luftles}</p>"
    )


def _occulite_row(occulite) -> str:
    badges = (' <span class="badge">Chief</span>' if occulite.is_chief else "") + (
        ' <span class="badge">Netter</span>' if occulite.is_netter else ""
    )
    abilities = ""
    if occulite.active_abilities:
        spans = "".join(
            f'<span class="ability {escape_text(holding.kind)}">'
            f"{escape_text(ability_name(holding.ability_key))}</span>"
            for holding in occulite.active_abilities
        )
        abilities = f'<span class="abilities">{spans}</span>'
    return (
        f'\n    <tr>\n      <th scope="row">{escape_text(occulite.name)}{badges}\n'
        f"        {abilities}\n      </th>\n"
        f"      <td>{occulite.awareness:d}</td><td>{occulite.speed:d}</td>"
        f"<td>{occulite.attack:d}</td><td>{occulite.defence:d}</td>"
        f"<td>{occulite.health:d}</td>\n    </tr>"
    )


def _luftle_item(luftle) -> str:
    letter = escape_text(luftle.base_letter)
    abilities = ""
    if luftle.learned:
        spans = "".join(
            f'<span class="ability {escape_text(holding.kind)}" data-ability='
            f'"{escape_text(holding.ability_key)}">{escape_text(ability_name(holding.ability_key))}</span>'
            for holding in luftle.learned
        )
        abilities = f' <span class="abilities" data-luftle-abilities="{letter}">{spans}</span>'
    return f"{escape_text(caste_name(luftle.caste))} ({letter}){abilities}"


_UNDONE_BADGE = '<span class="badge">undone</span>'


@register.simple_tag(takes_context=True)
def reset_form(context, url: str, label: str) -> str:
    """A helper's new-game button, inside its live panel, for a member who may write."""
    membership = context.get("membership")
    if not (membership and membership.can_write):
        return ""
    button = f'<button type="submit" class="secondary">{fast_escape(label)}</button>'
    return mark_safe(post_form_markup(context, url, button, css_class="reset-form"))


@register.simple_tag
def tribe_history_items(rows) -> str:
    """The tribe page's ``<li>`` of each of its latest changes (``campaigns.table.history``
    rows), or its one empty line. Written here: up to fifty rows through the template
    engine cost more than the rest of the page."""
    if not rows:
        return mark_safe('<li class="muted">Nothing recorded yet.</li>')
    return mark_safe(  # every value escaped but the times, which history.py writes
        "".join(
            f'<li class="{"undone" if row["undone"] else ""}"><div>'
            f"<strong>{fast_escape(row['reason'])}</strong>"
            f"{_UNDONE_BADGE if row['undone'] else ''}"
            f'<p class="muted">{fast_escape(row["who"])} · <time'
            f' datetime="{row["iso_time"]}">{row["time"]}</time></p>'
            "</div></li>"
            for row in rows
        )
    )


@register.simple_tag
def tribe_paper_sheet(sheet, lines, future_timeslots) -> str:
    """One tribe's paper sheet (``sheet``: a ``TribeSheet``): its name, kind, player and
    colour, totals, the season's timeslot lines and its roster. The tribe page draws one, the
    print page one a tribe; written here, as its parts are."""
    tribe = sheet.tribe
    if tribe.tribe_type == "custom":
        kind = escape_text(tribe.custom_type_name)
    else:
        kind = escape_text(tribe_type_name(tribe.tribe_type))
    player = f" · {escape_text(tribe.player.get_username())}" if tribe.player else ""
    colour = f" · {escape_text(tribe.colour)}" if tribe.colour else ""
    headings = "".join(f'<th scope="col">{heading}</th>' for heading in _SEASON_HEADINGS)
    return mark_safe(
        '<article class="tribe-sheet">\n  <header>\n'
        f'    <h2>{escape_text(tribe.name)} <span class="muted small">{kind}{player}{colour}'
        "</span></h2>\n"
        f"    {tribe_totals(sheet.totals)}\n  </header>\n"
        '  <div class="table-scroll">\n  <table class="season-lines">\n'
        "    <caption>The season, timeslot by timeslot</caption>\n"
        f"    <thead><tr>{headings}</tr></thead>\n"
        f"    <tbody>\n      {season_line_rows(lines, future_timeslots)}\n    </tbody>\n"
        "  </table>\n  </div>\n"
        f"  {tribe_roster(sheet)}\n</article>"
    )


_SEASON_HEADINGS = (
    "#",
    "Scenario played",
    "VP gained",
    "VP spent",
    "VP lost",
    "Total VP",
    "To spend",
    "Sungems",
)


@register.simple_tag
def tribe_totals(totals) -> str:
    """A tribe's three ledger totals (``totals``: by total key), beside each roster."""
    return mark_safe(
        '<dl class="totals">\n'
        '  <div><dt>Total VP</dt><dd data-total="total_vp">'
        f"{escape_text(totals['total_vp'])}</dd></div>\n"
        '  <div><dt>Available to spend</dt><dd data-total="available_spend_total">'
        f"{escape_text(totals['available_spend_total'])}</dd></div>\n"
        '  <div><dt>Sungems</dt><dd data-total="sungems">'
        f"{escape_text(totals['sungems'])}</dd></div>\n"
        "</dl>"
    )


@register.simple_tag(takes_context=True)
def spending_panel(context) -> str:
    """Spending Victory Points: the totals and the four forms (``results/spending_panel.py``)."""
    # Imported here: the panel draws with this module's refusal_items and tribe_type_name.
    from campaigns.occulites.results.spending_panel import draw_panel

    return draw_panel(context)


@register.simple_tag(takes_context=True)
def spend_totals(context) -> str:
    """The spending's running totals, their own live region (``results/spending_panel.py``)."""
    # Imported here, as above.
    from campaigns.occulites.results.spending_panel import draw_totals

    return draw_totals(context)


@register.simple_tag(takes_context=True)
def wizard_status(context) -> str:
    """The record wizard's status, its own live region (``results/wizard_status.py``)."""
    # Imported here: the status draws with this module's scenario_name.
    from campaigns.occulites.results.wizard_status import draw_status

    return draw_status(context)


@register.simple_tag(takes_context=True)
def tokens_panel(context) -> str:
    """The Tribal Tokens page's live panel, drawn in Python (``tokens/panel.py``)."""
    return draw_tokens_panel(context)


@register.simple_tag
def sheet_tribe(sheet, campaign_id: int, actions: bool) -> str:
    """One tribe's section of the campaign sheet: name and type, totals, the chart link,
    roster and (``actions``) its record and spend buttons. In Python, like its roster: the
    sheet is the live region every phone reloads after every change."""
    tribe = sheet.tribe
    pk, name = tribe.pk, escape_text(tribe.name)
    tribe_url = cached_reverse("occulites:tribe_sheet", (campaign_id, pk))
    kind = (
        tribe.custom_type_name
        if tribe.tribe_type == "custom"
        else tribe_type_name(tribe.tribe_type)
    )
    player = f" · {escape_text(tribe.player.get_username())}" if tribe.player else ""
    buttons = ""
    if actions:
        record_url = cached_reverse("occulites:record_tribe", (campaign_id, pk))
        spend_url = cached_reverse("occulites:spend", (campaign_id, pk))
        buttons = (
            '\n    <p class="tribe-actions">\n'
            f'      <a class="button" href="{record_url}">Record result'
            f'<span class="visually-hidden"> of {name}</span></a>\n'
            f'      <a class="button secondary" href="{spend_url}">Spend'
            f'<span class="visually-hidden"> for {name}</span></a>\n    </p>'
        )
    return mark_safe(
        f'<section class="card tribe" aria-labelledby="tribe-{pk}-name">\n'
        f'    <h2 id="tribe-{pk}-name"><a href="{tribe_url}">{name}</a>\n'
        f'      <span class="muted small">{escape_text(kind)}{player}</span>\n    </h2>\n'
        f"    {tribe_totals(sheet.totals)}\n"
        f'    <p class="small" data-season-chart-link><a href="{tribe_url}#tribe-{pk}-season">'
        f'The season as a chart<span class="visually-hidden">: {name}</span></a></p>\n'
        f"    {tribe_roster(sheet, caption_hidden=True)}{buttons}\n  </section>"
    )


@register.simple_tag
def season_column_rows(column) -> str:
    """The Time of the Season column of this timeslot, a row a scenario (``column``: pairs of
    scenario and its cell): the printed value, else the group's house value, else none."""
    rows = []
    for scenario, cell in column:
        if cell.printed is not None:
            tokens = escape_text(cell.printed)
        elif cell.house is not None:
            tokens = f'{escape_text(cell.house)} <span class="badge">house</span>'
        else:
            tokens = '<span class="muted">not printed</span>'
        rows.append(
            f"<tr><td>{scenario.number}. {escape_text(scenario.name)}</td>\n"
            f"            <td>{tokens}</td></tr>"
        )
    return mark_safe("\n".join(rows))


@register.simple_tag
def season_line_rows(lines, future_timeslots) -> str:
    """The paper sheet's timeslot lines: one a timeslot played (gains, spends and losses
    left blank when nothing), then a blank line for each timeslot to come."""
    rows = []
    for line in lines:
        played = (
            escape_text(scenario_name(line.scenario_key))
            if line.scenario_key
            else '<span class="muted">—</span>'
        )
        gained, spent, lost = (
            escape_text(value or "") for value in (line.vp_gained, line.vp_spent, line.vp_lost)
        )
        rows.append(
            f'\n        <tr>\n          <th scope="row">{escape_text(line.timeslot)}</th>\n'
            f"          <td>{played}</td>\n"
            f"          <td>{gained}</td><td>{spent}</td><td>{lost}</td>\n"
            f"          <td>{escape_text(line.total_vp)}</td><td>{escape_text(line.available_spend_total)}</td>"
            f"<td>{escape_text(line.sungems)}</td>\n        </tr>"
        )
    future = "<td></td>" * 7
    rows.extend(
        f'\n        <tr class="future"><th scope="row">{timeslot}</th>{future}</tr>'
        for timeslot in future_timeslots
    )
    return mark_safe("".join(rows))


@register.simple_tag
def dice_row(dice, caption, hit_word) -> str:
    """A row of dice for a helper's result (``dice``: dicts of value, hit and label, from
    ``scenario_helpers.pages._dice``); ``hit_word`` says what a hit does. In Python: every
    helper's live panel shows one or two."""
    items = []
    for die in dice or ():
        value, label = escape_text(die["value"]), escape_text(die["label"] or "")
        hit = f", {escape_text(hit_word)}" if die["hit"] else ""
        named = f"{label}: " if label else ""
        items.append(
            f'\n    <li class="die{" success" if die["hit"] else " miss"}">\n'
            f'      <span class="face" aria-label="{named}{value}{hit}">{value}</span>\n'
            + (f'      <small class="die-label">{label}</small>\n' if label else "")
            + "    </li>"
        )
    return mark_safe(
        f'<ol class="dice-row" aria-label="{escape_text(caption)}">{"".join(items)}\n</ol>'
    )


@register.simple_tag
def record_tribe_items(campaign_id: int, rows, long_dark: bool) -> str:
    """The Record page's card of each tribe (``results.views._record_context`` rows): its
    result this timeslot, its totals and its links, or the line that says to found one.
    Written here: the Record page's live region repeats it for every tribe."""
    if not rows:
        sheet = escape_text(cached_reverse("occulites:sheet", (campaign_id,)))
        return mark_safe(
            f'<li class="muted">No tribes yet: found them on the <a href="{sheet}">Sheet</a>.</li>'
        )
    return mark_safe("".join(_record_item(campaign_id, row, long_dark) for row in rows))


def _record_item(campaign_id: int, row, long_dark: bool) -> str:
    tribe, result, totals = row["tribe"], row["result"], row["totals"]
    name = fast_escape(tribe.name)
    badge = ""
    if result:
        badge = '<span class="badge done">recorded</span>'
    elif not long_dark:
        badge = '<span class="badge">to record</span>'
    outcome = ""
    if result:
        killed = ""
        if result.occulites_killed:
            count = len(result.occulites_killed)
            killed = f", {count} Occulite{'' if count == 1 else 's'} killed"
        sungems = result.sungems_gained
        outcome = (
            f"<p>{fast_escape(scenario_name(result.scenario_key))}: <strong>"
            f"{result.vp_earned:+d} VP</strong>, {sungems} Sungem{'' if sungems == 1 else 's'}"
            f"{killed}</p>"
        )
    actions = ""
    if row["may_change"]:
        record = ""
        if not long_dark:
            url = escape_text(cached_reverse("occulites:record_tribe", (campaign_id, tribe.pk)))
            label = "Continue" if result else "Record the result"
            record = (
                f'<a class="button" href="{url}">{label}'
                f'<span class="visually-hidden"> of {name}</span></a> '
            )
        spend = escape_text(cached_reverse("occulites:spend", (campaign_id, tribe.pk)))
        actions = (
            f'<p class="actions">{record}<a class="button secondary" href="{spend}">Spend'
            f'<span class="visually-hidden"> for {name}</span></a></p>'
        )
    return (
        f'<li class="card" aria-labelledby="record-tribe-{tribe.pk}">'
        f'<h3 id="record-tribe-{tribe.pk}">{name} {badge}</h3>{outcome}'
        f'<p class="muted small">Total VP <strong data-total="total_vp">{fast_escape(totals["total_vp"])}'
        '</strong> · Available to spend <strong data-total="available_spend_total">'
        f"{fast_escape(totals['available_spend_total'])}</strong> · Sungems <strong"
        f' data-total="sungems">{fast_escape(totals["sungems"])}</strong></p>{actions}</li>'
    )
