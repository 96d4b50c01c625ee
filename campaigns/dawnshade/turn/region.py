"""The Turn page's live region, written in Python, as the Väki Mat's and the battle's are:
where the Kinship stands, moving it, Divine Guidance at a Watchers Temple, completing the
tile and earning its rewards, the Active Player's panel and the game's quest log.

Every move, completion and reward redraws this region on every phone at the table. Each
section draws what the template drew, every value escaped (``e``).
tests/dawnshade/pages/test_turn_region.py reads it.
"""

from django.utils.safestring import mark_safe

from campaigns.dawnshade.region_page import (
    RegionPage,
    details_panel,
    no_kinship,
    region_top,
)
from campaigns.dawnshade.templatetags.dawnshade import (
    alignment_name,
    game_log_items,
    outcome_name,
    outpost_name,
    rule,
)
from campaigns.table.field_tags import field, form_errors
from campaigns.table.form_renderer import control
from campaigns.table.form_renderer import fast_escape as e
from campaigns.table.templatetags.table import live_region

REGION_ID = "dawnshade-turn"
BATTLE_TILES = ("battle", "major_threat")
# The gap entry naming the rows each mode's rewards table leaves blank.
MISSING_ROWS_RULE = {
    "trilogy": "logbook-rewards-not-printed",
    "full_chapter": "full-chapter-rewards-missing-rows",
}


def draw_region(context) -> str:
    """The whole live region (``<div id="dawnshade-turn">``), as the page and every turn
    action's htmx answer draw it."""
    page = RegionPage(context, "dawnshade:turn")
    view = context["kinship"]
    phase = ""
    if view is None:
        body = no_kinship(page)
    else:
        phase = view.phase
        body = _between(page, phase) if phase in ("between", "concluded") else _turn(page, view)
    return mark_safe(
        f'<div id="{REGION_ID}" {live_region(context, "dawnshade:turn", page.campaign.id)}'
        f' data-phase="{e(phase)}">\n{region_top(page)}\n{body}\n</div>'
    )


def draw_panel(context, name: str) -> str:
    """The forms of the closed panel ``active``, as htmx fetches them."""
    return mark_safe(PANELS[name](RegionPage(context, "dawnshade:turn")))


def _between(page, phase: str) -> str:
    label = "The campaign's conclusion" if phase == "concluded" else "Start the next game"
    return (
        '<section class="card"><p>No game in progress.</p><p><a class="button"'
        f' href="{page.url("dawnshade:chapter")}">{label}</a></p></section>'
    )


def _turn(page, view) -> str:
    visit, phase = view.visit, view.phase
    sections = [_where(view, visit)]
    tile_type = visit.tile.tile_type
    if tile_type in BATTLE_TILES and not visit.outcome:
        sections.append(
            f'<p class="card" data-battle-link><a class="button" href="{page.url("dawnshade:battle")}">'
            f"Fight the {e(visit.tile.name)} on the Battle page</a></p>"
        )
    if view.can_move and page.can_write:
        sections.append(_move(page, phase))
    if phase in ("start", "complete"):
        if tile_type == "watchers_temple":
            sections.append(_temple(page, view))
        if visit.outpost:
            sections.append(
                f'<p class="card">At the {e(outpost_name(visit.outpost))}:'
                f' <a href="{page.url("dawnshade:outposts")}">its activities</a> come before'
                " completing it.</p>"
            )
        if page.can_write:
            sections.append(_complete(page, visit))
    if phase == "rewards" and page.can_write:
        sections.append(_rewards(page, view, visit))
    if phase == "chapter_end":
        sections.append(
            '<section class="card"><p>The Major Threat is done: <a class="button"'
            f' href="{page.url("dawnshade:chapter")}">End the chapter</a></p></section>'
        )
    if page.can_write:
        sections.append(
            details_panel(
                page, "active", "Hand the Active Player marker to…", _active_forms, card=True
            )
        )
    sections.append(
        '<section class="card" aria-labelledby="turn-log">\n'
        f'  <h2 id="turn-log">Quest log, game {e(view.kinship.game_number)}</h2>\n'
        f'  <ol class="quest-log" start="0">\n    {game_log_items(page.context.get("game_log", ""))}'
        "\n  </ol>\n</section>"
    )
    return "\n\n".join(sections)


