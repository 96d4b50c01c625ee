"""Read-models: one function per page, reading what it needs in a fixed number of queries
(tests assert the count does not grow with the group's history), with the same guards the
services enforce (what may be done now)."""

from dataclasses import dataclass, field

from campaigns.glow.catalog.adventurers import ADVENTURERS
from campaigns.glow.catalog.butterflies import (
    COLOUR_NAMES,
    COLOURS,
    MAX_PER_COLOUR,
    SHARDS_BY_COUNT,
    SPECIAL_KINDS,
)
from campaigns.glow.catalog.journey_boards import JOURNEY_BOARDS
from campaigns.glow.catalog.sets import SETS
from campaigns.glow.catalog.solo import TOM_SPECIAL_DIE_COLOURS
from campaigns.glow.rules.bgstats import bgstats_url
from campaigns.glow.rules.reserve import KEPT_SPECIALS, TOKEN_KINDS, ButterflyReserve
from campaigns.glow.rules.scoring import PadScore
from campaigns.glow.rules.stats import (
    PlayRecord,
    SeatRecord,
    SoloRecord,
    TotalsByPlay,
    adventurer_stats,
    player_stats,
    solo_record,
    totals_by_play,
)
from campaigns.glow.rules.tom import PROVINCE, TomState
from campaigns.table.compiled_sql import CompiledQuery, as_instances, attnames, with_users
from campaigns.table.ledger import last_undoable_entry
from campaigns.table.models import Campaign, DrawLogEntry, Membership

from .models import GlowSettings, Play, PlayStatus, Seat
from .services.plays import play_pad_score
from .services.reserve import RESERVE_TOOL, reserve_seat_key, token_name
from .services.tom import missing_solo_values, track_bonuses


def adventurer_name(key: str) -> str:
    return ADVENTURERS[key].name if key in ADVENTURERS else key


def board_name(key: str) -> str:
    return JOURNEY_BOARDS[key].name if key in JOURNEY_BOARDS else key


def sets_text(keys) -> str:
    return ", ".join(SETS[key].name for key in keys if key in SETS) or "no sets"


_SETTINGS_FIELDS = attnames(GlowSettings)
_SETTINGS = CompiledQuery(
    lambda campaign_id: (
        GlowSettings.objects.filter(campaign_id=campaign_id)
        .order_by("pk")
        .values_list(*_SETTINGS_FIELDS)[:1]
    )
)
_SEAT_FIELDS = attnames(Seat)
# Every pad view and live refresh reads these: their SQL is built once (compiled_sql.py).
_SEATS = CompiledQuery(
    lambda play_id: Seat.objects.filter(play_id=play_id).values_list(
        *_SEAT_FIELDS, "member__username"
    )
)


def group_settings(campaign: Campaign) -> GlowSettings:
    """The group's settings, or an unsaved blank one (reading never writes)."""
    found = as_instances(GlowSettings, _SETTINGS_FIELDS, _SETTINGS.rows(campaign_id=campaign.pk))
    return found[0] if found else GlowSettings(campaign=campaign)


def adventurer_choices(settings: GlowSettings) -> list[tuple[str, str]]:
    """The expansion's three, then the core adventurers the group listed."""
    return [(key, a.name) for key, a in ADVENTURERS.items()] + [
        (name, name) for name in settings.adventurer_names
    ]


_PLAY_FIELDS = attnames(Play)


@dataclass(frozen=True)
class _PlaysRead:
    """A campaign's plays (newest first) and their seats with their players' names, as two
    reads with their SQL built once; `only` narrows both to some plays (solo, finished)."""

    plays: CompiledQuery
    seats: CompiledQuery


def _plays_read(**only) -> _PlaysRead:
    seats_only = {f"play__{name}": value for name, value in only.items()}
    return _PlaysRead(
        plays=CompiledQuery(
            lambda campaign_id: Play.objects.filter(campaign_id=campaign_id, **only).values_list(
                *_PLAY_FIELDS
            )
        ),
        seats=CompiledQuery(
            lambda campaign_id: (
                Seat.objects.filter(play__campaign_id=campaign_id, **seats_only)
                .order_by("play_id", "position")
                .values_list(*_SEAT_FIELDS, "member__username")
            )
        ),
    )


_EVERY_PLAY = _plays_read()
_FINISHED_PLAYS = _plays_read(status=PlayStatus.FINISHED)
_SOLO_PLAYS = _plays_read(solo=True)

_PLAY = CompiledQuery(
    lambda campaign_id, play_id: (
        Play.objects.filter(campaign_id=campaign_id, pk=play_id)
        .order_by()  # one row at most
        .values_list(*_PLAY_FIELDS)
    )
)


