"""The table tools around the battle: the Stat Challenge, the Watchers Temple's Divine Guidance
and Cataclysm, Watchers Runes, Double Doubler's Dice, Cogrushing and the numbered Quest Deck.

Events - Stat Challenges, Cogbot Challenges - Cogrushing; Watchers Temple; Quest Tiles -
Tavern, Watchers Runes, Double Doubler's Dice; Set-up - Quest Deck.

Each tool keeps its state in its own tool state (``dawnshade.<tool>``). Every change is one
service: under the campaign lock it loads the state, changes it through the pure rules
(``rules.challenges``, ``rules.temple``, ``rules.tavern``, ``rules.quest_deck``), stores it
and writes one ledger entry holding ``{"tool_state": {"from": before, "to": after}}``. The
Tawny and conditions a change gives the characters go through the characters' own services
(``character_tawny_change``, ``character_condition_add``) in the same transaction, just
before the tool entry, which counts them in its ``follow_ups``. Undoing the tool entry puts
``from`` back and reverses its follow-ups with it; it is refused while the tool has moved on
from ``to``.
Every draw (a Divine Guidance item, a Runes card, a deck built) goes to the shared
dice-and-draw log under the tool's id.
"""

import copy
import functools
import random
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from enum import StrEnum

from campaigns.dawnshade.catalog.conditions import CONDITIONS
from campaigns.dawnshade.catalog.quest_deck import (
    EVENT,
    QUEST_TILE_TYPES,
    WATCHERS_TEMPLE,
)
from campaigns.dawnshade.rules.alignment import alignment_status
from campaigns.dawnshade.rules.challenges import (
    STAT_CHALLENGE_MULTIPLIERS,
    ChallengeDie,
    stat_challenge_hits,
    stat_challenge_outcome,
    stat_challenge_threshold,
)
from campaigns.dawnshade.rules.errors import RuleViolation
from campaigns.dawnshade.rules.quest_deck import QuestDeck, quest_deck_from_owned
from campaigns.dawnshade.rules.tavern import (
    CogrushingGame,
    DoublersDiceGame,
    RunesGame,
    cogrushing_deploy,
    cogrushing_hit,
    cogrushing_reaches_turret,
    cogrushing_settlement,
    cogrushing_start,
    doublers_dice_collect,
    doublers_dice_roll,
    doublers_dice_start,
    runes_card_value,
    runes_reveal,
    runes_settlement,
    runes_start,
    runes_stop,
)
from campaigns.dawnshade.rules.temple import cataclysm, divine_guidance_draw
from campaigns.table.errors import Conflict, ValidationError
from campaigns.table.ledger import _undo_restorers, ledger_record, register_undo, reversed_deltas
from campaigns.table.models import Campaign, LedgerEntry, ToolState
from campaigns.table.services import draw_log_record
from campaigns.table.tool_state import ToolKind, tool_state_locked

from ..models import Character
from ._common import in_game_visit, level_here, locked_kinship, record
from .characters import character_condition_add, character_tawny_change
from .kinds import Kind
from .totals import condition_key, kinship_totals, visit_marker

TOOL_STATE = "tool_state"
FOLLOW_UPS = "follow_ups"
STEP = "step"
FOLLOW_UP_KINDS = (Kind.TAWNY_CHANGE, Kind.CONDITION_ADD)

CHALLENGE = "dawnshade.challenge"
TEMPLE = "dawnshade.temple"
RUNES = "dawnshade.runes"
DOUBLERS = "dawnshade.doublers_dice"
COGRUSHING = "dawnshade.cogrushing"
QUEST_DECK = "dawnshade.quest_deck"
TABLE_TOOL_IDS = (CHALLENGE, TEMPLE, RUNES, DOUBLERS, COGRUSHING, QUEST_DECK)

ZONE_MIN, ZONE_MAX = -5, 5


