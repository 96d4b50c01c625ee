"""Scenario helpers and Tribal Tokens for the game in progress: one function per action.

Each action runs in one transaction: lock the campaign, re-read the tool's state under the
lock (so two phones tapping at once both land, one after the other), apply a pure rule from
``campaigns.occulites.rules``, save the state and bump the campaign version; a roll also goes
to the shared dice-and-draw log. Game-in-progress state is not campaign bookkeeping, so
nothing is written to the ledger. A refused action raises ``RuleViolation`` (or ``Conflict``
when the player acted on a screen someone else has changed since) and writes nothing.
"""

import copy
import random
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import partial

from django.db import transaction
from django.db.models import Prefetch

from campaigns.occulites.catalog.luftles import LUFTLE_CASTES, LUFTLE_CHIEF
from campaigns.occulites.catalog.scenarios import SCENARIOS
from campaigns.occulites.models import Luftle, LuftleStatus, Tribe
from campaigns.occulites.rules import awareness as awareness_rules
from campaigns.occulites.rules import reborn_track as reborn_rules
from campaigns.occulites.rules import tribal_tokens as token_rules
from campaigns.occulites.rules.errors import RuleViolation
from campaigns.occulites.rules.scenario_events import RevealedCards, RevealedKind, reveal_card
from campaigns.occulites.rules.scenario_podmothine import (
    PodmothineState,
    activate_tentacles,
    tentacle_destroyed,
    tentacle_leaves_body,
    tentacle_reborn,
    tentacle_returns_to_body,
)
from campaigns.occulites.rules.scenario_pry_sungem import (
    PryLocation,
    PrySungemTarget,
    pry_sungem_succeeds,
    pry_sungem_target,
)
from campaigns.occulites.rules.scenario_ridge import RidgeFigure, RidgeState, strike_lightning
from campaigns.occulites.rules.scenario_siege import (
    CONDITIONS_TRACK_START,
    SiegeSide,
    SiegeState,
    record_siege_loss,
    roll_conditions,
    siege_event_card,
)
from campaigns.occulites.rules.scenario_skirmish import (
    SkirmishArrivals,
    Straggler,
    roll_arrivals,
)
from campaigns.table.errors import Conflict
from campaigns.table.ledger import bump_version, lock_campaign
from campaigns.table.models import Campaign, ToolState
from campaigns.table.services import draw_log_record

PODMOTHINE = "occulites.podmothine"
PRY_SUNGEM = "occulites.pry_sungem"
SKIRMISH = "occulites.skirmish"
RIDGE = "occulites.ridge"
SIEGE = "occulites.siege"
CARDS = "occulites.cards"
REBORN_TRACK = "occulites.reborn_track"
AWARENESS = "occulites.awareness"
TRIBAL_TOKENS = "occulites.tribal_tokens"
TOOLS = (PODMOTHINE, PRY_SUNGEM, SKIRMISH, RIDGE, SIEGE, CARDS, REBORN_TRACK, AWARENESS)

# Scenario 11 (Siege at the Cave Mouth): an Event card moves the Conditions Token.
SIEGE_SCENARIO = 11
NAME_MAX_LENGTH = 60
CHIEF_POOL = "chief"
LUFTLE_CHIEF_POOL = "luftle_chief"
# Keys of tribes typed in for a one-off game (campaign tribes are "tribe-<pk>").
TYPED_TRIBE = "typed-"

_DEFAULTS = {
    PODMOTHINE: {"podmothine": PodmothineState().to_dict(), "last": None},
    PRY_SUNGEM: {"target": None, "tentacles_on_body": None, "discarded": None},
    SKIRMISH: {"tribes": [], "last": None},
    RIDGE: {"ridge": RidgeState().to_dict(), "on_ridge": [], "last": None},
    SIEGE: {"siege": SiegeState().to_dict(), "last": None},
    CARDS: {"cards": None, "instructions": [], "moved_siege": []},
    REBORN_TRACK: {"track": reborn_rules.RebornTrack().to_dict(), "last": None},
    AWARENESS: {"last": None},
}


def _default(tool: str) -> dict:
    return copy.deepcopy(_DEFAULTS[tool])


# --- reading ------------------------------------------------------------------------------


def tool_states(campaign: Campaign, tools: Sequence[str] = TOOLS) -> dict[str, dict]:
    """The stored state of each tool (its default where nothing is stored yet): one query."""
    stored = {
        row.tool: row.state
        for row in ToolState.objects.filter(campaign=campaign, tool__in=list(tools))
    }
    return {tool: stored.get(tool) or _default(tool) for tool in tools}


def _load(campaign: Campaign, tool: str) -> dict:
    return tool_states(campaign, (tool,))[tool]


def _save(campaign: Campaign, tool: str, state: dict) -> None:
    ToolState.objects.update_or_create(campaign=campaign, tool=tool, defaults={"state": state})


@contextmanager
def _tool_change(campaign: Campaign, tool: str) -> Iterator[tuple[Campaign, dict]]:
    """Lock the campaign and re-read the tool's state under the lock; the block changes that
    state in place, and leaving it saves the state and bumps the version. A refusal raised in
    the block leaves the transaction, so nothing is written."""
    with transaction.atomic():
        campaign = lock_campaign(campaign.pk)
        # The Tribal Tokens start from the campaign's records rather than a fixed default.
        state = tokens_state(campaign) if tool == TRIBAL_TOKENS else _load(campaign, tool)
        yield campaign, state
        _save(campaign, tool, state)
        bump_version(campaign)


