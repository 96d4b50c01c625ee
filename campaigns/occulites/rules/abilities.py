"""Which abilities a figure has, may buy, gains or loses during a campaign."""

from collections.abc import Iterable
from dataclasses import dataclass

from campaigns.occulites.catalog.abilities import ABILITIES, Ability, AbilityKind, AbilityPool
from campaigns.occulites.catalog.tribe_types import TRIBE_TYPES
from campaigns.occulites.rules.errors import RuleViolation
from campaigns.occulites.rules.tribe import TribeSnapshot


@dataclass(frozen=True)
class AbilityPurchase:
    """A purchase the rules allow: what it costs and which figures end up holding it."""

    ability_key: str
    vp_cost: int
    granted_to: tuple[str, ...]
    available_spend_total_after: int


@dataclass(frozen=True)
class SituationalGain:
    """A scenario or situational ability landing on figures; ``lasts_scenarios`` is set
    when it expires on its own."""

    ability_key: str
    granted_to: tuple[str, ...]
    lasts_scenarios: int | None


@dataclass(frozen=True)
class AbilityLoss:
    """An ability taken away, and every figure that loses it with it."""

    ability_key: str
    lost_by: tuple[str, ...]


def ability(key: str) -> Ability:
    """The catalogue entry for an ability key, refused if unknown."""
    try:
        return ABILITIES[key]
    except KeyError:
        raise RuleViolation(f"'{key}' is not an ability in the rulebook") from None


def innate_abilities_for(
    tribe_type: str, *, is_chief: bool = False, is_netter: bool = False
) -> tuple[str, ...]:
    """The innate abilities a new Occulite of a base-game tribe type is born with.

    Layer Five - Tribal Types; Occulite Tribes - Palaudis and Hydris - Innate Abilities
    (a custom tribe type brings its own list instead).
    """
    try:
        kind = TRIBE_TYPES[tribe_type]
    except KeyError:
        raise RuleViolation(f"'{tribe_type}' is not a tribe type in the rulebook") from None
    if is_netter and not kind.innate_netter:
        raise RuleViolation("Only a Hydris tribe has a Netter")
    return (
        kind.innate_all_members
        + (kind.innate_chief if is_chief else ())
        + (kind.innate_netter if is_netter else ())
    )


def _count(number: int, singular: str, plural: str) -> str:
    return f"{number} {singular if number == 1 else plural}"


def _check_affordable(learned: Ability, available_spend_total: int) -> None:
    if learned.vp_cost > available_spend_total:
        raise RuleViolation(
            f"{learned.name} costs {learned.vp_cost} VP but the Available Spend Total is "
            f"{available_spend_total}"
        )


def _check_scenario_allowance(bought_this_scenario: int, allowed_this_scenario: int | None):
    if bought_this_scenario < 0:
        raise RuleViolation("Abilities bought this scenario cannot be negative")
    if allowed_this_scenario is not None and bought_this_scenario >= allowed_this_scenario:
        allowance = _count(allowed_this_scenario, "Learned Ability", "Learned Abilities")
        raise RuleViolation(f"This scenario's advances allow {allowance} per tribe")


def learned_ability_purchase(
    tribe: TribeSnapshot,
    occulite_key: str,
    ability_key: str,
    *,
    bought_this_scenario: int = 0,
    allowed_this_scenario: int | None = None,
) -> AbilityPurchase:
    """Can this Occulite learn this ability now, and at what cost?

    Campaign Rules - Abilities in a Campaign and Spending Victory Points - Gaining Learned
    Abilities: General Ability Pool for anyone, the tribe type's pool for its own tribe,
    prerequisites, "only one Tribe member", tribe-wide abilities, every Occulite holding N
    learned abilities before any gets N+1, cost paid in full from the Available Spend Total.
    ``allowed_this_scenario`` is the scenario's Advances allowance (None in a stand-alone
    build, where only the points limit it).
    """
    learned = ability(ability_key)
    occulite = tribe.occulite(occulite_key)
    if learned.kind is not AbilityKind.LEARNED:
        raise RuleViolation(
            f"{learned.name} cannot be bought: it is {learned.kind} and "
            "comes only from the tribe or a scenario"
        )
    if learned.pool is AbilityPool.LUFTLE_CHIEF:
        raise RuleViolation(f"{learned.name} can only be learned by a Luftle Chief")
    tribe_kind = TRIBE_TYPES.get(tribe.tribe_type)
    tribe_pool = tribe_kind.ability_pool if tribe_kind else None
    if learned.pool is not AbilityPool.GENERAL and learned.pool is not tribe_pool:
        raise RuleViolation(
            f"{learned.name} is only available to {learned.pool.value.title()} tribes"
        )
    if ability_key in occulite.abilities:
        raise RuleViolation(f"{occulite.name} already has {learned.name}")
    if learned.prerequisite and learned.prerequisite not in occulite.abilities:
        raise RuleViolation(f"{learned.name} needs {ability(learned.prerequisite).name} first")
    holders = [other.name for other in tribe.occulites if ability_key in other.abilities]
    if learned.only_one_tribe_member and holders:
        raise RuleViolation(f"Only one tribe member may have {learned.name} ({holders[0]} has it)")
    behind = min(tribe.occulites, key=lambda other: len(other.learned_abilities))
    held = len(occulite.learned_abilities)
    if held > len(behind.learned_abilities):
        raise RuleViolation(
            f"Every Occulite needs {_count(held, 'Learned Ability', 'Learned Abilities')} "
            f"before any gets another ({behind.name} has {len(behind.learned_abilities)})"
        )
    _check_scenario_allowance(bought_this_scenario, allowed_this_scenario)
    _check_affordable(learned, tribe.available_spend_total)
    granted_to = (
        tuple(other.key for other in tribe.occulites) if learned.tribe_wide else (occulite.key,)
    )
    return AbilityPurchase(
        ability_key=ability_key,
        vp_cost=learned.vp_cost,
        granted_to=granted_to,
        available_spend_total_after=tribe.available_spend_total - learned.vp_cost,
    )


