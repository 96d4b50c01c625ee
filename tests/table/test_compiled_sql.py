"""Reads whose SQL is built once (campaigns/table/compiled_sql.py) answer exactly as the ORM
does, for every argument after the first, with the ORM's conversions, on either database."""

import pytest
from django.apps import apps
from django.db import DEFAULT_DB_ALIAS, connections
from django.db.models import Exists, OuterRef
from django.db.models.signals import post_init

from campaigns.table import services
from campaigns.table.compiled_sql import CompiledQuery, as_instances, attnames, rows_by_parent
from campaigns.table.ledger import ledger_undo
from campaigns.table.models import Campaign, LedgerEntry, Membership
from tests.factories import UserFactory


def _entries(campaign_id, kind):
    return (
        LedgerEntry.objects.filter(campaign_id=campaign_id, kind=kind)
        .annotate(undone=Exists(LedgerEntry.objects.filter(reverses=OuterRef("pk"))))
        .order_by("-id")
        .values_list("id", "created_at", "deltas", "undone", "actor__username")
    )


ENTRIES = CompiledQuery(_entries, text=("kind",))


@pytest.fixture
def two_campaigns(db):
    owner, friend = UserFactory(username="mia"), UserFactory(username="ossi")
    first = services.campaign_create(owner=owner, game="glow", name="First")
    second = services.campaign_create(owner=friend, game="glow", name="Second")
    services.campaign_rename(campaign=first, actor=owner, name="First, renamed")
    services.campaign_rename(campaign=second, actor=friend, name="Second, renamed")
    services.campaign_rename(campaign=second, actor=friend, name="Second, again")
    return first, second


def test_rows_equal_the_orms_for_each_argument_after_the_first(two_campaigns):
    first, second = two_campaigns
    kind = LedgerEntry.objects.filter(campaign=first).latest("id").kind
    for campaign in (first, second, first):
        expected = [tuple(row) for row in _entries(campaign.pk, kind)]
        assert expected, "the campaign has entries of that kind"
        assert ENTRIES.rows(campaign_id=campaign.pk, kind=kind) == expected
    assert ENTRIES.rows(campaign_id=first.pk, kind="no such kind") == []


def test_columns_come_back_converted_as_the_orm_converts_them(two_campaigns):
    first, _ = two_campaigns
    kind = LedgerEntry.objects.filter(campaign=first).latest("id").kind
    _, created_at, deltas, undone, username = ENTRIES.rows(campaign_id=first.pk, kind=kind)[0]
    assert created_at.tzinfo is not None  # an aware datetime, on SQLite too
    assert isinstance(deltas, dict)  # JSON decoded
    assert undone is False  # a bool, not SQLite's 0
    assert username == "mia"


def test_the_sql_is_built_once_per_connection(two_campaigns, monkeypatch):
    first, second = two_campaigns
    built = []
    query = CompiledQuery(lambda campaign_id: built.append(campaign_id) or _names(campaign_id))
    assert query.rows(campaign_id=first.pk) == [("First, renamed",)]
    assert query.rows(campaign_id=second.pk) == [("Second, again",)]
    # Built once per connection, with two sets of stand-ins (to tell arguments from the
    # query's constants), never with a real argument.
    assert len(built) == 2 and first.pk not in built and second.pk not in built
    assert query.key in connections["default"].__dict__["dawn_compiled_queries"]


def _names(campaign_id):
    return Campaign.objects.filter(pk=campaign_id).values_list("name")


def test_an_argument_used_twice_goes_to_both_places(two_campaigns):
    first, second = two_campaigns
    both = CompiledQuery(
        lambda campaign_id: (
            Campaign.objects.filter(pk=campaign_id)
            .filter(memberships__campaign_id=campaign_id)
            .values_list("name")
        )
    )
    assert both.rows(campaign_id=first.pk) == [("First, renamed",)]
    assert both.rows(campaign_id=second.pk) == [("Second, again",)]


def test_an_argument_that_does_not_reach_the_sql_as_given_is_refused(db):
    pattern = CompiledQuery(
        lambda name: Campaign.objects.filter(name__contains=name).values_list("id"),
        text=("name",),
    )
    with pytest.raises(ValueError, match="every argument must reach the SQL as given"):
        pattern.rows(name="Sea")


