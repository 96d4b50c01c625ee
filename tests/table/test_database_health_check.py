"""A kept PostgreSQL connection is checked before each request's first query without a
round trip, and one the server has ended is replaced, not used (postgresql/base.py)."""

import select
import time
from unittest import mock

import pytest
from django.db import connection, connections, transaction
from django.db.backends.postgresql.base import DatabaseWrapper as DjangoWrapper

from campaigns.table.models import Campaign

pytestmark = pytest.mark.skipif(
    connection.vendor != "postgresql", reason="PostgreSQL's kept connections"
)


def _next_request_starts():
    """What Django does at a request's start (request_started): the connection kept, its
    health to be checked before the first query."""
    connection.close_if_unusable_or_obsolete()


def test_a_healthy_connection_is_checked_without_asking_the_server(transactional_db):
    Campaign.objects.count()
    kept = connection.connection
    with mock.patch.object(DjangoWrapper, "is_usable", autospec=True) as server_asked:
        _next_request_starts()
        assert Campaign.objects.count() == 0
    assert connection.connection is kept
    server_asked.assert_not_called()


def test_a_connection_inside_a_transaction_is_checked_by_asking_the_server(transactional_db):
    # Only an idle connection is known to be as the last request left it.
    with transaction.atomic():
        Campaign.objects.count()
        with mock.patch.object(DjangoWrapper, "is_usable", autospec=True) as server_asked:
            connection.is_usable()
    server_asked.assert_called_once()


def test_a_connection_the_server_ended_is_replaced_before_the_next_query(transactional_db):
    Campaign.objects.count()
    ended = connection.connection
    other = connections.create_connection("default")
    try:
        with other.cursor() as cursor:
            cursor.execute("SELECT pg_terminate_backend(%s)", [ended.info.backend_pid])
    finally:
        other.close()
    deadline = time.monotonic() + 5  # until the server's farewell reaches the socket
    while not select.select([ended.fileno()], [], [], 0.05)[0]:
        assert time.monotonic() < deadline

    _next_request_starts()

    assert Campaign.objects.count() == 0
    assert connection.connection is not ended
