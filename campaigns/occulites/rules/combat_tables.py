"""Resolving a combat: compare successes and read the Core, Advanced or Hunting Net table.

"xN" in the printed tables means "at least N times": the Combat Example's 6 successes against
3 is "ATT >x2 DEF" and costs the defender 2 Health. A defender with no successes is beaten
four times over (Combat in Dawn, Step 10), which is also what the arithmetic gives.
"""

from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType

from campaigns.occulites.rules.errors import RuleViolation


class CombatTable(StrEnum):
    CORE = "core"
    ADVANCED = "advanced"
    HUNTING_NET = "hunting_net"


class ResultBand(StrEnum):
    """Which printed row the successes fall in."""

    EQUAL = "equal"
    ATTACKER_AHEAD = "attacker_ahead"
    ATTACKER_DOUBLE = "attacker_double"
    ATTACKER_TRIPLE = "attacker_triple"
    ATTACKER_QUADRUPLE = "attacker_quadruple"
    DEFENDER_AHEAD = "defender_ahead"
    DEFENDER_DOUBLE = "defender_double"
    DEFENDER_TRIPLE = "defender_triple"


class NetRecovery(StrEnum):
    """How the Hunting Net is pulled back (Hydris Tribes, Hunting Net table)."""

    FREE = "free"
    ONE_ACTION = "1 action"
    TWO_ACTIONS = "2 actions"
    DESTROYED = "destroyed"


@dataclass(frozen=True)
class CombatLoss:
    """What one figure loses; `killed_outright` is an instant kill whatever its Health."""

    health: int = 0
    defence: int = 0
    killed_outright: bool = False
    prone: bool = False


NO_LOSS = CombatLoss()


@dataclass(frozen=True)
class CombatOption:
    """One way a table row can be carried out."""

    key: str
    label: str
    attacker: CombatLoss = NO_LOSS
    defender: CombatLoss = NO_LOSS
    cards_discarded: int = 0


@dataclass(frozen=True)
class CombatTableRow:
    """A printed row: its Result and Effect columns and the options it leaves open."""

    key: str
    result: str
    effect: str
    options: tuple[CombatOption, ...]
    source: str
    decided_by: str | None = None
    net: NetRecovery | None = None


CORE_SOURCE = "Combat in Dawn, Step 10 (Core combat table)"
ADVANCED_SOURCE = "Advanced Rules, Layer One - Advanced Combat Table"
NET_SOURCE = "Hydris Tribes, Innate Abilities - Hunting Net combat table"


def _only(key: str, label: str, **losses: CombatLoss) -> tuple[CombatOption, ...]:
    return (CombatOption(key, label, **losses),)


_NOTHING = _only("nothing", "Nothing happens")


def _core_row(key: str, result: str, effect: str, options: tuple[CombatOption, ...]):
    return CombatTableRow(key, result, effect, options, CORE_SOURCE)


_CORE_DEFENDER_DOUBLE = _core_row(
    "def_x2",
    "DEF >x2 ATT",
    "ATT -1 Health",
    _only("attacker_minus_1_health", "Attacker -1 Health", attacker=CombatLoss(health=1)),
)

CORE_COMBAT_TABLE = MappingProxyType(
    {
        ResultBand.EQUAL: _core_row("equal", "ATT = DEF", "Nothing Happens", _NOTHING),
        ResultBand.ATTACKER_AHEAD: _core_row(
            "att_over",
            "ATT > DEF but not x2",
            "DEF -1 Health",
            _only("defender_minus_1_health", "Defender -1 Health", defender=CombatLoss(health=1)),
        ),
        ResultBand.ATTACKER_DOUBLE: _core_row(
            "att_x2",
            "ATT >x2 DEF but not x3",
            "DEF -2 Health",
            _only("defender_minus_2_health", "Defender -2 Health", defender=CombatLoss(health=2)),
        ),
        ResultBand.ATTACKER_TRIPLE: _core_row(
            "att_x3",
            "ATT >x3 DEF but not x4",
            "DEF -3 Health",
            _only("defender_minus_3_health", "Defender -3 Health", defender=CombatLoss(health=3)),
        ),
        ResultBand.ATTACKER_QUADRUPLE: _core_row(
            "att_x4",
            "ATT >x4 DEF",
            "DEF instantly Killed",
            _only(
                "defender_killed",
                "Defender killed instantly",
                defender=CombatLoss(killed_outright=True),
            ),
        ),
        ResultBand.DEFENDER_AHEAD: _core_row(
            "def_over", "DEF > ATT but not x2", "Nothing Happens", _NOTHING
        ),
        # The Core table stops at "DEF >x2 ATT", so tripling reads that row too.
        ResultBand.DEFENDER_DOUBLE: _CORE_DEFENDER_DOUBLE,
        ResultBand.DEFENDER_TRIPLE: _CORE_DEFENDER_DOUBLE,
    }
)