class ToolKindName(StrEnum):
    """The ledger kinds of the table tools; the tool's id is the kind without its action."""

    CHALLENGE_START = "dawnshade.challenge.start"
    CHALLENGE_HITS = "dawnshade.challenge.hits"
    CHALLENGE_DECIDE = "dawnshade.challenge.decide"
    TEMPLE_GUIDANCE = "dawnshade.temple.guidance"
    RUNES_START = "dawnshade.runes.start"
    RUNES_REVEAL = "dawnshade.runes.reveal"
    RUNES_STOP = "dawnshade.runes.stop"
    DOUBLERS_START = "dawnshade.doublers_dice.start"
    DOUBLERS_ROLL = "dawnshade.doublers_dice.roll"
    DOUBLERS_COLLECT = "dawnshade.doublers_dice.collect"
    COGRUSHING_START = "dawnshade.cogrushing.start"
    COGRUSHING_DEPLOY = "dawnshade.cogrushing.deploy"
    COGRUSHING_HIT = "dawnshade.cogrushing.hit"
    COGRUSHING_TURRET = "dawnshade.cogrushing.turret"
    QUEST_OWNED = "dawnshade.quest_deck.owned"
    QUEST_BUILD = "dawnshade.quest_deck.build"


def tool_of(kind: str) -> str:
    return kind.rsplit(".", 1)[0]


@functools.cache
def tool_kind(tool_id: str) -> ToolKind:
    """A table tool's state (made on first use: the game registers after this import)."""
    return ToolKind(tool_id, default=dict)


def _rng(rng: random.Random | None) -> random.Random:
    return rng or random.SystemRandom()


@dataclass
class Change:
    """What a tool's ``mutate`` returns: the new state, the entry's reason, and what follows
    in the same transaction (Tawny, conditions, draws) once the entry is written."""

    state: dict
    reason: str
    follow: Callable[[Campaign], list[LedgerEntry]] | None = None
    draws: tuple[dict, ...] = ()


def _change(campaign, actor, kind: str, mutate, seen: int | None = None) -> LedgerEntry:
    """Lock, load the tool's state, let ``mutate(campaign, kinship, state)`` give the
    ``Change``, store it, write the entry, then the follow-ups and the draws. ``seen`` is the
    tool's step the phone saw: a change made meanwhile is a Conflict (409), so two taps on
    "turn the next card" turn one."""
    tool = tool_of(kind)
    campaign_id = campaign if isinstance(campaign, int) else campaign.pk
    with tool_state_locked(campaign_id, tool_kind(tool)) as locked:
        before = copy.deepcopy(locked.state)
        step = before.get(STEP, 0)
        if seen is not None and seen != step:
            raise Conflict("Someone else has used this tool meanwhile; here it is now.")
        campaign, kinship = locked_kinship(locked.campaign)
        change = mutate(campaign, kinship, copy.deepcopy(before))
        change.state[STEP] = step + 1
        locked.state = change.state
        follow_ups = [e.pk for e in change.follow(campaign)] if change.follow else []
        deltas = {TOOL_STATE: {"from": before, "to": change.state}}
        if follow_ups:
            # A count, not ids: they are the entries just before this one (the campaign is
            # locked), which stays true when a backup renumbers the ledger.
            deltas[FOLLOW_UPS] = {"from": 0, "to": len(follow_ups)}
        entry = record(
            campaign=campaign, actor=actor, kind=kind, reason=change.reason, deltas=deltas
        )
        for draw in change.draws:
            draw_log_record(campaign=campaign, actor=actor, tool=tool, **draw)
    return entry


def undo_restorer(kind: str):
    return _undo_restorers.get(kind)


def _restore_tool(entry: LedgerEntry) -> None:
    """Put the tool back as it was before the entry, and reverse the Tawny and conditions it
    gave (its ``follow_ups``); refused while the tool has changed since."""
    tool = tool_of(entry.kind)
    change = entry.deltas[TOOL_STATE]
    current = (
        ToolState.objects.filter(campaign_id=entry.campaign_id, tool=tool)
        .values_list("state", flat=True)
        .first()
    ) or {}
    if current != change["to"]:
        raise Conflict("That tool has changed since; undo the later change first.")
    ToolState.objects.update_or_create(
        campaign_id=entry.campaign_id, tool=tool, defaults={"state": change["from"]}
    )
    count = (entry.deltas.get(FOLLOW_UPS) or {}).get("to") or 0
    follow_ups = LedgerEntry.objects.filter(
        campaign_id=entry.campaign_id, pk__lt=entry.pk, kind__in=FOLLOW_UP_KINDS
    ).order_by("-pk")[:count]
    for follow_up in follow_ups:
        if LedgerEntry.objects.filter(reverses=follow_up).exists():
            continue  # undone by itself from the history
        # The Tawny and conditions the change gave go with it, each by its own restorer
        # (which refuses, e.g., Tawny already spent).
        restore = undo_restorer(follow_up.kind)
        if restore is not None:
            restore(follow_up)
        ledger_record(
            campaign=follow_up.campaign,
            actor=entry.actor,
            kind="undo",
            subject_type=follow_up.subject_type,
            subject_id=follow_up.subject_id,
            subject_label=follow_up.subject_label,
            reason=f"Undo: {follow_up.reason}",
            deltas=reversed_deltas(follow_up.deltas),
            reverses=follow_up,
        )


