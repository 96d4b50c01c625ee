"""Template filters and tags of the Glow pages.

The rows the busiest pages repeat (the pad's seats and ranking, every phone reloading them
after every tap; the plays list) are written here in Python, one source of their markup for
the page and its live region: through the template engine they cost most of the request.
"""

from django import forms, template
from django.template.defaulttags import CsrfTokenNode
from django.utils.dates import MONTHS_3
from django.utils.html import conditional_escape, format_html
from django.utils.safestring import mark_safe

from campaigns.glow.catalog.adventurers import ADVENTURERS
from campaigns.glow.catalog.journey_boards import JOURNEY_BOARDS
from campaigns.table.field_tags import field
from campaigns.table.form_renderer import escape_text, fast_escape
from campaigns.table.url_cache import cached_reverse

register = template.Library()


@register.filter
def arrows(count) -> str:
    """A Tom tile's arrows, drawn."""
    return "→" * int(count or 0)


@register.filter
def adventurer_name(key: str) -> str:
    return ADVENTURERS[key].name if key in ADVENTURERS else key


@register.filter
def board_name(key: str) -> str:
    return JOURNEY_BOARDS[key].name if key in JOURNEY_BOARDS else key


def _colour_item(colour, player: str, steppers: bool) -> str:
    key, name = escape_text(colour.key), escape_text(colour.name)
    fewer = more = "<span></span>"
    if steppers:
        lower = escape_text(colour.name.lower())
        disabled = "" if colour.can_take_away else " disabled"
        fewer = (
            f'<button type="submit" name="step" value="{key}:-1" class="secondary"{disabled}'
            f' aria-label="One {lower} butterfly fewer for {player}">−</button>'
        )
        more = (
            f'<button type="submit" name="step" value="{key}:+1"'
            f' aria-label="One more {lower} butterfly for {player}">+</button>'
        )
    plural = "" if colour.shards == 1 else "s"
    return (
        f'<li class="glow-colour glow-{key}" data-colour="{key}" data-count="{colour.count}">'
        f'<span class="name">{name}</span>{fewer}<span class="count">{colour.count}'
        f"<small>{colour.shards} shard{plural}</small></span>{more}</li>"
    )


def _seat_steppers(line, player: str, steppers: bool, csrf: str) -> str:
    """The seat's six colours: count and shards, and where `steppers` its − and + buttons,
    one form whose every tap is sent."""
    items = "".join(_colour_item(colour, player, steppers) for colour in line.colours)
    colours = f'<ul class="glow-colours" aria-label="{player}\'s butterflies">{items}</ul>'
    if not steppers:
        return colours
    seat = line.seat
    action = escape_text(
        cached_reverse("glow:seat_step", (seat.play.campaign_id, seat.play_id, seat.pk))
    )
    return f'<form method="post" action="{action}" data-every-tap>{csrf}{colours}</form>'


def _core_score_form(seat, player: str, core_form, csrf: str) -> str:
    """The core score's input, with the refused value and its errors beside it (`core_form`)."""
    url = escape_text(
        cached_reverse("glow:seat_core", (seat.play.campaign_id, seat.play_id, seat.pk))
    )
    field_id = f"id_seat{seat.pk}_core_score"
    stored = "" if seat.core_score is None else seat.core_score
    value = stored
    if core_form is not None:
        typed = core_form["core_score"].value()
        value = "" if typed is None else typed
    has_error = invalid = errors = ""
    if core_form is not None and core_form.errors:
        has_error = " has-error"
        invalid = f' aria-invalid="true" aria-describedby="{field_id}_error"'
        messages = "".join(
            f"<p>{escape_text(error)}</p>" for field in core_form.errors.values() for error in field
        )
        errors = f'<div class="error" id="{field_id}_error" data-core-error>{messages}</div>'
    return (
        f'<form method="post" action="{url}" hx-post="{url}" class="inline-form">{csrf}'
        f'<input type="hidden" name="expected" value="{stored}">'
        f'<div class="field{has_error}">'
        f'<label for="{field_id}">Core score of {player}</label>'
        f'<input type="number" inputmode="numeric" name="core_score" id="{field_id}"'
        f' value="{escape_text(value)}"{invalid}>{errors}</div>'
        f'<button type="submit" class="secondary">Save<span class="visually-hidden">'
        f" {player}'s core score</span></button></form>"
    )


