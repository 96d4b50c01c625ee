"""What the Glow player actions share: the ledger kinds, locking a play, the entry."""

import random
from enum import StrEnum

from campaigns.table.errors import Conflict
from campaigns.table.ledger import ledger_record, lock_campaign
from campaigns.table.models import Campaign, LedgerEntry

from ..models import GlowSettings, Play

SUBJECT_PLAY = "play"
SUBJECT_SETTINGS = "settings"


class GlowKind(StrEnum):
    """The kinds of the ledger entries Glow writes (all undoable except the undo itself)."""

    PLAY_CREATE = "glow.play.create"
    SEAT_BUTTERFLY = "glow.seat.butterfly"
    SEAT_CORE = "glow.seat.core"
    PLAY_WINNER = "glow.play.winner"
    PLAY_FINISH = "glow.play.finish"
    PLAY_REOPEN = "glow.play.reopen"
    RESERVE_START = "glow.reserve.start"
    RESERVE_DRAW = "glow.reserve.draw"
    RESERVE_RETURN = "glow.reserve.return"
    RESERVE_USE = "glow.reserve.use"
    RESERVE_NOON = "glow.reserve.noon"
    TOM_SETUP = "glow.tom.setup"
    TOM_TAKE = "glow.tom.take"
    TOM_SPECIAL = "glow.tom.special"
    TOM_EVENING = "glow.tom.evening"
    TOM_COUNT = "glow.tom.count"
    SETTINGS = "glow.settings"


def default_rng() -> random.Random:
    return random.SystemRandom()


def play_label(play: Play) -> str:
    return f"Play of {play.played_on:%d %b %Y}"


def locked_play(play: Play | int, *, editing: bool = True) -> tuple[Campaign, Play]:
    """Lock the play's campaign and re-read the play under the lock. A finished play is
    locked against changes (`editing`): it must be reopened first (409)."""
    play_id = play.pk if isinstance(play, Play) else play
    campaign_id = Play.objects.filter(pk=play_id).values_list("campaign_id", flat=True).first()
    if campaign_id is None:
        raise Conflict("That play is gone (its creation was undone).")
    campaign = lock_campaign(campaign_id)
    play = Play.objects.get(pk=play_id)
    if editing and play.finished:
        raise Conflict("This play is finished and locked: reopen it to change it.")
    return campaign, play


def locked_settings(campaign: Campaign) -> GlowSettings:
    """The group's settings row (made on first use), read under the caller's lock."""
    group_settings, _ = GlowSettings.objects.get_or_create(campaign=campaign)
    return group_settings


def record_play(
    *, campaign: Campaign, actor, kind: GlowKind, play: Play, reason: str, deltas: dict
) -> LedgerEntry:
    """The entry of an action on a play. Deltas hold only numbers and {"from", "to"}
    changes (so the platform can reverse them): machine data goes in as {"from", "to"}."""
    return ledger_record(
        campaign=campaign,
        actor=actor,
        kind=kind,
        subject_type=SUBJECT_PLAY,
        subject_id=play.pk,
        subject_label=play_label(play),
        reason=reason,
        deltas=deltas,
    )


def machine(value) -> dict:
    """A value the code must find again in an entry, in the form undo can reverse."""
    return {"from": None, "to": value}
