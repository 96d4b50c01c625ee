"""Tom, the solo opponent who plays automatically (Single-player games).

What the expansion leaves to the core game is group input, entered once: the faces of
Tom's 8 tiles (1-3 arrows and a "+" or "-"), the score track's printed bonus beside each
space, the Province of Shadows' villages (shards and footprint cost) and the Archipelago
of Darkness' islands and paths. A value the app has not been given raises ``ValueNeeded``
with a key naming it, so the group is asked once. Randomness is injected.
"""

import random
from collections import deque
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Self

from campaigns.glow.catalog.adventurers import ADVENTURERS, EXPANSION_DIE_COLOURS
from campaigns.glow.catalog.journey_boards import JOURNEY_BOARDS
from campaigns.glow.catalog.setup import MEETING_TRACK_SECTIONS
from campaigns.glow.catalog.solo import (
    SOURCE_BOAT,
    SOURCE_COUNT,
    SOURCE_END,
    SOURCE_EVENING,
    SOURCE_MORNING,
    SOURCE_SETUP,
    TOM_BOATS,
    TOM_DICE,
    TOM_FACE_UP_TILES,
    TOM_FORBIDDEN_PAIR,
    TOM_SPECIAL_DIE_COLOURS,
    TOM_SPECIAL_FOOTPRINTS,
    TOM_SPECIAL_SCORE,
    TOM_START_BAND,
    TOM_START_SCORE,
    TOM_TILE_ARROWS,
    TOM_TILE_SIDES,
    TOM_TILES,
)
from campaigns.glow.rules.errors import RuleViolation, ValueNeeded

PROVINCE = "province_of_shadows"
ARCHIPELAGO = "archipelago_of_darkness"
CENTRAL_ISLAND = "central"
SECTIONS = range(1, MEETING_TRACK_SECTIONS + 1)


# --- Group input: tile faces, villages, the archipelago -------------------------------


@dataclass(frozen=True)
class TileFace:
    """What one of Tom's tiles shows: 1-3 arrows and a "+" or "-" (the boat move)."""

    arrows: int
    side: str

    def __post_init__(self) -> None:
        if self.arrows not in TOM_TILE_ARROWS:
            raise RuleViolation("A Tom tile shows 1, 2 or 3 arrows")
        if self.side not in TOM_TILE_SIDES:
            raise RuleViolation('A Tom tile is marked "+" or "-"')

    def to_dict(self) -> dict[str, Any]:
        return {"arrows": self.arrows, "side": self.side}

    @classmethod
    def from_dict(cls, stored: Mapping[str, Any]) -> Self:
        return cls(arrows=stored["arrows"], side=stored["side"])


def tom_tile_faces(faces: Sequence[TileFace | tuple[int, str]]) -> tuple[TileFace, ...]:
    """The group's entry of Tom's 8 tile faces, tile 1 first (not printed in the text)."""
    result = tuple(face if isinstance(face, TileFace) else TileFace(*face) for face in faces)
    if len(result) != TOM_TILES:
        raise RuleViolation(f"Tom has {TOM_TILES} tiles; enter each one's face")
    return result


@dataclass(frozen=True)
class Village:
    """A Province of Shadows village: its shards of light and the footprints it costs."""

    shards: int
    footprints: int

    def __post_init__(self) -> None:
        if self.shards < 1 or self.footprints < 0:
            raise RuleViolation(
                "A village is worth at least 1 shard and costs 0 or more footprints"
            )


