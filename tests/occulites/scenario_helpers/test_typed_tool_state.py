"""Each helper's typed state reads and writes the very dicts already stored (ids
`occulites.<tool>`), so the rows in the database load unchanged."""

import pytest

from campaigns.occulites.scenario_helpers import state
from campaigns.occulites.tokens.services import TRIBAL_TOKENS

STORED = {
    state.CARDS: {
        "cards": {
            "scenario": 11,
            "event_cards_in_deck": 6,
            "sungem_cards_in_deck": 0,
            "back_in_reshuffle": False,
            "revealed": ["event", "sungem"],
        },
        "instructions": ["Move the Conditions Token one space towards 0."],
        "moved_siege": [True, False],
    },
    state.PODMOTHINE: {
        "podmothine": {"tentacles_in_play": 5, "tentacles_on_body": 4},
        "last": {"dice": [0, 5], "activates_on": 3, "sneaking": True, "activated": [True, False]},
    },
    state.PRY_SUNGEM: {
        "target": None,
        "tentacles_on_body": None,
        "discarded": None,
    },
    state.SKIRMISH: {
        "tribes": [
            {
                "name": "Deep Pool",
                "arrivals": {"waiting": [["Second", False]], "arrived": [], "last_turn_rolled": 2},
            }
        ],
        "last": {
            "tribe": "Deep Pool",
            "turn": 2,
            "groups": [{"name": "Second", "dice": [7], "arrives_on": 2, "arrived": False}],
        },
    },
    state.RIDGE: {
        "ridge": {"struck": ["Grublic"]},
        "on_ridge": [["Luftle A", "Luftle B"], ["Luftle B", "Luftle A"], ["Mipny", None]],
        "last": {"rolls": [["Grublic", 9], ["Mipny", 3]], "hit": ["Grublic"]},
    },
    state.SIEGE: {
        "siege": {"conditions": 7, "attacker_losses": [1, 0], "defender_losses": [0, 2]},
        "last": {"event_card": True},
    },
    state.REBORN_TRACK: {
        "track": {"positions": {"Grublic": 3}},
        "last": {"figure": "Grublic", "from": 4, "to": 3, "tribal_token": False},
    },
    state.AWARENESS: {"last": None},
    TRIBAL_TOKENS: {
        "turn": 2,
        "next_typed": 2,
        "tribes": [
            {
                "key": "typed-1",
                "name": "Visitors",
                "friend_of_the_luftles": False,
                "figures": [["Chief", False], ["Grunt", True]],
                "pools": {
                    "chief": {
                        "tokens_at_start": 5,
                        "luftles_only": False,
                        "turn": 2,
                        "chief_on_board": True,
                        "spends": [["Chief", "draw_three_cards", 1]],
                    }
                },
            }
        ],
    },
}


@pytest.mark.parametrize("kind", list(STORED), ids=lambda kind: kind.tool_id)
def test_a_stored_state_reads_back_to_the_same_dict(kind):
    assert kind.to_dict(kind.load(STORED[kind])) == STORED[kind]


def test_every_tool_id_names_the_game():
    assert {kind.tool_id for kind in STORED} == {
        f"occulites.{tool}"
        for tool in (
            "cards",
            "podmothine",
            "pry_sungem",
            "skirmish",
            "ridge",
            "siege",
            "reborn_track",
            "awareness",
            "tribal_tokens",
        )
    }
