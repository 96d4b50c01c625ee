"""The Table tools page's live region, written in Python as the other Dawnshade regions are:
the Stat Challenge, the Watchers Temple's Divine Guidance, the Tavern's games (Watchers Runes,
Double Doubler's Dice, Cogrushing), the Quest Deck and the tools' recent draws.

Every die entered, card turned and Drudge hit redraws this region on every phone at the
table. Each section draws what the template drew, every value escaped (``e``).
tests/dawnshade/table_tools/test_tools_region.py reads it.
"""

from django.template.defaultfilters import title
from django.utils.safestring import mark_safe

from campaigns.dawnshade.region_page import (
    RegionPage,
    details_panel,
    no_kinship,
    refusals,
    region_top,
)
from campaigns.dawnshade.templatetags.dawnshade import fields, roman, rule
from campaigns.table.field_tags import field, form_errors
from campaigns.table.form_renderer import control
from campaigns.table.form_renderer import fast_escape as e
from campaigns.table.templatetags.table import list_items, live_region

REGION_ID = "dawnshade-tools"
TOOLS_NAV = (
    '<nav class="card" aria-label="Table tools"><ul class="inline-list">\n'
    '  <li><a href="#tool-challenge">Stat Challenge</a></li>'
    '<li><a href="#tool-temple">Watchers Temple</a></li>'
    '<li><a href="#tool-runes">Watchers Runes</a></li>'
    '<li><a href="#tool-doublers">Double Doubler\'s Dice</a></li>'
    '<li><a href="#tool-cogrushing">Cogrushing</a></li>'
    '<li><a href="#tool-quest">Quest Deck</a></li>\n'
    "</ul></nav>"
)


def draw_region(context) -> str:
    """The whole live region (``<div id="dawnshade-tools">``), as the page and every tool
    action's htmx answer draw it."""
    page = RegionPage(context, "dawnshade:tools")
    view = context["view"]
    if view.kinship is None:
        body = no_kinship(page)
    else:
        sections = [
            TOOLS_NAV,
            _challenge(page, view),
            _temple(page, view),
            _runes(page, view),
            _doublers(page, view),
            _cogrushing(page, view),
            _quest(page, view),
        ]
        if view.draw_summaries:
            sections.append(
                '<section class="card" aria-labelledby="tool-draws-head">\n'
                '  <h2 id="tool-draws-head">Recent draws</h2>\n'
                f'  <ol class="small" data-tool-draws>{list_items(view.draw_summaries)}</ol>\n'
                "</section>"
            )
        body = "\n\n".join(sections)
    return mark_safe(
        f'<div id="{REGION_ID}" {live_region(context, "dawnshade:tools", page.campaign.id)}>\n'
        f"{region_top(page)}\n{refusals(context)}\n{body}\n</div>"
    )


def draw_panel(context, name: str) -> str:
    """The form of the closed panel ``name``, as htmx fetches it."""
    return mark_safe(PANELS[name](RegionPage(context, "dawnshade:tools")))


def _tool(name: str, heading: str, body: str) -> str:
    return (
        f'<section class="card" id="tool-{name}" aria-labelledby="tool-{name}-head"'
        f' data-tool="{name}">\n  <h2 id="tool-{name}-head">{heading}</h2>\n{body}\n</section>'
    )


def _seen(form) -> str:
    """A form's own errors, then the tool's step it saw (hidden)."""
    return f"{form_errors(form)}{control(form['seen'])}"


def _tool_form(page, url_name: str, prefix: str, data_form: str, button: str, names=()) -> str:
    """A tool's form: the step it saw, the named fields (none for a form that only says
    "go"), then its button."""
    form = page.form(prefix)
    fields_html = "".join(field(form[name]) for name in names)
    inner = f"{_seen(form)}\n{fields_html}{button}\n"
    return page.post_form(url_name, inner, data_form)