@dataclass(frozen=True)
class VillageTrack:
    """The Province of Shadows' villages as the group enters them, in rising value."""

    villages: tuple[Village, ...]

    def __post_init__(self) -> None:
        values = [village.shards for village in self.villages]
        if not values:
            raise RuleViolation("Enter the journey board's villages")
        if values != sorted(set(values)):
            raise RuleViolation("Villages are entered once each, from the lowest value up")

    def next_higher(self, camp: int | None) -> Village | None:
        """The next village up in value (from Start, the lowest one)."""
        return next((v for v in self.villages if camp is None or v.shards > camp), None)

    def to_dict(self) -> dict[str, Any]:
        return {"villages": [[v.shards, v.footprints] for v in self.villages]}

    @classmethod
    def from_dict(cls, stored: Mapping[str, Any]) -> Self:
        return cls(tuple(Village(*village) for village in stored["villages"]))


@dataclass(frozen=True)
class Island:
    key: str
    shards: int


@dataclass(frozen=True)
class SeaPath:
    """A path between two islands. ``value`` is the number the group ranks it by (a path
    printed "1/2" is entered as the group reads it; ``label`` keeps the printed text);
    ``forbidden`` marks the one under the prohibition token."""

    start: str
    end: str
    value: int
    label: str = ""
    forbidden: bool = False

    def other_end(self, island: str) -> str:
        return self.end if island == self.start else self.start


@dataclass(frozen=True)
class ArchipelagoMap:
    """The Archipelago of Darkness as the group enters it: islands with their shards and
    the paths between them. Distance from the central island counts paths crossed."""

    islands: tuple[Island, ...]
    paths: tuple[SeaPath, ...]

    def __post_init__(self) -> None:
        keys = [island.key for island in self.islands]
        if len(set(keys)) != len(keys) or CENTRAL_ISLAND not in keys:
            raise RuleViolation("Enter each island once, the central island included")
        for path in self.paths:
            if path.start not in keys or path.end not in keys or path.start == path.end:
                raise RuleViolation("A path joins two different islands of the map")
        if set(self.distances()) != set(keys):
            raise RuleViolation("Every island must be reachable from the central island")

    def distances(self) -> dict[str, int]:
        distance = {CENTRAL_ISLAND: 0}
        queue = deque([CENTRAL_ISLAND])
        while queue:
            island = queue.popleft()
            for path in self.paths:
                if island in (path.start, path.end):
                    other = path.other_end(island)
                    if other not in distance:
                        distance[other] = distance[island] + 1
                        queue.append(other)
        return distance

    def shards(self, island: str) -> int:
        return next(i.shards for i in self.islands if i.key == island)

    def away_paths(self, island: str) -> tuple[SeaPath, ...]:
        """Open paths from ``island`` to an island farther from the centre."""
        distance = self.distances()
        return tuple(
            path
            for path in self.paths
            if island in (path.start, path.end)
            and not path.forbidden
            and distance[path.other_end(island)] > distance[island]
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "islands": [[i.key, i.shards] for i in self.islands],
            "paths": [[p.start, p.end, p.value, p.label, p.forbidden] for p in self.paths],
        }

    @classmethod
    def from_dict(cls, stored: Mapping[str, Any]) -> Self:
        return cls(
            islands=tuple(Island(*island) for island in stored["islands"]),
            paths=tuple(SeaPath(*path) for path in stored["paths"]),
        )


# --- Tom's state --------------------------------------------------------------------


