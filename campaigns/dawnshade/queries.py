"""Read-models of the Dawnshade pages: everything a page shows in a fixed number of queries,
however long the campaign's history grows, with the same guards the services enforce (which
phase of the turn it is, which moves are legal, which reward cells must be entered)."""

from dataclasses import dataclass, replace
from functools import cached_property
from typing import NamedTuple

from django.contrib.auth import get_user_model
from django.db.models import Exists, FilteredRelation, OuterRef, Q, Subquery
from django.db.models.functions import Coalesce, Substr
from django.utils import timezone

from campaigns.dawnshade.catalog.modes import DIFFICULTIES, MODES
from campaigns.dawnshade.catalog.quest_deck import (
    MAJOR_THREAT,
    QUEST_TILE_TYPES,
    STARTING_VILLAGE,
)
from campaigns.dawnshade.catalog.vaki import ELEMENTS
from campaigns.dawnshade.catalog.watchers import WATCHER_ORDER, WATCHERS
from campaigns.dawnshade.rules.alignment import spend_vaki_for_alignment
from campaigns.dawnshade.rules.chapters import (
    ROMAN,
    campaign_concluded,
    campaign_games,
    outpost_level,
    starting_village_chapters,
)
from campaigns.dawnshade.rules.currency import tawny_as_coins
from campaigns.dawnshade.rules.items import armour_shields
from campaigns.dawnshade.rules.kinship import xp_into_level, xp_to_next_level
from campaigns.dawnshade.rules.movement import RevealedTile, legal_moves
from campaigns.dawnshade.rules.rewards import tile_reward
from campaigns.dawnshade.rules.threat import max_threat, next_move_triggers_major_threat
from campaigns.table.compiled_sql import (
    CompiledQuery,
    as_instances,
    attnames,
    rows_by_parent,
    with_users,
)
from campaigns.table.history import history_row
from campaigns.table.models import Campaign, LedgerEntry, Role

from .models import (
    ChapterResult,
    Character,
    HouseReward,
    Item,
    ItemStatus,
    Kinship,
    Tile,
    UnlockedArtifact,
    Visit,
    tile_name,
)
from .services._common import (
    VISIT_WITH_TILE,
    current_visit,
    game_number_value,
    visits_with_tiles,
)
from .services.kinds import Kind
from .services.mat import ALIGNMENT_STATUS
from .services.totals import CharacterTotals, KinshipTotals, kinship_totals
from .services.turn import DECK_TILES

SETUP, BETWEEN, START, COMPLETE, REWARDS, MOVE, CHAPTER_END, CONCLUDED = (
    "setup",
    "between",
    "start",
    "complete",
    "rewards",
    "move",
    "chapter_end",
    "concluded",
)


@dataclass
class CharacterView:
    """A character with everything its page and the save sheet show."""

    character: object
    totals: CharacterTotals
    stats: dict
    items: list
    coins: object
    shields: int
    is_active: bool = False

    @property
    def pk(self):
        return self.character.pk

    @property
    def name(self):
        return self.character.name

    @property
    def stat_rows(self) -> list[tuple[str, int]]:
        """(stat, value) in the Character Mat's order (a dict's "items" key shadows .items)."""
        return list(self.stats.items())

    @property
    def items_room(self) -> int:
        return max(0, self.stats["items"] - len(self.items))


@dataclass
class AlignmentTrack:
    watcher: object
    value: int
    leading: bool
    spend_preview: str  # what spending one väki of its element would do to the status