def test_the_history_pages_compiled_read_lists_what_the_orm_lists(two_campaigns):
    from campaigns.table.history import campaign_history, history_rows, listed_entries
    from campaigns.table.ledger import is_undoable, ledger_undo

    first, second = two_campaigns
    newest = LedgerEntry.objects.filter(campaign=second).latest("id")
    ledger_undo(campaign=second, actor=newest.actor, entry_id=newest.pk)
    for campaign, subject in ((second, None), (first, None), (second, ("campaign", ""))):
        subject = subject and ("campaign", str(campaign.pk))
        entries = LedgerEntry.objects.filter(campaign=campaign)
        if subject:
            entries = entries.filter(subject_type=subject[0], subject_id=subject[1])
        entries = list(listed_entries(entries)[:50])
        expected = history_rows(entries, {e.pk for e in entries if is_undoable(e)})
        assert campaign_history(campaign.pk, subject=subject, undo_allowed=bool) == expected
        assert campaign_history(campaign.pk, subject=subject) == history_rows(entries)
    assert sum(row["undone"] for row in campaign_history(second.pk)) == 1


def test_tool_states_read_with_their_sql_built_once_match_what_is_stored(two_campaigns):
    from campaigns.table.models import ToolState
    from campaigns.table.tool_state import dict_tool, tool_states

    first, second = two_campaigns
    dice, bag, deck = (dict_tool(f"glow.{name}", {"n": 0}) for name in ("dice", "bag", "deck"))
    ToolState.objects.create(campaign=first, tool="glow.dice", state={"n": 3, "rolls": [1, 6]})
    ToolState.objects.create(campaign=first, tool="glow.bag", state={"n": 1})
    ToolState.objects.create(campaign=second, tool="glow.dice", state={"n": 9})
    assert tool_states(first, [dice, bag, deck]) == {
        "glow.dice": {"n": 3, "rolls": [1, 6]},
        "glow.bag": {"n": 1},
        "glow.deck": {"n": 0},
    }
    assert tool_states(second.pk, [deck, dice, bag]) == {
        "glow.deck": {"n": 0},
        "glow.dice": {"n": 9},
        "glow.bag": {"n": 0},
    }
    assert tool_states(second, [bag]) == {"glow.bag": {"n": 0}}
    assert tool_states(first, []) == {}


def test_a_small_integer_argument_reaches_the_sql(db):
    """Stand-ins fit a small integer column (a timeslot), where a number out of its range
    would make the ORM drop the filter."""
    from campaigns.occulites.models import OcculitesSeason

    owner = UserFactory(username="mia")
    for name, timeslot in (("Early", 2), ("Late", 9)):
        campaign = services.campaign_create(owner=owner, game="occulites", name=name)
        OcculitesSeason.objects.update_or_create(campaign=campaign, defaults={"timeslot": timeslot})
    at = CompiledQuery(
        lambda timeslot: (
            OcculitesSeason.objects.filter(timeslot=timeslot)
            .order_by()
            .values_list("campaign__name")
        )
    )
    assert at.rows(timeslot=9) == [("Late",)]
    assert at.rows(timeslot=2) == [("Early",)]
    assert at.rows(timeslot=5) == []


def test_a_constant_equal_to_a_stand_in_stays_a_constant(two_campaigns):
    first, _ = two_campaigns
    from campaigns.table import compiled_sql

    constant = compiled_sql._STAND_IN_ID  # what the first argument stands in as, once
    query = CompiledQuery(
        lambda campaign_id: (
            Campaign.objects.filter(pk=campaign_id).exclude(version=constant).values_list("name")
        )
    )
    assert query.rows(campaign_id=first.pk) == [("First, renamed",)]


# Instances made from rows (as_instances): the direct way and the ORM's agree.


def _loaded(model, instance):
    state = instance._state
    columns = {name: instance.__dict__[name] for name in attnames(model)}
    return columns, state.adding, state.db


@pytest.mark.parametrize("model", apps.get_models(), ids=lambda model: model._meta.label)
def test_a_row_made_an_instance_is_what_the_orm_loads(model):
    columns = attnames(model)
    row = tuple(f"value of {name}" for name in columns)
    (made,) = as_instances(model, columns, [(*row, "a further column")])
    loaded = model.from_db(DEFAULT_DB_ALIAS, columns, row)
    assert type(made) is model
    assert _loaded(model, made) == _loaded(model, loaded)
    assert set(made.__dict__) == set(loaded.__dict__)


def test_rows_made_instances_compare_save_and_follow_relations(two_campaigns):
    first, _ = two_campaigns
    rows = Campaign.objects.filter(pk=first.pk).values_list(*attnames(Campaign))
    (campaign,) = as_instances(Campaign, attnames(Campaign), list(rows))
    assert campaign == first and campaign.name == "First, renamed"
    campaign.name = "First, saved"
    campaign.save(update_fields=["name"])  # an update, not an insert: it is not "adding"
    assert Campaign.objects.get(pk=first.pk).name == "First, saved"
    rows = Membership.objects.filter(campaign=first).values_list(*attnames(Membership))
    (membership,) = as_instances(Membership, attnames(Membership), list(rows))
    assert membership.user.username == "mia"  # a foreign key's id, followed by a query
    assert membership.campaign == first


