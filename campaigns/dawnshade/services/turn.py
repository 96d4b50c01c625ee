"""A turn: move the Kinship (threat per hex, the Major Threat at Max Threat), complete the
tile, earn its rewards under the mode, and pass the Active Player marker.

Phases of a Turn; Quest Tiles; Watchers Temple - Divine Guidance; Major Threats.
"""

from collections.abc import Mapping
from dataclasses import replace

from django.db import transaction

from campaigns.dawnshade.catalog.blessings import BLESSINGS
from campaigns.dawnshade.catalog.conditions import NEGATIVE, POSITIVE, condition_for
from campaigns.dawnshade.catalog.quest_deck import (
    EVENT,
    MAJOR_THREAT,
    OUTCOMES_BY_TILE,
    OUTPOST,
    OUTPOST_TYPES,
    QUEST_DECK_SIZE,
    QUEST_TILE_TYPES,
    STARTING_VILLAGE,
    WATCHERS_TEMPLE,
)
from campaigns.dawnshade.catalog.solo import SOLO_REMOVALS
from campaigns.dawnshade.catalog.temple import TAWNY_PER_DRAW
from campaigns.dawnshade.catalog.watchers import WATCHERS
from campaigns.dawnshade.rules.alignment import ALIGNED, UNALIGNED, alignment_status
from campaigns.dawnshade.rules.chapters import campaign_concluded
from campaigns.dawnshade.rules.errors import RuleViolation
from campaigns.dawnshade.rules.kinship import kinship_gain_xp
from campaigns.dawnshade.rules.movement import (
    NEW_TILE,
    RETURN,
    KinshipMove,
    RevealedTile,
    check_move,
    next_active_player,
)
from campaigns.dawnshade.rules.outposts import starting_village_outpost
from campaigns.dawnshade.rules.rewards import RewardNotPrinted, earned_reward, tile_reward
from campaigns.dawnshade.rules.threat import max_threat, threat_after_move
from campaigns.table.errors import Conflict, ValidationError
from campaigns.table.ledger import record_row_change
from campaigns.table.models import Campaign, LedgerEntry

from ..models import HouseReward, Kinship, TawnyRewardReading, Tile, Visit
from ._common import at_major_threat, in_game_visit, kinship_character, locked_kinship, record
from .kinds import Kind
from .totals import (
    TAWNY,
    THREAT,
    TP,
    TRAINING_POINTS,
    XP,
    blessing_key,
    condition_key,
    kinship_totals,
    of,
    visit_marker,
)

# Tiles drawn from the Quest Deck in a game: every tile but the Starting Village.
DECK_TILES = QUEST_DECK_SIZE - 1


def active_character(kinship: Kinship):
    """The character holding the Active Player marker (None before the first game)."""
    if kinship.active_seat is None:
        return None
    return kinship.characters.filter(seat=kinship.active_seat).first()


def check_ready_to_move(visit: Visit) -> None:
    """The Kinship moves once the tile it is on is done with (the game's start excepted)."""
    if at_major_threat(visit):
        raise RuleViolation("The Major Threat ends the game; no more moves")
    if visit.seq == 0 and not visit.outcome:
        return
    if not visit.outcome:
        raise RuleViolation(f"Complete the {visit.tile.name} first")
    if not visit.rewarded:
        raise RuleViolation(f"Earn the rewards of the {visit.tile.name} first")


def _check_new_tile(kinship: Kinship, tiles: list[Tile], tile_type: str, outpost: str, label: str):
    if tile_type not in QUEST_TILE_TYPES or tile_type == STARTING_VILLAGE:
        raise ValidationError(
            {"tile_type": "Choose the type of the tile drawn from the Quest Deck."}
        )
    drawn = [tile for tile in tiles if tile.revealed_order > 0]
    same = sum(1 for tile in drawn if tile.tile_type == tile_type)
    name = QUEST_TILE_TYPES[tile_type].name
    if tile_type == MAJOR_THREAT:
        if len(drawn) < DECK_TILES - 1:
            raise ValidationError(
                {
                    "tile_type": "The Major Threat is at the bottom of the Quest Deck: the other tiles come first"
                }
            )
    elif same >= QUEST_TILE_TYPES[tile_type].per_deck:
        per_deck = QUEST_TILE_TYPES[tile_type].per_deck
        raise ValidationError(
            {
                "tile_type": f"The Quest Deck holds {per_deck} {name} tile{'s' if per_deck > 1 else ''}, all drawn already"
            }
        )
    if tile_type == OUTPOST and outpost not in OUTPOST_TYPES:
        raise ValidationError({"outpost": "Choose which Outpost the tile shows."})
    if tile_type != OUTPOST and outpost:
        raise ValidationError({"outpost": "Only an Outpost tile is an Outpost."})
    if tile_type == EVENT:
        if not label:
            raise ValidationError(
                {"label": "Enter the Event's number, so it can be set aside after the game."}
            )
        if Tile.objects.filter(
            kinship=kinship, tile_type=EVENT, set_aside=True, label=label
        ).exists():
            raise ValidationError(
                {
                    "label": f"Event {label} was set aside after an earlier game; it is not used again this campaign"
                }
            )


