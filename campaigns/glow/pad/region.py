"""The score pad's live region, written in Python: the heading, the ranking and the tie pick,
each seat, Tom's side of a solo game, the butterfly reserve and finishing the play.

Every phone at the table redraws this region after every tap on any seat, and through the
template engine its drawing cost as much as the rest of the request. `templates/glow/pad.html`
is a shell whose one partial calls `draw_pad`, so the page and its live region share this
source. Every value is escaped here (`e`).
"""

from django.utils.safestring import mark_safe

from campaigns.glow.rules.reserve import TOKEN_KINDS
from campaigns.glow.templatetags.glow import arrows, pad_seat, played_on, ranking_items
from campaigns.table.field_tags import field, form_errors
from campaigns.table.form_renderer import fast_escape as e
from campaigns.table.post_form import csrf_input, post_form_markup
from campaigns.table.templatetags.table import live_region, undo_last
from campaigns.table.url_cache import cached_reverse

PROVINCE = "province_of_shadows"
TOM_TILE_RULE = "Rule: Tom's tile"
TOM_POINTS_RULE = "Rule: Tom's points"


def _plural(count) -> str:
    return "" if count == 1 else "s"


def _rule(slug: str, text: str) -> str:
    """A link to the rules reference's Glow entry `slug`."""
    href = e(cached_reverse("rules_entry", ("glow", slug)))
    return f'<a class="rule" href="{href}">{text}</a>'


class Pad:
    """The pad's context, with what every section reads looked up once."""

    def __init__(self, context):
        self.context = context
        self.page = context["page"]
        self.play = context["play"]
        self.errors = context["errors"]
        self.campaign = context["campaign"]
        self.can_write = context["membership"].can_write

    def url(self, name: str) -> str:
        return cached_reverse(f"glow:{name}", (self.campaign.id, self.play.id))

    def post_form(self, name: str, inner: str, css_class=None) -> str:
        return post_form_markup(self.context, self.url(name), inner, css_class=css_class)


def draw_pad(context) -> str:
    pad = Pad(context)
    play = pad.play
    seats = "".join(pad_seat(context, controls) for controls in context["seats"])
    if pad.page.tom:
        tom = _tom(pad, pad.page.tom)
    elif play.solo:
        tom = _untracked_solo(pad)
    else:
        tom = ""
    return mark_safe(  # every value escaped in the sections
        f'<div id="glow-pad" {live_region(context, "glow:pad", pad.campaign.id, play.id)}'
        f' data-play="{play.pk}" data-status="{e(play.status)}">'
        f"{_heading(pad)}{'' if play.solo else _ranking(pad)}"
        f'<div class="glow-seats">{seats}</div>'
        f"{tom}{_reserve(pad)}{_play_state(pad)}</div>"
    )


def _heading(pad: Pad) -> str:
    play, errors = pad.play, pad.errors
    state = (
        "<strong data-finished>Finished and locked</strong>"
        if play.finished
        else "being filled in — every phone of the group can tap its own seat"
    )
    error = ""
    if errors.pad:
        conflict = " data-conflict" if errors.conflict else ""
        error = f'<p class="error" role="alert" data-pad-error{conflict}>{e(errors.pad)}</p>'
    return (
        '<section class="card" aria-labelledby="pad-title">'
        f'<h2 id="pad-title">{"Solo game" if play.solo else "Score pad"}:'
        f" {e(played_on(play.played_on))}</h2>"
        f'<p class="muted">{e(pad.page.board)} · {e(pad.page.sets)} · {state}</p>'
        f"{error}{undo_last(pad.context)}</section>"
    )


def _ranking(pad: Pad) -> str:
    page = pad.page
    tie = ""
    if page.tie_for_first:
        tie = (
            '<p class="small">A tie for first: the core game\'s tie-break is not in the Dawn'
            " rulebook, so it stays a tie unless the group picks the winner."
            f" {_rule('ties-on-the-score-pad', 'Rule: ties')}</p>"
        )
        if page.can_pick_winner and pad.can_write:
            buttons = "".join(
                f'<button type="submit" name="seat" value="{line.seat.pk}" class="secondary">'
                f"Pick {e(line.seat.player_name)}</button>"
                for line in page.ranking
                if line.place == 1
            )
            if page.winner_picked:
                buttons += (
                    '<button type="submit" name="seat" value="" class="secondary">'
                    "Keep it a tie</button>"
                )
            tie += pad.post_form("winner", buttons, css_class="actions")
    return (
        '<section class="card" aria-labelledby="ranking-title">'
        '<h2 id="ranking-title">Ranking</h2>'
        f'<ol class="glow-ranking" data-ranking>{ranking_items(page)}</ol>{tie}</section>'
    )