def _replace_state(campaign: Campaign, tool: str, state: dict) -> None:
    """Store a whole new state for the tool (a new game or a reset), under the campaign lock."""
    with transaction.atomic():
        campaign = lock_campaign(campaign.pk)
        _save(campaign, tool, state)
        bump_version(campaign)


def _save_roll(campaign: Campaign, actor, tool: str, state: dict, **draw):
    """Save the tool's state after a roll and put the roll in the shared draw log, which also
    bumps the version (call inside the action's transaction). `draw` is the log's label,
    result and summary."""
    _save(campaign, tool, state)
    return draw_log_record(campaign=campaign, actor=actor, tool=tool, **draw)


def _rng(rng: random.Random | None, entered) -> random.Random | None:
    """The dice come from the table (entered) or from the app's random source."""
    if entered is not None:
        return None
    return rng or random.SystemRandom()


def _dice_text(dice: Sequence[int]) -> str:
    return " ".join(str(die) for die in dice) or "none"


def _clean_name(name: str, what: str = "figure") -> str:
    name = " ".join((name or "").split())
    if not name:
        raise RuleViolation(f"Give the {what} a name")
    if len(name) > NAME_MAX_LENGTH:
        raise RuleViolation(f"Keep the {what}'s name to {NAME_MAX_LENGTH} characters")
    return name


def _clean_names(names: Sequence[str], what: str = "figure") -> list[str]:
    cleaned = [_clean_name(name, what) for name in names if (name or "").strip()]
    if len(set(cleaned)) != len(cleaned):
        raise RuleViolation(f"Each {what} needs its own name")
    return cleaned


# --- figures from the campaign's records ---------------------------------------------------


@dataclass(frozen=True)
class Figure:
    """An Occulite or live Luftle of one of the campaign's tribes."""

    name: str
    tribe: str
    is_luftle: bool = False
    is_chief: bool = False
    awareness: int | None = None

    @property
    def label(self) -> str:
        """Unique across the campaign: several tribes may each have a "Chief"."""
        return f"{self.name} ({self.tribe})"


@dataclass
class TribeFigures:
    tribe_id: int
    name: str
    friend_of_the_luftles: bool
    has_luftle_chief: bool
    figures: list[Figure] = field(default_factory=list)


def luftle_name(luftle: Luftle) -> str:
    caste = LUFTLE_CASTES.get(luftle.caste)
    return f"{caste.name if caste else luftle.caste} {luftle.base_letter}"


def campaign_figures(campaign: Campaign) -> list[TribeFigures]:
    """Every tribe's Occulites and live Luftles, from the campaign's records (4 queries)."""
    tribes = Tribe.objects.filter(campaign=campaign).prefetch_related(
        "occulites",
        "occulites__abilities",
        Prefetch("luftles", queryset=Luftle.objects.filter(status=LuftleStatus.ACTIVE)),
    )
    result = []
    for tribe in tribes:
        occulites = list(tribe.occulites.all())
        luftles = list(tribe.luftles.all())
        chief = next((occulite for occulite in occulites if occulite.is_chief), None)
        friend = chief is not None and any(
            holding.ability_key == "friend_of_the_luftles" for holding in chief.abilities.all()
        )
        entry = TribeFigures(
            tribe_id=tribe.pk,
            name=tribe.name,
            friend_of_the_luftles=friend,
            has_luftle_chief=any(luftle.caste == LUFTLE_CHIEF for luftle in luftles),
        )
        for occulite in occulites:
            entry.figures.append(
                Figure(
                    occulite.name,
                    tribe.name,
                    is_chief=occulite.is_chief,
                    awareness=occulite.awareness,
                )
            )
        for luftle in luftles:
            caste = LUFTLE_CASTES.get(luftle.caste)
            entry.figures.append(
                Figure(
                    luftle_name(luftle),
                    tribe.name,
                    is_luftle=True,
                    awareness=caste.stats.awareness if caste else None,
                )
            )
        result.append(entry)
    return result


# --- Event and Sungem cards revealed ----------------------------------------------------------


def revealed_cards(state: Mapping) -> RevealedCards | None:
    """The cards tracker's scenario and reveals, or None before a scenario is chosen."""
    return RevealedCards.from_dict(state["cards"]) if state.get("cards") else None


def events_revealed(cards_state: Mapping) -> int:
    cards = revealed_cards(cards_state)
    return cards.event_cards_revealed if cards else 0


def cards_new_game(*, campaign: Campaign, actor, scenario_number: int) -> RevealedCards:
    """Start tracking a scenario's Event and Sungem cards, with the deck counts printed in its
    header (Scenarios - Explaining a Scenario's Structure)."""
    scenario = next((s for s in SCENARIOS.values() if s.number == scenario_number), None)
    if scenario is None:
        raise RuleViolation("The rulebook prints scenarios 1 to 11")
    cards = RevealedCards(
        scenario=scenario.number,
        event_cards_in_deck=scenario.event_cards,
        sungem_cards_in_deck=scenario.sungem_cards,
        back_in_reshuffle=scenario.reshuffle_asterisk,
    )
    _replace_state(
        campaign, CARDS, {"cards": cards.to_dict(), "instructions": [], "moved_siege": []}
    )
    return cards


def _move_siege_for_event(campaign: Campaign) -> None:
    """Scenario 11: an Event card moves the Conditions Token one space towards 0."""
    stored = _load(campaign, SIEGE)
    stored["siege"] = siege_event_card(SiegeState.from_dict(stored["siege"])).to_dict()
    stored["last"] = {"event_card": True}
    _save(campaign, SIEGE, stored)


