"""Names from the Occulites catalogue for templates: records store keys, players read names."""

from django import template
from django.utils.html import format_html_join

from campaigns.occulites.catalog.abilities import ABILITIES
from campaigns.occulites.catalog.luftles import LUFTLE_CASTES
from campaigns.occulites.catalog.scenarios import SCENARIOS
from campaigns.occulites.catalog.tribe_types import TRIBE_TYPES

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
    the spending panel lists some sixty of them."""
    return format_html_join(
        "", "<li><strong>{}</strong>: {}</li>", ((r.label, r.reason) for r in refusals)
    )
