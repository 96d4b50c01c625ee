"""The Occulites season pages: choosing the next scenario by bag draw (nominations, the bag,
house values for missing Time of the Season cells, the draw and the paid redraw), the
group's Natural Selection deck, and the Long Dark after timeslot 10.

Each write parses a form, calls one service and answers with the page (or, for htmx, the
part of it that changed); a refusal comes back with status 422 and its message beside the
field.
"""

from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache, partial

from django import forms as django_forms
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST

from campaigns.occulites import services
from campaigns.occulites.catalog.scenarios import SCENARIOS
from campaigns.occulites.catalog.season import (
    ENCOUNTER_NUMBER_MAX,
    ENCOUNTER_NUMBER_MIN,
    SEASON_TIMESLOTS,
    TIME_OF_THE_SEASON,
)
from campaigns.occulites.models import Tribe
from campaigns.occulites.queries import long_dark_standings, season_choice
from campaigns.occulites.rule_links import scenario_rule_slug
from campaigns.occulites.rules import long_dark as long_dark_rules
from campaigns.occulites.rules import season as season_rules
from campaigns.table.access import campaign_view
from campaigns.table.form_markup import fresh_form
from campaigns.table.htmx import form_action, render_page

from .forms import (
    ChooseScenarioForm,
    DeckForm,
    HouseValueForm,
    LongDarkRerollForm,
    LongDarkRollForm,
    NominateForm,
    RedrawForm,
    deck_text,
    described_choices,
    sorted_deck,
)

SEASON_TEMPLATE = "occulites/season/season.html"
LONG_DARK_TEMPLATE = "occulites/season/long_dark.html"


def percent(chance: Fraction) -> str:
    """A chance as a percentage with one decimal; never rounds a real chance to 0 or 100."""
    if 0 < chance < Fraction(1, 2000):
        return "<0.1%"
    if Fraction(1999, 2000) <= chance < 1:
        return ">99.9%"
    return f"{float(chance) * 100:.1f}%"


# --- the season page --------------------------------------------------------------------


@dataclass
class EncounterCell:
    """One scenario's Time of the Season value at the current timeslot."""

    scenario_key: str
    printed: int | None
    house: int | None

    @property
    def tokens(self) -> int | None:
        return self.printed if self.printed is not None else self.house


@dataclass
class BagRow:
    """One tribe's nomination and the tokens it puts in the bag (None: the cell is missing
    and the group has not entered a house value)."""

    nomination: object
    cell: EncounterCell
    tokens: int | None
    chance: str = ""


@dataclass
class TribeNomination:
    tribe: Tribe
    totals: dict
    nomination: object = None
    form: NominateForm | None = None
    show_form: bool = False


@dataclass
class SeasonForms:
    """Bound forms to show again with their errors (the rest are fresh)."""

    nominate: dict = field(default_factory=dict)  # tribe pk -> NominateForm
    house: dict = field(default_factory=dict)  # scenario key -> HouseValueForm
    choose: dict = field(default_factory=dict)  # tribe pk -> ChooseScenarioForm
    redraw: RedrawForm | None = None
    deck: DeckForm | None = None


def _encounter_cells(season) -> dict[str, EncounterCell]:
    timeslot = str(season.timeslot)
    return {
        key: EncounterCell(
            scenario_key=key,
            printed=row.encounter_number(season.timeslot),
            house=season.house_encounter_numbers.get(key, {}).get(timeslot),
        )
        for key, row in TIME_OF_THE_SEASON.items()
    }


def _encounter_label(cell: EncounterCell, tribe_count: int) -> str:
    scenario = SCENARIOS[cell.scenario_key]
    if cell.printed is not None:
        label = f"{cell.printed} token{'s' if cell.printed != 1 else ''}"
    elif cell.house is not None:
        label = f"{cell.house} token{'s' if cell.house != 1 else ''} (house value)"
    else:
        label = "no printed value"
    if tribe_count and not scenario.min_players <= tribe_count <= scenario.max_players:
        players = (
            f"{scenario.min_players}"
            if scenario.min_players == scenario.max_players
            else f"{scenario.min_players}-{scenario.max_players}"
        )
        label += f" ({players} players)"
    return label