def _attacker_pays_per_card(max_cards: int) -> tuple[CombatOption, ...]:
    # The defender decides how many cards to discard; for each the attacker (who always
    # decides between Health and Defence) picks which one its figure loses.
    options = [CombatOption("no_discard", "Defender discards no card")]
    for cards in range(1, max_cards + 1):
        for health in range(cards, -1, -1):
            defence = cards - health
            options.append(
                CombatOption(
                    f"discard_{cards}_health_{health}_defence_{defence}",
                    f"Defender discards {cards}: Attacker -{health} Health, -{defence} Defence",
                    attacker=CombatLoss(health=health, defence=defence),
                    cards_discarded=cards,
                )
            )
    return tuple(options)


_DISCARD_DECISION = "Defender chooses to discard; Attacker chooses Health or Defence"


def _advanced_row(key, result, effect, options, decided_by=None):
    return CombatTableRow(key, result, effect, options, ADVANCED_SOURCE, decided_by)


ADVANCED_COMBAT_TABLE = MappingProxyType(
    {
        ResultBand.EQUAL: _advanced_row("equal", "ATT = DEF", "Nothing Happens", _NOTHING),
        ResultBand.ATTACKER_AHEAD: _advanced_row(
            "att_over",
            "ATT > DEF but not x2",
            "DEF -1 Health",
            _only("defender_minus_1_health", "Defender -1 Health", defender=CombatLoss(health=1)),
        ),
        ResultBand.ATTACKER_DOUBLE: _advanced_row(
            "att_x2",
            "ATT >x2 DEF but not x3",
            "DEF -2 Health",
            _only("defender_minus_2_health", "Defender -2 Health", defender=CombatLoss(health=2)),
        ),
        ResultBand.ATTACKER_TRIPLE: _advanced_row(
            "att_x3",
            "ATT >x3 DEF but not x4",
            "DEF -3 Health, or -2 Health and -1 Defence",
            (
                CombatOption(
                    "defender_minus_3_health",
                    "Defender -3 Health",
                    defender=CombatLoss(health=3),
                ),
                CombatOption(
                    "defender_minus_2_health_minus_1_defence",
                    "Defender -2 Health and -1 Defence",
                    defender=CombatLoss(health=2, defence=1),
                ),
            ),
            decided_by="attacker",
        ),
        ResultBand.ATTACKER_QUADRUPLE: _advanced_row(
            "att_x4",
            "ATT >x4 DEF",
            "DEF -2 Defence and is Killed. Remove DEF from the board.",
            _only(
                "defender_minus_2_defence_killed",
                "Defender -2 Defence and killed",
                defender=CombatLoss(defence=2, killed_outright=True),
            ),
        ),
        ResultBand.DEFENDER_AHEAD: _advanced_row(
            "def_over", "DEF > ATT but not x2", "Nothing Happens", _NOTHING
        ),
        ResultBand.DEFENDER_DOUBLE: _advanced_row(
            "def_x2",
            "DEF >x2 ATT",
            "DEF may discard a card to force the ATT to -1 Health or -1 Defence",
            _attacker_pays_per_card(1),
            decided_by=_DISCARD_DECISION,
        ),
        ResultBand.DEFENDER_TRIPLE: _advanced_row(
            "def_x3",
            "DEF >x3 ATT",
            "DEF may discard up to 3 cards to force the ATT to -1 Health or -1 Defence per card.",
            _attacker_pays_per_card(3),
            decided_by=_DISCARD_DECISION,
        ),
    }
)


def _net_row(key, result, effect, net, option):
    return CombatTableRow(key, result, effect, (option,), NET_SOURCE, net=net)


HUNTING_NET_TABLE = MappingProxyType(
    {
        ResultBand.EQUAL: _net_row(
            "equal",
            "ATT = DEF",
            "Nothing Happens. Net can be pulled back for free.",
            NetRecovery.FREE,
            CombatOption("nothing", "Nothing happens"),
        ),
        ResultBand.ATTACKER_AHEAD: _net_row(
            "att_over",
            "ATT > DEF but not x2",
            "DEF is Prone. Net can be pulled back for 1 action.",
            NetRecovery.ONE_ACTION,
            CombatOption("defender_prone", "Defender Prone", defender=CombatLoss(prone=True)),
        ),
        ResultBand.ATTACKER_DOUBLE: _net_row(
            "att_x2",
            "ATT >x2 DEF but not x3",
            "DEF is Prone and -1 Health. Net can be pulled back for 1 action.",
            NetRecovery.ONE_ACTION,
            CombatOption(
                "defender_prone_minus_1_health",
                "Defender Prone and -1 Health",
                defender=CombatLoss(health=1, prone=True),
            ),
        ),
        ResultBand.ATTACKER_TRIPLE: _net_row(
            "att_x3",
            "ATT >x3 DEF but not x4",
            "DEF is Prone and -2 Health. Net can be pulled back for 1 action.",
            NetRecovery.ONE_ACTION,
            CombatOption(
                "defender_prone_minus_2_health",
                "Defender Prone and -2 Health",
                defender=CombatLoss(health=2, prone=True),
            ),
        ),
        ResultBand.ATTACKER_QUADRUPLE: _net_row(
            "att_x4",
            "ATT >x4 DEF",
            "DEF is Prone and -2 Health. Net can be pulled back for free.",
            NetRecovery.FREE,
            CombatOption(
                "defender_prone_minus_2_health",
                "Defender Prone and -2 Health",
                defender=CombatLoss(health=2, prone=True),
            ),
        ),
        ResultBand.DEFENDER_AHEAD: _net_row(
            "def_over",
            "DEF > ATT but not x2",
            "Nothing Happens. Net can be pulled back for 1 action.",
            NetRecovery.ONE_ACTION,
            CombatOption("nothing", "Nothing happens"),
        ),
        ResultBand.DEFENDER_DOUBLE: _net_row(
            "def_x2",
            "DEF >x2 ATT",
            "Net Tangles. Net can be pulled back for 2 actions.",
            NetRecovery.TWO_ACTIONS,
            CombatOption("net_tangles", "Net tangles"),
        ),
        ResultBand.DEFENDER_TRIPLE: _net_row(
            "def_x3",
            "DEF >x3 ATT",
            "ATT is Prone. Net is destroyed and cannot be used again this scenario.",
            NetRecovery.DESTROYED,
            CombatOption("attacker_prone", "Attacker Prone", attacker=CombatLoss(prone=True)),
        ),
    }
)