for _kind in ToolKindName:
    register_undo(_kind, _restore_tool)


def _characters(kinship) -> list[Character]:
    return list(kinship.characters.all())


def _by_seat(kinship, seat, field: str = "character") -> Character:
    found = next((c for c in _characters(kinship) if c.seat == seat), None)
    if found is None:
        raise ValidationError({field: "Choose one of the Kinship's characters."})
    return found


def _from_active(kinship) -> list[Character]:
    """The characters in seat order from the Active Player on (the table's order of play)."""
    characters = _characters(kinship)
    seats = [c.seat for c in characters]
    start = seats.index(kinship.active_seat) if kinship.active_seat in seats else 0
    return characters[start:] + characters[:start]


def _pay(campaign, actor, by_name: Mapping[str, Character], amounts: Mapping[str, int], why):
    """Each character's Tawny change through the characters' service (0 writes nothing)."""

    def follow(campaign):
        return [
            character_tawny_change(
                campaign=campaign,
                actor=actor,
                character=by_name[name],
                amount=amount,
                reason=why,
            )
            for name, amount in amounts.items()
            if amount
        ]

    return follow


# --- the Stat Challenge ---------------------------------------------------------------------


def challenge_start(
    *, campaign: Campaign, actor, seen: int | None = None, stat: str
) -> LedgerEntry:
    """A Stat Challenge begins: the threshold is the Kinship's combined ATK x 2, DEF x 1 or
    DEV x 2 (Events - Stat Challenges); each player then rolls as many dice as their stat."""
    if stat not in STAT_CHALLENGE_MULTIPLIERS:
        raise ValidationError({"stat": "Choose ATK, DEF or DEV."})

    def mutate(campaign, kinship, state):
        if state.get("stat") and not state.get("outcome"):
            raise RuleViolation("A Stat Challenge is under way: decide it first")
        totals = kinship_totals(campaign)
        characters = _characters(kinship)
        if not characters:
            raise RuleViolation("The Kinship has no characters")
        stats = [totals.stats(c)[stat] for c in characters]
        threshold = stat_challenge_threshold(stat, stats)
        new = {
            "stat": stat,
            "threshold": threshold,
            "dice": {str(c.seat): value for c, value in zip(characters, stats, strict=True)},
            "hits": [],
            "outcome": "",
        }
        return Change(new, f"Stat Challenge ({stat.upper()}): {threshold} hits to succeed")

    return _change(campaign, actor, ToolKindName.CHALLENGE_START, mutate, seen)


def challenge_total(state: Mapping) -> int:
    return stat_challenge_hits([ChallengeDie(hits, zone) for _, hits, zone in state["hits"]])


def challenge_hits(
    *,
    campaign: Campaign,
    actor,
    seen: int | None = None,
    character: int,
    hits: int,
    zone_modifier: int = 0,
) -> LedgerEntry:
    """A player's die rests: its hits and the modifier of the highest zone it touches are
    added to the Kinship's running total (Events - Stat Challenges - modifier zones)."""
    if hits is None or hits < 0:
        raise ValidationError({"hits": "Enter the hits the die shows (0 or more)."})
    zone_modifier = zone_modifier or 0

    def mutate(campaign, kinship, state):
        if not state.get("stat") or state.get("outcome"):
            raise RuleViolation("No Stat Challenge is under way: begin one first")
        who = _by_seat(kinship, character)
        state["hits"].append([who.seat, hits, zone_modifier])
        total = challenge_total(state)
        return Change(
            state,
            f"Stat Challenge: {who.name} {hits} hit(s), zone {zone_modifier:+d}; total {total}"
            f" of {state['threshold']}",
        )

    return _change(campaign, actor, ToolKindName.CHALLENGE_HITS, mutate, seen)


