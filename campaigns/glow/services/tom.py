"""Solo: Tom, the opponent who plays automatically (Single-player games).

The pure rules are in `rules.tom`; these actions keep Tom's state on the play, take the
group's remembered values (tile faces, score-track bonuses, the journey board's values)
from its settings, and write each step to the ledger so it undoes.
"""

import datetime
import random
from collections.abc import Sequence
from dataclasses import asdict

from django.db import transaction

from campaigns.glow.catalog.adventurers import ADVENTURERS
from campaigns.glow.rules.errors import RuleViolation
from campaigns.glow.rules.tom import (
    PROVINCE,
    ArchipelagoMap,
    TomState,
    TomTurn,
    VillageTrack,
    tom_end_round,
    tom_final_count,
    tom_setup,
    tom_special_footprints,
    tom_special_score,
    tom_take,
)
from campaigns.table.errors import ValidationError
from campaigns.table.ledger import lock_campaign, record_row_change
from campaigns.table.models import Campaign, LedgerEntry

from ..models import GlowSettings, Play
from ._common import GlowKind, default_rng, locked_play, locked_settings, machine, record_play
from .group_settings import check_track_bonus, set_settings_field
from .plays import SeatEntry, check_play_input, create_play_rows


def track_bonuses(group_settings: GlowSettings | None) -> dict[int, int]:
    if group_settings is None:
        return {}
    return {int(space): bonus for space, bonus in group_settings.score_track_bonuses.items()}


def journey_values(
    group_settings: GlowSettings | None,
) -> tuple[VillageTrack | None, ArchipelagoMap | None]:
    if group_settings is None:
        return None, None
    villages = VillageTrack.from_dict(group_settings.villages) if group_settings.villages else None
    archipelago = (
        ArchipelagoMap.from_dict(group_settings.archipelago) if group_settings.archipelago else None
    )
    return villages, archipelago


def missing_solo_values(group_settings: GlowSettings | None, journey_board: str) -> list[str]:
    """What the group must enter once before Tom can play on this board (not printed in
    the expansion): his tile faces, and the board's villages or islands."""
    missing = []
    if group_settings is None or not group_settings.tile_faces:
        missing.append("the faces of Tom's 8 tiles")
    villages, archipelago = journey_values(group_settings)
    if journey_board == PROVINCE and villages is None:
        missing.append("the Province of Shadows' villages")
    if journey_board != PROVINCE and archipelago is None:
        missing.append("the Archipelago of Darkness' islands and paths")
    return missing


def solo_play_create(
    *,
    campaign: Campaign,
    actor,
    played_on: datetime.date,
    journey_board: str,
    seat: SeatEntry,
    sets: Sequence[str],
    dice_colours: Sequence[str],
    tom_colour: str,
    rng: random.Random | None = None,
) -> Play:
    """A solo game: the player's seat, and Tom set up (2 large dice of different colours,
    not yellow with purple nor an expansion adventurer's; score on 10, band on 0; camp on
    Start or 4 boats on the central island; his 8 tiles shuffled, 5 face up).
    Single-player games - Setup."""
    rng = rng or default_rng()
    with transaction.atomic():
        campaign = lock_campaign(campaign.pk)
        group_settings = locked_settings(campaign)
        chosen = check_play_input(
            campaign=campaign,
            seats=[seat],
            journey_board=journey_board,
            sets=sets,
            adventurer_names=group_settings.adventurer_names,
        )
        missing = missing_solo_values(group_settings, journey_board)
        if missing:
            raise RuleViolation(
                f"Tom needs values the expansion does not print: enter {' and '.join(missing)} "
                "in the group settings first"
            )
        try:
            state = tom_setup(
                player_adventurer=seat.adventurer,
                dice_colours=dice_colours,
                colour=tom_colour,
                journey_board=journey_board,
                tile_faces=[tuple(face) for face in group_settings.tile_faces],
                rng=rng,
            )
        except RuleViolation as refusal:
            raise ValidationError({"tom_die_1": str(refusal)}) from None
        play = create_play_rows(
            campaign=campaign,
            actor=actor,
            played_on=played_on,
            journey_board=journey_board,
            sets=chosen,
            seats=[seat],
            tom_state=state.to_dict(),
        )
        deltas: dict = {"seats": machine(1)}
        record_row_change(deltas, "play", play.pk, "exists", False, True)
        name = (
            ADVENTURERS[seat.adventurer].name if seat.adventurer in ADVENTURERS else seat.adventurer
        )
        record_play(
            campaign=campaign,
            actor=actor,
            kind=GlowKind.PLAY_CREATE,
            play=play,
            reason=f"Started a solo game against Tom ({name}; Tom's dice "
            f"{' and '.join(state.dice_colours)}, his colour {state.colour})",
            deltas=deltas,
        )
    return play


