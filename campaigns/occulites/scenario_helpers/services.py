"""Scenario helpers for the game in progress: one function per action.

Each action changes its tool's typed state (`state.py`) through the platform's
`tool_state_locked`: the campaign is locked and the state re-read under the lock (so two phones
tapping at once both land, one after the other), a pure rule from ``campaigns.occulites.rules``
is applied, the state saved and the version bumped; a roll also goes to the shared
dice-and-draw log. Game-in-progress state is not campaign bookkeeping, so nothing is written to
the ledger. A refused action raises ``RuleViolation`` (or ``Conflict`` when the player acted on
a screen someone else has changed since) and writes nothing.
"""

import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from functools import partial

from campaigns.occulites.catalog.scenarios import SCENARIOS
from campaigns.occulites.rules import awareness as awareness_rules
from campaigns.occulites.rules import reborn_track as reborn_rules
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
    pry_sungem_succeeds,
    pry_sungem_target,
)
from campaigns.occulites.rules.scenario_ridge import RidgeFigure, strike_lightning
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
from campaigns.table.models import Campaign
from campaigns.table.services import draw_log_record
from campaigns.table.tool_state import ToolKind, tool_state, tool_state_locked, tool_state_replace

from .figures import NAME_MAX_LENGTH, campaign_figures, clean_name, clean_names
from .state import (
    AWARENESS,
    CARDS,
    PODMOTHINE,
    PRY_SUNGEM,
    REBORN_TRACK,
    RIDGE,
    SIEGE,
    SKIRMISH,
    ArrivalsRolled,
    AwarenessTaken,
    AwarenessTool,
    CardsTracker,
    ConditionsRolled,
    LightningRolled,
    PryDiscard,
    PryTool,
    RebornTrackChange,
    RolledGroup,
    SkirmishTool,
    SkirmishTribe,
)

TOOLS = (CARDS, PODMOTHINE, PRY_SUNGEM, SKIRMISH, RIDGE, SIEGE, REBORN_TRACK, AWARENESS)
# Scenario 11 (Siege at the Cave Mouth): an Event card moves the Conditions Token.
SIEGE_SCENARIO = 11


def _rng(rng: random.Random | None, entered) -> random.Random | None:
    """The dice come from the table (entered) or from the app's random source."""
    if entered is not None:
        return None
    return rng or random.SystemRandom()


def _dice_text(dice: Sequence[int]) -> str:
    return " ".join(str(die) for die in dice) or "none"


def _entered_note(entered) -> str:
    return " (entered)" if entered is not None else ""


def _reset(campaign: Campaign, kind: ToolKind) -> None:
    tool_state_replace(campaign, kind, kind.default())


# --- Event and Sungem cards revealed ----------------------------------------------------------


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
    tool_state_replace(campaign, CARDS, CardsTracker(cards))
    return cards


def _move_siege_for_event(campaign: Campaign) -> None:
    """Scenario 11: an Event card moves the Conditions Token one space towards 0 (call under
    the campaign lock)."""
    with tool_state_locked(campaign, SIEGE) as siege:
        siege.state = replace(
            siege.state,
            siege=siege_event_card(siege.state.siege),
            last_roll=None,
            last_was_event_card=True,
        )


def _reveal(tracker: CardsTracker, kind: RevealedKind) -> CardsTracker:
    if tracker.cards is None:
        raise RuleViolation("Choose the scenario being played first")
    reveal = reveal_card(tracker.cards, kind)
    moves_siege = kind is RevealedKind.EVENT and tracker.cards.scenario == SIEGE_SCENARIO
    return CardsTracker(
        reveal.cards, tuple(reveal.instructions), (*tracker.moved_siege, moves_siege)
    )


def _check_count(tracker: CardsTracker, expected_revealed: int | None) -> None:
    revealed = len(tracker.cards.revealed) if tracker.cards else 0
    if expected_revealed is not None and expected_revealed != revealed:
        raise Conflict("Someone else recorded a card meanwhile; check the list and try again.")


