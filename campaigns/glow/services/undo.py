"""How each kind of Glow entry is undone: the platform's RowRestorer puts back the rows
the entry recorded (a play it created is deleted, with its seats)."""

from campaigns.table.errors import Conflict
from campaigns.table.ledger import RowRestorer, register_undo

from ..models import GlowSettings, Play, Seat
from ._common import GlowKind


def _check_play_removal(play: Play) -> None:
    if play.finished or play.seats.filter(core_score__isnull=False).exists():
        raise Conflict("This play has scores entered since; undo those first.")
    if play.tom_last_turn is not None or play.reserve is not None:
        raise Conflict("This play has moved on since; undo its later steps first.")


RESTORE_ROWS = RowRestorer(
    {"play": Play, "seat": Seat, "settings": GlowSettings},
    check_removal={"play": _check_play_removal},
)


def register() -> None:
    for kind in GlowKind:
        register_undo(kind, RESTORE_ROWS)
