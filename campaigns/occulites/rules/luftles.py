"""Recruiting Luftles after a scenario, and what happens to the roster when they die."""

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from campaigns.occulites.catalog.luftles import LUFTLE_CASTES, LUFTLE_CHIEF, LuftleCaste
from campaigns.occulites.rules.errors import RuleViolation
from campaigns.occulites.rules.tribe import LuftleSnapshot, TribeSnapshot

# Friend of the Luftles: "-1 Victory Point to a minimum of 1" (Palaudis - Innate Abilities).
FRIEND_OF_THE_LUFTLES = "friend_of_the_luftles"
FRIEND_OF_THE_LUFTLES_DISCOUNT = 1
MINIMUM_RECRUIT_COST = 1
# Luftle Advisor: "A Palaudis Tribe will always count as having a Luftle in the Tribe as
# long as the Chief is in play" (Palaudis - Innate Abilities).
LUFTLE_ADVISOR = "luftle_advisor"


def counts_as_having_a_luftle(tribe: TribeSnapshot) -> bool:
    """A tribe whose Chief has the Luftle Advisor counts as having a Luftle. In a campaign
    the Chief is never lost (he is reborn), so it holds between scenarios."""
    return any(
        occulite.is_chief and LUFTLE_ADVISOR in occulite.innate_abilities
        for occulite in tribe.occulites
    )


@dataclass(frozen=True)
class LuftleRecruit:
    """A recruit the rules allow: its caste, its VP cost, whether it is a scenario's free
    recruit, and the Available Spend Total left afterwards."""

    caste: str
    vp_cost: int
    free: bool
    available_spend_total_after: int


@dataclass(frozen=True)
class LuftleLosses:
    """The Luftle roster after some Luftles are removed (killed, or run away).

    ``luftle_chief_left`` is True when the Luftle Chief ran off because he was the last
    Luftle; ``abilities_lost`` are his learned abilities, gone if he was removed or left.
    """

    remaining: tuple[LuftleSnapshot, ...]
    removed: tuple[LuftleSnapshot, ...]
    luftle_chief_left: bool
    abilities_lost: tuple[str, ...]


def luftle_caste(key: str) -> LuftleCaste:
    """The catalogue entry for a caste key, refused if unknown."""
    try:
        return LUFTLE_CASTES[key]
    except KeyError:
        raise RuleViolation(f"'{key}' is not a Luftle caste in the rulebook") from None


def _plural(number: int, caste: LuftleCaste) -> str:
    return f"{number} {caste.name}{'' if number == 1 else 's'}"


def luftle_recruit_cost(tribe: TribeSnapshot, caste_key: str, *, scenario_discount: int = 0) -> int:
    """What one Luftle of this caste costs this tribe now.

    Campaign Rules - Spending Victory Points (Grunt 2, Guard/Scout/Drummer 3, Chief 5);
    Palaudis - Friend of the Luftles (1 less, minimum 1); Scenario 9 - Advances (1 less
    after that scenario). The minimum of 1 is applied to the final cost, so the two
    discounts together never make a paid recruit free.
    """
    caste = luftle_caste(caste_key)
    if scenario_discount < 0:
        raise RuleViolation("A scenario discount cannot be negative")
    friend = any(FRIEND_OF_THE_LUFTLES in occulite.abilities for occulite in tribe.occulites)
    discount = scenario_discount + (FRIEND_OF_THE_LUFTLES_DISCOUNT if friend else 0)
    return max(MINIMUM_RECRUIT_COST, caste.vp_cost - discount)