def cards_reveal(
    *, campaign: Campaign, actor, kind: str, expected_revealed: int | None = None
) -> RevealedCards:
    """An Event or Sungem card was drawn: record it and say what it does in the running
    scenario (Event Cards; each scenario's Special Rules). In Siege at the Cave Mouth the
    Event card also moves the Conditions Token."""
    kind = RevealedKind(kind)
    with tool_state_locked(campaign, CARDS) as locked:
        _check_count(locked.state, expected_revealed)
        locked.state = _reveal(locked.state, kind)
        if locked.state.moved_siege[-1]:
            _move_siege_for_event(locked.campaign)
    return locked.state.cards


def cards_take_back(*, campaign: Campaign, actor, expected_revealed: int | None = None) -> None:
    """Take back the last card recorded (a mis-tap); a Siege Event card's move goes back too."""
    with tool_state_locked(campaign, CARDS) as locked:
        _check_count(locked.state, expected_revealed)
        cards = locked.state.cards
        if cards is None or not cards.revealed:
            raise RuleViolation("No card has been recorded yet")
        moved = list(locked.state.moved_siege)
        if moved and moved.pop():
            with tool_state_locked(locked.campaign, SIEGE) as siege:
                before = siege.state.siege
                siege.state = replace(
                    siege.state,
                    siege=SiegeState(
                        min(CONDITIONS_TRACK_START, before.conditions + 1),
                        before.attacker_losses,
                        before.defender_losses,
                    ),
                )
        locked.state = CardsTracker(replace(cards, revealed=cards.revealed[:-1]), (), tuple(moved))