def _untracked_solo(pad: Pad) -> str:
    """A solo play with no game against Tom on record (made before, or restored without it)."""
    missing = ""
    if pad.page.tom_missing:
        missing = "; the group still needs to enter " + " and ".join(
            e(value) for value in pad.page.tom_missing
        )
    solo = e(cached_reverse("glow:solo", (pad.campaign.id,)))
    return (
        '<section class="card"><h2>Tom</h2><p>This solo play was not set up against Tom'
        f'{missing}. Start a solo game from the <a href="{solo}">Solo vs Tom</a> tab.</p>'
        "</section>"
    )


# --- Tom's side of a solo game ------------------------------------------------------------


def _tom(pad: Pad, tom) -> str:
    """His tokens, the tiles opposite the sections, his last move and the Evening."""
    state = tom.state
    game_over = " data-game-over" if state.finished else ""
    if state.journey_board == PROVINCE:
        where = f" · camp: {f'village {e(state.camp)}' if state.camp else 'Start'}"
    else:
        where = f" · boats: {', '.join(e(boat) for boat in state.boats)}"
    last_round = ""
    if state.last_round and not state.finished:
        last_round = (
            '<p class="danger-text" data-last-round><strong>This is the last round:</strong>'
            " Tom's pile ran out a second time."
            f" {_rule('solo-end-of-game', 'Rule: end of the game')}</p>"
        )
    error = ""
    if pad.errors.tom:
        error = f'<p class="error" role="alert" data-tom-error>{e(pad.errors.tom)}</p>'
    pile, discards = len(state.pile), len(state.discards)
    return (
        f'<section class="card" id="tom" aria-labelledby="tom-title"'
        f' data-tom-score="{e(state.score)}" data-tom-band="{e(state.band)}"'
        f' data-round="{e(state.round)}" data-deck="{e(state.deck)}"{game_over}>'
        f'<h2 id="tom-title">Tom <span class="muted small">'
        f"{' and '.join(e(colour) for colour in state.dice_colours)} dice · his colour"
        f" {e(state.colour)}</span></h2>"
        '<dl class="totals">'
        f"<div><dt>Score</dt><dd data-tom-score-value>{e(state.score)}</dd></div>"
        f"<div><dt>Band</dt><dd>{e(state.band)}</dd></div>"
        f"<div><dt>Footprints</dt><dd>{e(state.footprints)}</dd></div></dl>"
        f"<p>Round {e(state.round)} · companions from deck {e(state.deck)} · {pile}"
        f" tile{_plural(pile)} in his pile, {discards} discarded{where}</p>"
        f"{last_round}{_tom_last_turn(tom)}{error}"
        f"{_tom_actions(pad, tom) if pad.can_write else ''}{_tom_final(pad, tom)}</section>"
    )


def _tom_last_turn(tom) -> str:
    turn = tom.last_turn
    if not turn:
        return ""

    def v(key):
        return e(turn.get(key, ""))

    arrow_count = turn.get("arrows", "")
    bonus = ""
    if turn.get("track_bonus"):
        bonus = f" + {v('track_bonus')} printed beside space {v('band_to')}"
    move = ""
    boat = turn.get("boat_move")
    if boat:
        move = (
            f"<p>A boat sails from {e(boat.get('start', ''))} to {e(boat.get('end', ''))}"
            f" (path {e(boat.get('path_value', ''))})."
            f" {_rule('solo-choosing-boat', 'Rule: which boat')}</p>"
        )
    elif tom.state.journey_board == PROVINCE:
        camp_from = v("camp_from") if turn.get("camp_from") else "Start"
        move = f"<p>Camp {camp_from} → village {v('camp_to')}.</p>"
    pile_rule = _rule("solo-tom-tile-pile", "Rule: Tom's pile")
    switched = ""
    if turn.get("deck_switched"):
        switched = (
            "<p data-deck-switched>His pile was empty: the 4 discards are shuffled into a new"
            " pile, deck A goes back in the box and companions now come from deck B."
            f" {pile_rule}</p>"
        )
    if turn.get("last_round_now"):
        switched += (
            f"<p>His pile was empty again while on deck B: this round is the last. {pile_rule}</p>"
        )
    return (
        '<div class="outcome" data-last-turn>'
        f"<p><strong>Round {v('round')}: you took section {v('section')}</strong>; Tom's tile"
        f" there shows {e(arrow_count)} arrow{_plural(arrow_count)} and “{v('side')}”.</p>"
        f"<p>Band {v('band_from')} → {v('band_to')}; score {v('score_from')} +"
        f" {v('band_to')}{bonus} = <strong>{v('score_to')}</strong>."
        f" {_rule('solo-morning-tom-tile', TOM_TILE_RULE)}</p>"
        f"{move}{switched}</div>"
    )


