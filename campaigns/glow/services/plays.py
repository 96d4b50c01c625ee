"""The score pad: a play's creation, each tap of a butterfly stepper, the core score, the
group's pick among tied winners, finishing and reopening.

Butterfly Tokens - At the end of the game; Summary (1-6 players, the sets by player count).
"""

import datetime
from collections.abc import Sequence
from dataclasses import dataclass

from django.db import transaction

from campaigns.glow.catalog.adventurers import ADVENTURERS
from campaigns.glow.catalog.butterflies import COLOUR_NAMES
from campaigns.glow.catalog.journey_boards import JOURNEY_BOARDS
from campaigns.glow.rules.errors import RuleViolation
from campaigns.glow.rules.scoring import (
    Butterflies,
    PadScore,
    butterflies_step,
    check_core_score,
    check_seats,
    pad_score,
)
from campaigns.glow.rules.setup import setup_plan
from campaigns.table.errors import Conflict, ValidationError
from campaigns.table.ledger import lock_campaign, record_row_change
from campaigns.table.models import Campaign, LedgerEntry, Membership
from campaigns.table.ownership import check_may_change

from ..models import GlowSettings, Play, PlayStatus, Seat
from ._common import GlowKind, locked_play, machine, play_label, record_play

GUEST_NAME_MAX = 40
# What a phone saw in a field before the player changed it; absent means "don't check".
UNSEEN = object()


@dataclass(frozen=True)
class SeatEntry:
    """A seat as the pad's form gives it: a member (by user id) or a guest's name, and the
    adventurer (an expansion key, or a name from the group's list)."""

    adventurer: str
    member_id: int | None = None
    guest_name: str = ""


def _clean_guest(name: str) -> str:
    return " ".join((name or "").split())


def _seat_key(entry: SeatEntry) -> str:
    if entry.member_id is not None:
        return f"member:{entry.member_id}"
    return f"guest:{_clean_guest(entry.guest_name).casefold()}"


def check_play_input(
    *,
    campaign: Campaign,
    seats: Sequence[SeatEntry],
    journey_board: str,
    sets: Sequence[str],
    adventurer_names: Sequence[str],
) -> tuple[str, ...]:
    """Refuse a play the rules do not allow, naming the field: 1-6 seats, nobody twice, a
    member of the group or a named guest, a known adventurer and journey board, and sets
    the player count allows (Summary). Returns the sets in catalogue order."""
    if journey_board not in JOURNEY_BOARDS:
        raise ValidationError({"journey_board": "Choose one of the two journey boards."})
    members = set(Membership.objects.filter(campaign=campaign).values_list("user_id", flat=True))
    for entry in seats:
        if entry.member_id is None and not _clean_guest(entry.guest_name):
            raise ValidationError({"seats": "Each seat is a member of the group or a named guest."})
        if len(_clean_guest(entry.guest_name)) > GUEST_NAME_MAX:
            raise ValidationError({"seats": f"Keep a guest's name to {GUEST_NAME_MAX} characters."})
        if entry.member_id is not None and entry.member_id not in members:
            raise ValidationError({"seats": "That player is not a member of this group."})
        if entry.adventurer not in ADVENTURERS and entry.adventurer not in adventurer_names:
            raise ValidationError(
                {"seats": f"“{entry.adventurer}” is not an adventurer of this group."}
            )
    try:
        check_seats([_seat_key(entry) for entry in seats])
    except RuleViolation as refusal:
        raise ValidationError({"seats": str(refusal)}) from None
    try:
        plan = setup_plan(len(seats), sets)
    except RuleViolation as refusal:
        raise ValidationError({"sets": str(refusal)}) from None
    return plan.sets


def create_play_rows(
    *,
    campaign: Campaign,
    actor,
    played_on: datetime.date,
    journey_board: str,
    sets: tuple[str, ...],
    seats: Sequence[SeatEntry],
    **extra,
) -> Play:
    """The play and its seats (inside the caller's locked transaction)."""
    play = Play.objects.create(
        campaign=campaign,
        played_on=played_on,
        journey_board=journey_board,
        sets=list(sets),
        solo=len(seats) == 1,
        created_by=actor,
        **extra,
    )
    Seat.objects.bulk_create(
        Seat(
            play=play,
            position=position,
            member_id=entry.member_id,
            guest_name="" if entry.member_id is not None else _clean_guest(entry.guest_name),
            adventurer=entry.adventurer,
        )
        for position, entry in enumerate(seats, start=1)
    )
    return play