@register.simple_tag(takes_context=True)
def pad_seat(context, controls):
    """One seat of the pad (`pad.views.SeatControls`): butterfly steppers, shards, bonus,
    core score, total. Written here, not in the template: the pad's live region repeats
    it for every seat, and every phone reloads that region after every tap at the table."""
    line, seat = controls.line, controls.line.seat
    player = escape_text(seat.player_name)
    csrf = CsrfTokenNode().render(context)
    step_error = ""
    if controls.step_error:
        step_error = (
            f'<p class="error" role="alert" data-step-error>{escape_text(controls.step_error)}</p>'
        )
    specials = ""
    if line.specials:
        kept = ", ".join(f"{escape_text(name)} ×{count}" for _kind, name, count in line.specials)
        specials = f'<p class="small">Kept special tokens: {kept}</p>'
    bonus = f"+{line.all_colours_bonus}" if line.all_colours_bonus else "not yet"
    rule = escape_text(cached_reverse("rules_entry", ("glow", "butterfly-scoring")))
    if controls.core_input:
        core = _core_score_form(seat, player, controls.core_form, csrf)
    else:
        shown = "–" if seat.core_score is None else seat.core_score
        core = f"<p>Core score <strong data-core-score>{shown}</strong></p>"
    until = ""
    if seat.core_score is None:
        until = ' <span class="muted small">(butterflies only until the core score is in)</span>'
    html = (
        f'<section class="card glow-seat" id="seat-{seat.pk}" aria-labelledby="seat-{seat.pk}-name"'
        f' data-seat="{seat.pk}" data-total="{line.total}" data-place="{line.place}">'
        f'<h2 id="seat-{seat.pk}-name">{player} <span class="muted small">'
        f"{escape_text(line.adventurer)}</span></h2>"
        f"{_seat_steppers(line, player, controls.steppers, csrf)}{step_error}{specials}"
        f'<div class="glow-lines">'
        f"<p>Butterfly shards <strong data-butterfly-shards>{line.butterfly_shards}</strong></p>"
        f"<p>All six colours <strong data-bonus>{bonus}</strong></p>"
        f'<p><a class="rule" href="{rule}">Rule: butterfly shards</a></p></div>'
        f"{core}"
        f'<p>Total <span class="glow-total" data-seat-total>{line.total}</span>{until}</p>'
        f"</section>"
    )
    return mark_safe(html)  # every value escaped above


@register.simple_tag
def ranking_items(page):
    """The `<li>` of each seat in the pad's ranking (`queries.PadPage`): name, total, and
    the winner and tie badges."""
    winner = "winner (picked by the group)" if page.winner_picked else "winner"
    items = []
    for line in page.ranking:
        tied = " data-tied" if line.tied else ""
        badges = ""
        if line.winner:
            badges += f' <span class="badge winner-badge" data-winner>{winner}</span>'
        if line.tied:
            badges += f' <span class="badge">tied for place {line.place}</span>'
        items.append(
            f'<li data-seat="{line.seat.pk}" data-place="{line.place}"{tied}>'
            f"<strong>{escape_text(line.seat.player_name)}</strong> {line.total}{badges}</li>"
        )
    return mark_safe("".join(items))  # every value escaped above


def played_on(day) -> str:
    """A play's date as `date_format(day, "j M Y")` writes it ("7 Mar 2026"): every list
    writes one per play, and Django's formatter costs more than the rest of the row."""
    return f"{day.day} {str(MONTHS_3[day.month]).title()} {day.year:04d}"