@dataclass(frozen=True)
class TomState:
    """Tom during a solo game.

    ``face_up`` holds the tile number (0-7, into ``tile_faces``) opposite each meeting-track
    section 1-5, or None for a gap; ``pile`` is face down, top first. ``camp`` is the value
    of the village Tom's camp is on (None: the Start space); ``boats`` the island of each
    of his 4 boats. ``dice_special_open`` is whether Tom's dice were just rolled, so one
    special side may still be applied.
    """

    journey_board: str
    player_adventurer: str
    dice_colours: tuple[str, ...]
    colour: str
    tile_faces: tuple[TileFace, ...]
    pile: tuple[int, ...]
    face_up: tuple[int | None, ...]
    discards: tuple[int, ...] = ()
    score: int = TOM_START_SCORE
    band: int = TOM_START_BAND
    footprints: int = 0
    camp: int | None = None
    boats: tuple[str, ...] = ()
    deck: str = "A"
    pile_emptied: int = 0
    round: int = 1
    section_taken: int | None = None
    last_round: bool = False
    finished: bool = False
    dice_special_open: bool = True

    def tile_at(self, section: int) -> TileFace | None:
        tile = self.face_up[section - 1]
        return None if tile is None else self.tile_faces[tile]

    def to_dict(self) -> dict[str, Any]:
        return {
            "journey_board": self.journey_board,
            "player_adventurer": self.player_adventurer,
            "dice_colours": list(self.dice_colours),
            "colour": self.colour,
            "tile_faces": [face.to_dict() for face in self.tile_faces],
            "pile": list(self.pile),
            "face_up": list(self.face_up),
            "discards": list(self.discards),
            "score": self.score,
            "band": self.band,
            "footprints": self.footprints,
            "camp": self.camp,
            "boats": list(self.boats),
            "deck": self.deck,
            "pile_emptied": self.pile_emptied,
            "round": self.round,
            "section_taken": self.section_taken,
            "last_round": self.last_round,
            "finished": self.finished,
            "dice_special_open": self.dice_special_open,
        }

    @classmethod
    def from_dict(cls, stored: Mapping[str, Any]) -> Self:
        tuples = ("dice_colours", "pile", "face_up", "discards", "boats")
        values = {key: tuple(stored[key]) if key in tuples else stored[key] for key in stored}
        values["tile_faces"] = tuple(TileFace.from_dict(face) for face in stored["tile_faces"])
        return cls(**values)


def _check_dice_colours(
    dice_colours: Sequence[str], colour: str, player_colours: Collection[str]
) -> tuple[str, ...]:
    colours = tuple(dice_colours)
    if len(colours) != TOM_DICE:
        raise RuleViolation(f"Tom plays with {TOM_DICE} large dice")
    if any(not c or c != c.strip().lower() for c in colours):
        raise RuleViolation("Name each of Tom's dice colours as a lowercase key, such as 'red'")
    if colours[0] == colours[1]:
        raise RuleViolation("Tom's 2 large dice must be of different colours")
    if set(colours) == TOM_FORBIDDEN_PAIR:
        raise RuleViolation("Tom cannot have the yellow and the purple dice together")
    if set(colours) & EXPANSION_DIE_COLOURS:
        raise RuleViolation(
            "Tom cannot use the dice of the expansion's adventurers (Hulios, Zay'Drel, Elldir)"
        )
    if set(colours) & set(player_colours):
        raise RuleViolation("Tom's dice come from the core adventurers you did not choose")
    if colour not in colours:
        raise RuleViolation("Tom's colour is one of his two dice colours")
    return colours


def tom_setup(
    *,
    player_adventurer: str,
    dice_colours: Sequence[str],
    colour: str,
    journey_board: str,
    tile_faces: Sequence[TileFace | tuple[int, str]],
    rng: random.Random,
    player_colours: Collection[str] = (),
) -> TomState:
    """Set Tom up: 2 large dice of different colours (not yellow with purple, not the
    expansion adventurers' colours, not the player's), his score token on 10 and band on
    0, his camp on Start or his 4 boats on the central island, and his 8 tiles shuffled
    with 5 face up opposite the 5 sections. ``player_colours`` are the dice colours of the
    player's adventurer when it is a core one (the app cannot know them otherwise).

    Single-player games - Setup, steps 2 and 6.
    """
    if journey_board not in JOURNEY_BOARDS:
        raise RuleViolation(f"'{journey_board}' is not a journey board")
    if not player_adventurer:
        raise RuleViolation("Choose your adventurer before Tom's dice")
    own = set(player_colours)
    if player_adventurer in ADVENTURERS:
        own |= set(ADVENTURERS[player_adventurer].colours)
    colours = _check_dice_colours(dice_colours, colour, own)
    faces = tom_tile_faces(tile_faces)
    order = list(range(TOM_TILES))
    rng.shuffle(order)
    return TomState(
        journey_board=journey_board,
        player_adventurer=player_adventurer,
        dice_colours=colours,
        colour=colour,
        tile_faces=faces,
        face_up=tuple(order[:TOM_FACE_UP_TILES]),
        pile=tuple(order[TOM_FACE_UP_TILES:]),
        boats=(CENTRAL_ISLAND,) * TOM_BOATS if journey_board == ARCHIPELAGO else (),
    )


