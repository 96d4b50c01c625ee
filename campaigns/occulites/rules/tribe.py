"""Plain snapshots of a tribe that the rules read, and the checks on its roster."""

from dataclasses import dataclass

from campaigns.occulites.catalog.blueprints import TRIBE_SIZE, StatLine
from campaigns.occulites.catalog.luftles import LUFTLE_CHIEF
from campaigns.occulites.rules.errors import RuleViolation


@dataclass(frozen=True)
class OcculiteSnapshot:
    """One Occulite as the rules see it: current statistics and abilities by kind."""

    key: str
    name: str
    stats: StatLine
    is_chief: bool = False
    is_netter: bool = False
    innate_abilities: tuple[str, ...] = ()
    learned_abilities: tuple[str, ...] = ()
    situational_abilities: tuple[str, ...] = ()

    @property
    def abilities(self) -> tuple[str, ...]:
        return self.innate_abilities + self.learned_abilities + self.situational_abilities


@dataclass(frozen=True)
class LuftleSnapshot:
    """One recruited Luftle: its caste, the letter on its base, and (Luftle Chief only)
    the abilities it has learned."""

    caste: str
    base_letter: str
    learned_abilities: tuple[str, ...] = ()


@dataclass(frozen=True)
class TribeSnapshot:
    """A tribe between scenarios: type, Occulites, Luftles and its Available Spend Total."""

    tribe_type: str
    occulites: tuple[OcculiteSnapshot, ...]
    luftles: tuple[LuftleSnapshot, ...] = ()
    available_spend_total: int = 0

    def __post_init__(self) -> None:
        if self.available_spend_total < 0:
            raise RuleViolation("The Available Spend Total can never be negative")

    def occulite(self, key: str) -> OcculiteSnapshot:
        for occulite in self.occulites:
            if occulite.key == key:
                return occulite
        raise RuleViolation("That Occulite is not in this tribe")

    @property
    def luftle_chief(self) -> LuftleSnapshot | None:
        return next((luftle for luftle in self.luftles if luftle.caste == LUFTLE_CHIEF), None)


def check_new_occulite(tribe: TribeSnapshot, *, is_chief: bool, is_netter: bool) -> None:
    """Refuse an Occulite the tribe cannot take.

    Genetic Blueprints / Chief Occulite: a tribe has five Occulites, one of them the Chief;
    Hydris Tribes: the Netter is a Hydris figure, one per tribe.
    """
    if len(tribe.occulites) >= TRIBE_SIZE:
        raise RuleViolation(f"A tribe has at most {TRIBE_SIZE} Occulites")
    if is_chief and any(occulite.is_chief for occulite in tribe.occulites):
        raise RuleViolation("A tribe has only one Chief")
    if is_netter and tribe.tribe_type != "hydris":
        raise RuleViolation("Only a Hydris tribe has a Netter")
    if is_netter and any(occulite.is_netter for occulite in tribe.occulites):
        raise RuleViolation("A Hydris tribe has only one Netter")