def campaign_play(campaign: Campaign, play_id: int) -> Play | None:
    """The campaign's play `play_id` (with the campaign), or None: every pad view and live
    refresh reads it, so its SQL is built once."""
    found = as_instances(Play, _PLAY_FIELDS, _PLAY.rows(campaign_id=campaign.pk, play_id=play_id))
    for play in found:
        Play.campaign.field.set_cached_value(play, campaign)
    return found[0] if found else None


@dataclass(frozen=True)
class ScoredPlay:
    """A play with its seats (in seat order, each with its player) and its pad score."""

    play: Play
    seats: list[Seat]
    score: PadScore


def _scored_plays(campaign: Campaign, read: _PlaysRead) -> list[ScoredPlay]:
    """Each play of `read` with its seats (in seat order) and its pad score."""
    plays = as_instances(Play, _PLAY_FIELDS, read.plays.rows(campaign_id=campaign.pk))
    seats_by_play: dict[int, list[Seat]] = {play.pk: [] for play in plays}
    for seat in with_users(Seat, _SEAT_FIELDS, read.seats.rows(campaign_id=campaign.pk), "member"):
        if seat.play_id in seats_by_play:  # not a play started between the two reads
            seats_by_play[seat.play_id].append(seat)
    scored = []
    for play in plays:
        Play.campaign.field.set_cached_value(play, campaign)
        seats = seats_by_play[play.pk]
        for seat in seats:
            Seat.play.field.set_cached_value(seat, play)
        scored.append(ScoredPlay(play, seats, play_pad_score(play, seats)))
    return scored


# --- the score pad ---------------------------------------------------------------------


@dataclass(frozen=True)
class ColourLine:
    key: str
    name: str
    count: int
    shards: int
    can_take_away: bool
    can_add: bool


@dataclass(frozen=True)
class SeatLine:
    seat: Seat
    adventurer: str
    colours: tuple[ColourLine, ...]
    butterfly_shards: int
    all_colours_bonus: int
    total: int
    place: int
    tied: bool
    winner: bool
    specials: tuple[tuple[str, str, int], ...] = ()


@dataclass(frozen=True)
class TomSection:
    section: int
    arrows: int | None
    side: str | None
    # The score-track space Tom's band would land on, when its bonus is not known yet.
    bonus_space: int | None


@dataclass(frozen=True)
class TomPanel:
    state: TomState
    sections: tuple[TomSection, ...]
    last_turn: dict | None
    final: dict | None
    can_take: bool
    can_end_round: bool
    can_count: bool
    specials_open: bool
    islands: tuple[str, ...]
    player_total: int
    result: str


@dataclass(frozen=True)
class ReservePanel:
    face_down: int
    face_up: tuple[tuple[str, int], ...]
    recent_draws: tuple[DrawLogEntry, ...]
    kept_specials: tuple[tuple[str, str, str], ...]


@dataclass(frozen=True)
class PadPage:
    play: Play
    lines: tuple[SeatLine, ...]
    ranking: tuple[SeatLine, ...]
    score: PadScore
    tie_for_first: bool
    winner_picked: bool
    can_pick_winner: bool
    missing_core: tuple[str, ...]
    tom: TomPanel | None
    tom_missing: tuple[str, ...]
    reserve: ReservePanel | None
    bgstats_link: str = ""
    sets: str = ""
    board: str = ""
    undo_entry: object = None


def _seat_lines(play: Play, seats: list[Seat], score: PadScore, reserve) -> list[SeatLine]:
    placings = {p.seat_key: p for p in score.placings}
    winners = set(score.winners.seat_keys)
    editable = not play.finished and play.reserve is None
    lines = []
    for seat, line in zip(seats, score.seats, strict=True):
        placing = placings[seat.player_key]
        colours = tuple(
            ColourLine(
                key=colour,
                name=COLOUR_NAMES[colour],
                count=count,
                shards=SHARDS_BY_COUNT[count],
                can_take_away=editable and count > 0,
                can_add=editable and count < MAX_PER_COLOUR,
            )
            for colour, count in zip(COLOURS, seat.butterfly_counts, strict=True)
        )
        specials = ()
        if reserve is not None:
            held = reserve.held(reserve_seat_key(seat))
            specials = tuple(
                (kind, SPECIAL_KINDS[kind].name, held[TOKEN_KINDS.index(kind)])
                for kind in KEPT_SPECIALS
                if held[TOKEN_KINDS.index(kind)]
            )
        lines.append(
            SeatLine(
                seat=seat,
                adventurer=adventurer_name(seat.adventurer),
                colours=colours,
                butterfly_shards=line.butterfly.colour_shards,
                all_colours_bonus=line.butterfly.all_colours_bonus,
                total=line.total,
                place=placing.place,
                tied=placing.tied,
                winner=seat.player_key in winners and not play.solo,
                specials=specials,
            )
        )
    return lines