@dataclass
class KinshipView:
    """The Kinship for a page: its totals and characters at once; the game's quest log, its
    current line, tiles, chapter results, house rewards and last alignment shift each read
    (one query) the first time the page asks, so a page pays only for what it shows."""

    kinship: Kinship
    totals: KinshipTotals
    characters: list[CharacterView]

    @cached_property
    def visits(self) -> list:
        rows = _GAME_VISITS.rows(kinship_id=self.kinship.pk, game_number=self.kinship.game_number)
        return visits_with_tiles(rows)

    @cached_property
    def all_tiles(self) -> list:
        return as_instances(Tile, _TILE_FIELDS, _TILES.rows(kinship_id=self.kinship.pk))

    @cached_property
    def tiles(self) -> list:
        return [tile for tile in self.all_tiles if tile.game_number == self.kinship.game_number]

    @cached_property
    def results(self) -> list:
        rows = _RESULTS.rows(kinship_id=self.kinship.pk)
        return as_instances(ChapterResult, _RESULT_FIELDS, rows)

    @cached_property
    def house_rewards(self) -> list:
        rows = _HOUSE_REWARDS.rows(kinship_id=self.kinship.pk)
        return as_instances(HouseReward, _HOUSE_REWARD_FIELDS, rows)

    @cached_property
    def last_shift(self) -> "AlignmentShift | None":
        rows = _LAST_SHIFT.rows(campaign_id=self.kinship.campaign_id)
        return AlignmentShift(*rows[0]) if rows else None

    # --- the Kinship ----------------------------------------------------------------------
    @property
    def mode(self):
        return MODES[self.kinship.mode]

    @property
    def difficulty(self):
        return DIFFICULTIES[self.kinship.difficulty]

    @property
    def games(self) -> int:
        return campaign_games(self.kinship.mode)

    @property
    def chapter_roman(self) -> str:
        return ROMAN.get(self.kinship.narrative_chapter or 0, "")

    @property
    def outpost_level(self) -> int | None:
        if not self.kinship.game_number:
            return None
        return outpost_level(self.kinship.mode, self.kinship.game_number)

    @property
    def xp_into_level(self) -> int:
        return xp_into_level(self.totals.xp)

    @property
    def xp_to_next_level(self) -> int:
        return xp_to_next_level(self.totals.xp)

    @property
    def xp_bar_percent(self) -> int:
        return self.xp_into_level * 10

    @property
    def max_threat(self) -> int:
        return max_threat(self.kinship.difficulty)

    @property
    def major_threat_warning(self) -> bool:
        return self.kinship.in_game and next_move_triggers_major_threat(
            self.totals.threat, self.max_threat
        )

    @property
    def status(self):
        return self.totals.alignment_status

    @property
    def alignment_tracks(self) -> list[AlignmentTrack]:
        tracks = self.totals.alignment
        furthest = max(tracks.values())
        rows = []
        for key in WATCHER_ORDER:
            change = spend_vaki_for_alignment(tracks, WATCHERS[key].element)
            preview = change.status_after.label if change.shifted else "no shift"
            rows.append(
                AlignmentTrack(WATCHERS[key], tracks[key], tracks[key] == furthest, preview)
            )
        return rows

    @property
    def alignment_values(self) -> list[tuple]:
        """(Watcher, track value) in the mat's order: the tracks without what spending would
        do (the save sheet shows only the values)."""
        tracks = self.totals.alignment
        return [(WATCHERS[key], tracks[key]) for key in WATCHER_ORDER]

    @property
    def pool(self) -> list[tuple]:
        return [(ELEMENTS[key], value) for key, value in self.totals.pool.items()]

    @property
    def active(self) -> CharacterView | None:
        return next((view for view in self.characters if view.is_active), None)

    # --- the turn -------------------------------------------------------------------------
    @cached_property
    def visit(self) -> Visit | None:
        """The game's newest quest-log line: the last of ``visits`` when the page has read
        them (the turn page's log), else read alone (the other pages show only this one)."""
        if not self.kinship.in_game:
            return None
        if "visits" in self.__dict__:
            return self.visits[-1] if self.visits else None
        return current_visit(self.kinship)

    @property
    def phase(self) -> str:
        if self.kinship.concluded:
            return CONCLUDED
        visit = self.visit
        if visit is None:
            return BETWEEN
        if visit.tile.tile_type == MAJOR_THREAT and visit.rewarded:
            return CHAPTER_END
        if not visit.outcome:
            return START if visit.seq == 0 else COMPLETE
        if not visit.rewarded:
            return REWARDS
        return MOVE

    @property
    def can_move(self) -> bool:
        return self.phase in (START, MOVE)

    @property
    def deck_left(self) -> list[tuple]:
        """(tile type, how many are still in the Quest Deck) for a new tile drawn."""
        drawn = [tile for tile in self.tiles if tile.revealed_order > 0]
        left = []
        for key, tile_type in QUEST_TILE_TYPES.items():
            if key == STARTING_VILLAGE:
                continue
            count = tile_type.per_deck - sum(1 for tile in drawn if tile.tile_type == key)
            if key == MAJOR_THREAT:
                count = 1 if len(drawn) == DECK_TILES - 1 else 0
            if count > 0:
                left.append((tile_type, count))
        return left

    @property
    def returns(self) -> list:
        """The revealed tiles the Kinship may go back to: the Starting Village and Outposts."""
        visit = self.visit
        if visit is None:
            return []
        by_key = {str(tile.pk): tile for tile in self.tiles}
        drawn = sum(1 for tile in self.tiles if tile.revealed_order > 0)
        moves = legal_moves(
            current_tile=str(visit.tile_id),
            revealed=[RevealedTile(str(tile.pk), tile.tile_type) for tile in self.tiles],
            new_tile_placeable=True,
            tiles_left_in_deck=DECK_TILES - drawn,
        )
        return [by_key[move.tile_key] for move in moves if move.tile_key]

    @property
    def reward(self):
        """The reward of the completed tile under the mode, house values filled in."""
        visit = self.visit
        if visit is None or not visit.outcome:
            return None
        conclusion = visit.tile.tile_type == MAJOR_THREAT and campaign_concluded(
            self.kinship.mode, self.kinship.game_number
        )
        reward = tile_reward(
            self.kinship.mode,
            visit.tile.tile_type,
            visit.outcome,
            chapter=self.kinship.narrative_chapter,
            campaign_conclusion=conclusion,
            table_rewards_at_conclusion=self.kinship.table_rewards_at_conclusion,
        )
        house = next(
            (
                house
                for house in self.house_rewards
                if house.tile_type == visit.tile.tile_type and house.outcome == visit.outcome
            ),
            None,
        )
        if house is not None and not reward.ignored:
            reward = replace(
                reward,
                **{
                    cell: getattr(house, cell)
                    for cell in reward.needs_entry
                    if getattr(house, cell) is not None
                },
            )
        return reward

    @property
    def next_narratives(self) -> tuple[int, ...]:
        """The Starting Village narratives the next game may read."""
        if self.kinship.concluded or self.kinship.game_number >= self.games:
            return ()
        return starting_village_chapters(self.kinship.mode, self.kinship.game_number + 1)

    @property
    def set_aside_events(self) -> list:
        return [tile for tile in self.all_tiles if tile.set_aside]

    @property
    def game_events(self) -> list:
        return [tile for tile in self.tiles if tile.tile_type == "event"]