def _play_item(campaign_id: int, summary, links) -> str:
    play = summary.play
    chips = "".join(
        f'<li class="chip"{" data-winner" if winner else ""}>{"★ " if winner else ""}'
        f"{escape_text(name)} ({escape_text(adventurer)}) {total}</li>"
        for name, adventurer, total, winner in summary.seats
    )
    if summary.tom_score is not None:
        chips += f'<li class="chip">Tom {summary.tom_score}</li>'
    link = (links or {}).get(play.pk)
    bgstats = f'<a class="rule" href="{escape_text(link)}">Send to BG Stats</a>' if link else ""
    pad = escape_text(cached_reverse("glow:pad", (campaign_id, play.pk)))
    solo = " · solo vs Tom" if play.solo else ""
    return (
        f'<li data-play="{play.pk}"><a class="play-link" href="{pad}">'
        f"{escape_text(played_on(play.played_on))}{solo}</a>"
        f' <span class="muted small">{escape_text(summary.board)} · {escape_text(summary.sets)}</span>'
        f'<ul class="chips">{chips}</ul>{bgstats}</li>'
    )


@register.simple_tag
def play_list(campaign_id: int, summaries, empty: str = "", links=None):
    """Plays with their seats and totals (`queries.PlaySummary`), each linking to its pad;
    `links` the BG Stats link by play id. Written here: the plays list, the history and the
    solo page repeat it for every play."""
    if not summaries:
        return format_html(
            '<ul class="glow-play"><li class="muted">{}</li></ul>', empty or "No plays yet."
        )
    items = "".join(_play_item(campaign_id, summary, links) for summary in summaries)
    return mark_safe(f'<ul class="glow-play">{items}</ul>')  # every value escaped above


@register.simple_tag
def player_stat_rows(players):
    """The `<tr>` of each player in the history's statistics table (`history.views.PlayerRow`),
    or its one empty row. Written here: the table grows with the group, and every phone
    reloads the history's live region after every finished play."""
    if not players:
        return mark_safe(
            '<tr><td colspan="7" class="muted">Nobody has finished a play yet.</td></tr>'
        )
    rows = []
    for player in players:
        name = escape_text(player.name)
        rows.append(
            f'<tr data-player="{name}"><th scope="row">{name}</th><td>{player.plays}</td>'
            f"<td>{player.wins}</td><td>{escape_text(player.win_rate)}%</td><td>{player.best}</td>"
            f"<td>{escape_text(player.average)}</td><td>{escape_text(player.average_butterflies)}</td></tr>"
        )
    return mark_safe("".join(rows))  # every value escaped above


@register.simple_tag
def adventurer_stat_rows(adventurers):
    """The `<tr>` of each adventurer in the history (name, plays, wins), or its empty row."""
    if not adventurers:
        return mark_safe('<tr><td colspan="3" class="muted">None yet.</td></tr>')
    return mark_safe(  # every value escaped
        "".join(
            f'<tr><th scope="row">{escape_text(name)}</th><td>{plays}</td><td>{wins}</td></tr>'
            for name, plays, wins in adventurers
        )
    )


@register.simple_tag
def choice_boxes(bound_field):
    """A group of checkboxes (a MultipleChoiceField) as a fieldset, its error beside it, as
    the `_choices.html` partial drew it: the new-play form and the setup helper show the sets
    this way, and the include with its loop over the boxes cost more than the boxes."""
    errors = bound_field.errors
    auto_id = escape_text(bound_field.auto_id)
    has_error = described = error_block = help_text = ""
    if errors:
        has_error = " has-error"
        described = f' aria-describedby="{auto_id}_error"'
        messages = "".join(f"<p>{conditional_escape(error)}</p>" for error in errors)
        error_block = f'<div class="error" id="{auto_id}_error">{messages}</div>'
    if bound_field.help_text:
        help_text = f'<p class="help">{conditional_escape(bound_field.help_text)}</p>'
    boxes = "".join(
        f'<label for="{escape_text(box.id_for_label)}">{box.tag()} {conditional_escape(box.choice_label)}'
        "</label>"
        for box in bound_field
    )
    return mark_safe(  # every value escaped above
        f'<fieldset class="glow-choices{has_error}"{described}>\n'
        f"  <legend>{conditional_escape(bound_field.label)}</legend>\n"
        f"  {boxes}\n  {error_block}\n  {help_text}\n</fieldset>\n"
    )