def kinship_move(
    *,
    campaign: Campaign,
    actor,
    hexes: int | None,
    kind: str = NEW_TILE,
    tile_type: str = "",
    outpost: str = "",
    label: str = "",
    tile_id: int | None = None,
    visit_outpost: str = "",
    blessing: str = "",
    visit_id: int | None = None,
) -> LedgerEntry:
    """Move the Kinship onto a new tile drawn from the Quest Deck, back to the Starting
    Village (visiting one Outpost of the group's choice) or to a revealed Outpost; threat
    rises one per hex and at Max Threat the Major Threat is placed where the Kinship is.
    ``blessing`` is the Watchers Blessing on the new tile's hex, if there was one."""
    label = " ".join((label or "").split())[:40]
    with transaction.atomic():
        campaign, kinship = locked_kinship(campaign)
        visit = in_game_visit(kinship, visit_id)
        check_ready_to_move(visit)
        tiles = list(Tile.objects.filter(kinship=kinship, game_number=kinship.game_number))
        revealed = [RevealedTile(str(tile.pk), tile.tile_type) for tile in tiles]
        drawn = sum(1 for tile in tiles if tile.revealed_order > 0)
        move = KinshipMove(kind, str(tile_id) if kind == RETURN else None)
        if kind not in (NEW_TILE, RETURN):
            raise ValidationError({"kind": "Move to a new tile or back to a revealed one."})
        try:
            check_move(
                move,
                current_tile=str(visit.tile_id),
                revealed=revealed,
                new_tile_placeable=True,
                tiles_left_in_deck=DECK_TILES - drawn,
            )
        except RuleViolation as refusal:
            raise ValidationError(
                {"tile_id" if kind == RETURN else "tile_type": str(refusal)}
            ) from None
        if hexes is None:
            raise ValidationError({"hexes": "Enter how many hexes the Kinship moved."})
        totals = kinship_totals(campaign)
        try:
            threat = threat_after_move(totals.threat, hexes, max_threat(kinship.difficulty))
        except RuleViolation as refusal:
            raise ValidationError({"hexes": str(refusal)}) from None
        if blessing and (kind != NEW_TILE or blessing not in BLESSINGS):
            raise ValidationError(
                {"blessing": "A blessing comes with a new tile placed on its hex."}
            )
        if blessing and kinship.solo and blessing in SOLO_REMOVALS.watchers_blessings:
            raise ValidationError({"blessing": "That blessing is taken out of a solo game."})
        deltas: dict = {THREAT: threat.threat_after - threat.threat_before}
        order = max((tile.revealed_order for tile in tiles), default=0)
        if kind == NEW_TILE:
            _check_new_tile(kinship, tiles, tile_type, outpost, label)
            target = Tile.objects.create(
                kinship=kinship,
                game_number=kinship.game_number,
                revealed_order=order + 1,
                tile_type=tile_type,
                outpost=outpost if tile_type == OUTPOST else "",
                label=label,
            )
            order += 1
            record_row_change(deltas, "tile", target.pk, "exists", False, True)
            place = f"a new {target.name}"
            if blessing:
                deltas[blessing_key(blessing)] = 1
        else:
            target = next(tile for tile in tiles if tile.pk == tile_id)
            place = f"the {target.name}"
        here = target.outpost
        if target.tile_type == STARTING_VILLAGE and kind == RETURN and visit_outpost:
            try:
                here = starting_village_outpost(visit_outpost)
            except RuleViolation as refusal:
                raise ValidationError({"visit_outpost": str(refusal)}) from None
        triggered = threat.major_threat_triggered and target.tile_type != MAJOR_THREAT
        if triggered:
            target = Tile.objects.create(
                kinship=kinship,
                game_number=kinship.game_number,
                revealed_order=order + 1,
                tile_type=MAJOR_THREAT,
            )
            record_row_change(deltas, "tile", target.pk, "exists", False, True)
            here = ""
        arrived = Visit.objects.create(
            kinship=kinship,
            tile=target,
            game_number=kinship.game_number,
            seq=visit.seq + 1,
            hexes=hexes,
            threat_after=threat.threat_after,
            major_threat_triggered=threat.major_threat_triggered,
            outpost=here,
            active_character=active_character(kinship),
        )
        record_row_change(deltas, "visit", arrived.pk, "exists", False, True)
        reason = f"Moved {hexes} hex{'es' if hexes != 1 else ''} to {place}"
        if here and target.tile_type == STARTING_VILLAGE:
            reason += f" (visiting its {OUTPOST_TYPES[here].name})"
        if blessing:
            reason += f"; found the {BLESSINGS[blessing].name} blessing"
        if threat.major_threat_triggered:
            reason += f"; threat reached {threat.threat_after}: the Major Threat begins"
        return record(campaign=campaign, actor=actor, kind=Kind.MOVE, reason=reason, deltas=deltas)


