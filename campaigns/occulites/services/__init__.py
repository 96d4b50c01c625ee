"""One function per player action on an Occulites campaign.

Each runs in one transaction: lock the campaign, check with the pure rules
(``campaigns.occulites.rules``), write the rows, append a ledger entry whose reason names the
rule or scenario, and bump the version. A refused action raises ``RuleViolation`` (or a
``ValidationError`` for a form field) and writes nothing.

Tribe totals live in the ledger: entries with subject ("tribe", tribe pk) and deltas keys
``total_vp``, ``available_spend_total`` and ``sungems``. Row changes are recorded in the same
entry as ``{"<model>.<pk>.<field>": {"from": old, "to": new}}`` so one restorer can undo them.

One module per subject: ``totals``, ``snapshot``, ``tribes``, ``victory_points``,
``sungems``, ``abilities``, ``stats``, ``reborn``, ``luftles``, ``season``, ``scenarios``,
``scenario_options``,
``long_dark``; ``undo`` registers the restorers of their ledger entries when imported.
"""

from . import undo  # noqa: F401  (registers the undo restorers)
from ._common import NAME_MAX_LENGTH
from .abilities import (
    ability_buy,
    ability_remove,
    learned_allowance,
    learned_allowance_this_scenario,
    learned_bought_this_timeslot,
    luftle_chief_ability_buy,
    scenario_just_played,
    situational_ability_gain,
)
from .long_dark import long_dark_reroll, long_dark_roll
from .luftles import luftle_casualties, luftle_recruit, luftles_alive_at_scenario_end
from .reborn import occulite_reborn_penalty
from .reborn_owed import reborn_penalties_owed
from .scenario_options import OptionApplied, scenario_option_apply
from .scenarios import (
    REDRAW_CONFIRMATION,
    scenario_bag_for,
    scenario_choose,
    scenario_draw,
    scenario_nominate,
    scenario_redraw,
    scenario_result_record,
    tribes_choosing_next_scenario,
)
from .season import season_advance, season_for, season_set_deck, season_set_house_value
from .snapshot import TribeRows, stats_of, tribe_rows, tribe_snapshot
from .stats import next_scenario_effect_add, occulite_defence_regain, occulite_stat_change
from .sungems import home_cave_raid_steal, siege_swap_sungems, tribe_sungems_change
from .totals import (
    AVAILABLE_SPEND_TOTAL,
    SUNGEMS,
    TOTAL_KEYS,
    TOTAL_VP,
    tribe_totals,
    tribes_totals,
)
from .tribes import (
    CUSTOM_TRIBE_TYPE,
    DEFAULT_OCCULITE_NAMES,
    MAX_TRIBES,
    occulite_add,
    tribe_create,
    tribe_founding_refusal,
)
from .victory_points import tribe_award_vp, tribe_lose_vp, tribe_spend_vp

__all__ = [
    "TOTAL_VP",
    "AVAILABLE_SPEND_TOTAL",
    "SUNGEMS",
    "TOTAL_KEYS",
    "tribes_totals",
    "tribe_totals",
    "tribe_snapshot",
    "tribe_rows",
    "TribeRows",
    "stats_of",
    "NAME_MAX_LENGTH",
    "season_for",
    "season_set_deck",
    "season_set_house_value",
    "season_advance",
    "DEFAULT_OCCULITE_NAMES",
    "CUSTOM_TRIBE_TYPE",
    "tribe_create",
    "tribe_founding_refusal",
    "MAX_TRIBES",
    "occulite_add",
    "tribe_award_vp",
    "tribe_lose_vp",
    "tribe_spend_vp",
    "tribe_sungems_change",
    "home_cave_raid_steal",
    "siege_swap_sungems",
    "learned_bought_this_timeslot",
    "learned_allowance",
    "scenario_just_played",
    "learned_allowance_this_scenario",
    "ability_buy",
    "luftle_chief_ability_buy",
    "situational_ability_gain",
    "ability_remove",
    "occulite_stat_change",
    "occulite_defence_regain",
    "next_scenario_effect_add",
    "occulite_reborn_penalty",
    "reborn_penalties_owed",
    "OptionApplied",
    "scenario_option_apply",
    "luftle_recruit",
    "luftles_alive_at_scenario_end",
    "luftle_casualties",
    "REDRAW_CONFIRMATION",
    "scenario_nominate",
    "scenario_bag_for",
    "scenario_choose",
    "scenario_draw",
    "scenario_redraw",
    "scenario_result_record",
    "tribes_choosing_next_scenario",
    "long_dark_roll",
    "long_dark_reroll",
]