def _options(choices) -> str:
    """A select's options with none but the first empty choice selected, as Django's select
    widget draws an unbound choice field (its value None, read as "")."""
    parts, selected = [], False
    for value, label in choices:
        value = "" if value is None else value
        mark = ""
        if not selected and str(value) == "":
            mark, selected = " selected", True
        parts.append(
            f'\n  <option value="{fast_escape(value)}"{mark}>{fast_escape(label)}</option>\n'
        )
    return "".join(parts)


def _blank_field(bound_field, control: str) -> str:
    """`{% field %}` of a field with no error and no help text around `control`."""
    label = (
        f'<label for="{fast_escape(bound_field.id_for_label)}">'
        f"{fast_escape(bound_field.label)}</label>"
    )
    return f'\n<div class="field">\n  {label}\n  {control}\n  \n  \n</div>\n'


def _blank_seat_row(form, names, options: dict) -> str:
    """A seat row of an unbound new-play form: its member select, guest name and adventurer
    select, none filled in, as `{% field %}` draws each (pinned by tests/glow/pages)."""
    member, guest, adventurer = (form[name] for name in names)
    selects = []
    for bound_field in (member, adventurer):
        choices = bound_field.field.choices
        key = id(choices)
        if key not in options:
            options[key] = _options(choices)
        selects.append(
            f'<select name="{fast_escape(bound_field.html_name)}"'
            f' id="{fast_escape(bound_field.auto_id)}">'
            f"{options[key]}\n</select>"
        )
    text_input = (
        f'<input type="text" name="{fast_escape(guest.html_name)}"'
        f' maxlength="{guest.field.max_length}" id="{fast_escape(guest.auto_id)}">'
    )
    return (
        _blank_field(member, selects[0])
        + _blank_field(guest, text_input)
        + _blank_field(adventurer, selects[1])
    )


def _fast_seat_rows(form) -> bool:
    """Whether the seat rows may be drawn without the widgets: an unbound form whose seat
    fields are the plain ones `PlayForm` declares (no initial value, no help, no error)."""
    if form.is_bound or form.initial:
        return False
    for _row, names in form.seat_rows:
        for name in names:
            declared = form.fields[name]
            if declared.initial is not None or declared.help_text or declared.disabled:
                return False
            if declared.required or declared.widget.attrs.keys() - {"maxlength"}:
                return False
            if type(declared.widget) is forms.Select:
                if any(isinstance(label, list | tuple) for _value, label in declared.choices):
                    return False  # option groups: the widgets draw those
            elif type(declared.widget) is not forms.TextInput or declared.max_length is None:
                return False
    return True


@register.simple_tag
def seat_rows(form):
    """The new-play form's six seat rows, each a fieldset of its member, guest name and
    adventurer fields, as the template's loop of `{% field %}` drew them. An unbound form
    (the plays page as every phone opens it) is written here directly: twelve selects of the
    same members and adventurers through the widgets cost more than the rest of the page; a
    refused form goes through `{% field %}`, with what was typed and each error."""
    fast = _fast_seat_rows(form)
    options: dict = {}
    rows = []
    for row, names in form.seat_rows:
        if fast:
            fields = _blank_seat_row(form, names, options)
        else:
            fields = "".join(field(form[name]) for name in names)
        rows.append(
            f'\n        <fieldset data-seat-row="{row}">\n          <legend>Seat {row}</legend>'
            f'\n          <div class="glow-grid">{fields}</div>\n        </fieldset>\n      '
        )
    return mark_safe("".join(rows))  # every value escaped above


@register.simple_tag(takes_context=True)
def pad_region(context):
    """The score pad's live region, drawn in Python (`pad/region.py`)."""
    from campaigns.glow.pad.region import draw_pad  # it imports this module's helpers

    return draw_pad(context)