def _tom_actions(pad: Pad, tom) -> str:
    html = ""
    if tom.can_take:
        tiles = "".join(_tom_tile(pad, tom, tile) for tile in tom.sections)
        html += (
            "<h3>Morning: which section did you take?</h3>"
            f'<ul class="glow-tiles">{tiles}</ul>'
            '<p class="small muted">The score-track numbers are not in the Dawn rulebook: the'
            " app asks once per space and remembers the group's answer."
            f" {_rule('core-glow-rules-not-included', 'Rule: not printed')}</p>"
        )
    if tom.specials_open:
        buttons = (
            '<button type="submit" name="effect" value="score" class="secondary">'
            "Special side: Tom +3</button>"
            '<button type="submit" name="effect" value="footprints" class="secondary">'
            "Special side: 2 footprints</button>"
        )
        html += pad.post_form("tom_special", buttons, css_class="actions") + (
            '<p class="small muted">Only when his yellow or purple large die shows its special'
            f" side as it is rolled. {_rule('solo-evening', 'Rule: Evening')}</p>"
        )
    if tom.can_end_round:
        label = (
            "End the last round"
            if tom.state.last_round
            else "Evening: reroll Tom's dice, next round"
        )
        html += pad.post_form("tom_evening", f'<button type="submit">{label}</button>')
    if tom.can_count:
        html += pad.post_form("tom_count", '<button type="submit">Count Tom\'s points</button>')
    return html


def _tom_tile(pad: Pad, tom, tile) -> str:
    section = e(tile.section)
    if not tile.arrows:
        return f'<li data-section="{section}"><span>Section {section}: no tile</span></li>'
    bonus = ""
    if tile.bonus_space is not None:
        bonus = (
            f'<div class="field"><label for="tom-bonus-{section}">Number beside space'
            f" {e(tile.bonus_space)} (0 if none)</label>"
            '<input type="number" inputmode="numeric" name="track_bonus"'
            f' id="tom-bonus-{section}" required></div>'
        )
    boats = ""
    if tom.islands:
        options = "".join(f"<option>{e(island)}</option>" for island in tom.islands)
        boats = (
            f'<div class="field"><label for="tom-from-{section}">Boat from (if asked)</label>'
            f'<select name="boat_from" id="tom-from-{section}"><option value="">—</option>'
            f"{options}</select></div>"
            f'<div class="field"><label for="tom-to-{section}">to (if asked)</label>'
            f'<select name="boat_to" id="tom-to-{section}"><option value="">—</option>'
            f"{options}</select></div>"
        )
    form = pad.post_form(
        "tom_take",
        f'<input type="hidden" name="section" value="{section}">{bonus}{boats}'
        f'<button type="submit">Take section {section}</button>',
    )
    return (
        f'<li data-section="{section}"><span>Section {section}:'
        f" <strong>{arrows(tile.arrows)} {e(tile.side)}</strong></span>{form}</li>"
    )


def _tom_final(pad: Pad, tom) -> str:
    final = tom.final
    if not final:
        return ""

    def v(key):
        return e(final.get(key, ""))

    score = e(pad.play.tom_score)
    spent = ""
    if final.get("footprints_spent"):
        count = final["footprints_spent"]
        spent = (
            f"; he spends {v('footprints_spent')} footprint{_plural(count)} to move his camp"
            f" to {v('camp_after')}"
        )
    verdict = {"won": "you beat Tom!", "lost": "Tom wins."}.get(tom.result, "a tie.")
    return (
        f'<div class="outcome" data-tom-final="{score}">'
        f"<p>Tom's final count: {v('score_before')}{spent}; + {v('journey_shards')} for his"
        f" journey + {v('footprints_left')} for footprints left = <strong>{score}</strong>."
        f" {_rule('solo-tom-scoring', TOM_POINTS_RULE)}</p>"
        f'<p class="big" data-solo-result="{e(tom.result)}">You {e(tom.player_total)} – Tom'
        f" {score}: {verdict}</p></div>"
    )


# --- the butterfly reserve -----------------------------------------------------------------


