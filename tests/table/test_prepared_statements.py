"""On PostgreSQL, statements a connection runs again are prepared on the server, so it
stops parsing and planning them on every request (settings: server-side binding)."""

import pytest
from django.db import connection
from django.db.models import F

from campaigns.table.compiled_sql import CompiledQuery
from campaigns.table.models import Campaign

# A name no other query uses, to find this test's statement among the connection's.
PROBE = "prepared_statement_probe"


def _prepared_probes() -> int:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_prepared_statements WHERE statement LIKE %s",
            [f"%{PROBE}%"],
        )
        return cursor.fetchone()[0]


def test_a_read_run_again_on_a_connection_is_prepared_once(db):
    if connection.vendor != "postgresql":
        pytest.skip("SQLite prepares in process")
    probe = CompiledQuery(
        lambda campaign_id: (
            Campaign.objects.filter(pk=campaign_id)
            .annotate(**{PROBE: F("name")})
            .values_list(PROBE)
        )
    )
    assert _prepared_probes() == 0
    for campaign_id in range(1, 8):  # psycopg prepares after five runs
        assert probe.rows(campaign_id=campaign_id) == []
    assert _prepared_probes() == 1
