"""The scenario helper pages. Each `HelperPage` declares the tool states it reads, how it
builds its own board from them (what its template shows), its forms, and the one-line status
the hub lists for it; a page builds only its own board (pure: no queries)."""

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from campaigns.occulites.catalog.scenarios import SCENARIOS
from campaigns.occulites.models import ScenarioChoice
from campaigns.occulites.rules.awareness import MAX_BOOSTS, PASS_ON
from campaigns.occulites.rules.reborn_track import DYING_WOUNDS, HIGHEST_SPACE
from campaigns.occulites.rules.scenario_events import THE_RIDGE, running_effects
from campaigns.occulites.rules.scenario_podmothine import (
    ACTIVATES_ON_AT_START,
    TENTACLES,
    tentacle_activates_on,
)
from campaigns.occulites.rules.scenario_pry_sungem import (
    CAVE_WALL_DICE,
    PryLocation,
    pry_sungem_dice,
)
from campaigns.occulites.rules.scenario_siege import (
    CONDITIONS_TRACK_START,
    LUFTLES_PER_EXTRA_DIE,
    MOVES_TOKEN_ON,
    SiegeSide,
    conditions_dice,
)
from campaigns.occulites.rules.scenario_skirmish import (
    ARRIVAL_DICE,
    FIRST_ROLLING_TURN,
    LUFTLE_ARRIVES_ON,
    OCCULITE_ARRIVES_ON,
)
from campaigns.table.compiled_sql import CompiledQuery
from campaigns.table.form_markup import fresh_form
from campaigns.table.tool_state import ToolKind

from .forms import (
    WAITING_SEPARATOR,
    AwarenessForm,
    DiceForm,
    PodmothineActivateForm,
    PryDiscardForm,
    PryRollForm,
    RebornPlaceForm,
    RidgeClimbForm,
    ScenarioForm,
    SiegeLossForm,
    SiegeRollForm,
    SkirmishRollForm,
    SkirmishTribeForm,
)
from .services import SIEGE_SCENARIO, TOOLS
from .state import (
    AWARENESS,
    CARDS,
    PODMOTHINE,
    PRY_SUNGEM,
    REBORN_TRACK,
    RIDGE,
    SIEGE,
    SKIRMISH,
    CardsTracker,
    RebornTrackChange,
)

TEMPLATES = "occulites/scenario_helpers/"
States = dict[str, Any]


def _dice(values, hits=None, labels=None) -> list[dict]:
    """Dice for the `dice_row` tag; `hits` marks the ones that count (activate, struck...)."""
    hits = hits if hits is not None else [False] * len(values)
    labels = labels or [""] * len(values)
    return [
        {"value": value, "hit": hit, "label": label}
        for value, hit, label in zip(values, hits, labels, strict=True)
    ]


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'s' if count != 1 else ''}"


# --- the hub: Event and Sungem cards revealed ---------------------------------------------------


def _cards_board(tracker: CardsTracker) -> dict:
    cards = tracker.cards
    if cards is None:
        return {"cards": None, "events": 0, "effects": ()}
    scenario = next(s for s in SCENARIOS.values() if s.number == cards.scenario)
    effects = running_effects(cards)
    return {
        "cards": cards,
        "scenario": scenario,
        "events": cards.event_cards_revealed,
        "revealed": len(cards.revealed),
        # The reveal's own instruction; what stays in effect is listed once, below it.
        "instructions": [line for line in tracker.instructions if line not in effects],
        "effects": effects,
        # Only the kinds of card this scenario's deck holds (its header's counts).
        "buttons": [
            (kind, label)
            for kind, label, in_deck in (
                ("event", "Event card revealed", cards.event_cards_in_deck),
                ("sungem", "Sungem card revealed", cards.sungem_cards_in_deck),
            )
            if in_deck
        ],
    }


def _hub_board(states: States) -> dict:
    """The cards revealed, and each other helper's one-line status."""
    return {
        **_cards_board(states[CARDS.tool_id]),
        "overview": [(page, page.status(states)) for page in PAGES.values() if page is not HUB],
    }


# The scenario drawn last, its SQL built once (the helpers' hub reads it on every visit).
_LATEST_DRAWN_SCENARIO = CompiledQuery(
    lambda campaign_id: (
        ScenarioChoice.objects.filter(campaign_id=campaign_id)
        .exclude(drawn_scenario="")
        .order_by("-timeslot")
        .values_list("drawn_scenario")[:1]
    )
)


def _latest_drawn_scenario(campaign) -> int | None:
    rows = _LATEST_DRAWN_SCENARIO.rows(campaign_id=campaign.pk)
    key = rows[0][0] if rows else None
    return SCENARIOS[key].number if key in SCENARIOS else None


