"""The table tools through their services: each rule applied, Tawny and conditions written
through the characters' services in the same transaction, the draws in the shared log, bad
input refused with the rule's words and nothing written, every change undoable in order."""

import random

import pytest

from campaigns.dawnshade import services
from campaigns.dawnshade.models import Tile
from campaigns.dawnshade.rules.errors import RuleViolation
from campaigns.dawnshade.services.table_tools import (
    CHALLENGE,
    COGRUSHING,
    DOUBLERS,
    QUEST_DECK,
    RUNES,
    TEMPLE,
    parse_tile_numbers,
)
from campaigns.dawnshade.services.totals import kinship_totals
from campaigns.table.errors import Conflict, ValidationError
from campaigns.table.ledger import last_undoable_entry, ledger_undo
from campaigns.table.models import DrawLogEntry, LedgerEntry

from .tools import give_tawny, state, tawny, to_tavern, to_temple

pytestmark = pytest.mark.django_db


def undo_last(campaign, user):
    return ledger_undo(campaign=campaign, actor=user, entry_id=last_undoable_entry(campaign).pk)


# --- Stat Challenge -------------------------------------------------------------------------


def test_stat_challenge_threshold_running_total_and_outcome(campaign, user, playing):
    services.challenge_start(campaign=campaign, actor=user, stat="atk")
    now = state(campaign, CHALLENGE)
    assert now["threshold"] == (2 + 1 + 1) * 2  # Ash 2, Flash 1, Wysp 1 ATK, x2
    ash, flash, wysp = playing
    for seat, hits, zone in ((ash.seat, 3, 2), (flash.seat, 2, -1), (wysp.seat, 2, 0)):
        services.challenge_hits(
            campaign=campaign, actor=user, character=seat, hits=hits, zone_modifier=zone
        )
    services.challenge_decide(campaign=campaign, actor=user)
    assert state(campaign, CHALLENGE)["outcome"] == "succeed"  # 5 + 1 + 2 = 8 of 8


def test_stat_challenge_fails_short_of_the_threshold(campaign, user, playing):
    services.challenge_start(campaign=campaign, actor=user, stat="def")
    assert state(campaign, CHALLENGE)["threshold"] == 1 + 2 + 1
    services.challenge_hits(campaign=campaign, actor=user, character=playing[0].seat, hits=2)
    services.challenge_decide(campaign=campaign, actor=user)
    assert state(campaign, CHALLENGE)["outcome"] == "fail"
    undo_last(campaign, user)
    assert state(campaign, CHALLENGE)["outcome"] == ""


def test_stat_challenge_refusals_write_nothing(campaign, user, playing, nothing_written):
    with nothing_written(campaign), pytest.raises(RuleViolation):
        services.challenge_hits(campaign=campaign, actor=user, character=1, hits=1)
    with nothing_written(campaign), pytest.raises(ValidationError):
        services.challenge_start(campaign=campaign, actor=user, stat="agi")
    services.challenge_start(campaign=campaign, actor=user, stat="dev")
    with nothing_written(campaign), pytest.raises(RuleViolation, match="under way"):
        services.challenge_start(campaign=campaign, actor=user, stat="dev")
    with nothing_written(campaign), pytest.raises(Conflict):
        services.challenge_decide(campaign=campaign, actor=user, seen=0)


# --- Watchers Temple ------------------------------------------------------------------------


def test_divine_guidance_balanced_gives_each_player_a_positive_condition(campaign, user, playing):
    to_temple(campaign, user)
    services.temple_guidance(campaign=campaign, actor=user, rng=random.Random(1))
    now = state(campaign, TEMPLE)
    assert now["status"] == "Balanced"
    assert len(now["draws"]) == 3
    assert all(condition and not tawny_ for _, tawny_, condition in now["draws"])
    totals = kinship_totals(campaign)
    for character in playing:
        assert len(totals.of(character).conditions) == 1
    assert DrawLogEntry.objects.filter(campaign=campaign, tool=TEMPLE).count() == 1
    with pytest.raises(RuleViolation, match="already"):
        services.temple_guidance(campaign=campaign, actor=user)
    # one undo takes the draw back, with the conditions it gave
    draw = LedgerEntry.objects.get(campaign=campaign, kind="dawnshade.temple.guidance")
    assert last_undoable_entry(campaign) == draw
    undo_last(campaign, user)
    assert state(campaign, TEMPLE) == {}
    assert not any(kinship_totals(campaign).of(c).conditions for c in playing)


def test_divine_guidance_is_drawn_at_the_temple_only(campaign, user, playing, nothing_written):
    with nothing_written(campaign), pytest.raises(RuleViolation, match="Watchers Temple"):
        services.temple_guidance(campaign=campaign, actor=user)


def test_cataclysm_balanced_is_none():
    from campaigns.dawnshade.rules.alignment import AlignmentStatus
    from campaigns.dawnshade.rules.temple import cataclysm

    assert cataclysm(AlignmentStatus("balanced")).tiles == 0


# --- Watchers Runes -------------------------------------------------------------------------