def _bag_rows(state, cells) -> list[BagRow]:
    """Each nomination with its tokens (from the bag when it can be filled, else its cell's
    value or its missing cell) and its chance of being drawn."""
    bag = state.bag
    per_nomination = (
        {
            (int(n.tribe_key), n.scenario_key): count
            for n, count in bag.tokens_per_nomination.items()
        }
        if bag
        else {}
    )
    total = len(bag.tokens) if bag else 0
    rows = []
    for nomination in state.nominations:
        cell = cells[nomination.scenario_key]
        tokens = per_nomination.get((nomination.tribe_id, nomination.scenario_key), cell.tokens)
        chance = percent(Fraction(tokens, total)) if bag and total else ""
        rows.append(BagRow(nomination=nomination, cell=cell, tokens=tokens, chance=chance))
    return rows


def _season_context(
    membership, forms: SeasonForms | None = None, *, draw_error: str = "", redraw_confirm=None
) -> dict:
    forms = forms or SeasonForms()
    campaign = membership.campaign
    state = season_choice(campaign, can_write=membership.can_write)
    season, tribes, totals, choice = state.season, state.tribes, state.totals, state.choice
    cells = _encounter_cells(season)
    bag_rows, bag = _bag_rows(state, cells), state.bag
    drawn, choosing, can_redraw = state.drawn, state.choosing, state.can_redraw

    nominated = {row.nomination.tribe_id: row.nomination for row in bag_rows}
    labels = {key: _encounter_label(cell, len(tribes)) for key, cell in cells.items()}
    choices = described_choices(labels)
    tribe_rows = []
    for tribe in tribes:
        form = forms.nominate.get(tribe.pk)
        if form is not None:  # refused: drawn again with what was chosen
            form.describe(tribe.name, choices)
        else:
            form = fresh_form(
                NominateForm,
                None,
                auto_id=f"id_t{tribe.pk}_%s",
                tribe_name=tribe.name,
                scenario_choices=choices,
            )
        nomination = nominated.get(tribe.pk)
        tribe_rows.append(
            TribeNomination(
                tribe=tribe,
                totals=totals[tribe.pk],
                nomination=nomination,
                form=form,
                show_form=choosing and nomination is None,
            )
        )

    missing = []
    for key in dict.fromkeys(row.nomination.scenario_key for row in bag_rows):
        cell = cells[key]
        if cell.printed is None:
            form = forms.house.get(key) or HouseValueForm(
                auto_id=f"id_h_{key}_%s",
                initial={"scenario_key": key, "timeslot": season.timeslot, "value": cell.house},
            )
            form.fields["value"].label = f"House value for {SCENARIOS[key].name}"
            missing.append({"cell": cell, "form": form})

    redraw_shown = membership.can_write and can_redraw and (forms.redraw or state.redraw_tribes)
    redraw_form = None
    if redraw_shown:
        redraw_form = forms.redraw or RedrawForm(campaign=campaign, offered=state.redraw_tribes)

    # A refusal whose form is no longer on the page (the scenario was drawn meanwhile, the
    # season ended) shows at the top of the panel instead.
    shown = [row.form for row in tribe_rows if row.show_form]
    shown += [item["form"] for item in missing] if choosing else []
    shown += [redraw_form] if redraw_shown else []
    bound = [
        *forms.nominate.values(),
        *forms.house.values(),
        *forms.choose.values(),
        *filter(None, [forms.redraw]),
    ]
    stray_errors = [
        error
        for form in bound
        if not any(form is other for other in shown)
        for errors in form.errors.values()
        for error in errors
    ]
    if draw_error and not choosing:
        stray_errors.append(draw_error)

    house_values = sorted(
        (int(timeslot), key, value)
        for key, timeslot_values in season.house_encounter_numbers.items()
        for timeslot, value in timeslot_values.items()
    )
    deck = season.natural_selection_deck
    return {
        "campaign": campaign,
        "membership": membership,
        "tab": "season",
        "season": season,
        "season_timeslots": SEASON_TIMESLOTS,
        "tribes": tribe_rows,
        "choice": choice,
        "drawn": drawn,
        "choosing": choosing,
        "drawn_rule_slug": scenario_rule_slug(choice.drawn_scenario) if drawn else "",
        "bag_rows": bag_rows,
        "bag": bag,
        "bag_empty": bag is not None and not bag.tokens,
        "waiting": [row.tribe for row in tribe_rows if row.nomination is None],
        "missing": missing,
        "can_draw": state.can_draw,
        "draw_error": draw_error if choosing else "",
        "stray_errors": stray_errors,
        "can_redraw": can_redraw,
        "redraw_form": redraw_form,
        "redraw_refusals": state.redraw_refusals,
        "redraw_confirm": redraw_confirm,
        "redraw_cost": season_rules.REDRAW_VP_COST,
        "encounter_range": f"{ENCOUNTER_NUMBER_MIN}-{ENCOUNTER_NUMBER_MAX}",
        "column": [(SCENARIOS[key], cell) for key, cell in cells.items()],
        "house_values": [
            {"timeslot": timeslot, "scenario_key": key, "value": value}
            for timeslot, key, value in house_values
        ],
        "defender_choosers": [
            (
                tribe,
                forms.choose.get(tribe.pk)
                or fresh_form(ChooseScenarioForm, None, auto_id=f"id_c{tribe.pk}_%s"),
            )
            for tribe in state.choosers
        ],
        "deck": sorted_deck(deck) if deck else [],
        "deck_cards": sum(deck.values()) if deck else 0,
        # Built only when drawn (the settings panel; the template calls it).
        "deck_form": forms.deck
        or cache(partial(DeckForm, initial={"card_counts": deck_text(deck)})),
    }