def _reveal(stored: Mapping, kind: RevealedKind) -> dict:
    cards = revealed_cards(stored)
    if cards is None:
        raise RuleViolation("Choose the scenario being played first")
    reveal = reveal_card(cards, kind)
    moves_siege = kind is RevealedKind.EVENT and cards.scenario == SIEGE_SCENARIO
    return {
        "cards": reveal.cards.to_dict(),
        "instructions": list(reveal.instructions),
        "moved_siege": [*stored.get("moved_siege", []), moves_siege],
    }


def cards_reveal(
    *, campaign: Campaign, actor, kind: str, expected_revealed: int | None = None
) -> RevealedCards:
    """An Event or Sungem card was drawn: record it and say what it does in the running
    scenario (Event Cards; each scenario's Special Rules). In Siege at the Cave Mouth the
    Event card also moves the Conditions Token."""
    kind = RevealedKind(kind)
    with _tool_change(campaign, CARDS) as (campaign, stored):
        _check_count(stored, expected_revealed)
        stored.update(_reveal(stored, kind))
        if stored["moved_siege"][-1]:
            _move_siege_for_event(campaign)
    return RevealedCards.from_dict(stored["cards"])


def _check_count(stored: Mapping, expected_revealed: int | None) -> None:
    cards = revealed_cards(stored)
    revealed = len(cards.revealed) if cards else 0
    if expected_revealed is not None and expected_revealed != revealed:
        raise Conflict("Someone else recorded a card meanwhile; check the list and try again.")


def cards_take_back(*, campaign: Campaign, actor, expected_revealed: int | None = None) -> None:
    """Take back the last card recorded (a mis-tap); a Siege Event card's move goes back too."""
    with _tool_change(campaign, CARDS) as (campaign, stored):
        _check_count(stored, expected_revealed)
        cards = revealed_cards(stored)
        if cards is None or not cards.revealed:
            raise RuleViolation("No card has been recorded yet")
        moved = list(stored.get("moved_siege", []))
        if moved and moved.pop():
            siege_stored = _load(campaign, SIEGE)
            siege = SiegeState.from_dict(siege_stored["siege"])
            siege_stored["siege"] = SiegeState(
                min(CONDITIONS_TRACK_START, siege.conditions + 1),
                siege.attacker_losses,
                siege.defender_losses,
            ).to_dict()
            _save(campaign, SIEGE, siege_stored)
        after = RevealedCards(
            cards.scenario,
            cards.event_cards_in_deck,
            cards.sungem_cards_in_deck,
            cards.back_in_reshuffle,
            cards.revealed[:-1],
        )
        stored.update({"cards": after.to_dict(), "instructions": [], "moved_siege": moved})


# --- Podmothine ---------------------------------------------------------------------------


def podmothine_state(stored: Mapping) -> PodmothineState:
    return PodmothineState.from_dict(stored["podmothine"])


def podmothine_activate(
    *,
    campaign: Campaign,
    actor,
    sneaking: bool = False,
    entered: Sequence[int] | None = None,
    rng: random.Random | None = None,
):
    """Roll a die per tentacle in play before the activated figure acts; each activates on
    0-2 plus one per Event card revealed, and on nothing above 3 while the figure Sneaks
    (Creatures and Predators, Podmothine; Advanced Actions, Sneak)."""
    with transaction.atomic():
        campaign = lock_campaign(campaign.pk)
        states = tool_states(campaign, (PODMOTHINE, CARDS))
        stored = states[PODMOTHINE]
        podmothine = podmothine_state(stored)
        if podmothine.tentacles_in_play == 0:
            raise RuleViolation("No tentacle is in play to activate")
        activation = activate_tentacles(
            podmothine,
            events_revealed(states[CARDS]),
            sneaking=sneaking,
            rng=_rng(rng, entered),
            entered=entered,
        )
        stored["last"] = {
            "dice": list(activation.dice),
            "activates_on": activation.activates_on,
            "sneaking": sneaking,
            "activated": list(activation.activated),
        }
        count = activation.tentacles_activated
        return _save_roll(
            campaign,
            actor,
            PODMOTHINE,
            stored,
            label=f"Podmothine tentacles: {len(activation.dice)}d10, activate on "
            f"0-{activation.activates_on}"
            + (" (Sneak)" if sneaking else "")
            + (" (entered)" if entered is not None else ""),
            result=stored["last"],
            summary=f"{count} tentacle{'s' if count != 1 else ''} activate "
            f"(dice {_dice_text(activation.dice)})",
        )


TENTACLE_MOVES = {
    "leaves": tentacle_leaves_body,
    "returns": tentacle_returns_to_body,
    "destroyed_on_body": partial(tentacle_destroyed, was_on_body=True),
    "destroyed_off_body": partial(tentacle_destroyed, was_on_body=False),
    "reborn": tentacle_reborn,
}


def podmothine_tentacle(*, campaign: Campaign, actor, move: str) -> PodmothineState:
    """A tentacle leaves or returns to the body, is destroyed, or is Reborn on the body
    (Creatures and Predators, Podmothine; Reborn (Podmothine))."""
    if move not in TENTACLE_MOVES:
        raise RuleViolation("Choose what the tentacle did")
    with _tool_change(campaign, PODMOTHINE) as (campaign, stored):
        after = TENTACLE_MOVES[move](podmothine_state(stored))
        stored["podmothine"] = after.to_dict()
    return after


