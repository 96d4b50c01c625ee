"""The Sungem Season: choosing each timeslot's scenario by bag draw, and scoring it."""

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType

from campaigns.occulites.catalog.scenarios import SCENARIOS, OptionKind, Scenario
from campaigns.occulites.catalog.season import (
    ENCOUNTER_NUMBER_MAX,
    ENCOUNTER_NUMBER_MIN,
    SEASON_TIMESLOTS,
    TIME_OF_THE_SEASON,
)
from campaigns.occulites.rules.errors import RuleViolation

# "You may spend a Victory Point from your total to redraw" (Choosing a Scenario).
REDRAW_VP_COST = 1


@dataclass(frozen=True)
class ScenarioNomination:
    """One tribe's choice of scenario for the coming timeslot; also a token in the bag."""

    tribe_key: str
    scenario_key: str


@dataclass(frozen=True)
class ScenarioBag:
    """The opaque bag: one token per Encounter number of each nomination."""

    timeslot: int
    tokens: tuple[ScenarioNomination, ...]
    tokens_per_nomination: Mapping[ScenarioNomination, int]


@dataclass(frozen=True)
class ScenarioRedraw:
    """A redraw: the new token, and the VP it costs from both the Total Victory Points and
    the Available Spend Total."""

    drawn: ScenarioNomination
    vp_cost: int


def scenario(key: str) -> Scenario:
    """The catalogue entry for a scenario key, refused if unknown."""
    try:
        return SCENARIOS[key]
    except KeyError:
        raise RuleViolation(f"'{key}' is not a scenario in the rulebook") from None


def check_timeslot(timeslot: int) -> None:
    """Refuse a timeslot outside the season's 1-10 (Campaign Rules)."""
    if not 1 <= timeslot <= SEASON_TIMESLOTS:
        raise RuleViolation(f"A season has timeslots 1 to {SEASON_TIMESLOTS}")


def next_timeslot(timeslot: int) -> int | None:
    """The timeslot after this one, or None when the season is over and the Long Dark
    comes (Campaign Rules; Completing the Campaign)."""
    check_timeslot(timeslot)
    return timeslot + 1 if timeslot < SEASON_TIMESLOTS else None


def encounter_number(scenario_key: str, timeslot: int, house_value: int | None = None) -> int:
    """How many tokens a nomination of this scenario puts in the bag at this timeslot.

    Choosing Scenarios - Time of the Season Table. Where the table prints no value the
    group's ``house_value`` is used, and the draw cannot happen without one; a printed
    value always wins.
    """
    scenario(scenario_key)
    check_timeslot(timeslot)
    if house_value is not None and not (
        ENCOUNTER_NUMBER_MIN <= house_value <= ENCOUNTER_NUMBER_MAX
    ):
        raise RuleViolation(
            f"An Encounter number is between {ENCOUNTER_NUMBER_MIN} and {ENCOUNTER_NUMBER_MAX}"
        )
    printed = TIME_OF_THE_SEASON[scenario_key].encounter_number(timeslot)
    if printed is not None:
        return printed
    if house_value is None:
        raise RuleViolation(
            f"The Time of the Season table has no value for {SCENARIOS[scenario_key].name} "
            f"at timeslot {timeslot}: the group must enter one before the draw"
        )
    return house_value


def scenario_bag(
    nominations: Sequence[ScenarioNomination],
    timeslot: int,
    house_values: Mapping[str, int] | None = None,
) -> ScenarioBag:
    """Fill the bag: each player nominates one scenario and adds as many of their Tribal
    Tokens as its Encounter number for this timeslot.

    Choosing Scenarios - Choosing a Scenario. ``house_values`` maps scenario keys to the
    group's values for cells the table leaves empty.
    """
    tribes = [nomination.tribe_key for nomination in nominations]
    if len(set(tribes)) != len(tribes):
        raise RuleViolation("Each player nominates one scenario")
    if not nominations:
        raise RuleViolation("Nominate at least one scenario")
    house_values = house_values or {}
    per_nomination = {
        nomination: encounter_number(
            nomination.scenario_key, timeslot, house_values.get(nomination.scenario_key)
        )
        for nomination in nominations
    }
    tokens = tuple(
        nomination for nomination in nominations for _ in range(per_nomination[nomination])
    )
    return ScenarioBag(
        timeslot=timeslot, tokens=tokens, tokens_per_nomination=MappingProxyType(per_nomination)
    )


def check_bag_not_empty(bag: ScenarioBag) -> None:
    """A bag with no token cannot be drawn from (every nominated cell is 0)."""
    if not bag.tokens:
        raise RuleViolation("The bag is empty: no nominated scenario can happen at this timeslot")


def draw_scenario(bag: ScenarioBag, rng: random.Random) -> ScenarioNomination:
    """Shake the bag and draw one token: its owner's scenario is played (Choosing a
    Scenario)."""
    check_bag_not_empty(bag)
    return rng.choice(bag.tokens)


def scenario_redraw(
    bag: ScenarioBag, rng: random.Random, *, available_spend_total: int
) -> ScenarioRedraw:
    """Spend 1 VP to draw again; it comes off the Total Victory Points and the Available
    Spend Total alike. The drawn token goes back first: the whole bag is drawn from again.

    Choosing Scenarios - Choosing a Scenario; Campaign Rules - Having some control of your
    Fate in a Campaign.
    """
    if available_spend_total < REDRAW_VP_COST:
        raise RuleViolation(
            f"A redraw costs {REDRAW_VP_COST} VP and the Available Spend Total "
            f"is {available_spend_total}"
        )
    return ScenarioRedraw(drawn=draw_scenario(bag, rng), vp_cost=REDRAW_VP_COST)


def scenario_vp(scenario_key: str, counts: Mapping[str, int]) -> int:
    """A tribe's Victory Points from a scenario's VP rewards and penalties.

    ``counts`` maps each VP option that applies to the tribe to how many times it happened
    (a "for each ..." option) or 1 (a one-off option). Scenarios - Rewards and Penalties.
    """
    played = scenario(scenario_key)
    options = {option.key: option for option in played.options}
    total = 0
    for key, count in counts.items():
        option = options.get(key)
        if option is None or option.kind is not OptionKind.VP:
            raise RuleViolation(f"{played.name} has no Victory Point reward '{key}'")
        if count < 0:
            raise RuleViolation("A count of things done cannot be negative")
        if option.per is None and count > 1:
            raise RuleViolation(f"That {played.name} reward is given only once")
        total += option.amount * count
    return total
