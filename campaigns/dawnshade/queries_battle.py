"""The battle page's read-model: the Kinship's characters, the foe library, the battle on the
Battle Mat with whose turn it is, the outcome once decided and the reward cells it needs, and
the battle's recent draws, in a fixed number of queries however many turns have been played
(asserted in the page tests)."""

from collections import Counter
from dataclasses import dataclass, field
from functools import cached_property

from campaigns.dawnshade.battle.state import (
    FIGHTING,
    FINISHED,
    RESET,
    Battle,
    battle_load,
    seat_key,
)
from campaigns.dawnshade.catalog.conditions import CONDITIONS
from campaigns.dawnshade.catalog.quest_deck import MAJOR_THREAT
from campaigns.dawnshade.catalog.vaki import ELEMENTS
from campaigns.dawnshade.rules.chapters import campaign_concluded
from campaigns.dawnshade.rules.errors import RuleViolation
from campaigns.dawnshade.rules.initiative import ALLY_CHIP, Turn, initiative_whose_turn
from campaigns.dawnshade.rules.outcome import BattleResult
from campaigns.dawnshade.rules.rewards import TileReward, tile_reward
from campaigns.table.compiled_sql import CompiledQuery, as_instances, attnames
from campaigns.table.models import Campaign, DrawLogEntry, ToolState

from .models import Foe, Kinship, Visit
from .queries import kinship_view
from .services.battle import BATTLE_TILES, BATTLE_TOOL_ID
from .services.totals import KinshipTotals

RECENT_DRAWS = 8


@dataclass
class StackRow:
    """One battle stack as the page shows it."""

    key: str
    name: str
    side: str
    hp: int
    hp_stat: int
    shields: int
    cogbehemoth_shields: int
    cogbot_fighter: bool
    cogbehemoth: bool
    conditions: list[tuple[str, str]]  # (key, name or "not printed")
    knocked_out: bool
    flame: int | None = None
    thorn: int | None = None
    detail: str = ""


@dataclass
class BattleView:
    kinship: Kinship | None
    totals: KinshipTotals | None = None
    characters: list = field(default_factory=list)
    visit: Visit | None = None
    foes: list = field(default_factory=list)
    battle: Battle | None = None
    names: dict = field(default_factory=dict)
    draw_summaries: list[str] = field(default_factory=list)
    turn: Turn | None = None
    needs_ko_choice: bool = False
    result: BattleResult | None = None
    reward: TileReward | None = None

    @property
    def at_battle(self) -> bool:
        """The Kinship stands on a Battle or Major Threat tile it has not completed."""
        return bool(
            self.visit and self.visit.tile.tile_type in BATTLE_TILES and not self.visit.outcome
        )

    @property
    def can_set_up(self) -> bool:
        return self.at_battle and self.battle is None

    @property
    def fighting(self) -> bool:
        return self.battle is not None and self.battle.phase == FIGHTING

    @property
    def finished(self) -> bool:
        return self.battle is not None and self.battle.phase == FINISHED

    @property
    def reset(self) -> bool:
        return self.battle is not None and self.battle.phase == RESET

    @property
    def major_threat(self) -> bool:
        return self.battle is not None and self.battle.tile_type == MAJOR_THREAT

    @property
    def turn_name(self) -> str:
        if self.turn is None:
            return ""
        if self.turn.side == "ally":
            return self.names.get(self.turn.character, "")
        return self.names.get(f"foe:{_roman(self.turn.position)}", "")

    @cached_property
    def stack_rows(self) -> list[StackRow]:
        """Read by the page and by four forms' choices: worked out once."""
        battle = self.battle
        rows = []
        for key, stack in battle.stacks.items():
            meter = battle.combo.get(key)
            rows.append(
                StackRow(
                    key=key,
                    name=self.names.get(key, key),
                    side=stack.side,
                    hp=stack.hp,
                    hp_stat=stack.hp_stat,
                    shields=stack.shields,
                    cogbehemoth_shields=stack.cogbehemoth_shields,
                    cogbot_fighter=stack.has_cogbot_fighter,
                    cogbehemoth=stack.has_cogbehemoth,
                    conditions=[
                        (c, CONDITIONS[c].name or "not printed") for c in stack.condition_keys
                    ],
                    knocked_out=stack.knocked_out,
                    flame=meter.flame if meter else None,
                    thorn=meter.thorn if meter else None,
                )
            )
        for row in rows:
            for foe in battle.foes:
                if foe.key == row.key:
                    row.detail = f"ATK {foe.atk}, DEF {foe.defense}" + (
                        f"; special: {foe.special}" if foe.special else ""
                    )
        return rows

    @property
    def target_choices(self) -> list[tuple[str, str]]:
        return [(row.key, row.name) for row in self.stack_rows] if self.battle else []

    @property
    def ally_choices(self) -> list[tuple[str, str]]:
        if not self.battle:
            return []
        return [(key, self.names[key]) for key in self.battle.combo]

    @property
    def bag_summary(self) -> str:
        """The Dawnshade Bag's chips as the page words them: "Ally ×2, Foe I ×1" or "empty"."""
        return _chip_summary(self.battle.initiative.bag)

    @property
    def discard_summary(self) -> str:
        return _chip_summary(self.battle.initiative.discard)

    @property
    def stack_summary(self) -> str:
        """The initiative stack, top first: "Ally, Foe II" or "empty"."""
        return ", ".join(_chip_name(chip) for chip in self.battle.initiative.stack) or "empty"

    @property
    def target_cards_left(self) -> int:
        return len(self.battle.target_deck.draw_pile)

    @property
    def last_target(self) -> str:
        revealed = self.battle.target_deck.revealed
        if not revealed:
            return ""
        return "Miss" if revealed[-1] == "miss" else self.names.get(revealed[-1], revealed[-1])

    @property
    def turn_key(self) -> str:
        return self.turn.key if self.turn else ""


