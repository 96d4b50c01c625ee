"""No page of any game reads a whole table: every query is an index lookup, so a page's cost
does not grow with the other campaigns on the server (SQLite's query plans; PostgreSQL's
planner prefers whole-table reads of tables this small, so it is asked only on SQLite)."""

import pytest
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext

from bench.pages import discover
from campaigns.table.games import games
from campaigns.table.models import Campaign


def _whole_table_reads(sql: str) -> list[str]:
    """The plan's SCANs of stored tables (a recursive query's own rows, which SQLite names
    after the query as it builds them, and a constant row are not tables)."""
    with connection.cursor() as cursor:
        cursor.execute(f"EXPLAIN QUERY PLAN {sql}")
        steps = [row[3] for row in cursor.fetchall()]
    built = {step.split()[1] for step in steps if step.startswith(("MATERIALIZE ", "CO-ROUTINE "))}
    return [
        step
        for step in steps
        if step.startswith("SCAN") and step != "SCAN CONSTANT ROW" and step.split()[1] not in built
    ]


@pytest.mark.skipif(connection.vendor != "sqlite", reason="SQLite query plans")
@pytest.mark.parametrize("game_key", list(games()))
def test_no_page_reads_a_whole_table(db, client, game_key):
    call_command("demo_data")
    campaign = Campaign.objects.get(game=game_key)
    client.force_login(campaign.memberships.get(role="owner").user)
    probes, _forms = discover(client, campaign)
    scans = []
    for probe in probes:
        with CaptureQueriesContext(connection) as captured:
            client.get(probe.path, headers=probe.headers)
        for query in captured.captured_queries:
            if "%s" not in query["sql"]:  # queries Django could not inline are left out
                scans += [(probe.label, scan) for scan in _whole_table_reads(query["sql"])]
    assert scans == []