def luftle_chief_ability_purchase(
    tribe: TribeSnapshot,
    ability_key: str,
    *,
    bought_this_scenario: int = 0,
    allowed_this_scenario: int | None = None,
) -> AbilityPurchase:
    """Can the tribe's Luftle Chief learn this ability now, and at what cost?

    Luftles - Luftle Chief Ability Pool: only a Luftle Chief learns these, instead of an
    Occulite's ability and free of the "every Occulite first" rule; Exceptional Camouflage
    needs Camouflage.
    """
    learned = ability(ability_key)
    chief = tribe.luftle_chief
    if chief is None:
        raise RuleViolation("The tribe has no Luftle Chief to learn it")
    if learned.pool is not AbilityPool.LUFTLE_CHIEF:
        raise RuleViolation(
            f"A Luftle Chief can only learn abilities from the Luftle Chief "
            f"pool, not {learned.name}"
        )
    if ability_key in chief.learned_abilities:
        raise RuleViolation(f"The Luftle Chief already has {learned.name}")
    if learned.prerequisite and learned.prerequisite not in chief.learned_abilities:
        raise RuleViolation(f"{learned.name} needs {ability(learned.prerequisite).name} first")
    _check_scenario_allowance(bought_this_scenario, allowed_this_scenario)
    _check_affordable(learned, tribe.available_spend_total)
    return AbilityPurchase(
        ability_key=ability_key,
        vp_cost=learned.vp_cost,
        granted_to=(chief.base_letter,),
        available_spend_total_after=tribe.available_spend_total - learned.vp_cost,
    )


def situational_ability_gain(
    tribe: TribeSnapshot, ability_key: str, occulite_keys: Iterable[str] = ()
) -> SituationalGain:
    """The figures a scenario or situational ability lands on. Taking it is mandatory; a
    tribe-wide one (Hasty, Treacherous) goes to every Occulite; figures that already hold
    it are left as they are.

    Campaign Rules - Scenario and Situational Ability Pool.
    """
    gained = ability(ability_key)
    if gained.kind is not AbilityKind.SITUATIONAL:
        raise RuleViolation(f"{gained.name} is not a scenario or situational ability")
    if gained.tribe_wide:
        chosen = [occulite.key for occulite in tribe.occulites]
    else:
        chosen = [tribe.occulite(key).key for key in occulite_keys]
        if not chosen:
            raise RuleViolation(f"Choose the Occulite that gains {gained.name}")
    return SituationalGain(
        ability_key=ability_key,
        granted_to=tuple(key for key in chosen if ability_key not in tribe.occulite(key).abilities),
        lasts_scenarios=gained.lasts_scenarios,
    )


def ability_loss(tribe: TribeSnapshot, occulite_key: str, ability_key: str) -> AbilityLoss:
    """Which figures lose an ability when one Occulite loses it. Innate abilities are never
    lost; a tribe-wide ability (Provoke, Hasty, Treacherous) goes from everyone at once.

    Layer Five - Tribal Types; Campaign Rules - Abilities in a Campaign and the General and
    Situational Ability Pools ("If one figure loses it, they all do").
    """
    occulite = tribe.occulite(occulite_key)
    # A custom tribe type's innate abilities are not in the catalogue, so check them first.
    if ability_key in occulite.innate_abilities:
        name = ABILITIES[ability_key].name if ability_key in ABILITIES else ability_key
        raise RuleViolation(f"{name} is innate and can never be lost")
    lost = ability(ability_key)
    if lost.kind is AbilityKind.INNATE:
        raise RuleViolation(f"{lost.name} is innate and can never be lost")
    if ability_key not in occulite.abilities:
        raise RuleViolation(f"{occulite.name} does not have {lost.name}")
    if lost.tribe_wide:
        lost_by = tuple(other.key for other in tribe.occulites if ability_key in other.abilities)
    else:
        lost_by = (occulite.key,)
    return AbilityLoss(ability_key=ability_key, lost_by=lost_by)
