"""Scenarios 1-11: header icons, objective, and rewards, penalties and advances as options.

Each reward, penalty and advance is a ``ScenarioOption`` a post-scenario wizard can offer:
what kind of change it is, how much, to what, for whom, and (for "for each ..." rewards)
what the players count. Objectives are one line in our own words.
"""

from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType


class ScenarioSection(StrEnum):
    """The part of a scenario an option is printed in (Scenarios - Explaining a Scenario's
    Structure): rewards decide the winner, penalties are never optional, advances improve
    (or weaken) the tribe."""

    REWARD = "reward"
    PENALTY = "penalty"
    ADVANCE = "advance"


class OptionKind(StrEnum):
    """What an option changes."""

    VP = "vp"
    SUNGEMS_STOLEN = "sungems_stolen"
    SUNGEM_SWAP = "sungem_swap"
    STAT = "stat"
    SITUATIONAL_ABILITY = "situational_ability"
    LEARNED_ABILITIES = "learned_abilities"
    NEXT_SCENARIO_EFFECT = "next_scenario_effect"
    REBORN_PENALTY = "reborn_penalty"
    SKIP_REBORN_PENALTY = "skip_reborn_penalty"
    LUFTLE_DISCOUNT = "luftle_discount"
    LUFTLE_FREE = "luftle_free"
    LUFTLES_RUN_AWAY = "luftles_run_away"
    CHOOSE_NEXT_SCENARIO = "choose_next_scenario"
    DEFENCE_RESET = "defence_reset"


class Recipient(StrEnum):
    """Which tribe an option is for."""

    EACH_TRIBE = "each_tribe"
    WINNER = "winner"
    LOSER = "loser"
    ATTACKER = "attacker"
    DEFENDER = "defender"
    MOST = "most"


class AppliesTo(StrEnum):
    """Which figures a statistic, ability or next-scenario effect lands on."""

    ONE_FIGURE = "one_figure"
    SPLIT_AMONG_FIGURES = "split_among_figures"
    LOWEST_FIGURE = "lowest_figure"
    CHIEF = "chief"
    ALL_OCCULITES = "all_occulites"
    FIGURES_INVOLVED = "figures_involved"
    TRIBE = "tribe"


@dataclass(frozen=True)
class ScenarioOption:
    """One reward, penalty or advance of a scenario.

    ``amount`` is per counted thing when ``per`` is set (e.g. 3 VP per Sungem carried off),
    otherwise it is given once. Options sharing a ``choice_group`` are alternatives: the
    tribe takes one of them. ``optional`` marks the ones the text says a tribe "may" take.
    """

    key: str
    section: ScenarioSection
    kind: OptionKind
    recipient: Recipient
    condition: str
    source: str
    amount: int | None = None
    target: str | None = None
    per: str | None = None
    applies_to: AppliesTo | None = None
    choice_group: str | None = None
    optional: bool = False


@dataclass(frozen=True)
class Scenario:
    """A scenario as printed: number, players, Sungem and Event card counts and options.

    ``reshuffle_asterisk`` is the asterisk printed after the card icons: those cards go back
    into the deck whenever it is reshuffled.
    """

    number: int
    key: str
    name: str
    min_players: int
    max_players: int
    sungem_cards: int
    event_cards: int
    reshuffle_asterisk: bool
    objective: str
    options: tuple[ScenarioOption, ...]
    source: str
    deck_note: str | None = None

    @property
    def learned_abilities_allowed(self) -> int:
        """How many Learned Abilities the Advances let each tribe buy after this scenario."""
        return sum(
            option.amount or 0
            for option in self.options
            if option.kind is OptionKind.LEARNED_ABILITIES
        )

    def options_in(self, section: ScenarioSection) -> tuple[ScenarioOption, ...]:
        return tuple(option for option in self.options if option.section is section)


def _sourced(heading: str, *options: tuple[ScenarioSection, dict]) -> tuple[ScenarioOption, ...]:
    """Build a scenario's options, each citing the scenario section it is printed in."""
    section_names = {
        ScenarioSection.REWARD: "Rewards",
        ScenarioSection.PENALTY: "Penalties",
        ScenarioSection.ADVANCE: "Advances",
    }
    return tuple(
        ScenarioOption(section=section, source=f"{heading} - {section_names[section]}", **fields)
        for section, fields in options
    )


