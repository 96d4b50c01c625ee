"""Export to BG Stats: the createPlay link with the play's JSON, and the CSV of all plays."""

import csv
import io
import json
from dataclasses import replace
from datetime import date, datetime
from urllib.parse import unquote, urlsplit

from campaigns.glow.rules.bgstats import (
    CSV_HEADER,
    bgstats_play,
    bgstats_url,
    plays_csv,
    plays_csv_rows,
)
from campaigns.glow.rules.stats import PlayRecord, SeatRecord

GROUP_PLAY = PlayRecord(
    "glow-play-7",
    date(2025, 3, 1),
    "archipelago_of_darkness",
    ("elemental", "draconic"),
    (
        SeatRecord("member:3", "Ana", "zay_drel", 80, 38, True),
        SeatRecord("guest:zoé", "Zoé", "Mira", 90, 10, False),
    ),
)
SOLO_PLAY = PlayRecord(
    "glow-play-8",
    datetime(2025, 3, 2, 20, 15),
    "province_of_shadows",
    ("anibloom",),
    (SeatRecord("member:3", "Ana", "hulios", 100, 16, False),),
    tom_score=122,
)


def decode(url):
    parts = urlsplit(url)
    assert parts.query.startswith("data=")
    return json.loads(unquote(parts.query[len("data=") :]))


def test_link_uses_the_createplay_scheme_with_the_plays_json():
    url = bgstats_url(GROUP_PLAY)
    assert url.startswith("bgstats://app.bgstatsapp.com/createPlay.html?data=")
    assert decode(url) == bgstats_play(GROUP_PLAY)
    assert bgstats_url(GROUP_PLAY, web=True).startswith(
        "https://app.bgstatsapp.com/createPlay.html?data="
    )


def test_a_remembered_link_is_the_link_drawn_afresh_and_a_changed_play_gets_its_own():
    draw_afresh = bgstats_url.__wrapped__
    for play in (GROUP_PLAY, SOLO_PLAY):
        for options in ({}, {"web": True}, {"bgg_id": 12345}):
            assert bgstats_url(play, **options) == draw_afresh(play, **options)
            assert bgstats_url(play, **options) == draw_afresh(play, **options)  # remembered
    rescored = replace(
        GROUP_PLAY, seats=(replace(GROUP_PLAY.seats[0], core_score=81), GROUP_PLAY.seats[1])
    )
    assert bgstats_url(rescored) != bgstats_url(GROUP_PLAY)
    assert decode(bgstats_url(rescored))["players"][0]["score"] == 81 + 38
    # The same play read again (an equal record, not the same object) shares the link.
    assert bgstats_url(replace(GROUP_PLAY)) == bgstats_url(GROUP_PLAY)


def test_the_data_parameter_is_fully_encoded():
    query = urlsplit(bgstats_url(GROUP_PLAY)).query[len("data=") :]
    assert not set(query) & set('{}":,/ &?#é')


def test_play_json_fields():
    play = bgstats_play(GROUP_PLAY)
    assert play["sourceName"] == "Dawn Companion"
    assert play["sourcePlayId"] == "glow-play-7"
    assert play["playDate"] == "2025-03-01 00:00:00"
    assert play["game"] == {
        "name": "Glow",
        "sourceGameId": "glow",
        "highestWins": True,
        "noPoints": False,
    }
    assert play["players"] == [
        {
            "name": "Ana",
            "sourcePlayerId": "member:3",
            "score": 118,
            "winner": True,
            "role": "Zay'Drel",
        },
        {
            "name": "Zoé",
            "sourcePlayerId": "guest:zoé",
            "score": 100,
            "winner": False,
            "role": "Mira",
        },
    ]
    assert "Elemental, Draconic" in play["comments"]
    assert "The Archipelago of Darkness" in play["comments"]


def test_bgg_id_is_sent_only_when_the_group_gives_it():
    assert "bggId" not in bgstats_play(GROUP_PLAY)["game"]
    assert bgstats_play(GROUP_PLAY, bgg_id=12345)["game"]["bggId"] == 12345


def test_a_solo_play_lists_tom_with_his_final_count():
    play = bgstats_play(SOLO_PLAY)
    assert play["playDate"] == "2025-03-02 20:15:00"
    assert [(p["name"], p["score"], p["winner"]) for p in play["players"]] == [
        ("Ana", 116, False),
        ("Tom", 122, True),
    ]


def test_a_picked_winner_is_noted():
    picked = PlayRecord(
        "p",
        date(2025, 1, 1),
        "province_of_shadows",
        (),
        (SeatRecord("a", "A", "elldir", 50, 0, True), SeatRecord("b", "B", "elldir", 50, 0, False)),
        winner_picked=True,
    )
    assert "the group picked the winner" in bgstats_play(picked)["comments"]


def test_csv_has_a_row_per_seat_in_date_order():
    rows = plays_csv_rows([SOLO_PLAY, GROUP_PLAY])
    assert rows[0] == CSV_HEADER
    assert [row[0] for row in rows[1:]] == ["glow-play-7", "glow-play-7", "glow-play-8"]
    assert rows[1][4:10] == ("Ana", "Zay'Drel", "80", "38", "118", "yes")
    assert rows[3][-1] == "122" and rows[3][9] == "no"


def test_csv_text_parses_back():
    parsed = list(csv.reader(io.StringIO(plays_csv([GROUP_PLAY]))))
    assert parsed[0] == list(CSV_HEADER)
    assert parsed[2][3] == "Elemental, Draconic"