# --- A round: Tom's tile, then the Evening ---------------------------------------------


@dataclass(frozen=True)
class BoatMove:
    boat: int
    start: str
    end: str
    path_value: int


@dataclass(frozen=True)
class TomTurn:
    """What Tom's tile did this round, step by step, and the new state."""

    state: TomState
    section: int
    face: TileFace
    band_from: int
    band_to: int
    score_from: int
    score_to: int
    track_bonus: int
    camp_from: int | None
    camp_to: int | None
    boat_move: BoatMove | None
    reshuffled: bool
    deck_switched: bool
    last_round_now: bool


def _track_bonus(position: int, bonuses: Mapping[int, int]) -> int:
    if position not in bonuses:
        raise ValueNeeded(
            f"Enter the number printed beside space {position} of the score track (0 if none)",
            key=f"score_track_bonus:{position}",
        )
    bonus = bonuses[position]
    if bonus < 0:
        raise RuleViolation("A score-track bonus moves the score token forward, never back")
    return bonus


def _choose(options: Collection[str], chosen: str | None, key: str, what: str, rule: str) -> str:
    if chosen is not None:
        if chosen not in options:
            raise RuleViolation(rule)
        return chosen
    if len(options) > 1:
        raise ValueNeeded(f"{what}: {', '.join(sorted(options))}; the choice is yours", key=key)
    return next(iter(options))


def _move_boat(
    boats: tuple[str, ...],
    side: str,
    archipelago: ArchipelagoMap,
    boat_from: str | None,
    boat_to: str | None,
) -> tuple[tuple[str, ...], BoatMove | None]:
    """Choosing which boat to move: only boats that can still go farther out count; one on
    the central island first, else the closest to it; ties are the player's choice. It
    takes its highest-value path on "+", its lowest on "-"."""
    distance = archipelago.distances()
    movable = {island for island in boats if archipelago.away_paths(island)}
    if not movable:
        return boats, None
    closest = min(distance[island] for island in movable)
    start = _choose(
        {island for island in movable if distance[island] == closest},
        boat_from,
        "boat_from",
        "Tom's boats on these islands are equally close to the central island",
        "Tom moves a boat from the central island first, otherwise the one closest to it "
        "that can still move away",
    )
    paths = archipelago.away_paths(start)
    pick = max if side == "+" else min
    value = pick(path.value for path in paths)
    end = _choose(
        {path.other_end(start) for path in paths if path.value == value},
        boat_to,
        "boat_to",
        "Several paths share the value Tom must take",
        f'On a "{side}" tile Tom takes the path of the {"highest" if side == "+" else "lowest"} '
        "value, away from the central island",
    )
    boat = boats.index(start)
    moved = boats[:boat] + (end,) + boats[boat + 1 :]
    return moved, BoatMove(boat=boat, start=start, end=end, path_value=value)


