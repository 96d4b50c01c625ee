"""The Table tools page's read-model: the Kinship's characters with their Tawny and stats, each
tool's state, the Tavern level and the Watchers Temple status, and the tools' recent draws, in
a fixed number of queries whatever has been played."""

from collections import Counter
from dataclasses import dataclass, field

from campaigns.dawnshade.catalog.conditions import CONDITIONS
from campaigns.dawnshade.catalog.quest_deck import EVENT, QUEST_TILE_TYPES, TAVERN, WATCHERS_TEMPLE
from campaigns.dawnshade.catalog.watchers import WATCHERS
from campaigns.dawnshade.rules.alignment import ALIGNED, alignment_status
from campaigns.dawnshade.rules.challenges import STAT_CHALLENGE_DICE
from campaigns.dawnshade.rules.tavern import CogrushingGame, DoublersDiceGame, RunesGame
from campaigns.dawnshade.rules.temple import cataclysm
from campaigns.dawnshade.services._common import level_here
from campaigns.dawnshade.services.table_tools import (
    CHALLENGE,
    COGRUSHING,
    DOUBLERS,
    QUEST_DECK,
    RUNES,
    TABLE_TOOL_IDS,
    TEMPLE,
    card_name,
    challenge_total,
    event_numbers,
    quest_deck_of,
)
from campaigns.table.compiled_sql import CompiledQuery
from campaigns.table.models import Campaign, DrawLogEntry, ToolState

from ..models import Kinship, Tile, Visit
from ..queries import kinship_view

RECENT_DRAWS = 8


@dataclass
class ToolsView:
    kinship: Kinship | None
    characters: list = field(default_factory=list)
    visit: Visit | None = None
    tavern_level: int | None = None
    status_label: str = ""
    aligned_watcher: str = ""
    cataclysm: dict | None = None
    challenge: dict = field(default_factory=dict)
    temple: dict = field(default_factory=dict)
    runes: RunesGame | None = None
    runes_state: dict = field(default_factory=dict)
    doublers: DoublersDiceGame | None = None
    doublers_seat: int | None = None
    doublers_state: dict = field(default_factory=dict)
    cogrushing_state: dict = field(default_factory=dict)
    cogrushing: CogrushingGame | None = None
    quest: dict = field(default_factory=dict)
    draw_summaries: list[str] = field(default_factory=list)
    names: dict = field(default_factory=dict)
    bag_counts: list = field(default_factory=list)

    @property
    def in_game(self) -> bool:
        return self.visit is not None

    @property
    def at_temple(self) -> bool:
        return (
            self.visit is not None
            and self.visit.tile.tile_type == WATCHERS_TEMPLE
            and not self.visit.outcome
        )

    @property
    def temple_drawn_here(self) -> bool:
        return self.visit is not None and self.temple.get("visit") == [
            self.visit.game_number,
            self.visit.seq,
        ]

    @property
    def at_tavern(self) -> bool:
        return self.visit is not None and self.visit.outpost == TAVERN

    # --- the Stat Challenge ---
    @property
    def challenge_running(self) -> bool:
        return bool(self.challenge.get("stat")) and not self.challenge.get("outcome")

    @property
    def challenge_hits_total(self) -> int | None:
        return challenge_total(self.challenge) if self.challenge.get("stat") else None

    @property
    def challenge_dice_name(self) -> str:
        return STAT_CHALLENGE_DICE.get(self.challenge.get("stat"), "")

    @property
    def challenge_rows(self) -> list[dict]:
        rows = []
        for character in self.characters:
            mine = [h for h in self.challenge.get("hits", []) if h[0] == character.seat]
            rows.append(
                {
                    "name": character.name,
                    "seat": character.seat,
                    "dice": self.challenge.get("dice", {}).get(str(character.seat), 0),
                    "entries": [(hits, zone) for _, hits, zone in mine],
                    "total": sum(hits + zone for _, hits, zone in mine),
                }
            )
        return rows

    # --- the Temple ---
    @property
    def temple_draws(self) -> list[tuple[str, str]]:
        names = {c.seat: c.name for c in self.characters}
        rows = []
        for seat, tawny, condition in self.temple.get("draws", []):
            what = (
                f"{tawny} Tawny"
                if tawny
                else (CONDITIONS[condition].name or f"{condition} (not printed)")
            )
            rows.append((names.get(seat, seat), what))
        return rows

    # --- Watchers Runes ---
    @property
    def runes_running(self) -> bool:
        return self.runes is not None and not self.runes.over

    @property
    def runes_revealed(self) -> list[str]:
        return [card_name(card) for card in self.runes.revealed] if self.runes else []

    @property
    def runes_still_in(self) -> list:
        if self.runes is None:
            return []
        return [c for c in self.characters if c.name in self.runes.still_in]

    # --- Double Doubler's Dice ---
    @property
    def doublers_running(self) -> bool:
        return self.doublers is not None and not self.doublers.over

    # --- Cogrushing ---
    @property
    def cogrushing_running(self) -> bool:
        return self.cogrushing is not None and self.cogrushing.result is None

    @property
    def drudges(self) -> list[dict]:
        game = self.cogrushing
        if game is None:
            return []
        return [
            {"number": n, "hp": hp, "deployed": n <= game.deployed, "eliminated": hp == 0}
            for n, hp in enumerate(game.drudges_hp, start=1)
        ]

    # --- the Quest Deck ---
    @property
    def quest_owned_text(self) -> dict[str, str]:
        owned = self.quest.get("owned") or {}
        return {kind: ", ".join(str(n) for n in owned.get(kind, [])) for kind in QUEST_TILE_TYPES}

    @property
    def quest_deck(self) -> list[str]:
        deck = quest_deck_of(self.quest)
        if deck is None:
            return []
        return [f"{QUEST_TILE_TYPES[kind].name} {number}" for kind, number in deck.tiles]

    @property
    def quest_village(self) -> int | None:
        deck = quest_deck_of(self.quest)
        return deck.starting_village if deck else None