@dataclass(frozen=True)
class AlignmentShift:
    """The newest alignment shift still standing: why, and who (None: an account since
    deleted)."""

    reason: str
    who: str | None


_LAST_SHIFT = CompiledQuery(
    lambda campaign_id: (
        LedgerEntry.objects.filter(
            campaign_id=campaign_id, kind=Kind.VAKI_ALIGNMENT, deltas__has_key=ALIGNMENT_STATUS
        )
        # Exists, not Count: a Count groups every such entry before the newest is taken.
        .filter(~Exists(LedgerEntry.objects.filter(reverses=OuterRef("pk"))))
        .order_by("-id")
        .values_list("reason", "actor__username")[:1]
    )
)


_KINSHIP_FIELDS = attnames(Kinship)
_CHARACTER_FIELDS = attnames(Character)
_ITEM_FIELDS = attnames(Item)
# The campaign's Kinship with its characters (in seat order), the items each holds and their
# players' names: a row a held item (or a character holding none), the Kinship's columns
# first (one row of NULL characters before any is added). One query where the Kinship, its
# characters and their items were three, on every page and live refresh; the join keeps to
# held items, so items spent or lost over a campaign do not add rows.
_KINSHIP_WITH_CHARACTERS = CompiledQuery(
    lambda campaign_id: (
        Kinship.objects.filter(campaign_id=campaign_id)
        .annotate(
            held=FilteredRelation(
                "characters__items", condition=Q(characters__items__status=ItemStatus.HELD)
            )
        )
        .order_by("characters__seat", "held__id")
        .values_list(
            *_KINSHIP_FIELDS,
            *(f"characters__{name}" for name in _CHARACTER_FIELDS),
            *(f"held__{name}" for name in _ITEM_FIELDS),
            f"characters__player__{get_user_model().USERNAME_FIELD}",
        )
    )
)
# Only the columns a quest-log line shows: a visit and a tile model per visit (a campaign's
# dozens) cost the save sheet more than the rest of its Kinship.
_QUEST_LOG = CompiledQuery(
    lambda kinship_id: (
        Visit.objects.filter(kinship_id=kinship_id)
        .order_by("game_number", "seq")
        .values_list(
            "game_number",
            "outcome",
            "rewarded",
            "xp",
            "tawny",
            "tile__tile_type",
            "tile__outpost",
            "tile__label",
        )
    )
)
_GAME_VISITS = CompiledQuery(
    lambda kinship_id, game_number: (
        Visit.objects.filter(kinship_id=kinship_id, game_number=game_number_value(game_number))
        .order_by("seq")
        .values_list(*VISIT_WITH_TILE)
    )
)
_TILE_FIELDS = attnames(Tile)
_TILES = CompiledQuery(
    lambda kinship_id: Tile.objects.filter(kinship_id=kinship_id).values_list(*_TILE_FIELDS)
)
_ARTIFACT_FIELDS = attnames(UnlockedArtifact)
_OWNER_ARTIFACTS = CompiledQuery(
    lambda campaign_id: UnlockedArtifact.objects.filter(
        user__memberships__campaign_id=campaign_id, user__memberships__role=Role.OWNER
    ).values_list(*_ARTIFACT_FIELDS, f"user__{get_user_model().USERNAME_FIELD}")
)
HISTORY_SHOWN = 40
KIND_PREFIX = "dawnshade."  # every entry this game writes has a kind that begins so
# The save sheet looks for the Kinship's entries among the table's newest HISTORY_WINDOW
# entries only, so its read stays the same size however many other entries (renames, rolls
# of the shared dice) the table has written; the History page lists every entry.
HISTORY_WINDOW = 400
# What a listed entry shows, read as plain columns (no model instances: forty entries and
# their forty users were most of the sheet's own reading).
_KINSHIP_HISTORY = CompiledQuery(
    lambda campaign_id: (
        LedgerEntry.objects.filter(campaign_id=campaign_id)
        # A range of the newest-first index ("id >= the window's oldest id"), which both
        # databases read as a bounded range; an "id IN (newest ids)" list they walk whole.
        .filter(
            id__gte=Coalesce(
                Subquery(
                    LedgerEntry.objects.filter(campaign_id=campaign_id)
                    .order_by("-id")
                    .values("id")[HISTORY_WINDOW - 1 : HISTORY_WINDOW]
                ),
                0,
            )
        )
        # The game's kinds by their first characters: SQLite's LIKE (what startswith
        # becomes) cost a third of this read, a row at a time.
        .alias(kind_head=Substr("kind", 1, len(KIND_PREFIX)))
        .filter(Q(kind_head=KIND_PREFIX) | Q(kind="undo"))
        .order_by("-id")
        .values_list(
            "reason",
            "reverses_id",
            "subject_label",
            "created_at",
            # The entry that undid it, joined by the unique `reverses` index (as the History
            # page joins it; quicker than an EXISTS a row).
            "reversed_by__id",
            f"actor__{get_user_model().USERNAME_FIELD}",
        )[:HISTORY_SHOWN]
    )
)
_RESULT_FIELDS = attnames(ChapterResult)
_RESULTS = CompiledQuery(
    lambda kinship_id: ChapterResult.objects.filter(kinship_id=kinship_id).values_list(
        *_RESULT_FIELDS
    )
)
_HOUSE_REWARD_FIELDS = attnames(HouseReward)
_HOUSE_REWARDS = CompiledQuery(
    lambda kinship_id: HouseReward.objects.filter(kinship_id=kinship_id).values_list(
        *_HOUSE_REWARD_FIELDS
    )
)