def test_a_model_with_an_init_receiver_is_loaded_through_the_orm(db):
    seen = []

    def receiver(sender, instance, **kwargs):
        seen.append(instance)

    post_init.connect(receiver, sender=Campaign)
    try:
        columns = attnames(Campaign)
        (campaign,) = as_instances(Campaign, columns, [tuple(range(len(columns)))])
    finally:
        post_init.disconnect(receiver, sender=Campaign)
    assert seen == [campaign]


@pytest.mark.parametrize("model", apps.get_models(), ids=lambda model: model._meta.label)
def test_a_row_of_some_columns_made_an_instance_is_what_the_orm_loads(model):
    columns = attnames(model)
    some = [columns[0], columns[-1]] if len(columns) > 1 else columns
    row = tuple(f"value of {name}" for name in some)
    (made,) = as_instances(model, some, [row])
    loaded = model.from_db(DEFAULT_DB_ALIAS, some, row)
    assert made.__dict__.keys() == loaded.__dict__.keys()
    assert {name: made.__dict__[name] for name in some} == dict(zip(some, row, strict=True))
    assert made.get_deferred_fields() == loaded.get_deferred_fields()
    assert (made._state.adding, made._state.db) == (loaded._state.adding, loaded._state.db)


def test_rows_of_some_columns_only_leave_the_others_deferred(db):
    (campaign,) = as_instances(Campaign, ["id", "name"], [(7, "Named")])
    assert campaign.name == "Named" and campaign.get_deferred_fields() >= {"game"}


def test_columns_out_of_the_models_order_are_loaded_as_the_orm_loads_them(db):
    # from_db pairs the values with the columns in the model's order; so does this.
    (made,) = as_instances(Campaign, ["name", "id"], [("Named", 7)])
    loaded = Campaign.from_db(DEFAULT_DB_ALIAS, ["name", "id"], ("Named", 7))
    assert (made.pk, made.name) == (loaded.pk, loaded.name)


def test_rows_of_a_left_join_are_grouped_by_their_parent_in_order():
    # (parent id, parent name, child id, child name): a parent with two children, one with
    # none (a row of NULLs), and a row with no parent at all (an empty outer row).
    rows = [
        (7, "Ash", 70, "Vest"),
        (7, "Ash", 71, "Lantern"),
        (3, "Bry", None, None),
        (None, None, None, None),
    ]
    grouped = rows_by_parent(rows, parent_id=0, child_start=2)
    assert list(grouped) == [7, 3]
    assert grouped[7] == ((7, "Ash", 70, "Vest"), [(70, "Vest"), (71, "Lantern")])
    assert grouped[3] == ((3, "Bry", None, None), [])


def test_an_undone_entry_and_its_time_read_as_the_orm_reads_them(two_campaigns):
    first, _ = two_campaigns
    owner = first.memberships.get().user
    entry = LedgerEntry.objects.filter(campaign=first).latest("id")
    ledger_undo(campaign=first, actor=owner, entry_id=entry.pk)
    expected = [tuple(row) for row in _entries(first.pk, entry.kind)]
    rows = ENTRIES.rows(campaign_id=first.pk, kind=entry.kind)
    assert rows == expected
    undone = {row[0]: row[3] for row in rows}
    assert undone[entry.pk] is True
    assert [row[1].tzinfo for row in rows] == [row[1].tzinfo for row in expected]


def test_times_are_read_in_the_databases_time_zone_as_the_orm_reads_them(two_campaigns):
    first, _ = two_campaigns
    kind = LedgerEntry.objects.filter(campaign=first).latest("id").kind
    connection = connections[DEFAULT_DB_ALIAS]
    utc_time = ENTRIES.rows(campaign_id=first.pk, kind=kind)[0][1]
    saved = connection.settings_dict["TIME_ZONE"]
    connection.settings_dict["TIME_ZONE"] = "Europe/Helsinki"
    connection.__dict__.pop("timezone", None)
    connection.__dict__.pop("timezone_name", None)
    try:
        expected = [tuple(row) for row in _entries(first.pk, kind)]
        rows = ENTRIES.rows(campaign_id=first.pk, kind=kind)
        assert rows == expected
        assert str(rows[0][1].tzinfo) == str(expected[0][1].tzinfo)
        if connection.vendor == "sqlite":  # a stored time is read as Helsinki's
            assert str(rows[0][1].tzinfo) == "Europe/Helsinki"
            assert rows[0][1] != utc_time
    finally:
        connection.settings_dict["TIME_ZONE"] = saved
        connection.__dict__.pop("timezone", None)
        connection.__dict__.pop("timezone_name", None)