def _seats_fieldset(bound) -> str:
    """Checkboxes of characters with their legend and errors (a fieldset, not ``field``)."""
    errors = "".join(f'<p class="error">{e(error)}</p>' for error in bound.errors)
    has_error = " has-error" if bound.errors else ""
    return (
        f'<fieldset class="field{has_error}"><legend>{e(bound.label)}</legend>'
        f"{control(bound)}{errors}</fieldset>"
    )


# --- the Stat Challenge ---


def _challenge(page, view) -> str:
    challenge = view.challenge
    parts = []
    if challenge.get("stat"):
        outcome = challenge.get("outcome")
        result = ""
        if outcome:
            result = (
                f'Result: <strong data-challenge-outcome="{e(outcome)}">{e(title(outcome))}'
                "</strong>."
            )
        rows = "".join(_challenge_row(row) for row in view.challenge_rows)
        parts.append(
            f"  <p>{e(challenge['stat'].upper())} challenge ({e(view.challenge_dice_name)}):"
            f" <strong data-threshold>{e(challenge.get('threshold', ''))}</strong> hits to"
            f" succeed; <span data-challenge-total>{e(view.challenge_hits_total)}</span> so"
            f" far.\n  {result}</p>\n"
            '  <div class="table-scroll" tabindex="0" role="region"'
            ' aria-label="Stat Challenge hits by player">\n'
            '  <table><thead><tr><th scope="col">Player</th><th scope="col">Dice</th>'
            '<th scope="col">Dice entered (hits, zone)</th><th scope="col">Hits</th></tr>'
            f"</thead>\n  <tbody>{rows}</tbody></table>\n  </div>\n"
            '  <p class="small">A die in a minus zone counts its modifier as printed, so it can'
            f" take hits from the total. {rule('stat-challenge-minus-zone-reading', 'Reading')}"
            "</p>"
        )
    if page.can_write:
        if view.challenge_running:
            parts.append(
                _tool_form(
                    page,
                    "dawnshade:tools_challenge_hits",
                    "hits",
                    "challenge-hits",
                    '<button type="submit">Add the die</button>',
                    ("character", "hits", "zone_modifier"),
                )
                + _tool_form(
                    page,
                    "dawnshade:tools_challenge_decide",
                    "decide",
                    "challenge-decide",
                    '<button type="submit">Everyone has rolled: Succeed or Fail</button>',
                )
            )
        else:
            parts.append(
                details_panel(page, "challenge", "Begin a Stat Challenge", _start_challenge)
            )
    return _tool("challenge", f"Stat Challenge {rule('stat-challenges')}", "\n".join(parts))


def _challenge_row(row) -> str:
    entries = ", ".join(f"{e(hits)} ({zone:+d})" for hits, zone in row["entries"]) or "—"
    return (
        f'<tr data-challenge-player="{e(row["seat"])}"><th scope="row">{e(row["name"])}</th>'
        f"<td>{e(row['dice'])}</td><td>{entries}</td><td>{e(row['total'])}</td></tr>"
    )


def _start_challenge(page) -> str:
    return _tool_form(
        page,
        "dawnshade:tools_challenge_start",
        "challenge",
        "challenge-start",
        '<button type="submit">Begin a Stat Challenge</button>',
        ("stat",),
    )


# --- the Watchers Temple ---


