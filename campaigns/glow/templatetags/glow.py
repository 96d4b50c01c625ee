"""Template filters of the Glow pages."""

from django import template

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