def tom_take(
    state: TomState,
    section: int,
    *,
    rng: random.Random,
    score_track_bonuses: Mapping[int, int],
    villages: VillageTrack | None = None,
    archipelago: ArchipelagoMap | None = None,
    boat_from: str | None = None,
    boat_to: str | None = None,
) -> TomTurn:
    """The player took the companion at ``section`` (1-5): apply Tom's tile opposite, left
    to right. His band moves forward by the arrows; his score by the band's new space plus
    the number printed beside that space; then his camp goes to the next-higher village, or
    a boat moves on the "+" or "-" path. The tile is discarded and the gap filled. When the
    pile is empty, the 4 discards are shuffled into a new pile and the companions switch
    from deck A to deck B; if deck B is already in use, this round is the last and no new
    tile comes.

    Single-player games - MORNING; Choosing which boat to move; End of the game.
    """
    if state.finished:
        raise RuleViolation("The game is over: Tom's pile ran out a second time")
    if state.section_taken is not None:
        raise RuleViolation(
            f"You already took section {state.section_taken} this round; one companion a round"
        )
    if section not in SECTIONS:
        raise RuleViolation(f"The meeting track has sections 1 to {MEETING_TRACK_SECTIONS}")
    tile = state.face_up[section - 1]
    if tile is None:
        raise RuleViolation(f"No tile of Tom's lies opposite section {section}")
    face = state.tile_faces[tile]

    band = state.band + face.arrows
    bonus = _track_bonus(band, score_track_bonuses)
    score = state.score + band + bonus

    camp, boats, boat_move = state.camp, state.boats, None
    if state.journey_board == PROVINCE:
        if villages is None:
            raise ValueNeeded("Enter the Province of Shadows' villages once", key="villages")
        # Silent in the text: from the best village there is no higher one, so Tom stays.
        higher = villages.next_higher(camp)
        camp = higher.shards if higher is not None else camp
    else:
        if archipelago is None:
            raise ValueNeeded("Enter the Archipelago of Darkness' islands once", key="archipelago")
        boats, boat_move = _move_boat(boats, face.side, archipelago, boat_from, boat_to)

    discards = state.discards + (tile,)
    pile, deck, emptied = state.pile, state.deck, state.pile_emptied
    reshuffled = deck_switched = last_round_now = False
    if not pile:
        emptied += 1
        if deck == "A":
            new_pile = list(discards)
            rng.shuffle(new_pile)
            pile, discards, deck = tuple(new_pile), (), "B"
            reshuffled = deck_switched = True
        else:
            last_round_now = True
    if pile:
        refill, pile = pile[0], pile[1:]
    else:
        refill = None
    face_up = state.face_up[: section - 1] + (refill,) + state.face_up[section:]

    new_state = replace(
        state,
        band=band,
        score=score,
        camp=camp,
        boats=boats,
        discards=discards,
        pile=pile,
        face_up=face_up,
        deck=deck,
        pile_emptied=emptied,
        section_taken=section,
        last_round=state.last_round or last_round_now,
        dice_special_open=False,
    )
    return TomTurn(
        state=new_state,
        section=section,
        face=face,
        band_from=state.band,
        band_to=band,
        score_from=state.score,
        score_to=score,
        track_bonus=bonus,
        camp_from=state.camp,
        camp_to=camp,
        boat_move=boat_move,
        reshuffled=reshuffled,
        deck_switched=deck_switched,
        last_round_now=last_round_now,
    )


def tom_end_round(state: TomState, *, roll_final_evening: bool = False) -> TomState:
    """Close the round. Otherwise Tom's dice are rerolled in the Evening and the next round
    begins (one special side may then be applied); after the last round the game is over
    and the final count follows. Whether the last round's Evening rerolls Tom's dice (so a
    special could still help him) is not clear in the text: ``roll_final_evening`` lets the
    group say yes.

    Single-player games - EVENING; End of the game.
    """
    if state.finished:
        raise RuleViolation("The game is over: Tom's pile ran out a second time")
    if state.section_taken is None:
        raise RuleViolation("Take a companion (and Tom's tile opposite) before the Evening")
    if state.last_round:
        return replace(
            state, finished=True, section_taken=None, dice_special_open=roll_final_evening
        )
    return replace(state, round=state.round + 1, section_taken=None, dice_special_open=True)


