"""The score pad: the group's plays, a new play, and one play's pad (butterfly steppers,
core scores, the tie pick, finishing and reopening, the butterfly reserve).

Each write parses a form and calls one service through the platform's `form_action`;
the pad is one live region, so every phone filling it sees the others' taps.
"""

from dataclasses import dataclass, field

from django.http import Http404
from django.shortcuts import get_object_or_404
from django.views.decorators.http import require_GET, require_POST

from campaigns.glow import services
from campaigns.glow.models import Play, Seat
from campaigns.glow.queries import (
    SeatLine,
    adventurer_choices,
    campaign_play,
    group_members,
    group_settings,
    pad_page,
    plays_page,
)
from campaigns.table.access import campaign_view
from campaigns.table.form_markup import fresh_form
from campaigns.table.htmx import campaign_context, form_action, render_page
from campaigns.table.ownership import member_may_change
from campaigns.table.panels import opened_panels, render_with_panels
from campaigns.table.url_cache import cached_reverse

from ..forms_common import NoInput
from .forms import (
    CoreScoreForm,
    PlayForm,
    ReserveDrawForm,
    ReserveReturnForm,
    ReserveUseForm,
    StepForm,
    WinnerForm,
)

PLAYS_TEMPLATE = "glow/plays.html"
PAD_TEMPLATE = "glow/pad.html"


@dataclass
class PadErrors:
    """Refusals to show beside what caused them (the rest of the pad is fresh)."""

    pad: str = ""
    conflict: bool = False
    seat: dict = field(default_factory=dict)  # seat id -> stepper refusal
    core: dict = field(default_factory=dict)  # seat id -> bound CoreScoreForm
    tom: str = ""
    tom_form: object = None
    reserve: str = ""
    reserve_forms: dict = field(default_factory=dict)


def play_or_404(membership, play_id: int) -> Play:
    play = campaign_play(membership.campaign, play_id)
    if play is None:
        raise Http404("No such play")
    return play


def pad_url(play: Play) -> str:
    return cached_reverse("glow:pad", (play.campaign_id, play.pk))


@dataclass(frozen=True)
class SeatControls:
    """One seat of the pad with what this member sees of its controls."""

    line: SeatLine
    steppers: bool  # the − and + buttons: a seat this member may change, the pad still open
    core_input: bool  # the core score's input (else the score as text)
    step_error: str
    core_form: CoreScoreForm | None  # the refused core score, bound, to show beside it


def _seat_controls(page, changeable_seats: set[int], errors: PadErrors) -> list[SeatControls]:
    play = page.play
    return [
        SeatControls(
            line=line,
            steppers=line.seat.pk in changeable_seats and not play.finished and not play.reserve,
            core_input=line.seat.pk in changeable_seats and not play.finished,
            step_error=errors.seat.get(line.seat.pk, ""),
            core_form=errors.core.get(line.seat.pk),
        )
        for line in page.lines
    ]


def pad_context(membership, play: Play, errors: PadErrors | None = None) -> dict:
    page = pad_page(membership.campaign, play, membership)
    # The seats whose controls this member may use: write access, and (where the owner
    # keeps each seat to its member) their own seat and the guests' (an owner: every seat).
    changeable_seats = {
        line.seat.pk
        for line in page.lines
        if member_may_change(membership, belongs_to_id=line.seat.member_id)
    }
    errors = errors or PadErrors()
    return campaign_context(
        membership,
        "solo" if play.solo else "plays",
        page=page,
        play=play,
        errors=errors,
        seats=_seat_controls(page, changeable_seats, errors),
        reserve_forms=_reserve_forms(page, errors, changeable_seats),
        undo_entry=page.undo_entry,
        next=pad_url(play),
    )


def _reserve_forms(page, errors: PadErrors, changeable_seats: set[int]) -> dict:
    """The reserve's draw and return forms, offering the seats this member may change;
    none where the pad shows no reserve to draw from."""
    if page.reserve is None or page.play.finished:
        return {}
    seat_choices = tuple(
        (line.seat.pk, line.seat.player_name)
        for line in page.lines
        if line.seat.pk in changeable_seats
    )
    # Fresh forms from remembered markup (the same on every redraw while the seats stay).
    return {
        "draw": errors.reserve_forms.get("draw")
        or fresh_form(ReserveDrawForm, None, seat_choices=seat_choices),
        "return": errors.reserve_forms.get("return")
        or fresh_form(ReserveReturnForm, None, seat_choices=seat_choices),
    }