def _season_url(membership, anchor: str = "season-choice") -> str:
    return reverse("occulites:season", args=[membership.campaign_id]) + f"#{anchor}"


def _choice_response(request, membership, forms=None, status=200, **refusals):
    """After a write on the scenario choice: the choice panel (htmx) or the whole page."""
    context = _season_context(membership, forms, **refusals)
    return render_page(request, SEASON_TEMPLATE, context, partial="choice", status=status)


@campaign_view(game="occulites")
@require_GET
def season_page(request, membership):
    # Each live region reloads itself: the target's id says which part to send.
    partial = "settings" if request.htmx and request.htmx.target == "season-settings" else "choice"
    return render_page(request, SEASON_TEMPLATE, _season_context(membership), partial=partial)


def _choice_action(
    request, membership, form, call, *, field, refused_forms=None, anchor="season-choice"
):
    """A write on the scenario choice through the platform's pipeline: the choice panel
    (htmx) or the page; a refusal shows beside ``field`` of the form in ``refused_forms``."""

    def panel(outcome):
        if outcome.ok:
            return _choice_response(request, membership)
        return _choice_response(request, membership, refused_forms, status=outcome.status)

    return form_action(
        request,
        form,
        call,
        success_url=_season_url(membership, anchor),
        render_fragment=panel,
        field=field,
    )


def _tribe_picks_scenario(request, membership, tribe_id: int, *, form_class, service, slot: str):
    """A tribe names a scenario (its nomination, or a beaten Defender's pick): parse, call
    the service, answer with the choice panel; a refusal shows beside the tribe's field."""
    tribe = get_object_or_404(Tribe, pk=tribe_id, campaign=membership.campaign)
    prefix = "t" if slot == "nominate" else "c"
    form = form_class(request.POST, auto_id=f"id_{prefix}{tribe.pk}_%s")
    return _choice_action(
        request,
        membership,
        form,
        lambda data: service(tribe=tribe, actor=request.user, scenario_key=data["scenario_key"]),
        field="scenario_key",
        refused_forms=SeasonForms(**{slot: {tribe.pk: form}}),
    )


@campaign_view(game="occulites")
@require_POST
def scenario_nominate(request, membership, tribe_id: int):
    return _tribe_picks_scenario(
        request,
        membership,
        tribe_id,
        form_class=NominateForm,
        service=services.scenario_nominate,
        slot="nominate",
    )


@campaign_view(game="occulites")
@require_POST
def scenario_choose(request, membership, tribe_id: int):
    """The Defender who lost a Home Cave Raid picks this timeslot's scenario, no draw."""
    return _tribe_picks_scenario(
        request,
        membership,
        tribe_id,
        form_class=ChooseScenarioForm,
        service=services.scenario_choose,
        slot="choose",
    )