def luftle_recruit(
    tribe: TribeSnapshot,
    caste_key: str,
    *,
    earlier_recruits: Sequence[LuftleRecruit] = (),
    scenario_discount: int = 0,
    free_recruits: int = 0,
    free: bool = False,
    alive_at_scenario_end: Sequence[LuftleSnapshot] | None = None,
) -> LuftleRecruit:
    """Can the tribe recruit a Luftle of this caste now, and at what cost?

    ``tribe`` is the roster as it stands (recruits made earlier at this scenario's end
    included); ``earlier_recruits`` are those recruits, for the per-scenario limits;
    ``free_recruits`` is how many free recruits the scenario gave (Scenario 9's winner: one,
    any caste but a Luftle Chief, on top of the usual limits); ``alive_at_scenario_end``
    are the Luftles the tribe still had when the scenario ended (the roster without this
    spending's recruits; the roster itself when not given).

    Campaign Rules - Spending Victory Points - Recruiting Luftles; Luftles - Luftle Caste
    Types: recruits per scenario, tribe maximum, a Luftle Chief only while other Luftles
    live.
    """
    caste = luftle_caste(caste_key)
    if free_recruits < 0:
        raise RuleViolation("Free recruits cannot be negative")
    in_tribe = sum(1 for luftle in tribe.luftles if luftle.caste == caste_key)
    if in_tribe >= caste.tribe_maximum:
        raise RuleViolation(f"A tribe may hold at most {_plural(caste.tribe_maximum, caste)}")
    survivors = tribe.luftles if alive_at_scenario_end is None else alive_at_scenario_end
    # Campaign Rules - Recruiting a Luftle Chief: "at the end of any scenario that sees
    # your Tribe still have Luftles remaining alive"; a Luftle bought in the same spending
    # was not there when the scenario ended.
    if (
        caste_key == LUFTLE_CHIEF
        and not any(luftle.caste != LUFTLE_CHIEF for luftle in survivors)
        and not counts_as_having_a_luftle(tribe)
    ):
        raise RuleViolation(
            "A Luftle Chief joins only a tribe that still has other Luftles alive at the end "
            "of the scenario (one recruited in the same spending does not count)"
        )
    if free:
        if caste_key == LUFTLE_CHIEF:
            raise RuleViolation("The free Luftle cannot be a Luftle Chief")
        if sum(1 for recruit in earlier_recruits if recruit.free) >= free_recruits:
            raise RuleViolation("No free Luftle recruit is left")
        return LuftleRecruit(
            caste=caste_key,
            vp_cost=0,
            free=True,
            available_spend_total_after=tribe.available_spend_total,
        )
    recruited = sum(
        1 for recruit in earlier_recruits if recruit.caste == caste_key and not recruit.free
    )
    if recruited >= caste.recruit_limit_per_scenario:
        raise RuleViolation(
            f"At most {_plural(caste.recruit_limit_per_scenario, caste)} may be recruited "
            "after each scenario"
        )
    vp_cost = luftle_recruit_cost(tribe, caste_key, scenario_discount=scenario_discount)
    if vp_cost > tribe.available_spend_total:
        raise RuleViolation(
            f"A {caste.name} costs {vp_cost} VP but the Available Spend Total is "
            f"{tribe.available_spend_total}"
        )
    return LuftleRecruit(
        caste=caste_key,
        vp_cost=vp_cost,
        free=False,
        available_spend_total_after=tribe.available_spend_total - vp_cost,
    )


def luftle_losses(
    luftles: Sequence[LuftleSnapshot],
    removed_base_letters: Iterable[str],
    *,
    advised: bool = False,
) -> LuftleLosses:
    """The roster after Luftles are killed or run away: the dead are not replaced, and a
    Luftle Chief left as the only Luftle runs off, taking his learned abilities with him,
    unless the tribe is ``advised`` (its Chief's Luftle Advisor counts as a Luftle).

    Luftles - Recruiting Luftles to Your Tribe and Luftle Caste Types (Luftle Chief);
    Campaign Rules - Recruiting a Luftle Chief.
    """
    letters = list(removed_base_letters)
    if len(set(letters)) != len(letters):
        raise RuleViolation("Each Luftle can only be removed once")
    on_roster = {luftle.base_letter for luftle in luftles}
    missing = [letter for letter in letters if letter not in on_roster]
    if missing:
        raise RuleViolation(f"No Luftle with base letter {missing[0]} in this tribe")
    removed = tuple(luftle for luftle in luftles if luftle.base_letter in letters)
    remaining = tuple(luftle for luftle in luftles if luftle.base_letter not in letters)
    chief_left = not advised and len(remaining) == 1 and remaining[0].caste == LUFTLE_CHIEF
    gone_chiefs = [luftle for luftle in removed if luftle.caste == LUFTLE_CHIEF]
    if chief_left:
        gone_chiefs.append(remaining[0])
        remaining = ()
    return LuftleLosses(
        remaining=remaining,
        removed=removed,
        luftle_chief_left=chief_left,
        abilities_lost=tuple(key for chief in gone_chiefs for key in chief.learned_abilities),
    )
