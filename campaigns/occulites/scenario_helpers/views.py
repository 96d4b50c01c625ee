"""Pages of the scenario helpers and the Tribal Tokens.

The helpers' hub tracks the Event and Sungem cards revealed; each helper has its own page
with a live panel (the state every phone sees, refreshed on "campaign-changed") and forms
outside it. Each action view parses a form, calls one service, and answers with the panel
(htmx) or a redirect (no JavaScript); a refusal shows its message beside the form with 422,
and a screen that someone else changed first gets 409.
"""

from dataclasses import dataclass

from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST
from django_htmx.http import retarget

from campaigns.occulites.catalog.scenarios import SCENARIOS
from campaigns.occulites.models import ScenarioChoice, Tribe
from campaigns.occulites.rules.awareness import MAX_BOOSTS, PASS_ON
from campaigns.occulites.rules.errors import RuleViolation
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
from campaigns.occulites.rules.tribal_tokens import (
    CHIEF_OCCULITE_TOKENS,
    LUFTLE_CHIEF_TOKENS,
    TRIBAL_TOKEN_USES,
)
from campaigns.table.access import campaign_view
from campaigns.table.errors import Conflict
from campaigns.table.htmx import render_page

from . import services
from .forms import (
    WAITING_SEPARATOR,
    AwarenessForm,
    ChiefForm,
    DiceForm,
    ExpectedCountForm,
    FigureNameForm,
    PodmothineActivateForm,
    PryDiscardForm,
    PryRollForm,
    RebornAdvanceForm,
    RebornPlaceForm,
    RevealForm,
    RidgeClimbForm,
    ScenarioForm,
    SiegeLossForm,
    SiegeRollForm,
    SkirmishRollForm,
    SkirmishTribeForm,
    TentacleForm,
    TokenPoolForm,
    TokenSpendForm,
    TokensTribeForm,
)

TEMPLATES = "occulites/scenario_helpers/"
TOKENS_TEMPLATE = TEMPLATES + "tokens.html"


@dataclass(frozen=True)
class HelperPage:
    """One helper page: its URL segment, title, template and rules reference entry."""

    slug: str
    title: str
    short: str
    template_name: str
    rule: str
    needs_figures: bool = False
    # What an htmx action answers with: the live panel, plus any forms that depend on it.
    success_partial: str = "panel"

    @property
    def template(self) -> str:
        return TEMPLATES + self.template_name


HUB = HelperPage("cards", "Cards revealed", "Cards", "helpers.html", "event-cards")
PAGES = {
    page.slug: page
    for page in (
        HUB,
        HelperPage("podmothine", "Podmothine", "Podmothine", "podmothine.html", "podmothine"),
        HelperPage("pry-sungem", "Pry Sungem", "Pry Sungem", "pry_sungem.html", "pry-sungem"),
        HelperPage(
            "skirmish",
            "Unexpected Skirmish",
            "Skirmish",
            "skirmish.html",
            "scenario-2-unexpected-skirmish",
            success_partial="after_roll",
        ),
        HelperPage(
            "ridge", "The Ridge", "Ridge", "ridge.html", "scenario-3-the-ridge", needs_figures=True
        ),
        HelperPage(
            "siege",
            "Siege at the Cave Mouth",
            "Siege",
            "siege.html",
            "scenario-11-siege-at-the-cave-mouth",
        ),
        HelperPage(
            "reborn-track",
            "Reborn Track",
            "Reborn Track",
            "reborn_track.html",
            "reborn-track",
            needs_figures=True,
        ),
        HelperPage(
            "awareness",
            "Awareness Test",
            "Awareness",
            "awareness.html",
            "awareness-tests",
            needs_figures=True,
        ),
    )
}


def _page_url(campaign_id: int, page: HelperPage) -> str:
    if page is HUB:
        return reverse("occulites:helpers", args=[campaign_id])
    return reverse("occulites:helper", args=[campaign_id, page.slug])


# --- what the pages show -------------------------------------------------------------------


def _cards_board(stored: dict) -> dict:
    cards = services.revealed_cards(stored)
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
        "instructions": [line for line in stored.get("instructions", []) if line not in effects],
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


def _dice(values, hits=None, labels=None) -> list[dict]:
    """Dice for the `_dice.html` row; `hits` marks the ones that count (activate, struck...)."""
    hits = hits if hits is not None else [False] * len(values)
    labels = labels or [""] * len(values)
    return [
        {"value": value, "hit": hit, "label": label}
        for value, hit, label in zip(values, hits, labels, strict=True)
    ]


