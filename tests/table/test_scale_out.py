"""Scale-out recipe: two stateless gunicorn processes sharing one PostgreSQL, no sticky
sessions. Phones send each request to the next process in turn (the load generator's round
robin); every acknowledged write must be in the database and nothing may fail.

Runs in the PostgreSQL pass of CI (about 15 s); skipped on SQLite, which is one file on one
machine and is not the scale-out database.
"""

import pytest
from django.conf import settings
from django.db import connection

from bench.data import new_table, new_user
from bench.load import Replay, Servers, database_url, lost_writes, phones_for, server_environment
from bench.load import snapshot as table_snapshot
from campaigns.table.games import games

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        not settings.DATABASES["default"]["ENGINE"].endswith("postgresql"),
        reason="the scale-out recipe shares one PostgreSQL",
    ),
]


@pytest.fixture
def tables():
    made = []
    for n in range(2):
        users = [new_user(f"scale-{n}-{k}") for k in range(4)]
        game = next(iter(games()))
        made.append(
            (new_table(game=game, name=f"Shared {n}", owner=users[0], players=users[1:]), users)
        )
    return made


def test_two_app_processes_lose_no_write_and_fail_no_request(tables):
    phones = phones_for(tables, "campaign")
    before = table_snapshot(tables)
    env = server_environment(
        database_url(connection.settings_dict), settings.SECRET_KEY, debug=True
    )
    # The test database is committed (transactional test) and visible to the servers.
    servers = Servers(env, count=2, workers=2)
    try:
        replay = Replay(servers, phones, duration=6, poll_seconds=0.3, write_seconds=0.4)
        replay.run()
    finally:
        servers.stop()
    acknowledged, missing = lost_writes(tables, replay.results, before)
    assert replay.results.errors == []
    assert acknowledged >= 8 * 10
    assert missing == 0
    assert replay.results.timings.get("poll (changed)") and replay.results.timings.get("page")


def test_the_load_test_costs_each_request_type_on_its_own(tables):
    from bench.load import CpuMeter, request_costs

    (phone, *_) = phones_for(tables[:1], "campaign")
    env = server_environment(
        database_url(connection.settings_dict), settings.SECRET_KEY, debug=True
    )
    servers = Servers(env, count=1, workers=1)
    try:
        replay = Replay(servers, [phone], duration=0)
        costs = request_costs(replay, phone, CpuMeter(servers), count=20)
    finally:
        servers.stop()
    assert set(costs) == {"poll (204)", "poll (changed)", "live region", "page", "write"}
    assert all(ms >= 0 for ms in costs.values()) and sum(costs.values()) > 0
    # Each probe was answered as its type: the changed poll saw a change, nothing failed.
    assert replay.results.errors == []
    assert len(replay.results.timings["poll (changed)"]) == 25
    assert len(replay.results.timings["poll (204)"]) == 25
