"""Tom's services against the database: setup, his tile, the Evening, his final count,
and a whole solo game (Single-player games)."""

from dataclasses import replace

import pytest

from campaigns.glow import services
from campaigns.glow.models import Play
from campaigns.glow.queries import history_page
from campaigns.glow.rules.errors import RuleViolation, ValueNeeded
from campaigns.glow.rules.tom import TomState
from campaigns.glow.services import GlowKind, SeatEntry
from campaigns.table.errors import ValidationError
from campaigns.table.ledger import last_undoable_entry, ledger_undo
from campaigns.table.models import LedgerEntry
from tests.glow.conftest import PLAYED_ON, NoShuffle

# The group's entries for the whole game below (the same as the pure test's).
BONUSES = {1: 0, 4: 0, 6: 1, 8: 0, 9: 0, 12: 2, 14: 0, 15: 3}


def _solo(campaign, user, **overrides):
    values = {
        "campaign": campaign,
        "actor": user,
        "played_on": PLAYED_ON,
        "journey_board": "province_of_shadows",
        "seat": SeatEntry(adventurer="hulios", member_id=user.pk),
        "sets": (),
        "dice_colours": ("yellow", "red"),
        "tom_colour": "red",
        "rng": NoShuffle(),
    }
    return services.solo_play_create(**{**values, **overrides})


def _set_state(play: Play, **changes) -> None:
    state = replace(TomState.from_dict(play.tom_state), **changes)
    Play.objects.filter(pk=play.pk).update(tom_state=state.to_dict())
    play.refresh_from_db()


def _state(play: Play) -> TomState:
    play.refresh_from_db()
    return TomState.from_dict(play.tom_state)


def test_tom_starts_on_10_with_his_band_on_0_and_5_tiles_face_up(solo_play):
    state = _state(solo_play)
    assert (state.score, state.band, state.camp, state.deck) == (10, 0, None, "A")
    assert state.face_up == (0, 1, 2, 3, 4) and state.pile == (5, 6, 7)
    assert solo_play.solo and solo_play.seats.count() == 1


@pytest.mark.parametrize(
    ("dice", "message"),
    [
        (("yellow", "purple"), "yellow and the purple"),
        (("red", "red"), "different colours"),
        (("pink", "red"), "expansion's adventurers"),
        (("apple_green", "red"), "expansion's adventurers"),
    ],
)
def test_tom_dice_the_rules_forbid_are_refused(solo_settings, campaign, user, dice, message):
    with pytest.raises(ValidationError, match=message):
        _solo(campaign, user, dice_colours=dice, tom_colour=dice[0])
    assert not Play.objects.exists()
    assert not LedgerEntry.objects.filter(kind=GlowKind.PLAY_CREATE).exists()


def test_a_solo_game_with_elemental_is_refused(solo_settings, campaign, user):
    with pytest.raises(ValidationError, match="Anibloom set only"):
        _solo(campaign, user, sets=("elemental",))
    assert not Play.objects.exists()


def test_tom_needs_the_groups_values_before_he_can_play(campaign, user):
    with pytest.raises(RuleViolation, match="faces of Tom's 8 tiles.*villages"):
        _solo(campaign, user)
    services.settings_tile_faces_set(campaign=campaign, actor=user, faces=[(1, "+")] * 8)
    with pytest.raises(RuleViolation, match="Archipelago of Darkness' islands"):
        _solo(campaign, user, journey_board="archipelago_of_darkness")
    assert not Play.objects.exists()


def test_a_tile_face_outside_1_to_3_arrows_is_refused(campaign, user):
    with pytest.raises(ValidationError, match="1, 2 or 3 arrows"):
        services.settings_tile_faces_set(
            campaign=campaign, actor=user, faces=[(4, "+")] + [(1, "+")] * 7
        )
    with pytest.raises(ValidationError, match="8 tiles"):
        services.settings_tile_faces_set(campaign=campaign, actor=user, faces=[(1, "+")] * 7)
    assert not LedgerEntry.objects.filter(kind=GlowKind.SETTINGS).exists()


