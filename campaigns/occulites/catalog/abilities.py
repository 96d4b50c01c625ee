"""Special Abilities: innate, learned (with their pools and VP costs) and situational."""

from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType


class AbilityKind(StrEnum):
    """The three families of Special Abilities (Layer Two - Advanced Actions - Ability)."""

    INNATE = "innate"
    LEARNED = "learned"
    SITUATIONAL = "situational"


class AbilityPool(StrEnum):
    """The printed list an ability belongs to."""

    GENERAL = "general"
    PALAUDIS = "palaudis"
    HYDRIS = "hydris"
    LUFTLE_CHIEF = "luftle_chief"
    LUFTLE = "luftle"
    SITUATIONAL = "situational"


class InnateHolder(StrEnum):
    """Who in a tribe is born with an innate ability."""

    ALL_TRIBE_MEMBERS = "all_tribe_members"
    CHIEF = "chief"
    NETTER = "netter"
    LUFTLE_CASTE = "luftle_caste"


@dataclass(frozen=True)
class Ability:
    """One Special Ability.

    ``vp_cost`` is set for learned abilities only (innate and situational ones cannot be
    bought). ``removed_by`` says, in our words, how a situational ability goes away;
    ``lasts_scenarios`` is set when it expires on its own.
    """

    key: str
    name: str
    kind: AbilityKind
    pool: AbilityPool
    summary: str
    source: str
    vp_cost: int | None = None
    prerequisite: str | None = None
    only_one_tribe_member: bool = False
    tribe_wide: bool = False
    action: str | None = None
    holder: InnateHolder | None = None
    removed_by: str | None = None
    lost_when_killed: bool = False
    lasts_scenarios: int | None = None
    occulites_only: bool = False


_GENERAL = "Campaign Rules - General Ability Pool"
_SITUATIONAL = "Campaign Rules - Scenario and Situational Ability Pool"
_PALAUDIS_INNATE = "Occulite Tribes - Palaudis Tribes - Innate Abilities"
_PALAUDIS_POOL = "Occulite Tribes - Palaudis Tribes - Palaudis Tribe Ability Pool"
_HYDRIS_INNATE = "Occulite Tribes - Hydris Tribes - Innate Abilities"
_HYDRIS_POOL = "Occulite Tribes - Hydris Tribes - Hydris Tribe Ability Pool"
_LUFTLE_INNATE = "Luftles - Luftle Innate Abilities"
_LUFTLE_CHIEF_POOL = "Luftles - Luftle Chief Ability Pool"