def _reset(campaign: Campaign, tool: str) -> None:
    _replace_state(campaign, tool, _default(tool))


def podmothine_reset(*, campaign: Campaign, actor) -> None:
    """A new game: six tentacles on the body (Podmothine)."""
    _reset(campaign, PODMOTHINE)


# --- Pry Sungem ---------------------------------------------------------------------------


def pry_target(stored: Mapping) -> PrySungemTarget | None:
    return PrySungemTarget.from_dict(stored["target"]) if stored.get("target") else None


def pry_sungem_roll(
    *,
    campaign: Campaign,
    actor,
    location: str,
    tentacles_on_body: int | None = None,
    entered: Sequence[int] | None = None,
    rng: random.Random | None = None,
):
    """Roll the card value to discard to pry a Sungem off: 3d10 at a cave wall, tentacles on
    the body + 1 at the Podmothine; the highest die counts, and no tentacles or all 0s means
    it comes off free (Advanced Actions, Pry Sungem). Without a count, the Podmothine
    helper's tentacles on the body are used."""
    location = PryLocation(location)
    with transaction.atomic():
        campaign = lock_campaign(campaign.pk)
        states = tool_states(campaign, (PRY_SUNGEM, PODMOTHINE))
        if location is PryLocation.PODMOTHINE and tentacles_on_body is None:
            tentacles_on_body = podmothine_state(states[PODMOTHINE]).tentacles_on_body
        if location is PryLocation.CAVE_WALL:
            tentacles_on_body = None
        target = pry_sungem_target(
            location,
            tentacles_on_body=tentacles_on_body,
            rng=_rng(rng, entered),
            entered=entered,
        )
        stored = {
            "target": target.to_dict(),
            "tentacles_on_body": tentacles_on_body,
            "discarded": None,
        }
        where = (
            "a cave wall"
            if location is PryLocation.CAVE_WALL
            else f"the Podmothine ({tentacles_on_body} on the body)"
        )
        if target.free:
            summary = "Free: no cards to discard" + (
                f" (dice {_dice_text(target.dice)})" if target.dice else ""
            )
        else:
            summary = f"Discard cards worth {target.value} (dice {_dice_text(target.dice)})"
        return _save_roll(
            campaign,
            actor,
            PRY_SUNGEM,
            stored,
            label=f"Pry Sungem at {where}: {len(target.dice)}d10"
            + (" (entered)" if entered is not None else ""),
            result={"target": target.to_dict()},
            summary=summary,
        )


def pry_sungem_discard(*, campaign: Campaign, actor, discarded: Sequence[int]) -> bool:
    """The cards discarded, of any type, must total the target value or more (Pry Sungem)."""
    with _tool_change(campaign, PRY_SUNGEM) as (campaign, stored):
        target = pry_target(stored)
        if target is None:
            raise RuleViolation("Roll the Pry Sungem target first")
        if not discarded:
            raise RuleViolation("Type the values of the cards discarded")
        succeeded = pry_sungem_succeeds(target, discarded)
        stored["discarded"] = {"cards": list(discarded), "succeeded": succeeded}
    return succeeded


def pry_sungem_reset(*, campaign: Campaign, actor) -> None:
    _reset(campaign, PRY_SUNGEM)


# --- Unexpected Skirmish ------------------------------------------------------------------


def skirmish_tribes(stored: Mapping) -> list[tuple[str, SkirmishArrivals]]:
    return [
        (tribe["name"], SkirmishArrivals.from_dict(tribe["arrivals"])) for tribe in stored["tribes"]
    ]


def skirmish_new_game(*, campaign: Campaign, actor) -> None:
    """Scenario 2, Tribal placement: each Chief starts on the board edge; the rest of each
    tribe (Occulites and Luftles) is still on its way. Tribes come from the campaign's
    records; without records, players add them by name."""
    with transaction.atomic():
        campaign = lock_campaign(campaign.pk)
        tribes = [
            {
                "name": tribe.name,
                "arrivals": SkirmishArrivals(
                    tuple(
                        Straggler(figure.name, figure.is_luftle)
                        for figure in tribe.figures
                        if not figure.is_chief
                    )
                ).to_dict(),
            }
            for tribe in campaign_figures(campaign)
        ]
        _save(campaign, SKIRMISH, {"tribes": tribes, "last": None})
        bump_version(campaign)


def skirmish_add_tribe(
    *, campaign: Campaign, actor, name: str, occulites: Sequence[str], luftles: Sequence[str]
) -> None:
    """Add a tribe by name with the figures still making their way to the skirmish."""
    name = _clean_name(name, "tribe")
    occulites = _clean_names(occulites)
    luftles = _clean_names(luftles)
    if not occulites and not luftles:
        raise RuleViolation("Name the figures not yet arrived (the Chief starts on the board)")
    arrivals = SkirmishArrivals(
        tuple(Straggler(n) for n in occulites) + tuple(Straggler(n, True) for n in luftles)
    )
    with _tool_change(campaign, SKIRMISH) as (campaign, stored):
        if any(tribe["name"] == name for tribe in stored["tribes"]):
            raise RuleViolation(f"There is already a tribe called {name}")
        stored["tribes"].append({"name": name, "arrivals": arrivals.to_dict()})


