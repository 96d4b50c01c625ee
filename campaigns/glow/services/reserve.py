"""The butterfly reserve, for groups who let the app stand in for the face-down pile.

Butterfly Tokens - Setup and drawing butterfly tokens; The cards in detail - New effects.
The reserve lives on the play; every draw also goes to the campaign's shared
dice-and-draw log, and each seat's butterflies on the pad follow its holdings.
"""

import random
from collections.abc import Mapping

from django.db import transaction

from campaigns.glow.catalog.butterflies import COLOUR_NAMES, COLOURS, SPECIAL_KINDS
from campaigns.glow.rules.errors import RuleViolation
from campaigns.glow.rules.reserve import (
    ButterflyReserve,
    reserve_create,
    reserve_draw,
    reserve_end_of_noon,
    reserve_return,
    reserve_seat_butterflies,
    reserve_use_special,
)
from campaigns.table.errors import ValidationError
from campaigns.table.ledger import record_row_change
from campaigns.table.models import LedgerEntry
from campaigns.table.ownership import check_may_change
from campaigns.table.services import draw_log_record

from ..models import Play, Seat
from ._common import GlowKind, default_rng, locked_play, locked_settings, record_play

RESERVE_TOOL = "glow.reserve"
# No card draws more than this at once; a bigger number is a typing slip.
DRAW_MAX = 10


def reserve_seat_key(seat: Seat) -> str:
    return f"seat:{seat.pk}"


def token_name(kind: str) -> str:
    return COLOUR_NAMES[kind] if kind in COLOURS else SPECIAL_KINDS[kind].name


def _reserve(play: Play) -> ButterflyReserve:
    if play.reserve is None:
        raise RuleViolation("This play does not use the app's butterfly reserve")
    return ButterflyReserve.from_dict(play.reserve)


def _seat_of(campaign, play: Play, seat_id: int, *, actor) -> Seat:
    """One of the play's seats, which `actor` may change under the owner's policy (a guest's
    seat belongs to nobody)."""
    seat = Seat.objects.select_related("member").filter(play=play, pk=seat_id).first()
    if seat is None:
        raise ValidationError({"seat": "Choose one of this play's seats."})
    check_may_change(campaign, actor, belongs_to_id=seat.member_id, what=seat.player_name)
    return seat


def _save(play: Play, reserve: ButterflyReserve, seats: list[Seat], deltas: dict) -> None:
    """Store the reserve and make each seat's butterflies on the pad follow its holdings,
    noting every change for undo."""
    new = reserve.to_dict()
    record_row_change(deltas, "play", play.pk, "reserve", play.reserve, new)
    play.reserve = new
    play.save(update_fields=["reserve"])
    for seat in seats:
        counts = reserve_seat_butterflies(reserve, reserve_seat_key(seat)).as_mapping()
        changed = [colour for colour in COLOURS if getattr(seat, colour) != counts[colour]]
        for colour in changed:
            record_row_change(
                deltas, "seat", seat.pk, colour, getattr(seat, colour), counts[colour]
            )
            setattr(seat, colour, counts[colour])
        if changed:
            seat.save(update_fields=changed)


def butterfly_reserve_start(*, play: Play | int, actor) -> LedgerEntry:
    """Put all 60 tokens face down: 8 of each colour and the 12 specials in the counts the
    group entered once. Butterfly Tokens - Setup; Components."""
    with transaction.atomic():
        campaign, play = locked_play(play)
        if play.reserve is not None:
            raise RuleViolation("This play's reserve is already on the table")
        group_settings = locked_settings(campaign)
        if not group_settings.special_counts:
            raise RuleViolation(
                "Enter how many of the 12 special tokens are of each kind in the group "
                "settings first (the split is not printed)"
            )
        seats = list(play.seats.select_related("member"))
        if any(any(seat.butterfly_counts) for seat in seats):
            raise RuleViolation(
                "Start the reserve before anyone has butterflies, so the pad and the reserve agree"
            )
        reserve = reserve_create(
            group_settings.special_counts, [reserve_seat_key(s) for s in seats]
        )
        deltas: dict = {}
        _save(play, reserve, seats, deltas)
        return record_play(
            campaign=campaign,
            actor=actor,
            kind=GlowKind.RESERVE_START,
            play=play,
            reason="Put the 60 butterfly tokens face down in the app's reserve",
            deltas=deltas,
        )