def _where(view, visit) -> str:
    """Where the Kinship stands: the tile, the Active Player, the threat."""
    tile = visit.tile
    visiting = ""
    if visit.outpost and tile.tile_type == "starting_village":
        visiting = f" (visiting its {e(outpost_name(visit.outpost))})"
    active = view.active.name if view.active else ""
    warning = ""
    if view.major_threat_warning and view.can_move:
        warning = (
            ' <span class="warning" data-major-threat-warning>the next hex triggers the Major'
            " Threat</span>"
        )
    placed = ""
    if visit.major_threat_triggered and tile.tile_type == "major_threat":
        placed = (
            '\n  <p class="warning" role="alert">Threat reached Max Threat: the Major Threat is'
            f" placed where the Kinship stands. {rule('major-threat-placement-reading')}</p>"
        )
    return (
        '<section class="card" aria-labelledby="turn-where">\n'
        f'  <h2 id="turn-where">Game {e(view.kinship.game_number)}, Chapter'
        f" {e(view.chapter_roman)}: at the <span data-current-tile>{e(tile.name)}</span>"
        f"{visiting}</h2>\n"
        f"  <p>Active Player: <strong data-active-player>{e(active or '—')}</strong>"
        f" {rule('phases-of-a-turn')}</p>\n"
        f"  <p>Threat <strong data-threat>{e(view.totals.threat)}</strong> /"
        f" {e(view.max_threat)} {rule('difficulty-and-threat')}{warning}</p>{placed}\n</section>"
    )


def _move(page, phase: str) -> str:
    move = page.form("move")
    kind = move["kind"]
    radios = "".join(
        f'<div class="field checkbox">{radio.tag()}<label for="{e(radio.id_for_label)}">'
        f"{e(radio.choice_label)}</label></div>"
        for radio in kind
    )
    if kind.errors:  # the radios are drawn one by one: their error goes under them
        messages = "".join(f"<p>{e(error)}</p>" for error in kind.errors)
        radios += f'<div class="error" id="{e(kind.auto_id)}_error">{messages}</div>'
    new_tile = "".join(field(move[name]) for name in ("tile_type", "outpost", "label", "blessing"))
    back = field(move["tile_id"]) + field(move["visit_outpost"])
    inner = (
        f"{form_errors(move)}{control(move['visit_id'])}\n"
        f"    <fieldset><legend>{e(kind.label)}</legend>{radios}</fieldset>\n"
        f"    <fieldset><legend>A new tile</legend>{new_tile}</fieldset>\n"
        "    <fieldset><legend>Back to a revealed tile (the Starting Village or an Outpost)"
        f"</legend>{back}</fieldset>\n"
        f'    {field(move["hexes"])}<button type="submit">Move</button>\n'
    )
    start = ""
    if phase == "start":
        start = (
            '\n  <p class="small">The game starts at the Starting Village: complete it below to'
            f" earn its rewards, or move on. {rule('starting-village-reward-at-the-start')}</p>"
        )
    reveal = page.form("reveal")
    reveal_inner = (
        f"{control(reveal['visit_id'])}\n"
        '      <button type="submit" class="danger">Reveal the Major Threat now</button>\n'
    )
    return (
        '<section class="card" aria-labelledby="turn-move">\n'
        f'  <h2 id="turn-move">Move the Kinship {rule("moving-the-kinship")}</h2>{start}\n'
        f"  {page.post_form('dawnshade:move', inner, 'move')}\n"
        "  <details><summary>No legal move left</summary>\n"
        f"    {page.post_form('dawnshade:reveal_major_threat', reveal_inner)}\n"
        "  </details>\n</section>"
    )