def challenge_decide(*, campaign: Campaign, actor, seen: int | None = None) -> LedgerEntry:
    """Everyone has rolled: Succeed when the hits reach the threshold, else Fail."""

    def mutate(campaign, kinship, state):
        if not state.get("stat") or state.get("outcome"):
            raise RuleViolation("No Stat Challenge is under way: begin one first")
        total = challenge_total(state)
        state["outcome"] = stat_challenge_outcome(total, state["threshold"])
        return Change(
            state,
            f"Stat Challenge: {total} of {state['threshold']} hits: {state['outcome'].title()}",
        )

    return _change(campaign, actor, ToolKindName.CHALLENGE_DECIDE, mutate, seen)


# --- the Watchers Temple --------------------------------------------------------------------


def temple_guidance(
    *,
    campaign: Campaign,
    actor,
    seen: int | None = None,
    available_tokens: int | None = None,
    visit_id: int | None = None,
    rng: random.Random | None = None,
) -> LedgerEntry:
    """Divine Guidance at the Watchers Temple: the bag filled by the alignment status (6 Tawny
    and the aligned Watcher's free condition tokens, whose number the group counts; one token
    of each Watcher when Balanced or Unaligned), and each player from the Active Player on
    draws one: a Tawny to the character, a condition (positive side Aligned or Balanced,
    negative Unaligned) onto their stack for the next battle (Watchers Temple)."""
    rng = _rng(rng)

    def mutate(campaign, kinship, state):
        visit = in_game_visit(kinship, visit_id)
        if visit.tile.tile_type != WATCHERS_TEMPLE or visit.outcome:
            raise RuleViolation(
                "Divine Guidance is drawn while the Kinship is at a Watchers Temple"
            )
        here = [visit.game_number, visit.seq]
        if state.get("visit") == here:
            raise RuleViolation("Divine Guidance has been drawn at this Watchers Temple already")
        if LedgerEntry.objects.filter(
            campaign=campaign,
            kind=Kind.TEMPLE_DRAW,
            deltas__has_key=visit_marker(visit, "temple_draw"),
            reversed_by__isnull=True,
        ).exists():
            raise RuleViolation(
                "Divine Guidance is being drawn on the Turn page at this Temple: finish it there"
            )
        totals = kinship_totals(campaign)
        status = alignment_status(totals.alignment)
        players = _from_active(kinship)
        by_name = {c.name: c for c in players}
        try:
            guidance = divine_guidance_draw(
                status, [c.name for c in players], rng, available_tokens=available_tokens
            )
        except RuleViolation as refusal:
            raise ValidationError({"available_tokens": str(refusal)}) from None
        draws, summary = [], []
        for draw in guidance.draws:
            if draw.condition:
                name = CONDITIONS[draw.condition].name or "a condition not printed"
                summary.append(f"{draw.player}: {name}")
            else:
                summary.append(f"{draw.player}: {draw.tawny} Tawny")
            draws.append([by_name[draw.player].seat, draw.tawny, draw.condition])
        fall = cataclysm(status)
        new = {
            "visit": here,
            "status": status.label,
            "draws": draws,
            "bag_left": list(guidance.bag_left),
            "cataclysm": {"tiles": fall.tiles, "watcher": fall.watcher},
        }

        def follow(campaign):
            entries = []
            carried = kinship_totals(campaign)
            for draw in guidance.draws:
                character = by_name[draw.player]
                if draw.tawny:
                    entries.append(
                        character_tawny_change(
                            campaign=campaign,
                            actor=actor,
                            character=character,
                            amount=draw.tawny,
                            reason="Divine Guidance",
                        )
                    )
                elif not carried.of(character).value(condition_key(draw.condition)):
                    entries.append(
                        character_condition_add(
                            campaign=campaign,
                            actor=actor,
                            character=character,
                            condition=draw.condition,
                            reason="Divine Guidance",
                        )
                    )
            return entries

        log = {
            "label": "Divine Guidance",
            "result": {"status": status.label, "draws": draws, "bag_left": new["bag_left"]},
            "summary": f"Divine Guidance ({status.label}): " + "; ".join(summary),
        }
        return Change(new, "Divine Guidance: " + "; ".join(summary), follow, (log,))

    return _change(campaign, actor, ToolKindName.TEMPLE_GUIDANCE, mutate, seen)