def kinship_reveal_major_threat(*, campaign: Campaign, actor, visit_id: int | None = None):
    """No legal move is left before Max Threat: the Major Threat is revealed at once, where
    the Kinship stands (Phases of a Turn - Move Kinship)."""
    with transaction.atomic():
        campaign, kinship = locked_kinship(campaign)
        visit = in_game_visit(kinship, visit_id)
        check_ready_to_move(visit)
        order = (
            Tile.objects.filter(kinship=kinship, game_number=kinship.game_number)
            .order_by("-revealed_order")
            .values_list("revealed_order", flat=True)
            .first()
        )
        deltas: dict = {}
        tile = Tile.objects.create(
            kinship=kinship,
            game_number=kinship.game_number,
            revealed_order=(order or 0) + 1,
            tile_type=MAJOR_THREAT,
        )
        arrived = Visit.objects.create(
            kinship=kinship,
            tile=tile,
            game_number=kinship.game_number,
            seq=visit.seq + 1,
            threat_after=kinship_totals(campaign).threat,
            active_character=active_character(kinship),
        )
        record_row_change(deltas, "tile", tile.pk, "exists", False, True)
        record_row_change(deltas, "visit", arrived.pk, "exists", False, True)
        return record(
            campaign=campaign,
            actor=actor,
            kind=Kind.MAJOR_THREAT,
            reason="No legal move left: the Major Threat is revealed where the Kinship stands",
            deltas=deltas,
        )


def visit_complete(
    *, campaign: Campaign, actor, outcome: str, visit_id: int | None = None
) -> LedgerEntry:
    """The tile's encounter is over: record how it ended (Phases of a Turn - Complete
    Quest)."""
    with transaction.atomic():
        campaign, kinship = locked_kinship(campaign)
        visit = in_game_visit(kinship, visit_id)
        if visit.outcome:
            if visit_id is not None:
                raise Conflict(f"The {visit.tile.name} was completed meanwhile.")
            raise RuleViolation(f"The {visit.tile.name} is completed already")
        allowed = OUTCOMES_BY_TILE[visit.tile.tile_type]
        if outcome not in allowed:
            names = ", ".join(choice.replace("_", " ") for choice in allowed)
            raise ValidationError(
                {"outcome": f"A {QUEST_TILE_TYPES[visit.tile.tile_type].name} ends in: {names}."}
            )
        deltas: dict = {}
        record_row_change(deltas, "visit", visit.pk, "outcome", "", outcome)
        visit.outcome = outcome
        visit.save(update_fields=["outcome"])
        return record(
            campaign=campaign,
            actor=actor,
            kind=Kind.COMPLETE,
            reason=f"Completed the {visit.tile.name}: {outcome.replace('_', ' ')}",
            deltas=deltas,
        )


def _reward_with_house_values(kinship: Kinship, reward, tile_type: str, outcome: str):
    """The reward with the remembered house values filling the cells the table leaves blank."""
    house = HouseReward.objects.filter(
        kinship=kinship, tile_type=tile_type, outcome=outcome
    ).first()
    if house is None or reward.ignored:
        return reward
    filled = {
        cell: getattr(house, cell)
        for cell in reward.needs_entry
        if getattr(house, cell) is not None
    }
    return replace(reward, **filled)


