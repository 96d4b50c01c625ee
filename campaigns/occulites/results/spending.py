"""What a tribe may spend its Available Spend Total on right now, asked of the pure rules.

The pages offer only what the rules allow (with its cost) and list the rest with the rule's
reason; the services check everything again under the campaign lock when a purchase is made.
"""

from dataclasses import dataclass, field

from campaigns.occulites import services
from campaigns.occulites.catalog.abilities import ABILITIES, AbilityKind, AbilityPool
from campaigns.occulites.catalog.luftles import LUFTLE_CASTES
from campaigns.occulites.catalog.scenarios import SCENARIOS, OptionKind
from campaigns.occulites.catalog.tribe_types import TRIBE_TYPES
from campaigns.occulites.models import ScenarioResult, Tribe
from campaigns.occulites.rules import abilities as ability_rules
from campaigns.occulites.rules import luftles as luftle_rules
from campaigns.occulites.rules import stats as stat_rules
from campaigns.occulites.rules.errors import RuleViolation


@dataclass(frozen=True)
class Offer:
    """Something the rules allow now: the form value, what it is, and its VP cost."""

    value: str
    label: str
    vp_cost: int


@dataclass(frozen=True)
class Refusal:
    """Something the rules refuse now, and the rule's reason."""

    label: str
    reason: str


@dataclass
class OcculiteOffers:
    occulite: object
    offers: list = field(default_factory=list)
    refusals: list = field(default_factory=list)


@dataclass(frozen=True)
class DefenceOffer:
    occulite: object
    most: int
    vp_per_point: int


@dataclass
class SpendTotals:
    """The running totals the spending page keeps live: the tribe's totals and its Learned
    Abilities allowed (None before its first scenario) and bought for the scenario just played."""

    totals: dict
    allowance: int | None
    bought: int

    @property
    def available_spend_total(self) -> int:
        return self.totals[services.AVAILABLE_SPEND_TOTAL]


@dataclass
class SpendingState(SpendTotals):
    tribe: Tribe
    ability_offers: list
    luftle_chief: object
    luftle_chief_offers: list
    luftle_chief_refusals: list
    caste_offers: list
    caste_refusals: list
    free_recruits_left: int
    defence_offers: list
    pool_slug: str = ""

    @property
    def any_ability_offer(self) -> bool:
        return any(group.offers for group in self.ability_offers)


# The rules reference entry of each tribe type's own ability pool.
POOL_RULE_SLUGS = {"palaudis": "palaudis-ability-pool", "hydris": "hydris-ability-pool"}


def learnable_abilities(tribe_type: str) -> list:
    """Learned abilities an Occulite of this tribe type could ever buy: the General pool
    and its tribe type's pool (Campaign Rules - Gaining Learned Abilities)."""
    kind = TRIBE_TYPES.get(tribe_type)
    pools = {AbilityPool.GENERAL, kind.ability_pool} if kind else {AbilityPool.GENERAL}
    return [
        ability
        for ability in ABILITIES.values()
        if ability.kind is AbilityKind.LEARNED and ability.pool in pools
    ]


def luftle_chief_abilities() -> list:
    return [a for a in ABILITIES.values() if a.pool is AbilityPool.LUFTLE_CHIEF]


def _recruit_terms(luftles: list, timeslot: int, result: ScenarioResult | None):
    """This timeslot's recruits (among the tribe's Luftles of every status) and the
    scenario's discount and free recruits, as ``services.luftle_recruit`` derives them."""
    earlier = [
        luftle_rules.LuftleRecruit(
            caste=luftle.caste, vp_cost=0, free=luftle.free_recruit, available_spend_total_after=0
        )
        for luftle in luftles
        if luftle.recruited_at_timeslot == timeslot
    ]
    discount = free = 0
    if result:
        chosen = set(result.options_chosen)
        for option in SCENARIOS[result.scenario_key].options:
            if option.key not in chosen:
                continue
            if option.kind is OptionKind.LUFTLE_DISCOUNT:
                discount += option.amount or 0
            if option.kind is OptionKind.LUFTLE_FREE:
                free += option.amount or 0
    return earlier, discount, free


def spend_totals(tribe: Tribe, season) -> SpendTotals:
    """The spending page's live totals alone: three queries."""
    learned = services.learned_allowance(tribe, season)
    return SpendTotals(
        totals=services.tribe_totals(tribe), allowance=learned.allowed, bought=learned.bought
    )


