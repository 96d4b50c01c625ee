"""Small reads that every page makes, with their SQL built once.

Building a queryset and compiling it to SQL costs the ORM more than running it does for the
small indexed reads every campaign page makes (measured on this machine: a membership lookup
1.2 ms, 0.9 of it building; the newest undoable entries 2.5 ms, 1.5 of it compiling; the SQL
itself well under 0.2 ms). A `CompiledQuery` builds its queryset once per database connection
with stand-in arguments, keeps the SQL, where each argument goes among its parameters and how
the columns it reads are converted (dates, JSON), and afterwards only runs that SQL.

For `values_list()` querysets of a fixed shape whose arguments are ids or short strings that
reach the SQL parameters as given (equality filters on columns, once or more); an argument
that does not (a LIKE pattern made from it, a list) is not found among the parameters and the
query is refused when compiled.
"""

from collections.abc import Callable
from datetime import datetime

from django.contrib.auth import get_user_model
from django.db import DEFAULT_DB_ALIAS, connections
from django.db.backends.sqlite3.base import FORMAT_QMARK_REGEX
from django.db.backends.sqlite3.operations import DatabaseOperations as SQLiteOperations
from django.db.models import Model
from django.db.models.base import ModelState
from django.db.models.fields.related_descriptors import ForeignKeyDeferredAttribute
from django.db.models.query_utils import DeferredAttribute
from django.db.models.signals import post_init, pre_init

# Stand-in arguments: a query is compiled twice, with a different stand-in for each argument
# each time, and a parameter is that argument's wherever it follows the stand-ins (one that
# stays the same is a constant of the query). Numbers fit every integer column (a small
# integer's range included); no key or name holds a NUL.
_STAND_IN_ID = 31_000
_STAND_IN_TEXT = "\x00stand-in{variant}:"


class CompiledQuery:
    def __init__(self, build: Callable, *, text: tuple[str, ...] = ()):
        """`build(**arguments)` returns the queryset; `text` names the string arguments
        (the others are ids)."""
        self.build = build
        self.text = set(text)
        self.key = f"{build.__module__}.{build.__qualname__}:{id(self)}"

    def rows(self, **arguments) -> list[tuple]:
        connection = connections[DEFAULT_DB_ALIAS]
        compiled = connection.__dict__.setdefault("dawn_compiled_queries", {})
        if self.key not in compiled:
            compiled[self.key] = self._compile(connection, arguments)
        sql, driver_sql, slots, steps = compiled[self.key]
        params = [arguments[name] if name is not None else value for name, value in slots]
        if connection.queries_logged or connection.execute_wrappers:
            # Counted or wrapped (tests, debugging, query-plan checks): as any query runs.
            with connection.cursor() as cursor:
                cursor.execute(sql, params)
                rows = cursor.fetchall()
        else:
            rows = _run_on_driver(connection, driver_sql, params)
        if steps:
            return _converted(rows, steps)
        return [tuple(row) for row in rows]

    def _compile(self, connection, arguments: dict):
        sql, params, compiler, stand_ins = self._as_sql(connection, arguments, variant=0)
        sql_again, params_again, _, stand_ins_again = self._as_sql(connection, arguments, 1)
        if sql_again != sql or len(params_again) != len(params):
            raise ValueError(f"{self.key}: the query's shape depends on its arguments")
        names = _by_value(stand_ins)
        names_again = _by_value(stand_ins_again)
        slots = []
        for value, value_again in zip(params, params_again, strict=True):
            name = _lookup(names, value)
            if name is not None and name == _lookup(names_again, value_again):
                slots.append((name, value))
            elif value == value_again:
                slots.append((None, value))
            else:
                raise ValueError(f"{self.key}: every argument must reach the SQL as given")
        if {name for name, _ in slots if name is not None} != set(stand_ins):
            raise ValueError(f"{self.key}: every argument must reach the SQL as given")
        fields = [column[0] for column in compiler.select[0 : compiler.col_count]]
        converters = compiler.get_converters(fields)
        return sql, _for_driver(connection, sql), slots, _steps(converters, connection)

    def _as_sql(self, connection, arguments: dict, variant: int):
        stand_ins = {
            name: (
                f"{_STAND_IN_TEXT.format(variant=variant)}{name}"
                if name in self.text
                else _STAND_IN_ID + 2 * n + variant
            )
            for n, name in enumerate(sorted(arguments))
        }
        compiler = self.build(**stand_ins).query.get_compiler(connection=connection)
        sql, params = compiler.as_sql()
        return sql, params, compiler, stand_ins


