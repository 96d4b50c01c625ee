"""What the group enters once and the app remembers: values the expansion does not print
(the score track's bonuses, the journey boards' values, Tom's tile faces, the special
butterfly tokens' kinds) and the names of the core adventurers it plays.

Each change is one ledger entry recording the field's old and new value, so it undoes.
"""

from collections.abc import Mapping, Sequence

from django.db import transaction

from campaigns.glow.catalog.adventurers import ADVENTURERS
from campaigns.glow.catalog.butterflies import SPECIAL_KINDS, SPECIAL_TOKENS
from campaigns.glow.rules.errors import RuleViolation
from campaigns.glow.rules.tom import (
    ArchipelagoMap,
    TileFace,
    Village,
    VillageTrack,
    tom_tile_faces,
)
from campaigns.table.errors import ValidationError
from campaigns.table.ledger import ledger_record, lock_campaign, record_row_change
from campaigns.table.models import Campaign, LedgerEntry

from ..models import GlowSettings
from ._common import SUBJECT_SETTINGS, GlowKind, locked_settings

ADVENTURER_NAME_MAX = 40
ADVENTURERS_MAX = 30
TRACK_SPACE_MAX = 200
TRACK_BONUS_MAX = 50


def set_settings_field(
    *,
    campaign: Campaign,
    actor,
    group_settings: GlowSettings,
    field: str,
    value,
    reason: str,
    deltas: dict | None = None,
) -> LedgerEntry | None:
    """Change one settings field and write its entry (inside the caller's locked
    transaction); nothing when the value is unchanged."""
    old = getattr(group_settings, field)
    if old == value:
        return None
    deltas = dict(deltas or {})
    record_row_change(deltas, "settings", group_settings.pk, field, old, value)
    setattr(group_settings, field, value)
    group_settings.save(update_fields=[field])
    return ledger_record(
        campaign=campaign,
        actor=actor,
        kind=GlowKind.SETTINGS,
        subject_type=SUBJECT_SETTINGS,
        subject_id=group_settings.pk,
        subject_label="Group settings",
        reason=reason,
        deltas=deltas,
    )


def _update(campaign: Campaign, actor, field: str, value, reason: str) -> LedgerEntry | None:
    with transaction.atomic():
        campaign = lock_campaign(campaign.pk)
        group_settings = locked_settings(campaign)
        return set_settings_field(
            campaign=campaign,
            actor=actor,
            group_settings=group_settings,
            field=field,
            value=value,
            reason=reason,
        )


def check_track_bonus(space: int, bonus: int) -> None:
    """A score-track space and the number printed beside it (0 when none): the track's
    numbers are the core game's and not in our source."""
    if not 0 <= space <= TRACK_SPACE_MAX:
        raise ValidationError({"space": f"A score-track space is 0 to {TRACK_SPACE_MAX}."})
    if not 0 <= bonus <= TRACK_BONUS_MAX:
        raise ValidationError(
            {"bonus": f"A score-track bonus moves Tom forward 0 to {TRACK_BONUS_MAX} spaces."}
        )


def settings_track_bonus_set(
    *, campaign: Campaign, actor, space: int, bonus: int | None
) -> LedgerEntry | None:
    """Remember the number printed beside a space of the score track (None forgets it)."""
    if bonus is not None:
        check_track_bonus(space, bonus)
    with transaction.atomic():
        campaign = lock_campaign(campaign.pk)
        group_settings = locked_settings(campaign)
        bonuses = dict(group_settings.score_track_bonuses)
        if bonus is None:
            bonuses.pop(str(space), None)
            reason = f"Forgot the score-track bonus beside space {space}"
        else:
            bonuses[str(space)] = bonus
            reason = f"Score track: {bonus} printed beside space {space}"
        return set_settings_field(
            campaign=campaign,
            actor=actor,
            group_settings=group_settings,
            field="score_track_bonuses",
            value=dict(sorted(bonuses.items(), key=lambda item: int(item[0]))),
            reason=reason,
        )