def skirmish_roll(
    *,
    campaign: Campaign,
    actor,
    tribe: str,
    turn: int,
    allocation: Mapping[str, int],
    entered: Mapping[str, Sequence[int]] | None = None,
    expected_waiting: Sequence[str] | None = None,
    rng: random.Random | None = None,
):
    """Scenario 2: allocate all 5 dice among the figures not yet arrived and roll group by
    group; a figure arrives on any 0-2 (a Luftle on 0-5)."""
    allocation = {name: count for name, count in allocation.items() if count}
    with transaction.atomic():
        campaign = lock_campaign(campaign.pk)
        stored = _load(campaign, SKIRMISH)
        index = next((i for i, t in enumerate(stored["tribes"]) if t["name"] == tribe), None)
        if index is None:
            raise RuleViolation(f"{tribe} is not in this skirmish")
        arrivals = SkirmishArrivals.from_dict(stored["tribes"][index]["arrivals"])
        waiting = [straggler.name for straggler in arrivals.waiting]
        if expected_waiting is not None and list(expected_waiting) != waiting:
            raise Conflict(f"{tribe}'s stragglers changed meanwhile; allocate the dice again.")
        roll = roll_arrivals(
            arrivals,
            allocation,
            turn=turn,
            rng=_rng(rng, entered),
            entered=entered,
        )
        stored["tribes"][index]["arrivals"] = roll.arrivals.to_dict()
        groups = [
            {
                "name": group.name,
                "dice": list(group.dice),
                "arrives_on": group.arrives_on,
                "arrived": group.arrived,
            }
            for group in roll.groups
        ]
        stored["last"] = {"tribe": tribe, "turn": turn, "groups": groups}
        summary = "; ".join(
            f"{g['name']} {'arrives' if g['arrived'] else 'not yet'} ({_dice_text(g['dice'])})"
            for g in groups
        )
        return _save_roll(
            campaign,
            actor,
            SKIRMISH,
            stored,
            label=f"Unexpected Skirmish arrivals, {tribe}, turn {turn}"
            + (" (entered)" if entered is not None else ""),
            result=stored["last"],
            summary=summary,
        )


def skirmish_reset(*, campaign: Campaign, actor) -> None:
    _reset(campaign, SKIRMISH)


# --- The Ridge ------------------------------------------------------------------------------


def ridge_state(stored: Mapping) -> RidgeState:
    return RidgeState.from_dict(stored["ridge"])


def ridge_figures(stored: Mapping) -> list[RidgeFigure]:
    return [RidgeFigure(name, partner) for name, partner in stored["on_ridge"]]


def ridge_climb(*, campaign: Campaign, actor, figure: str, partner: str = "") -> None:
    """A figure (or two Luftles sharing one space) climbed onto the Ridge (Scenario 3)."""
    figure = _clean_name(figure)
    partner = _clean_name(partner) if (partner or "").strip() else ""
    if partner == figure:
        raise RuleViolation("A figure cannot share a space with itself")
    with _tool_change(campaign, RIDGE) as (campaign, stored):
        struck = ridge_state(stored).struck
        on_ridge = {name for name, _ in stored["on_ridge"]}
        for name in filter(None, (figure, partner)):
            if name in struck:
                raise RuleViolation(f"{name} was struck by lightning and is out of the scenario")
            if name in on_ridge:
                raise RuleViolation(f"{name} is already on the Ridge")
        stored["on_ridge"].append([figure, partner or None])
        if partner:
            stored["on_ridge"].append([partner, figure])


def ridge_leave(*, campaign: Campaign, actor, figure: str) -> None:
    """A figure left the Ridge (it moved off, or was pushed: treat that as a fall)."""
    with _tool_change(campaign, RIDGE) as (campaign, stored):
        if figure not in {name for name, _ in stored["on_ridge"]}:
            raise RuleViolation(f"{figure} is not on the Ridge")
        stored["on_ridge"] = [
            [name, None if partner == figure else partner]
            for name, partner in stored["on_ridge"]
            if name != figure
        ]


def ridge_strike(
    *,
    campaign: Campaign,
    actor,
    entered: Sequence[int] | None = None,
    rng: random.Random | None = None,
):
    """The Ridge, on an Event card: a d10 for each figure on the Ridge; the highest is hit
    and removed, ties all hit, and a Luftle sharing its space takes its partner with it."""
    with transaction.atomic():
        campaign = lock_campaign(campaign.pk)
        stored = _load(campaign, RIDGE)
        figures = ridge_figures(stored)
        if not figures:
            raise RuleViolation("Nobody is on the Ridge, so the lightning hits no one")
        strike = strike_lightning(
            ridge_state(stored), figures, rng=_rng(rng, entered), entered=entered
        )
        stored["ridge"] = strike.ridge.to_dict()
        stored["on_ridge"] = [
            [name, partner] for name, partner in stored["on_ridge"] if name not in strike.hit
        ]
        stored["last"] = {"rolls": [list(roll) for roll in strike.rolls], "hit": list(strike.hit)}
        return _save_roll(
            campaign,
            actor,
            RIDGE,
            stored,
            label=f"The Ridge lightning: {len(figures)}d10"
            + (" (entered)" if entered is not None else ""),
            result=stored["last"],
            summary=f"Struck: {', '.join(strike.hit)} (highest {strike.highest}); dice "
            + ", ".join(f"{name} {die}" for name, die in strike.rolls),
        )


def ridge_reset(*, campaign: Campaign, actor) -> None:
    _reset(campaign, RIDGE)


# --- Siege at the Cave Mouth --------------------------------------------------------------


def siege_state(stored: Mapping) -> SiegeState:
    return SiegeState.from_dict(stored["siege"])