def _tawny_shares(kinship, reward, characters, entered: Mapping[int, int | None]) -> dict[int, int]:
    """Each character's Tawny: entered from the Logbook when the table is silent, otherwise
    the printed amount to each character or shared out, as the campaign's setting says."""
    if reward.ignored:
        return {character.pk: 0 for character in characters}
    for character in characters:
        value = entered.get(character.pk)
        if value is not None and value < 0:
            raise ValidationError({f"tawny_{character.pk}": "Tawny earned cannot be negative."})
    if "tawny" in reward.needs_entry:
        shares = {}
        for character in characters:
            value = entered.get(character.pk)
            if value is None:
                raise ValidationError(
                    {
                        f"tawny_{character.pk}": "The rulebook prints no Tawny for this tile in this "
                        "mode; enter it from the Logbook (0 if none)"
                    }
                )
            shares[character.pk] = value
        return shares
    if kinship.tawny_rewards == TawnyRewardReading.EACH:
        for character in characters:
            value = entered.get(character.pk)
            if value is not None and value != reward.tawny:
                raise ValidationError(
                    {
                        f"tawny_{character.pk}": f"Each character receives the printed {reward.tawny} Tawny; nothing to enter"
                    }
                )
        return {character.pk: reward.tawny for character in characters}
    shares = {character.pk: entered.get(character.pk) or 0 for character in characters}
    if sum(shares.values()) != reward.tawny:
        raise ValidationError(
            {
                f"tawny_{characters[0].pk}": f"Share out the printed {reward.tawny} Tawny: the shares add up to {sum(shares.values())}"
            }
        )
    return shares


def visit_earn_rewards(
    *,
    campaign: Campaign,
    actor,
    xp: int | None = None,
    tawny: Mapping[int, int | None] | None = None,
    loot_shoot_items: int | None = None,
    visit_id: int | None = None,
) -> LedgerEntry:
    """Earn the completed tile's rewards under the campaign's mode: XP for the Kinship (levels
    and training points with it) and Tawny for each character. A cell the mode's table does
    not print is the group's to enter (or a remembered house value), never 0; at the
    campaign's conclusion the Logbook's rewards are ignored. Then the Active Player marker
    passes clockwise, except after a Journey (Phases of a Turn - Earn Rewards)."""
    tawny = tawny or {}
    with transaction.atomic():
        campaign, kinship = locked_kinship(campaign)
        visit = in_game_visit(kinship, visit_id)
        if not visit.outcome:
            raise RuleViolation(f"Complete the {visit.tile.name} before earning its rewards")
        if visit.rewarded:
            if visit_id is not None:
                raise Conflict(f"The rewards of the {visit.tile.name} were earned meanwhile.")
            raise RuleViolation(f"The rewards of the {visit.tile.name} are earned already")
        tile_type = visit.tile.tile_type
        conclusion = tile_type == MAJOR_THREAT and campaign_concluded(
            kinship.mode, kinship.game_number
        )
        reward = tile_reward(
            kinship.mode,
            tile_type,
            visit.outcome,
            chapter=kinship.narrative_chapter,
            campaign_conclusion=conclusion,
            table_rewards_at_conclusion=kinship.table_rewards_at_conclusion,
        )
        reward = _reward_with_house_values(kinship, reward, tile_type, visit.outcome)
        characters = list(kinship.characters.all())
        shares = _tawny_shares(kinship, reward, characters, tawny)
        if reward.ignored:
            earned_xp, earned_items = 0, 0
        else:
            try:
                earned = earned_reward(
                    reward,
                    xp=xp,
                    tawny=sum(shares.values()) if "tawny" in reward.needs_entry else None,
                    loot_shoot_items=loot_shoot_items,
                )
            except RewardNotPrinted as refusal:
                cell = "xp" if "XP" in str(refusal) else "loot_shoot_items"
                raise ValidationError({cell: str(refusal)}) from None
            except RuleViolation as refusal:
                cell = "xp" if "XP" in str(refusal) else "loot_shoot_items"
                raise ValidationError({cell: str(refusal)}) from None
            earned_xp, earned_items = earned.xp, earned.loot_shoot_items
        totals = kinship_totals(campaign)
        gain = kinship_gain_xp(totals.xp, earned_xp)
        deltas: dict = {}
        if earned_xp:
            deltas[XP] = earned_xp
        if gain.training_points_gained:
            deltas[TRAINING_POINTS] = gain.training_points_gained
            for character in characters:
                deltas[of(character.pk, TP)] = gain.training_points_gained
        for pk, amount in shares.items():
            if amount:
                deltas[of(pk, TAWNY)] = amount
        for field, value in (
            ("rewarded", True),
            ("xp", earned_xp),
            ("tawny", sum(shares.values())),
            ("loot_shoot_items", earned_items),
        ):
            record_row_change(deltas, "visit", visit.pk, field, getattr(visit, field), value)
            setattr(visit, field, value)
        visit.save(update_fields=["rewarded", "xp", "tawny", "loot_shoot_items"])
        reason = f"Rewards of the {visit.tile.name}: {earned_xp} XP, {sum(shares.values())} Tawny"
        if reward.ignored:
            reason = f"The campaign's last Major Threat: the Logbook's rewards are ignored ({visit.outcome.replace('_', ' ')})"
        if gain.levels_gained:
            reason += f"; level {gain.level_after}"
        if gain.agi_gained:
            reason += ", every character +1 AGI"
        if not at_major_threat(visit) and kinship.active_seat and characters:
            seats = [str(character.seat) for character in characters]
            if str(kinship.active_seat) in seats:
                following = int(next_active_player(seats, str(kinship.active_seat), tile_type))
                if following != kinship.active_seat:
                    record_row_change(
                        deltas, "kinship", kinship.pk, "active_seat", kinship.active_seat, following
                    )
                    kinship.active_seat = following
                    kinship.save(update_fields=["active_seat"])
        return record(
            campaign=campaign, actor=actor, kind=Kind.REWARDS, reason=reason, deltas=deltas
        )


