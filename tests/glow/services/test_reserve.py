"""The butterfly reserve on a play: draws go to the shared log and the pad follows
(Butterfly Tokens - Setup and drawing butterfly tokens; New effects)."""

import random

import pytest

from campaigns.glow import services
from campaigns.glow.catalog.butterflies import COLOURS
from campaigns.glow.models import Play
from campaigns.glow.rules.errors import RuleViolation
from campaigns.glow.rules.reserve import ButterflyReserve
from campaigns.table.errors import ValidationError
from campaigns.table.ledger import last_undoable_entry, ledger_undo
from campaigns.table.models import DrawLogEntry
from tests.glow.conftest import SPECIAL_COUNTS


@pytest.fixture
def reserve_play(campaign, user, duel):
    services.settings_special_counts_set(campaign=campaign, actor=user, counts=SPECIAL_COUNTS)
    services.butterfly_reserve_start(play=duel, actor=user)
    duel.refresh_from_db()
    return duel


def _reserve(play: Play) -> ButterflyReserve:
    play.refresh_from_db()
    return ButterflyReserve.from_dict(play.reserve)


def test_the_reserve_needs_the_special_counts_entered(duel, user):
    with pytest.raises(RuleViolation, match="special tokens are of each kind"):
        services.butterfly_reserve_start(play=duel, actor=user)


def test_a_new_reserve_holds_all_60_tokens(reserve_play):
    reserve = _reserve(reserve_play)
    assert reserve.face_down_total == 60 and reserve.tokens_total == 60


def test_a_draw_goes_to_the_shared_log_and_the_pad_follows(reserve_play, user):
    seat = reserve_play.seats.first()
    services.butterfly_reserve_draw(
        play=reserve_play, actor=user, seat_id=seat.pk, count=5, rng=random.Random(4)
    )
    reserve = _reserve(reserve_play)
    seat.refresh_from_db()
    held = reserve.held(f"seat:{seat.pk}")
    assert seat.butterfly_counts == held[:6]
    log = DrawLogEntry.objects.get(tool=services.RESERVE_TOOL)
    assert log.result["seat"] == seat.pk and len(log.result["drawn"]) == 5
    assert log.label == "owner draws 5 butterfly tokens"
    assert reserve.tokens_total == 60


def test_steppers_are_refused_while_the_reserve_keeps_count(reserve_play, user):
    with pytest.raises(RuleViolation, match="app's butterfly reserve"):
        services.seat_butterflies_step(
            seat=reserve_play.seats.first(), actor=user, colour="red", delta=1
        )


def test_draw_counts_outside_1_to_10_are_refused(reserve_play, user):
    for count in (0, 11):
        with pytest.raises(ValidationError, match="1 to 10"):
            services.butterfly_reserve_draw(
                play=reserve_play, actor=user, seat_id=reserve_play.seats.first().pk, count=count
            )
    assert not DrawLogEntry.objects.exists()


def test_return_of_your_choice_then_end_of_noon_mixes_them_back(reserve_play, user):
    seat = reserve_play.seats.first()
    services.butterfly_reserve_draw(
        play=reserve_play, actor=user, seat_id=seat.pk, count=8, rng=random.Random(1)
    )
    seat.refresh_from_db()
    colour = next(c for c, n in zip(COLOURS, seat.butterfly_counts, strict=True) if n)
    before = getattr(seat, colour)
    with pytest.raises(RuleViolation, match="exactly 2"):
        services.butterfly_reserve_return(
            play=reserve_play, actor=user, seat_id=seat.pk, tokens={colour: 1}, expected=2
        )
    services.butterfly_reserve_return(
        play=reserve_play, actor=user, seat_id=seat.pk, tokens={colour: 1}
    )
    seat.refresh_from_db()
    assert getattr(seat, colour) == before - 1
    assert sum(_reserve(reserve_play).face_up) >= 1
    services.butterfly_reserve_end_noon(play=reserve_play, actor=user)
    assert sum(_reserve(reserve_play).face_up) == 0
    with pytest.raises(RuleViolation, match="No tokens lie face up"):
        services.butterfly_reserve_end_noon(play=reserve_play, actor=user)


def test_a_seventh_butterfly_of_a_colour_goes_beside_the_reserve(reserve_play, user):
    seat = reserve_play.seats.first()
    # Draw every token: the seat keeps at most 6 of each colour.
    services.butterfly_reserve_draw(
        play=reserve_play, actor=user, seat_id=seat.pk, count=10, rng=random.Random(2)
    )
    for _ in range(5):
        services.butterfly_reserve_draw(
            play=reserve_play, actor=user, seat_id=seat.pk, count=10, rng=random.Random(3)
        )
    seat.refresh_from_db()
    assert max(seat.butterfly_counts) <= 6
    reserve = _reserve(reserve_play)
    assert reserve.tokens_total == 60
    assert sum(reserve.face_up) > 0


def test_undoing_a_draw_puts_the_tokens_back(reserve_play, user, campaign):
    seat = reserve_play.seats.first()
    before = _reserve(reserve_play)
    services.butterfly_reserve_draw(
        play=reserve_play, actor=user, seat_id=seat.pk, count=3, rng=random.Random(5)
    )
    ledger_undo(campaign=campaign, actor=user, entry_id=last_undoable_entry(campaign).pk)
    assert _reserve(reserve_play) == before
    seat.refresh_from_db()
    assert seat.butterfly_counts == (0,) * 6
