"""Export plays to BG Stats: a "createPlay" link per play, and CSV rows of all plays.

BG Stats accepts one play per link: ``bgstats://app.bgstatsapp.com/createPlay.html?data=``
followed by the play as URL-encoded JSON (the ``https://app.bgstatsapp.com/...`` form of
the same address opens the app too, or its web page where it is not installed). The JSON
fields used are the ones its play-link format documents and other apps send:
``sourceName`` (required, stable: BG Stats remembers game and player matches per source),
``sourcePlayId``, ``playDate`` ("YYYY-MM-DD HH:MM:SS"), ``comments``, ``game`` (``name``,
``sourceGameId``, ``highestWins``, ``noPoints``, optional ``bggId``) and ``players``
(``name``, ``sourcePlayerId``, ``score``, ``winner``, ``role``). The BoardGameGeek ids of
Glow and Dawn are not in our sources, so ``bggId`` is sent only when the group gives it.
"""

import csv
import io
import json
from collections.abc import Iterable
from datetime import date, datetime
from functools import lru_cache
from typing import Any
from urllib.parse import quote

from campaigns.glow.catalog.adventurers import ADVENTURERS
from campaigns.glow.catalog.journey_boards import JOURNEY_BOARDS
from campaigns.glow.catalog.sets import SETS
from campaigns.glow.rules.stats import PlayRecord, play_order

SOURCE_NAME = "Dawn Companion"
GAME_NAME = "Glow"
SOURCE_GAME_ID = "glow"
TOM_PLAYER_ID = "glow-tom"
CREATE_PLAY_APP = "bgstats://app.bgstatsapp.com/createPlay.html"
CREATE_PLAY_WEB = "https://app.bgstatsapp.com/createPlay.html"

CSV_HEADER = (
    "play",
    "date",
    "journey_board",
    "sets",
    "player",
    "adventurer",
    "core_score",
    "butterfly_shards",
    "total",
    "winner",
    "winner_picked",
    "tom_score",
)


def _adventurer_name(key: str) -> str:
    return ADVENTURERS[key].name if key in ADVENTURERS else key


def _sets_text(play: PlayRecord) -> str:
    return ", ".join(SETS[key].name if key in SETS else key for key in play.sets)


def _board_name(key: str) -> str:
    return JOURNEY_BOARDS[key].name if key in JOURNEY_BOARDS else key


def _play_date(played_on: date) -> str:
    if isinstance(played_on, datetime):
        return played_on.strftime("%Y-%m-%d %H:%M:%S")
    return played_on.strftime("%Y-%m-%d") + " 00:00:00"


def bgstats_play(play: PlayRecord, *, bgg_id: int | None = None) -> dict[str, Any]:
    """The play as BG Stats' play JSON. A solo play lists Tom as a second player with his
    final count, so BG Stats shows who won."""
    comments = f"Dawn expansion. Journey: {_board_name(play.journey_board)}."
    if play.sets:
        comments += f" Sets: {_sets_text(play)}."
    if play.winner_picked:
        comments += " Tie on points; the group picked the winner."
    players = [
        {
            "name": seat.player_name,
            "sourcePlayerId": seat.player_key,
            "score": seat.total,
            "winner": seat.total > play.tom_score if play.solo else seat.winner,
            "role": _adventurer_name(seat.adventurer),
        }
        for seat in play.seats
    ]
    if play.solo:
        players.append(
            {
                "name": "Tom",
                "sourcePlayerId": TOM_PLAYER_ID,
                "score": play.tom_score,
                "winner": play.tom_score > play.seats[0].total,
                "role": "Solo opponent",
            }
        )
    game: dict[str, Any] = {
        "name": GAME_NAME,
        "sourceGameId": SOURCE_GAME_ID,
        "highestWins": True,
        "noPoints": False,
    }
    if bgg_id is not None:
        game["bggId"] = bgg_id
    return {
        "sourceName": SOURCE_NAME,
        "sourcePlayId": play.play_key,
        "playDate": _play_date(play.played_on),
        "comments": comments,
        "game": game,
        "players": players,
    }


# Remembered per record: a pure function of the (frozen) record and the two options, and
# URL-encoding a play's JSON costs about 25 µs (urllib's quote goes byte by byte), which the
# history page paid for every finished play on every refresh. A changed play is another key.
@lru_cache(maxsize=1024)
def bgstats_url(play: PlayRecord, *, bgg_id: int | None = None, web: bool = False) -> str:
    """The "Send to BG Stats" link: the app's createPlay address with the play's JSON,
    URL-encoded, as ``data`` (``web`` gives the https form)."""
    data = json.dumps(bgstats_play(play, bgg_id=bgg_id), separators=(",", ":"), ensure_ascii=False)
    return f"{CREATE_PLAY_WEB if web else CREATE_PLAY_APP}?data={quote(data, safe='')}"


def plays_csv_rows(plays: Iterable[PlayRecord]) -> tuple[tuple[str, ...], ...]:
    """All plays, one row per seat, header first, in date order."""
    rows = [CSV_HEADER]
    for play in sorted(plays, key=play_order):
        for seat in play.seats:
            winner = seat.total > play.tom_score if play.solo else seat.winner
            rows.append(
                (
                    play.play_key,
                    play.played_on.isoformat(),
                    _board_name(play.journey_board),
                    _sets_text(play),
                    seat.player_name,
                    _adventurer_name(seat.adventurer),
                    str(seat.core_score),
                    str(seat.butterfly_shards),
                    str(seat.total),
                    "yes" if winner else "no",
                    "yes" if play.winner_picked else "no",
                    "" if play.tom_score is None else str(play.tom_score),
                )
            )
    return tuple(rows)


def plays_csv(plays: Iterable[PlayRecord]) -> str:
    """The CSV file's text (for the "download all plays" link)."""
    buffer = io.StringIO()
    csv.writer(buffer).writerows(plays_csv_rows(plays))
    return buffer.getvalue()