def _podmothine_board(stored: dict, cards: dict) -> dict:
    state = services.podmothine_state(stored)
    last = stored["last"]
    return {
        "state": state,
        "tentacles": TENTACLES,
        "activates_on": tentacle_activates_on(cards["events"]),
        "last_record": last,
        "last": last and _dice(last["dice"], last["activated"]),
        "activated": last and sum(last["activated"]),
        "how": f"One die per tentacle in play; each activates on 0-{ACTIVATES_ON_AT_START}, "
        "one number more for each Event card revealed.",
    }


def _pry_board(stored: dict, podmothine) -> dict:
    target = services.pry_target(stored)
    discarded = stored.get("discarded")
    return {
        "target": target,
        "tentacles_on_body": stored.get("tentacles_on_body"),
        "dice": target
        and not target.free
        and _dice(target.dice, [die == target.value for die in target.dice]),
        "discarded": discarded,
        "discarded_total": sum(discarded["cards"]) if discarded else 0,
        "cave_wall_dice": CAVE_WALL_DICE,
        "podmothine_dice": pry_sungem_dice(PryLocation.PODMOTHINE, podmothine.tentacles_on_body),
        "podmothine_on_body": podmothine.tentacles_on_body,
    }


def _skirmish_board(stored: dict) -> dict:
    last = stored["last"]
    return {
        "tribes": [
            {
                "name": name,
                "arrivals": arrivals,
                "waiting": [
                    {
                        "name": straggler.name,
                        "arrives_on": LUFTLE_ARRIVES_ON
                        if straggler.luftle
                        else OCCULITE_ARRIVES_ON,
                    }
                    for straggler in arrivals.waiting
                ],
                "next_turn": max(arrivals.last_turn_rolled + 1, FIRST_ROLLING_TURN),
            }
            for name, arrivals in services.skirmish_tribes(stored)
        ],
        "last": last,
        "last_groups": [
            {
                **group,
                "dice": _dice(group["dice"], [die <= group["arrives_on"] for die in group["dice"]]),
            }
            for group in (last["groups"] if last else [])
        ],
        "dice": ARRIVAL_DICE,
        "how": f"From turn {FIRST_ROLLING_TURN}, allocate all {ARRIVAL_DICE} dice among the "
        f"figures not yet arrived; an Occulite arrives on any 0-{OCCULITE_ARRIVES_ON}, a Luftle "
        f"on 0-{LUFTLE_ARRIVES_ON}.",
    }


def _ridge_board(stored: dict, cards: dict) -> dict:
    last = stored["last"]
    on_ridge_scenario = cards["cards"] is not None and cards["cards"].scenario == THE_RIDGE
    return {
        "on_ridge": services.ridge_figures(stored),
        "struck": services.ridge_state(stored).struck,
        "last": last,
        "last_dice": last
        and _dice(
            [die for _, die in last["rolls"]],
            [name in last["hit"] for name, _ in last["rolls"]],
            [name for name, _ in last["rolls"]],
        ),
        "effects": cards["effects"] if on_ridge_scenario else (),
        "how": "On each Event card every figure on the Ridge rolls a die: the highest is "
        "struck, ties are all struck, and a Luftle takes the Luftle sharing its space with it.",
    }


def _siege_board(stored: dict, cards: dict) -> dict:
    state = services.siege_state(stored)
    last = stored["last"] or {}
    moves = [
        _dice(last.get(key, []), [die <= MOVES_TOKEN_ON for die in last.get(key, [])])
        for key in ("attacker_dice", "defender_dice")
    ]
    return {
        "state": state,
        "attacker_dice": conditions_dice(state, SiegeSide.ATTACKER),
        "defender_dice": conditions_dice(state, SiegeSide.DEFENDER),
        "last": last,
        "attacker_last": moves[0],
        "defender_last": moves[1],
        "track": list(range(CONDITIONS_TRACK_START, -1, -1)),
        "follows_cards": cards["cards"] is not None
        and cards["cards"].scenario == services.SIEGE_SCENARIO,
        "how": f"After each player's turn both players roll one die, plus one for each enemy "
        f"Occulite or {LUFTLES_PER_EXTRA_DIE} enemy Luftles killed; each 0-{MOVES_TOKEN_ON} "
        "moves the token one space towards 0, as does each Event card. At 0 the game ends.",
    }