def _adventurer_names(campaign: Campaign) -> list[str]:
    return (
        GlowSettings.objects.filter(campaign=campaign)
        .values_list("adventurer_names", flat=True)
        .first()
        or []
    )


def play_create(
    *,
    campaign: Campaign,
    actor,
    played_on: datetime.date,
    journey_board: str,
    sets: Sequence[str],
    seats: Sequence[SeatEntry],
) -> Play:
    """Start a score pad: the date, the journey board, the sets and 1-6 seats (a 1-seat
    play is a solo game against Tom). Summary; Butterfly Tokens."""
    with transaction.atomic():
        campaign = lock_campaign(campaign.pk)
        chosen = check_play_input(
            campaign=campaign,
            seats=seats,
            journey_board=journey_board,
            sets=sets,
            adventurer_names=_adventurer_names(campaign),
        )
        play = create_play_rows(
            campaign=campaign,
            actor=actor,
            played_on=played_on,
            journey_board=journey_board,
            sets=chosen,
            seats=seats,
        )
        deltas: dict = {"seats": machine(len(seats))}
        record_row_change(deltas, "play", play.pk, "exists", False, True)
        record_play(
            campaign=campaign,
            actor=actor,
            kind=GlowKind.PLAY_CREATE,
            play=play,
            reason=f"Started the score pad: {play_label(play)}, {len(seats)} seat(s)",
            deltas=deltas,
        )
    return play


def _locked_seat(seat: Seat | int, *, actor, editing: bool = True) -> tuple[Campaign, Play, Seat]:
    """Lock the seat's campaign and play, re-read the seat, and refuse `actor` when the owner
    keeps each seat to its member (a guest's seat belongs to nobody)."""
    seat_id = seat.pk if isinstance(seat, Seat) else seat
    play_id = Seat.objects.filter(pk=seat_id).values_list("play_id", flat=True).first()
    if play_id is None:
        raise Conflict("That seat is gone (its play was undone).")
    campaign, play = locked_play(play_id, editing=editing)
    seat = Seat.objects.select_related("member").get(pk=seat_id)
    check_may_change(campaign, actor, belongs_to_id=seat.member_id, what=seat.player_name)
    return campaign, play, seat


def seat_butterflies_step(*, seat: Seat | int, actor, colour: str, delta: int) -> LedgerEntry:
    """One tap of a +/- stepper on a seat's butterflies of one colour: 0 to 6, a 7th is
    refused (it would go face up beside the reserve). Butterfly Tokens - Setup and drawing
    butterfly tokens. Taps from several phones apply one after the other under the lock,
    so none is lost."""
    with transaction.atomic():
        campaign, play, seat = _locked_seat(seat, actor=actor)
        if play.reserve is not None:
            raise RuleViolation(
                "This play uses the app's butterfly reserve: draw or return tokens there instead"
            )
        before = Butterflies(seat.butterfly_counts)
        after = butterflies_step(before, colour, delta)
        old, new = before.count(colour), after.count(colour)
        setattr(seat, colour, new)
        seat.save(update_fields=[colour])
        deltas = {"butterflies": delta}
        record_row_change(deltas, "seat", seat.pk, colour, old, new)
        return record_play(
            campaign=campaign,
            actor=actor,
            kind=GlowKind.SEAT_BUTTERFLY,
            play=play,
            reason=f"{seat.player_name}: {COLOUR_NAMES[colour].lower()} butterflies {old} → {new}",
            deltas=deltas,
        )


def seat_core_score_set(
    *, seat: Seat | int, actor, core_score: int | None, expected=UNSEEN
) -> LedgerEntry | None:
    """Enter (or clear, with None) the core game's final count for a seat: 0-999 shards of
    light (the core count is not in our source). `expected` is the value the phone showed:
    if another phone changed it meanwhile, the change is refused (409) rather than
    overwriting theirs."""
    if core_score is not None:
        check_core_score(core_score)
    with transaction.atomic():
        campaign, play, seat = _locked_seat(seat, actor=actor)
        if expected is not UNSEEN and expected != seat.core_score:
            shown = "empty" if seat.core_score is None else seat.core_score
            raise Conflict(
                f"Someone else changed {seat.player_name}'s core score meanwhile (it is now "
                f"{shown}); look again before changing it."
            )
        if core_score == seat.core_score:
            return None
        old = seat.core_score
        seat.core_score = core_score
        seat.save(update_fields=["core_score"])
        deltas: dict = {}
        record_row_change(deltas, "seat", seat.pk, "core_score", old, core_score)
        return record_play(
            campaign=campaign,
            actor=actor,
            kind=GlowKind.SEAT_CORE,
            play=play,
            reason=f"{seat.player_name}: core score {old if old is not None else '–'} → "
            f"{core_score if core_score is not None else '–'}",
            deltas=deltas,
        )


