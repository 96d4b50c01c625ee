"""The campaign's figures as the table tools offer them: every tribe's Occulites and live
Luftles, read from the records in a fixed number of queries."""

from collections.abc import Sequence
from dataclasses import dataclass, field

from campaigns.occulites.catalog.luftles import LUFTLE_CASTES, LUFTLE_CHIEF
from campaigns.occulites.models import Luftle
from campaigns.occulites.queries import campaign_rosters
from campaigns.occulites.rules.errors import RuleViolation
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


def luftle_name(luftle: Luftle) -> str:
    caste = LUFTLE_CASTES.get(luftle.caste)
    return f"{caste.name if caste else luftle.caste} {luftle.base_letter}"


def campaign_figures(campaign: Campaign) -> list[TribeFigures]:
    """Every tribe's Occulites and live Luftles, from the campaign's rosters (four queries,
    their SQL built once)."""
    result = []
    for sheet in campaign_rosters(campaign):
        tribe, occulites, luftles = sheet.tribe, sheet.occulites, sheet.luftles
        chief = next((occulite for occulite in occulites if occulite.is_chief), None)
        friend = chief is not None and any(
            holding.ability_key == "friend_of_the_luftles" for holding in chief.holdings
        )
        entry = TribeFigures(
            tribe_id=tribe.pk,
            name=tribe.name,
            friend_of_the_luftles=friend,
            has_luftle_chief=any(luftle.caste == LUFTLE_CHIEF for luftle in luftles),
        )
        for occulite in occulites:
            entry.figures.append(
                Figure(
                    occulite.name,
                    tribe.name,
                    is_chief=occulite.is_chief,
                    awareness=occulite.awareness,
                )
            )
        for luftle in luftles:
            caste = LUFTLE_CASTES.get(luftle.caste)
            entry.figures.append(
                Figure(
                    luftle_name(luftle),
                    tribe.name,
                    is_luftle=True,
                    awareness=caste.stats.awareness if caste else None,
                )
            )
        result.append(entry)
    return result


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
