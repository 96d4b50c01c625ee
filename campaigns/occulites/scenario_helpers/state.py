"""The shared state of each scenario helper, typed: one frozen dataclass and one `ToolKind` per
tool (`occulites.<tool>`). Services read and replace these; pages read their attributes.

Each `to_dict` writes the same dict the tool has always stored (the rows already in the
database load unchanged); `from_dict` reads it back, tolerating keys older rows lack.
"""

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Self

from campaigns.occulites.rules.reborn_track import RebornTrack
from campaigns.occulites.rules.scenario_events import RevealedCards
from campaigns.occulites.rules.scenario_podmothine import PodmothineState, TentacleActivation
from campaigns.occulites.rules.scenario_pry_sungem import PrySungemTarget
from campaigns.occulites.rules.scenario_ridge import RidgeFigure, RidgeState
from campaigns.occulites.rules.scenario_siege import SiegeState
from campaigns.occulites.rules.scenario_skirmish import SkirmishArrivals
from campaigns.table.tool_state import ToolKind


def _kind(tool: str, state_class) -> ToolKind:
    return ToolKind(
        f"occulites.{tool}",
        default=state_class,
        from_dict=state_class.from_dict,
        to_dict=state_class.to_dict,
    )


def _maybe(value, to_dict):
    return None if value is None else to_dict(value)


# --- Event and Sungem cards revealed --------------------------------------------------------


@dataclass(frozen=True)
class CardsTracker:
    """The scenario's cards revealed, what the last reveal said to do, and for each reveal
    whether it moved the Siege's Conditions Token (so taking it back moves the token back)."""

    cards: RevealedCards | None = None
    instructions: tuple[str, ...] = ()
    moved_siege: tuple[bool, ...] = ()

    @property
    def events_revealed(self) -> int:
        return self.cards.event_cards_revealed if self.cards else 0

    def to_dict(self) -> dict[str, Any]:
        return {
            "cards": _maybe(self.cards, RevealedCards.to_dict),
            "instructions": list(self.instructions),
            "moved_siege": list(self.moved_siege),
        }

    @classmethod
    def from_dict(cls, stored: Mapping[str, Any]) -> Self:
        cards = stored.get("cards")
        return cls(
            RevealedCards.from_dict(cards) if cards else None,
            tuple(stored.get("instructions", ())),
            tuple(stored.get("moved_siege", ())),
        )


# --- Podmothine and Pry Sungem ----------------------------------------------------------------


def _activation_to_dict(activation: TentacleActivation) -> dict[str, Any]:
    return {
        "dice": list(activation.dice),
        "activates_on": activation.activates_on,
        "sneaking": activation.sneaking,
        "activated": list(activation.activated),
    }


def _activation_from_dict(stored: Mapping[str, Any]) -> TentacleActivation:
    return TentacleActivation(
        tuple(stored["dice"]),
        stored["activates_on"],
        stored["sneaking"],
        tuple(stored["activated"]),
    )


@dataclass(frozen=True)
class PodmothineTool:
    podmothine: PodmothineState = field(default_factory=PodmothineState)
    last: TentacleActivation | None = None  # the last activation roll

    def to_dict(self) -> dict[str, Any]:
        return {
            "podmothine": self.podmothine.to_dict(),
            "last": _maybe(self.last, _activation_to_dict),
        }

    @classmethod
    def from_dict(cls, stored: Mapping[str, Any]) -> Self:
        last = stored.get("last")
        return cls(
            PodmothineState.from_dict(stored["podmothine"]),
            _activation_from_dict(last) if last else None,
        )


@dataclass(frozen=True)
class PryDiscard:
    cards: tuple[int, ...]
    succeeded: bool

    @property
    def total(self) -> int:
        return sum(self.cards)


@dataclass(frozen=True)
class PryTool:
    """The last Pry Sungem target rolled (with the tentacles it was rolled for) and the cards
    discarded against it."""

    target: PrySungemTarget | None = None
    tentacles_on_body: int | None = None
    discarded: PryDiscard | None = None

    def to_dict(self) -> dict[str, Any]:
        discarded = self.discarded
        return {
            "target": _maybe(self.target, PrySungemTarget.to_dict),
            "tentacles_on_body": self.tentacles_on_body,
            "discarded": discarded
            and {"cards": list(discarded.cards), "succeeded": discarded.succeeded},
        }

    @classmethod
    def from_dict(cls, stored: Mapping[str, Any]) -> Self:
        target, discarded = stored.get("target"), stored.get("discarded")
        return cls(
            PrySungemTarget.from_dict(target) if target else None,
            stored.get("tentacles_on_body"),
            PryDiscard(tuple(discarded["cards"]), discarded["succeeded"]) if discarded else None,
        )


