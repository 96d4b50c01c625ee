"""One function per Glow player action (keyword-only, `<thing>_<action>`): each locks the
campaign, checks the rules before writing, and records a ledger entry that undoes."""

from ._common import GlowKind
from .group_settings import (
    settings_adventurers_set,
    settings_archipelago_set,
    settings_bgg_id_set,
    settings_special_counts_set,
    settings_tile_faces_set,
    settings_track_bonus_set,
    settings_villages_set,
)
from .plays import (
    SeatEntry,
    play_create,
    play_finish,
    play_pad_score,
    play_reopen,
    play_winner_pick,
    seat_butterflies_step,
    seat_core_score_set,
)
from .reserve import (
    RESERVE_TOOL,
    butterfly_reserve_draw,
    butterfly_reserve_end_noon,
    butterfly_reserve_return,
    butterfly_reserve_start,
    butterfly_reserve_use_special,
)
from .tom import (
    solo_play_create,
    tom_points_count,
    tom_round_end,
    tom_special_apply,
    tom_tile_take,
)
from .undo import register as register_undo_kinds

__all__ = [
    "RESERVE_TOOL",
    "GlowKind",
    "SeatEntry",
    "butterfly_reserve_draw",
    "butterfly_reserve_end_noon",
    "butterfly_reserve_return",
    "butterfly_reserve_start",
    "butterfly_reserve_use_special",
    "play_create",
    "play_finish",
    "play_pad_score",
    "play_reopen",
    "play_winner_pick",
    "register_undo_kinds",
    "seat_butterflies_step",
    "seat_core_score_set",
    "settings_adventurers_set",
    "settings_archipelago_set",
    "settings_bgg_id_set",
    "settings_special_counts_set",
    "settings_tile_faces_set",
    "settings_track_bonus_set",
    "settings_villages_set",
    "solo_play_create",
    "tom_points_count",
    "tom_round_end",
    "tom_special_apply",
    "tom_tile_take",
]