def render_pad(request, membership, play_id: int, errors: PadErrors | None = None, play=None):
    """The pad as it is now: `play` as just read, else read again (an action may have
    changed or deleted it)."""
    if play is None:
        play = campaign_play(membership.campaign, play_id)
    if play is None:
        raise Http404("That play is gone")
    context = pad_context(membership, play, errors)
    return render_page(request, PAD_TEMPLATE, context, partial="pad")


def pad_action(request, membership, play: Play, form, call, *, show_error, field=None):
    """Run one pad action; a refusal (422) or conflict (409) re-renders the fresh pad
    with the message where `show_error(errors, outcome)` puts it."""

    def fragment(outcome):
        errors = PadErrors()
        if not outcome.ok:
            errors.conflict = outcome.status == 409
            if errors.conflict:
                errors.pad = outcome.message
            else:
                show_error(errors, outcome)
        return render_pad(request, membership, play.pk, errors)

    return form_action(
        request, form, call, success_url=pad_url(play), render_fragment=fragment, field=field
    )


def _at_top(errors: PadErrors, outcome) -> None:
    errors.pad = outcome.message


# --- the plays list and a new play -------------------------------------------------------


def _play_form(campaign, data=None) -> PlayForm:
    return PlayForm(
        data,
        members=group_members(campaign),
        adventurers=[("", "— choose —"), *adventurer_choices(group_settings(campaign))],
        auto_id="id_new_%s",
    )


# The new-play form sits in a closed panel (campaigns.table.panels): most visits to the
# plays list start no game, and the form with its six seat rows was most of the page's cost.
NEW_PLAY_PANEL = "new_play"


def _plays(request, membership, form=None):
    page = plays_page(membership.campaign, membership)
    context = campaign_context(membership, "plays", page=page, undo_entry=page.undo_entry)
    if membership.can_write:
        asked = request.htmx and request.GET.get("panel") == NEW_PLAY_PANEL
        # Drawn open for a refused form, when asked for, and while the group has no play yet.
        drawn = (
            form is not None
            or asked
            or NEW_PLAY_PANEL in opened_panels(request)
            or not (page.open_plays or page.finished_plays)
        )
        context["panels"] = {NEW_PLAY_PANEL: drawn}
        # The live region's fragment has no form: it is built (with the members and settings
        # it offers) only where it is drawn.
        if drawn and (asked or not request.htmx):
            context["form"] = form or _play_form(membership.campaign)
    return render_with_panels(
        request,
        PLAYS_TEMPLATE,
        context,
        {NEW_PLAY_PANEL: ()},
        region="plays_list",
    )


@campaign_view(game="glow")
@require_GET
def plays(request, membership):
    return _plays(request, membership)


@campaign_view(game="glow")
@require_POST
def play_create(request, membership):
    form = _play_form(membership.campaign, request.POST)

    def call(data):
        return services.play_create(
            campaign=membership.campaign,
            actor=request.user,
            played_on=data["played_on"],
            journey_board=data["journey_board"],
            sets=data["sets"],
            seats=data["seats"],
        )

    return form_action(
        request,
        form,
        call,
        success_url=pad_url,
        render_fragment=lambda outcome: _plays(request, membership, form=form),
    )


# --- one play's pad ------------------------------------------------------------------------


@campaign_view(game="glow")
@require_GET
def pad(request, membership, play_id: int):
    return render_pad(request, membership, play_id, play=play_or_404(membership, play_id))


def _seat_or_404(play: Play, seat_id: int) -> Seat:
    return get_object_or_404(Seat, play=play, pk=seat_id)


@campaign_view(game="glow")
@require_POST
def seat_step(request, membership, play_id: int, seat_id: int):
    play = play_or_404(membership, play_id)
    seat = _seat_or_404(play, seat_id)
    form = StepForm(request.POST)

    def call(data):
        colour, delta = data["step"]
        return services.seat_butterflies_step(
            seat=seat, actor=request.user, colour=colour, delta=delta
        )

    def show(errors, outcome):
        errors.seat[seat.pk] = outcome.message

    return pad_action(request, membership, play, form, call, show_error=show)