def _guidance(status) -> str:
    """What Divine Guidance gives at this alignment."""
    if status.kind == "aligned":
        return f"6 Tawny and {e(alignment_name(status.watcher))}'s condition tokens, positive side"
    if status.kind == "balanced":
        return "one condition token of each Watcher, positive side; no Cataclysm"
    return "one condition token of each Watcher, negative side; two random Cataclysm tiles"


def _temple(page, view) -> str:
    form = ""
    if page.can_write:
        temple = page.form("temple")
        inner = (
            f"{form_errors(temple)}{control(temple['visit_id'])}\n"
            f"{field(temple['character'])}{field(temple['token'])}"
            '<button type="submit">Record the draw</button>\n'
        )
        form = f"\n  {page.post_form('dawnshade:temple_draw', inner)}"
    return (
        '<section class="card" aria-labelledby="turn-temple">\n'
        f'  <h2 id="turn-temple">Divine Guidance {rule("divine-guidance")}</h2>\n'
        f"  <p>{e(view.status.label)}: {_guidance(view.status)}. {rule('cataclysm')}</p>"
        f"{form}\n</section>"
    )


def _complete(page, visit) -> str:
    complete = page.form("complete")
    inner = (
        f"{form_errors(complete)}{control(complete['visit_id'])}\n"
        f'{field(complete["outcome"])}<button type="submit">Complete</button>\n'
    )
    return (
        '<section class="card" aria-labelledby="turn-complete">\n'
        f'  <h2 id="turn-complete">Complete the {e(visit.tile.name)} {rule("quest-tiles")}</h2>\n'
        f"  {page.post_form('dawnshade:complete', inner, 'complete')}\n</section>"
    )


def _rewards(page, view, visit) -> str:
    reward = view.reward
    rewards = page.form("rewards")
    if reward.ignored:
        note = (
            "<p data-rewards-ignored>The campaign's last Major Threat: the Logbook's rewards"
            f" are ignored. {rule('rewards-at-the-conclusion')}</p>"
        )
        fields = ""
    else:
        mode = view.kinship.mode
        if reward.needs_entry:
            them = "them" if len(reward.needs_entry) > 1 else "it"
            cells = ", ".join(e(cell) for cell in reward.needs_entry)
            printed = f"the table leaves {cells} blank: enter {them} from the Logbook (0 if none)."
        else:
            printed = "every cell is printed."
        missing_rule = rule(MISSING_ROWS_RULE.get(mode, "power-level-rewards-missing-rows"))
        note = f'<p class="small">{e(view.mode.name)}: {printed} {missing_rule}</p>'
        if reward.tawny is not None:
            note += (
                f'\n    <p class="small">Printed Tawny: {e(reward.tawny)}'
                f" ({e(view.kinship.get_tawny_rewards_display())})."
                f" {rule('tawny-rewards-who-receives')}</p>"
            )
        tawny = "".join(field(bound) for _character, bound in rewards.tawny_fields())
        fields = f"{field(rewards['xp'])}{tawny}{field(rewards['loot_shoot_items'])}"
    inner = (
        f"{form_errors(rewards)}{control(rewards['visit_id'])}\n{fields}"
        '<button type="submit">Earn rewards</button>\n'
    )
    return (
        '<section class="card" aria-labelledby="turn-rewards">\n'
        f'  <h2 id="turn-rewards">Earn rewards: {e(visit.tile.name)},'
        f" {e(outcome_name(visit.outcome))}</h2>\n"
        f"    {note}\n  {page.post_form('dawnshade:rewards', inner, 'rewards')}\n</section>"
    )


def _active_forms(page) -> str:
    active = page.form("active")
    inner = (
        f"{form_errors(active)}{field(active['character'])}"
        '<button type="submit" class="secondary">Make Active Player</button>\n'
    )
    return page.post_form("dawnshade:active_player", inner)


PANELS = {"active": _active_forms}