def kinship_view(campaign: Campaign) -> KinshipView | None:
    """The Kinship, its characters (with their held items) and every total from the ledger in
    two queries, whatever the history, each with its SQL built once (every Dawnshade page
    and live refresh reads this); the rest reads on first use (see KinshipView)."""
    rows = _KINSHIP_WITH_CHARACTERS.rows(campaign_id=campaign.pk)
    if not rows:
        return None
    (kinship,) = as_instances(Kinship, _KINSHIP_FIELDS, rows[:1])
    start = len(_KINSHIP_FIELDS)
    grouped = rows_by_parent(rows, start, start + len(_CHARACTER_FIELDS))
    characters = with_users(
        Character, _CHARACTER_FIELDS, [first[start:] for first, _ in grouped.values()], "player"
    )
    held = {pk: as_instances(Item, _ITEM_FIELDS, found) for pk, (_, found) in grouped.items()}
    for character in characters:
        Character.kinship.field.set_cached_value(character, kinship)  # as kinship.characters would
        character.held = held[character.pk]
    totals = kinship_totals(campaign)
    views = []
    for character in characters:
        mine = totals.of(character)
        views.append(
            CharacterView(
                character=character,
                totals=mine,
                stats=totals.stats(character),
                items=character.held,
                coins=tawny_as_coins(max(0, mine.tawny)),
                shields=armour_shields(sum(1 for item in character.held if item.armour)),
                is_active=character.seat == kinship.active_seat,
            )
        )
    return KinshipView(kinship=kinship, totals=totals, characters=views)