@campaign_view(game="glow")
@require_POST
def seat_core(request, membership, play_id: int, seat_id: int):
    play = play_or_404(membership, play_id)
    seat = _seat_or_404(play, seat_id)
    form = CoreScoreForm(request.POST, auto_id=f"id_seat{seat.pk}_%s")

    def call(data):
        kwargs = {} if "expected" not in request.POST else {"expected": data["expected"]}
        return services.seat_core_score_set(
            seat=seat, actor=request.user, core_score=data["core_score"], **kwargs
        )

    def show(errors, outcome):
        errors.core[seat.pk] = form

    return pad_action(request, membership, play, form, call, show_error=show, field="core_score")


@campaign_view(game="glow")
@require_POST
def winner_pick(request, membership, play_id: int):
    play = play_or_404(membership, play_id)
    form = WinnerForm(request.POST)

    def call(data):
        return services.play_winner_pick(play=play, actor=request.user, seat_id=data["seat"])

    return pad_action(request, membership, play, form, call, show_error=_at_top)


@campaign_view(game="glow")
@require_POST
def play_finish(request, membership, play_id: int):
    play = play_or_404(membership, play_id)
    return pad_action(
        request,
        membership,
        play,
        NoInput(request.POST),
        lambda data: services.play_finish(play=play, actor=request.user),
        show_error=_at_top,
    )


@campaign_view(game="glow")
@require_POST
def play_reopen(request, membership, play_id: int):
    play = play_or_404(membership, play_id)
    return pad_action(
        request,
        membership,
        play,
        NoInput(request.POST),
        lambda data: services.play_reopen(play=play, actor=request.user),
        show_error=_at_top,
    )


# --- the butterfly reserve -------------------------------------------------------------------


def _reserve_error(errors: PadErrors, outcome) -> None:
    errors.reserve = outcome.message


def _seat_choices(play: Play):
    return [(seat.pk, seat.player_name) for seat in play.seats.select_related("member")]


@campaign_view(game="glow")
@require_POST
def reserve_start(request, membership, play_id: int):
    play = play_or_404(membership, play_id)
    return pad_action(
        request,
        membership,
        play,
        NoInput(request.POST),
        lambda data: services.butterfly_reserve_start(play=play, actor=request.user),
        show_error=_reserve_error,
    )


@campaign_view(game="glow")
@require_POST
def reserve_draw(request, membership, play_id: int):
    play = play_or_404(membership, play_id)
    form = ReserveDrawForm(request.POST, seat_choices=_seat_choices(play))

    def call(data):
        return services.butterfly_reserve_draw(
            play=play, actor=request.user, seat_id=data["seat"], count=data["count"]
        )

    def show(errors, outcome):
        errors.reserve_forms["draw"] = form
        if not form.errors:
            errors.reserve = outcome.message

    return pad_action(request, membership, play, form, call, show_error=show, field="count")


@campaign_view(game="glow")
@require_POST
def reserve_return(request, membership, play_id: int):
    play = play_or_404(membership, play_id)
    form = ReserveReturnForm(request.POST, seat_choices=_seat_choices(play))

    def call(data):
        return services.butterfly_reserve_return(
            play=play,
            actor=request.user,
            seat_id=data["seat"],
            tokens=form.tokens(),
            expected=data["expected"],
        )

    def show(errors, outcome):
        errors.reserve_forms["return"] = form

    return pad_action(request, membership, play, form, call, show_error=show)


@campaign_view(game="glow")
@require_POST
def reserve_use(request, membership, play_id: int):
    play = play_or_404(membership, play_id)
    form = ReserveUseForm(request.POST)

    def call(data):
        return services.butterfly_reserve_use_special(
            play=play, actor=request.user, seat_id=data["seat"], kind=data["kind"]
        )

    return pad_action(request, membership, play, form, call, show_error=_reserve_error)


@campaign_view(game="glow")
@require_POST
def reserve_noon(request, membership, play_id: int):
    play = play_or_404(membership, play_id)
    return pad_action(
        request,
        membership,
        play,
        NoInput(request.POST),
        lambda data: services.butterfly_reserve_end_noon(play=play, actor=request.user),
        show_error=_reserve_error,
    )
