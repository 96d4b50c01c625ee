"""The score pad's services against the database: each action writes one ledger entry,
refuses before writing, and undoes (Butterfly Tokens - At the end of the game; Summary)."""

import pytest

from campaigns.glow import services
from campaigns.glow.models import Play, PlayStatus, Seat
from campaigns.glow.rules.errors import RuleViolation
from campaigns.glow.services import GlowKind, SeatEntry
from campaigns.table.errors import Conflict, ValidationError
from campaigns.table.ledger import last_undoable_entry, ledger_undo
from campaigns.table.models import LedgerEntry
from tests.glow.conftest import PLAYED_ON


@pytest.fixture
def nothing_written(campaign):
    """Assert an action wrote no play, seat or ledger entry and left the version alone."""

    def snapshot():
        campaign.refresh_from_db()
        return (
            Play.objects.count(),
            list(Seat.objects.values_list("pk", "core_score", "green", "red", "purple")),
            list(Play.objects.values_list("pk", "status", "picked_seat")),
            LedgerEntry.objects.filter(campaign=campaign).count(),
            campaign.version,
        )

    return snapshot


def _create(campaign, user, seats, sets=(), board="province_of_shadows"):
    return services.play_create(
        campaign=campaign,
        actor=user,
        played_on=PLAYED_ON,
        journey_board=board,
        sets=sets,
        seats=seats,
    )


def test_a_new_pad_has_its_seats_and_one_entry(campaign, user, duel):
    assert [seat.player_name for seat in duel.seats.all()] == ["owner", "Mira"]
    assert duel.status == PlayStatus.OPEN and not duel.solo
    entry = LedgerEntry.objects.filter(campaign=campaign).first()
    assert entry.kind == GlowKind.PLAY_CREATE
    assert entry.deltas[f"play.{duel.pk}.exists"] == {"from": False, "to": True}
    assert entry.deltas["seats"] == {"from": None, "to": 2}


@pytest.mark.parametrize(
    ("seats", "sets", "message"),
    [
        ([], (), "1 to 6 players"),
        ([SeatEntry("hulios", guest_name=f"Guest {n}") for n in range(7)], (), "1 to 6 players"),
        (
            [SeatEntry("hulios", guest_name="Mira"), SeatEntry("elldir", guest_name="mira ")],
            (),
            "seated twice",
        ),
        ([SeatEntry("hulios", guest_name="")], (), "a named guest"),
        ([SeatEntry("kaar", guest_name="Mira")], (), "not an adventurer"),
        ([SeatEntry("hulios", guest_name="Mira")], ("elemental",), "Anibloom set only"),
        (
            [SeatEntry("hulios", guest_name=f"G{n}") for n in range(6)],
            ("elemental", "anibloom"),
            "all 3 sets",
        ),
        ([SeatEntry("hulios", guest_name=f"G{n}") for n in range(5)], ("draconic",), "add 2 sets"),
    ],
    ids=[
        "no seat",
        "seven seats",
        "guest twice",
        "nameless",
        "adventurer",
        "solo set",
        "six",
        "five",
    ],
)
def test_a_pad_the_rules_do_not_allow_is_refused_and_nothing_written(
    campaign, user, nothing_written, seats, sets, message
):
    before = nothing_written()
    with pytest.raises(ValidationError) as refusal:
        _create(campaign, user, seats, sets)
    assert message in " ".join(refusal.value.messages)
    assert nothing_written() == before


def test_the_same_member_twice_and_a_stranger_are_refused(campaign, user, nothing_written):
    from tests.factories import UserFactory

    before = nothing_written()
    twice = [SeatEntry("hulios", member_id=user.pk), SeatEntry("elldir", member_id=user.pk)]
    with pytest.raises(ValidationError, match="seated twice"):
        _create(campaign, user, twice)
    stranger = UserFactory(username="not-in-group")
    with pytest.raises(ValidationError, match="not a member"):
        _create(campaign, user, [SeatEntry("hulios", member_id=stranger.pk)])
    assert nothing_written() == before