# --- Unexpected Skirmish --------------------------------------------------------------------


@dataclass(frozen=True)
class SkirmishTribe:
    name: str
    arrivals: SkirmishArrivals


@dataclass(frozen=True)
class RolledGroup:
    """The dice allocated to one straggler, and whether it arrived."""

    name: str
    dice: tuple[int, ...]
    arrives_on: int
    arrived: bool


@dataclass(frozen=True)
class ArrivalsRolled:
    tribe: str
    turn: int
    groups: tuple[RolledGroup, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "tribe": self.tribe,
            "turn": self.turn,
            "groups": [
                {
                    "name": group.name,
                    "dice": list(group.dice),
                    "arrives_on": group.arrives_on,
                    "arrived": group.arrived,
                }
                for group in self.groups
            ],
        }

    @classmethod
    def from_dict(cls, stored: Mapping[str, Any]) -> Self:
        return cls(
            stored["tribe"],
            stored["turn"],
            tuple(
                RolledGroup(g["name"], tuple(g["dice"]), g["arrives_on"], g["arrived"])
                for g in stored["groups"]
            ),
        )


@dataclass(frozen=True)
class SkirmishTool:
    tribes: tuple[SkirmishTribe, ...] = ()
    last: ArrivalsRolled | None = None

    def tribe_index(self, name: str) -> int | None:
        return next((i for i, tribe in enumerate(self.tribes) if tribe.name == name), None)

    def to_dict(self) -> dict[str, Any]:
        return {
            "tribes": [
                {"name": tribe.name, "arrivals": tribe.arrivals.to_dict()} for tribe in self.tribes
            ],
            "last": _maybe(self.last, ArrivalsRolled.to_dict),
        }

    @classmethod
    def from_dict(cls, stored: Mapping[str, Any]) -> Self:
        last = stored.get("last")
        return cls(
            tuple(
                SkirmishTribe(tribe["name"], SkirmishArrivals.from_dict(tribe["arrivals"]))
                for tribe in stored["tribes"]
            ),
            ArrivalsRolled.from_dict(last) if last else None,
        )


# --- The Ridge ------------------------------------------------------------------------------


@dataclass(frozen=True)
class LightningRolled:
    rolls: tuple[tuple[str, int], ...]
    hit: tuple[str, ...]


@dataclass(frozen=True)
class RidgeTool:
    ridge: RidgeState = field(default_factory=RidgeState)
    on_ridge: tuple[RidgeFigure, ...] = ()
    last: LightningRolled | None = None

    @property
    def names_on_ridge(self) -> set[str]:
        return {figure.name for figure in self.on_ridge}

    def to_dict(self) -> dict[str, Any]:
        last = self.last
        return {
            "ridge": self.ridge.to_dict(),
            "on_ridge": [[figure.name, figure.shares_space_with] for figure in self.on_ridge],
            "last": last and {"rolls": [list(roll) for roll in last.rolls], "hit": list(last.hit)},
        }

    @classmethod
    def from_dict(cls, stored: Mapping[str, Any]) -> Self:
        last = stored.get("last")
        return cls(
            RidgeState.from_dict(stored["ridge"]),
            tuple(RidgeFigure(name, partner) for name, partner in stored["on_ridge"]),
            LightningRolled(tuple((name, die) for name, die in last["rolls"]), tuple(last["hit"]))
            if last
            else None,
        )


# --- Siege at the Cave Mouth --------------------------------------------------------------


@dataclass(frozen=True)
class ConditionsRolled:
    attacker_dice: tuple[int, ...]
    defender_dice: tuple[int, ...]
    steps: int


