"""A whole campaign out to one JSON file and back: same history, same totals, undo still works,
ids local to the file, and a damaged file changes nothing."""

import io
import json

import pytest
from django.apps import apps
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command
from django.urls import reverse

from campaigns.occulites import services as occulites
from campaigns.occulites.demo import populate_demo_season
from campaigns.table import services
from campaigns.table.backup import FORMAT, VERSION, campaign_export, campaign_import
from campaigns.table.errors import ValidationError
from campaigns.table.games import games
from campaigns.table.ledger import last_undoable_entry, ledger_undo
from campaigns.table.models import Campaign, DrawLogEntry, LedgerEntry, Membership
from tests.factories import UserFactory


@pytest.fixture
def season(campaign, user):
    friend = UserFactory(username="friend")
    services.membership_join(token=campaign.invite_token, user=friend)
    populate_demo_season(campaign=campaign, owner=user, friend=friend)
    # A creation undone, so the ledger mentions a row that is gone.
    tribe = campaign.tribes.first()
    entry = occulites.tribe_award_vp(tribe=tribe, actor=user, amount=2, reason="Test award")
    ledger_undo(campaign=campaign, actor=user, entry_id=entry.pk)
    return campaign


def _history(campaign):
    return [
        (e.kind, e.subject_type, e.subject_label, e.reason, e.reverses is not None)
        for e in LedgerEntry.objects.filter(campaign=campaign).order_by("pk")
    ]


def _totals(campaign):
    return {t.name: occulites.tribe_totals(t) for t in campaign.tribes.order_by("name")}


def _round_trip(campaign, owner):
    text = json.dumps(campaign_export(campaign))  # the file is plain JSON
    return campaign_import(json.loads(text), owner=owner)


def test_every_game_model_is_in_the_backup():
    for key, registration in games().items():
        models = set(apps.get_app_config(key).get_models())
        listed = {export.model for export in registration.export_models}
        listed |= set(registration.derived_models)  # rebuilt from the ledger on restore
        assert models <= listed, f"{key}: {models - listed} missing from export_models"


def test_the_file_names_its_format_version_game_and_members(season):
    data = campaign_export(season)
    assert (data["format"], data["version"], data["game"]) == (FORMAT, VERSION, "occulites")
    assert data["campaign"]["name"] == season.name
    assert {(m["username"], m["role"]) for m in data["members"]} == {
        ("owner", "owner"),
        ("friend", "player"),
    }
    assert data["exported_at"] and data["app_version"]


def test_ids_in_the_file_are_local_to_it(season):
    data = campaign_export(season)
    assert [tribe["id"] for tribe in data["records"]["tribe"]] == [1, 2]
    assert [entry["id"] for entry in data["ledger"]] == list(range(1, len(data["ledger"]) + 1))
    tribe_pks = set(season.tribes.values_list("pk", flat=True))
    for entry in data["ledger"]:
        if entry["subject_type"] == "tribe":
            assert int(entry["subject_id"]) in {1, 2}
    assert all(tribe["id"] in {1, 2} for tribe in data["records"]["tribe"])
    assert tribe_pks  # the database keys are whatever they are; the file doesn't carry them


def test_import_restores_history_totals_records_and_draws(season, user):
    other = UserFactory(username="restorer")
    restored = _round_trip(season, other)
    assert restored.pk != season.pk and restored.name == season.name
    assert _history(restored)[:-1] == _history(season)
    assert LedgerEntry.objects.filter(campaign=restored).first().kind == "campaign.import"
    assert _totals(restored) == _totals(season)
    assert [o.name for t in restored.tribes.order_by("name") for o in t.occulites.all()] == [
        o.name for t in season.tribes.order_by("name") for o in t.occulites.all()
    ]
    assert restored.occulites_season.timeslot == season.occulites_season.timeslot
    assert list(
        DrawLogEntry.objects.filter(campaign=restored).values_list("tool", "summary")
    ) == list(DrawLogEntry.objects.filter(campaign=season).values_list("tool", "summary"))
    assert Membership.objects.get(campaign=restored).user == other


def test_undo_still_works_on_imported_entries(season, user):
    restored = _round_trip(season, user)
    entry = last_undoable_entry(restored)
    # The demo's last action: Reed Marsh recruited a Grunt (a row and a purchase).
    assert entry.kind == "luftle.recruit"
    reed = restored.tribes.get(name="Reed Marsh")
    spend = occulites.tribe_totals(reed)["available_spend_total"]
    assert reed.luftles.count() == 1
    ledger_undo(campaign=restored, actor=user, entry_id=entry.pk)
    assert reed.luftles.count() == 0
    assert occulites.tribe_totals(reed)["available_spend_total"] > spend
    # The original campaign is untouched.
    assert season.tribes.get(name="Reed Marsh").luftles.count() == 1