def _reborn_text(last: dict | None) -> str:
    if not last:
        return ""
    if last.get("removed"):
        return f"{last['figure']} was taken off the track."
    if "placed" in last:
        return f"{last['figure']} placed on space {last['placed']} ({last['how']})."
    token = " with a Tribal Token" if last["tribal_token"] else ""
    if last["to"] == 0:
        return f"{last['figure']} is Reborn{token}: back in its Home Cave."
    return f"{last['figure']} moved{token} from space {last['from']} to {last['to']}."


def _reborn_board(stored: dict) -> dict:
    track = services.reborn_track(stored)
    return {
        "spaces": [
            (space, sorted(name for name, at in track.positions.items() if at == space))
            for space in range(1, HIGHEST_SPACE + 1)
        ],
        "last_text": _reborn_text(stored["last"]),
        "how": f"A killed figure goes on its wounds past 0 plus {DYING_WOUNDS}, at most space "
        f"{HIGHEST_SPACE}; a Reborn action moves it one space (a Tribal Token one more).",
    }


def _awareness_board(stored: dict) -> dict:
    last = stored["last"]
    best = max(last["cards"], default=None) if last else None
    return {
        "last": last,
        "cards": last and _dice(last["cards"], [card == best for card in last["cards"]]),
        "how": f"A card per point of Awareness; any single card of {PASS_ON} or more passes, "
        f"with up to {MAX_BOOSTS} Boost cards added.",
    }


def _board(states: dict, cards: dict) -> dict:
    """Every helper's state as the pages show it (pure: no queries)."""
    podmothine = _podmothine_board(states[services.PODMOTHINE], cards)
    return {
        "podmothine": podmothine,
        "pry": _pry_board(states[services.PRY_SUNGEM], podmothine["state"]),
        "skirmish": _skirmish_board(states[services.SKIRMISH]),
        "ridge": _ridge_board(states[services.RIDGE], cards),
        "siege": _siege_board(states[services.SIEGE], cards),
        "reborn": _reborn_board(states[services.REBORN_TRACK]),
        "awareness": _awareness_board(states[services.AWARENESS]),
    }


def _overview(campaign_id: int, board: dict) -> list[tuple[str, str, str]]:
    """(title, url, one-line status) of each helper, for the hub."""
    pod, pry, skirmish = board["podmothine"], board["pry"], board["skirmish"]
    ridge, siege, reborn = board["ridge"], board["siege"], board["reborn"]
    waiting = sum(len(tribe["waiting"]) for tribe in skirmish["tribes"])
    on_track = sum(len(figures) for _, figures in reborn["spaces"])
    awareness = board["awareness"]["last"]
    if pry["target"] is None:
        pry_status = "No target rolled"
    elif pry["target"].free:
        pry_status = "Last target: free"
    else:
        pry_status = f"Last target: discard {pry['target'].value}"
    statuses = {
        "podmothine": f"{pod['state'].tentacles_in_play} tentacles in play, "
        f"{pod['state'].tentacles_on_body} on the body; activate on 0-{pod['activates_on']}",
        "pry-sungem": pry_status,
        "skirmish": f"{waiting} figure{'s' if waiting != 1 else ''} still to arrive"
        if skirmish["tribes"]
        else "Not started",
        "ridge": f"{len(ridge['on_ridge'])} on the Ridge, {len(ridge['struck'])} struck",
        "siege": f"Conditions Token on {siege['state'].conditions}"
        + (" — the siege is over" if siege["state"].game_over else ""),
        "reborn-track": f"{on_track} figure{'s' if on_track != 1 else ''} on the track",
        "awareness": "No test yet"
        if awareness is None
        else f"Last: {awareness['figure']} {'passed' if awareness['passed'] else 'failed'}",
    }
    return [
        (page.title, _page_url(campaign_id, page), statuses[slug])
        for slug, page in PAGES.items()
        if page is not HUB
    ]


TENTACLE_LABELS = {
    "leaves": "…leaves the body",
    "returns": "…returns to the body",
    "destroyed_on_body": "…destroyed on the body",
    "destroyed_off_body": "…destroyed off the body",
    "reborn": "…is Reborn on the body",
}


def _latest_drawn_scenario(campaign) -> int | None:
    key = (
        ScenarioChoice.objects.filter(campaign=campaign)
        .exclude(drawn_scenario="")
        .order_by("-timeslot")
        .values_list("drawn_scenario", flat=True)
        .first()
    )
    return SCENARIOS[key].number if key in SCENARIOS else None