def _hub_forms(board: dict, figures, campaign) -> dict:
    scenario = board["cards"].scenario if board["cards"] else _latest_drawn_scenario(campaign)
    return {"scenario_form": fresh_form(ScenarioForm, None, initial={"scenario": scenario})}


# --- Podmothine ---------------------------------------------------------------------------

TENTACLE_LABELS = {
    "leaves": "…leaves the body",
    "returns": "…returns to the body",
    "destroyed_on_body": "…destroyed on the body",
    "destroyed_off_body": "…destroyed off the body",
    "reborn": "…is Reborn on the body",
}


def _podmothine_board(states: States) -> dict:
    tool, events = states[PODMOTHINE.tool_id], states[CARDS.tool_id].events_revealed
    last = tool.last
    return {
        "state": tool.podmothine,
        "tentacles": TENTACLES,
        "events": events,
        "activates_on": tentacle_activates_on(events),
        "last_record": last,
        "last": last and _dice(last.dice, last.activated),
        "activated": last and last.tentacles_activated,
        "moves": list(TENTACLE_LABELS.items()),
        "how": f"One die per tentacle in play; each activates on 0-{ACTIVATES_ON_AT_START}, "
        "one number more for each Event card revealed.",
    }


def _podmothine_status(states: States) -> str:
    pod, events = states[PODMOTHINE.tool_id].podmothine, states[CARDS.tool_id].events_revealed
    return (
        f"{pod.tentacles_in_play} tentacles in play, {pod.tentacles_on_body} on the body; "
        f"activate on 0-{tentacle_activates_on(events)}"
    )


# --- Pry Sungem ---------------------------------------------------------------------------


def _pry_board(states: States) -> dict:
    tool, podmothine = states[PRY_SUNGEM.tool_id], states[PODMOTHINE.tool_id].podmothine
    target = tool.target
    return {
        "target": target,
        "tentacles_on_body": tool.tentacles_on_body,
        "dice": target
        and not target.free
        and _dice(target.dice, [die == target.value for die in target.dice]),
        "discarded": tool.discarded,
        "discarded_total": tool.discarded.total if tool.discarded else 0,
        "cave_wall_dice": CAVE_WALL_DICE,
        "podmothine_dice": pry_sungem_dice(PryLocation.PODMOTHINE, podmothine.tentacles_on_body),
        "podmothine_on_body": podmothine.tentacles_on_body,
    }


def _pry_status(states: States) -> str:
    target = states[PRY_SUNGEM.tool_id].target
    if target is None:
        return "No target rolled"
    return "Last target: free" if target.free else f"Last target: discard {target.value}"


# --- Unexpected Skirmish --------------------------------------------------------------------


def _skirmish_board(states: States) -> dict:
    tool = states[SKIRMISH.tool_id]
    return {
        "tribes": [
            {
                "name": tribe.name,
                "arrivals": tribe.arrivals,
                "waiting": [
                    {
                        "name": straggler.name,
                        "arrives_on": LUFTLE_ARRIVES_ON
                        if straggler.luftle
                        else OCCULITE_ARRIVES_ON,
                    }
                    for straggler in tribe.arrivals.waiting
                ],
                "next_turn": max(tribe.arrivals.last_turn_rolled + 1, FIRST_ROLLING_TURN),
            }
            for tribe in tool.tribes
        ],
        "last": tool.last,
        "last_groups": [
            {
                "name": group.name,
                "arrives_on": group.arrives_on,
                "arrived": group.arrived,
                "dice": _dice(group.dice, [die <= group.arrives_on for die in group.dice]),
            }
            for group in (tool.last.groups if tool.last else ())
        ],
        "dice": ARRIVAL_DICE,
        "how": f"From turn {FIRST_ROLLING_TURN}, allocate all {ARRIVAL_DICE} dice among the "
        f"figures not yet arrived; an Occulite arrives on any 0-{OCCULITE_ARRIVES_ON}, a Luftle "
        f"on 0-{LUFTLE_ARRIVES_ON}.",
    }


def skirmish_roll_forms(board: dict, *, replace_index=None, replacement=None) -> list:
    """(tribe, its arrival roll form) for each tribe; the form at `replace_index` is
    `replacement` (a refused form as the player filled it in)."""
    forms = []
    for index, tribe in enumerate(board["tribes"]):
        if index == replace_index:
            forms.append((tribe, replacement))
            continue
        waiting = tribe["arrivals"].waiting
        form = SkirmishRollForm(
            waiting=waiting,
            prefix=f"t{index}",
            initial={
                "turn": tribe["next_turn"],
                "waiting": WAITING_SEPARATOR.join(s.name for s in waiting),
            },
        )
        forms.append((tribe, form))
    return forms