def _tom_panel(play: Play, settings: GlowSettings, player_total: int) -> TomPanel:
    state = TomState.from_dict(play.tom_state)
    bonuses = track_bonuses(settings)
    can_take = not play.finished and not state.finished and state.section_taken is None
    sections = []
    for section in range(1, len(state.face_up) + 1):
        face = state.tile_at(section)
        space = state.band + face.arrows if face else None
        sections.append(
            TomSection(
                section=section,
                arrows=face.arrows if face else None,
                side=face.side if face else None,
                bonus_space=space if space is not None and space not in bonuses else None,
            )
        )
    islands = ()
    if play.journey_board != PROVINCE and settings.archipelago:
        islands = tuple(island[0] for island in settings.archipelago["islands"])
    result = ""
    if play.tom_score is not None:
        margin = player_total - play.tom_score
        result = "won" if margin > 0 else "lost" if margin < 0 else "tied"
    return TomPanel(
        state=state,
        sections=tuple(sections),
        last_turn=play.tom_last_turn,
        final=play.tom_final,
        can_take=can_take,
        can_end_round=not play.finished and not state.finished and state.section_taken is not None,
        can_count=not play.finished and state.finished and play.tom_score is None,
        specials_open=(
            not play.finished
            and state.dice_special_open
            and play.tom_score is None
            and bool(set(state.dice_colours) & TOM_SPECIAL_DIE_COLOURS)
        ),
        islands=islands,
        player_total=player_total,
        result=result,
    )


def _reserve_panel(play: Play, reserve: ButterflyReserve) -> ReservePanel:
    draws = tuple(
        DrawLogEntry.objects.filter(
            campaign_id=play.campaign_id, tool=RESERVE_TOOL, result__play=play.pk
        ).select_related("actor")[:5]
    )
    return ReservePanel(
        face_down=reserve.face_down_total,
        face_up=tuple(
            (token_name(kind), count)
            for kind, count in zip(TOKEN_KINDS, reserve.face_up, strict=True)
            if count
        ),
        recent_draws=draws,
        kept_specials=tuple(
            (kind, SPECIAL_KINDS[kind].name, SPECIAL_KINDS[kind].effect) for kind in KEPT_SPECIALS
        ),
    )


def play_record(play: Play, seats: list[Seat], score: PadScore | None = None) -> PlayRecord:
    """A finished play as the statistics and exports read it."""
    score = score or play_pad_score(play, seats)
    winners = set(score.winners.seat_keys)
    return PlayRecord(
        play_key=f"glow-play-{play.pk}",
        played_on=play.played_on,
        journey_board=play.journey_board,
        sets=tuple(play.sets),
        seats=tuple(
            SeatRecord(
                player_key=seat.player_key,
                player_name=seat.player_name,
                adventurer=seat.adventurer,
                core_score=seat.core_score or 0,
                butterfly_shards=line.butterfly.total,
                winner=seat.player_key in winners,
            )
            for seat, line in zip(seats, score.seats, strict=True)
        ),
        winner_picked=score.winners.picked,
        tom_score=play.tom_score if play.solo else None,
    )


def pad_page(campaign: Campaign, play: Play, membership=None) -> PadPage:
    """Everything the score pad shows: each seat's shards, bonus, total and place (ties as
    ties), Tom's panel in a solo game, and the reserve when the play uses it."""
    seats = with_users(Seat, _SEAT_FIELDS, _SEATS.rows(play_id=play.pk), "member")
    for seat in seats:
        Seat.play.field.set_cached_value(seat, play)  # as play.seats would
    score = play_pad_score(play, seats)
    reserve = ButterflyReserve.from_dict(play.reserve) if play.reserve is not None else None
    lines = _seat_lines(play, seats, score, reserve)
    order = {p.seat_key: index for index, p in enumerate(score.placings)}
    ranking = tuple(sorted(lines, key=lambda line: order[line.seat.player_key]))
    tie = not play.solo and len(seats) > 1 and ranking[0].tied
    missing_core = tuple(seat.player_name for seat in seats if seat.core_score is None)
    # The group's settings serve Tom's panel and the BG Stats link only: an open pad of a
    # group game (the one every phone reloads after every tap) does without the read.
    settings = group_settings(campaign) if play.solo or play.finished else None
    tom = None
    tom_missing: tuple[str, ...] = ()
    if play.solo and play.tom_state is not None:
        tom = _tom_panel(play, settings, lines[0].total)
    elif play.solo:
        tom_missing = tuple(missing_solo_values(settings, play.journey_board))
    link = ""
    if play.finished:
        link = bgstats_url(play_record(play, seats, score), bgg_id=settings.bgg_id)
    return PadPage(
        play=play,
        lines=tuple(lines),
        ranking=ranking,
        score=score,
        tie_for_first=tie,
        winner_picked=score.winners.picked,
        can_pick_winner=tie and not play.finished,
        missing_core=missing_core,
        tom=tom,
        tom_missing=tom_missing,
        reserve=_reserve_panel(play, reserve) if reserve is not None else None,
        bgstats_link=link,
        sets=sets_text(play.sets),
        board=board_name(play.journey_board),
        undo_entry=last_undoable_entry(campaign, membership),
    )