def _one_learned_ability(amount: int = 1) -> tuple[ScenarioSection, dict]:
    return (
        ScenarioSection.ADVANCE,
        dict(
            key="learned_ability",
            kind=OptionKind.LEARNED_ABILITIES,
            recipient=Recipient.EACH_TRIBE,
            amount=amount,
            optional=True,
            condition="Each tribe may buy Learned Abilities for its figures, paid from the "
            "Available Spend Total.",
        ),
    )


_REWARD = ScenarioSection.REWARD
_PENALTY = ScenarioSection.PENALTY
_ADVANCE = ScenarioSection.ADVANCE

_S1 = "Introductory Scenario: Returning from the Hunt"
_S2 = "Scenarios - Scenario 2: Unexpected Skirmish"
_S3 = "Scenarios - Scenario 3: The Ridge"
_S4 = "Scenarios - Scenario 4: Tactical Strike"
_S5 = "Scenarios - Scenario 5: The Hunted"
_S6 = "Scenarios - Scenario 6: Scavenging for Sungems"
_S7 = "Scenarios - Scenario 7: The Podmothine"
_S8 = "Scenarios - Scenario 8: Home Cave Raid"
_S9 = "Scenarios - Scenario 9: The Luftle Nest"
_S10 = "Scenarios - Scenario 10: Nymphlet Season"
_S11 = "Scenarios - Scenario 11: Siege at the Cave Mouth"