# --- Watchers Runes -------------------------------------------------------------------------


def _tavern_level(kinship) -> int:
    in_game_visit(kinship)
    return level_here(kinship)


def _settle_runes(campaign, actor, kinship, game: RunesGame) -> Callable | None:
    """Once a game is over: each player's winnings and (by the table's reading) ante back."""
    if not game.over:
        return None
    by_name = {c.name: c for c in _characters(kinship)}
    payout = {name: net + game.ante for name, net in runes_settlement(game).items()}
    return _pay(campaign, actor, by_name, payout, "Watchers Runes winnings")


def runes_begin(
    *,
    campaign: Campaign,
    actor,
    seen: int | None = None,
    players: Collection[int],
    ante_back_on_stop: bool = True,
    rng: random.Random | None = None,
) -> LedgerEntry:
    """A game of Watchers Runes: each joining player pays the Tavern level's ante from their
    own Tawny, the twenty Target Cards and the level's extra 2-Tawny cards are shuffled
    (Watchers Runes; Outpost Upgrades)."""
    rng = _rng(rng)
    if not players:
        raise ValidationError({"players": "Choose who puts in the ante."})

    def mutate(campaign, kinship, state):
        if state.get("game") and not RunesGame.from_dict(state["game"]).over:
            raise RuleViolation("A game of Watchers Runes is being played: finish it first")
        level = _tavern_level(kinship)
        totals = kinship_totals(campaign)
        joining = [c for c in _from_active(kinship) if c.seat in set(players)]
        if len(joining) != len(set(players)):
            raise ValidationError({"players": "Choose the Kinship's characters."})
        game = runes_start(
            {c.name: totals.of(c).tawny for c in joining},
            tavern_level=level,
            rng=rng,
            ante_back_on_stop=ante_back_on_stop,
        )
        by_name = {c.name: c for c in joining}
        names = ", ".join(by_name)
        log = {
            "label": "Watchers Runes shuffled",
            "result": {"deck": list(game.draw_pile), "tavern_level": level},
            "summary": f"Watchers Runes: {len(game.draw_pile)} cards shuffled; {names} in",
        }
        return Change(
            {"game": game.to_dict(), "tavern_level": level},
            f"Watchers Runes: {names} ante {game.ante} Tawny each (Tavern level {level})",
            _pay(campaign, actor, by_name, {n: -game.ante for n in by_name}, "Watchers Runes ante"),
            (log,),
        )

    return _change(campaign, actor, ToolKindName.RUNES_START, mutate, seen)


def _running_runes(state) -> RunesGame:
    if not state.get("game"):
        raise RuleViolation("No game of Watchers Runes is being played: begin one first")
    return RunesGame.from_dict(state["game"])


def card_name(card: str) -> str:
    if card.startswith("rune:"):
        return f"Rune (character {card.split(':')[1]})"
    return f"{runes_card_value(card)} Tawny"


def runes_turn(*, campaign: Campaign, actor, seen: int | None = None) -> LedgerEntry:
    """The Active Player turns the top card: a Tawny card adds to what every player still in
    has won; the second Rune of one character busts everyone still in (Watchers Runes)."""

    def mutate(campaign, kinship, state):
        game = runes_reveal(_running_runes(state))
        card = game.revealed[-1]
        state["game"] = game.to_dict()
        reason = f"Watchers Runes: {card_name(card)}"
        if game.busted:
            reason += f": bust, {', '.join(game.still_in) or 'nobody'} lose(s) the ante"
        else:
            reason += f"; {game.pot} Tawny won so far"
        log = {
            "label": "Watchers Runes card",
            "result": {"card": card, "pot": game.pot, "busted": game.busted},
            "summary": reason,
        }
        return Change(state, reason, _settle_runes(campaign, actor, kinship, game), (log,))

    return _change(campaign, actor, ToolKindName.RUNES_REVEAL, mutate, seen)


