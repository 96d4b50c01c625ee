"""The Chapter page's live region, written in Python, as the Väki Mat's, the battle's and the
Characters page's are: setting up the Kinship, where the campaign stands (or how it
concluded), ending a game and starting the next, the chapters played, the owner's
Artifacts, and the two closed panels (the campaign's settings for the rulebook's gaps and
the rewards the table leaves blank). tests/dawnshade/pages/test_chapter_region.py reads it.
"""

from django.utils.safestring import mark_safe

from campaigns.dawnshade.region_page import RegionPage, details_panel, panel_body, region_top
from campaigns.dawnshade.templatetags.dawnshade import (
    alignment_name,
    blessing_name,
    fields,
    outcome_name,
    roman,
    rule,
    tile_name,
)
from campaigns.table.field_tags import checkbox_field, field, form_errors
from campaigns.table.form_renderer import control
from campaigns.table.form_renderer import fast_escape as e
from campaigns.table.templatetags.table import live_region

REGION_ID = "dawnshade-chapter"
VICTORIES = ("foe_ko", "foe_retreat")  # the Major Threat's outcomes that are a Victory
GAPS_RULES = (  # the settings the rulebook leaves open, each with its gap entry
    ("unspent-training-points", "training points"),
    ("tawny-rewards-who-receives", "Tawny rewards"),
    ("rewards-at-the-conclusion", "the last Major Threat"),
)


def draw_region(context) -> str:
    """The whole live region (``<div id="dawnshade-chapter">``), as the page and every
    chapter action's htmx answer draw it."""
    page = RegionPage(context, "dawnshade:chapter")
    view = context["kinship"]
    if view is None:
        body = _setup(page)
    else:
        k = view.kinship
        sections = [_standing(view, k)]
        if view.phase == "chapter_end" and page.can_write:
            sections.append(_end(page, view, k))
        if not k.in_game and not k.concluded and page.can_write:
            sections.append(_start(page, view, k))
        if view.results:
            sections.append(_results(view))
        artifacts = context.get("artifacts")
        if artifacts:
            sections.append(_artifacts(artifacts))
        if page.can_write:
            sections.append(
                details_panel(page, "settings", SETTINGS_SUMMARY, _settings_forms, card=True)
            )
            if context.get("house_cells"):
                sections.append(_house(page, view))
        body = "\n\n".join(sections)
    return mark_safe(
        f'<div id="{REGION_ID}" {live_region(context, "dawnshade:chapter", page.campaign.id)}>\n'
        f"{region_top(page)}\n{body}\n</div>"
    )


def draw_panel(context, name: str) -> str:
    """The forms of one closed panel (``settings`` or ``house``), as htmx fetches them."""
    return mark_safe(PANELS[name](RegionPage(context, "dawnshade:chapter")))


def _gaps_rules() -> str:
    return " ".join(rule(slug, label) for slug, label in GAPS_RULES)


def _setup(page) -> str:
    if page.can_write:
        setup = page.form("setup")
        inner = (
            f"{form_errors(setup)}{fields(setup)}"
            f'<p class="small">The last three are the rulebook\'s gaps: {_gaps_rules()}</p>\n'
            '    <button type="submit">Set up the Kinship</button>\n'
        )
        action = page.post_form("dawnshade:setup", inner, "setup")
    else:
        action = "<p>The owner or a player sets up the Kinship.</p>"
    return (
        '<section class="card" aria-labelledby="setup-title">\n'
        f'  <h2 id="setup-title">Set up the Kinship {rule("game-modes")}</h2>\n'
        f"  {action}\n</section>"
    )


def _standing(view, k) -> str:
    """Where the campaign stands: its conclusion, the game being played, or between games."""
    solo = ", solo" if k.solo else ""
    if k.concluded:
        alignment = e(alignment_name(k.conclusion_alignment))
        result = "Victory" if k.conclusion_outcome in VICTORIES else "Defeat"
        unsaid = f" {rule('power-level-conclusion-not-said')}" if k.mode == "power_level" else ""
        if k.artifact:
            artifact = (
                f"Artifact unlocked: <strong>{e(alignment_name(k.artifact))}</strong>'s Artifact,"
                " for the owner's later campaigns."
            )
        else:
            artifact = (
                "No Artifact unlocked (a first Victory while Balanced or Aligned unlocks one)."
            )
        state = (
            f'<p class="big" data-concluded>The campaign has concluded: <strong>{alignment}'
            f"</strong>, {e(outcome_name(k.conclusion_outcome))}. {rule('end-of-game')}</p>\n"
            f"    <p>Read the Chapter VI {result} conclusion for {alignment} in the Logbook."
            f"{unsaid}</p>\n"
            f"    <p data-artifact>{artifact} {rule('artifacts')}</p>"
        )
    elif k.in_game:
        state = (
            f"<p>Game <strong data-game>{e(k.game_number)}</strong> of {e(view.games)}:"
            f" Chapter {e(view.chapter_roman)}.</p>"
        )
    elif k.game_number:
        state = f"<p>Game {e(k.game_number)} of {e(view.games)} is over.</p>"
    else:
        state = "<p>The campaign has not started.</p>"
    return (
        '<section class="card" aria-labelledby="chapter-title">\n'
        f'  <h2 id="chapter-title">{e(view.mode.name)}, {e(view.difficulty.name)}{solo}'
        f" {rule('game-modes')}</h2>\n    {state}\n</section>"
    )