def _default_forms(page: HelperPage, board: dict, cards: dict, figures: list, campaign) -> dict:
    if page is HUB:
        scenario = cards["cards"].scenario if cards["cards"] else _latest_drawn_scenario(campaign)
        return {"scenario_form": ScenarioForm(initial={"scenario": scenario})}
    if page.slug == "podmothine":
        return {"activate_form": PodmothineActivateForm()}
    if page.slug == "pry-sungem":
        return {"pry_form": PryRollForm(), "discard_form": PryDiscardForm()}
    if page.slug == "skirmish":
        return {"tribe_form": SkirmishTribeForm(), "roll_forms": _skirmish_forms(board)}
    if page.slug == "ridge":
        gone = set(board["ridge"]["struck"]) | {f.name for f in board["ridge"]["on_ridge"]}
        return {
            "climb_form": RidgeClimbForm(figures=[f for f in figures if f.label not in gone]),
            "strike_form": DiceForm(),
        }
    if page.slug == "siege":
        return {"roll_form": SiegeRollForm(), "loss_form": SiegeLossForm()}
    if page.slug == "reborn-track":
        return {"place_form": RebornPlaceForm(figures=figures)}
    return {"awareness_form": AwarenessForm(figures=figures)}


def _skirmish_forms(board: dict) -> list:
    """(tribe, its arrival roll form) for each tribe with figures still to arrive."""
    forms = []
    for tribe in board["skirmish"]["tribes"]:
        waiting = tribe["arrivals"].waiting
        forms.append(
            (
                tribe,
                SkirmishRollForm(
                    waiting=waiting,
                    prefix=f"t{len(forms)}",
                    initial={
                        "turn": tribe["next_turn"],
                        "waiting": WAITING_SEPARATOR.join(s.name for s in waiting),
                    },
                ),
            )
        )
    return forms


def _context(membership, page: HelperPage, forms: dict | None = None, error="") -> dict:
    campaign = membership.campaign
    states = services.tool_states(campaign)
    cards = _cards_board(states[services.CARDS])
    board = _board(states, cards)
    figures = _figures(membership) if page.needs_figures else []
    context = {
        "campaign": campaign,
        "membership": membership,
        "tab": "helpers",
        "page": page,
        "cards": cards,
        "board": board,
        "error": error,
        "page_url": _page_url(campaign.pk, page),
        "helper_links": [
            (other.short, _page_url(campaign.pk, other), other is page) for other in PAGES.values()
        ],
        "overview": _overview(campaign.pk, board) if page is HUB else (),
        "tentacle_moves": list(TENTACLE_LABELS.items()),
    }
    if membership.can_write:
        context.update(_default_forms(page, board, cards, figures, campaign))
        context.update(forms or {})
    return context


def _render(request, membership, page, *, partial=None, forms=None, error="", status=200):
    """The whole page, or for htmx the named partial of the same template."""
    context = _context(membership, page, forms, error)
    return render_page(request, page.template, context, partial=partial, status=status)


def _form_message(form) -> str:
    return " ".join(message for errors in form.errors.values() for message in errors)


def _run_service(form, call, *, field=None) -> tuple[int, str]:
    """Call the service with the form's data; answer (status, conflict message).

    200 when it ran; 422 when the form or the rules refused it (the refusal is added to the
    form, on `field` when the form has one); 409 with the message when someone else changed
    the screen first.
    """
    if not form.is_valid():
        return 422, ""
    try:
        call(form.cleaned_data)
    except RuleViolation as refusal:
        form.add_error(field if field in form.fields else None, str(refusal))
        return 422, ""
    except Conflict as conflict:
        return 409, str(conflict)
    return 200, ""


def _act(request, membership, slug, form, call, *, form_name=None, field=None):
    """Run one service with a valid form and answer for htmx or a plain POST.

    `form_name` names the form's partial (and its section id) when the form sits outside the
    live panel; without it the form is a button in the panel, whose refusals show there.
    """
    page = PAGES[slug]
    status, conflict = _run_service(form, call, field=field)
    if status == 409:
        return _render(request, membership, page, partial="panel", error=conflict, status=409)
    if status == 200:
        if not request.htmx:
            return redirect(_page_url(membership.campaign_id, page) + f"#{page.slug}-panel")
        return _render(request, membership, page, partial=page.success_partial)
    if form_name is None:
        return _render(
            request, membership, page, partial="panel", error=_form_message(form), status=422
        )
    response = _render(
        request, membership, page, partial=form_name, forms={form_name: form}, status=422
    )
    return retarget(response, "#" + form_name.replace("_", "-")) if request.htmx else response