def siege_roll(
    *,
    campaign: Campaign,
    actor,
    attacker_entered: Sequence[int] | None = None,
    defender_entered: Sequence[int] | None = None,
    rng: random.Random | None = None,
):
    """Scenario 11: after each player's turn both players roll one d10 plus one per enemy
    Occulite or two enemy Luftles killed; each 0 or 1 moves the Conditions Token one space
    towards 0, and at 0 the game ends."""
    if (attacker_entered is None) != (defender_entered is None):
        raise RuleViolation("Type both players' dice, or leave both empty to roll in the app")
    with transaction.atomic():
        campaign = lock_campaign(campaign.pk)
        stored = _load(campaign, SIEGE)
        roll = roll_conditions(
            siege_state(stored),
            rng=_rng(rng, attacker_entered),
            attacker_entered=attacker_entered,
            defender_entered=defender_entered,
        )
        stored["siege"] = roll.siege.to_dict()
        stored["last"] = {
            "attacker_dice": list(roll.attacker_dice),
            "defender_dice": list(roll.defender_dice),
            "steps": roll.steps,
        }
        over = " — the siege is over" if roll.siege.game_over else ""
        return _save_roll(
            campaign,
            actor,
            SIEGE,
            stored,
            label="Siege conditions roll" + (" (entered)" if attacker_entered is not None else ""),
            result=stored["last"],
            summary=f"Attacker {_dice_text(roll.attacker_dice)}, defender "
            f"{_dice_text(roll.defender_dice)}: token moves {roll.steps}, now on "
            f"{roll.siege.conditions}{over}",
        )


def siege_loss(*, campaign: Campaign, actor, side: str, occulites: int = 0, luftles: int = 0):
    """Count a side's figures killed: each adds dice to the enemy's conditions roll."""
    if not occulites and not luftles:
        raise RuleViolation("Say how many Occulites or Luftles were killed")
    with _tool_change(campaign, SIEGE) as (campaign, stored):
        after = record_siege_loss(
            siege_state(stored), SiegeSide(side), occulites=occulites, luftles=luftles
        )
        stored["siege"] = after.to_dict()
    return after


def siege_event(*, campaign: Campaign, actor, expected_conditions: int | None = None) -> None:
    """Scenario 11: an Event card moves the Conditions Token one space towards 0. When the
    cards tracker follows this scenario, the card is recorded there too."""
    with transaction.atomic():
        campaign = lock_campaign(campaign.pk)
        states = tool_states(campaign, (SIEGE, CARDS))
        conditions = siege_state(states[SIEGE]).conditions
        if expected_conditions is not None and expected_conditions != conditions:
            raise Conflict("The Conditions Token moved meanwhile; check it and try again.")
        _move_siege_for_event(campaign)
        cards = revealed_cards(states[CARDS])
        if cards is not None and cards.scenario == SIEGE_SCENARIO:
            _save(campaign, CARDS, _reveal(states[CARDS], RevealedKind.EVENT))
        bump_version(campaign)


def siege_reset(*, campaign: Campaign, actor) -> None:
    """A new siege: the Conditions Token on 9 and nobody killed (Scenario 11, Setup)."""
    _reset(campaign, SIEGE)


# --- The Reborn Track -----------------------------------------------------------------------

WOUNDS = "wounds"


def reborn_track(stored: Mapping) -> reborn_rules.RebornTrack:
    return reborn_rules.RebornTrack.from_dict(stored["track"])


def reborn_place(
    *,
    campaign: Campaign,
    actor,
    figure: str,
    cause: str = WOUNDS,
    health_before: int | None = None,
    health_lost: int | None = None,
    reborn_by_agreement: bool = False,
) -> int:
    """Put a killed figure on the Reborn Track: wounds past 0 plus 2, at most 5; a figure
    quadrupled in combat, and terrain and predator deaths, go to their printed spaces
    (The Reborn Track; each cause names its section)."""
    figure = _clean_name(figure)
    if cause == WOUNDS:
        if health_before is None or health_lost is None:
            raise RuleViolation("Give the Health it had left and the Health it lost")
        wounds = reborn_rules.wounds_past_zero(health_before, health_lost)
        position = reborn_rules.reborn_track_position(
            wounds, reborn_by_agreement=reborn_by_agreement
        )
        how = f"{wounds} wound{'s' if wounds != 1 else ''} past 0"
    else:
        position = reborn_rules.printed_reborn_position(
            cause, reborn_by_agreement=reborn_by_agreement
        )
        how = reborn_rules.PRINTED_REBORN_POSITIONS[cause].cause
    if reborn_by_agreement:
        how += ", Reborn by agreement (one space further)"
    with _tool_change(campaign, REBORN_TRACK) as (campaign, stored):
        track = reborn_rules.place_on_reborn_track(reborn_track(stored), figure, position)
        stored["track"] = track.to_dict()
        stored["last"] = {"figure": figure, "placed": position, "how": how}
    return position


def reborn_advance(
    *,
    campaign: Campaign,
    actor,
    figure: str,
    tribal_token: bool = False,
    expected_position: int | None = None,
) -> reborn_rules.RebornTrackMove:
    """Reborn action: the figure gives up its actions to move one space (a Tribal Token moves
    it one more); at 0 it is back in its Home Cave (Advanced Actions, Reborn)."""
    with _tool_change(campaign, REBORN_TRACK) as (campaign, stored):
        track = reborn_track(stored)
        current = track.positions.get(figure)
        if expected_position is not None and current is not None and current != expected_position:
            raise Conflict(f"{figure} moved meanwhile; it is now on space {current}.")
        move = reborn_rules.advance_on_reborn_track(track, figure, tribal_token=tribal_token)
        stored["track"] = move.track.to_dict()
        stored["last"] = {
            "figure": figure,
            "from": move.from_position,
            "to": move.to_position,
            "tribal_token": tribal_token,
        }
    return move