def _special(state: TomState) -> None:
    if not state.dice_special_open:
        raise RuleViolation(
            "A special side helps Tom only when his dice are rolled: at setup or in the Evening, "
            "once per roll"
        )
    if not set(state.dice_colours) & TOM_SPECIAL_DIE_COLOURS:
        raise RuleViolation("Only a yellow or purple large die has a special side that helps Tom")


def tom_special_score(state: TomState) -> TomState:
    """Tom's yellow or purple die shows its special side: it is set aside for the turn and
    his score token moves forward 3 (Single-player games - Setup, step 2; EVENING)."""
    _special(state)
    return replace(state, score=state.score + TOM_SPECIAL_SCORE, dice_special_open=False)


def tom_special_footprints(state: TomState) -> TomState:
    """Tom's yellow or purple die shows its special side: it is set aside for the turn and
    he takes 2 footprints (Single-player games - Setup, step 2; EVENING)."""
    _special(state)
    return replace(
        state, footprints=state.footprints + TOM_SPECIAL_FOOTPRINTS, dice_special_open=False
    )


# --- End of the game ---------------------------------------------------------------------


@dataclass(frozen=True)
class TomFinal:
    """Tom's final count: where he ends, what it scores and his final score."""

    score_before: int
    camp_before: int | None
    camp_after: int | None
    footprints_spent: int
    footprints_left: int
    journey_shards: int
    final_score: int


def _spend_footprints(
    villages: VillageTrack, camp: int | None, footprints: int, pay_each_village: bool
) -> tuple[int | None, int]:
    higher = [v for v in villages.villages if camp is None or v.shards > camp]
    if pay_each_village:
        spent = 0
        for village in higher:
            if spent + village.footprints > footprints:
                break
            spent += village.footprints
            camp = village.shards
        return camp, spent
    affordable = [v for v in higher if v.footprints <= footprints]
    if not affordable:
        return camp, 0
    best = max(affordable, key=lambda v: v.shards)
    return best.shards, best.footprints


def tom_final_count(
    state: TomState,
    *,
    villages: VillageTrack | None = None,
    archipelago: ArchipelagoMap | None = None,
    pay_each_village: bool = False,
    each_boat_scores: bool = False,
) -> TomFinal:
    """Count Tom's points once the last round is done.

    Province of Shadows: he spends footprints to move his camp to the best village he can
    afford, paying the footprints shown on that village (``pay_each_village`` instead pays
    every village on the way, a reading the example does not rule out), then scores that
    village. Archipelago of Darkness: he scores the islands his boats are on (each island
    once; ``each_boat_scores`` counts one per boat). Then 1 shard per footprint left.

    Single-player games - Counting Tom's points; End of the game.
    """
    if not state.finished:
        raise RuleViolation(
            "Tom is counted when his pile has run out a second time and the round is done"
        )
    camp, spent = state.camp, 0
    if state.journey_board == PROVINCE:
        if villages is None:
            raise ValueNeeded("Enter the Province of Shadows' villages once", key="villages")
        camp, spent = _spend_footprints(villages, state.camp, state.footprints, pay_each_village)
        journey = camp or 0
    else:
        if archipelago is None:
            raise ValueNeeded("Enter the Archipelago of Darkness' islands once", key="archipelago")
        islands = list(state.boats) if each_boat_scores else list(dict.fromkeys(state.boats))
        journey = sum(archipelago.shards(island) for island in islands)
    left = state.footprints - spent
    return TomFinal(
        score_before=state.score,
        camp_before=state.camp,
        camp_after=camp,
        footprints_spent=spent,
        footprints_left=left,
        journey_shards=journey,
        final_score=state.score + journey + left,
    )


# Sources, for the rules-reference links.
TOM_SOURCES = (SOURCE_SETUP, SOURCE_MORNING, SOURCE_BOAT, SOURCE_EVENING, SOURCE_END, SOURCE_COUNT)
