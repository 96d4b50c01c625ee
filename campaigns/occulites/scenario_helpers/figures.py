"""The campaign's figures as the table tools offer them: every tribe's Occulites and live
Luftles, read from the records in a fixed number of queries."""

from collections.abc import Sequence
from dataclasses import dataclass, field

from campaigns.occulites.catalog.luftles import LUFTLE_CASTES, LUFTLE_CHIEF
from campaigns.occulites.models import AbilityHolding, Luftle, LuftleStatus, Occulite, Tribe
from campaigns.occulites.rules.errors import RuleViolation
from campaigns.table.compiled_sql import CompiledQuery
from campaigns.table.models import Campaign


@dataclass(frozen=True)
class Figure:
    """An Occulite or live Luftle of one of the campaign's tribes."""

    name: str
    tribe: str
    is_luftle: bool = False
    is_chief: bool = False
    awareness: int | None = None

    @property
    def label(self) -> str:
        """Unique across the campaign: several tribes may each have a "Chief"."""
        return f"{self.name} ({self.tribe})"


@dataclass
class TribeFigures:
    tribe_id: int
    name: str
    friend_of_the_luftles: bool
    has_luftle_chief: bool
    figures: list[Figure] = field(default_factory=list)


def luftle_name(caste_key: str, base_letter: str) -> str:
    caste = LUFTLE_CASTES.get(caste_key)
    return f"{caste.name if caste else caste_key} {base_letter}"


# The figures' reads: by the campaign alone (their SQL built once), only the columns the
# tools show, as plain rows (no model instances to build).
_TRIBE_NAMES = CompiledQuery(
    lambda campaign_id: Tribe.objects.filter(campaign_id=campaign_id).values_list("id", "name")
)
_OCCULITE_ROWS = CompiledQuery(
    lambda campaign_id: Occulite.objects.filter(tribe__campaign_id=campaign_id).values_list(
        "tribe_id", "name", "is_chief", "awareness"
    )
)
_LUFTLE_ROWS = CompiledQuery(
    lambda campaign_id: Luftle.objects.filter(
        tribe__campaign_id=campaign_id, status=LuftleStatus.ACTIVE
    ).values_list("tribe_id", "caste", "base_letter")
)
_FRIENDLY_CHIEFS = CompiledQuery(
    lambda campaign_id: AbilityHolding.objects.filter(
        occulite__tribe__campaign_id=campaign_id,
        occulite__is_chief=True,
        ability_key="friend_of_the_luftles",
    ).values_list("occulite__tribe_id")
)


def campaign_figures(campaign: Campaign) -> list[TribeFigures]:
    """Every tribe's Occulites and live Luftles, from the campaign's records (four queries,
    their SQL built once)."""
    friendly = {tribe_id for (tribe_id,) in _FRIENDLY_CHIEFS.rows(campaign_id=campaign.pk)}
    tribes = {
        tribe_id: TribeFigures(
            tribe_id=tribe_id,
            name=name,
            friend_of_the_luftles=tribe_id in friendly,
            has_luftle_chief=False,
        )
        for tribe_id, name in _TRIBE_NAMES.rows(campaign_id=campaign.pk)
    }
    for tribe_id, name, is_chief, awareness in _OCCULITE_ROWS.rows(campaign_id=campaign.pk):
        tribe = tribes[tribe_id]
        tribe.figures.append(Figure(name, tribe.name, is_chief=is_chief, awareness=awareness))
    for tribe_id, caste_key, base_letter in _LUFTLE_ROWS.rows(campaign_id=campaign.pk):
        tribe, caste = tribes[tribe_id], LUFTLE_CASTES.get(caste_key)
        tribe.has_luftle_chief |= caste_key == LUFTLE_CHIEF
        tribe.figures.append(
            Figure(
                luftle_name(caste_key, base_letter),
                tribe.name,
                is_luftle=True,
                awareness=caste.stats.awareness if caste else None,
            )
        )
    return list(tribes.values())


def figure_choices(campaign: Campaign) -> list[Figure]:
    """Every Occulite and live Luftle of the campaign's tribes, for the figure choices."""
    return [figure for tribe in campaign_figures(campaign) for figure in tribe.figures]


# --- figures typed in for a one-off game ------------------------------------------------------

NAME_MAX_LENGTH = 60


def clean_name(name: str, what: str = "figure") -> str:
    """A typed name with its spaces tidied, refused when empty or too long."""
    name = " ".join((name or "").split())
    if not name:
        raise RuleViolation(f"Give the {what} a name")
    if len(name) > NAME_MAX_LENGTH:
        raise RuleViolation(f"Keep the {what}'s name to {NAME_MAX_LENGTH} characters")
    return name


def clean_names(names: Sequence[str], what: str = "figure") -> list[str]:
    """Typed names (the empty ones dropped), refused when two are the same."""
    cleaned = [clean_name(name, what) for name in names if (name or "").strip()]
    if len(set(cleaned)) != len(cleaned):
        raise RuleViolation(f"Each {what} needs its own name")
    return cleaned
