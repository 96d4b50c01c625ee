"""What an Outpost allows at its upgrade level: Guild Hall skill tiers, Boomshot Gallery shots,
and visiting any Outpost from the Starting Village.

Quest Tiles - Outpost and Outpost Upgrades; Quest Tiles - Starting Village.
"""

from dataclasses import dataclass

from campaigns.dawnshade.catalog.outposts import BOOMSHOT_TAWNY_PER_SHOT, outpost_upgrade
from campaigns.dawnshade.catalog.quest_deck import BOOMSHOT_GALLERY, GUILD_HALL, OUTPOST_TYPES
from campaigns.dawnshade.rules.errors import RuleViolation


def _check_level(level: int) -> None:
    if level not in (1, 2, 3):
        raise RuleViolation("Outposts have upgrade levels I to III")


def guild_hall_skill_tiers(level: int) -> tuple[str, ...]:
    """The character skill tiers that may be performed at this Guild Hall level."""
    _check_level(level)
    return outpost_upgrade(GUILD_HALL, level).skill_tiers


@dataclass(frozen=True)
class BoomshotEntry:
    """A player's shots at the Boomshot Gallery and the Tawny they cost."""

    shots: int
    tawny_paid: int
    tawny_after: int


def boomshot_shots(*, level: int, shots: int, tawny: int) -> BoomshotEntry:
    """Pay 1 Tawny per shot, up to the gallery level's maximum (1, 2 or 3 shots)."""
    _check_level(level)
    most = outpost_upgrade(BOOMSHOT_GALLERY, level).max_shots
    if shots < 1:
        raise RuleViolation("Take at least one shot, or do not play")
    if shots > most:
        raise RuleViolation(f"This Boomshot Gallery allows at most {most} shots")
    price = shots * BOOMSHOT_TAWNY_PER_SHOT
    if tawny < price:
        raise RuleViolation(f"{shots} shots cost {price} Tawny and the character has {tawny}")
    return BoomshotEntry(shots, price, tawny - price)


def starting_village_outpost(outpost: str) -> str:
    """A return to the Starting Village allows a visit to one Outpost of the Kinship's choice;
    check it is an Outpost type."""
    if outpost not in OUTPOST_TYPES:
        raise RuleViolation(
            "The Starting Village offers a Guild Hall, Tavern, Mercantile, Foundry or Boomshot "
            "Gallery visit"
        )
    return outpost