def _figures(membership) -> list:
    """Every Occulite and live Luftle of the campaign's tribes, for the figure choices."""
    return [
        figure
        for tribe in services.campaign_figures(membership.campaign)
        for figure in tribe.figures
    ]


def _call(service, membership, request, **kwargs):
    return service(campaign=membership.campaign, actor=request.user, **kwargs)


# --- pages ------------------------------------------------------------------------------------


@campaign_view(game="occulites")
@require_GET
def helpers(request, membership):
    return _render(request, membership, HUB, partial="panel")


@campaign_view(game="occulites")
@require_GET
def helper_page(request, membership, helper: str):
    page = PAGES.get(helper)
    if page is None:
        raise Http404("No such helper")
    if page is HUB:
        return redirect("occulites:helpers", campaign_id=membership.campaign_id)
    # The skirmish's roll forms refresh on their own (they depend on who is still waiting).
    partial = (
        "skirmish_forms"
        if page.slug == "skirmish" and request.GET.get("part") == "forms"
        else "panel"
    )
    return _render(request, membership, page, partial=partial)


# --- cards revealed ---------------------------------------------------------------------------


@campaign_view(game="occulites")
@require_POST
def cards_new_game(request, membership):
    def call(data):
        _call(services.cards_new_game, membership, request, scenario_number=data["scenario"])

    return _act(
        request,
        membership,
        "cards",
        ScenarioForm(request.POST),
        call,
        form_name="scenario_form",
        field="scenario",
    )


@campaign_view(game="occulites")
@require_POST
def cards_reveal(request, membership):
    def call(data):
        _call(
            services.cards_reveal,
            membership,
            request,
            kind=data["kind"],
            expected_revealed=data["expected"],
        )

    return _act(request, membership, "cards", RevealForm(request.POST), call)


@campaign_view(game="occulites")
@require_POST
def cards_take_back(request, membership):
    def call(data):
        _call(services.cards_take_back, membership, request, expected_revealed=data["expected"])

    return _act(request, membership, "cards", ExpectedCountForm(request.POST), call)


# --- Podmothine ---------------------------------------------------------------------------


@campaign_view(game="occulites")
@require_POST
def podmothine_activate(request, membership):
    def call(data):
        _call(
            services.podmothine_activate,
            membership,
            request,
            sneaking=data["sneaking"],
            entered=data["entered"],
        )

    form = PodmothineActivateForm(request.POST)
    return _act(
        request, membership, "podmothine", form, call, form_name="activate_form", field="entered"
    )


@campaign_view(game="occulites")
@require_POST
def podmothine_tentacle(request, membership):
    def call(data):
        _call(services.podmothine_tentacle, membership, request, move=data["move"])

    return _act(request, membership, "podmothine", TentacleForm(request.POST), call)


@campaign_view(game="occulites")
@require_POST
def podmothine_reset(request, membership):
    return _reset(request, membership, "podmothine", services.podmothine_reset)


def _reset(request, membership, slug, service):
    return _act(
        request,
        membership,
        slug,
        ExpectedCountForm(request.POST),
        lambda data: _call(service, membership, request),
    )


# --- Pry Sungem ---------------------------------------------------------------------------


@campaign_view(game="occulites")
@require_POST
def pry_sungem_roll(request, membership):
    def call(data):
        _call(
            services.pry_sungem_roll,
            membership,
            request,
            location=data["location"],
            tentacles_on_body=data["tentacles_on_body"],
            entered=data["entered"],
        )

    form = PryRollForm(request.POST)
    return _act(
        request, membership, "pry-sungem", form, call, form_name="pry_form", field="entered"
    )


@campaign_view(game="occulites")
@require_POST
def pry_sungem_discard(request, membership):
    def call(data):
        _call(services.pry_sungem_discard, membership, request, discarded=data["discarded"])

    form = PryDiscardForm(request.POST)
    return _act(
        request, membership, "pry-sungem", form, call, form_name="discard_form", field="discarded"
    )


@campaign_view(game="occulites")
@require_POST
def pry_sungem_reset(request, membership):
    return _reset(request, membership, "pry-sungem", services.pry_sungem_reset)