def _reserve(pad: Pad) -> str:
    """The app's butterfly reserve for this play (optional), or the offer to use it."""
    reserve, play = pad.page.reserve, pad.play
    error = ""
    if pad.errors.reserve:
        error = f'<p class="error" role="alert" data-reserve-error>{e(pad.errors.reserve)}</p>'
    if reserve is None:
        if not (pad.can_write and not play.finished):
            return ""
        start = pad.post_form(
            "reserve_start",
            '<button type="submit" class="secondary">Use the app\'s reserve</button>',
        )
        return (
            '<section class="card" aria-labelledby="reserve-title">'
            '<h2 id="reserve-title">Butterfly reserve (optional)</h2>'
            '<p class="small">Let the app stand in for the face-down pile: it draws at random'
            " for a seat, keeps the pad's counts, and logs each draw for the table.</p>"
            f"{error}{start}</section>"
        )
    face_up = ""
    if reserve.face_up:
        tokens = ", ".join(f"{e(name)} ×{e(count)}" for name, count in reserve.face_up)
        face_up = f" Face up beside it: {tokens}."
    forms = _reserve_forms(pad) if pad.can_write and not play.finished else ""
    specials = "".join(
        f"<li><strong>{e(name)}</strong>: {e(effect)}</li>"
        for _kind, name, effect in reserve.kept_specials
    )
    draws = ""
    if reserve.recent_draws:
        items = "".join(
            f'<li><strong>{e(draw.label)}</strong> <span class="result">{e(draw.summary)}</span></li>'
            for draw in reserve.recent_draws
        )
        draws = f'<h3>Latest draws</h3><ul class="draw-log" data-reserve-draws>{items}</ul>'
    return (
        '<section class="card" id="reserve" aria-labelledby="reserve-title"'
        f' data-face-down="{e(reserve.face_down)}">'
        '<h2 id="reserve-title">Butterfly reserve</h2>'
        f"<p>{e(reserve.face_down)} token{_plural(reserve.face_down)} face down.{face_up}"
        f" {_rule('butterfly-tokens-drawing', 'Rule: drawing butterflies')}</p>"
        f"{error}{forms}"
        "<details><summary>What the special tokens do</summary>"
        f"<ul>{specials}</ul>"
        f'<p class="small">{_rule("butterfly-special-tokens", "Rule: special tokens")}</p>'
        f"</details>{draws}</section>"
    )


def _reserve_forms(pad: Pad) -> str:
    """Draw for a seat, return tokens of its choice, play a kept special, end of Noon."""
    forms = pad.context["reserve_forms"]
    draw, back = forms["draw"], forms["return"]
    draw_form = post_form_markup(
        pad.context,
        pad.url("reserve_draw"),
        f"{form_errors(draw)}{field(draw['seat'])}{field(draw['count'])}"
        '<button type="submit">Draw</button>',
        css_class="inline-form",
    )
    tokens = "".join(field(back[f"return_{kind}"]) for kind in TOKEN_KINDS)
    return_form = pad.post_form(
        "reserve_return",
        f'{form_errors(back)}{field(back["seat"])}<div class="glow-grid">{tokens}</div>'
        f'{field(back["expected"])}<button type="submit">Return them</button>',
    )
    csrf = csrf_input(pad.context)
    use_url = e(pad.url("reserve_use"))
    uses = "".join(
        f'<form method="post" action="{use_url}" hx-post="{use_url}">{csrf}'
        f'<input type="hidden" name="seat" value="{line.seat.pk}">'
        f'<input type="hidden" name="kind" value="{e(kind)}">'
        f'<button type="submit" class="secondary">{e(line.seat.player_name)} plays'
        f" “{e(name)}”</button></form>"
        for line in pad.page.lines
        for kind, name, _count in line.specials
    )
    noon = pad.post_form(
        "reserve_noon",
        '<button type="submit" class="secondary">End of Noon: mix the face-up tokens back'
        " in</button>",
    )
    return (
        f"{draw_form}<details><summary>Return tokens of your choice</summary>{return_form}"
        f'<p class="small">{_rule("effect-draw-butterflies", "Rule: draw then return")}</p>'
        f"</details>{uses}{noon}"
    )


# --- finishing the play ----------------------------------------------------------------------


def _play_state(pad: Pad) -> str:
    play, page = pad.play, pad.page
    actions = ""
    if pad.can_write:
        if play.finished:
            actions = pad.post_form(
                "reopen", '<button type="submit" class="secondary">Reopen to correct it</button>'
            )
        else:
            if page.missing_core:
                names = ", ".join(e(name) for name in page.missing_core)
                actions = f'<p class="muted">Still to enter: the core score of {names}.</p>'
            actions += pad.post_form(
                "finish", '<button type="submit">Finish and lock the play</button>'
            )
    bgstats = ""
    if page.bgstats_link:
        bgstats = (
            f'<p><a class="button secondary" href="{e(page.bgstats_link)}" data-bgstats>'
            "Send to BG Stats</a></p>"
        )
    plays = e(cached_reverse("glow:plays", (pad.campaign.id,)))
    title = "This play is finished" if play.finished else "When the game is over"
    return (
        '<section class="card" aria-labelledby="play-state-title">'
        f'<h2 id="play-state-title">{title}</h2>{actions}{bgstats}'
        f'<p><a href="{plays}">All plays</a></p></section>'
    )