def runes_players_stop(
    *, campaign: Campaign, actor, seen: int | None = None, players: Collection[int]
) -> LedgerEntry:
    """After a reveal, the players who stop collect what they have won; the others ride."""
    if not players:
        raise ValidationError({"players": "Choose who stops."})

    def mutate(campaign, kinship, state):
        game = _running_runes(state)
        names = [c.name for c in _characters(kinship) if c.seat in set(players)]
        game = runes_stop(game, names)
        state["game"] = game.to_dict()
        reason = f"Watchers Runes: {', '.join(names)} stop(s) with {game.pot} Tawny won"
        if game.over:
            reason += "; the game is over"
        return Change(state, reason, _settle_runes(campaign, actor, kinship, game))

    return _change(campaign, actor, ToolKindName.RUNES_STOP, mutate, seen)


# --- Double Doubler's Dice ------------------------------------------------------------------


def _running_doublers(state) -> DoublersDiceGame:
    if not state.get("game"):
        raise RuleViolation("Nobody is playing Double Doubler's Dice: pay the ante first")
    return DoublersDiceGame.from_dict(state["game"])


def doublers_begin(
    *, campaign: Campaign, actor, seen: int | None = None, character: int
) -> LedgerEntry:
    """A player pays the Tavern level's ante (1, 2 or 3 Tawny) from their own Tawny and it
    rides on the first roll (Double Doubler's Dice; Outpost Upgrades)."""

    def mutate(campaign, kinship, state):
        if state.get("game") and not DoublersDiceGame.from_dict(state["game"]).over:
            raise RuleViolation("A game of Double Doubler's Dice is being played: finish it first")
        level = _tavern_level(kinship)
        who = _by_seat(kinship, character)
        game = doublers_dice_start(
            who.name, tawny=kinship_totals(campaign).of(who).tawny, tavern_level=level
        )
        follow = _pay(
            campaign, actor, {who.name: who}, {who.name: -game.ante}, "Double Doubler's Dice ante"
        )
        return Change(
            {"game": game.to_dict(), "seat": who.seat},
            f"Double Doubler's Dice: {who.name} antes {game.ante} Tawny",
            follow,
        )

    return _change(campaign, actor, ToolKindName.DOUBLERS_START, mutate, seen)


def doublers_roll(
    *, campaign: Campaign, actor, seen: int | None = None, first: str, second: str
) -> LedgerEntry:
    """The two Dawnshade Dice as rolled: one Dawn and one Shade doubles what rides; two alike
    lose it (Double Doubler's Dice)."""

    def mutate(campaign, kinship, state):
        game = doublers_dice_roll(_running_doublers(state), [first, second])
        state["game"] = game.to_dict()
        outcome = game.rolls[-1]
        reason = f"Double Doubler's Dice: {first.title()} and {second.title()}: {outcome}; " + (
            f"{game.riding} Tawny riding" if game.riding else "the Tawny riding is lost"
        )
        log = {
            "label": "Dawnshade Dice",
            "result": {"faces": [first, second], "outcome": outcome, "riding": game.riding},
            "summary": reason,
        }
        return Change(state, reason, draws=(log,))

    return _change(campaign, actor, ToolKindName.DOUBLERS_ROLL, mutate, seen)


def doublers_collect(
    *, campaign: Campaign, actor, seen: int | None = None, amount: int | None
) -> LedgerEntry:
    """After a success, collect part or all of what rides (to the player's Tawny); the rest
    rides on the next roll."""
    if amount is None or amount < 1:
        raise ValidationError({"amount": "Collect at least 1 Tawny."})

    def mutate(campaign, kinship, state):
        game = doublers_dice_collect(_running_doublers(state), amount)
        state["game"] = game.to_dict()
        who = _by_seat(kinship, state["seat"])
        reason = f"Double Doubler's Dice: {who.name} collects {amount} Tawny"
        reason += f", {game.riding} ride(s) on" if game.riding else "; the game is over"
        follow = _pay(
            campaign, actor, {who.name: who}, {who.name: amount}, "Double Doubler's Dice winnings"
        )
        return Change(state, reason, follow)

    return _change(campaign, actor, ToolKindName.DOUBLERS_COLLECT, mutate, seen)