def _temple(page, view) -> str:
    fall = view.cataclysm
    if fall["tiles"]:
        plural = "s" if fall["tiles"] != 1 else ""
        where = f" of {e(fall['watcher'])}" if fall["watcher"] else " drawn at random"
        cataclysm = f"{e(fall['tiles'])} tile{plural}{where}"
    else:
        cataclysm = "none (Balanced)"
    parts = [
        f"  <p>Alignment: <strong data-alignment-status>{e(view.status_label)}</strong>."
        f" {rule('divine-guidance', 'Divine Guidance')}</p>\n"
        f"  <p data-cataclysm>Cataclysm: {cataclysm}. {rule('cataclysm')}</p>"
    ]
    temple = view.temple
    if temple.get("draws"):
        draws = "".join(f"<li>{e(name)}: {e(what)}</li>" for name, what in view.temple_draws)
        left = ", ".join(f"{e(item)} ×{e(count)}" for item, count in view.bag_counts) or "nothing"
        parts.append(
            f"  <p>Last Divine Guidance ({e(temple.get('status', ''))}):</p>\n"
            f"  <ul data-temple-draws>{draws}</ul>\n"
            f'  <p class="small">Left in the bag: {left}</p>'
        )
    if page.can_write:
        if view.at_temple and not view.temple_drawn_here:
            parts.append(_guidance_form(page, view))
        elif view.temple_drawn_here:
            parts.append("<p>Divine Guidance has been drawn at this Temple.</p>")
        else:
            parts.append(
                '<p class="small">Divine Guidance is drawn while the Kinship is at a Watchers'
                " Temple.</p>"
            )
    return _tool("temple", f"Watchers Temple {rule('watchers-temple')}", "\n".join(parts))


def _guidance_form(page, view) -> str:
    form = page.form("temple")
    if view.aligned_watcher:
        tokens = (
            f'<p class="small">Aligned with {e(view.aligned_watcher)}: 6 Tawny and its free'
            f" condition tokens go in.</p>{field(form['available_tokens'])}"
        )
    else:
        tokens = (
            f'<p class="small">{e(view.status_label)}: one condition token of each Watcher'
            " goes in.</p>"
        )
    inner = (
        f"{_seen(form)}{control(form['visit_id'])}\n    {tokens}\n"
        '    <button type="submit">Each player draws Divine Guidance</button>\n'
    )
    return page.post_form("dawnshade:tools_temple", inner, "temple")


# --- Watchers Runes ---


def _runes(page, view) -> str:
    parts = []
    if view.tavern_level:
        parts.append(
            f"<p>Tavern level {e(roman(view.tavern_level))}."
            f" {rule('outpost-upgrades', 'Upgrades')}</p>"
        )
    game = view.runes
    if game:
        revealed = e(", ".join(view.runes_revealed)) or "none yet"
        still_in = e(", ".join(game.still_in)) or "nobody"
        parts.append(
            f"  <p>Ante {e(game.ante)} Tawny. Cards turned: <span data-runes-revealed>{revealed}"
            f"</span>; <span data-runes-left>{len(game.draw_pile)}</span> left.</p>\n"
            "  <p>Won so far by each player still in: <strong data-runes-pot>"
            f"{e(game.pot)}</strong> Tawny. Still in: <span data-runes-still-in>{still_in}"
            "</span>.</p>"
        )
        if game.collected:
            stopped = ", ".join(f"{e(name)} ({e(won)})" for name, won in game.collected)
            parts.append(f"  <p>Stopped: {stopped}</p>")
        if game.busted:
            parts.append(
                '  <p class="warning" data-runes-busted>Bust: two Runes of one character.'
                " Everyone still in loses the ante.</p>"
            )
        elif game.over:
            parts.append(
                "  <p data-runes-over>The game is over; winnings paid to each character's"
                " Tawny.</p>"
            )
    if page.can_write:
        if view.runes_running:
            parts.append(
                _tool_form(
                    page,
                    "dawnshade:tools_runes_reveal",
                    "reveal",
                    "runes-reveal",
                    '<button type="submit">Everyone still in rides: turn the next card</button>',
                )
            )
            if game.revealed:
                stop = page.form("stop")
                inner = (
                    f"{_seen(stop)}\n    {_seats_fieldset(stop['players'])}\n"
                    '    <button type="submit">Stop and collect</button>\n'
                )
                parts.append(page.post_form("dawnshade:tools_runes_stop", inner, "runes-stop"))
        elif view.in_game:
            parts.append(
                details_panel(page, "runes", "Start a game of Watchers Runes", _start_runes)
            )
        else:
            parts.append('<p class="small">The Tavern games are played during a game.</p>')
    return _tool("runes", f"Watchers Runes {rule('watchers-runes')}", "\n".join(parts))