_TOOL_STATES = CompiledQuery(
    lambda campaign_id: ToolState.objects.filter(
        campaign_id=campaign_id, tool__in=TABLE_TOOL_IDS
    ).values_list("tool", "state")
)
# The Event tiles set aside this campaign: their labels only (the whole Quest Mat of every
# game was read as instances for these few numbers).
_SET_ASIDE_EVENTS = CompiledQuery(
    lambda kinship_id: (
        Tile.objects.filter(kinship_id=kinship_id, tile_type=EVENT, set_aside=True)
        .order_by()
        .values_list("label")
    )
)
_DRAW_SUMMARIES = CompiledQuery(
    lambda campaign_id: (
        DrawLogEntry.objects.filter(campaign_id=campaign_id, tool__in=TABLE_TOOL_IDS)
        .order_by("-id")
        .values_list("summary")[:RECENT_DRAWS]
    )
)


def tools_view(campaign: Campaign) -> ToolsView:
    """Everything the Table tools page shows: a fixed number of queries, each with its SQL
    built once (the Kinship's from the shared Kinship read)."""
    read = kinship_view(campaign)
    if read is None:
        return ToolsView(kinship=None)
    kinship, totals = read.kinship, read.totals
    characters = []
    for character_view in read.characters:
        character = character_view.character
        character.tawny_now = character_view.totals.tawny
        character.stats_now = character_view.stats
        characters.append(character)
    visit = read.visit if not kinship.concluded else None
    states = dict(_TOOL_STATES.rows(campaign_id=campaign.pk))
    status = alignment_status(totals.alignment)
    fall = cataclysm(status)
    runes_state = states.get(RUNES) or {}
    doublers_state = states.get(DOUBLERS) or {}
    cog_state = states.get(COGRUSHING) or {}
    quest = states.get(QUEST_DECK) or {}
    set_aside = (label for (label,) in _SET_ASIDE_EVENTS.rows(kinship_id=kinship.pk))
    quest = {**quest, "excluded_now": event_numbers(set_aside)}
    view = ToolsView(
        kinship=kinship,
        characters=characters,
        visit=visit,
        tavern_level=level_here(kinship) if visit is not None else None,
        status_label=status.label,
        aligned_watcher=WATCHERS[status.watcher].name if status.kind == ALIGNED else "",
        cataclysm={
            "tiles": fall.tiles,
            "watcher": WATCHERS[fall.watcher].name if fall.watcher else "",
        },
        challenge=states.get(CHALLENGE) or {},
        temple=states.get(TEMPLE) or {},
        runes=RunesGame.from_dict(runes_state["game"]) if runes_state.get("game") else None,
        runes_state=runes_state,
        doublers=(
            DoublersDiceGame.from_dict(doublers_state["game"])
            if doublers_state.get("game")
            else None
        ),
        doublers_seat=doublers_state.get("seat"),
        doublers_state=doublers_state,
        cogrushing_state=cog_state,
        cogrushing=CogrushingGame.from_dict(cog_state["game"]) if cog_state.get("game") else None,
        quest=quest,
        names={c.name: c for c in characters},
    )
    view.draw_summaries = [summary for (summary,) in _DRAW_SUMMARIES.rows(campaign_id=campaign.pk)]
    view.bag_counts = sorted(Counter(view.temple.get("bag_left", [])).items())
    return view
