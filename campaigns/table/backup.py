"""A whole campaign as one versioned JSON document, and back.

The file holds the campaign's name, its members (usernames and roles), every record of its
game (the models the game lists in its registration's `export_models`), the whole ledger in
order with reversals as references, the dice-and-draw log and the tool states. Ids in the file
are local to it: each model's rows are numbered 1, 2, 3... in the order they were made, and the
ledger's subjects and row-change deltas are renumbered to match, so a file imported on another
server never clashes with its keys. A row the ledger mentions that no longer exists (a record
created and then undone) gets a negative id, which matches no row anywhere.
"""

import datetime
import decimal
from collections.abc import Callable
from importlib import metadata

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError as DjangoValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone

from .errors import ValidationError
from .games import ExportModel, GameRegistration, game
from .ledger import ledger_record, ledger_totals_rebuild
from .models import (
    Campaign,
    DrawLogEntry,
    LedgerEntry,
    Membership,
    Role,
    ToolState,
    new_invite_token,
)

FORMAT = "dawn-companion/campaign"
VERSION = 1
# What a draw-log result names when it is a reroll of an earlier draw (the d10 roller's).
DRAW_REFERENCES = ("previous",)


def app_version() -> str:
    try:
        return metadata.version("dawn-companion")
    except metadata.PackageNotFoundError:
        return "unknown"


class _LocalIds:
    """Database id <-> file-local id, per model key."""

    def __init__(self):
        self._local: dict[tuple[str, int], int] = {}
        self._next: dict[str, int] = {}
        self._dangling: dict[str, int] = {}

    def add(self, key: str, pk: int) -> int:
        local = self._next.get(key, 0) + 1
        self._next[key] = local
        self._local[(key, pk)] = local
        return local

    def local(self, key: str, pk: int) -> int:
        if (key, pk) not in self._local:
            # Mentioned by the ledger but gone (e.g. created, then undone).
            self._dangling[key] = self._dangling.get(key, 0) - 1
            self._local[(key, pk)] = self._dangling[key]
        return self._local[(key, pk)]


def _plain(value):
    if isinstance(value, datetime.datetime | datetime.date | datetime.time):
        return value.isoformat()
    if isinstance(value, decimal.Decimal):
        return str(value)
    return value


def _user_model():
    return get_user_model()


def _model_keys(registration: GameRegistration) -> dict[type, str]:
    return {export.model: export.key for export in registration.export_models}


def _remap_deltas(
    deltas: dict,
    registration: GameRegistration,
    model_id: Callable[[str, int], int],
    entry_id: Callable[[int], int | None],
) -> dict:
    """Deltas with every record id (row-change keys) and entry id (`pair_of`) translated."""
    keys = {export.key for export in registration.export_models}
    aliases = registration.delta_key_aliases
    result = {}
    for key, value in deltas.items():
        if key == "pair_of" and isinstance(value, dict):
            value = {end: entry_id(ref) for end, ref in value.items()}
        elif key in registration.id_references and isinstance(value, dict):
            target = registration.id_references[key]
            value = {end: _remap_ids(ref, target, model_id) for end, ref in value.items()}
        parts = key.split(".")
        if len(parts) == 3:
            model_key = aliases.get(parts[0], parts[0])
            try:
                pk = int(parts[1])
            except ValueError:
                pk = None
            if model_key in keys and pk is not None:
                key = f"{parts[0]}.{model_id(model_key, pk)}.{parts[2]}"
        result[key] = value
    return result


def _remap_ids(value, model_key: str, model_id: Callable[[str, int], int]):
    """One id, or a list of ids, of `model_key` records translated (anything else as it is)."""
    if isinstance(value, bool):
        return value
    if isinstance(value, int):
        return model_id(model_key, value)
    if isinstance(value, list):
        return [_remap_ids(item, model_key, model_id) for item in value]
    return value


def _remap_draw_result(result: dict, registration, model_id, draw_id) -> dict:
    remapped = {}
    for key, value in result.items():
        if key in DRAW_REFERENCES:
            value = draw_id(value)
        elif key in registration.id_references:
            value = _remap_ids(value, registration.id_references[key], model_id)
        remapped[key] = value
    return remapped


# --- export -------------------------------------------------------------------------------


def _export_rows(
    export: ExportModel, rows, ids: _LocalIds, keys: dict, usernames: dict, json_ids: dict
) -> list:
    records = []
    for row in rows:
        record = {"id": ids.local(export.key, row.pk)}
        for field in row._meta.concrete_fields:
            if field.primary_key:
                continue
            if field.is_relation:
                target = field.related_model
                value = getattr(row, field.attname)
                if target is Campaign:
                    continue
                if target is _user_model():
                    record[field.name] = usernames.get(value)
                elif value is None:
                    record[field.name] = None
                else:
                    record[field.name] = ids.local(keys[target], value)
            else:
                value = _plain(field.value_from_object(row))
                target = json_ids.get((export.key, field.name))
                record[field.name] = _remap_ids(value, target, ids.local) if target else value
        records.append(record)
    return records