def _start_runes(page) -> str:
    form = page.form("runes")
    inner = (
        f"{_seen(form)}\n    {_seats_fieldset(form['players'])}\n"
        f"    {field(form['ante_back_on_stop'])}"
        f" {rule('runes-ante-on-stop-reading', 'Reading')}\n"
        '    <button type="submit">Pay the ante and shuffle</button>\n'
    )
    return page.post_form("dawnshade:tools_runes_start", inner, "runes-start")


# --- Double Doubler's Dice ---


def _doublers(page, view) -> str:
    parts = [
        '  <p class="small">Roll the two Dawnshade Dice and enter what they show: one Dawn and'
        f" one Shade doubles what rides. {rule('dawnshade-dice', 'Dice')}</p>"
    ]
    game = view.doublers
    if game:
        rolls = e(", ".join(game.rolls)) or "none yet"
        over = " The game is over." if game.over else ""
        parts.append(
            f"  <p>{e(game.player)}: ante {e(game.ante)}, <strong data-doublers-riding>"
            f"{e(game.riding)}</strong> Tawny riding, {e(game.collected)} collected; rolls:"
            f" <span data-doublers-rolls>{rolls}</span>.{over}</p>"
        )
    if page.can_write:
        if view.doublers_running:
            parts.append(
                _tool_form(
                    page,
                    "dawnshade:tools_doublers_roll",
                    "roll",
                    "doublers-roll",
                    '<button type="submit">Enter the roll</button>',
                    ("first", "second"),
                )
            )
            if game.rolls and game.rolls[-1] == "succeed":
                parts.append(
                    _tool_form(
                        page,
                        "dawnshade:tools_doublers_collect",
                        "collect",
                        "doublers-collect",
                        '<button type="submit">Collect (the rest rides)</button>',
                        ("amount",),
                    )
                )
        elif view.in_game:
            parts.append(
                details_panel(
                    page, "doublers", "Start a game of Double Doubler's Dice", _start_doublers
                )
            )
    heading = f"Double Doubler's Dice {rule('double-doublers-dice')}"
    return _tool("doublers", heading, "\n".join(parts))


def _start_doublers(page) -> str:
    return _tool_form(
        page,
        "dawnshade:tools_doublers_start",
        "doublers",
        "doublers-start",
        '<button type="submit">Pay the ante</button>',
        ("character",),
    )


# --- Cogrushing ---


def _cogrushing(page, view) -> str:
    parts = []
    game = view.cogrushing
    if game:
        bets = ", ".join(f"{e(name)} {e(bet)}" for name, bet in game.bets) or "none"
        result = ""
        if game.result:
            result = (
                f' Result: <strong data-cogrushing-result="{e(game.result)}">'
                f"{e(game.active_player)} {e(game.result)}s</strong>; bets settled."
            )
        drudges = "".join(_drudge_row(drudge) for drudge in view.drudges)
        parts.append(
            f"  <p>{e(game.active_player)} launches. Bets: {bets}.{result}</p>\n"
            '  <div class="table-scroll" tabindex="0" role="region" aria-label="Cogbot Drudges">'
            '\n  <table><thead><tr><th scope="col">Drudge</th><th scope="col">HP</th>'
            f'<th scope="col">Where</th></tr></thead>\n  <tbody>{drudges}</tbody></table>\n'
            "  </div>"
        )
    if page.can_write:
        if view.cogrushing_running:
            strike = page.form("strike")
            inner = (
                f"{_seen(strike)}\n{field(strike['pips'])}\n"
                "    <fieldset><legend>Hits shared among the Drudges touched</legend>"
                f"{fields(strike.drudge_fields())}</fieldset>\n"
                '    <button type="submit">Apply the hits</button>\n'
            )
            parts.append(
                _tool_form(
                    page,
                    "dawnshade:tools_cogrushing_deploy",
                    "deploy",
                    "cogrushing-deploy",
                    '<button type="submit">Deploy the next Drudge</button>',
                )
                + page.post_form("dawnshade:tools_cogrushing_hit", inner, "cogrushing-hit")
                + _tool_form(
                    page,
                    "dawnshade:tools_cogrushing_turret",
                    "turret",
                    "cogrushing-turret",
                    '<button type="submit" class="secondary">A Drudge reached the turret</button>',
                )
            )
        else:
            parts.append(
                details_panel(page, "cogrushing", "Start a game of Cogrushing", _start_cogrushing)
            )
    return _tool("cogrushing", f"Cogrushing {rule('cogrushing')}", "\n".join(parts))