def spending_state(tribe: Tribe, season) -> SpendingState:
    """Every purchase the tribe may make now, and why the others are refused: a fixed
    number of queries (the tribe's rows read once, the rules run in memory)."""
    totals = services.tribe_totals(tribe)
    rows = services.tribe_rows(tribe)
    snapshot = services.tribe_snapshot(
        tribe,
        timeslot=season.timeslot,
        available_spend_total=totals[services.AVAILABLE_SPEND_TOTAL],
        rows=rows,
    )
    # The same allowance the purchase services enforce: the scenario just played.
    played = services.scenario_just_played(tribe, season)
    result = played if played and played.timeslot == season.timeslot else None
    learned = services.learned_allowance(tribe, season, played=played, holdings=rows.holdings)
    allowance, bought = learned.allowed, learned.bought
    occulites = {str(occulite.pk): occulite for occulite in rows.occulites}

    ability_offers = []
    for figure in snapshot.occulites:
        group = OcculiteOffers(occulite=occulites[figure.key])
        for ability in learnable_abilities(tribe.tribe_type):
            try:
                purchase = ability_rules.learned_ability_purchase(
                    snapshot,
                    figure.key,
                    ability.key,
                    bought_this_scenario=bought,
                    allowed_this_scenario=allowance,
                )
            except RuleViolation as refusal:
                group.refusals.append(Refusal(ability.name, str(refusal)))
            else:
                everyone = " (whole tribe)" if len(purchase.granted_to) > 1 else ""
                group.offers.append(
                    Offer(
                        f"{figure.key}:{ability.key}",
                        f"{figure.name}: {ability.name}{everyone} — {purchase.vp_cost} VP",
                        purchase.vp_cost,
                    )
                )
        ability_offers.append(group)

    chief_offers, chief_refusals = [], []
    luftle_chief = None
    if snapshot.luftle_chief:
        luftle_chief = snapshot.luftle_chief
        for ability in luftle_chief_abilities():
            try:
                purchase = ability_rules.luftle_chief_ability_purchase(
                    snapshot,
                    ability.key,
                    bought_this_scenario=bought,
                    allowed_this_scenario=allowance,
                )
            except RuleViolation as refusal:
                chief_refusals.append(Refusal(ability.name, str(refusal)))
            else:
                chief_offers.append(
                    Offer(ability.key, f"{ability.name} — {purchase.vp_cost} VP", purchase.vp_cost)
                )

    earlier, discount, free = _recruit_terms(rows.luftles, season.timeslot, result)
    survivors = services.luftles_alive_at_scenario_end(
        tribe, season, played=played, active_luftles=rows.active_luftles
    )
    free_left = max(0, free - sum(1 for recruit in earlier if recruit.free))
    caste_offers, caste_refusals = [], []
    for caste in LUFTLE_CASTES.values():
        terms = dict(
            earlier_recruits=earlier,
            scenario_discount=discount,
            free_recruits=free,
            alive_at_scenario_end=survivors,
        )
        try:
            paid = luftle_rules.luftle_recruit(snapshot, caste.key, **terms).vp_cost
        except RuleViolation as refusal:
            paid, reason = None, str(refusal)
        can_be_free = False
        if free_left:
            try:
                luftle_rules.luftle_recruit(snapshot, caste.key, free=True, **terms)
                can_be_free = True
            except RuleViolation:
                pass
        if paid is None and not can_be_free:
            caste_refusals.append(Refusal(caste.name, reason))
            continue
        price = f"{paid} VP" if paid is not None else "free recruit only"
        if paid is not None and can_be_free:
            price += " or the free recruit"
        caste_offers.append(Offer(caste.key, f"{caste.name} — {price}", paid or 0))

    defence_offers = []
    for occulite in occulites.values():
        lost = occulite.defence_before_scenario - occulite.defence
        most = min(lost, totals[services.AVAILABLE_SPEND_TOTAL])
        if lost > 0:
            defence_offers.append(
                DefenceOffer(occulite, most, stat_rules.DEFENCE_REGAIN_VP_PER_POINT)
            )

    return SpendingState(
        tribe=tribe,
        totals=totals,
        allowance=allowance,
        bought=bought,
        ability_offers=ability_offers,
        luftle_chief=luftle_chief,
        luftle_chief_offers=chief_offers,
        luftle_chief_refusals=chief_refusals,
        caste_offers=caste_offers,
        caste_refusals=caste_refusals,
        free_recruits_left=free_left,
        defence_offers=defence_offers,
        pool_slug=POOL_RULE_SLUGS.get(tribe.tribe_type, ""),
    )