@dataclass(frozen=True)
class SiegeTool:
    """The Conditions Token and the dead; what moved it last: a roll, or an Event card."""

    siege: SiegeState = field(default_factory=SiegeState)
    last_roll: ConditionsRolled | None = None
    last_was_event_card: bool = False

    def to_dict(self) -> dict[str, Any]:
        roll = self.last_roll
        if roll is not None:
            last = {
                "attacker_dice": list(roll.attacker_dice),
                "defender_dice": list(roll.defender_dice),
                "steps": roll.steps,
            }
        else:
            last = {"event_card": True} if self.last_was_event_card else None
        return {"siege": self.siege.to_dict(), "last": last}

    @classmethod
    def from_dict(cls, stored: Mapping[str, Any]) -> Self:
        last = stored.get("last") or {}
        roll = (
            ConditionsRolled(
                tuple(last["attacker_dice"]), tuple(last["defender_dice"]), last["steps"]
            )
            if "steps" in last
            else None
        )
        return cls(SiegeState.from_dict(stored["siege"]), roll, bool(last.get("event_card")))


# --- The Reborn Track -----------------------------------------------------------------------


@dataclass(frozen=True)
class RebornTrackChange:
    """The last change on the track: a figure placed (`placed`, `how`), moved (`from_space`,
    `to_space`, `tribal_token`) or taken off (`removed`)."""

    figure: str
    placed: int | None = None
    how: str = ""
    from_space: int | None = None
    to_space: int | None = None
    tribal_token: bool = False
    removed: bool = False

    def to_dict(self) -> dict[str, Any]:
        if self.removed:
            return {"figure": self.figure, "removed": True}
        if self.placed is not None:
            return {"figure": self.figure, "placed": self.placed, "how": self.how}
        return {
            "figure": self.figure,
            "from": self.from_space,
            "to": self.to_space,
            "tribal_token": self.tribal_token,
        }

    @classmethod
    def from_dict(cls, stored: Mapping[str, Any]) -> Self:
        if stored.get("removed"):
            return cls(stored["figure"], removed=True)
        if "placed" in stored:
            return cls(stored["figure"], placed=stored["placed"], how=stored["how"])
        return cls(
            stored["figure"],
            from_space=stored["from"],
            to_space=stored["to"],
            tribal_token=stored["tribal_token"],
        )


@dataclass(frozen=True)
class RebornTrackTool:
    track: RebornTrack = field(default_factory=RebornTrack)
    last: RebornTrackChange | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"track": self.track.to_dict(), "last": _maybe(self.last, RebornTrackChange.to_dict)}

    @classmethod
    def from_dict(cls, stored: Mapping[str, Any]) -> Self:
        last = stored.get("last")
        return cls(
            RebornTrack.from_dict(stored["track"]),
            RebornTrackChange.from_dict(last) if last else None,
        )


# --- Awareness Test ---------------------------------------------------------------------------


@dataclass(frozen=True)
class AwarenessTaken:
    """The last Awareness Test: what was drawn and added, the target, and the verdict."""

    figure: str
    awareness: int
    cards_to_draw: int
    cards: tuple[int, ...]
    boosts: tuple[int, ...]
    pass_on: int
    card_bonus: int
    best_total: int
    passed: bool
    tribal_token: bool
    eagle_eyed: bool

    def to_dict(self) -> dict[str, Any]:
        return {
            "figure": self.figure,
            "awareness": self.awareness,
            "cards_to_draw": self.cards_to_draw,
            "cards": list(self.cards),
            "boosts": list(self.boosts),
            "pass_on": self.pass_on,
            "card_bonus": self.card_bonus,
            "best_total": self.best_total,
            "passed": self.passed,
            "tribal_token": self.tribal_token,
            "eagle_eyed": self.eagle_eyed,
        }

    @classmethod
    def from_dict(cls, stored: Mapping[str, Any]) -> Self:
        return cls(
            **{
                **stored,
                "cards": tuple(stored["cards"]),
                "boosts": tuple(stored["boosts"]),
            }
        )


@dataclass(frozen=True)
class AwarenessTool:
    last: AwarenessTaken | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"last": _maybe(self.last, AwarenessTaken.to_dict)}

    @classmethod
    def from_dict(cls, stored: Mapping[str, Any]) -> Self:
        last = stored.get("last")
        return cls(AwarenessTaken.from_dict(last) if last else None)


CARDS = _kind("cards", CardsTracker)
PODMOTHINE = _kind("podmothine", PodmothineTool)
PRY_SUNGEM = _kind("pry_sungem", PryTool)
SKIRMISH = _kind("skirmish", SkirmishTool)
RIDGE = _kind("ridge", RidgeTool)
SIEGE = _kind("siege", SiegeTool)
REBORN_TRACK = _kind("reborn_track", RebornTrackTool)
AWARENESS = _kind("awareness", AwarenessTool)