class QuestLogLine(NamedTuple):
    """What the save sheet's quest log shows of a visit."""

    game_number: int
    tile_name: str
    outcome: str
    rewarded: bool
    xp: int | None
    tawny: int | None


def quest_log(kinship: Kinship) -> list[QuestLogLine]:
    """Every visit of every game, in order, with its tile's name (the save sheet's history):
    one query of the columns shown, its SQL built once."""
    return [
        QuestLogLine(game_number, tile_name(tile_type, outpost, label), *shown)
        for game_number, *shown, tile_type, outpost, label in _QUEST_LOG.rows(kinship_id=kinship.pk)
    ]


def owner_artifacts(campaign_id: int) -> list[UnlockedArtifact]:
    """The Artifacts the campaign's owner has unlocked, each with its user: one query, its SQL
    built once (the chapter page and the save sheet)."""
    rows = _OWNER_ARTIFACTS.rows(campaign_id=campaign_id)
    return with_users(UnlockedArtifact, _ARTIFACT_FIELDS, rows, "user")


def kinship_history(campaign_id: int) -> list[dict]:
    """The newest Dawnshade entries and undos as the save sheet lists them: one query, its
    SQL built once, each row worked out from the columns as the platform's ``history_rows``
    works it out from an entry (none offers its undo here)."""
    tz = timezone.get_current_timezone()
    return [
        history_row(
            reason,
            who,
            subject_label,
            created_at,
            undone_by is not None,
            reverses_id is not None,
            "",  # no undo from the sheet
            tz,
        )
        for reason, reverses_id, subject_label, created_at, undone_by, who in (
            _KINSHIP_HISTORY.rows(campaign_id=campaign_id)
        )
    ]