# --- the plays list --------------------------------------------------------------------


@dataclass(frozen=True)
class PlaySummary:
    play: Play
    seats: tuple[tuple[str, str, int, bool], ...]  # name, adventurer, total, winner
    tom_score: int | None
    board: str
    sets: str


def _summary(scored: ScoredPlay) -> PlaySummary:
    play, score = scored.play, scored.score
    winners = set(score.winners.seat_keys)
    return PlaySummary(
        play=play,
        seats=tuple(
            (
                seat.player_name,
                adventurer_name(seat.adventurer),
                line.total,
                (seat.player_key in winners and not play.solo)
                or (play.solo and play.tom_score is not None and line.total > play.tom_score),
            )
            for seat, line in zip(scored.seats, score.seats, strict=True)
        ),
        tom_score=play.tom_score,
        board=board_name(play.journey_board),
        sets=sets_text(play.sets),
    )


@dataclass(frozen=True)
class PlaysPage:
    open_plays: tuple[PlaySummary, ...]
    finished_plays: tuple[PlaySummary, ...]
    undo_entry: object = None


_MEMBERS = CompiledQuery(
    lambda campaign_id: Membership.objects.filter(campaign_id=campaign_id).values_list(
        "user_id", "user__username"
    )
)


def group_members(campaign: Campaign) -> tuple[tuple[int, str], ...]:
    """(user id, username) of each member, as the new-play and solo forms offer them."""
    return tuple(_MEMBERS.rows(campaign_id=campaign.pk))


def plays_page(campaign: Campaign, membership=None) -> PlaysPage:
    """The group's plays (open pads first, then the finished ones)."""
    summaries = [_summary(scored) for scored in _scored_plays(campaign, _EVERY_PLAY)]
    return PlaysPage(
        open_plays=tuple(s for s in summaries if not s.play.finished),
        finished_plays=tuple(s for s in summaries if s.play.finished),
        undo_entry=last_undoable_entry(campaign, membership),
    )


@dataclass(frozen=True)
class SoloPage:
    open_solo: tuple[PlaySummary, ...]
    finished_solo: tuple[PlaySummary, ...]
    record: SoloRecord
    undo_entry: object = None


def solo_page(campaign: Campaign, membership=None) -> SoloPage:
    """The group's solo games (in progress, finished) and its record against Tom."""
    scored = _scored_plays(campaign, _SOLO_PLAYS)
    finished = [s for s in scored if s.play.finished]
    return SoloPage(
        open_solo=tuple(_summary(s) for s in scored if not s.play.finished),
        finished_solo=tuple(_summary(s) for s in finished),
        record=solo_record([play_record(s.play, s.seats, s.score) for s in finished]),
        undo_entry=last_undoable_entry(campaign, membership),
    )


# --- history and statistics ------------------------------------------------------------


@dataclass(frozen=True)
class HistoryPage:
    plays: tuple[PlaySummary, ...]
    records: tuple[PlayRecord, ...]
    players: tuple = ()
    adventurers: tuple = ()
    solo: object = None
    totals: TotalsByPlay | None = None
    bgstats_links: dict = field(default_factory=dict)


def finished_records(campaign: Campaign) -> list[tuple[ScoredPlay, PlayRecord]]:
    return [
        (scored, play_record(scored.play, scored.seats, scored.score))
        for scored in _scored_plays(campaign, _FINISHED_PLAYS)
    ]


def history_page(campaign: Campaign) -> HistoryPage:
    """Every finished play with its seats and totals; per player, per adventurer and the
    solo record against Tom; each player's total play by play; a BG Stats link per play."""
    settings = group_settings(campaign)
    finished = finished_records(campaign)
    records = [record for _, record in finished]
    players = player_stats(records)
    return HistoryPage(
        plays=tuple(_summary(scored) for scored, _ in finished),
        records=tuple(records),
        players=players,
        adventurers=tuple(
            (adventurer_name(a.adventurer), a.plays, a.wins) for a in adventurer_stats(records)
        ),
        solo=solo_record(records),
        totals=totals_by_play(records),
        bgstats_links={
            scored.play.pk: bgstats_url(record, bgg_id=settings.bgg_id)
            for scored, record in finished
        },
    )