def test_runes_antes_reveals_stop_and_winnings(campaign, user, playing):
    ash, flash, wysp = playing
    give_tawny(campaign, user, playing, 5)
    to_tavern(campaign, user)
    services.runes_begin(
        campaign=campaign, actor=user, players=[ash.seat, flash.seat], rng=random.Random(4)
    )
    assert tawny(campaign, ash) == 3 and tawny(campaign, flash) == 3 and tawny(campaign, wysp) == 5
    game = state(campaign, RUNES)["game"]
    assert len(game["draw_pile"]) == 20  # Tavern level I: the basic deck
    services.runes_turn(campaign=campaign, actor=user)
    game = state(campaign, RUNES)["game"]
    while not game["busted"] and game["pot"] == 0:
        services.runes_turn(campaign=campaign, actor=user)
        game = state(campaign, RUNES)["game"]
    if not game["busted"]:
        pot = game["pot"]
        services.runes_players_stop(campaign=campaign, actor=user, players=[ash.seat, flash.seat])
        assert tawny(campaign, ash) == 5 + pot
        assert tawny(campaign, flash) == 5 + pot
    assert DrawLogEntry.objects.filter(campaign=campaign, tool=RUNES).count() >= 2


def test_runes_bust_loses_the_ante(campaign, user, playing):
    ash = playing[0]
    give_tawny(campaign, user, [ash], 2)
    to_tavern(campaign, user)
    services.runes_begin(campaign=campaign, actor=user, players=[ash.seat], rng=random.Random(0))
    for _ in range(25):
        game = state(campaign, RUNES)["game"]
        if game["busted"]:
            break
        services.runes_turn(campaign=campaign, actor=user)
    assert state(campaign, RUNES)["game"]["busted"]
    assert tawny(campaign, ash) == 0


def test_runes_ante_a_character_cannot_pay_is_refused(campaign, user, playing, nothing_written):
    to_tavern(campaign, user)
    with (
        nothing_written(campaign),
        pytest.raises(RuleViolation, match="has 0 Tawny and the ante is 2"),
    ):
        services.runes_begin(campaign=campaign, actor=user, players=[playing[0].seat])


def test_runes_stale_reveal_is_a_conflict(campaign, user, playing, nothing_written):
    give_tawny(campaign, user, playing, 2)
    to_tavern(campaign, user)
    services.runes_begin(campaign=campaign, actor=user, players=[1, 2, 3], rng=random.Random(2))
    seen = state(campaign, RUNES)["step"]
    services.runes_turn(campaign=campaign, actor=user, seen=seen)
    with nothing_written(campaign), pytest.raises(Conflict):
        services.runes_turn(campaign=campaign, actor=user, seen=seen)


# --- Double Doubler's Dice ------------------------------------------------------------------


def test_doublers_dice_ante_ride_collect(campaign, user, playing):
    ash = playing[0]
    give_tawny(campaign, user, [ash], 3)
    to_tavern(campaign, user)
    services.doublers_begin(campaign=campaign, actor=user, character=ash.seat)
    assert tawny(campaign, ash) == 2  # level I ante 1
    services.doublers_roll(campaign=campaign, actor=user, first="dawn", second="shade")
    assert state(campaign, DOUBLERS)["game"]["riding"] == 2
    services.doublers_collect(campaign=campaign, actor=user, amount=1)
    assert tawny(campaign, ash) == 3
    services.doublers_roll(campaign=campaign, actor=user, first="dawn", second="dawn")
    assert state(campaign, DOUBLERS)["game"]["riding"] == 0
    assert tawny(campaign, ash) == 3
    assert DrawLogEntry.objects.filter(campaign=campaign, tool=DOUBLERS).count() == 2
    for _ in range(2):  # the lost roll, then the collection with its Tawny
        undo_last(campaign, user)
    assert state(campaign, DOUBLERS)["game"]["riding"] == 2
    assert tawny(campaign, ash) == 2


def test_doublers_ante_refused_without_tawny(campaign, user, playing, nothing_written):
    to_tavern(campaign, user)
    with nothing_written(campaign), pytest.raises(RuleViolation, match="Tawny cannot be shared"):
        services.doublers_begin(campaign=campaign, actor=user, character=playing[0].seat)


# --- Cogrushing -----------------------------------------------------------------------------


def test_cogrushing_active_player_fails_and_bets_pay_double(campaign, user, playing):
    ash, flash, wysp = playing
    give_tawny(campaign, user, [flash, wysp], 2)
    services.cogrushing_begin(
        campaign=campaign, actor=user, active=ash.seat, bets={flash.seat: 2, wysp.seat: 1}
    )
    services.cogrushing_send(campaign=campaign, actor=user)
    services.cogrushing_strike(campaign=campaign, actor=user, pips=2, assigned={1: 1})
    services.cogrushing_turret(campaign=campaign, actor=user)
    assert state(campaign, COGRUSHING)["game"]["result"] == "fail"
    assert tawny(campaign, flash) == 4 and tawny(campaign, wysp) == 3