def test_members_are_attached_only_when_asked_and_they_exist(season, user):
    plain = _round_trip(season, user)
    assert list(plain.memberships.values_list("user__username", flat=True)) == ["owner"]
    data = campaign_export(season)
    data["members"].append({"username": "nobody-here", "role": "player"})
    attached = campaign_import(data, owner=user, attach_members=True)
    assert set(attached.memberships.values_list("user__username", "role")) == {
        ("owner", "owner"),
        ("friend", "player"),
    }


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        (lambda d: "not a dict", "not a Dawn Companion"),
        (lambda d: {**d, "format": "something-else"}, "not a Dawn Companion"),
        (lambda d: {**d, "version": VERSION + 1}, "reads up to"),
        (lambda d: {**d, "version": "1"}, "no format version"),
        (lambda d: {**d, "game": "chess"}, "doesn't have"),
        (lambda d: {k: v for k, v in d.items() if k != "ledger"}, "damaged or incomplete"),
        (lambda d: {**d, "records": {**d["records"], "occulite": [{"id": 1}]}}, "damaged"),
        (lambda d: {**d, "ledger": [{**d["ledger"][0], "reverses": 999}]}, "damaged"),
    ],
)
def test_a_damaged_file_is_refused_and_nothing_is_written(season, user, damage, message):
    data = campaign_export(season)
    campaigns = Campaign.objects.count()
    entries = LedgerEntry.objects.count()
    with pytest.raises(ValidationError, match=message):
        campaign_import(damage(data), owner=user)
    assert Campaign.objects.count() == campaigns
    assert LedgerEntry.objects.count() == entries


# --- pages and commands ------------------------------------------------------------------


def test_a_member_downloads_the_backup_from_the_campaign_page(season, player_client, player):
    page = player_client.get(reverse("campaign", args=[season.pk]))
    assert reverse("campaign_backup", args=[season.pk]).encode() in page.content
    response = player_client.get(reverse("campaign_backup", args=[season.pk]))
    assert response["Content-Type"].startswith("application/json")
    assert "attachment" in response["Content-Disposition"]
    assert json.loads(response.content)["format"] == FORMAT


def test_restoring_an_upload_makes_a_campaign_owned_by_the_uploader(season, stranger_client):
    upload = SimpleUploadedFile("b.json", json.dumps(campaign_export(season)).encode())
    response = stranger_client.post(reverse("campaign_restore"), {"backup": upload})
    restored = Campaign.objects.exclude(pk=season.pk).get(name=season.name)
    assert response["Location"] == reverse("campaign", args=[restored.pk])
    assert restored.memberships.get().user.username == "stranger"
    history = stranger_client.get(reverse("history", args=[restored.pk])).content.decode()
    assert "Recruited" in history or "recruit" in history.lower()


@pytest.mark.parametrize(
    "content",
    [b"not json at all", b'{"format": "other"}', b"\xff\xfe", json.dumps([1, 2]).encode()],
)
def test_a_bad_upload_is_refused_beside_the_field(stranger_client, content):
    campaigns = Campaign.objects.count()
    upload = SimpleUploadedFile("b.json", content)
    response = stranger_client.post(reverse("campaign_restore"), {"backup": upload})
    assert response.status_code == 422
    assert b'id="id_backup_error"' in response.content
    assert Campaign.objects.count() == campaigns


def test_the_commands_export_one_all_and_import(season, user, tmp_path):
    out = tmp_path / "one.json"
    call_command("export_campaign", season.pk, "-o", str(out), stdout=io.StringIO())
    assert json.loads(out.read_text())["campaign"]["name"] == season.name
    call_command("export_all", str(tmp_path / "nightly"), stdout=io.StringIO())
    assert (tmp_path / "nightly" / f"campaign-{season.pk}.json").exists()
    before = Campaign.objects.count()
    call_command("import_campaign", str(out), "--owner", "owner", stdout=io.StringIO())
    assert Campaign.objects.count() == before + 1
    with pytest.raises(CommandError, match="No user"):
        call_command("import_campaign", str(out), "--owner", "nobody")
    with pytest.raises(CommandError, match="No campaign"):
        call_command("export_campaign", 99999)


def test_record_ids_held_in_entries_and_json_fields_are_renumbered(campaign, user):
    """A killed Occulite is named in the result's JSON field; the file holds its local id and
    the restored result names the restored Occulite."""
    from campaigns.occulites.models import ScenarioResult

    occulites.tribe_create(campaign=campaign, actor=user, name="Filler", tribe_type="hydris")
    tribe = occulites.tribe_create(campaign=campaign, actor=user, name="Moss", tribe_type="hydris")
    killed = tribe.occulites.get(position=2)
    ScenarioResult.objects.create(
        tribe=tribe,
        timeslot=1,
        scenario_key="returning_from_the_hunt",
        occulites_killed=[killed.pk],
    )
    data = campaign_export(campaign)
    local = [o["id"] for o in data["records"]["occulite"] if o["name"] == killed.name]
    moss_local = [o for o in data["records"]["occulite"] if o["id"] in local]
    assert len(moss_local) == 2  # the name is in both tribes; the killed one is Moss's
    assert data["records"]["result"][0]["occulites_killed"][0] in local
    restored = campaign_import(data, owner=user)
    new_killed = restored.tribes.get(name="Moss").occulites.get(position=2)
    assert ScenarioResult.objects.get(tribe__campaign=restored).occulites_killed == [new_killed.pk]