COMBAT_TABLES = MappingProxyType(
    {
        CombatTable.CORE: CORE_COMBAT_TABLE,
        CombatTable.ADVANCED: ADVANCED_COMBAT_TABLE,
        CombatTable.HUNTING_NET: HUNTING_NET_TABLE,
    }
)


def result_band(attack_successes: int, defence_successes: int) -> ResultBand:
    """Combat in Dawn, Step 10: which row the two sides' successes fall in.

    "xN" is read as "at least N times" (the Combat Example's 6 against 3 is x2). A side with
    no successes facing one with any is beaten four times over (Step 10 for the defender).
    """
    if attack_successes < 0 or defence_successes < 0:
        raise RuleViolation("Successes cannot be negative")
    if attack_successes == defence_successes:
        return ResultBand.EQUAL
    if attack_successes > defence_successes:
        if attack_successes >= 4 * defence_successes:
            return ResultBand.ATTACKER_QUADRUPLE
        if attack_successes >= 3 * defence_successes:
            return ResultBand.ATTACKER_TRIPLE
        if attack_successes >= 2 * defence_successes:
            return ResultBand.ATTACKER_DOUBLE
        return ResultBand.ATTACKER_AHEAD
    if defence_successes >= 3 * attack_successes:
        return ResultBand.DEFENDER_TRIPLE
    if defence_successes >= 2 * attack_successes:
        return ResultBand.DEFENDER_DOUBLE
    return ResultBand.DEFENDER_AHEAD


@dataclass(frozen=True)
class CombatResult:
    """The outcome of a combat: which table and row applied and the options it offers."""

    table: CombatTable
    band: ResultBand
    row: CombatTableRow
    attack_successes: int
    defence_successes: int

    @property
    def defender_had_no_successes(self) -> bool:
        return self.defence_successes == 0 and self.attack_successes > 0

    @property
    def options(self) -> tuple[CombatOption, ...]:
        return self.row.options

    def option(self, key: str) -> CombatOption:
        """The chosen option, refused if this row does not offer it."""
        for option in self.row.options:
            if option.key == key:
                return option
        raise RuleViolation(f'The row "{self.row.result}" does not offer that choice')


def resolve_combat(
    attack_successes: int,
    defence_successes: int,
    table: CombatTable = CombatTable.CORE,
) -> CombatResult:
    """Combat in Dawn, Step 10, with the Core table, the Advanced Combat Table (Layer One) or
    the Hunting Net table (Hydris Tribes)."""
    band = result_band(attack_successes, defence_successes)
    return CombatResult(
        table, band, COMBAT_TABLES[table][band], attack_successes, defence_successes
    )


@dataclass(frozen=True)
class FigureAfterCombat:
    """A figure's Health and Defence after a loss.

    `wounds_past_zero` feeds the Reborn Track; `defence_lost` is the permanent Defence loss
    (Layer One, Dynamic Defence) a campaign records.
    """

    health: int
    defence: int
    defence_lost: int
    wounds_past_zero: int
    killed: bool
    killed_outright: bool
    prone: bool


def apply_combat_loss(health: int, defence: int, loss: CombatLoss) -> FigureAfterCombat:
    """Apply a table row's loss to a figure (Step 10; Layer One: "Defence can never be
    reduced below 1")."""
    if health < 1:
        raise RuleViolation("A figure with no Health left is not in the fight")
    if defence < 1:
        raise RuleViolation("Defence is never below 1")
    new_defence = max(1, defence - loss.defence)
    killed = loss.killed_outright or loss.health >= health
    return FigureAfterCombat(
        health=0 if killed else health - loss.health,
        defence=new_defence,
        defence_lost=defence - new_defence,
        wounds_past_zero=max(0, loss.health - health),
        killed=killed,
        killed_outright=loss.killed_outright,
        prone=loss.prone and not killed,
    )
