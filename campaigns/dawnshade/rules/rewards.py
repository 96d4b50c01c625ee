"""Earn Rewards: the XP, Tawny and Loot Shoot items a completed Quest Tile gives in the
campaign's mode, and the cells the group must enter because the rulebook prints none.

Phases of a Turn - Earn Rewards; the reward rows in ``catalog.rewards``; End of Game /
Campaign.

At the campaign's conclusion (the Major Threat of its last game) the Logbook's rewards are
ignored. Trilogy takes every Major Threat reward from the Logbook, so nothing is earned.
Full Chapter and Power Level replace the Logbook with their tables; read literally the
instruction covers the Logbook's rewards only, so the table's row is still earned
(``table_rewards_at_conclusion=True``); the other reading is a campaign setting.
"""

from dataclasses import dataclass

from campaigns.dawnshade.catalog.modes import MODES, TRILOGY
from campaigns.dawnshade.catalog.quest_deck import (
    MAJOR_THREAT,
    OUTCOMES_BY_TILE,
    QUEST_TILE_TYPES,
)
from campaigns.dawnshade.catalog.rewards import REWARD_ROWS, RewardRow
from campaigns.dawnshade.rules.errors import RuleViolation


class RewardNotPrinted(RuleViolation):
    """A reward the rulebook leaves blank for this mode and no value entered for it."""


@dataclass(frozen=True)
class TileReward:
    """The reward of one tile and outcome. A cell of ``None`` is not printed and must be
    entered (see ``earned_reward``). ``ignored`` is true at the campaign's conclusion when the
    rewards are not taken at all."""

    row: RewardRow | None
    xp: int | None
    tawny: int | None
    loot_shoot_items: int | None
    logbook_rewards: bool
    ignored: bool = False

    @property
    def needs_entry(self) -> tuple[str, ...]:
        """The cells the group must fill in from the Logbook or a house value."""
        if self.ignored:
            return ()
        cells = (
            ("xp", self.xp),
            ("tawny", self.tawny),
            ("loot_shoot_items", self.loot_shoot_items),
        )
        return tuple(name for name, value in cells if value is None)

    @property
    def complete(self) -> bool:
        return not self.needs_entry

    @property
    def source(self) -> str | None:
        return self.row.source if self.row else None


def tile_reward(
    mode: str,
    tile: str,
    outcome: str,
    *,
    chapter: int | None = None,
    campaign_conclusion: bool = False,
    table_rewards_at_conclusion: bool = True,
) -> TileReward:
    """Look up the reward of ``tile`` ending in ``outcome`` under ``mode``. ``chapter`` (1-6)
    is needed for Full Chapter's Starting Village, whose reward differs in Chapter I."""
    if mode not in MODES:
        raise RuleViolation("The game mode is Trilogy, Full Chapter or Power Level")
    if tile not in QUEST_TILE_TYPES:
        raise RuleViolation(f"There is no Quest Tile type {tile!r}")
    if outcome not in OUTCOMES_BY_TILE[tile]:
        raise RuleViolation(
            f"A {QUEST_TILE_TYPES[tile].name} does not end in {outcome.replace('_', ' ')}"
        )
    if chapter is not None and not 1 <= chapter <= 6:
        raise RuleViolation("Chapters run from I to VI")
    if (
        campaign_conclusion
        and tile == MAJOR_THREAT
        and (mode == TRILOGY or not table_rewards_at_conclusion)
    ):
        return TileReward(None, 0, 0, 0, logbook_rewards=False, ignored=True)
    rows = [row for row in REWARD_ROWS[mode] if row.tile == tile and row.outcome == outcome]
    if len(rows) > 1:
        if chapter is None:
            raise RuleViolation("This reward depends on the chapter being played")
        rows = [row for row in rows if chapter in row.chapters]
    (row,) = rows
    return TileReward(
        row=row,
        xp=row.xp,
        tawny=row.tawny,
        loot_shoot_items=row.loot_shoot_items,
        logbook_rewards=row.logbook_rewards,
    )


@dataclass(frozen=True)
class EarnedReward:
    """The reward actually taken, every cell filled in; ``entered`` names the cells that came
    from the group rather than the rulebook."""

    xp: int
    tawny: int
    loot_shoot_items: int
    entered: tuple[str, ...]


def earned_reward(
    reward: TileReward,
    *,
    xp: int | None = None,
    tawny: int | None = None,
    loot_shoot_items: int | None = None,
) -> EarnedReward:
    """Fill the cells the rulebook leaves blank with the values the group entered. A blank
    cell left empty is refused (never taken as 0), and so is a value entered over a printed
    one."""
    entries = {"xp": xp, "tawny": tawny, "loot_shoot_items": loot_shoot_items}
    printed = {"xp": reward.xp, "tawny": reward.tawny, "loot_shoot_items": reward.loot_shoot_items}
    labels = {"xp": "XP", "tawny": "Tawny", "loot_shoot_items": "Loot Shoot items"}
    final = {}
    for cell, entry in entries.items():
        if entry is not None and entry < 0:
            raise RuleViolation(f"{labels[cell]} earned cannot be negative")
        if cell in reward.needs_entry:
            if entry is None:
                raise RewardNotPrinted(
                    f"The rulebook prints no {labels[cell]} for this tile in this mode; enter "
                    "it from the Logbook"
                )
            final[cell] = entry
        else:
            if entry is not None and entry != printed[cell]:
                raise RuleViolation(
                    f"The {labels[cell]} for this tile is printed ({printed[cell]}); nothing "
                    "to enter"
                )
            final[cell] = printed[cell]
    return EarnedReward(entered=reward.needs_entry, **final)
