"""Several phones writing at once: no lost update, no "database is locked"."""

import random
import threading

import pytest
from django.db import close_old_connections, connection

from campaigns.table import services
from campaigns.table.models import Campaign, DrawLogEntry


def test_sqlite_is_configured_for_concurrent_writers(settings, db):
    database = settings.DATABASES["default"]
    if database["ENGINE"] != "django.db.backends.sqlite3":
        pytest.skip("PostgreSQL run")
    assert database["OPTIONS"]["transaction_mode"] == "IMMEDIATE"
    assert database["OPTIONS"]["timeout"] >= 5
    with connection.cursor() as cursor:
        cursor.execute("PRAGMA journal_mode")
        assert cursor.fetchone()[0] == "wal"
        cursor.execute("PRAGMA synchronous")
        assert cursor.fetchone()[0] == 1  # NORMAL


def test_a_worker_keeps_its_database_connection_between_requests(transactional_db):
    # What the end of every request does: a persistent connection survives it, so the next
    # request neither reopens the database nor prepares its statements again.
    from django.db import close_old_connections

    # A connection this worker opened more than CONN_MAX_AGE ago is due to close, as it
    # should be; the test starts from a fresh one, as a request after a restart would.
    connection.close()
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
    opened = connection.connection
    close_old_connections()
    assert connection.connection is opened


@pytest.mark.django_db(transaction=True)
def test_simultaneous_rolls_from_many_phones_all_land(user):
    campaign = services.campaign_create(owner=user, game="glow", name="Busy table")
    start_version = Campaign.objects.get(pk=campaign.pk).version
    phones, rolls_each = 6, 5
    errors = []

    def phone(seed: int):
        try:
            for _ in range(rolls_each):
                services.dice_roll(
                    campaign=campaign, actor=user, count=2, sides=6, rng=random.Random(seed)
                )
        except Exception as error:  # noqa: BLE001 - reported below
            errors.append(error)
        finally:
            close_old_connections()
            connection.close()

    threads = [threading.Thread(target=phone, args=(n,)) for n in range(phones)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert DrawLogEntry.objects.filter(campaign=campaign).count() == phones * rolls_each
    assert Campaign.objects.get(pk=campaign.pk).version == start_version + phones * rolls_each