def _for_driver(connection, sql: str) -> str:
    """The SQL as the database driver takes it: Django's SQLite cursor turns each `%s` into
    `?` on every execution (a regular expression over the whole query); done once here."""
    if connection.vendor == "sqlite":
        return FORMAT_QMARK_REGEX.sub("?", sql).replace("%%", "%")
    return sql


def _run_on_driver(connection, sql: str, params: list) -> list:
    """The query on the driver's own cursor, with what Django's cursor checks first (the
    connection's health and thread, a broken transaction) and its errors as Django's: the
    wrapper cost more than the query itself (SQLite: 33 against 9 µs for the membership
    read). Only when nothing counts or wraps queries (see `rows`)."""
    connection.close_if_health_check_failed()
    connection.ensure_connection()
    connection.validate_thread_sharing()
    connection.validate_no_broken_transaction()
    with connection.wrap_database_errors:
        if connection.vendor == "sqlite":
            cursor = connection.connection.cursor()
        else:
            cursor = connection.create_cursor()  # with its time zone, as Django's cursor
        try:
            cursor.execute(sql, params)
            return cursor.fetchall()
        finally:
            cursor.close()


def _converted(rows, steps: list) -> list[tuple]:
    """`rows` with their columns converted by `steps` ((position, function) pairs)."""
    converted = []
    for row in rows:
        row = list(row)
        for position, convert in steps:
            row[position] = convert(row[position])
        converted.append(tuple(row))
    return converted


def _steps(converters: dict, connection) -> list:
    """The ORM's converters of each column (`apply_converters` calls them) made one function
    of the value: Django's calls of three arguments cost as much as the query for a list of
    entries (SQLite: 87 µs for the History page's fifty times, against 110 µs for its SQL)."""
    return [
        (position, _one_step(convert_all, expression, connection))
        for position, (convert_all, expression) in converters.items()
    ]


_SQLITE_BOOLEANS = {0: False, 1: True}


def _one_step(convert_all: list, expression, connection) -> Callable:
    """The column's converters as one function of the value. SQLite's time stamps (parsed by
    the driver, naive) and booleans (0 and 1) are converted here as Django's own
    converters convert them; anything else goes through those converters."""

    def through_django(value):
        for convert in convert_all:
            value = convert(value, expression, connection)
        return value

    if len(convert_all) != 1:
        return through_django
    kind = getattr(convert_all[0], "__func__", None)
    if kind is SQLiteOperations.convert_booleanfield_value:
        return lambda value: _SQLITE_BOOLEANS.get(value, value)
    if kind is SQLiteOperations.convert_datetimefield_value:

        def aware(value):
            if type(value) is datetime and value.tzinfo is None:
                # Django's make_aware in the connection's time zone, which is None when
                # USE_TZ is off (read each time: tests change both).
                zone = connection.timezone
                if zone is not None:
                    return value.replace(tzinfo=zone)
            return through_django(value)

        return aware
    return through_django


def _by_value(stand_ins: dict) -> dict:
    return {value: name for name, value in stand_ins.items()}


def _lookup(names: dict, value):
    return (
        names.get(value) if isinstance(value, int | str) and not isinstance(value, bool) else None
    )


