"""Play history and statistics: per player, per adventurer, and the solo record vs Tom."""

from datetime import date

import pytest

from campaigns.glow.rules.errors import RuleViolation
from campaigns.glow.rules.stats import (
    PlayRecord,
    SeatRecord,
    adventurer_stats,
    player_stats,
    solo_record,
    totals_by_play,
)


def seat(key, core, shards, winner=False, adventurer="hulios"):
    return SeatRecord(key, key.title(), adventurer, core, shards, winner)


PLAYS = (
    PlayRecord(
        "p1",
        date(2025, 3, 1),
        "province_of_shadows",
        ("anibloom",),
        (seat("ana", 80, 38, True), seat("bo", 90, 10, adventurer="elldir")),
    ),
    PlayRecord(
        "p2",
        date(2025, 3, 8),
        "archipelago_of_darkness",
        (),
        (seat("ana", 70, 0, True, "zay_drel"), seat("bo", 70, 0, True, "elldir")),
    ),
    PlayRecord(
        "p3",
        date(2025, 3, 9),
        "province_of_shadows",
        ("anibloom",),
        (seat("ana", 100, 16),),
        tom_score=122,
    ),
    PlayRecord(
        "p4", date(2025, 3, 10), "province_of_shadows", (), (seat("ana", 120, 10),), tom_score=131
    ),
    PlayRecord(
        "p5",
        date(2025, 3, 11),
        "province_of_shadows",
        (),
        (seat("ana", 100, 5, True),),
        tom_score=90,
    ),
)


def test_per_player_plays_wins_rate_best_and_averages():
    ana, bo = player_stats(PLAYS)
    assert (ana.player_key, ana.plays, ana.wins) == ("ana", 5, 3)
    assert ana.win_rate == pytest.approx(0.6)
    assert ana.best_total == 130
    assert ana.average_total == pytest.approx((118 + 70 + 116 + 130 + 105) / 5)
    assert ana.average_butterfly_shards == pytest.approx((38 + 0 + 16 + 10 + 5) / 5)
    assert (bo.plays, bo.wins, bo.best_total) == (2, 1, 100)


def test_a_shared_win_counts_for_each_tied_seat():
    ana, bo = player_stats(PLAYS[1:2])
    assert ana.wins == bo.wins == 1


def test_per_adventurer_plays_and_wins():
    rows = {row.adventurer: (row.plays, row.wins) for row in adventurer_stats(PLAYS)}
    assert rows == {"hulios": (4, 2), "elldir": (2, 1), "zay_drel": (1, 1)}


def test_solo_record_against_tom():
    record = solo_record(PLAYS)
    assert (record.plays, record.wins, record.losses, record.ties) == (3, 1, 2, 0)
    assert record.best_margin == 15


def test_a_level_solo_game_is_a_tie_not_a_win():
    level = PlayRecord(
        "p6", date(2025, 4, 1), "province_of_shadows", (), (seat("cy", 90, 10),), tom_score=100
    )
    assert solo_record([level]).ties == 1
    assert player_stats([level])[0].wins == 0


def test_no_solo_plays_means_an_empty_record():
    assert solo_record(PLAYS[:2]).best_margin is None


def test_totals_by_play_in_time_order_with_a_gap_where_a_player_sat_out():
    totals = totals_by_play(reversed(PLAYS))
    assert [play.play_key for play in totals.plays] == ["p1", "p2", "p3", "p4", "p5"]
    assert totals.names == {"ana": "Ana", "bo": "Bo"}
    assert totals.totals["ana"] == (118, 70, 116, 130, 105)
    assert totals.totals["bo"] == (100, 70, None, None, None)


def test_bad_records_are_refused():
    with pytest.raises(RuleViolation, match="seated twice"):
        PlayRecord(
            "x", date(2025, 1, 1), "province_of_shadows", (), (seat("ana", 1, 0), seat("ana", 2, 0))
        )
    with pytest.raises(RuleViolation, match="single-player"):
        PlayRecord(
            "x",
            date(2025, 1, 1),
            "province_of_shadows",
            (),
            (seat("a", 1, 0), seat("b", 1, 0)),
            tom_score=3,
        )
    with pytest.raises(RuleViolation, match="core score"):
        seat("ana", 1000, 0)
