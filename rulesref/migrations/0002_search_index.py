"""Full-text index for the reference, one per database engine (see rulesref/search.py).

SQLite: an external-content FTS5 table kept in sync by triggers.
PostgreSQL: a generated, weighted tsvector column with a GIN index.
"""

from django.db import migrations

SQLITE_FORWARD = [
    """CREATE VIRTUAL TABLE rulesref_entry_fts USING fts5(
        search_title, search_aliases, search_keywords, search_body,
        content='rulesref_entry', content_rowid='id',
        tokenize='porter unicode61 remove_diacritics 2')""",
    """CREATE TRIGGER rulesref_entry_fts_insert AFTER INSERT ON rulesref_entry BEGIN
        INSERT INTO rulesref_entry_fts(rowid, search_title, search_aliases, search_keywords, search_body)
        VALUES (new.id, new.search_title, new.search_aliases, new.search_keywords, new.search_body);
    END""",
    """CREATE TRIGGER rulesref_entry_fts_delete AFTER DELETE ON rulesref_entry BEGIN
        INSERT INTO rulesref_entry_fts(rulesref_entry_fts, rowid, search_title, search_aliases, search_keywords, search_body)
        VALUES ('delete', old.id, old.search_title, old.search_aliases, old.search_keywords, old.search_body);
    END""",
    """CREATE TRIGGER rulesref_entry_fts_update AFTER UPDATE ON rulesref_entry BEGIN
        INSERT INTO rulesref_entry_fts(rulesref_entry_fts, rowid, search_title, search_aliases, search_keywords, search_body)
        VALUES ('delete', old.id, old.search_title, old.search_aliases, old.search_keywords, old.search_body);
        INSERT INTO rulesref_entry_fts(rowid, search_title, search_aliases, search_keywords, search_body)
        VALUES (new.id, new.search_title, new.search_aliases, new.search_keywords, new.search_body);
    END""",
]
SQLITE_BACKWARD = [
    "DROP TRIGGER IF EXISTS rulesref_entry_fts_insert",
    "DROP TRIGGER IF EXISTS rulesref_entry_fts_delete",
    "DROP TRIGGER IF EXISTS rulesref_entry_fts_update",
    "DROP TABLE IF EXISTS rulesref_entry_fts",
]
POSTGRES_FORWARD = [
    """ALTER TABLE rulesref_entry ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
        setweight(to_tsvector('english'::regconfig, search_title), 'A') ||
        setweight(to_tsvector('english'::regconfig, search_aliases), 'A') ||
        setweight(to_tsvector('english'::regconfig, search_keywords), 'B') ||
        setweight(to_tsvector('english'::regconfig, search_body), 'C')) STORED""",
    "CREATE INDEX rulesref_entry_search_gin ON rulesref_entry USING GIN (search_vector)",
]
POSTGRES_BACKWARD = [
    "DROP INDEX IF EXISTS rulesref_entry_search_gin",
    "ALTER TABLE rulesref_entry DROP COLUMN IF EXISTS search_vector",
]


def _run(statements_by_vendor):
    def run(apps, schema_editor):
        for statement in statements_by_vendor.get(schema_editor.connection.vendor, []):
            schema_editor.execute(statement)

    return run


class Migration(migrations.Migration):
    dependencies = [("rulesref", "0001_initial")]

    operations = [
        migrations.RunPython(
            _run({"sqlite": SQLITE_FORWARD, "postgresql": POSTGRES_FORWARD}),
            _run({"sqlite": SQLITE_BACKWARD, "postgresql": POSTGRES_BACKWARD}),
        )
    ]