@campaign_view(game="occulites")
@require_POST
def house_value_set(request, membership):
    key = request.POST.get("scenario_key", "")
    form = HouseValueForm(request.POST, auto_id=f"id_h_{key}_%s")
    return _choice_action(
        request,
        membership,
        form,
        lambda data: services.season_set_house_value(
            campaign=membership.campaign,
            actor=request.user,
            scenario_key=data["scenario_key"],
            timeslot=data["timeslot"],
            value=data["value"],
        ),
        field="value",
        refused_forms=SeasonForms(house={key: form}),
    )


@campaign_view(game="occulites")
@require_POST
def scenario_draw(request, membership):
    def panel(outcome):
        if outcome.ok:
            return _choice_response(request, membership)
        return _choice_response(
            request, membership, status=outcome.status, draw_error=outcome.message
        )

    return form_action(
        request,
        django_forms.Form(request.POST),
        lambda _: services.scenario_draw(campaign=membership.campaign, actor=request.user),
        success_url=_season_url(membership),
        render_fragment=panel,
    )


@campaign_view(game="occulites")
@require_POST
def scenario_redraw(request, membership):
    """First post: once the rules allow the tribe's redraw, it asks for confirmation, shown
    as a second step (a form of its own, so it works without JavaScript); a redraw the
    rules refuse is refused at once, with why. Confirmed: 1 VP off both totals and a new
    draw."""
    form = RedrawForm(request.POST, campaign=membership.campaign)
    if form.is_valid() and not form.cleaned_data["confirmed"]:
        tribe = form.cleaned_data["tribe"]
        state = season_choice(membership.campaign, can_write=membership.can_write)
        if state.can_redraw and tribe in state.redraw_tribes:
            confirm = {
                "tribe": tribe,
                "totals": state.totals[tribe.pk],
                "message": services.REDRAW_CONFIRMATION,
            }
            return _choice_response(
                request, membership, SeasonForms(redraw=form), redraw_confirm=confirm
            )
    return _choice_action(
        request,
        membership,
        form,
        lambda data: services.scenario_redraw(
            tribe=data["tribe"], actor=request.user, confirmed=data["confirmed"]
        ),
        field="tribe",
        refused_forms=SeasonForms(redraw=form),
    )


@campaign_view(game="occulites")
@require_POST
def deck_set(request, membership):
    form = DeckForm(request.POST)

    def settings(outcome):
        if outcome.ok:
            return render_page(
                request, SEASON_TEMPLATE, _season_context(membership), partial="settings"
            )
        context = _season_context(membership, SeasonForms(deck=form))
        return render_page(request, SEASON_TEMPLATE, context, partial="deck_form")

    return form_action(
        request,
        form,
        lambda data: services.season_set_deck(
            campaign=membership.campaign, actor=request.user, card_counts=data["card_counts"]
        ),
        success_url=_season_url(membership, "season-deck"),
        render_fragment=settings,
        field="card_counts",
        retarget_to="#season-deck-form",
    )


# --- the Long Dark ----------------------------------------------------------------------


@dataclass
class LongDarkRow:
    """A tribe in the Long Dark, ready for the page."""

    standing: object
    totals: dict
    chance: str
    dice: list = field(default_factory=list)
    can_reroll: bool = False
    roll_form: LongDarkRollForm | None = None
    reroll_form: LongDarkRerollForm | None = None
    error: str = ""

    @property
    def tribe(self) -> Tribe:
        return self.standing.tribe

    @property
    def outcome(self):
        return self.standing.outcome


