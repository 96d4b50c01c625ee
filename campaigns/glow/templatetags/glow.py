"""Template filters and tags of the Glow pages."""

import html

from django import template
from django.utils.formats import date_format
from django.utils.html import format_html
from django.utils.safestring import mark_safe

from campaigns.glow.catalog.adventurers import ADVENTURERS
from campaigns.glow.catalog.journey_boards import JOURNEY_BOARDS
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


def _text(value) -> str:
    """Escaped as autoescape would: the names and labels these tags write are plain text,
    never marked safe, so the standard library's escape (the same entities) is enough and
    skips Django's lazy-string wrapper, which cost more than the escaping itself."""
    return html.escape(str(value))


def _colour_item(colour, player: str, steppers: bool) -> str:
    key, name = _text(colour.key), _text(colour.name)
    fewer = more = "<span></span>"
    if steppers:
        lower = _text(colour.name.lower())
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


@register.simple_tag
def seat_colours(line, steppers: bool):
    """The `<li>` of each of a pad seat's six colours: count and shards, and where
    `steppers` its − and + buttons (written here: the pad repeats them for every seat on
    every live refresh)."""
    player = _text(line.seat.player_name)
    items = "".join(_colour_item(colour, player, steppers) for colour in line.colours)
    return mark_safe(items)  # every value escaped above


def _play_item(campaign_id: int, summary, links) -> str:
    play = summary.play
    chips = "".join(
        f'<li class="chip"{" data-winner" if winner else ""}>{"★ " if winner else ""}'
        f"{_text(name)} ({_text(adventurer)}) {total}</li>"
        for name, adventurer, total, winner in summary.seats
    )
    if summary.tom_score is not None:
        chips += f'<li class="chip">Tom {summary.tom_score}</li>'
    link = (links or {}).get(play.pk)
    bgstats = f'<a class="rule" href="{_text(link)}">Send to BG Stats</a>' if link else ""
    pad = _text(cached_reverse("glow:pad", (campaign_id, play.pk)))
    solo = " · solo vs Tom" if play.solo else ""
    return (
        f'<li data-play="{play.pk}"><a class="play-link" href="{pad}">'
        f"{_text(date_format(play.played_on, 'j M Y'))}{solo}</a>"
        f' <span class="muted small">{_text(summary.board)} · {_text(summary.sets)}</span>'
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