def reborn_remove(*, campaign: Campaign, actor, figure: str) -> None:
    """Take a figure off the track (placed by mistake)."""
    with _tool_change(campaign, REBORN_TRACK) as (campaign, stored):
        track = reborn_track(stored)
        if figure not in track.positions:
            raise RuleViolation(f"{figure} is not on the Reborn Track")
        positions = {name: space for name, space in track.positions.items() if name != figure}
        stored["track"] = reborn_rules.RebornTrack(positions).to_dict()
        stored["last"] = {"figure": figure, "removed": True}


def reborn_reset(*, campaign: Campaign, actor) -> None:
    _reset(campaign, REBORN_TRACK)


# --- Awareness Test ---------------------------------------------------------------------------


def awareness_test_take(
    *,
    campaign: Campaign,
    actor,
    figure: str = "",
    awareness: int,
    cards: Sequence[int],
    boosts: Sequence[int] = (),
    tribal_token: bool = False,
    eagle_eyed: bool = False,
    eagle_eyed_discards: int = 0,
    exceptional_camouflage: bool = False,
    sense_of_smell: bool = False,
):
    """A card per point of Awareness; pass on any single card of 8 or more, with up to two
    Boosts added (Awareness Tests). The cards are typed in from the table: the rulebook does
    not print the Natural Selection Deck's make-up."""
    cards_to_draw = awareness_rules.awareness_cards_to_draw(
        awareness,
        tribal_token=tribal_token,
        eagle_eyed=eagle_eyed,
        eagle_eyed_discards=eagle_eyed_discards,
    )
    test = awareness_rules.awareness_test(
        cards,
        cards_to_draw=cards_to_draw,
        boosts=boosts,
        pass_on=awareness_rules.EXCEPTIONAL_CAMOUFLAGE_PASS_ON
        if exceptional_camouflage
        else awareness_rules.PASS_ON,
        card_bonus=awareness_rules.SENSE_OF_SMELL_BONUS if sense_of_smell else 0,
    )
    figure = " ".join((figure or "").split())[:NAME_MAX_LENGTH] or "A figure"
    last = {
        "figure": figure,
        "awareness": awareness,
        "cards_to_draw": cards_to_draw,
        "cards": list(test.cards),
        "boosts": list(test.boosts),
        "pass_on": test.pass_on,
        "card_bonus": test.card_bonus,
        "best_total": test.best_total,
        "passed": test.passed,
        "tribal_token": tribal_token,
        "eagle_eyed": eagle_eyed,
    }
    with transaction.atomic():
        campaign = lock_campaign(campaign.pk)
        return _save_roll(
            campaign,
            actor,
            AWARENESS,
            {"last": last},
            label=f"Awareness Test, {figure}: {cards_to_draw} cards",
            result=last,
            summary=f"{'Passed' if test.passed else 'Failed'}: best {test.best_total} "
            f"against {test.pass_on}+ (cards {_dice_text(test.cards)}"
            + (f", boosts {_dice_text(test.boosts)}" if test.boosts else "")
            + ")",
        )


def awareness_reset(*, campaign: Campaign, actor) -> None:
    _reset(campaign, AWARENESS)


# --- Tribal Tokens --------------------------------------------------------------------------


def token_pools(tribe: Mapping) -> dict[str, token_rules.TribalTokens]:
    return {key: token_rules.TribalTokens.from_dict(pool) for key, pool in tribe["pools"].items()}


def _token_tribe(name: str, key: str, figures, friend: bool, luftle_chief: bool) -> dict:
    pools = {CHIEF_POOL: token_rules.TribalTokens().to_dict()}
    if luftle_chief:
        pools[LUFTLE_CHIEF_POOL] = token_rules.luftle_chief_tokens().to_dict()
    return {
        "key": key,
        "name": name,
        "friend_of_the_luftles": friend,
        "figures": [[figure_name, is_luftle] for figure_name, is_luftle in figures],
        "pools": pools,
    }


def tokens_from_records(campaign: Campaign) -> dict:
    """A new game's Tribal Tokens for the campaign's tribes: 5 for each Chief, and 2 more for
    Luftles only where a Luftle Chief has been recruited (Chief Occulite; Luftle Chief)."""
    return {
        "turn": 1,
        "next_typed": 1,
        "tribes": [
            _token_tribe(
                tribe.name,
                f"tribe-{tribe.tribe_id}",
                [(figure.name, figure.is_luftle) for figure in tribe.figures],
                tribe.friend_of_the_luftles,
                tribe.has_luftle_chief,
            )
            for tribe in campaign_figures(campaign)
        ],
    }


def tokens_state(campaign: Campaign) -> dict:
    """The stored Tribal Tokens, or (before the first tap) a fresh game from the records."""
    row = ToolState.objects.filter(campaign=campaign, tool=TRIBAL_TOKENS).first()
    return row.state if row else tokens_from_records(campaign)


