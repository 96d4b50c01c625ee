"""Starting Django for a measuring tool, on a database of its own."""

import os
from contextlib import contextmanager


def django_setup() -> None:
    """Configure and start Django with the project's settings (from the environment)."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "dawn_companion.settings")
    import django

    django.setup()


@contextmanager
def scratch_database():
    """A fresh, migrated database on the configured engine (a file under var/ for SQLite, a
    new database on the PostgreSQL server), dropped afterwards: the dev database is never
    touched. Uses the engine's test-database name (one per process)."""
    from django.db import connection

    old_name = connection.settings_dict["NAME"]
    connection.creation.create_test_db(verbosity=0, autoclobber=True, serialize=False)
    try:
        yield connection.settings_dict["NAME"]
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


def refresh_statistics() -> None:
    """After building data in bulk, let PostgreSQL's planner see it (ANALYZE), as autovacuum
    does on a running server; with the statistics of an empty table it sorts a whole
    campaign's entries where an index gives the newest at once. SQLite plans without them."""
    from django.db import connection

    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE")