# --- Cogrushing -----------------------------------------------------------------------------


def _running_cogrushing(state) -> CogrushingGame:
    if not state.get("game"):
        raise RuleViolation("No Cogrushing match is being played: take the bets first")
    return CogrushingGame.from_dict(state["game"])


def _settle_cogrushing(campaign, actor, kinship, game: CogrushingGame):
    if game.result is None:
        return None
    by_name = {c.name: c for c in _characters(kinship)}
    return _pay(campaign, actor, by_name, cogrushing_settlement(game), "Cogrushing bet")


def cogrushing_begin(
    *, campaign: Campaign, actor, seen: int | None = None, active: int, bets: Mapping[int, int]
) -> LedgerEntry:
    """Cogrushing: the six Drudges' stack (1, 1, 1, 2, 2, 3 HP from the top), and each player
    other than the Active Player bets 0 to 2 Tawny of their own (Events - Cogrushing)."""

    def mutate(campaign, kinship, state):
        if state.get("game") and _running_cogrushing(state).result is None:
            raise RuleViolation("A Cogrushing match is being played: finish it first")
        totals = kinship_totals(campaign)
        shooter = _by_seat(kinship, active, "active")
        bettors = {_by_seat(kinship, seat, "bets"): bet for seat, bet in bets.items() if bet}
        game = cogrushing_start(
            shooter.name,
            bets={c.name: bet for c, bet in bettors.items()},
            tawny={c.name: totals.of(c).tawny for c in bettors},
        )
        placed = ", ".join(f"{c.name} {bet}" for c, bet in bettors.items()) or "no bets"
        return Change(
            {"game": game.to_dict()},
            f"Cogrushing: {shooter.name} launches; bets: {placed}",
        )

    return _change(campaign, actor, ToolKindName.COGRUSHING_START, mutate, seen)


def cogrushing_send(*, campaign: Campaign, actor, seen: int | None = None) -> LedgerEntry:
    """A Drudge from the top of the stack onto ring VI or VII."""

    def mutate(campaign, kinship, state):
        game = cogrushing_deploy(_running_cogrushing(state))
        state["game"] = game.to_dict()
        return Change(state, f"Cogrushing: Drudge {game.deployed} deployed")

    return _change(campaign, actor, ToolKindName.COGRUSHING_DEPLOY, mutate, seen)


def cogrushing_strike(
    *,
    campaign: Campaign,
    actor,
    seen: int | None = None,
    pips: int | None,
    assigned: Mapping[int, int],
) -> LedgerEntry:
    """The Active Player's Cogbot lands: its pips shared among the Drudges it touches; all six
    eliminated, the Active Player succeeds and the bets are lost."""
    if pips is None or pips < 0:
        raise ValidationError({"pips": "Enter the launched Cogbot's pips."})

    def mutate(campaign, kinship, state):
        hits = {number: count for number, count in assigned.items() if count}
        game = cogrushing_hit(_running_cogrushing(state), pips=pips, assigned=hits)
        state["game"] = game.to_dict()
        reason = "Cogrushing: " + (
            ", ".join(f"Drudge {n} takes {h}" for n, h in sorted(hits.items())) or "a miss"
        )
        if game.result:
            reason += f"; every Drudge eliminated: {game.active_player} succeeds"
        return Change(state, reason, _settle_cogrushing(campaign, actor, kinship, game))

    return _change(campaign, actor, ToolKindName.COGRUSHING_HIT, mutate, seen)


def cogrushing_turret(*, campaign: Campaign, actor, seen: int | None = None) -> LedgerEntry:
    """A Drudge reached the turret: the Active Player fails and each bet is paid doubled."""

    def mutate(campaign, kinship, state):
        game = cogrushing_reaches_turret(_running_cogrushing(state))
        state["game"] = game.to_dict()
        return Change(
            state,
            f"Cogrushing: a Drudge reaches the turret: {game.active_player} fails",
            _settle_cogrushing(campaign, actor, kinship, game),
        )

    return _change(campaign, actor, ToolKindName.COGRUSHING_TURRET, mutate, seen)