def _tom(play: Play) -> TomState:
    if not play.solo or play.tom_state is None:
        raise RuleViolation("Tom plays only in a solo game that was set up against him")
    return TomState.from_dict(play.tom_state)


def _write_state(
    *,
    campaign,
    actor,
    play: Play,
    kind: GlowKind,
    state: TomState,
    reason: str,
    deltas: dict,
    last_turn: dict | None = None,
) -> LedgerEntry:
    old = play.tom_state
    new = state.to_dict()
    record_row_change(deltas, "play", play.pk, "tom_state", old, new)
    deltas["tom_score"] = state.score - old["score"]
    fields = ["tom_state"]
    play.tom_state = new
    if last_turn is not None:
        record_row_change(deltas, "play", play.pk, "tom_last_turn", play.tom_last_turn, last_turn)
        play.tom_last_turn = last_turn
        fields.append("tom_last_turn")
    play.save(update_fields=fields)
    return record_play(
        campaign=campaign, actor=actor, kind=kind, play=play, reason=reason, deltas=deltas
    )


def turn_summary(turn: TomTurn) -> dict:
    """What Tom's tile did, for the page (plain JSON)."""
    return {
        "round": turn.state.round,
        "section": turn.section,
        "arrows": turn.face.arrows,
        "side": turn.face.side,
        "band_from": turn.band_from,
        "band_to": turn.band_to,
        "score_from": turn.score_from,
        "score_to": turn.score_to,
        "track_bonus": turn.track_bonus,
        "camp_from": turn.camp_from,
        "camp_to": turn.camp_to,
        "boat_move": asdict(turn.boat_move) if turn.boat_move else None,
        "reshuffled": turn.reshuffled,
        "deck_switched": turn.deck_switched,
        "last_round_now": turn.last_round_now,
    }


def tom_tile_take(
    *,
    play: Play | int,
    actor,
    section: int,
    track_bonus: int | None = None,
    boat_from: str | None = None,
    boat_to: str | None = None,
    rng: random.Random | None = None,
) -> LedgerEntry:
    """The player took the companion at `section`: Tom's tile opposite moves his band by
    its arrows, his score by the band's new space plus the number printed beside it, and
    his camp to the next-higher village or a boat along the "+"/"-" path; the tile is
    discarded and the gap filled (reshuffling, deck B, the last round). `track_bonus`
    answers the question "what is printed beside that space?" once; the group's answer is
    remembered. Single-player games - MORNING; Choosing which boat to move."""
    rng = rng or default_rng()
    with transaction.atomic():
        campaign, play = locked_play(play)
        state = _tom(play)
        group_settings = locked_settings(campaign)
        bonuses = track_bonuses(group_settings)
        tile = state.tile_at(section) if 1 <= section <= len(state.face_up) else None
        if track_bonus is not None and tile is not None and state.section_taken is None:
            space = state.band + tile.arrows
            if space not in bonuses:
                check_track_bonus(space, track_bonus)
                remembered = {**group_settings.score_track_bonuses, str(space): track_bonus}
                set_settings_field(
                    campaign=campaign,
                    actor=actor,
                    group_settings=group_settings,
                    field="score_track_bonuses",
                    value=dict(sorted(remembered.items(), key=lambda item: int(item[0]))),
                    reason=f"Score track: {track_bonus} printed beside space {space}",
                )
                bonuses[space] = track_bonus
        villages, archipelago = journey_values(group_settings)
        turn = tom_take(
            state,
            section,
            rng=rng,
            score_track_bonuses=bonuses,
            villages=villages,
            archipelago=archipelago,
            boat_from=boat_from or None,
            boat_to=boat_to or None,
        )
        reason = (
            f"Tom's tile at section {section}: band {turn.band_from} → {turn.band_to}, score "
            f"{turn.score_from} → {turn.score_to}"
        )
        if turn.last_round_now:
            reason += "; his pile ran out again: last round"
        elif turn.deck_switched:
            reason += "; pile reshuffled, companions now from deck B"
        return _write_state(
            campaign=campaign,
            actor=actor,
            play=play,
            kind=GlowKind.TOM_TAKE,
            state=turn.state,
            reason=reason,
            deltas={"section": machine(section)},
            last_turn=turn_summary(turn),
        )