# --- Unexpected Skirmish --------------------------------------------------------------------


@campaign_view(game="occulites")
@require_POST
def skirmish_new_game(request, membership):
    return _reset(request, membership, "skirmish", services.skirmish_new_game)


@campaign_view(game="occulites")
@require_POST
def skirmish_add_tribe(request, membership):
    def call(data):
        _call(
            services.skirmish_add_tribe,
            membership,
            request,
            name=data["name"],
            occulites=data["occulites"],
            luftles=data["luftles"],
        )

    form = SkirmishTribeForm(request.POST)
    return _act(request, membership, "skirmish", form, call, form_name="tribe_form")


@campaign_view(game="occulites")
@require_POST
def skirmish_roll(request, membership, index: int):
    """One tribe's arrival roll. Its form was built for the stragglers the player saw; when
    another phone rolled them first, the fresh form comes back with a 409."""
    page = PAGES["skirmish"]
    states = services.tool_states(membership.campaign, (services.SKIRMISH,))
    tribes = services.skirmish_tribes(states[services.SKIRMISH])
    if not 0 <= index < len(tribes):
        return _render(
            request,
            membership,
            page,
            partial="panel",
            status=422,
            error="That tribe is not in this skirmish any more.",
        )
    tribe_name, arrivals = tribes[index]

    def call(data):
        _call(
            services.skirmish_roll,
            membership,
            request,
            tribe=tribe_name,
            turn=data["turn"],
            allocation=data["allocation"],
            entered=data["entered"],
            expected_waiting=data["expected_waiting"],
        )

    form = SkirmishRollForm(request.POST, waiting=arrivals.waiting, prefix=f"t{index}")
    status, conflict = _run_service(form, call)
    if status == 200:
        if not request.htmx:
            return redirect(_page_url(membership.campaign_id, page) + "#skirmish-panel")
        return _render(request, membership, page, partial=page.success_partial)
    # Both refusals answer with the roll forms: a conflict with fresh ones and its message,
    # a refusal with this tribe's form as the player filled it in.
    context = _context(membership, page, error=conflict)
    if status == 422:
        context["roll_forms"] = [
            (tribe, form if position == index else other)
            for position, (tribe, other) in enumerate(context["roll_forms"])
        ]
    response = render_page(request, page.template, context, partial="skirmish_forms", status=status)
    return retarget(response, "#skirmish-forms") if request.htmx else response


@campaign_view(game="occulites")
@require_POST
def skirmish_reset(request, membership):
    return _reset(request, membership, "skirmish", services.skirmish_reset)


# --- The Ridge ------------------------------------------------------------------------------


@campaign_view(game="occulites")
@require_POST
def ridge_climb(request, membership):
    def call(data):
        _call(
            services.ridge_climb,
            membership,
            request,
            figure=data["name"],
            partner=data["partner_name"],
        )

    form = RidgeClimbForm(request.POST, figures=_figures(membership))
    return _act(request, membership, "ridge", form, call, form_name="climb_form")


@campaign_view(game="occulites")
@require_POST
def ridge_leave(request, membership):
    def call(data):
        _call(services.ridge_leave, membership, request, figure=data["figure"])

    return _act(request, membership, "ridge", FigureNameForm(request.POST), call)


@campaign_view(game="occulites")
@require_POST
def ridge_strike(request, membership):
    def call(data):
        _call(services.ridge_strike, membership, request, entered=data["entered"])

    form = DiceForm(request.POST)
    return _act(request, membership, "ridge", form, call, form_name="strike_form", field="entered")


@campaign_view(game="occulites")
@require_POST
def ridge_reset(request, membership):
    return _reset(request, membership, "ridge", services.ridge_reset)


# --- Siege at the Cave Mouth ------------------------------------------------------------------


@campaign_view(game="occulites")
@require_POST
def siege_roll(request, membership):
    def call(data):
        _call(
            services.siege_roll,
            membership,
            request,
            attacker_entered=data["attacker_entered"],
            defender_entered=data["defender_entered"],
        )

    return _act(
        request, membership, "siege", SiegeRollForm(request.POST), call, form_name="roll_form"
    )


@campaign_view(game="occulites")
@require_POST
def siege_loss(request, membership):
    def call(data):
        _call(
            services.siege_loss,
            membership,
            request,
            side=data["side"],
            occulites=data["occulites"] or 0,
            luftles=data["luftles"] or 0,
        )

    return _act(
        request, membership, "siege", SiegeLossForm(request.POST), call, form_name="loss_form"
    )