def kinship_set_active_player(*, campaign: Campaign, actor, character) -> LedgerEntry:
    """Hand the Active Player marker to a character (a correction, or the table's choice)."""
    with transaction.atomic():
        campaign, kinship = locked_kinship(campaign)
        character = kinship_character(kinship, character)
        if kinship.active_seat == character.seat:
            raise ValidationError({"character": f"{character.name} is the Active Player already."})
        deltas: dict = {}
        record_row_change(
            deltas, "kinship", kinship.pk, "active_seat", kinship.active_seat, character.seat
        )
        kinship.active_seat = character.seat
        kinship.save(update_fields=["active_seat"])
        return record(
            campaign=campaign,
            actor=actor,
            kind=Kind.ACTIVE_PLAYER,
            reason=f"{character.name} is the Active Player",
            deltas=deltas,
        )


TEMPLE_TAWNY = "tawny"


def temple_draw(
    *, campaign: Campaign, actor, character, token: str, visit_id: int | None = None
) -> LedgerEntry:
    """One player's Divine Guidance draw at the Watchers Temple: a Tawny (only in the bag when
    Aligned), or the condition token of a Watcher, placed on the character's Battle Stack for
    the next battle: its positive side when Aligned or Balanced, negative when Unaligned.
    Aligned, the bag holds only the aligned Watcher's tokens (Watchers Temple)."""
    with transaction.atomic():
        campaign, kinship = locked_kinship(campaign)
        visit = in_game_visit(kinship, visit_id)
        if visit.tile.tile_type != WATCHERS_TEMPLE or visit.outcome:
            raise RuleViolation(
                "Divine Guidance is drawn while the Kinship is at a Watchers Temple"
            )
        character = kinship_character(kinship, character)
        if LedgerEntry.objects.filter(
            campaign=campaign,
            kind=Kind.TEMPLE_DRAW,
            subject_id=str(character.pk),
            deltas__has_key=visit_marker(visit, "temple_draw"),
            reversed_by__isnull=True,
        ).exists():
            raise ValidationError(
                {"character": f"{character.name} has drawn from the bag already."}
            )
        totals = kinship_totals(campaign)
        status = alignment_status(totals.alignment)
        deltas: dict = {visit_marker(visit, "temple_draw"): 1}
        if token == TEMPLE_TAWNY:
            if status.kind != ALIGNED:
                raise ValidationError({"token": "Only an Aligned Kinship's bag holds Tawny."})
            deltas[of(character.pk, TAWNY)] = TAWNY_PER_DRAW
            drew = f"{TAWNY_PER_DRAW} Tawny"
        else:
            if token not in WATCHERS:
                raise ValidationError({"token": "Choose what was drawn from the bag."})
            if status.kind == ALIGNED and token != status.watcher:
                raise ValidationError(
                    {
                        "token": f"Aligned with {WATCHERS[status.watcher].name}, the bag holds only its tokens and Tawny."
                    }
                )
            side = NEGATIVE if status.kind == UNALIGNED else POSITIVE
            condition = condition_for(WATCHERS[token].element, side)
            if not totals.of(character).value(condition_key(condition.key)):
                deltas[of(character.pk, condition_key(condition.key))] = 1
            drew = condition.name or f"{WATCHERS[token].name}'s unnamed {side} condition"
        return record(
            campaign=campaign,
            actor=actor,
            kind=Kind.TEMPLE_DRAW,
            subject=character,
            reason=f"Divine Guidance: {character.name} drew {drew}",
            deltas=deltas,
        )