def _roman(position: int) -> str:
    from campaigns.dawnshade.catalog.battle import ROMAN

    return ROMAN[position]


def _chip_name(chip: str) -> str:
    return "Ally" if chip == ALLY_CHIP else f"Foe {chip}"


def _chip_summary(chips) -> str:
    counts = Counter(chips)
    summary = ", ".join(f"{_chip_name(chip)} ×{counts[chip]}" for chip in dict.fromkeys(chips))
    return summary or "empty"


_BATTLE_STATE = CompiledQuery(
    lambda campaign_id: (
        ToolState.objects.filter(campaign_id=campaign_id, tool=BATTLE_TOOL_ID)
        .order_by()
        .values_list("state")[:1]
    )
)
_FOE_FIELDS = attnames(Foe)
_FOES = CompiledQuery(
    lambda kinship_id: Foe.objects.filter(kinship_id=kinship_id).values_list(*_FOE_FIELDS)
)
_DRAW_SUMMARIES = CompiledQuery(
    lambda campaign_id: (
        DrawLogEntry.objects.filter(campaign_id=campaign_id, tool=BATTLE_TOOL_ID)
        .order_by("-id")
        .values_list("summary")[:RECENT_DRAWS]
    )
)


def battle_view(campaign: Campaign) -> BattleView:
    """Everything the battle page shows: eight queries at most, whatever the battle's length,
    each with its SQL built once (the page, its live region and every battle form read it)."""
    read = kinship_view(campaign)
    if read is None:
        return BattleView(kinship=None)
    kinship, totals = read.kinship, read.totals
    characters = []
    for character_view in read.characters:
        character = character_view.character
        mine = character_view.totals
        character.stats_now = character_view.stats
        character.shields = character_view.shields
        character.carried = [CONDITIONS[c].name or "not printed" for c in mine.conditions]
        character.vaki_held = ", ".join(
            f"{amount} {ELEMENTS[element].name}" for element, amount in mine.vaki.items() if amount
        )
        characters.append(character)
    visit = read.visit
    stored = _BATTLE_STATE.rows(campaign_id=campaign.pk)
    battle = battle_load(stored[0][0] if stored else None)
    if battle is not None and not battle.is_for(visit):
        battle = None
    names = {seat_key(c.seat): c.name for c in characters}
    view = BattleView(
        kinship=kinship,
        totals=totals,
        characters=characters,
        visit=visit,
        foes=as_instances(Foe, _FOE_FIELDS, _FOES.rows(kinship_id=kinship.pk)),
        battle=battle,
        names=names,
    )
    if battle is None:
        return view
    for foe in battle.foes:
        names[foe.key] = f"{foe.name} ({foe.ring})"
    view.draw_summaries = [summary for (summary,) in _DRAW_SUMMARIES.rows(campaign_id=campaign.pk)]
    if battle.phase == FIGHTING:
        view.result = battle.result()
        if view.result is None:
            try:
                view.turn = initiative_whose_turn(
                    battle.initiative,
                    living_foes=battle.living_foes,
                    knocked_out_allies=battle.knocked_out_allies,
                )
            except RuleViolation:
                view.needs_ko_choice = True
        else:
            conclusion = battle.tile_type == MAJOR_THREAT and campaign_concluded(
                kinship.mode, kinship.game_number
            )
            view.reward = tile_reward(
                kinship.mode,
                battle.tile_type,
                view.result.outcome,
                chapter=kinship.narrative_chapter,
                campaign_conclusion=conclusion,
                table_rewards_at_conclusion=kinship.table_rewards_at_conclusion,
            )
    return view