def test_an_added_adventurer_name_can_be_seated(campaign, user):
    services.settings_adventurers_set(campaign=campaign, actor=user, names=["Red dice hero"])
    play = _create(
        campaign,
        user,
        [SeatEntry("Red dice hero", guest_name="Mira"), SeatEntry("hulios", member_id=user.pk)],
    )
    assert play.seats.first().adventurer == "Red dice hero"


def test_steppers_count_butterflies_and_a_seventh_is_refused(duel, user, nothing_written):
    seat = duel.seats.first()
    for _ in range(6):
        entry = services.seat_butterflies_step(seat=seat, actor=user, colour="green", delta=1)
    seat.refresh_from_db()
    assert seat.green == 6
    assert entry.kind == GlowKind.SEAT_BUTTERFLY
    assert entry.deltas == {"butterflies": 1, f"seat.{seat.pk}.green": {"from": 5, "to": 6}}
    before = nothing_written()
    with pytest.raises(RuleViolation, match="at most 6 green butterflies"):
        services.seat_butterflies_step(seat=seat, actor=user, colour="green", delta=1)
    with pytest.raises(RuleViolation, match="fewer than 0"):
        services.seat_butterflies_step(seat=seat, actor=user, colour="red", delta=-1)
    assert nothing_written() == before


def test_the_rulebook_example_totals_38_butterfly_shards_on_the_pad(duel, user):
    """Butterfly Tokens - At the end of the game: 3 green, 2 light blue, 2 red, 2 dark blue,
    2 orange and 4 purple make 6+3+3+3+3+10 = 28, with the six-colour bonus 38."""
    seat = duel.seats.first()
    counts = {"green": 3, "light_blue": 2, "red": 2, "dark_blue": 2, "orange": 2, "purple": 4}
    for colour, count in counts.items():
        for _ in range(count):
            services.seat_butterflies_step(seat=seat, actor=user, colour=colour, delta=1)
    services.seat_core_score_set(seat=seat, actor=user, core_score=50)
    seats = list(duel.seats.all())
    score = services.play_pad_score(duel, seats)
    line = score.seats[0]
    assert (line.butterfly.colour_shards, line.butterfly.all_colours_bonus) == (28, 10)
    assert line.butterfly.total == 38 and line.total == 88


def test_a_core_score_outside_0_to_999_is_refused(duel, user, nothing_written):
    seat = duel.seats.first()
    before = nothing_written()
    for bad in (-1, 1000):
        with pytest.raises(RuleViolation, match="between 0 and 999"):
            services.seat_core_score_set(seat=seat, actor=user, core_score=bad)
    assert nothing_written() == before
    services.seat_core_score_set(seat=seat, actor=user, core_score=999)
    seat.refresh_from_db()
    assert seat.core_score == 999


def test_a_stale_core_score_is_a_conflict_not_an_overwrite(duel, user, player, nothing_written):
    seat = duel.seats.first()
    # Both phones show an empty score; the first saves 70, the second, still showing empty, 72.
    services.seat_core_score_set(seat=seat, actor=user, core_score=70, expected=None)
    before = nothing_written()
    with pytest.raises(Conflict, match="changed .* meanwhile"):
        services.seat_core_score_set(seat=seat, actor=player, core_score=72, expected=None)
    assert nothing_written() == before
    seat.refresh_from_db()
    assert seat.core_score == 70


def test_taps_from_two_phones_on_one_seat_both_count(duel, user, player):
    seat = duel.seats.first()
    services.seat_butterflies_step(seat=seat, actor=user, colour="red", delta=1)
    services.seat_butterflies_step(seat=seat.pk, actor=player, colour="red", delta=1)
    seat.refresh_from_db()
    assert seat.red == 2


def test_ties_stay_ties_unless_the_group_picks(duel, user, nothing_written):
    first, second = duel.seats.all()
    for seat in (first, second):
        services.seat_core_score_set(seat=seat, actor=user, core_score=60)
    score = services.play_pad_score(duel, [first, second])
    assert score.winners.tied and not score.winners.picked
    assert [p.place for p in score.placings] == [1, 1]
    services.play_winner_pick(play=duel, actor=user, seat_id=second.pk)
    duel.refresh_from_db()
    score = services.play_pad_score(duel, [first, second])
    assert score.winners.seat_keys == (second.player_key,) and score.winners.picked
    # Once the totals differ, there is no tie to pick in.
    services.seat_core_score_set(seat=first, actor=user, core_score=61)
    before = nothing_written()
    with pytest.raises(RuleViolation, match="no tie to break"):
        services.play_winner_pick(play=duel, actor=user, seat_id=first.pk)
    assert nothing_written() == before


