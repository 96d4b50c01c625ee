"""One battle on the Battle Mat as the app keeps it: the foes on their rings, every battle
stack, the initiative bag, stack and discard, the Target Deck, the combo meters and what has
been used this turn. Pure (no Django): the services load it from the tool state
``dawnshade.battle``, change it through the rules and store it back.

Source: Battles; Let The Battle Begin!; Conditions; Victory & Defeat; Reset & Return Väki;
Major Threats. The rules themselves are in ``campaigns.dawnshade.rules`` (initiative, stacks,
battle_conditions, target_deck, combo, outcome).

Characters are keyed by their seat (``"s1"``, ``"s2"``...), never by a database id, so a
backup that renumbers records restores the battle unchanged. Foes are keyed by ring
(``"foe:I"``); a foe's library values are copied in, so editing the library later does not
change a battle in progress.
"""

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Self

from campaigns.dawnshade.catalog.battle import ROMAN
from campaigns.dawnshade.rules.combo import ComboMeter, CombosThisTurn
from campaigns.dawnshade.rules.initiative import InitiativeState
from campaigns.dawnshade.rules.outcome import BattleResult, battle_outcome
from campaigns.dawnshade.rules.stacks import ALLY, FOE, BattleStack
from campaigns.dawnshade.rules.target_deck import TargetDeck

FIGHTING = "fighting"
FINISHED = "finished"  # the outcome is written to the quest log
RESET = "reset"  # stacks restored; the väki return may follow


def seat_key(seat: int) -> str:
    return f"s{seat}"


def foe_key(position: int) -> str:
    return f"foe:{ROMAN[position]}"


@dataclass(frozen=True)
class FoeOnRing:
    """A foe as the library described it when the battle was set up."""

    position: int
    name: str
    faction: str
    atk: int
    defense: int
    special: str

    @property
    def key(self) -> str:
        return foe_key(self.position)

    @property
    def ring(self) -> str:
        return ROMAN[self.position]

    def to_dict(self) -> dict[str, Any]:
        return {
            "position": self.position,
            "name": self.name,
            "faction": self.faction,
            "atk": self.atk,
            "defense": self.defense,
            "special": self.special,
        }

    @classmethod
    def from_dict(cls, stored: Mapping[str, Any]) -> Self:
        return cls(**stored)


@dataclass(frozen=True)
class BattleSettings:
    """The table's readings where the rulebook is silent (see the rules' docstrings)."""

    miss_cards: int = 0
    imprecise_rounding: str = "damage_up"
    behemoth_with_fighter: str = "stack_order"

    def to_dict(self) -> dict[str, Any]:
        return {
            "miss_cards": self.miss_cards,
            "imprecise_rounding": self.imprecise_rounding,
            "behemoth_with_fighter": self.behemoth_with_fighter,
        }


@dataclass(frozen=True)
class Battle:
    """The whole battle. ``turn_number`` counts finished turns: a phone sends back the number
    it saw, so a second tap on "next turn" is a conflict, not a second turn. ``specials_used``
    are the stacks whose special ability fired this turn (once a turn). ``outcome`` is set
    when the result is written to the quest log."""

    game_number: int
    visit_seq: int  # the quest-log line (game, seq): not a database id, for backups
    tile_type: str
    note: str
    foes: tuple[FoeOnRing, ...]
    stacks: Mapping[str, BattleStack]
    initiative: InitiativeState
    target_deck: TargetDeck
    combo: Mapping[str, ComboMeter]
    settings: BattleSettings = BattleSettings()
    combo_turn: CombosThisTurn = CombosThisTurn()
    specials_used: tuple[str, ...] = ()
    turn_number: int = 0
    phase: str = FIGHTING
    outcome: str = ""
    cogbehemoth_owner: int | None = None  # the seat whose Cogbehemoth chips are in play
    carried_conditions: Mapping[str, tuple[str, ...]] = field(default_factory=dict)

    @property
    def ally_stacks(self) -> list[BattleStack]:
        return [stack for stack in self.stacks.values() if stack.side == ALLY]

    @property
    def foe_stacks(self) -> list[BattleStack]:
        return [stack for stack in self.stacks.values() if stack.side == FOE]

    @property
    def living_foes(self) -> tuple[int, ...]:
        return tuple(foe.position for foe in self.foes if not self.stacks[foe.key].knocked_out)

    @property
    def knocked_out_allies(self) -> tuple[str, ...]:
        return tuple(stack.key for stack in self.ally_stacks if stack.knocked_out)

    def result(self) -> BattleResult | None:
        """The outcome once the battle is decided (every foe or ally KO'd, or the last round
        over), else None (Victory & Defeat)."""
        return battle_outcome(
            self.ally_stacks, self.foe_stacks, last_round_over=self.initiative.battle_over
        )

    def is_for(self, visit) -> bool:
        """True when this is the battle of that quest-log line."""
        return (
            visit is not None
            and visit.game_number == self.game_number
            and visit.seq == self.visit_seq
        )

    def with_stack(self, stack: BattleStack) -> Self:
        return replace(self, stacks={**self.stacks, stack.key: stack})

    def to_dict(self) -> dict[str, Any]:
        return {
            "game_number": self.game_number,
            "visit_seq": self.visit_seq,
            "tile_type": self.tile_type,
            "note": self.note,
            "foes": [foe.to_dict() for foe in self.foes],
            "stacks": {key: stack.to_dict() for key, stack in self.stacks.items()},
            "initiative": self.initiative.to_dict(),
            "target_deck": self.target_deck.to_dict(),
            "combo": {key: meter.to_dict() for key, meter in self.combo.items()},
            "settings": self.settings.to_dict(),
            "combo_turn": self.combo_turn.to_dict(),
            "specials_used": list(self.specials_used),
            "turn_number": self.turn_number,
            "phase": self.phase,
            "outcome": self.outcome,
            "cogbehemoth_owner": self.cogbehemoth_owner,
            "carried_conditions": {k: list(v) for k, v in self.carried_conditions.items()},
        }

    @classmethod
    def from_dict(cls, stored: Mapping[str, Any]) -> Self:
        return cls(
            game_number=stored["game_number"],
            visit_seq=stored["visit_seq"],
            tile_type=stored["tile_type"],
            note=stored["note"],
            foes=tuple(FoeOnRing.from_dict(foe) for foe in stored["foes"]),
            stacks={k: BattleStack.from_dict(v) for k, v in stored["stacks"].items()},
            initiative=InitiativeState.from_dict(stored["initiative"]),
            target_deck=TargetDeck.from_dict(stored["target_deck"]),
            combo={k: ComboMeter.from_dict(v) for k, v in stored["combo"].items()},
            settings=BattleSettings(**stored["settings"]),
            combo_turn=CombosThisTurn.from_dict(stored["combo_turn"]),
            specials_used=tuple(stored["specials_used"]),
            turn_number=stored["turn_number"],
            phase=stored["phase"],
            outcome=stored["outcome"],
            cogbehemoth_owner=stored["cogbehemoth_owner"],
            carried_conditions={k: tuple(v) for k, v in stored["carried_conditions"].items()},
        )


def battle_load(stored: Mapping[str, Any] | None) -> Battle | None:
    """The stored battle, or None when no battle has been set up."""
    return Battle.from_dict(stored) if stored else None


def battle_dump(battle: Battle | None) -> dict[str, Any]:
    return battle.to_dict() if battle is not None else {}