def butterfly_reserve_draw(
    *, play: Play | int, actor, seat_id: int, count: int, rng: random.Random | None = None
) -> LedgerEntry:
    """A card lets a seat draw `count` tokens at random: butterflies are kept face up (a
    7th of a colour goes face up beside the reserve), a special acting on the draw is
    taken at once and goes beside the reserve, a kept special stays with the seat.
    Butterfly Tokens - Setup and drawing butterfly tokens; New effects."""
    if not 1 <= count <= DRAW_MAX:
        raise ValidationError({"count": f"A card draws 1 to {DRAW_MAX} butterfly tokens."})
    rng = rng or default_rng()
    with transaction.atomic():
        campaign, play = locked_play(play)
        reserve = _reserve(play)
        seat = _seat_of(campaign, play, seat_id, actor=actor)
        draw = reserve_draw(reserve, reserve_seat_key(seat), count, rng)
        deltas: dict = {"drawn": len(draw.drawn)}
        _save(play, draw.reserve, [seat], deltas)
        summary = ", ".join(token_name(kind) for kind in draw.drawn) or "nothing"
        notes = []
        if draw.surplus:
            notes.append(
                f"past 6, face up beside the reserve: {', '.join(map(token_name, draw.surplus))}"
            )
        if draw.on_draw:
            notes.append(f"take at once: {', '.join(map(token_name, draw.on_draw))}")
        if draw.short_by:
            notes.append(f"the reserve was {draw.short_by} short")
        if notes:
            summary += " (" + "; ".join(notes) + ")"
        draw_log_record(
            campaign=campaign,
            actor=actor,
            tool=RESERVE_TOOL,
            label=f"{seat.player_name} draws {count} butterfly token{'s' if count != 1 else ''}",
            result={
                "play": play.pk,
                "seat": seat.pk,
                "drawn": list(draw.drawn),
                "kept": list(draw.kept),
                "surplus": list(draw.surplus),
                "on_draw": list(draw.on_draw),
                "short_by": draw.short_by,
            },
            summary=summary,
        )
        return record_play(
            campaign=campaign,
            actor=actor,
            kind=GlowKind.RESERVE_DRAW,
            play=play,
            reason=f"{seat.player_name} drew {summary}",
            deltas=deltas,
        )


def butterfly_reserve_return(
    *, play: Play | int, actor, seat_id: int, tokens: Mapping[str, int], expected: int | None = None
) -> LedgerEntry:
    """Return tokens of the seat's choice face up beside the reserve (a card that draws and
    returns the same number, such as Ty Fla, or a card's cost). New effects."""
    chosen = [kind for kind, times in tokens.items() for _ in range(times)]
    if not chosen:
        raise ValidationError({"tokens": "Choose the tokens to return."})
    with transaction.atomic():
        campaign, play = locked_play(play)
        reserve = _reserve(play)
        seat = _seat_of(campaign, play, seat_id, actor=actor)
        new = reserve_return(reserve, reserve_seat_key(seat), chosen, expected=expected)
        deltas: dict = {"returned": len(chosen)}
        _save(play, new, [seat], deltas)
        return record_play(
            campaign=campaign,
            actor=actor,
            kind=GlowKind.RESERVE_RETURN,
            play=play,
            reason=f"{seat.player_name} returned {', '.join(map(token_name, chosen))} beside the reserve",
            deltas=deltas,
        )


def butterfly_reserve_use_special(
    *, play: Play | int, actor, seat_id: int, kind: str
) -> LedgerEntry:
    """Play a special token kept in front of the seat; it then goes face up beside the
    reserve. Butterfly Tokens - Setup and drawing butterfly tokens."""
    if kind not in SPECIAL_KINDS:
        raise ValidationError({"kind": "Choose one of the special tokens."})
    with transaction.atomic():
        campaign, play = locked_play(play)
        reserve = _reserve(play)
        seat = _seat_of(campaign, play, seat_id, actor=actor)
        new = reserve_use_special(reserve, reserve_seat_key(seat), kind)
        deltas: dict = {}
        _save(play, new, [seat], deltas)
        return record_play(
            campaign=campaign,
            actor=actor,
            kind=GlowKind.RESERVE_USE,
            play=play,
            reason=f"{seat.player_name} played “{SPECIAL_KINDS[kind].name}”",
            deltas=deltas,
        )


def butterfly_reserve_end_noon(*, play: Play | int, actor) -> LedgerEntry:
    """End of Noon: the tokens face up beside the reserve are turned over and mixed back
    in. Butterfly Tokens; New conditions."""
    with transaction.atomic():
        campaign, play = locked_play(play)
        reserve = _reserve(play)
        if not any(reserve.face_up):
            raise RuleViolation("No tokens lie face up beside the reserve to mix back in")
        new = reserve_end_of_noon(reserve)
        deltas: dict = {"mixed_back": sum(reserve.face_up)}
        _save(play, new, [], deltas)
        return record_play(
            campaign=campaign,
            actor=actor,
            kind=GlowKind.RESERVE_NOON,
            play=play,
            reason=f"End of Noon: {sum(reserve.face_up)} face-up token(s) mixed back into the reserve",
            deltas=deltas,
        )
