"""Helpers the player actions share: locking, the current visit, ledger entries."""

from django.db.models import Value

from campaigns.dawnshade.catalog.quest_deck import MAJOR_THREAT, OUTPOST_TYPES
from campaigns.dawnshade.rules.chapters import outpost_level
from campaigns.dawnshade.rules.errors import RuleViolation
from campaigns.table.compiled_sql import CompiledQuery, as_instances, attnames
from campaigns.table.errors import Conflict, ValidationError
from campaigns.table.ledger import ledger_record, lock_campaign
from campaigns.table.models import Campaign, LedgerEntry
from campaigns.table.ownership import check_may_change

from ..models import Character, Kinship, Tile, Visit

_KINSHIP_FIELDS = attnames(Kinship)
_KINSHIP = CompiledQuery(
    lambda campaign_id: (
        Kinship.objects.filter(campaign_id=campaign_id)
        .order_by("pk")
        .values_list(*_KINSHIP_FIELDS)[:1]
    )
)
_VISIT_FIELDS = attnames(Visit)
_TILE_FIELDS = attnames(Tile)
VISIT_WITH_TILE = (*_VISIT_FIELDS, *(f"tile__{name}" for name in _TILE_FIELDS))
_CURRENT_VISIT = CompiledQuery(
    lambda kinship_id, game_number: (
        Visit.objects.filter(kinship_id=kinship_id, game_number=game_number_value(game_number))
        .order_by("-seq")
        .values_list(*VISIT_WITH_TILE)[:1]
    )
)


def game_number_value(game_number):
    """A game number for a compiled read's filter: as a ``Value``, because the stand-in id it
    is compiled with does not fit the small integer column, and Django would then drop the
    comparison as one that can never match."""
    return Value(game_number)


def visits_with_tiles(rows) -> list[Visit]:
    """Visits from rows of `VISIT_WITH_TILE`: their columns, then their tile's."""
    visits = as_instances(Visit, _VISIT_FIELDS, rows)
    tiles = as_instances(Tile, _TILE_FIELDS, [row[len(_VISIT_FIELDS) :] for row in rows])
    for visit, tile in zip(visits, tiles, strict=True):
        Visit.tile.field.set_cached_value(visit, tile)
    return visits


def campaign_kinship(campaign_id: int) -> Kinship | None:
    """The campaign's Kinship: one query, its SQL built once (every page and action reads it)."""
    rows = _KINSHIP.rows(campaign_id=campaign_id)
    return as_instances(Kinship, _KINSHIP_FIELDS, rows)[0] if rows else None


NAME_MAX_LENGTH = 60


def clean_name(name: str, field: str = "name") -> str:
    name = " ".join((name or "").split())
    if not name:
        raise ValidationError({field: "Give it a name."})
    if len(name) > NAME_MAX_LENGTH:
        raise ValidationError({field: f"Keep the name to {NAME_MAX_LENGTH} characters."})
    return name


def locked_kinship(campaign: Campaign | int) -> tuple[Campaign, Kinship]:
    """Lock the campaign for this transaction and read its Kinship under the lock."""
    campaign_id = campaign if isinstance(campaign, int) else campaign.pk
    locked = lock_campaign(campaign_id)
    if locked.game != "dawnshade":
        raise ValidationError("This campaign is not a Dawnshade campaign.")
    kinship = campaign_kinship(locked.pk)
    if kinship is None:
        raise RuleViolation("Set up the Kinship first (mode, difficulty and characters)")
    return locked, kinship


def kinship_character(kinship: Kinship, character: Character | int, field: str = "character"):
    """One of this Kinship's characters, read under the lock."""
    pk = character.pk if isinstance(character, Character) else character
    found = Character.objects.filter(kinship=kinship, pk=pk).first()
    if found is None:
        raise ValidationError({field: "Choose one of the Kinship's characters."})
    return found


def check_character_player(campaign: Campaign, character: Character, *, actor) -> None:
    """Refuse `actor` when the owner keeps each character to its player
    (`Campaign.edit_policy`); call it under the campaign lock, before any write."""
    check_may_change(campaign, actor, belongs_to_id=character.player_id, what=character.name)


def current_visit(kinship: Kinship) -> Visit | None:
    """The quest log's newest line in the game in progress."""
    if not kinship.in_game:
        return None
    rows = _CURRENT_VISIT.rows(kinship_id=kinship.pk, game_number=kinship.game_number)
    return visits_with_tiles(rows)[0] if rows else None


def check_seen(visit: Visit | None, visit_id: int | None) -> None:
    """The form names the quest-log line the player saw; someone else moving on meanwhile is a
    conflict, not a silent change of what the tap means."""
    if visit_id is not None and (visit is None or visit.pk != visit_id):
        raise Conflict("Someone else has moved the turn on meanwhile; here is where it is now.")


def in_game_visit(kinship: Kinship, visit_id: int | None = None) -> Visit:
    if kinship.concluded:
        raise RuleViolation("The campaign has concluded")
    visit = current_visit(kinship)
    check_seen(visit, visit_id)
    if visit is None:
        raise RuleViolation("No game is in progress: start the next chapter first")
    return visit


def outpost_visit(kinship: Kinship, outpost: str, visit_id: int | None = None) -> Visit:
    """The current visit, if the Kinship is at ``outpost`` and has not completed it yet."""
    visit = in_game_visit(kinship, visit_id)
    name = OUTPOST_TYPES[outpost].name
    if visit.outpost != outpost:
        raise RuleViolation(f"The Kinship is not at a {name} (an Outpost, or the Starting Village)")
    if visit.outcome:
        raise RuleViolation(f"The {name} visit is complete; its activities are over")
    return visit


def level_here(kinship: Kinship) -> int:
    """The Outpost Upgrade level of the game in play."""
    return outpost_level(kinship.mode, kinship.game_number)


def at_major_threat(visit: Visit) -> bool:
    return visit.tile.tile_type == MAJOR_THREAT


def record(
    *, campaign: Campaign, actor, kind: str, reason: str, deltas: dict, subject=None
) -> LedgerEntry:
    """One ledger entry about the Kinship or (``subject``) one of its characters."""
    if isinstance(subject, Character):
        return ledger_record(
            campaign=campaign,
            actor=actor,
            kind=kind,
            subject_type="character",
            subject_id=subject.pk,
            subject_label=subject.name,
            reason=reason,
            deltas=deltas,
        )
    return ledger_record(
        campaign=campaign,
        actor=actor,
        kind=kind,
        subject_type="kinship",
        subject_id=campaign.pk,
        subject_label="The Kinship",
        reason=reason,
        deltas=deltas,
    )