def test_the_rulebook_example_band_4_plus_2_arrows_with_1_beside_space_6(solo_play, user, campaign):
    """MORNING example: band on 4, the tile shows 2 arrows: the band goes to 6, the score
    from 17 by 6 to 23, and by the +1 beside space 6 to 24. The +1 is not printed in the
    expansion: the group answers once, and the app remembers it."""
    _set_state(solo_play, band=4, score=17)
    # Tile 1 (opposite section 2) shows 2 arrows.
    with pytest.raises(ValueNeeded, match="beside space 6") as asked:
        services.tom_tile_take(play=solo_play, actor=user, section=2)
    assert asked.value.key == "score_track_bonus:6"
    services.tom_tile_take(play=solo_play, actor=user, section=2, track_bonus=1)
    state = _state(solo_play)
    assert (state.band, state.score) == (6, 24)
    assert (
        solo_play.tom_last_turn["score_from"] == 17 and solo_play.tom_last_turn["track_bonus"] == 1
    )
    assert campaign.glow.score_track_bonuses == {"6": 1}
    kinds = list(LedgerEntry.objects.values_list("kind", flat=True)[:2])
    assert kinds == [GlowKind.TOM_TAKE, GlowKind.SETTINGS]


def test_a_section_already_taken_this_round_is_refused(solo_play, user, campaign):
    services.settings_track_bonus_set(campaign=campaign, actor=user, space=1, bonus=0)
    services.tom_tile_take(play=solo_play, actor=user, section=1)
    solo_play.refresh_from_db()
    snapshot = (solo_play.tom_state, LedgerEntry.objects.count())
    with pytest.raises(RuleViolation, match="already took section 1 this round"):
        services.tom_tile_take(play=solo_play, actor=user, section=3, track_bonus=0)
    solo_play.refresh_from_db()
    assert (solo_play.tom_state, LedgerEntry.objects.count()) == snapshot
    # The bonus offered with a refused take is not remembered either.
    assert "3" not in campaign.glow.score_track_bonuses


def test_the_province_camp_moves_to_the_next_higher_village(solo_play, user, campaign):
    services.settings_track_bonus_set(campaign=campaign, actor=user, space=1, bonus=0)
    services.tom_tile_take(play=solo_play, actor=user, section=1)
    assert _state(solo_play).camp == 3
    assert solo_play.tom_last_turn["camp_to"] == 3


def test_undoing_tom_s_tile_puts_him_back(solo_play, user, campaign):
    services.settings_track_bonus_set(campaign=campaign, actor=user, space=1, bonus=0)
    before = _state(solo_play)
    services.tom_tile_take(play=solo_play, actor=user, section=1)
    entry = last_undoable_entry(campaign)
    assert entry.kind == GlowKind.TOM_TAKE and entry.deltas["tom_score"] == 1
    ledger_undo(campaign=campaign, actor=user, entry_id=entry.pk)
    assert _state(solo_play) == before
    solo_play.refresh_from_db()
    assert solo_play.tom_last_turn is None


def test_tom_s_specials_are_one_tap_each_and_once_per_roll(solo_play, user):
    services.tom_special_apply(play=solo_play, actor=user, effect="footprints")
    assert _state(solo_play).footprints == 2
    with pytest.raises(RuleViolation, match="once per roll"):
        services.tom_special_apply(play=solo_play, actor=user, effect="score")


def test_only_a_yellow_or_purple_die_helps_tom(solo_settings, campaign, user):
    play = _solo(campaign, user, dice_colours=("red", "blue"), tom_colour="blue")
    with pytest.raises(RuleViolation, match="yellow or purple"):
        services.tom_special_apply(play=play, actor=user, effect="score")


