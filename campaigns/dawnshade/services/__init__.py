"""One function per player action on a Dawnshade campaign (keyword-only ``<thing>_<action>``).

Each runs in one transaction: lock the campaign, check with the pure rules
(``campaigns.dawnshade.rules``), write the rows, append one ledger entry whose reason names
the rule, and bump the version. A refusal (``ValidationError`` naming the field, or the
rules' ``RuleViolation``) comes before any write.

Totals are the ledger's numeric deltas (``totals``: XP, training points, threat, the six
alignment tracks, the väki pool, blessings; per character Tawny, training points, stats,
Skill Dice, väki, Cogbots, conditions). Row changes are recorded as
``{"<model>.<pk>.<field>": {"from": old, "to": new}}`` so one restorer undoes every kind
(``undo``, registered on import). Kinds are ``kinds.Kind``.
"""

from . import undo  # noqa: F401  (registers the undo restorers)
from .chapters import chapter_end, chapter_start
from .characters import (
    character_condition_add,
    character_condition_remove,
    character_stat_adjust,
    character_tawny_change,
    character_tawny_give,
    cogbehemoth_discard,
    cogbot_fighter_ko,
    item_drop,
    item_give,
    item_take,
    item_use,
)
from .kinds import Kind
from .mat import (
    alignment_reset,
    blessing_receive,
    blessing_use,
    vaki_combine,
    vaki_draw,
    vaki_spend_for_alignment,
    vaki_split,
)
from .outposts import (
    boomshot_play,
    foundry_buy_cogbehemoth,
    foundry_buy_cogbot_fighter,
    foundry_transmute,
    guild_hall_train,
    item_buy,
    item_sell,
    training_spends,
)
from .setup import (
    character_add,
    character_set_starting_stats,
    house_reward_set,
    kinship_create,
    kinship_settings_change,
)
from .totals import KinshipTotals, kinship_totals
from .turn import (
    kinship_move,
    kinship_reveal_major_threat,
    kinship_set_active_player,
    temple_draw,
    visit_complete,
    visit_earn_rewards,
)

__all__ = [
    "Kind",
    "KinshipTotals",
    "kinship_totals",
    "kinship_create",
    "kinship_settings_change",
    "house_reward_set",
    "character_add",
    "character_set_starting_stats",
    "chapter_start",
    "chapter_end",
    "kinship_move",
    "kinship_reveal_major_threat",
    "visit_complete",
    "visit_earn_rewards",
    "kinship_set_active_player",
    "temple_draw",
    "guild_hall_train",
    "training_spends",
    "item_buy",
    "item_sell",
    "item_take",
    "item_drop",
    "item_use",
    "item_give",
    "foundry_transmute",
    "foundry_buy_cogbot_fighter",
    "foundry_buy_cogbehemoth",
    "boomshot_play",
    "character_tawny_change",
    "character_tawny_give",
    "character_condition_add",
    "character_condition_remove",
    "character_stat_adjust",
    "cogbot_fighter_ko",
    "cogbehemoth_discard",
    "vaki_draw",
    "vaki_combine",
    "vaki_split",
    "vaki_spend_for_alignment",
    "blessing_receive",
    "blessing_use",
    "alignment_reset",
]