# --- Podmothine ---------------------------------------------------------------------------


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
    with tool_state_locked(campaign, PODMOTHINE) as locked:
        podmothine = locked.state.podmothine
        if podmothine.tentacles_in_play == 0:
            raise RuleViolation("No tentacle is in play to activate")
        activation = activate_tentacles(
            podmothine,
            tool_state(locked.campaign, CARDS).events_revealed,
            sneaking=sneaking,
            rng=_rng(rng, entered),
            entered=entered,
        )
        locked.state = replace(locked.state, last=activation)
        count = activation.tentacles_activated
        return draw_log_record(
            campaign=locked.campaign,
            actor=actor,
            tool=PODMOTHINE.tool_id,
            label=f"Podmothine tentacles: {len(activation.dice)}d10, activate on "
            f"0-{activation.activates_on}"
            + (" (Sneak)" if sneaking else "")
            + _entered_note(entered),
            result=locked.state.to_dict()["last"],
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
    with tool_state_locked(campaign, PODMOTHINE) as locked:
        after = TENTACLE_MOVES[move](locked.state.podmothine)
        locked.state = replace(locked.state, podmothine=after)
    return after


def podmothine_reset(*, campaign: Campaign, actor) -> None:
    """A new game: six tentacles on the body (Podmothine)."""
    _reset(campaign, PODMOTHINE)


# --- Pry Sungem ---------------------------------------------------------------------------


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
    with tool_state_locked(campaign, PRY_SUNGEM) as locked:
        if location is PryLocation.PODMOTHINE and tentacles_on_body is None:
            tentacles_on_body = tool_state(locked.campaign, PODMOTHINE).podmothine.tentacles_on_body
        if location is PryLocation.CAVE_WALL:
            tentacles_on_body = None
        target = pry_sungem_target(
            location,
            tentacles_on_body=tentacles_on_body,
            rng=_rng(rng, entered),
            entered=entered,
        )
        locked.state = PryTool(target, tentacles_on_body)
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
        return draw_log_record(
            campaign=locked.campaign,
            actor=actor,
            tool=PRY_SUNGEM.tool_id,
            label=f"Pry Sungem at {where}: {len(target.dice)}d10" + _entered_note(entered),
            result={"target": target.to_dict()},
            summary=summary,
        )


def pry_sungem_discard(*, campaign: Campaign, actor, discarded: Sequence[int]) -> bool:
    """The cards discarded, of any type, must total the target value or more (Pry Sungem)."""
    with tool_state_locked(campaign, PRY_SUNGEM) as locked:
        target = locked.state.target
        if target is None:
            raise RuleViolation("Roll the Pry Sungem target first")
        if not discarded:
            raise RuleViolation("Type the values of the cards discarded")
        succeeded = pry_sungem_succeeds(target, discarded)
        locked.state = replace(locked.state, discarded=PryDiscard(tuple(discarded), succeeded))
    return succeeded


def pry_sungem_reset(*, campaign: Campaign, actor) -> None:
    _reset(campaign, PRY_SUNGEM)


# --- Unexpected Skirmish ------------------------------------------------------------------


def skirmish_new_game(*, campaign: Campaign, actor) -> None:
    """Scenario 2, Tribal placement: each Chief starts on the board edge; the rest of each
    tribe (Occulites and Luftles) is still on its way. Tribes come from the campaign's
    records; without records, players add them by name."""
    with tool_state_locked(campaign, SKIRMISH) as locked:
        tribes = tuple(
            SkirmishTribe(
                tribe.name,
                SkirmishArrivals(
                    tuple(
                        Straggler(figure.name, figure.is_luftle)
                        for figure in tribe.figures
                        if not figure.is_chief
                    )
                ),
            )
            for tribe in campaign_figures(locked.campaign)
        )
        locked.state = SkirmishTool(tribes)


def skirmish_add_tribe(
    *, campaign: Campaign, actor, name: str, occulites: Sequence[str], luftles: Sequence[str]
) -> None:
    """Add a tribe by name with the figures still making their way to the skirmish."""
    name = clean_name(name, "tribe")
    occulites = clean_names(occulites)
    luftles = clean_names(luftles)
    if not occulites and not luftles:
        raise RuleViolation("Name the figures not yet arrived (the Chief starts on the board)")
    arrivals = SkirmishArrivals(
        tuple(Straggler(n) for n in occulites) + tuple(Straggler(n, True) for n in luftles)
    )
    with tool_state_locked(campaign, SKIRMISH) as locked:
        if locked.state.tribe_index(name) is not None:
            raise RuleViolation(f"There is already a tribe called {name}")
        tribes = (*locked.state.tribes, SkirmishTribe(name, arrivals))
        locked.state = replace(locked.state, tribes=tribes)


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
    with tool_state_locked(campaign, SKIRMISH) as locked:
        index = locked.state.tribe_index(tribe)
        if index is None:
            raise RuleViolation(f"{tribe} is not in this skirmish")
        arrivals = locked.state.tribes[index].arrivals
        waiting = [straggler.name for straggler in arrivals.waiting]
        if expected_waiting is not None and list(expected_waiting) != waiting:
            raise Conflict(f"{tribe}'s stragglers changed meanwhile; allocate the dice again.")
        roll = roll_arrivals(
            arrivals, allocation, turn=turn, rng=_rng(rng, entered), entered=entered
        )
        tribes = list(locked.state.tribes)
        tribes[index] = SkirmishTribe(tribe, roll.arrivals)
        rolled = ArrivalsRolled(
            tribe,
            turn,
            tuple(
                RolledGroup(group.name, tuple(group.dice), group.arrives_on, group.arrived)
                for group in roll.groups
            ),
        )
        locked.state = replace(locked.state, tribes=tuple(tribes), last=rolled)
        summary = "; ".join(
            f"{g.name} {'arrives' if g.arrived else 'not yet'} ({_dice_text(g.dice)})"
            for g in rolled.groups
        )
        return draw_log_record(
            campaign=locked.campaign,
            actor=actor,
            tool=SKIRMISH.tool_id,
            label=f"Unexpected Skirmish arrivals, {tribe}, turn {turn}" + _entered_note(entered),
            result=rolled.to_dict(),
            summary=summary,
        )


def skirmish_reset(*, campaign: Campaign, actor) -> None:
    _reset(campaign, SKIRMISH)


# --- The Ridge ------------------------------------------------------------------------------


def ridge_climb(*, campaign: Campaign, actor, figure: str, partner: str = "") -> None:
    """A figure (or two Luftles sharing one space) climbed onto the Ridge (Scenario 3)."""
    figure = clean_name(figure)
    partner = clean_name(partner) if (partner or "").strip() else ""
    if partner == figure:
        raise RuleViolation("A figure cannot share a space with itself")
    with tool_state_locked(campaign, RIDGE) as locked:
        struck = locked.state.ridge.struck
        on_ridge = locked.state.names_on_ridge
        for name in filter(None, (figure, partner)):
            if name in struck:
                raise RuleViolation(f"{name} was struck by lightning and is out of the scenario")
            if name in on_ridge:
                raise RuleViolation(f"{name} is already on the Ridge")
        climbed = [RidgeFigure(figure, partner or None)]
        if partner:
            climbed.append(RidgeFigure(partner, figure))
        locked.state = replace(locked.state, on_ridge=(*locked.state.on_ridge, *climbed))


def ridge_leave(*, campaign: Campaign, actor, figure: str) -> None:
    """A figure left the Ridge (it moved off, or was pushed: treat that as a fall)."""
    with tool_state_locked(campaign, RIDGE) as locked:
        if figure not in locked.state.names_on_ridge:
            raise RuleViolation(f"{figure} is not on the Ridge")
        staying = tuple(
            RidgeFigure(
                other.name,
                None if other.shares_space_with == figure else other.shares_space_with,
            )
            for other in locked.state.on_ridge
            if other.name != figure
        )
        locked.state = replace(locked.state, on_ridge=staying)


def ridge_strike(
    *,
    campaign: Campaign,
    actor,
    entered: Sequence[int] | None = None,
    rng: random.Random | None = None,
):
    """The Ridge, on an Event card: a d10 for each figure on the Ridge; the highest is hit
    and removed, ties all hit, and a Luftle sharing its space takes its partner with it."""
    with tool_state_locked(campaign, RIDGE) as locked:
        figures = list(locked.state.on_ridge)
        if not figures:
            raise RuleViolation("Nobody is on the Ridge, so the lightning hits no one")
        strike = strike_lightning(
            locked.state.ridge, figures, rng=_rng(rng, entered), entered=entered
        )
        rolled = LightningRolled(tuple(tuple(roll) for roll in strike.rolls), tuple(strike.hit))
        locked.state = replace(
            locked.state,
            ridge=strike.ridge,
            on_ridge=tuple(f for f in locked.state.on_ridge if f.name not in strike.hit),
            last=rolled,
        )
        return draw_log_record(
            campaign=locked.campaign,
            actor=actor,
            tool=RIDGE.tool_id,
            label=f"The Ridge lightning: {len(figures)}d10" + _entered_note(entered),
            result=locked.state.to_dict()["last"],
            summary=f"Struck: {', '.join(strike.hit)} (highest {strike.highest}); dice "
            + ", ".join(f"{name} {die}" for name, die in strike.rolls),
        )


def ridge_reset(*, campaign: Campaign, actor) -> None:
    _reset(campaign, RIDGE)


# --- Siege at the Cave Mouth --------------------------------------------------------------


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
    with tool_state_locked(campaign, SIEGE) as locked:
        roll = roll_conditions(
            locked.state.siege,
            rng=_rng(rng, attacker_entered),
            attacker_entered=attacker_entered,
            defender_entered=defender_entered,
        )
        rolled = ConditionsRolled(tuple(roll.attacker_dice), tuple(roll.defender_dice), roll.steps)
        locked.state = replace(
            locked.state, siege=roll.siege, last_roll=rolled, last_was_event_card=False
        )
        over = " — the siege is over" if roll.siege.game_over else ""
        return draw_log_record(
            campaign=locked.campaign,
            actor=actor,
            tool=SIEGE.tool_id,
            label="Siege conditions roll" + _entered_note(attacker_entered),
            result=locked.state.to_dict()["last"],
            summary=f"Attacker {_dice_text(roll.attacker_dice)}, defender "
            f"{_dice_text(roll.defender_dice)}: token moves {roll.steps}, now on "
            f"{roll.siege.conditions}{over}",
        )


def siege_loss(*, campaign: Campaign, actor, side: str, occulites: int = 0, luftles: int = 0):
    """Count a side's figures killed: each adds dice to the enemy's conditions roll."""
    if not occulites and not luftles:
        raise RuleViolation("Say how many Occulites or Luftles were killed")
    with tool_state_locked(campaign, SIEGE) as locked:
        after = record_siege_loss(
            locked.state.siege, SiegeSide(side), occulites=occulites, luftles=luftles
        )
        locked.state = replace(locked.state, siege=after)
    return after


def siege_event(*, campaign: Campaign, actor, expected_conditions: int | None = None) -> None:
    """Scenario 11: an Event card moves the Conditions Token one space towards 0. When the
    cards tracker follows this scenario, the card is recorded there too."""
    with tool_state_locked(campaign, SIEGE) as locked:
        conditions = locked.state.siege.conditions
        if expected_conditions is not None and expected_conditions != conditions:
            raise Conflict("The Conditions Token moved meanwhile; check it and try again.")
        locked.state = replace(
            locked.state,
            siege=siege_event_card(locked.state.siege),
            last_roll=None,
            last_was_event_card=True,
        )
        tracker = tool_state(locked.campaign, CARDS)
        if tracker.cards is not None and tracker.cards.scenario == SIEGE_SCENARIO:
            tool_state_replace(locked.campaign, CARDS, _reveal(tracker, RevealedKind.EVENT))


def siege_reset(*, campaign: Campaign, actor) -> None:
    """A new siege: the Conditions Token on 9 and nobody killed (Scenario 11, Setup)."""
    _reset(campaign, SIEGE)


# --- The Reborn Track -----------------------------------------------------------------------

WOUNDS = "wounds"


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
    figure = clean_name(figure)
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
    with tool_state_locked(campaign, REBORN_TRACK) as locked:
        track = reborn_rules.place_on_reborn_track(locked.state.track, figure, position)
        change = RebornTrackChange(figure, placed=position, how=how)
        locked.state = replace(locked.state, track=track, last=change)
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
    with tool_state_locked(campaign, REBORN_TRACK) as locked:
        current = locked.state.track.positions.get(figure)
        if expected_position is not None and current is not None and current != expected_position:
            raise Conflict(f"{figure} moved meanwhile; it is now on space {current}.")
        move = reborn_rules.advance_on_reborn_track(
            locked.state.track, figure, tribal_token=tribal_token
        )
        change = RebornTrackChange(
            figure,
            from_space=move.from_position,
            to_space=move.to_position,
            tribal_token=tribal_token,
        )
        locked.state = replace(locked.state, track=move.track, last=change)
    return move


def reborn_remove(*, campaign: Campaign, actor, figure: str) -> None:
    """Take a figure off the track (placed by mistake)."""
    with tool_state_locked(campaign, REBORN_TRACK) as locked:
        positions = locked.state.track.positions
        if figure not in positions:
            raise RuleViolation(f"{figure} is not on the Reborn Track")
        track = reborn_rules.RebornTrack(
            {name: space for name, space in positions.items() if name != figure}
        )
        locked.state = replace(
            locked.state, track=track, last=RebornTrackChange(figure, removed=True)
        )


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
    taken = AwarenessTaken(
        figure=figure,
        awareness=awareness,
        cards_to_draw=cards_to_draw,
        cards=tuple(test.cards),
        boosts=tuple(test.boosts),
        pass_on=test.pass_on,
        card_bonus=test.card_bonus,
        best_total=test.best_total,
        passed=test.passed,
        tribal_token=tribal_token,
        eagle_eyed=eagle_eyed,
    )
    with tool_state_locked(campaign, AWARENESS) as locked:
        locked.state = AwarenessTool(taken)
        return draw_log_record(
            campaign=locked.campaign,
            actor=actor,
            tool=AWARENESS.tool_id,
            label=f"Awareness Test, {figure}: {cards_to_draw} cards",
            result=taken.to_dict(),
            summary=f"{'Passed' if test.passed else 'Failed'}: best {test.best_total} "
            f"against {test.pass_on}+ (cards {_dice_text(test.cards)}"
            + (f", boosts {_dice_text(test.boosts)}" if test.boosts else "")
            + ")",
        )


def awareness_reset(*, campaign: Campaign, actor) -> None:
    _reset(campaign, AWARENESS)