# --- the Quest Deck -------------------------------------------------------------------------

TILE_NUMBER_MAX = 999


def parse_tile_numbers(text: str) -> list[int]:
    """ "1, 4, 7-9" → [1, 4, 7, 8, 9]; ASCII digits, commas, spaces and ranges only."""
    numbers: set[int] = set()
    for part in (text or "").replace(";", ",").split(","):
        part = part.strip()
        if not part:
            continue
        low, _, high = part.partition("-")
        low, high = low.strip(), (high.strip() or low.strip())
        if not (low.isascii() and low.isdigit() and high.isascii() and high.isdigit()):
            raise ValueError(f"“{part}” is not a tile number or a range like 7-9")
        if len(low) > 3 or len(high) > 3:
            raise ValueError(f"Tile numbers go up to {TILE_NUMBER_MAX}")
        first, last = int(low), int(high)
        if not 1 <= first <= last:
            raise ValueError(f"“{part}” is not a range from a lower to a higher number")
        numbers.update(range(first, last + 1))
    return sorted(numbers)


def quest_tiles_owned(
    *, campaign: Campaign, actor, seen: int | None = None, owned: Mapping[str, list[int]]
) -> LedgerEntry:
    """The tile numbers the group owns, by type: entered once, remembered for the campaign."""
    unknown = set(owned) - set(QUEST_TILE_TYPES)
    if unknown:
        raise ValidationError("Those are not Quest Tile types.")

    def mutate(campaign, kinship, state):
        state["owned"] = {kind: sorted(set(owned.get(kind, ()))) for kind in QUEST_TILE_TYPES}
        count = sum(len(numbers) for numbers in state["owned"].values())
        return Change(state, f"Quest Deck: {count} owned tile numbers noted")

    return _change(campaign, actor, ToolKindName.QUEST_OWNED, mutate, seen)


def used_event_tiles(kinship) -> list[int]:
    """The Event tiles set aside (completed in an earlier game), by their Logbook number."""
    labels = kinship.tiles.filter(tile_type=EVENT, set_aside=True).values_list("label", flat=True)
    return event_numbers(labels)


def event_numbers(labels) -> list[int]:
    """The Logbook numbers among Event tiles' labels, in order (a label may be a name)."""
    return sorted({int(label) for label in labels if label.isascii() and label.isdigit()})


def quest_deck_build(
    *, campaign: Campaign, actor, seen: int | None = None, rng: random.Random | None = None
):
    """Ten tiles drawn at random from the numbers the group owns, the Event tiles used in
    earlier games left out: the Starting Village to the Quest Mat, eight shuffled on top of
    the Major Threat at the bottom (Set-up - Quest Deck)."""
    rng = _rng(rng)

    def mutate(campaign, kinship, state):
        if not state.get("owned"):
            raise RuleViolation("Enter the tile numbers the group owns first")
        used = used_event_tiles(kinship)
        deck = quest_deck_from_owned(state["owned"], rng, completed_event_tiles=used)
        state["deck"] = deck.to_dict()
        state["excluded_events"] = used
        order = ", ".join(f"{QUEST_TILE_TYPES[k].name} {n}" for k, n in deck.tiles)
        summary = f"Quest Deck: Starting Village {deck.starting_village}; {order} (top first)"
        log = {"label": "Quest Deck", "result": deck.to_dict(), "summary": summary}
        return Change(state, summary, draws=(log,))

    return _change(campaign, actor, ToolKindName.QUEST_BUILD, mutate, seen)


def quest_deck_of(state: Mapping) -> QuestDeck | None:
    return QuestDeck.from_dict(state["deck"]) if state.get("deck") else None


__all__ = [
    "TABLE_TOOL_IDS",
    "ToolKindName",
    "challenge_decide",
    "challenge_hits",
    "challenge_start",
    "cogrushing_begin",
    "cogrushing_send",
    "cogrushing_strike",
    "cogrushing_turret",
    "doublers_begin",
    "doublers_collect",
    "doublers_roll",
    "quest_deck_build",
    "quest_tiles_owned",
    "runes_begin",
    "runes_players_stop",
    "runes_turn",
    "temple_guidance",
]