def settings_villages_set(
    *, campaign: Campaign, actor, villages: Sequence[tuple[int, int]]
) -> LedgerEntry | None:
    """The Province of Shadows' villages, lowest first: shards and footprint cost each."""
    try:
        track = VillageTrack(tuple(Village(*village) for village in villages))
    except RuleViolation as refusal:
        raise ValidationError({"villages": str(refusal)}) from None
    return _update(
        campaign,
        actor,
        "villages",
        track.to_dict(),
        f"Province of Shadows: {len(track.villages)} villages entered",
    )


def settings_archipelago_set(
    *, campaign: Campaign, actor, archipelago: ArchipelagoMap
) -> LedgerEntry | None:
    """The Archipelago of Darkness: its islands' shards and the paths between them."""
    return _update(
        campaign,
        actor,
        "archipelago",
        archipelago.to_dict(),
        f"Archipelago of Darkness: {len(archipelago.islands)} islands, "
        f"{len(archipelago.paths)} paths entered",
    )


def settings_tile_faces_set(
    *, campaign: Campaign, actor, faces: Sequence[tuple[int, str]]
) -> LedgerEntry | None:
    """Tom's 8 tiles, each face as printed: 1-3 arrows and a "+" or "-" (not in our
    source). Single-player games - MORNING."""
    try:
        checked = tom_tile_faces([TileFace(*face) for face in faces])
    except RuleViolation as refusal:
        raise ValidationError({"faces": str(refusal)}) from None
    return _update(
        campaign,
        actor,
        "tile_faces",
        [[face.arrows, face.side] for face in checked],
        "Entered the faces of Tom's 8 tiles",
    )


def settings_special_counts_set(
    *, campaign: Campaign, actor, counts: Mapping[str, int]
) -> LedgerEntry | None:
    """How many of the 12 special butterfly tokens are of each kind (the split is not
    printed); they must add up to 12. Butterfly Tokens; Components."""
    unknown = set(counts) - set(SPECIAL_KINDS)
    if unknown:
        raise ValidationError({"counts": f"“{sorted(unknown)[0]}” is not a special token."})
    if any(count < 0 for count in counts.values()):
        raise ValidationError({"counts": "A kind of special token cannot have a negative count."})
    if sum(counts.values()) != SPECIAL_TOKENS:
        raise ValidationError(
            {
                "counts": f"The expansion has {SPECIAL_TOKENS} special butterfly tokens; these "
                f"add up to {sum(counts.values())}."
            }
        )
    value = {kind: counts.get(kind, 0) for kind in SPECIAL_KINDS}
    return _update(campaign, actor, "special_counts", value, "Entered the special tokens' counts")


def settings_adventurers_set(
    *, campaign: Campaign, actor, names: Sequence[str]
) -> LedgerEntry | None:
    """The core adventurers the group plays, by the names it uses (the core game's
    adventurers are not in our source); the expansion's three are always there."""
    cleaned: list[str] = []
    for name in names:
        name = " ".join(name.split())
        if not name:
            continue
        if len(name) > ADVENTURER_NAME_MAX:
            raise ValidationError(
                {"names": f"Keep an adventurer's name to {ADVENTURER_NAME_MAX} characters."}
            )
        expansion = {a.name.casefold() for a in ADVENTURERS.values()} | set(ADVENTURERS)
        if name.casefold() in expansion:
            raise ValidationError(
                {"names": f"{name} is one of the expansion's adventurers already."}
            )
        if name.casefold() in {n.casefold() for n in cleaned}:
            raise ValidationError({"names": f"{name} is listed twice."})
        cleaned.append(name)
    if len(cleaned) > ADVENTURERS_MAX:
        raise ValidationError({"names": f"List at most {ADVENTURERS_MAX} adventurers."})
    return _update(
        campaign,
        actor,
        "adventurer_names",
        cleaned,
        f"The group's adventurers: {', '.join(cleaned) or 'none'}",
    )


def settings_bgg_id_set(*, campaign: Campaign, actor, bgg_id: int | None) -> LedgerEntry | None:
    """The BoardGameGeek id BG Stats should match plays to (not in our sources)."""
    return _update(
        campaign,
        actor,
        "bgg_id",
        bgg_id,
        f"BoardGameGeek id for BG Stats: {bgg_id}" if bgg_id else "Cleared the BoardGameGeek id",
    )