def play_pad_score(play: Play, seats: Sequence[Seat], *, with_pick: bool = True) -> PadScore:
    """The pad's shards, totals, ranking and winners for the seats as they stand. A pick
    that no longer matches a tie (the totals changed since) is left out."""
    lines = [
        (seat.player_key, seat.core_score, Butterflies(seat.butterfly_counts)) for seat in seats
    ]
    picked = None
    if with_pick and play.picked_seat is not None:
        picked = next((s.player_key for s in seats if s.position == play.picked_seat), None)
    try:
        return pad_score(lines, picked)
    except RuleViolation:
        return pad_score(lines)


def play_winner_pick(*, play: Play | int, actor, seat_id: int | None) -> LedgerEntry:
    # `seat_id` is the seat's id as the page shows it; the play stores its position.
    """The group breaks a tie for first place itself (the core tie-break is not in our
    source); the pad records that the winner was picked. None clears the pick."""
    with transaction.atomic():
        campaign, play = locked_play(play)
        seats = list(play.seats.select_related("member"))
        if play.solo:
            raise RuleViolation("A solo game is won against Tom: there is no tie to pick in")
        position = None
        if seat_id is not None:
            seat = next((s for s in seats if s.pk == seat_id), None)
            if seat is None:
                raise ValidationError({"seat": "Choose one of this play's seats."})
            position = seat.position
            lines = [(s.player_key, s.core_score, Butterflies(s.butterfly_counts)) for s in seats]
            pad_score(lines, seat.player_key)
            reason = f"The group picked {seat.player_name} as the winner of the tie"
        else:
            reason = "Cleared the picked winner: the tie stands"
        if play.picked_seat == position:
            raise RuleViolation("That is already the group's pick")
        deltas: dict = {}
        record_row_change(deltas, "play", play.pk, "picked_seat", play.picked_seat, position)
        play.picked_seat = position
        play.save(update_fields=["picked_seat"])
        return record_play(
            campaign=campaign,
            actor=actor,
            kind=GlowKind.PLAY_WINNER,
            play=play,
            reason=reason,
            deltas=deltas,
        )


def play_finish(*, play: Play | int, actor) -> LedgerEntry:
    """Lock the pad: every seat's core score is entered (and, solo, Tom is counted). From
    then on it changes only after reopening."""
    with transaction.atomic():
        campaign, play = locked_play(play)
        seats = list(play.seats.select_related("member"))
        missing = [seat.player_name for seat in seats if seat.core_score is None]
        if missing:
            raise RuleViolation(
                f"Enter the core game's final count first for: {', '.join(missing)}"
            )
        if play.solo and play.tom_score is None:
            raise RuleViolation(
                "Count Tom's points first: the game ends when his pile runs out a second time"
            )
        deltas: dict = {}
        record_row_change(deltas, "play", play.pk, "status", play.status, PlayStatus.FINISHED)
        play.status = PlayStatus.FINISHED
        play.save(update_fields=["status"])
        return record_play(
            campaign=campaign,
            actor=actor,
            kind=GlowKind.PLAY_FINISH,
            play=play,
            reason=f"Finished the score pad: {play_label(play)}",
            deltas=deltas,
        )


def play_reopen(*, play: Play | int, actor) -> LedgerEntry:
    """Unlock a finished pad so it can be corrected (the change is in the ledger)."""
    with transaction.atomic():
        campaign, play = locked_play(play, editing=False)
        if not play.finished:
            raise Conflict("This play is open already.")
        deltas: dict = {}
        record_row_change(deltas, "play", play.pk, "status", play.status, PlayStatus.OPEN)
        play.status = PlayStatus.OPEN
        play.save(update_fields=["status"])
        return record_play(
            campaign=campaign,
            actor=actor,
            kind=GlowKind.PLAY_REOPEN,
            play=play,
            reason=f"Reopened the score pad: {play_label(play)}",
            deltas=deltas,
        )