def _drudge_row(drudge) -> str:
    if drudge["eliminated"]:
        where = "eliminated"
    elif drudge["deployed"]:
        where = "on the Battle Mat"
    else:
        where = "in the stack"
    number = e(drudge["number"])
    return (
        f'<tr data-drudge="{number}"><th scope="row">{number}</th>'
        f"<td>{e(drudge['hp'])}</td><td>{where}</td></tr>"
    )


def _start_cogrushing(page) -> str:
    form = page.form("cogrushing")
    inner = (
        f"{_seen(form)}\n{field(form['active'])}\n"
        "    <fieldset><legend>Bets against the Active Player (0-2 Tawny; the Active Player's"
        f" own is ignored)</legend>{fields(form.bet_fields())}</fieldset>\n"
        '    <button type="submit">Take the bets</button>\n'
    )
    return page.post_form("dawnshade:tools_cogrushing_start", inner, "cogrushing-start")


# --- the Quest Deck ---


def _quest(page, view) -> str:
    quest = view.quest
    parts = []
    if view.quest_deck:
        parts.append(
            "  <p>Starting Village <strong data-quest-village>"
            f"{e(view.quest_village)}</strong> onto the Quest Mat; the deck, top first:</p>\n"
            f"  <ol data-quest-deck>{list_items(view.quest_deck)}</ol>"
        )
        excluded = quest.get("excluded_events")
        if excluded:
            plural = "s" if len(excluded) != 1 else ""
            parts.append(
                f'  <p class="small">Left out: Event tile{plural}'
                f" {e(', '.join(map(str, excluded)))}, set aside in earlier games.</p>"
            )
    if quest.get("excluded_now"):
        parts.append(
            '  <p class="small" data-excluded-events>Event tiles set aside this campaign:'
            f" {e(', '.join(map(str, quest['excluded_now'])))}.</p>"
        )
    if page.can_write:
        if quest.get("owned"):
            parts.append(
                _tool_form(
                    page,
                    "dawnshade:tools_quest_build",
                    "deck",
                    "quest-build",
                    '<button type="submit">Build a Quest Deck</button>',
                )
            )
            parts.append(details_panel(page, "owned", "Tile numbers the group owns", _owned))
        else:
            # An open <details> holding a form pauses the live region (app.js), so the
            # group's first entry is a plain form.
            parts.append(f"<h3>Tile numbers the group owns</h3>\n{_owned(page)}")
    return _tool("quest", f"Quest Deck {rule('quest-deck')}", "\n".join(parts))


def _owned(page) -> str:
    form = page.form("owned")
    inner = (
        f"{_seen(form)}\n    {fields(form.visible_fields())}\n"
        '    <button type="submit">Remember these tiles</button>\n'
    )
    return page.post_form("dawnshade:tools_quest_owned", inner, "quest-owned")


PANELS = {
    "challenge": _start_challenge,
    "runes": _start_runes,
    "doublers": _start_doublers,
    "cogrushing": _start_cogrushing,
    "owned": _owned,
}