def _skirmish_forms(board: dict, figures, campaign) -> dict:
    return {
        "tribe_form": fresh_form(SkirmishTribeForm, None),
        "roll_forms": skirmish_roll_forms(board),
    }


def _skirmish_status(states: States) -> str:
    tribes = states[SKIRMISH.tool_id].tribes
    if not tribes:
        return "Not started"
    waiting = sum(len(tribe.arrivals.waiting) for tribe in tribes)
    return f"{_plural(waiting, 'figure')} still to arrive"


# --- The Ridge ------------------------------------------------------------------------------


def _ridge_board(states: States) -> dict:
    tool, cards = states[RIDGE.tool_id], states[CARDS.tool_id].cards
    last = tool.last
    on_ridge_scenario = cards is not None and cards.scenario == THE_RIDGE
    return {
        "on_ridge": tool.on_ridge,
        "struck": tool.ridge.struck,
        "last": last,
        "last_dice": last
        and _dice(
            [die for _, die in last.rolls],
            [name in last.hit for name, _ in last.rolls],
            [name for name, _ in last.rolls],
        ),
        "effects": running_effects(cards) if on_ridge_scenario else (),
        "how": "On each Event card every figure on the Ridge rolls a die: the highest is "
        "struck, ties are all struck, and a Luftle takes the Luftle sharing its space with it.",
    }


def _ridge_forms(board: dict, figures, campaign) -> dict:
    gone = set(board["struck"]) | {figure.name for figure in board["on_ridge"]}
    return {
        "climb_form": fresh_form(
            RidgeClimbForm, None, figures=[f for f in figures if f.label not in gone]
        ),
        "strike_form": fresh_form(DiceForm, None),
    }


def _ridge_status(states: States) -> str:
    tool = states[RIDGE.tool_id]
    return f"{len(tool.on_ridge)} on the Ridge, {len(tool.ridge.struck)} struck"


# --- Siege at the Cave Mouth ------------------------------------------------------------------


def _siege_board(states: States) -> dict:
    tool, cards = states[SIEGE.tool_id], states[CARDS.tool_id].cards
    state, roll = tool.siege, tool.last_roll
    moves = [
        _dice(dice, [die <= MOVES_TOKEN_ON for die in dice])
        for dice in ((roll.attacker_dice, roll.defender_dice) if roll else ((), ()))
    ]
    return {
        "state": state,
        "attacker_dice": conditions_dice(state, SiegeSide.ATTACKER),
        "defender_dice": conditions_dice(state, SiegeSide.DEFENDER),
        "last_roll": roll,
        "last_was_event_card": tool.last_was_event_card,
        "attacker_last": moves[0],
        "defender_last": moves[1],
        "track": list(range(CONDITIONS_TRACK_START, -1, -1)),
        "follows_cards": cards is not None and cards.scenario == SIEGE_SCENARIO,
        "how": f"After each player's turn both players roll one die, plus one for each enemy "
        f"Occulite or {LUFTLES_PER_EXTRA_DIE} enemy Luftles killed; each 0-{MOVES_TOKEN_ON} "
        "moves the token one space towards 0, as does each Event card. At 0 the game ends.",
    }


def _siege_status(states: States) -> str:
    siege = states[SIEGE.tool_id].siege
    return f"Conditions Token on {siege.conditions}" + (
        " — the siege is over" if siege.game_over else ""
    )


# --- The Reborn Track -----------------------------------------------------------------------


def _reborn_text(last: RebornTrackChange | None) -> str:
    if last is None:
        return ""
    if last.removed:
        return f"{last.figure} was taken off the track."
    if last.placed is not None:
        return f"{last.figure} placed on space {last.placed} ({last.how})."
    token = " with a Tribal Token" if last.tribal_token else ""
    if last.to_space == 0:
        return f"{last.figure} is Reborn{token}: back in its Home Cave."
    return f"{last.figure} moved{token} from space {last.from_space} to {last.to_space}."


def _reborn_board(states: States) -> dict:
    tool = states[REBORN_TRACK.tool_id]
    return {
        "spaces": [
            (space, sorted(name for name, at in tool.track.positions.items() if at == space))
            for space in range(1, HIGHEST_SPACE + 1)
        ],
        "last_text": _reborn_text(tool.last),
        "how": f"A killed figure goes on its wounds past 0 plus {DYING_WOUNDS}, at most space "
        f"{HIGHEST_SPACE}; a Reborn action moves it one space (a Tribal Token one more).",
    }