def _long_dark_context(membership, *, roll_forms=None, reroll_forms=None, errors=None) -> dict:
    roll_forms, reroll_forms, errors = roll_forms or {}, reroll_forms or {}, errors or {}
    campaign = membership.campaign
    season = services.season_for(campaign)
    standings, winners = long_dark_standings(campaign)
    cost = long_dark_rules.REROLL_VP_COST
    rows = []
    for standing in standings:
        tribe = standing.tribe
        record = getattr(tribe, "long_dark_roll", None)
        tribe_totals = standing.totals
        affordable = min(tribe_totals["total_vp"], tribe_totals["available_spend_total"]) >= cost
        dice = []
        if record is not None:
            dice = [
                {
                    "index": index,
                    "number": index + 1,
                    "value": value,
                    "rerolled": index in record.rerolled,
                    "can_reroll": affordable and index not in record.rerolled,
                }
                for index, value in enumerate(record.dice)
            ]
        rerollable = [
            (die["index"], f"Die {die['number']} (shows {die['value']})")
            for die in dice
            if die["can_reroll"]
        ]
        rows.append(
            LongDarkRow(
                standing=standing,
                totals=tribe_totals,
                chance=percent(standing.survival_chance),
                dice=dice,
                can_reroll=bool(rerollable),
                roll_form=roll_forms.get(tribe.pk)
                or fresh_form(LongDarkRollForm, None, auto_id=f"id_t{tribe.pk}_%s"),
                reroll_form=reroll_forms.get(tribe.pk)
                or fresh_form(
                    LongDarkRerollForm,
                    None,
                    auto_id=f"id_r{tribe.pk}_%s",
                    dice_choices=rerollable,
                ),
                error=errors.get(tribe.pk, ""),
            )
        )
    all_rolled = bool(rows) and all(row.outcome for row in rows)
    final = []
    if all_rolled:
        final = sorted(
            rows,
            key=lambda row: (not row.outcome.survived, -row.outcome.final_victory_points),
        )
    return {
        "campaign": campaign,
        "membership": membership,
        "tab": "season",
        "season": season,
        "season_timeslots": SEASON_TIMESLOTS,
        "rows": rows,
        "all_rolled": all_rolled,
        "final": final,
        "winners": set(winners),
        "survival_heat": long_dark_rules.SURVIVAL_HEAT,
        "reroll_cost": cost,
        "die_faces": f"{long_dark_rules.DIE_FACES[0]}-{long_dark_rules.DIE_FACES[-1]}",
    }


def _long_dark_response(request, membership, status=200, **forms):
    context = _long_dark_context(membership, **forms)
    return render_page(request, LONG_DARK_TEMPLATE, context, partial="long_dark", status=status)


def _long_dark_url(membership, tribe: Tribe) -> str:
    return reverse("occulites:long_dark", args=[membership.campaign_id]) + f"#tribe-{tribe.pk}"


@campaign_view(game="occulites")
@require_GET
def long_dark_page(request, membership):
    return _long_dark_response(request, membership)


@campaign_view(game="occulites")
@require_POST
def long_dark_roll(request, membership, tribe_id: int):
    tribe = get_object_or_404(Tribe, pk=tribe_id, campaign=membership.campaign)
    form = LongDarkRollForm(request.POST, auto_id=f"id_t{tribe.pk}_%s")

    def panel(outcome):
        if outcome.ok:
            return _long_dark_response(request, membership)
        if form.non_field_errors():
            # Not about what was typed (rolled already, not yet the Long Dark): the panel says it.
            return _long_dark_response(
                request, membership, status=outcome.status, errors={tribe.pk: outcome.message}
            )
        return _long_dark_response(
            request, membership, status=outcome.status, roll_forms={tribe.pk: form}
        )

    return form_action(
        request,
        form,
        lambda data: services.long_dark_roll(tribe=tribe, actor=request.user, dice=data["dice"]),
        success_url=_long_dark_url(membership, tribe),
        render_fragment=panel,
    )


@campaign_view(game="occulites")
@require_POST
def long_dark_reroll(request, membership, tribe_id: int):
    tribe = get_object_or_404(Tribe, pk=tribe_id, campaign=membership.campaign)
    form = LongDarkRerollForm(request.POST)

    def panel(outcome):
        if outcome.ok:
            return _long_dark_response(request, membership)
        if form.non_field_errors():
            error = outcome.message
        elif "value" in form.errors:
            error = "A die shows a digit from 0 to 9."
        else:
            error = "Pick a die to reroll."
        return _long_dark_response(
            request, membership, status=outcome.status, errors={tribe.pk: error}
        )

    return form_action(
        request,
        form,
        lambda data: services.long_dark_reroll(
            tribe=tribe,
            actor=request.user,
            die_index=data["die_index"],
            value=data["value"],
        ),
        success_url=_long_dark_url(membership, tribe),
        render_fragment=panel,
    )