def tokens_new_game(*, campaign: Campaign, actor) -> dict:
    """Every Chief starts each game with 5 Tribal Tokens again (Chief Occulite): the
    campaign's tribes as they are now, and the tribes added by name with fresh tokens."""
    with transaction.atomic():
        campaign = lock_campaign(campaign.pk)
        previous = tokens_state(campaign)
        state = tokens_from_records(campaign)
        for entry in previous["tribes"]:
            if entry["key"].startswith(TYPED_TRIBE):
                state["tribes"].append(
                    _token_tribe(
                        entry["name"],
                        entry["key"],
                        entry["figures"],
                        entry["friend_of_the_luftles"],
                        LUFTLE_CHIEF_POOL in entry["pools"],
                    )
                )
        state["next_typed"] = previous.get("next_typed", 1)
        _save(campaign, TRIBAL_TOKENS, state)
        bump_version(campaign)
    return state


def tokens_add_tribe(
    *,
    campaign: Campaign,
    actor,
    name: str,
    occulites: Sequence[str],
    luftles: Sequence[str] = (),
    luftle_chief: bool = False,
    friend_of_the_luftles: bool = False,
) -> None:
    """Add a tribe by name for a one-off game (the first Occulite named is the Chief)."""
    name = _clean_name(name, "tribe")
    occulites, luftles = _clean_names(occulites), _clean_names(luftles)
    if not occulites:
        raise RuleViolation("Name the tribe's Occulites, the Chief first")
    _clean_names([*occulites, *luftles])  # one name per figure across both lists
    figures = [(n, False) for n in occulites] + [(n, True) for n in luftles]
    with _tool_change(campaign, TRIBAL_TOKENS) as (campaign, state):
        if any(tribe["name"] == name for tribe in state["tribes"]):
            raise RuleViolation(f"There is already a tribe called {name}")
        key = f"{TYPED_TRIBE}{state.get('next_typed', 1)}"
        state["next_typed"] = state.get("next_typed", 1) + 1
        tribe = _token_tribe(name, key, figures, friend_of_the_luftles, luftle_chief)
        for pool in tribe["pools"].values():
            pool["turn"] = state["turn"]
        state["tribes"].append(tribe)


def _token_tribe_in(state: Mapping, key: str) -> dict:
    tribe = next((t for t in state["tribes"] if t["key"] == key), None)
    if tribe is None:
        raise RuleViolation("That tribe is not in this game; start a new game to add it")
    return tribe


def _pool_in(tribe: Mapping, pool: str) -> token_rules.TribalTokens:
    if pool not in tribe["pools"]:
        raise RuleViolation(f"{tribe['name']} has no Luftle Chief's tokens")
    return token_rules.TribalTokens.from_dict(tribe["pools"][pool])


def tokens_spend(
    *, campaign: Campaign, actor, tribe: str, pool: str, figure: str, use: str
) -> token_rules.TribalTokens:
    """The Chief discards a token for one of its uses on one figure: one per figure per turn,
    none while the Chief is off the board, not on Luftles unless an Ability allows it, and a
    Luftle Chief's tokens on Luftles only (Chief Occulite; Luftle Chief)."""
    with _tool_change(campaign, TRIBAL_TOKENS) as (campaign, state):
        entry = _token_tribe_in(state, tribe)
        figures = {name: is_luftle for name, is_luftle in entry["figures"]}
        if figure not in figures:
            raise RuleViolation(f"{figure} is not in {entry['name']}")
        after = token_rules.spend_tribal_token(
            _pool_in(entry, pool),
            figure,
            use,
            figure_is_luftle=figures[figure],
            friend_of_the_luftles=entry["friend_of_the_luftles"],
        )
        entry["pools"][pool] = after.to_dict()
    return after


def tokens_undo(
    *, campaign: Campaign, actor, tribe: str, pool: str, expected_spent: int | None = None
) -> token_rules.TribalTokens:
    """Take back the last token spent from a pool (a mis-tap at the table). The count the
    player saw guards against taking back someone else's newer spend."""
    with _tool_change(campaign, TRIBAL_TOKENS) as (campaign, state):
        entry = _token_tribe_in(state, tribe)
        tokens = _pool_in(entry, pool)
        if expected_spent is not None and expected_spent != len(tokens.spends):
            raise Conflict(f"{entry['name']}'s tokens changed meanwhile; check them again.")
        after = token_rules.undo_last_spend(tokens)
        entry["pools"][pool] = after.to_dict()
    return after


def tokens_chief_on_board(*, campaign: Campaign, actor, tribe: str, on_board: bool) -> None:
    """The Chief left or came back to the board: no Tribal Tokens at all while he is off
    (Chief Occulite, Note), the Luftle Chief's included."""
    with _tool_change(campaign, TRIBAL_TOKENS) as (campaign, state):
        entry = _token_tribe_in(state, tribe)
        for key, tokens in token_pools(entry).items():
            entry["pools"][key] = token_rules.set_chief_on_board(tokens, on_board).to_dict()


def tokens_next_turn(*, campaign: Campaign, actor, expected_turn: int | None = None) -> int:
    """A new turn: every figure may have one token again (Chief Occulite). The turn the
    player saw guards against two phones both moving it on."""
    with _tool_change(campaign, TRIBAL_TOKENS) as (campaign, state):
        if expected_turn is not None and expected_turn != state["turn"]:
            raise Conflict(f"It is already turn {state['turn']}.")
        state["turn"] += 1
        for entry in state["tribes"]:
            for key, tokens in token_pools(entry).items():
                entry["pools"][key] = token_rules.next_turn(tokens).to_dict()
    return state["turn"]