def campaign_export(campaign: Campaign) -> dict:
    """The whole campaign as a JSON-ready dict (see the module docstring)."""
    registration = game(campaign.game)
    if registration is None:
        raise ValidationError(f"“{campaign.game}” is not a game this server knows.")
    keys = _model_keys(registration)
    usernames = dict(_user_model().objects.values_list("pk", "username"))
    ids = _LocalIds()
    rows = {}
    for export in registration.export_models:
        rows[export.key] = list(
            export.model.objects.filter(**{export.campaign_path: campaign}).order_by("pk")
        )
        for row in rows[export.key]:
            ids.add(export.key, row.pk)
    entries = list(LedgerEntry.objects.filter(campaign=campaign).order_by("pk"))
    entry_ids = {entry.pk: number for number, entry in enumerate(entries, start=1)}
    draws = list(DrawLogEntry.objects.filter(campaign=campaign).order_by("pk"))
    draw_ids = {draw.pk: number for number, draw in enumerate(draws, start=1)}

    def subject_id(entry: LedgerEntry) -> str:
        if entry.subject_type == "campaign":
            return ""
        if entry.subject_type == "member":
            return usernames.get(int(entry.subject_id), "") if entry.subject_id else ""
        is_record = entry.subject_type in {export.key for export in registration.export_models}
        if is_record and entry.subject_id.lstrip("-").isdigit():
            return str(ids.local(entry.subject_type, int(entry.subject_id)))
        return entry.subject_id

    return {
        "format": FORMAT,
        "version": VERSION,
        "app_version": app_version(),
        "exported_at": timezone.now().isoformat(),
        "game": campaign.game,
        "campaign": {"name": campaign.name, "created_at": campaign.created_at.isoformat()},
        "members": [
            {"username": username, "role": role}
            for username, role in campaign.memberships.order_by("joined_at").values_list(
                "user__username", "role"
            )
        ],
        "records": {
            export.key: _export_rows(
                export, rows[export.key], ids, keys, usernames, registration.json_id_fields
            )
            for export in registration.export_models
        },
        "ledger": [
            {
                "id": entry_ids[entry.pk],
                "created_at": entry.created_at.isoformat(),
                "actor": usernames.get(entry.actor_id),
                "kind": entry.kind,
                "subject_type": entry.subject_type,
                "subject_id": subject_id(entry),
                "subject_label": entry.subject_label,
                "reason": entry.reason,
                "deltas": _remap_deltas(
                    entry.deltas, registration, ids.local, lambda pk: entry_ids.get(pk)
                ),
                "reverses": entry_ids.get(entry.reverses_id),
            }
            for entry in entries
        ],
        "draws": [
            {
                "id": draw_ids[draw.pk],
                "created_at": draw.created_at.isoformat(),
                "actor": usernames.get(draw.actor_id),
                "tool": draw.tool,
                "label": draw.label,
                "summary": draw.summary,
                "result": _remap_draw_result(
                    draw.result, registration, ids.local, lambda pk: draw_ids.get(pk)
                ),
            }
            for draw in draws
        ],
        "tool_states": dict(
            ToolState.objects.filter(campaign=campaign).values_list("tool", "state")
        ),
    }


# --- import -------------------------------------------------------------------------------


def _check_header(data) -> GameRegistration:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValidationError("This is not a Dawn Companion campaign backup.")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise ValidationError("The backup has no format version.")
    if version > VERSION:
        raise ValidationError(
            f"The backup is format version {version}; this server reads up to {VERSION}. "
            "Update the app, then import it."
        )
    registration = game(data.get("game", ""))
    if registration is None:
        raise ValidationError(
            f"The backup is of a game this server doesn't have: “{data.get('game')}”."
        )
    return registration


def _users_by_name(data: dict) -> dict:
    names = {member.get("username") for member in data.get("members", [])}
    for section in ("ledger", "draws"):
        names |= {row.get("actor") for row in data.get(section, [])}
    for records in data.get("records", {}).values():
        for record in records:
            names |= {value for value in record.values() if isinstance(value, str)}
    names.discard(None)
    return {user.username: user for user in _user_model().objects.filter(username__in=names)}


def _import_rows(
    export: ExportModel, records: list, campaign, new_ids: dict, keys: dict, users: dict
) -> None:
    for record in records:
        values = {}
        for field in export.model._meta.concrete_fields:
            if field.primary_key:
                continue
            if field.is_relation and field.related_model is Campaign:
                values[field.attname] = campaign.pk
                continue
            if field.name not in record:
                continue  # a field added since the backup was made keeps its default
            value = record[field.name]
            if field.is_relation:
                target = field.related_model
                if target is _user_model():
                    user = users.get(value)
                    values[field.attname] = user.pk if user else None
                else:
                    values[field.attname] = (
                        None if value is None else new_ids[(keys[target], int(value))]
                    )
            else:
                values[field.attname] = field.to_python(value)
        row = export.model(**values)
        row.save(force_insert=True)
        new_ids[(export.key, int(record["id"]))] = row.pk