_ABILITY_LIST = (
    # General Ability Pool: learned, open to any figure of any tribe.
    Ability(
        key="lightning_reflexes",
        name="Lightning Reflexes",
        kind=AbilityKind.LEARNED,
        pool=AbilityPool.GENERAL,
        vp_cost=1,
        summary="Always counts as having taken a Ready action at the end of its activation.",
        source=_GENERAL,
    ),
    Ability(
        key="low_centre_of_gravity",
        name="Low Centre of Gravity",
        kind=AbilityKind.LEARNED,
        pool=AbilityPool.GENERAL,
        vp_cost=1,
        summary="Discard a Boost card to stay standing instead of being knocked Prone.",
        source=_GENERAL,
    ),
    Ability(
        key="lucky",
        name="Lucky",
        kind=AbilityKind.LEARNED,
        pool=AbilityPool.GENERAL,
        vp_cost=1,
        summary="Rerolls may reroll any die, even one already rerolled; lost instead of a "
        "statistic when the figure is killed.",
        lost_when_killed=True,
        source=_GENERAL,
    ),
    Ability(
        key="pouch",
        name="Pouch",
        kind=AbilityKind.LEARNED,
        pool=AbilityPool.GENERAL,
        vp_cost=1,
        summary="Carries up to two Sungems and keeps hold of them better when knocked Prone.",
        source=_GENERAL,
    ),
    Ability(
        key="provoke",
        name="Provoke",
        kind=AbilityKind.LEARNED,
        pool=AbilityPool.GENERAL,
        vp_cost=1,
        action="1 action",
        tribe_wide=True,
        summary="Tries to draw a Creature or Predator towards the provoking figure; the whole "
        "tribe gains it and loses it together.",
        source=_GENERAL,
    ),
    Ability(
        key="throw_stone",
        name="Throw Stone",
        kind=AbilityKind.LEARNED,
        pool=AbilityPool.GENERAL,
        vp_cost=1,
        action="1 action, Ranged",
        summary="From on or beside a Scenic Feature, a Ranged Attack at Attack 2 up to 5 "
        "spaces away, with no effects or rerolls.",
        source=_GENERAL,
    ),
    Ability(
        key="quick_hands",
        name="Quick Hands",
        kind=AbilityKind.LEARNED,
        pool=AbilityPool.GENERAL,
        vp_cost=1,
        summary="A Pass action costs no action.",
        source=_GENERAL,
    ),
    # Scenario and Situational Ability Pool: never bought, always taken when gained.
    Ability(
        key="eagle_eyed",
        name="Eagle Eyed",
        kind=AbilityKind.SITUATIONAL,
        pool=AbilityPool.SITUATIONAL,
        summary="Draws extra cards for Awareness Tests.",
        removed_by="Lost when the Occulite that gained it is killed.",
        lost_when_killed=True,
        source=_SITUATIONAL,
    ),
    Ability(
        key="eyebeam",
        name="Eyebeam",
        kind=AbilityKind.SITUATIONAL,
        pool=AbilityPool.SITUATIONAL,
        action="1 action, Ranged",
        summary="An Attack in a straight line up to 7 spaces; no effects, no defender rerolls.",
        removed_by="Gained through a situation, it lasts one scenario only.",
        lasts_scenarios=1,
        occulites_only=True,
        source=_SITUATIONAL,
    ),
    Ability(
        key="hasty",
        name="Hasty",
        kind=AbilityKind.SITUATIONAL,
        pool=AbilityPool.SITUATIONAL,
        tribe_wide=True,
        summary="Gang-up opponents get matching rerolls; once a game a Tribal Token moves a "
        "friendly Occulite near the Chief.",
        removed_by="Return two of the opponent's spent Tribal Tokens to their hand during a "
        "scenario; the whole tribe loses it together.",
        source=_SITUATIONAL,
    ),
    Ability(
        key="treacherous",
        name="Treacherous",
        kind=AbilityKind.SITUATIONAL,
        pool=AbilityPool.SITUATIONAL,
        # The scenarios say "your Tribe gains" it and the text removes it "from your Tribe".
        tribe_wide=True,
        summary="Opponents ignore penalties for injuring this tribe; once a scenario a Tribal "
        "Token adds 1 damage.",
        removed_by="Discard three Tribal Tokens during a scenario and return one of the "
        "opponent's spent tokens to their hand.",
        source=_SITUATIONAL,
    ),
    Ability(
        key="sentry",
        name="Sentry",
        kind=AbilityKind.SITUATIONAL,
        pool=AbilityPool.SITUATIONAL,
        summary="Faces one way and sees only its front arc until alerted.",
        removed_by="Given only by a scenario's setup; lost as soon as the figure is alerted.",
        source=_SITUATIONAL,
    ),
    # Palaudis Tribes.
    Ability(
        key="swampwise",
        name="Swampwise",
        kind=AbilityKind.INNATE,
        pool=AbilityPool.PALAUDIS,
        holder=InnateHolder.ALL_TRIBE_MEMBERS,
        summary="Swampy Ground counts as Clear Terrain, with better stuck checks and Hiding.",
        source=_PALAUDIS_INNATE,
    ),
    Ability(
        key="friend_of_the_luftles",
        name="Friend of the Luftles",
        kind=AbilityKind.INNATE,
        pool=AbilityPool.PALAUDIS,
        holder=InnateHolder.CHIEF,
        summary="Tribal Tokens may be spent on Luftles; recruiting a Luftle costs 1 VP less "
        "(minimum 1).",
        source=_PALAUDIS_INNATE,
    ),
    Ability(
        key="luftle_advisor",
        name="Luftle Advisor",
        kind=AbilityKind.INNATE,
        pool=AbilityPool.PALAUDIS,
        holder=InnateHolder.CHIEF,
        summary="Rerolls one failed die in each combat; the tribe counts as having a Luftle "
        "while the Chief is in play.",
        source=_PALAUDIS_INNATE,
    ),
    Ability(
        key="leap",
        name="Leap",
        kind=AbilityKind.LEARNED,
        pool=AbilityPool.PALAUDIS,
        vp_cost=1,
        summary="Jumps three spaces in a line during a Move, ignoring what is on them.",
        source=_PALAUDIS_POOL,
    ),
    Ability(
        key="protector_of_the_luftles",
        name="Protector of the Luftles",
        kind=AbilityKind.LEARNED,
        pool=AbilityPool.PALAUDIS,
        vp_cost=1,
        summary="Discard a Boost card to swap places with attacked Luftles next to it.",
        source=_PALAUDIS_POOL,
    ),
    Ability(
        key="sticky_tongue",
        name="Sticky Tongue",
        kind=AbilityKind.LEARNED,
        pool=AbilityPool.PALAUDIS,
        vp_cost=2,
        summary="Picks up a Sungem without stopping its Move.",
        source=_PALAUDIS_POOL,
    ),
    Ability(
        key="intimidating_croak",
        name="Intimidating Croak",
        kind=AbilityKind.LEARNED,
        pool=AbilityPool.PALAUDIS,
        vp_cost=3,
        only_one_tribe_member=True,
        summary="Offers an attacker Boost cards to call off its Attack, or gains a reroll.",
        source=_PALAUDIS_POOL,
    ),
    Ability(
        key="thunder_leap",
        name="Thunder Leap",
        kind=AbilityKind.LEARNED,
        pool=AbilityPool.PALAUDIS,
        vp_cost=4,
        prerequisite="leap",
        summary="A Charge where discarded Boost cards raise Attack (up to 7), extra ones "
        "become rerolls.",
        source=_PALAUDIS_POOL,
    ),
    # Hydris Tribes.
    Ability(
        key="waterwise",
        name="Waterwise",
        kind=AbilityKind.INNATE,
        pool=AbilityPool.HYDRIS,
        holder=InnateHolder.ALL_TRIBE_MEMBERS,
        summary="No movement or combat penalties in water, except River Water movement.",
        source=_HYDRIS_INNATE,
    ),
    Ability(
        key="hunting_net",
        name="Hunting Net",
        kind=AbilityKind.INNATE,
        pool=AbilityPool.HYDRIS,
        holder=InnateHolder.NETTER,
        action="1 action",
        summary="The Netter throws a net at a figure up to 5 spaces away, resolved on the "
        "Hunting Net table.",
        source=_HYDRIS_INNATE,
    ),
    Ability(
        key="healing_mucus",
        name="Healing Mucus",
        kind=AbilityKind.INNATE,
        pool=AbilityPool.HYDRIS,
        holder=InnateHolder.CHIEF,
        summary="The Chief spends a Tribal Token for +1 Health, never above its starting value.",
        source=_HYDRIS_INNATE,
    ),
    Ability(
        key="retractable_dorsal_fin",
        name="Retractable Dorsal Fin",
        kind=AbilityKind.LEARNED,
        pool=AbilityPool.HYDRIS,
        vp_cost=1,
        summary="May Hide in Regular and Deep Lakes.",
        source=_HYDRIS_POOL,
    ),
    Ability(
        key="aquatic_charge",
        name="Aquatic Charge",
        kind=AbilityKind.LEARNED,
        pool=AbilityPool.HYDRIS,
        vp_cost=1,
        summary="A Charge begun in water forces the opponent to reroll one success.",
        source=_HYDRIS_POOL,
    ),
    Ability(
        key="slippery_when_wet",
        name="Slippery When Wet",
        kind=AbilityKind.LEARNED,
        pool=AbilityPool.HYDRIS,
        vp_cost=2,
        summary="Draws three cards for a Break Away Test and keeps the best.",
        source=_HYDRIS_POOL,
    ),
    Ability(
        key="rearguard",
        name="Rearguard",
        kind=AbilityKind.LEARNED,
        pool=AbilityPool.HYDRIS,
        vp_cost=3,
        summary="Adds gang-up rerolls to a friendly Occulite's combat from beside it.",
        source=_HYDRIS_POOL,
    ),
    Ability(
        key="poison",
        name="Poison",
        kind=AbilityKind.LEARNED,
        pool=AbilityPool.HYDRIS,
        vp_cost=4,
        prerequisite="slippery_when_wet",
        summary="After winning a combat, discarded Boost cards deal extra damage.",
        source=_HYDRIS_POOL,
    ),
    # Luftle innate abilities (by caste) and the Luftle Chief Ability Pool.
    Ability(
        key="diminutive",
        name="Diminutive",
        kind=AbilityKind.INNATE,
        pool=AbilityPool.LUFTLE,
        holder=InnateHolder.LUFTLE_CASTE,
        summary="Two Luftles may share a space and count as adjacent.",
        source=_LUFTLE_INNATE,
    ),
    Ability(
        key="drumbeat",
        name="Drumbeat",
        kind=AbilityKind.INNATE,
        pool=AbilityPool.LUFTLE,
        holder=InnateHolder.LUFTLE_CASTE,
        summary="Luftles within 6 spaces that are in combat get a free reroll.",
        source=_LUFTLE_INNATE,
    ),
    Ability(
        key="slave",
        name="Slave",
        kind=AbilityKind.INNATE,
        pool=AbilityPool.LUFTLE,
        holder=InnateHolder.LUFTLE_CASTE,
        summary="No Tribal Tokens during a Luftle's activation unless an ability allows it.",
        source=_LUFTLE_INNATE,
    ),
    Ability(
        key="surge_forth",
        name="Surge Forth!",
        kind=AbilityKind.INNATE,
        pool=AbilityPool.LUFTLE,
        holder=InnateHolder.LUFTLE_CASTE,
        summary="Each activation may activate two Luftles instead of one.",
        source=_LUFTLE_INNATE,
    ),
    Ability(
        key="swarm",
        name="Swarm",
        kind=AbilityKind.INNATE,
        pool=AbilityPool.LUFTLE,
        holder=InnateHolder.LUFTLE_CASTE,
        summary="Extra Luftles in a combat may add +1 Attack or Defence each instead of rerolls.",
        source=_LUFTLE_INNATE,
    ),
    Ability(
        key="teamwork",
        name="Teamwork",
        kind=AbilityKind.INNATE,
        pool=AbilityPool.LUFTLE,
        holder=InnateHolder.LUFTLE_CASTE,
        summary="Two Luftles together carry a Sungem and act as one model while doing so.",
        source=_LUFTLE_INNATE,
    ),
    Ability(
        key="nimble",
        name="Nimble",
        kind=AbilityKind.LEARNED,
        pool=AbilityPool.LUFTLE_CHIEF,
        vp_cost=1,
        summary="The tribe's Luftles never take Break Away Tests.",
        source=_LUFTLE_CHIEF_POOL,
    ),
    Ability(
        key="camouflage",
        name="Camouflage",
        kind=AbilityKind.LEARNED,
        pool=AbilityPool.LUFTLE_CHIEF,
        vp_cost=1,
        summary="The tribe's Luftles Hide at 2 less difficulty.",
        source=_LUFTLE_CHIEF_POOL,
    ),
    Ability(
        key="exceptional_camouflage",
        name="Exceptional Camouflage",
        kind=AbilityKind.LEARNED,
        pool=AbilityPool.LUFTLE_CHIEF,
        vp_cost=1,
        prerequisite="camouflage",
        summary="Spotting the tribe's Luftles needs an Awareness Test of at least 11.",
        source=_LUFTLE_CHIEF_POOL,
    ),
    Ability(
        key="carry_twice_the_weight",
        name="Carry Twice the Weight",
        kind=AbilityKind.LEARNED,
        pool=AbilityPool.LUFTLE_CHIEF,
        vp_cost=2,
        summary="Luftle Scouts and Guards carry a Sungem alone, at 2 less Speed.",
        source=_LUFTLE_CHIEF_POOL,
    ),
)

ABILITIES = MappingProxyType({ability.key: ability for ability in _ABILITY_LIST})