def test_finishing_needs_every_core_score_and_locks_the_play(duel, user, nothing_written):
    first, second = duel.seats.all()
    services.seat_core_score_set(seat=first, actor=user, core_score=60)
    with pytest.raises(RuleViolation, match="core game's final count first for: Mira"):
        services.play_finish(play=duel, actor=user)
    services.seat_core_score_set(seat=second, actor=user, core_score=58)
    services.play_finish(play=duel, actor=user)
    duel.refresh_from_db()
    assert duel.finished
    before = nothing_written()
    with pytest.raises(Conflict, match="finished and locked: reopen it"):
        services.seat_butterflies_step(seat=first, actor=user, colour="red", delta=1)
    with pytest.raises(Conflict, match="reopen it"):
        services.seat_core_score_set(seat=first, actor=user, core_score=1)
    with pytest.raises(Conflict):
        services.play_finish(play=duel, actor=user)
    assert nothing_written() == before
    services.play_reopen(play=duel, actor=user)
    services.seat_butterflies_step(seat=first, actor=user, colour="red", delta=1)
    kinds = list(LedgerEntry.objects.values_list("kind", flat=True)[:3])
    assert kinds == [GlowKind.SEAT_BUTTERFLY, GlowKind.PLAY_REOPEN, GlowKind.PLAY_FINISH]


def test_every_pad_change_undoes_through_the_ledger(campaign, duel, user):
    seat = duel.seats.first()
    services.seat_butterflies_step(seat=seat, actor=user, colour="orange", delta=1)
    services.seat_core_score_set(seat=seat, actor=user, core_score=40)
    for seat_ in duel.seats.all():
        if seat_.core_score is None:
            services.seat_core_score_set(seat=seat_, actor=user, core_score=30)
    services.play_finish(play=duel, actor=user)
    # One-tap undo takes the newest first: the finish, then the scores, then the tap.
    for expected in (
        GlowKind.PLAY_FINISH,
        GlowKind.SEAT_CORE,
        GlowKind.SEAT_CORE,
        GlowKind.SEAT_BUTTERFLY,
    ):
        entry = last_undoable_entry(campaign)
        assert entry.kind == expected
        ledger_undo(campaign=campaign, actor=user, entry_id=entry.pk)
    duel.refresh_from_db()
    seat.refresh_from_db()
    assert duel.status == PlayStatus.OPEN and seat.core_score is None and seat.orange == 0
    # Last, the pad itself.
    entry = last_undoable_entry(campaign)
    assert entry.kind == GlowKind.PLAY_CREATE
    ledger_undo(campaign=campaign, actor=user, entry_id=entry.pk)
    assert not Play.objects.filter(pk=duel.pk).exists()


def test_undoing_a_pad_with_scores_entered_is_refused(campaign, duel, user):
    create = LedgerEntry.objects.get(kind=GlowKind.PLAY_CREATE)
    services.seat_core_score_set(seat=duel.seats.first(), actor=user, core_score=12)
    with pytest.raises(Conflict, match="undo those first"):
        ledger_undo(campaign=campaign, actor=user, entry_id=create.pk)
    assert Play.objects.filter(pk=duel.pk).exists()


def test_undoing_a_tap_after_a_later_tap_on_the_same_colour_is_a_conflict(campaign, duel, user):
    seat = duel.seats.first()
    first = services.seat_butterflies_step(seat=seat, actor=user, colour="green", delta=1)
    services.seat_butterflies_step(seat=seat, actor=user, colour="green", delta=1)
    with pytest.raises(Conflict, match="undo the later change first"):
        ledger_undo(campaign=campaign, actor=user, entry_id=first.pk)