def test_the_rulebook_example_camp_12_with_3_footprints_scores_16_more(campaign, user):
    """Counting Tom's points: on the 12 village with 3 footprints, he spends 2 to reach
    the 15 village, then scores 15 for it and 1 for the footprint left: 16 more."""
    services.settings_tile_faces_set(campaign=campaign, actor=user, faces=[(1, "+")] * 8)
    services.settings_villages_set(
        campaign=campaign, actor=user, villages=[(3, 1), (5, 1), (8, 1), (12, 2), (15, 2), (18, 4)]
    )
    play = _solo(campaign, user)
    _set_state(play, camp=12, footprints=3, score=40, finished=True, last_round=True)
    services.tom_points_count(play=play, actor=user)
    play.refresh_from_db()
    assert play.tom_final["camp_after"] == 15 and play.tom_final["footprints_spent"] == 2
    assert play.tom_score == 40 + 16
    with pytest.raises(RuleViolation, match="counted already"):
        services.tom_points_count(play=play, actor=user)


def test_tom_cannot_be_counted_before_the_game_ends(solo_play, user):
    with pytest.raises(RuleViolation, match="run out a second time"):
        services.tom_points_count(play=solo_play, actor=user)


def test_a_whole_solo_game_through_the_services_matches_the_hand_count(
    solo_settings, campaign, user
):
    """Every round until Tom's pile runs out the second time; the hand count is in
    tests/glow/rules/test_solo_game.py: 91 on the track, camp 25 -> 30 for 3 of his 4
    footprints, 91 + 30 + 1 = 122."""
    for space, bonus in BONUSES.items():
        services.settings_track_bonus_set(campaign=campaign, actor=user, space=space, bonus=bonus)
    play = _solo(campaign, user)
    services.tom_special_apply(play=play, actor=user, effect="score")
    evening_specials = {2: "footprints", 5: "footprints", 6: "score"}
    log = []
    for section in [1, 3, 5, 2, 4, 1, 3, 2]:
        services.tom_tile_take(play=play, actor=user, section=section, rng=NoShuffle())
        state = _state(play)
        log.append((state.band, state.score, state.camp, state.deck))
        services.tom_round_end(play=play, actor=user)
        state = _state(play)
        if state.finished:
            break
        if state.round - 1 in evening_specials:
            services.tom_special_apply(
                play=play, actor=user, effect=evening_specials[state.round - 1]
            )
    assert log == [
        (1, 14, 3, "A"),
        (4, 18, 5, "A"),
        (6, 25, 8, "A"),
        (8, 33, 12, "B"),
        (9, 42, 15, "B"),
        (12, 56, 18, "B"),
        (14, 73, 21, "B"),
        (15, 91, 25, "B"),
    ]
    state = _state(play)
    assert state.finished and state.pile_emptied == 2 and state.footprints == 4
    with pytest.raises(RuleViolation, match="game is over"):
        services.tom_tile_take(play=play, actor=user, section=1)
    services.tom_points_count(play=play, actor=user)
    play.refresh_from_db()
    assert play.tom_score == 122

    # The player's pad: 110 core + green 2 (3) + red 1 (1) = 114, fewer than Tom.
    seat = play.seats.get()
    services.seat_core_score_set(seat=seat, actor=user, core_score=110)
    for colour, count in (("green", 2), ("red", 1)):
        for _ in range(count):
            services.seat_butterflies_step(seat=seat, actor=user, colour=colour, delta=1)
    services.play_finish(play=play, actor=user)
    record = history_page(campaign).solo
    assert (record.plays, record.wins, record.losses, record.best_margin) == (1, 0, 1, 114 - 122)
    # Tom's score over the game is the sum of his entries' deltas.
    from campaigns.table.ledger import ledger_totals

    entries = LedgerEntry.objects.filter(campaign=campaign, subject_id=str(play.pk))
    assert 10 + ledger_totals(entries, ("tom_score",))["tom_score"] == 91


def test_a_solo_play_is_finished_only_once_tom_is_counted(solo_play, user):
    services.seat_core_score_set(seat=solo_play.seats.get(), actor=user, core_score=50)
    with pytest.raises(RuleViolation, match="Count Tom's points first"):
        services.play_finish(play=solo_play, actor=user)
