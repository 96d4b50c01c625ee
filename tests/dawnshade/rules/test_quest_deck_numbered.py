"""The Quest Deck drawn from the numbered tiles the group owns (Set-up - Quest Deck; End of
Game / Campaign)."""

import random
from collections import Counter

import pytest

from campaigns.dawnshade.rules import quest_deck as qd
from campaigns.dawnshade.rules.errors import RuleViolation

OWNED = {
    "starting_village": [1, 2],
    "watchers_temple": [1, 2, 3],
    "battle": [1, 2, 3],
    "major_threat": [1, 2],
    "outpost": [1, 2, 3, 4],
    "event": list(range(1, 21)),
    "journey": [1, 2, 3],
}


def test_nine_tiles_in_the_deck_major_threat_at_the_bottom_village_on_the_mat():
    deck = qd.quest_deck_from_owned(OWNED, random.Random(1))
    assert len(deck.tiles) == 9
    assert deck.tiles[-1][0] == "major_threat"
    assert Counter(kind for kind, _ in deck.tiles) == Counter(
        {
            "watchers_temple": 1,
            "battle": 1,
            "major_threat": 1,
            "outpost": 2,
            "event": 2,
            "journey": 2,
        }
    )
    assert deck.starting_village in (1, 2)
    assert qd.QuestDeck.from_dict(deck.to_dict()) == deck


def test_completed_event_tiles_are_left_out():
    for seed in range(20):
        deck = qd.quest_deck_from_owned(
            OWNED, random.Random(seed), completed_event_tiles=range(1, 19)
        )
        assert {n for kind, n in deck.tiles if kind == "event"} == {19, 20}


def test_too_few_tiles_is_refused():
    with pytest.raises(RuleViolation, match="2 Event"):
        qd.quest_deck_from_owned(OWNED, random.Random(1), completed_event_tiles=range(1, 20))


def test_draw_and_major_threat_trigger():
    deck = qd.quest_deck_from_owned(OWNED, random.Random(1))
    tile, rest = qd.quest_deck_draw(deck)
    assert tile == deck.tiles[0] and len(rest.tiles) == 8
    threat, rest = qd.quest_deck_take_major_threat(rest)
    assert threat[0] == "major_threat" and len(rest.tiles) == 7
