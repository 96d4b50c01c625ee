"""Phases of a Turn - Move Kinship and Move Active Player; Quest Tiles - Journey: legal moves
(new tile, Starting Village, revealed Outpost; never a revealed Journey, Temple, Event or
Battle; never stay), and the Journey keeping the Active Player marker."""

import pytest

from campaigns.dawnshade.rules.errors import RuleViolation
from campaigns.dawnshade.rules.movement import (
    NEW_TILE,
    RETURN,
    KinshipMove,
    RevealedTile,
    check_move,
    ends_the_game,
    keeps_active_player,
    legal_moves,
    next_active_player,
)

MAP = (
    RevealedTile("village", "starting_village"),
    RevealedTile("journey_1", "journey"),
    RevealedTile("guild", "outpost"),
    RevealedTile("temple", "watchers_temple"),
    RevealedTile("event_18", "event"),
    RevealedTile("battle", "battle"),
)


def _check(move, current="event_18", placeable=True, left=4):
    check_move(
        move,
        current_tile=current,
        revealed=MAP,
        new_tile_placeable=placeable,
        tiles_left_in_deck=left,
    )


def test_legal_moves_are_a_new_tile_the_village_and_revealed_outposts():
    moves = legal_moves(
        current_tile="event_18", revealed=MAP, new_tile_placeable=True, tiles_left_in_deck=4
    )
    assert moves == (
        KinshipMove(NEW_TILE),
        KinshipMove(RETURN, "village"),
        KinshipMove(RETURN, "guild"),
    )


def test_the_kinship_may_not_stay_where_it_is():
    moves = legal_moves(
        current_tile="guild", revealed=MAP, new_tile_placeable=False, tiles_left_in_deck=4
    )
    assert moves == (KinshipMove(RETURN, "village"),)
    with pytest.raises(RuleViolation, match="may not stay"):
        _check(KinshipMove(RETURN, "guild"), current="guild")


@pytest.mark.parametrize(
    ("tile", "name"),
    [
        ("journey_1", "Journey"),
        ("temple", "Watchers Temple"),
        ("event_18", "Event"),
        ("battle", "Battle"),
    ],
)
def test_revealed_journey_temple_event_and_battle_are_refused(tile, name):
    with pytest.raises(RuleViolation, match=f"may not go back to a revealed {name}"):
        _check(KinshipMove(RETURN, tile), current="guild")


def test_returns_to_the_village_and_outposts_are_allowed():
    _check(KinshipMove(RETURN, "village"))
    _check(KinshipMove(RETURN, "guild"))
    _check(KinshipMove(NEW_TILE))


def test_a_new_tile_needs_a_connecting_pathway_and_a_tile_in_the_deck():
    with pytest.raises(RuleViolation, match="pathway that connects"):
        _check(KinshipMove(NEW_TILE), placeable=False)
    with pytest.raises(RuleViolation, match="no tile left"):
        _check(KinshipMove(NEW_TILE), left=0)


def test_a_tile_not_on_the_map_is_refused():
    with pytest.raises(RuleViolation, match="not on the Quest Mat"):
        _check(KinshipMove(RETURN, "mercantile"))
    with pytest.raises(RuleViolation, match="new tile or back"):
        _check(KinshipMove("fly"))


def test_no_legal_move_means_the_major_threat_now():
    only_village = (RevealedTile("village", "starting_village"),)
    assert (
        legal_moves(
            current_tile="village",
            revealed=only_village,
            new_tile_placeable=False,
            tiles_left_in_deck=3,
        )
        == ()
    )


def test_a_journey_keeps_the_active_player_marker():
    players = ("ana", "ben", "cy")
    assert keeps_active_player("journey")
    assert next_active_player(players, "ben", "journey") == "ben"
    assert next_active_player(players, "ben", "event") == "cy"
    assert next_active_player(players, "cy", "outpost") == "ana"
    assert not keeps_active_player("outpost")


def test_active_player_must_be_playing():
    with pytest.raises(RuleViolation, match="one of the players"):
        next_active_player(("ana",), "zed", "event")
    with pytest.raises(RuleViolation, match="Quest Tile type"):
        keeps_active_player("cataclysm")


def test_the_major_threat_ends_the_game():
    assert ends_the_game("major_threat")
    assert not ends_the_game("battle")
