"""Undo of every Dawnshade action: the rows an entry changed are put back (``RowRestorer``)
and the platform appends the reversing deltas; refused (Conflict) when a later change
depends on it or a balance would go below 0."""

from campaigns.table.errors import Conflict
from campaigns.table.ledger import RowRestorer, register_undo, reversed_deltas
from campaigns.table.models import LedgerEntry

from ..models import (
    ChapterResult,
    Character,
    HouseReward,
    Item,
    Kinship,
    Tile,
    UnlockedArtifact,
    Visit,
)
from .kinds import UNDOABLE
from .totals import fold_deltas, kinship_totals

# Quantities that are counts of something held: never below 0 after an undo.
_COUNTED = (
    "xp",
    "training_points",
    "threat",
    "tawny",
    "tp",
    "align_",
    "pool_",
    "blessing_",
    "vaki_",
    "cogbot",
    "cogbehemoth",
    "condition_",
)


def _balances_stay_positive(entry: LedgerEntry) -> None:
    totals = kinship_totals(entry.campaign_id)
    after = fold_deltas(
        [reversed_deltas({k: v for k, v in entry.deltas.items() if isinstance(v, int)})]
    )
    for key, value in after.values.items():
        if key.startswith(_COUNTED) and totals.value(key) + value < 0:
            raise Conflict("That has been spent since; undo the later change first.")
    for pk, values in after.by_character.items():
        for key, value in values.items():
            if key.startswith(_COUNTED) and totals.of(pk).value(key) + value < 0:
                raise Conflict("That has been spent since; undo the later change first.")


def _visit_not_moved_on(visit: Visit) -> None:
    if visit.outcome or visit.trained:
        raise Conflict("The Kinship has done more on that tile since; undo that first.")
    if Visit.objects.filter(
        kinship_id=visit.kinship_id, game_number=visit.game_number, seq__gt=visit.seq
    ).exists():
        raise Conflict("The Kinship has moved on since; undo the later move first.")


def _character_has_no_history(character: Character) -> None:
    if (
        LedgerEntry.objects.filter(subject_type="character", subject_id=str(character.pk))
        .exclude(kind="dawnshade.character.add")
        .exists()
        or Item.objects.filter(character=character).exists()
    ):
        raise Conflict(f"{character.name} has a history since; undo that first.")


def _item_still_held(item: Item) -> None:
    if item.status != "held":
        raise Conflict(f"{item.name} has been sold, dropped or used since; undo that first.")


restore_rows = RowRestorer(
    {
        "kinship": Kinship,
        "character": Character,
        "item": Item,
        "tile": Tile,
        "visit": Visit,
        "chapter_result": ChapterResult,
        "house_reward": HouseReward,
        "artifact": UnlockedArtifact,
    },
    check_removal={
        "visit": _visit_not_moved_on,
        "character": _character_has_no_history,
        "item": _item_still_held,
    },
    check_entry=_balances_stay_positive,
    # Visits go before the tiles they stand on.
    delete_last=("tile",),
)

for _kind in UNDOABLE:
    register_undo(_kind, restore_rows)