def _import_json_ids(registration, records: dict, new_ids: dict, model_id) -> None:
    """Rewrite the record ids that JSON fields hold, once every row exists."""
    by_key = {export.key: export for export in registration.export_models}
    for (model_key, field_name), target in registration.json_id_fields.items():
        export = by_key[model_key]
        for record in records.get(model_key, []):
            if field_name not in record:
                continue
            row_pk = new_ids[(model_key, int(record["id"]))]
            value = _remap_ids(record[field_name], target, model_id)
            export.model.objects.filter(pk=row_pk).update(**{field_name: value})


def _parse_time(value: str):
    parsed = datetime.datetime.fromisoformat(value)
    return parsed if timezone.is_aware(parsed) else timezone.make_aware(parsed)


def campaign_import(data, *, owner, attach_members: bool = False) -> Campaign:
    """Create a new campaign owned by `owner` from a backup, with every record and the whole
    ledger (so history, totals and undo are as they were). Members are re-attached by username
    only when `attach_members` and they have accounts here. A file that is not a whole backup
    is refused and nothing is written."""
    registration = _check_header(data)
    try:
        with transaction.atomic():
            return _import(data, registration, owner=owner, attach_members=attach_members)
    except ValidationError:
        raise
    except (
        KeyError,
        TypeError,
        ValueError,
        AttributeError,
        IntegrityError,
        DjangoValidationError,
    ) as error:
        raise ValidationError(
            f"The backup is damaged or incomplete, so nothing was imported ({type(error).__name__})."
        ) from None


def _import(data: dict, registration: GameRegistration, *, owner, attach_members: bool):
    users = _users_by_name(data)
    name = " ".join(str(data["campaign"]["name"]).split())[:80] or "Imported campaign"
    campaign = Campaign.objects.create(
        game=registration.key, name=name, invite_token=new_invite_token()
    )
    Membership.objects.create(campaign=campaign, user=owner, role=Role.OWNER)
    if attach_members:
        for member in data.get("members", []):
            user = users.get(member["username"])
            if user is None or user == owner or member["role"] not in Role.values:
                continue
            Membership.objects.create(campaign=campaign, user=user, role=member["role"])
    keys = _model_keys(registration)
    new_ids: dict[tuple[str, int], int] = {}
    records = data["records"]
    for export in registration.export_models:
        _import_rows(export, records.get(export.key, []), campaign, new_ids, keys, users)

    def model_id(key: str, local: int) -> int:
        return new_ids.get((key, local), local) if local > 0 else local

    _import_json_ids(registration, records, new_ids, model_id)

    entry_ids: dict[int, int] = {}
    model_keys = {export.key for export in registration.export_models}
    for row in data["ledger"]:
        subject_type, subject_id = row["subject_type"], str(row["subject_id"])
        if subject_type == "campaign":
            subject_id = str(campaign.pk)
        elif subject_type == "member":
            user = users.get(subject_id)
            subject_id = str(user.pk) if user else ""
        elif subject_type in model_keys and subject_id.lstrip("-").isdigit():
            subject_id = str(model_id(subject_type, int(subject_id)))
        entry = LedgerEntry.objects.create(
            campaign=campaign,
            actor=users.get(row["actor"]),
            created_at=_parse_time(row["created_at"]),
            kind=str(row["kind"])[:60],
            subject_type=str(subject_type)[:30],
            subject_id=subject_id[:40],
            subject_label=str(row["subject_label"])[:120],
            reason=str(row["reason"])[:300],
            deltas=_remap_deltas(
                dict(row["deltas"]), registration, model_id, lambda ref: entry_ids.get(ref)
            ),
            reverses_id=entry_ids[row["reverses"]] if row["reverses"] is not None else None,
        )
        entry_ids[int(row["id"])] = entry.pk
    draw_ids: dict[int, int] = {}
    for row in data["draws"]:
        result = _remap_draw_result(
            dict(row["result"]), registration, model_id, lambda ref: draw_ids.get(ref)
        )
        draw = DrawLogEntry.objects.create(
            campaign=campaign,
            actor=users.get(row["actor"]),
            created_at=_parse_time(row["created_at"]),
            tool=str(row["tool"])[:40],
            label=str(row["label"])[:160],
            summary=str(row["summary"])[:300],
            result=result,
        )
        draw_ids[int(row["id"])] = draw.pk
    ledger_totals_rebuild(campaign.pk)
    if registration.rebuild_derived is not None:
        registration.rebuild_derived(campaign.pk)
    for tool, state in dict(data.get("tool_states", {})).items():
        ToolState.objects.create(campaign=campaign, tool=str(tool)[:60], state=state)
    exported = str(data.get("exported_at", ""))[:10] or "an unknown date"
    ledger_record(
        campaign=campaign,
        actor=owner,
        kind="campaign.import",
        subject_type="campaign",
        subject_id=campaign.pk,
        subject_label=campaign.name,
        reason=f"Restored “{campaign.name}” from a backup made on {exported}",
    )
    return campaign