@campaign_view(game="occulites")
@require_POST
def siege_event(request, membership):
    def call(data):
        _call(services.siege_event, membership, request, expected_conditions=data["expected"])

    return _act(request, membership, "siege", ExpectedCountForm(request.POST), call)


@campaign_view(game="occulites")
@require_POST
def siege_reset(request, membership):
    return _reset(request, membership, "siege", services.siege_reset)


# --- The Reborn Track -----------------------------------------------------------------------


@campaign_view(game="occulites")
@require_POST
def reborn_place(request, membership):
    def call(data):
        _call(
            services.reborn_place,
            membership,
            request,
            figure=data["name"],
            cause=data["cause"],
            health_before=data["health_before"],
            health_lost=data["health_lost"],
            reborn_by_agreement=data["reborn_by_agreement"],
        )

    form = RebornPlaceForm(request.POST, figures=_figures(membership))
    return _act(request, membership, "reborn-track", form, call, form_name="place_form")


@campaign_view(game="occulites")
@require_POST
def reborn_advance(request, membership):
    def call(data):
        _call(
            services.reborn_advance,
            membership,
            request,
            figure=data["figure"],
            tribal_token=data["tribal_token"],
            expected_position=data["expected"],
        )

    return _act(request, membership, "reborn-track", RebornAdvanceForm(request.POST), call)


@campaign_view(game="occulites")
@require_POST
def reborn_remove(request, membership):
    def call(data):
        _call(services.reborn_remove, membership, request, figure=data["figure"])

    return _act(request, membership, "reborn-track", FigureNameForm(request.POST), call)


@campaign_view(game="occulites")
@require_POST
def reborn_reset(request, membership):
    return _reset(request, membership, "reborn-track", services.reborn_reset)


# --- Awareness Test ---------------------------------------------------------------------------


@campaign_view(game="occulites")
@require_POST
def awareness_test(request, membership):
    def call(data):
        _call(
            services.awareness_test_take,
            membership,
            request,
            figure=data["name"],
            awareness=data["awareness"],
            cards=data["cards"],
            boosts=data["boosts"],
            tribal_token=data["tribal_token"],
            eagle_eyed=data["eagle_eyed"],
            eagle_eyed_discards=data["eagle_eyed_discards"],
            exceptional_camouflage=data["exceptional_camouflage"],
            sense_of_smell=data["sense_of_smell"],
        )

    form = AwarenessForm(request.POST, figures=_figures(membership))
    return _act(request, membership, "awareness", form, call, form_name="awareness_form")


@campaign_view(game="occulites")
@require_POST
def awareness_reset(request, membership):
    return _reset(request, membership, "awareness", services.awareness_reset)


# --- Tribal Tokens --------------------------------------------------------------------------

POOL_TITLES = {
    services.CHIEF_POOL: "Chief's tokens",
    services.LUFTLE_CHIEF_POOL: "Luftle Chief's tokens",
}


def _tokens_board(state: dict) -> list[dict]:
    """Each tribe's pools with what the page shows: tokens left, this turn's spends, and the
    figures each pool can be spent on (a Luftle Chief's only on Luftles; Luftles from the
    Chief's only with Friend of the Luftles)."""
    tribes = []
    for entry in state["tribes"]:
        pools = []
        chief_on_board = True
        for key, tokens in services.token_pools(entry).items():
            chief_on_board = tokens.chief_on_board
            figures = [
                {"name": name, "luftle": luftle, "spent": tokens.spent_on_this_turn(name)}
                for name, luftle in entry["figures"]
                if (luftle if tokens.luftles_only else not luftle or entry["friend_of_the_luftles"])
            ]
            pools.append(
                {
                    "key": key,
                    "title": POOL_TITLES.get(key, key),
                    "tokens": tokens,
                    "left": tokens.tokens_left,
                    "pips": [index < tokens.tokens_left for index in range(tokens.tokens_at_start)],
                    "spent": len(tokens.spends),
                    "spends": [
                        {
                            "figure": spend.figure,
                            "use": TRIBAL_TOKEN_USES[spend.use].name,
                            "turn": spend.turn,
                        }
                        for spend in tokens.spends
                    ],
                    "figures": figures,
                }
            )
        tribes.append(
            {
                "key": entry["key"],
                "name": entry["name"],
                "friend": entry["friend_of_the_luftles"],
                "chief_on_board": chief_on_board,
                "pools": pools,
            }
        )
    return tribes