def attnames(model) -> list[str]:
    """The columns of a model's rows, in the order `from_db` takes them."""
    return [field.attname for field in model._meta.concrete_fields]


def as_instances(model, fields: list[str], rows) -> list:
    """Model instances from rows that start with `fields` (further columns are ignored),
    as the ORM would load them."""
    width = len(fields)
    make = _plain_instance if _loads_plainly(model, fields) else _from_db
    return [make(model, fields, row[:width]) for row in rows]


def _from_db(model, fields, values):
    return model.from_db(DEFAULT_DB_ALIAS, fields, values)


# A page loads dozens of rows as instances, and `Model.from_db` costs about three times what
# the same instance costs made directly (2.8 against 0.8 µs an Occulite): its __init__
# sends two signals and sets each column through `setattr`. For a model whose columns are
# plain attributes, read in the model's order, the instance made directly is the same: the
# same attributes in its __dict__ (a column not read is deferred: absent, as from_db leaves
# it), loaded from the default database, not "adding".
def _plain_instance(model, fields, values):
    instance = object.__new__(model)
    state = instance._state = ModelState()
    state.adding = False
    state.db = DEFAULT_DB_ALIAS
    instance.__dict__.update(zip(fields, values, strict=True))
    return instance


_PLAIN_READS: dict = {}
# The attributes Django puts on a model for its columns that only store what is set on a
# new instance: a column's, and a foreign key's id (whose setter also forgets a cached
# related object, which a new instance has none of).
_PLAIN_COLUMN_ATTRIBUTES = (DeferredAttribute, ForeignKeyDeferredAttribute)


def _loads_plainly(model, fields) -> bool:
    """Whether `_plain_instance` makes what `from_db` would: columns of the model, each once
    and in its order (all of them or some); no __init__ or from_db of the model's own; each
    column a plain attribute; and no receiver of the init signals for the model (asked
    every time: one may connect later)."""
    read = tuple(fields)
    plain = _PLAIN_READS.get((model, read))
    if plain is None:
        columns = [column.attname for column in model._meta.concrete_fields]
        plain = _PLAIN_READS[(model, read)] = (
            model.__init__ is Model.__init__
            and model.from_db.__func__ is Model.from_db.__func__
            and all(
                type(getattr(model, column, None)) in _PLAIN_COLUMN_ATTRIBUTES for column in columns
            )
            and read == tuple(column for column in columns if column in read)
            and len(set(read)) == len(read)
        )
    return plain and not pre_init.has_listeners(model) and not post_init.has_listeners(model)


def with_users(model, fields: list[str], rows, relation: str) -> list:
    """Model instances from rows of `fields` followed by the username of `relation` (a
    foreign key to the user): each instance gets its user, so a page naming the player needs
    no query of its own."""
    user_model = get_user_model()
    user_fields = ["id", user_model.USERNAME_FIELD]
    field = model._meta.get_field(relation)
    instances = as_instances(model, fields, rows)
    make_user = _plain_instance if _loads_plainly(user_model, user_fields) else _from_db
    for instance, row in zip(instances, rows, strict=True):
        user_id = getattr(instance, field.attname)
        if user_id is not None:
            user = make_user(user_model, user_fields, (user_id, row[-1]))
            field.set_cached_value(instance, user)
    return instances


def rows_by_parent(rows, parent_id: int, child_start: int) -> dict:
    """The rows of a LEFT JOIN of parents to their children (a row a child, or one row of
    NULL children for a parent with none), grouped: each parent's id -> (its first row, the
    rows' columns from `child_start` on, one per child). `parent_id` is where the parent's
    id is in a row (a row whose parent is NULL is skipped); a child's id is at
    `child_start`. In the rows' order."""
    grouped: dict = {}
    for row in rows:
        pk = row[parent_id]
        if pk is None:
            continue
        if pk not in grouped:
            grouped[pk] = (row, [])
        if row[child_start] is not None:
            grouped[pk][1].append(row[child_start:])
    return grouped