_SCENARIO_LIST = (
    Scenario(
        number=1,
        key="returning_from_the_hunt",
        name="Returning from the Hunt",
        # The header icons are not printed; the setup speaks of two players, or three or
        # four with expansions, and removes every Sungem and Event card from the deck.
        min_players=2,
        max_players=4,
        sungem_cards=0,
        event_cards=0,
        reshuffle_asterisk=False,
        deck_note="All Sungem and Event cards are taken out of the deck for this scenario.",
        objective="Carry Sungems off the opposite board edge; failing that, just get out that way.",
        source=_S1,
        options=_sourced(
            _S1,
            (
                _REWARD,
                dict(
                    key="left_with_sungem",
                    kind=OptionKind.VP,
                    recipient=Recipient.EACH_TRIBE,
                    amount=2,
                    per="Occulite (or group of Luftles) that left the opposite edge with a Sungem",
                    condition="Figures that leave the opposite board edge carrying a Sungem.",
                ),
            ),
            (
                _REWARD,
                dict(
                    key="left_without_sungem",
                    kind=OptionKind.VP,
                    recipient=Recipient.EACH_TRIBE,
                    amount=1,
                    per="Tribe member (or two Luftles) that left the opposite edge without "
                    "a Sungem",
                    condition="Figures that leave the opposite board edge empty-handed.",
                ),
            ),
            (
                _ADVANCE,
                dict(
                    key="kill_attack",
                    kind=OptionKind.STAT,
                    recipient=Recipient.EACH_TRIBE,
                    target="attack",
                    amount=1,
                    applies_to=AppliesTo.ONE_FIGURE,
                    choice_group="killed_an_occulite",
                    optional=True,
                    condition="If the tribe killed an enemy Occulite (or at least three "
                    "Luftles): +1 Attack to one figure, or instead the Defence points.",
                ),
            ),
            (
                _ADVANCE,
                dict(
                    key="kill_defence",
                    kind=OptionKind.STAT,
                    recipient=Recipient.EACH_TRIBE,
                    target="defence",
                    amount=2,
                    applies_to=AppliesTo.SPLIT_AMONG_FIGURES,
                    choice_group="killed_an_occulite",
                    optional=True,
                    condition="If the tribe killed an enemy Occulite (or at least three "
                    "Luftles): up to 2 Defence shared among its figures, or instead the "
                    "Attack point.",
                ),
            ),
            (
                _ADVANCE,
                dict(
                    key="loser_speed",
                    kind=OptionKind.STAT,
                    recipient=Recipient.LOSER,
                    target="speed",
                    amount=1,
                    applies_to=AppliesTo.ONE_FIGURE,
                    condition="The losing tribe gives +1 Speed to one figure.",
                ),
            ),
            _one_learned_ability(),
        ),
    ),
    Scenario(
        number=2,
        key="unexpected_skirmish",
        name="Unexpected Skirmish",
        min_players=2,
        max_players=4,
        sungem_cards=3,
        event_cards=0,
        reshuffle_asterisk=False,
        objective="Beat the other tribe while your scattered members regroup, and grab any "
        "Sungems that appear.",
        source=_S2,
        options=_sourced(
            _S2,
            (
                _REWARD,
                dict(
                    key="wound_inflicted",
                    kind=OptionKind.VP,
                    recipient=Recipient.EACH_TRIBE,
                    amount=1,
                    per="wound inflicted on the enemy",
                    condition="Every wound the tribe inflicts on its enemy.",
                ),
            ),
            (
                _REWARD,
                dict(
                    key="holding_sungem",
                    kind=OptionKind.VP,
                    recipient=Recipient.EACH_TRIBE,
                    amount=2,
                    per="Tribe member (or two Luftles) holding a Sungem after 8 rounds",
                    condition="Figures holding a Sungem when the 8 rounds end.",
                ),
            ),
            (
                _ADVANCE,
                dict(
                    key="chief_alive_awareness",
                    kind=OptionKind.STAT,
                    recipient=Recipient.EACH_TRIBE,
                    target="awareness",
                    amount=1,
                    applies_to=AppliesTo.ONE_FIGURE,
                    optional=True,
                    condition="If the tribe's Chief is alive after 8 rounds: +1 Awareness to "
                    "any one figure.",
                ),
            ),
            (
                _ADVANCE,
                dict(
                    key="winner_defence",
                    kind=OptionKind.STAT,
                    recipient=Recipient.WINNER,
                    target="defence",
                    amount=2,
                    applies_to=AppliesTo.SPLIT_AMONG_FIGURES,
                    condition="The winner shares 2 Defence among its figures as it likes.",
                ),
            ),
            (
                _ADVANCE,
                dict(
                    key="loser_attack",
                    kind=OptionKind.STAT,
                    recipient=Recipient.LOSER,
                    target="attack",
                    amount=1,
                    applies_to=AppliesTo.ONE_FIGURE,
                    condition="The loser gives 1 Attack to a figure of its choice.",
                ),
            ),
            (
                _ADVANCE,
                dict(
                    key="most_sungems_speed",
                    kind=OptionKind.STAT,
                    recipient=Recipient.MOST,
                    target="speed",
                    amount=1,
                    applies_to=AppliesTo.ONE_FIGURE,
                    optional=True,
                    condition="The tribe with the most Sungems at the end gives +1 Speed to "
                    "one figure.",
                ),
            ),
            _one_learned_ability(),
        ),
    ),
    Scenario(
        number=3,
        key="the_ridge",
        name="The Ridge",
        min_players=2,
        max_players=4,
        sungem_cards=3,
        event_cards=3,
        reshuffle_asterisk=False,
        objective="Have the most tribe members up on the Ridge when the storm ends the game.",
        source=_S3,
        options=_sourced(
            _S3,
            (
                _REWARD,
                dict(
                    key="holding_sungem",
                    kind=OptionKind.VP,
                    recipient=Recipient.EACH_TRIBE,
                    amount=1,
                    per="Occulite or group of Luftles holding a Sungem at the end",
                    condition="Figures holding a Sungem when the game ends.",
                ),
            ),
            (
                _REWARD,
                dict(
                    key="on_the_ridge",
                    kind=OptionKind.VP,
                    recipient=Recipient.EACH_TRIBE,
                    amount=1,
                    per="Occulite or three Luftles on the Ridge at the end",
                    condition="Figures on the Ridge when the scenario ends.",
                ),
            ),
            (
                _REWARD,
                dict(
                    key="most_on_the_ridge",
                    kind=OptionKind.VP,
                    recipient=Recipient.MOST,
                    amount=1,
                    condition="The side with the most figures on the Ridge (two Luftles count "
                    "as one).",
                ),
            ),
            (
                _PENALTY,
                dict(
                    key="struck_by_lightning",
                    kind=OptionKind.REBORN_PENALTY,
                    recipient=Recipient.EACH_TRIBE,
                    applies_to=AppliesTo.FIGURES_INVOLVED,
                    condition="Occulites hit by Lightning come back weaker, as if reborn; "
                    "Luftles hit by Lightning are killed.",
                ),
            ),
            (
                _ADVANCE,
                dict(
                    key="loser_defence",
                    kind=OptionKind.STAT,
                    recipient=Recipient.LOSER,
                    target="defence",
                    amount=2,
                    applies_to=AppliesTo.ONE_FIGURE,
                    condition="The loser gives +2 Defence to a figure of its choice.",
                ),
            ),
            (
                _ADVANCE,
                dict(
                    key="winner_defence",
                    kind=OptionKind.STAT,
                    recipient=Recipient.WINNER,
                    target="defence",
                    amount=1,
                    applies_to=AppliesTo.ONE_FIGURE,
                    condition="The winner gives +1 Defence to a figure of its choice.",
                ),
            ),
            (
                _ADVANCE,
                dict(
                    key="lightning_eyebeam",
                    kind=OptionKind.SITUATIONAL_ABILITY,
                    recipient=Recipient.EACH_TRIBE,
                    target="eyebeam",
                    applies_to=AppliesTo.FIGURES_INVOLVED,
                    optional=True,
                    condition="An Occulite struck by Lightning may take Eyebeam for the next "
                    "scenario only.",
                ),
            ),
            _one_learned_ability(),
        ),
    ),
    Scenario(
        number=4,
        key="tactical_strike",
        name="Tactical Strike",
        min_players=2,
        max_players=2,
        sungem_cards=0,
        event_cards=3,
        reshuffle_asterisk=False,
        objective="Strike down the rival Chief before it is alerted and its tribe arrives.",
        source=_S4,
        options=_sourced(
            _S4,
            (
                _REWARD,
                dict(
                    key="wound_on_chief",
                    kind=OptionKind.VP,
                    recipient=Recipient.ATTACKER,
                    amount=1,
                    per="wound inflicted on the Defender's Chief",
                    condition="Every wound the Attacker inflicts on the Defender's Chief.",
                ),
            ),
            (
                _REWARD,
                dict(
                    key="chief_health_left",
                    kind=OptionKind.VP,
                    recipient=Recipient.DEFENDER,
                    amount=2,
                    per="Health the Defender's Chief has left",
                    condition="Every point of Health the Defender's Chief still has.",
                ),
            ),
            (
                _PENALTY,
                dict(
                    key="chief_destroyed_no_reborn",
                    kind=OptionKind.SKIP_REBORN_PENALTY,
                    recipient=Recipient.EACH_TRIBE,
                    applies_to=AppliesTo.CHIEF,
                    condition="A Chief destroyed in this game skips the usual reborn "
                    "weakening and takes the next two penalties instead.",
                ),
            ),
            (
                _PENALTY,
                dict(
                    key="chief_destroyed_health",
                    kind=OptionKind.NEXT_SCENARIO_EFFECT,
                    recipient=Recipient.EACH_TRIBE,
                    target="health",
                    amount=-2,
                    applies_to=AppliesTo.CHIEF,
                    condition="A destroyed Chief starts the next scenario with -2 Health.",
                ),
            ),
            (
                _PENALTY,
                dict(
                    key="chief_destroyed_hand_limit",
                    kind=OptionKind.NEXT_SCENARIO_EFFECT,
                    recipient=Recipient.EACH_TRIBE,
                    target="hand_limit",
                    amount=-1,
                    applies_to=AppliesTo.TRIBE,
                    condition="If its Chief was destroyed, the tribe holds one card fewer "
                    "in the next scenario only.",
                ),
            ),
            (
                _ADVANCE,
                dict(
                    key="chief_killed_attack",
                    kind=OptionKind.STAT,
                    recipient=Recipient.ATTACKER,
                    target="attack",
                    amount=1,
                    applies_to=AppliesTo.LOWEST_FIGURE,
                    optional=True,
                    condition="If the Defender's Chief is killed, the Attacker's figure with "
                    "the lowest Attack gains +1 Attack.",
                ),
            ),
            (
                _ADVANCE,
                dict(
                    key="chief_survives_awareness",
                    kind=OptionKind.STAT,
                    recipient=Recipient.DEFENDER,
                    target="awareness",
                    amount=1,
                    applies_to=AppliesTo.ONE_FIGURE,
                    optional=True,
                    condition="If the Defender's Chief survives: +1 Awareness to any one "
                    "figure of the Defender.",
                ),
            ),
            (
                _ADVANCE,
                dict(
                    key="chief_survives_health",
                    kind=OptionKind.STAT,
                    recipient=Recipient.DEFENDER,
                    target="health",
                    amount=1,
                    applies_to=AppliesTo.CHIEF,
                    condition="If the Defender's Chief survives, it gains +1 Health.",
                ),
            ),
            _one_learned_ability(),
        ),
    ),
    Scenario(
        number=5,
        key="the_hunted",
        name="The Hunted",
        min_players=2,
        max_players=4,
        sungem_cards=6,
        event_cards=0,
        reshuffle_asterisk=False,
        objective="Destroy the Puscuals hunting the scattered tribes.",
        source=_S5,
        options=_sourced(
            _S5,
            (
                _REWARD,
                dict(
                    key="wound_on_predator",
                    kind=OptionKind.VP,
                    recipient=Recipient.EACH_TRIBE,
                    amount=1,
                    per="wound the tribe caused a Predator",
                    condition="Every wound the tribe causes a Predator.",
                ),
            ),
            (
                _REWARD,
                dict(
                    key="killed_with_predator",
                    kind=OptionKind.VP,
                    recipient=Recipient.EACH_TRIBE,
                    amount=-1,
                    per="Occulite or three Luftles killed in a combat involving a Predator "
                    "(any tribe's)",
                    condition="Every tribe loses 1 VP for each such death, whoever's figure "
                    "it was.",
                ),
            ),
            (
                _REWARD,
                dict(
                    key="holding_sungem",
                    kind=OptionKind.VP,
                    recipient=Recipient.EACH_TRIBE,
                    amount=1,
                    per="Sungem held by one of the tribe's figures at the end",
                    condition="Sungems the tribe's figures hold when the scenario ends.",
                ),
            ),
            (
                _PENALTY,
                dict(
                    key="killed_by_puscual",
                    kind=OptionKind.NEXT_SCENARIO_EFFECT,
                    recipient=Recipient.EACH_TRIBE,
                    target="health",
                    amount=-1,
                    applies_to=AppliesTo.FIGURES_INVOLVED,
                    condition="A figure killed by a Puscual starts the next scenario with "
                    "-1 Health (restored after it), on top of the usual reborn weakening.",
                ),
            ),
            (
                _ADVANCE,
                dict(
                    key="winner_speed",
                    kind=OptionKind.STAT,
                    recipient=Recipient.WINNER,
                    target="speed",
                    amount=1,
                    applies_to=AppliesTo.ONE_FIGURE,
                    condition="The winner gives +1 Speed to any figure.",
                ),
            ),
            (
                _ADVANCE,
                dict(
                    key="loser_awareness",
                    kind=OptionKind.STAT,
                    recipient=Recipient.LOSER,
                    target="awareness",
                    amount=1,
                    applies_to=AppliesTo.LOWEST_FIGURE,
                    condition="The loser's figure with the lowest Awareness gains +1 Awareness.",
                ),
            ),
            _one_learned_ability(amount=2),
        ),
    ),
    Scenario(
        number=6,
        key="scavenging_for_sungems",
        name="Scavenging for Sungems",
        min_players=2,
        max_players=4,
        sungem_cards=0,
        event_cards=2,
        reshuffle_asterisk=True,
        objective="Search the scenery for hidden Sungems and escape by the opposite corner "
        "with them.",
        source=_S6,
        options=_sourced(
            _S6,
            (
                _REWARD,
                dict(
                    key="left_with_sungem",
                    kind=OptionKind.VP,
                    recipient=Recipient.EACH_TRIBE,
                    amount=3,
                    per="Occulite or group of Luftles that left by a board edge with a Sungem",
                    condition="Figures that leave the board carrying a Sungem.",
                ),
            ),
            (
                _REWARD,
                dict(
                    key="killed_an_enemy",
                    kind=OptionKind.VP,
                    recipient=Recipient.EACH_TRIBE,
                    amount=2,
                    condition="The tribe killed at least one enemy Occulite or 4 enemy Luftles.",
                ),
            ),
            (
                _PENALTY,
                dict(
                    key="only_dummy_tokens",
                    kind=OptionKind.SITUATIONAL_ABILITY,
                    recipient=Recipient.EACH_TRIBE,
                    target="hasty",
                    applies_to=AppliesTo.TRIBE,
                    condition="A tribe that left the board with nothing but Dummy Search "
                    "Tokens becomes Hasty.",
                ),
            ),
            (
                _ADVANCE,
                dict(
                    key="left_with_sungem_eagle_eyed",
                    kind=OptionKind.SITUATIONAL_ABILITY,
                    recipient=Recipient.EACH_TRIBE,
                    target="eagle_eyed",
                    applies_to=AppliesTo.FIGURES_INVOLVED,
                    condition="Each figure that left the board with a Sungem becomes Eagle Eyed.",
                ),
            ),
            _one_learned_ability(),
        ),
    ),
    Scenario(
        number=7,
        key="the_podmothine",
        name="The Podmothine",
        min_players=2,
        max_players=4,
        sungem_cards=0,
        event_cards=6,
        reshuffle_asterisk=False,
        deck_note="With three or four players only 3 Event cards go in at the start; the "
        "other 3 are added at the first reshuffle.",
        objective="Pry Sungems off the Podmothine and carry them off any board edge.",
        source=_S7,
        options=_sourced(
            _S7,
            (
                _REWARD,
                dict(
                    key="left_with_sungem",
                    kind=OptionKind.VP,
                    recipient=Recipient.EACH_TRIBE,
                    amount=3,
                    per="Occulite (or group of Luftles) that left by a board edge with a Sungem",
                    condition="Figures that leave the board carrying a Sungem.",
                ),
            ),
            (
                _PENALTY,
                dict(
                    key="killed_occulite",
                    kind=OptionKind.VP,
                    recipient=Recipient.EACH_TRIBE,
                    amount=-1,
                    per="opposing Occulite killed",
                    condition="The tribe loses 1 VP for every opposing Occulite it kills.",
                ),
            ),
            (
                _PENALTY,
                dict(
                    key="killed_luftles",
                    kind=OptionKind.VP,
                    recipient=Recipient.EACH_TRIBE,
                    amount=-1,
                    per="two opposing Luftles killed",
                    condition="The tribe loses 1 VP for every two opposing Luftles it kills.",
                ),
            ),
            (
                _PENALTY,
                dict(
                    key="killed_treacherous",
                    kind=OptionKind.SITUATIONAL_ABILITY,
                    recipient=Recipient.EACH_TRIBE,
                    target="treacherous",
                    applies_to=AppliesTo.TRIBE,
                    condition="A tribe that killed an opposing figure becomes Treacherous.",
                ),
            ),
            (
                _ADVANCE,
                dict(
                    key="left_with_sungem_defence_reset",
                    kind=OptionKind.DEFENCE_RESET,
                    recipient=Recipient.EACH_TRIBE,
                    target="defence",
                    applies_to=AppliesTo.ALL_OCCULITES,
                    condition="If the tribe left the board with a Sungem, every Occulite "
                    "whose Defence is below its campaign-start value goes back to it.",
                ),
            ),
            _one_learned_ability(),
        ),
    ),
    Scenario(
        number=8,
        key="home_cave_raid",
        name="Home Cave Raid",
        min_players=2,
        max_players=2,
        sungem_cards=0,
        event_cards=3,
        reshuffle_asterisk=False,
        deck_note="Split the deck in half and shuffle the 3 Event cards into the top half.",
        objective="Sneak into the rival Home Cave and carry off its Sungems past a lone sentry.",
        source=_S8,
        options=_sourced(
            _S8,
            (
                _REWARD,
                dict(
                    key="sungem_carried_off",
                    kind=OptionKind.VP,
                    recipient=Recipient.ATTACKER,
                    amount=3,
                    per="Sungem the Attacker carried off the board",
                    condition="Every Sungem the Attacker carries off the board.",
                ),
            ),
            (
                _REWARD,
                dict(
                    key="attacker_killed",
                    kind=OptionKind.VP,
                    recipient=Recipient.DEFENDER,
                    amount=1,
                    per="Attacker's Occulite or three Luftles killed",
                    condition="Every Attacker's Occulite, or three Luftles, killed.",
                ),
            ),
            (
                _REWARD,
                dict(
                    key="sungem_regained",
                    kind=OptionKind.VP,
                    recipient=Recipient.DEFENDER,
                    amount=1,
                    per="Sungem regained and put back in the Home Cave",
                    condition="Every Sungem the Defender puts back in its Home Cave.",
                ),
            ),
            (
                _PENALTY,
                dict(
                    key="sungems_stolen",
                    kind=OptionKind.SUNGEMS_STOLEN,
                    recipient=Recipient.DEFENDER,
                    amount=1,
                    per="Sungem carried off the board",
                    condition="Sungems carried off leave the Defender's Sungem total and "
                    "join the Attacker's.",
                ),
            ),
            (
                _ADVANCE,
                dict(
                    key="defender_lost_chooses",
                    kind=OptionKind.CHOOSE_NEXT_SCENARIO,
                    recipient=Recipient.DEFENDER,
                    condition="If the Defender loses, it picks the next scenario without a draw.",
                ),
            ),
            _one_learned_ability(),
        ),
    ),
    Scenario(
        number=9,
        key="the_luftle_nest",
        name="The Luftle Nest",
        min_players=2,
        max_players=2,
        sungem_cards=2,
        event_cards=4,
        reshuffle_asterisk=False,
        objective="Capture Wild Luftles from the Nest, or, as Palaudis, protect and free them.",
        source=_S9,
        options=_sourced(
            _S9,
            (
                _REWARD,
                dict(
                    key="luftle_caught",
                    kind=OptionKind.VP,
                    recipient=Recipient.EACH_TRIBE,
                    amount=1,
                    per="Wild Luftle caught or in the tribe's Reed Bag at the end",
                    condition="Wild Luftles carried or bagged when the game ends.",
                ),
            ),
            (
                _REWARD,
                dict(
                    key="luftle_released",
                    kind=OptionKind.VP,
                    recipient=Recipient.EACH_TRIBE,
                    amount=1,
                    per="Wild Luftle released by a Palaudis tribe",
                    condition="Palaudis tribes only: Wild Luftles they set free.",
                ),
            ),
            (
                _REWARD,
                dict(
                    key="most_caught_or_released",
                    kind=OptionKind.VP,
                    recipient=Recipient.MOST,
                    amount=2,
                    condition="The side that caught or released the most Wild Luftles.",
                ),
            ),
            (
                _PENALTY,
                dict(
                    key="palaudis_attacked_wild_luftle",
                    kind=OptionKind.LUFTLES_RUN_AWAY,
                    recipient=Recipient.EACH_TRIBE,
                    applies_to=AppliesTo.TRIBE,
                    condition="If a Palaudis Occulite attacked a Wild Luftle, every Luftle "
                    "in its tribe runs away.",
                ),
            ),
            (
                _ADVANCE,
                dict(
                    key="caught_luftle_discount",
                    kind=OptionKind.LUFTLE_DISCOUNT,
                    recipient=Recipient.EACH_TRIBE,
                    amount=1,
                    condition="A tribe that caught (Palaudis: released) Wild Luftles recruits "
                    "Luftles for 1 VP less after this scenario only.",
                ),
            ),
            (
                _ADVANCE,
                dict(
                    key="winner_free_luftle",
                    kind=OptionKind.LUFTLE_FREE,
                    recipient=Recipient.WINNER,
                    amount=1,
                    optional=True,
                    condition="The winner may recruit one extra Luftle of any caste but a "
                    "Luftle Chief, for free.",
                ),
            ),
            # "No other advances are available for this scenario": no Learned Ability.
        ),
    ),
    Scenario(
        number=10,
        key="nymphlet_season",
        name="Nymphlet Season",
        min_players=2,
        max_players=4,
        sungem_cards=3,
        event_cards=2,
        reshuffle_asterisk=True,
        objective="Catch more Nymphlets than anyone before the Long Dark comes.",
        source=_S10,
        options=_sourced(
            _S10,
            (
                _REWARD,
                dict(
                    key="nymphlet_caught",
                    kind=OptionKind.VP,
                    recipient=Recipient.EACH_TRIBE,
                    amount=1,
                    per="Nymphlet caught",
                    condition="Every Nymphlet the tribe catches.",
                ),
            ),
            (
                _REWARD,
                dict(
                    key="most_nymphlets",
                    kind=OptionKind.VP,
                    recipient=Recipient.MOST,
                    amount=2,
                    condition="The side that caught the most Nymphlets.",
                ),
            ),
            (
                _REWARD,
                dict(
                    key="killed_tribe_member",
                    kind=OptionKind.VP,
                    recipient=Recipient.EACH_TRIBE,
                    amount=-2,
                    per="opposing Tribe member killed",
                    condition="The tribe loses 2 VP for every opposing Tribe member it kills.",
                ),
            ),
            (
                _PENALTY,
                dict(
                    key="no_nymphlets_health",
                    kind=OptionKind.NEXT_SCENARIO_EFFECT,
                    recipient=Recipient.EACH_TRIBE,
                    target="health",
                    amount=-1,
                    applies_to=AppliesTo.ALL_OCCULITES,
                    condition="A tribe that caught no Nymphlets starts the next game with "
                    "-1 Health on every member.",
                ),
            ),
            (
                _PENALTY,
                dict(
                    key="killed_treacherous",
                    kind=OptionKind.SITUATIONAL_ABILITY,
                    recipient=Recipient.EACH_TRIBE,
                    target="treacherous",
                    applies_to=AppliesTo.TRIBE,
                    condition="A tribe that killed an opposing model becomes Treacherous.",
                ),
            ),
            (
                _ADVANCE,
                dict(
                    key="caught_nymphlet_speed",
                    kind=OptionKind.STAT,
                    recipient=Recipient.EACH_TRIBE,
                    target="speed",
                    amount=1,
                    applies_to=AppliesTo.ONE_FIGURE,
                    optional=True,
                    condition="A tribe that caught at least one Nymphlet may give +1 Speed "
                    "to one member.",
                ),
            ),
            _one_learned_ability(),
        ),
    ),
    Scenario(
        number=11,
        key="siege_at_the_cave_mouth",
        name="Siege at the Cave Mouth",
        min_players=2,
        max_players=2,
        sungem_cards=3,
        event_cards=2,
        reshuffle_asterisk=True,
        objective="Take the rival Home Cave by force, or hold your own, before dark and "
        "storm stop the fight.",
        source=_S11,
        options=_sourced(
            _S11,
            (
                _REWARD,
                dict(
                    key="cave_taken",
                    kind=OptionKind.SUNGEM_SWAP,
                    recipient=Recipient.ATTACKER,
                    condition="If the Attacker takes the Home Cave, the two tribes swap "
                    "Sungem totals.",
                ),
            ),
            (
                _REWARD,
                dict(
                    key="cave_held",
                    kind=OptionKind.VP,
                    recipient=Recipient.ATTACKER,
                    amount=-3,
                    condition="If the Defender keeps its Home Cave, the Attacker loses 3 VP "
                    "and the Sungem totals stay as they are.",
                ),
            ),
            _one_learned_ability(),
        ),
    ),
)

SCENARIOS = MappingProxyType({scenario.key: scenario for scenario in _SCENARIO_LIST})
SCENARIOS_BY_NUMBER = MappingProxyType({scenario.number: scenario for scenario in _SCENARIO_LIST})
