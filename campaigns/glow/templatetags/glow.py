"""Template filters of the Glow pages."""

from django import template
from django.utils.html import format_html, format_html_join
from django.utils.safestring import mark_safe

from campaigns.glow.catalog.adventurers import ADVENTURERS
from campaigns.glow.catalog.journey_boards import JOURNEY_BOARDS

register = template.Library()


@register.filter
def get_item(mapping, key):
    """`mapping[key]`, or None (refusals keyed by seat id)."""
    return mapping.get(key) if mapping else None


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


_COLOUR = (
    '<li class="glow-colour glow-{key}" data-colour="{key}" data-count="{count}">'
    '<span class="name">{name}</span>{fewer}'
    '<span class="count">{count}<small>{shards} shard{plural}</small></span>{more}</li>'
)
_NO_BUTTON = mark_safe("<span></span>")


@register.simple_tag
def seat_colours(line, steppers: bool):
    """The `<li>` of each of a pad seat's six colours: count and shards, and where
    `steppers` its − and + buttons (written here: the pad repeats them for every seat on
    every live refresh)."""
    player = line.seat.player_name

    def item(colour):
        fewer = more = _NO_BUTTON
        if steppers:
            fewer = format_html(
                '<button type="submit" name="step" value="{}:-1" class="secondary"{}'
                ' aria-label="One {} butterfly fewer for {}">−</button>',
                colour.key,
                "" if colour.can_take_away else " disabled",
                colour.name.lower(),
                player,
            )
            more = format_html(
                '<button type="submit" name="step" value="{}:+1"'
                ' aria-label="One more {} butterfly for {}">+</button>',
                colour.key,
                colour.name.lower(),
                player,
            )
        return format_html(
            _COLOUR,
            key=colour.key,
            count=colour.count,
            name=colour.name,
            fewer=fewer,
            shards=colour.shards,
            plural="" if colour.shards == 1 else "s",
            more=more,
        )

    return format_html_join("", "{}", ((item(colour),) for colour in line.colours))