def _reborn_status(states: States) -> str:
    return f"{_plural(len(states[REBORN_TRACK.tool_id].track.positions), 'figure')} on the track"


# --- Awareness Test ---------------------------------------------------------------------------


def _awareness_board(states: States) -> dict:
    last = states[AWARENESS.tool_id].last
    best = max(last.cards, default=None) if last else None
    return {
        "last": last,
        "cards": last and _dice(last.cards, [card == best for card in last.cards]),
        "how": f"A card per point of Awareness; any single card of {PASS_ON} or more passes, "
        f"with up to {MAX_BOOSTS} Boost cards added.",
    }


def _awareness_status(states: States) -> str:
    last = states[AWARENESS.tool_id].last
    if last is None:
        return "No test yet"
    return f"Last: {last.figure} {'passed' if last.passed else 'failed'}"


# --- the pages ------------------------------------------------------------------------------


@dataclass(frozen=True)
class HelperPage:
    """One helper page: its URL segment, titles, template and rules reference entry; the tool
    states it reads, its board builder, its forms (for members who may write) and the hub's
    status line for it."""

    slug: str
    title: str
    short: str
    template_name: str
    rule: str
    reads: tuple[ToolKind, ...]
    board: Callable[[States], dict]
    forms: Callable[[dict, list, Any], dict]
    status: Callable[[States], str] | None = None
    needs_figures: bool = False
    # What an htmx action answers with: the live panel, plus any forms that depend on it.
    success_partial: str = "panel"

    @property
    def template(self) -> str:
        return TEMPLATES + self.template_name


def _forms(**form_classes) -> Callable[[dict, list, Any], dict]:
    """Forms that need nothing from the board: each fresh one, from its remembered markup."""
    return lambda board, figures, campaign: {
        name: fresh_form(cls, None) for name, cls in form_classes.items()
    }


HUB = HelperPage(
    "cards",
    "Cards revealed",
    "Cards",
    "helpers.html",
    "event-cards",
    reads=TOOLS,
    board=_hub_board,
    forms=_hub_forms,
)
PAGES = {
    page.slug: page
    for page in (
        HUB,
        HelperPage(
            "podmothine",
            "Podmothine",
            "Podmothine",
            "podmothine.html",
            "podmothine",
            reads=(PODMOTHINE, CARDS),
            board=_podmothine_board,
            forms=_forms(activate_form=PodmothineActivateForm),
            status=_podmothine_status,
        ),
        HelperPage(
            "pry-sungem",
            "Pry Sungem",
            "Pry Sungem",
            "pry_sungem.html",
            "pry-sungem",
            reads=(PRY_SUNGEM, PODMOTHINE),
            board=_pry_board,
            forms=_forms(pry_form=PryRollForm, discard_form=PryDiscardForm),
            status=_pry_status,
        ),
        HelperPage(
            "skirmish",
            "Unexpected Skirmish",
            "Skirmish",
            "skirmish.html",
            "scenario-2-unexpected-skirmish",
            reads=(SKIRMISH,),
            board=_skirmish_board,
            forms=_skirmish_forms,
            status=_skirmish_status,
            success_partial="after_roll",
        ),
        HelperPage(
            "ridge",
            "The Ridge",
            "Ridge",
            "ridge.html",
            "scenario-3-the-ridge",
            reads=(RIDGE, CARDS),
            board=_ridge_board,
            forms=_ridge_forms,
            status=_ridge_status,
            needs_figures=True,
        ),
        HelperPage(
            "siege",
            "Siege at the Cave Mouth",
            "Siege",
            "siege.html",
            "scenario-11-siege-at-the-cave-mouth",
            reads=(SIEGE, CARDS),
            board=_siege_board,
            forms=_forms(roll_form=SiegeRollForm, loss_form=SiegeLossForm),
            status=_siege_status,
        ),
        HelperPage(
            "reborn-track",
            "Reborn Track",
            "Reborn Track",
            "reborn_track.html",
            "reborn-track",
            reads=(REBORN_TRACK,),
            board=_reborn_board,
            forms=lambda board, figures, campaign: {
                "place_form": fresh_form(RebornPlaceForm, None, figures=figures)
            },
            status=_reborn_status,
            needs_figures=True,
        ),
        HelperPage(
            "awareness",
            "Awareness Test",
            "Awareness",
            "awareness.html",
            "awareness-tests",
            reads=(AWARENESS,),
            board=_awareness_board,
            forms=lambda board, figures, campaign: {
                "awareness_form": fresh_form(AwarenessForm, None, figures=figures)
            },
            status=_awareness_status,
            needs_figures=True,
        ),
    )
}