def _tribes_founded_since(campaign, state) -> list[str]:
    """Campaign tribes the game in progress doesn't know yet (founded after it started)."""
    in_game = {tribe["key"] for tribe in state["tribes"]}
    return [
        tribe.name
        for tribe in Tribe.objects.filter(campaign=campaign).only("pk", "name")
        if f"tribe-{tribe.pk}" not in in_game
    ]


def _tokens_context(membership, tribe_form=None, error="") -> dict:
    state = services.tokens_state(membership.campaign)
    return {
        "founded_since": _tribes_founded_since(membership.campaign, state),
        "campaign": membership.campaign,
        "membership": membership,
        "tab": "tokens",
        "turn": state["turn"],
        "tribes": _tokens_board(state),
        "uses": [(key, use.name) for key, use in TRIBAL_TOKEN_USES.items()],
        "tribe_form": tribe_form or TokensTribeForm(),
        "error": error,
        "how": f"Each Chief starts a game with {CHIEF_OCCULITE_TOKENS} Tribal Tokens (a Luftle "
        f"Chief brings {LUFTLE_CHIEF_TOKENS} for Luftles only): one token per figure per turn, "
        "and none while the Chief is off the board.",
    }


def _tokens_act(request, membership, form, call, *, form_name=None):
    """`_act` for the Tribal Tokens page (one page, so no helper slug)."""
    status, error = _run_service(form, call)
    if status == 200:
        if not request.htmx:
            return redirect(
                reverse("occulites:tokens", args=[membership.campaign_id]) + "#tokens-panel"
            )
        return render(request, TOKENS_TEMPLATE + "#panel", _tokens_context(membership))
    if form_name and status == 422:
        context = _tokens_context(membership, tribe_form=form)
        response = render_page(
            request, TOKENS_TEMPLATE, context, partial="tribe_form", status=status
        )
        return retarget(response, "#tribe-form") if request.htmx else response
    context = _tokens_context(membership, error=error or _form_message(form))
    return render_page(request, TOKENS_TEMPLATE, context, partial="panel", status=status)


@campaign_view(game="occulites")
@require_GET
def tokens(request, membership):
    return render_page(request, TOKENS_TEMPLATE, _tokens_context(membership), partial="panel")


@campaign_view(game="occulites")
@require_POST
def tokens_new_game(request, membership):
    return _tokens_act(
        request,
        membership,
        ExpectedCountForm(request.POST),
        lambda data: _call(services.tokens_new_game, membership, request),
    )


@campaign_view(game="occulites")
@require_POST
def tokens_add_tribe(request, membership):
    def call(data):
        _call(
            services.tokens_add_tribe,
            membership,
            request,
            name=data["name"],
            occulites=data["occulites"],
            luftles=data["luftles"],
            luftle_chief=data["luftle_chief"],
            friend_of_the_luftles=data["friend_of_the_luftles"],
        )

    return _tokens_act(
        request, membership, TokensTribeForm(request.POST), call, form_name="tribe_form"
    )


@campaign_view(game="occulites")
@require_POST
def tokens_spend(request, membership):
    def call(data):
        _call(
            services.tokens_spend,
            membership,
            request,
            tribe=data["tribe"],
            pool=data["pool"],
            figure=data["figure"],
            use=data["use"],
        )

    return _tokens_act(request, membership, TokenSpendForm(request.POST), call)


@campaign_view(game="occulites")
@require_POST
def tokens_undo(request, membership):
    def call(data):
        _call(
            services.tokens_undo,
            membership,
            request,
            tribe=data["tribe"],
            pool=data["pool"],
            expected_spent=data["expected"],
        )

    return _tokens_act(request, membership, TokenPoolForm(request.POST), call)


@campaign_view(game="occulites")
@require_POST
def tokens_chief(request, membership):
    def call(data):
        _call(
            services.tokens_chief_on_board,
            membership,
            request,
            tribe=data["tribe"],
            on_board=data["on_board"],
        )

    return _tokens_act(request, membership, ChiefForm(request.POST), call)


@campaign_view(game="occulites")
@require_POST
def tokens_next_turn(request, membership):
    def call(data):
        _call(services.tokens_next_turn, membership, request, expected_turn=data["expected"])

    return _tokens_act(request, membership, ExpectedCountForm(request.POST), call)