TOM_SPECIALS = {"score": tom_special_score, "footprints": tom_special_footprints}


def tom_special_apply(*, play: Play | int, actor, effect: str) -> LedgerEntry:
    """Tom's yellow or purple large die shows its special side when rolled: his score +3,
    or 2 footprints (one tap each). Single-player games - Setup, step 2; EVENING."""
    if effect not in TOM_SPECIALS:
        raise ValidationError({"effect": "Choose +3 score or 2 footprints."})
    with transaction.atomic():
        campaign, play = locked_play(play)
        state = TOM_SPECIALS[effect](_tom(play))
        words = "score +3" if effect == "score" else "2 footprints"
        return _write_state(
            campaign=campaign,
            actor=actor,
            play=play,
            kind=GlowKind.TOM_SPECIAL,
            state=state,
            reason=f"Tom's die showed its special side: {words}",
            deltas={"effect": machine(effect)},
        )


def tom_round_end(*, play: Play | int, actor, roll_final_evening: bool = False) -> LedgerEntry:
    """The Evening: Tom's dice are rerolled and the next round begins; after the last
    round, the game is over. Single-player games - EVENING; End of the game."""
    with transaction.atomic():
        campaign, play = locked_play(play)
        before = _tom(play)
        state = tom_end_round(before, roll_final_evening=roll_final_evening)
        reason = (
            f"End of round {before.round}: the game is over, count Tom's points"
            if state.finished
            else f"Evening of round {before.round}: Tom's dice rerolled, round {state.round} begins"
        )
        return _write_state(
            campaign=campaign,
            actor=actor,
            play=play,
            kind=GlowKind.TOM_EVENING,
            state=state,
            reason=reason,
            deltas={"round": machine(before.round)},
        )


def tom_points_count(*, play: Play | int, actor) -> LedgerEntry:
    """Tom's final count: on the Province of Shadows he spends footprints to reach the best
    village he can afford, then scores that village (or his boats' islands) and 1 per
    footprint left. Single-player games - Counting Tom's points."""
    with transaction.atomic():
        campaign, play = locked_play(play)
        state = _tom(play)
        if play.tom_score is not None:
            raise RuleViolation("Tom's points are counted already")
        villages, archipelago = journey_values(
            GlowSettings.objects.filter(campaign=campaign).first()
        )
        final = tom_final_count(state, villages=villages, archipelago=archipelago)
        deltas: dict = {}
        final_dict = asdict(final)
        record_row_change(deltas, "play", play.pk, "tom_final", play.tom_final, final_dict)
        record_row_change(deltas, "play", play.pk, "tom_score", play.tom_score, final.final_score)
        play.tom_final = final_dict
        play.tom_score = final.final_score
        play.save(update_fields=["tom_final", "tom_score"])
        return record_play(
            campaign=campaign,
            actor=actor,
            kind=GlowKind.TOM_COUNT,
            play=play,
            reason=f"Counted Tom's points: {final.score_before} + {final.journey_shards} for "
            f"his journey + {final.footprints_left} footprint(s) = {final.final_score}",
            deltas=deltas,
        )