def _end(page, view, k) -> str:
    """Ending the game just played: what the chapter's end discards and sets aside."""
    blessings = "".join(
        f"{e(blessing_name(key))} × {e(held)} "
        for key, held in view.totals.blessings.items()
        if held
    )
    events = ", ".join(f"Event {e(tile.label)}" for tile in view.game_events) or "none"
    last = ""
    if k.game_number == view.games:
        last = (
            "\n    <li>This is the campaign's last game: it concludes by the alignment, and a"
            " first Victory while Balanced or Aligned unlocks that Artifact."
            f" {rule('artifacts')}</li>"
        )
    end = page.form("end")
    inner = (
        f"{form_errors(end)}{control(end['visit_id'])}\n"
        '    <button type="submit">End the chapter</button>\n'
    )
    return (
        '<section class="card" aria-labelledby="end-title">\n'
        f'  <h2 id="end-title">End game {e(k.game_number)} {rule("end-of-game")}</h2>\n'
        "  <ul>\n"
        f"    <li>Unused Watchers Blessings are discarded: {blessings}</li>\n"
        "    <li>The game's Event tiles are set aside for the rest of the campaign:"
        f" {events}</li>\n"
        f"    <li>Alignment now: {e(view.status.label)}</li>{last}\n  </ul>\n"
        f"  {page.post_form('dawnshade:chapter_end', inner, 'end')}\n</section>"
    )


def _start(page, view, k) -> str:
    """Starting the next game: the characters first, then the form (a narrative to choose
    where the next chapter has more than one)."""
    if not view.characters:
        body = (
            f'<p>Add the characters first, on the <a href="{page.url("dawnshade:characters")}">'
            "Characters</a> page.</p>"
        )
    else:
        players = len(view.characters)
        reset = ""
        if k.mode == "full_chapter" and k.game_number == 3:
            reset = f", and the Watchers Alignment resets (game 4) {rule('full-chapter-mode')}"
        start = page.form("start")
        narrative = ""
        if len(view.next_narratives) > 1:
            narrative = field(start["narrative_chapter"])
        inner = (
            f'{form_errors(start)}{narrative}\n    <button type="submit">Start the game</button>\n'
        )
        body = (
            f'<p class="small">Threat to 0, the väki pool for {players} player'
            f"{'' if players == 1 else 's'} {rule('vaki-pool-starting-chips-reading')}{reset}."
            f"</p>\n  {page.post_form('dawnshade:chapter_start', inner, 'start')}"
        )
    return (
        '<section class="card" aria-labelledby="start-title">\n'
        f'  <h2 id="start-title">Start game {e(k.game_number + 1)}'
        f" {rule('starting-village')}</h2>\n  {body}\n</section>"
    )


def _results(view) -> str:
    rows = "".join(
        f'<tr data-result="{e(r.game_number)}"><td>{e(r.game_number)}</td>'
        f"<td>{e(roman(r.narrative_chapter))}</td><td>{e(outcome_name(r.outcome))}</td>"
        f"<td>{e(r.level)}</td><td>{e(r.xp)}</td><td>{e(alignment_name(r.alignment))}</td></tr>"
        for r in view.results
    )
    set_aside = ", ".join(e(tile.label) for tile in view.set_aside_events) or "none"
    return (
        '<section class="card" aria-labelledby="results-title">\n'
        '  <h2 id="results-title">Chapters played</h2>\n'
        '  <div class="table-scroll" tabindex="0" role="region"'
        ' aria-label="Chapter results (scrolls sideways)"><table>\n'
        '    <thead><tr><th scope="col">Game</th><th scope="col">Chapter</th>'
        '<th scope="col">Major Threat</th><th scope="col">Level</th><th scope="col">XP</th>'
        '<th scope="col">Alignment</th></tr></thead>\n'
        f"    <tbody>{rows}</tbody>\n  </table></div>\n"
        f'  <p class="small">Events set aside: {set_aside}</p>\n</section>'
    )


def _artifacts(artifacts) -> str:
    items = "".join(
        f"<li>{e(alignment_name(a.key))} ({e(a.user.get_username())})</li>" for a in artifacts
    )
    return (
        f'<section class="card"><h2>Artifacts unlocked {rule("artifacts")}</h2>'
        f"<ul>{items}</ul></section>"
    )


def _house(page, view) -> str:
    """The rewards the group entered for cells the rulebook's tables leave blank, and the
    closed panel to remember another."""
    items = []
    for h in view.house_rewards:
        values = ""
        if h.xp is not None:
            values += f"{e(h.xp)} XP "
        if h.tawny is not None:
            values += f"{e(h.tawny)} Tawny "
        if h.loot_shoot_items is not None:
            values += f"{e(h.loot_shoot_items)} items"
        items.append(
            f"<li data-house-reward>{e(tile_name(h.tile_type))}, {e(outcome_name(h.outcome))}:"
            f" {values}</li>"
        )
    open_attribute = " open" if page.panels.get("house") else ""
    return (
        f'<details class="card" id="panel-house"{open_attribute}><summary>Remember a reward'
        " the table leaves blank</summary>\n"
        f'  <ul class="small">{"".join(items)}</ul>\n'
        f"  {panel_body(page, 'house', _house_forms)}\n</details>"
    )


SETTINGS_SUMMARY = "Campaign settings for the rulebook's gaps"


def _settings_forms(page) -> str:
    settings = page.form("settings")
    inner = (
        f"{form_errors(settings)}{field(settings['unspent_training_points'])}"
        f"{field(settings['tawny_rewards'])}"
        f"{checkbox_field(settings['table_rewards_at_conclusion'])}"
        f'<p class="small">{_gaps_rules()}</p>\n'
        '    <button type="submit">Save settings</button>\n'
    )
    return page.post_form("dawnshade:settings", inner)


def _house_forms(page) -> str:
    house = page.form("house")
    inner = f'{form_errors(house)}{fields(house)}<button type="submit">Remember</button>\n'
    return page.post_form("dawnshade:house_reward", inner, "house")


PANELS = {"settings": _settings_forms, "house": _house_forms}