def test_cogrushing_all_drudges_eliminated_bets_lost(campaign, user, playing):
    ash, flash, _ = playing
    give_tawny(campaign, user, [flash], 2)
    services.cogrushing_begin(campaign=campaign, actor=user, active=ash.seat, bets={flash.seat: 2})
    for _ in range(6):
        services.cogrushing_send(campaign=campaign, actor=user)
    services.cogrushing_strike(
        campaign=campaign, actor=user, pips=10, assigned={1: 1, 2: 1, 3: 1, 4: 2, 5: 2, 6: 3}
    )
    assert state(campaign, COGRUSHING)["game"]["result"] == "succeed"
    assert tawny(campaign, flash) == 0


def test_cogrushing_bet_above_two_is_refused(campaign, user, playing, nothing_written):
    give_tawny(campaign, user, [playing[1]], 5)
    with nothing_written(campaign), pytest.raises(RuleViolation, match="0 to 2 Tawny"):
        services.cogrushing_begin(
            campaign=campaign, actor=user, active=playing[0].seat, bets={playing[1].seat: 3}
        )
    with nothing_written(campaign), pytest.raises(RuleViolation, match="does not have 2 Tawny"):
        services.cogrushing_begin(
            campaign=campaign, actor=user, active=playing[0].seat, bets={playing[2].seat: 2}
        )


# --- the Quest Deck -------------------------------------------------------------------------

OWNED = {
    "starting_village": [1, 2],
    "watchers_temple": [3],
    "battle": [4, 5],
    "major_threat": [6],
    "outpost": [7, 8, 9],
    "event": [10, 11, 12],
    "journey": [13, 14],
}


def test_quest_deck_from_owned_tiles_major_threat_at_the_bottom(campaign, user, playing):
    services.quest_tiles_owned(campaign=campaign, actor=user, owned=OWNED)
    kinship = playing[0].kinship
    Tile.objects.create(
        kinship=kinship,
        game_number=0,
        revealed_order=5,
        tile_type="event",
        label="11",
        set_aside=True,
    )
    services.quest_deck_build(campaign=campaign, actor=user, rng=random.Random(3))
    deck = state(campaign, QUEST_DECK)["deck"]
    assert deck["starting_village"] in (1, 2)
    assert len(deck["tiles"]) == 9
    assert deck["tiles"][-1] == ["major_threat", 6]
    events = sorted(n for kind, n in deck["tiles"] if kind == "event")
    assert events == [10, 12]
    assert DrawLogEntry.objects.filter(campaign=campaign, tool=QUEST_DECK).count() == 1
    # remembered: a second deck needs no numbers again
    services.quest_deck_build(campaign=campaign, actor=user, rng=random.Random(4))
    undo_last(campaign, user)
    undo_last(campaign, user)
    assert "deck" not in state(campaign, QUEST_DECK)


def test_quest_deck_short_of_tiles_is_refused(campaign, user, playing, nothing_written):
    with nothing_written(campaign), pytest.raises(RuleViolation, match="owns"):
        services.quest_deck_build(campaign=campaign, actor=user)
    services.quest_tiles_owned(campaign=campaign, actor=user, owned={**OWNED, "event": [10]})
    with nothing_written(campaign), pytest.raises(RuleViolation, match="2 Event tile"):
        services.quest_deck_build(campaign=campaign, actor=user)


def test_tile_numbers_parse_ranges_and_refuse_other_digits():
    assert parse_tile_numbers("1, 4, 7-9") == [1, 4, 7, 8, 9]
    with pytest.raises(ValueError):
        parse_tile_numbers("٣")
    with pytest.raises(ValueError):
        parse_tile_numbers("9-7")


def test_divine_guidance_begun_on_the_turn_page_is_not_drawn_twice(
    campaign, user, playing, nothing_written
):
    from campaigns.dawnshade.catalog.watchers import WATCHER_ORDER

    to_temple(campaign, user)
    services.temple_draw(
        campaign=campaign, actor=user, character=playing[0], token=WATCHER_ORDER[0]
    )
    with nothing_written(campaign), pytest.raises(RuleViolation, match="Turn page"):
        services.temple_guidance(campaign=campaign, actor=user)


def test_a_tool_change_with_tawny_undoes_after_a_backup_round_trip(campaign, user, playing):
    import json

    from campaigns.table.backup import campaign_export, campaign_import

    ash = playing[0]
    give_tawny(campaign, user, [ash], 3)
    to_tavern(campaign, user)
    services.doublers_begin(campaign=campaign, actor=user, character=ash.seat)
    services.doublers_roll(campaign=campaign, actor=user, first="dawn", second="shade")
    services.doublers_collect(campaign=campaign, actor=user, amount=2)
    restored = campaign_import(json.loads(json.dumps(campaign_export(campaign))), owner=user)
    copy_of_ash = restored.kinship.characters.get(name="Ash")
    assert copy_of_ash.pk != ash.pk
    assert tawny(restored, copy_of_ash) == 4
    undo_last(restored, user)
    assert tawny(restored, copy_of_ash) == 2
    assert state(restored, DOUBLERS)["game"]["riding"] == 2
