"""The battle assistant: the foe library, setting up a battle (or a Major Threat), every change
on the Battle Mat, the outcome written to the quest log, and the reset.

Battles; Let The Battle Begin!; Conditions; Victory & Defeat; Reset & Return Väki; Major
Threats.

The battle lives in the tool state ``dawnshade.battle`` (``battle.state.Battle``). Every change
is one service: under the campaign lock (``tool_state_locked``) it loads the battle, changes
it through the pure rules, stores it, and writes one ledger entry whose deltas hold
``{"battle_state": {"from": before, "to": after}}``; undoing the entry puts ``from`` back, and
is refused while the battle has moved on from ``to``. Every draw (initiative chips, target
cards) goes to the shared dice-and-draw log. A form carries the ``turn_number`` its phone saw:
a turn finished meanwhile is a Conflict (409), so two taps on "next turn" advance it once.
"""

import copy
import functools
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from enum import StrEnum

from django.db import transaction
from django.db.models import Prefetch

from campaigns.dawnshade.battle.state import (
    FIGHTING,
    FINISHED,
    RESET,
    Battle,
    BattleSettings,
    FoeOnRing,
    battle_dump,
    battle_load,
    foe_key,
    seat_key,
)
from campaigns.dawnshade.catalog.battle import FOE_FACTIONS
from campaigns.dawnshade.catalog.conditions import CONDITIONS
from campaigns.dawnshade.catalog.quest_deck import BATTLE, MAJOR_THREAT
from campaigns.dawnshade.rules.battle_conditions import (
    attack_resolve,
    condition_place,
    conditions_clear,
    conditions_end_turn,
)
from campaigns.dawnshade.rules.combo import combo_activate, combo_add_rings, combo_reset
from campaigns.dawnshade.rules.errors import RuleViolation
from campaigns.dawnshade.rules.initiative import (
    KO_ALLY_CHIP_SPENT,
    KO_ALLY_NEXT_LIVING,
    Turn,
    initiative_check_foe_positions,
    initiative_draw_round,
    initiative_end_turn,
    initiative_formation_change,
    initiative_setup,
    initiative_whose_turn,
)
from campaigns.dawnshade.rules.outcome import battle_rounds
from campaigns.dawnshade.rules.stacks import (
    COGBOT_FIGHTER,
    ally_stack,
    foe_stack,
    stack_add_shields,
    stack_reset,
)
from campaigns.dawnshade.rules.target_deck import (
    target_deck_add_miss,
    target_deck_build,
    target_deck_reveal,
)
from campaigns.table.compiled_sql import CompiledQuery
from campaigns.table.errors import Conflict, ValidationError
from campaigns.table.ledger import (
    RowRestorer,
    record_row_change,
    register_undo,
)
from campaigns.table.models import Campaign, LedgerEntry, ToolState
from campaigns.table.services import draw_log_record
from campaigns.table.tool_state import ToolKind, tool_state_locked

from ..models import Character, Foe, Item, ItemStatus, Visit
from ._common import clean_name, in_game_visit, locked_kinship, record
from .characters import character_condition_remove, cogbehemoth_discard, cogbot_fighter_ko
from .totals import kinship_totals
from .turn import visit_complete, visit_earn_rewards

BATTLE_TOOL_ID = "dawnshade.battle"


@functools.cache
def battle_tool() -> ToolKind:
    """The battle's tool state (made on first use: the game registers after this import)."""
    return ToolKind(BATTLE_TOOL_ID, default=dict)


BATTLE_STATE = "battle_state"
BATTLE_TILES = (BATTLE, MAJOR_THREAT)
IMPRECISE_READINGS = ("damage_up", "reduction_up")
BEHEMOTH_READINGS = ("stack_order", "one_hp")


class BattleKind(StrEnum):
    FOE_ADD = "dawnshade.foe.add"
    SETUP = "dawnshade.battle.setup"
    END_TURN = "dawnshade.battle.end_turn"
    HITS = "dawnshade.battle.hits"
    CONDITION = "dawnshade.battle.condition"
    TARGET = "dawnshade.battle.target"
    FORMATION = "dawnshade.battle.formation_change"
    MISS_CARD = "dawnshade.battle.miss_card"
    COMBO_RINGS = "dawnshade.battle.combo_rings"
    COMBO_FIRE = "dawnshade.battle.combo_fire"
    SPECIAL = "dawnshade.battle.special"
    FINISH = "dawnshade.battle.finish"
    RESET = "dawnshade.battle.reset"


def _rng(rng: random.Random | None) -> random.Random:
    return rng or random.SystemRandom()


# --- the foe library ------------------------------------------------------------------------


def foe_add(
    *,
    campaign: Campaign,
    actor,
    name: str,
    faction: str,
    hp: int | None,
    sld: int | None,
    atk: int | None,
    defense: int | None,
    special: str = "",
) -> LedgerEntry:
    """Enter a foe chip's back (HP, SLD, ATK, DEF, special) once for the campaign; every battle
    that names it reuses it (Battles - Foe Battle Stacks; the chips are not transcribed)."""
    name = clean_name(name)
    if faction not in FOE_FACTIONS:
        raise ValidationError({"faction": "Choose the chip's colour group."})
    for field, value in (("hp", hp), ("sld", sld), ("atk", atk), ("defense", defense)):
        if value is None or value < 0:
            raise ValidationError({field: "Enter the number on the back of the chip (0 or more)."})
    try:
        foe_stack(position=1, hp=hp, shields=sld)
    except RuleViolation as refusal:
        raise ValidationError({"hp" if hp < 1 else "sld": str(refusal)}) from None
    special = " ".join((special or "").split())[:300]
    with transaction.atomic():
        return _foe_create(campaign, actor, name, faction, hp, sld, atk, defense, special)


def _foe_create(campaign, actor, name, faction, hp, sld, atk, defense, special) -> LedgerEntry:
    campaign, kinship = locked_kinship(campaign)
    if Foe.objects.filter(kinship=kinship, name__iexact=name).exists():
        raise ValidationError({"name": f"The foe library has a {name} already."})
    foe = Foe.objects.create(
        kinship=kinship,
        name=name,
        faction=faction,
        hp=hp,
        sld=sld,
        atk=atk,
        defense=defense,
        special=special,
    )
    deltas: dict = {}
    record_row_change(deltas, "foe", foe.pk, "exists", False, True)
    return record(
        campaign=campaign,
        actor=actor,
        kind=BattleKind.FOE_ADD,
        reason=f"Added {name} to the foe library (HP {hp}, SLD {sld}, ATK {atk}, DEF {defense})",
        deltas=deltas,
    )


# --- the shared machinery -------------------------------------------------------------------


def _change(
    campaign: Campaign,
    actor,
    kind: str,
    mutate: Callable[[Campaign, Battle], tuple[Battle, str]],
    *,
    after: Callable[[Campaign, Battle], None] | None = None,
) -> LedgerEntry:
    """Load the battle under the lock, let ``mutate`` return the new battle and the entry's
    reason, store it and write the entry; ``after`` writes what follows in the same
    transaction (the quest log, the reset's entries)."""
    campaign_id = campaign if isinstance(campaign, int) else campaign.pk
    with tool_state_locked(campaign_id, battle_tool()) as locked:
        before = copy.deepcopy(locked.state)
        battle = battle_load(before)
        if battle is None:
            raise RuleViolation("No battle is set up: set one up first")
        changed, reason = mutate(locked.campaign, battle)
        locked.state = battle_dump(changed)
        entry = record(
            campaign=locked.campaign,
            actor=actor,
            kind=kind,
            reason=reason,
            deltas={BATTLE_STATE: {"from": before, "to": locked.state}},
        )
        if after is not None:
            after(locked.campaign, changed)
    return entry


def _check_fighting(battle: Battle) -> None:
    if battle.phase != FIGHTING:
        raise RuleViolation("This battle is over")


def _check_seen(battle: Battle, turn_number: int | None) -> None:
    if turn_number is not None and turn_number != battle.turn_number:
        raise Conflict("Someone else has moved the battle on meanwhile; here it is now.")


_CHARACTER_NAMES = CompiledQuery(
    lambda campaign_id: (
        Character.objects.filter(kinship__campaign_id=campaign_id)
        .order_by()
        .values_list("seat", "name")
    )
)


def _names(campaign: Campaign) -> dict[str, str]:
    """Each character's stack name for the ledger's reasons (one query, its SQL built once:
    most battle taps ask)."""
    rows = _CHARACTER_NAMES.rows(campaign_id=campaign.pk)
    return {seat_key(seat): name for seat, name in rows}


def _stack_name(battle: Battle, names: Mapping[str, str], key: str) -> str:
    for foe in battle.foes:
        if foe.key == key:
            return f"{foe.name} ({foe.ring})"
    return names.get(key, key)


def current_turn(battle: Battle, ko_ally_choice: str | None = None) -> Turn | None:
    """Whose turn the top chip gives, or None when the round needs drawing or the battle is
    decided or the table must choose for a KO'd Active Player."""
    if battle.phase != FIGHTING or battle.result() is not None:
        return None
    try:
        return initiative_whose_turn(
            battle.initiative,
            living_foes=battle.living_foes,
            knocked_out_allies=battle.knocked_out_allies,
            ko_ally_choice=ko_ally_choice,
        )
    except RuleViolation:
        return None


def _turn_stack_key(turn: Turn) -> str:
    return turn.character if turn.side == "ally" else foe_key(turn.position)


def _log_round(campaign, actor, battle: Battle, round_number: int) -> None:
    chips = ", ".join(battle.initiative.stack)
    draw_log_record(
        campaign=campaign,
        actor=actor,
        tool=BATTLE_TOOL_ID,
        label=f"Initiative, round {round_number}",
        result={"stack": list(battle.initiative.stack), "round": round_number},
        summary=f"Round {round_number}: {chips} (top first)",
    )


# --- setting up -----------------------------------------------------------------------------


def battle_setup(
    *,
    campaign: Campaign,
    actor,
    foes: Sequence[tuple[int, int]],
    rounds: int | None = None,
    note: str = "",
    miss_cards: int | None = 0,
    imprecise_rounding: str = "damage_up",
    behemoth_with_fighter: str = "stack_order",
    cogbehemoth: bool = False,
    visit_id: int | None = None,
    rng: random.Random | None = None,
) -> LedgerEntry:
    """Set up the battle of the tile the Kinship is on (a Battle, or the Major Threat the
    threat trigger placed): foes from the library on rings I-VII in the Logbook's order, each
    character's stack (HP stat, a shield per armour item, the Cogbot Fighter, an activated
    Cogbehemoth, conditions carried in), the initiative bag filled and round 1 drawn, the
    Target Deck shuffled with the table's Miss cards, the round marker at 5 (4 solo) or the
    Logbook's number (Battles - Battle Set-up; Solo Mode; Major Threats)."""
    rng = _rng(rng)
    note = " ".join((note or "").split())[:500]
    if imprecise_rounding not in IMPRECISE_READINGS:
        raise ValidationError({"imprecise_rounding": "Choose how IMPRECISE rounds."})
    if behemoth_with_fighter not in BEHEMOTH_READINGS:
        raise ValidationError({"behemoth_with_fighter": "Choose the Cogbehemoth reading."})
    if miss_cards is None or miss_cards < 0:
        raise ValidationError(
            {"miss_cards": "Enter how many Miss cards the deck holds (0 or more)."}
        )
    with tool_state_locked(
        campaign if isinstance(campaign, int) else campaign.pk, battle_tool()
    ) as locked:
        before = copy.deepcopy(locked.state)
        campaign, kinship = locked_kinship(locked.campaign)
        visit = in_game_visit(kinship, visit_id)
        if visit.tile.tile_type not in BATTLE_TILES:
            raise RuleViolation("The Kinship is not on a Battle or a Major Threat tile")
        if visit.outcome:
            raise RuleViolation(f"The {visit.tile.name} is completed already")
        existing = battle_load(before)
        if existing is not None and existing.is_for(visit):
            raise Conflict("This battle was set up meanwhile; here it is.")
        try:
            positions = initiative_check_foe_positions([position for position, _ in foes])
        except RuleViolation as refusal:
            raise ValidationError({"foes": str(refusal)}) from None
        library = {foe.pk: foe for foe in Foe.objects.filter(kinship=kinship)}
        if any(foe_pk not in library for _, foe_pk in foes):
            raise ValidationError({"foes": "Choose foes from the campaign's foe library."})
        characters = list(
            kinship.characters.prefetch_related(
                Prefetch(
                    "items", queryset=Item.objects.filter(status=ItemStatus.HELD), to_attr="held"
                )
            )
        )
        if not characters:
            raise RuleViolation("The Kinship has no characters")
        totals = kinship_totals(campaign)
        owner = next((c for c in characters if totals.of(c).has_cogbehemoth), None)
        if cogbehemoth and owner is None:
            raise ValidationError({"cogbehemoth": "The Kinship holds no Cogbehemoth."})
        stacks, carried = {}, {}
        for character in characters:
            mine = totals.of(character)
            key = seat_key(character.seat)
            stacks[key] = ally_stack(
                character=key,
                hp_stat=totals.stats(character)["hp"],
                armour_items=sum(1 for item in character.held if item.armour),
                cogbot_fighter=mine.has_cogbot_fighter,
                cogbehemoth=cogbehemoth,
                conditions=mine.conditions,
            )
            carried[key] = mine.conditions
        on_rings = []
        for position, foe_pk in sorted(foes):
            foe = library[foe_pk]
            on_rings.append(
                FoeOnRing(position, foe.name, foe.faction, foe.atk, foe.defense, foe.special)
            )
            stacks[foe_key(position)] = foe_stack(position=position, hp=foe.hp, shields=foe.sld)
        seats = [seat_key(character.seat) for character in characters]
        active = seat_key(kinship.active_seat) if kinship.active_seat else seats[0]
        rounds_total = battle_rounds(characters=len(seats), logbook_rounds=rounds)
        initiative = initiative_setup(
            foe_positions=positions, seats=seats, rounds_total=rounds_total
        )
        initiative = replace(initiative, active_seat=seats.index(active) if active in seats else 0)
        initiative = initiative_draw_round(initiative, rng)
        battle = Battle(
            game_number=visit.game_number,
            visit_seq=visit.seq,
            tile_type=visit.tile.tile_type,
            note=note,
            foes=tuple(on_rings),
            stacks=stacks,
            initiative=initiative,
            target_deck=target_deck_build(seats, miss_cards=miss_cards, rng=rng),
            combo={key: combo_reset() for key in seats},
            settings=BattleSettings(miss_cards, imprecise_rounding, behemoth_with_fighter),
            cogbehemoth_owner=owner.seat if cogbehemoth else None,
            carried_conditions=carried,
        )
        locked.state = battle_dump(battle)
        foes_named = ", ".join(f"{foe.name} ({foe.ring})" for foe in on_rings)
        entry = record(
            campaign=campaign,
            actor=actor,
            kind=BattleKind.SETUP,
            reason=f"{visit.tile.name} set up: {foes_named}; {rounds_total} rounds",
            deltas={BATTLE_STATE: {"from": before, "to": locked.state}},
        )
        draw_log_record(
            campaign=campaign,
            actor=actor,
            tool=BATTLE_TOOL_ID,
            label="Initiative bag filled",
            result={"bag": list(initiative.bag) + list(initiative.stack)},
            summary=f"{len(initiative.bag) + len(initiative.stack)} chips in the Dawnshade Bag",
        )
        _log_round(campaign, actor, battle, 1)
    return entry


# --- turns ----------------------------------------------------------------------------------


def battle_end_turn(
    *,
    campaign: Campaign,
    actor,
    turn_number: int | None,
    turn_key: str = "",
    ko_ally_choice: str | None = None,
    rng: random.Random | None = None,
) -> LedgerEntry:
    """Finish the turn the top chip gives: the holder's conditions resolve (MENDED gives its
    HP back), the chip goes to the discard, after an Ally turn the Active Player marker moves
    on; an empty stack ends the round, moves the round marker and draws the next round's
    chips (Battles - Initiative Stack; Let The Battle Begin!; Conditions)."""
    rng = _rng(rng)
    if ko_ally_choice not in (None, "", KO_ALLY_NEXT_LIVING, KO_ALLY_CHIP_SPENT):
        raise ValidationError({"ko_ally_choice": "Choose who plays the Ally chip."})
    draws = []

    def mutate(campaign, battle):
        _check_fighting(battle)
        _check_seen(battle, turn_number)
        if battle.result() is not None:
            raise RuleViolation("The battle is decided: record its outcome")
        turn = initiative_whose_turn(
            battle.initiative,
            living_foes=battle.living_foes,
            knocked_out_allies=battle.knocked_out_allies,
            ko_ally_choice=ko_ally_choice or None,
        )
        names = _names(campaign)
        key = _turn_stack_key(turn)
        stack = battle.stacks[key]
        resolved = ()
        if not stack.knocked_out and not turn.chip_spent:
            ending = conditions_end_turn(stack)
            battle = battle.with_stack(ending.stack)
            resolved = ending.resolved
        initiative = initiative_end_turn(
            battle.initiative,
            turn_key or turn.key,
            living_foes=battle.living_foes,
            knocked_out_allies=battle.knocked_out_allies,
            ko_ally_choice=ko_ally_choice or None,
        )
        battle = replace(
            battle,
            initiative=initiative,
            turn_number=battle.turn_number + 1,
            combo_turn=type(battle.combo_turn)(),
            specials_used=(),
        )
        who = _stack_name(battle, names, key)
        reason = (
            f"Battle: {who}'s turn is over"
            if not turn.chip_spent
            else (f"Battle: {who} is KO'd; the Ally chip is spent")
        )
        if resolved:
            reason += "; " + ", ".join(CONDITIONS[c].name or c for c in resolved) + " resolved"
        if initiative.round_over:
            reason += f"; round {initiative.rounds_finished} over"
            if not initiative.battle_over and battle.result() is None:
                battle = replace(battle, initiative=initiative_draw_round(initiative, rng))
                draws.append(battle)
        return battle, reason

    def after(campaign, battle):
        for drawn in draws:
            _log_round(campaign, actor, drawn, drawn.initiative.rounds_finished + 1)

    return _change(campaign, actor, BattleKind.END_TURN, mutate, after=after)


def battle_formation_change(
    *, campaign: Campaign, actor, turn_number: int | None, rng: random.Random | None = None
) -> LedgerEntry:
    """A Special Symbol on a Defense Die: the next chip in the stack is swapped with one drawn
    from the bag; no effect when the current chip is the last (Battle Dice - Defense Dice)."""
    rng = _rng(rng)
    swapped = {}

    def mutate(campaign, battle):
        _check_fighting(battle)
        _check_seen(battle, turn_number)
        before = battle.initiative
        after_state = initiative_formation_change(before, rng)
        if after_state == before:
            return battle, "Battle: Formation Change with the last chip of the round: no effect"
        swapped.update(out=before.stack[1], drawn=after_state.stack[1])
        reason = f"Battle: Formation Change, chip {swapped['out']} back in the bag, {swapped['drawn']} drawn"
        return replace(battle, initiative=after_state), reason

    def after(campaign, battle):
        if swapped:
            draw_log_record(
                campaign=campaign,
                actor=actor,
                tool=BATTLE_TOOL_ID,
                label="Formation Change",
                result=dict(swapped),
                summary=f"Formation Change: {swapped['out']} back in the bag, {swapped['drawn']} drawn",
            )

    return _change(campaign, actor, BattleKind.FORMATION, mutate, after=after)


# --- the stacks -----------------------------------------------------------------------------


def _stack(battle: Battle, key: str, field: str = "target"):
    stack = battle.stacks.get(key)
    if stack is None:
        raise ValidationError({field: "Choose an ally or a foe of this battle."})
    return stack


def battle_hits(
    *,
    campaign: Campaign,
    actor,
    target: str,
    hits: int | None,
    defence: bool = False,
    attacker: str = "",
    evade: str = "",
    cogbehemoth: bool = False,
) -> LedgerEntry:
    """Apply the hits a player entered from the real dice to a stack: damage off the bottom
    through the attacker's and target's conditions (PRECISE, IMPRECISE, AIRBORNE), or Defense
    Dice shields up to 3 (``defence``; ``cogbehemoth`` for its own shields). A Cogbot Fighter
    or Cogbehemoth that falls absorbs the rest of the blow (Battle Dice; Foundry)."""
    if hits is None or hits < 0:
        raise ValidationError({"hits": "Enter the hits rolled (0 or more)."})
    if evade not in ("", "succeed", "fail"):
        raise ValidationError({"evade": "Enter the evade roll's outcome."})

    def mutate(campaign, battle):
        _check_fighting(battle)
        names = _names(campaign)
        stack = _stack(battle, target)
        who = _stack_name(battle, names, target)
        if defence:
            changed = stack_add_shields(stack, hits, cogbehemoth=cogbehemoth)
            added = (changed.cogbehemoth_shields - stack.cogbehemoth_shields) + (
                changed.shields - stack.shields
            )
            reason = f"Battle: {who} +{added} shield{'s' if added != 1 else ''}"
            if added < hits:
                reason += " (3 is the most a stack holds)"
            return battle.with_stack(changed), reason
        attacker_conditions = (
            _stack(battle, attacker, "attacker").condition_keys if attacker else ()
        )
        report = attack_resolve(
            stack,
            hits,
            attacker_conditions=attacker_conditions,
            evade_succeeded=None if not evade else evade == "succeed",
            imprecise_rounding=battle.settings.imprecise_rounding,
            behemoth_with_fighter=battle.settings.behemoth_with_fighter,
        )
        by = f" from {_stack_name(battle, names, attacker)}" if attacker else ""
        if report.evaded:
            return battle, f"Battle: {who} is AIRBORNE and evades {hits} hits{by}"
        reason = (
            f"Battle: {who} takes {hits} hit{'s' if hits != 1 else ''}{by}: "
            f"-{report.shields_removed + report.cogbehemoth_shields_removed} shields, "
            f"-{report.hp_removed} HP"
        )
        for device in report.destroyed:
            name = "Cogbot Fighter" if device == COGBOT_FIGHTER else "Cogbehemoth"
            reason += f"; the {name} is KO'd and absorbs the rest"
        if report.knocked_out:
            reason += f"; {who} is KO'd"
        return battle.with_stack(report.stack), reason

    return _change(campaign, actor, BattleKind.HITS, mutate)


def battle_condition_place(
    *, campaign: Campaign, actor, target: str, condition: str
) -> LedgerEntry:
    """Put a condition token on top of a stack: different ones together, never the same one
    twice; it resolves at the end of the holder's next turn (Conditions)."""
    if condition not in CONDITIONS:
        raise ValidationError({"condition": "Choose a condition."})

    def mutate(campaign, battle):
        _check_fighting(battle)
        stack = _stack(battle, target)
        turn = current_turn(battle)
        own_turn = turn is not None and _turn_stack_key(turn) == target
        changed = condition_place(stack, condition, during_holders_turn=own_turn)
        name = CONDITIONS[condition].name or f"the unnamed {condition.replace('_', ' ')}"
        who = _stack_name(battle, _names(campaign), target)
        return battle.with_stack(changed), f"Battle: {who} receives {name}"

    return _change(campaign, actor, BattleKind.CONDITION, mutate)


def battle_target_reveal(
    *,
    campaign: Campaign,
    actor,
    turn_number: int | None,
    when_empty: str = "",
    when_knocked_out: str = "",
    rng: random.Random | None = None,
) -> LedgerEntry:
    """A foe rolled damage: reveal the top Target Card (Miss means no damage). When the deck
    has run out or the card names a KO'd character the rulebook is silent: the table's choice
    (reshuffle, or redraw) is needed, and it goes to the draw log (Battles - Target Deck)."""
    rng = _rng(rng)
    if when_empty not in ("", "reshuffle"):
        raise ValidationError({"when_empty": "Choose what to do when the deck runs out."})
    if when_knocked_out not in ("", "redraw", "reshuffle"):
        raise ValidationError({"when_knocked_out": "Choose what to do with a KO'd target."})
    revealed = {}

    def mutate(campaign, battle):
        _check_fighting(battle)
        _check_seen(battle, turn_number)
        turn = current_turn(battle)
        if turn is None or turn.side != "foe":
            raise RuleViolation("A Target Card is revealed on a foe's turn, after it rolls damage")
        reveal = target_deck_reveal(
            battle.target_deck,
            rng,
            knocked_out=battle.knocked_out_allies,
            when_empty=when_empty or None,
            when_knocked_out=when_knocked_out or None,
        )
        names = _names(campaign)
        card = "Miss" if reveal.miss else names.get(reveal.card, reveal.card)
        summary = f"Target Card: {card}"
        if reveal.passed_over:
            summary += (
                f" (passed over KO'd {', '.join(names.get(c, c) for c in reveal.passed_over)}:"
                f" the table chose to {when_knocked_out})"
            )
        if reveal.reshuffles and not reveal.passed_over:
            summary += " (the deck had run out: the table chose to reshuffle)"
        revealed.update(
            card=reveal.card,
            passed_over=list(reveal.passed_over),
            reshuffles=reveal.reshuffles,
            when_empty=when_empty,
            when_knocked_out=when_knocked_out,
            summary=summary,
        )
        return replace(battle, target_deck=reveal.deck), f"Battle: {summary}"

    def after(campaign, battle):
        summary = revealed.pop("summary")
        draw_log_record(
            campaign=campaign,
            actor=actor,
            tool=BATTLE_TOOL_ID,
            label="Target Card",
            result=revealed,
            summary=summary,
        )

    return _change(campaign, actor, BattleKind.TARGET, mutate, after=after)


def battle_add_miss_card(*, campaign: Campaign, actor, rng: random.Random | None = None):
    """A Miss blessing: one more Miss card shuffled into the Target Deck (Watchers
    Blessings). The blessing itself is used on the Väki Mat."""
    rng = _rng(rng)

    def mutate(campaign, battle):
        _check_fighting(battle)
        deck = target_deck_add_miss(battle.target_deck, rng)
        return replace(
            battle, target_deck=deck
        ), "Battle: a Miss card shuffled into the Target Deck"

    return _change(campaign, actor, BattleKind.MISS_CARD, mutate)


# --- combo meters and specials --------------------------------------------------------------


def battle_combo_rings(
    *, campaign: Campaign, actor, character: str, flame: int | None, thorn: int | None
) -> LedgerEntry:
    """Rings of fire and thorns rolled move the combo meter's cubes toward 3 (Combo Meter)."""
    flame, thorn = flame or 0, thorn or 0

    def mutate(campaign, battle):
        _check_fighting(battle)
        meter = battle.combo.get(character)
        if meter is None:
            raise ValidationError({"character": "Choose one of the battle's allies."})
        changed = combo_add_rings(meter, flame_rings=flame, thorn_rings=thorn)
        who = _names(campaign).get(character, character)
        reason = f"Battle: {who}'s combo meter: flame {changed.flame}, thorn {changed.thorn}"
        return replace(battle, combo={**battle.combo, character: changed}), reason

    return _change(campaign, actor, BattleKind.COMBO_RINGS, mutate)


def battle_combo_fire(
    *, campaign: Campaign, actor, flame_by: str = "", thorn_by: str = ""
) -> LedgerEntry:
    """Fire charged combos on an ally's turn: at most one positive (flame) and one negative
    (thorn) a turn; another ally may join with the opposite side; a fired side goes back to 0
    (Combo Meter)."""

    def mutate(campaign, battle):
        _check_fighting(battle)
        turn = current_turn(battle)
        if turn is None or turn.side != "ally":
            raise RuleViolation("Combos are fired on an ally's turn")
        fired = combo_activate(
            battle.combo,
            turn_of=turn.character,
            this_turn=battle.combo_turn,
            flame_by=flame_by or None,
            thorn_by=thorn_by or None,
        )
        names = _names(campaign)
        parts = [
            f"{names.get(who, who)} fires the {side} combo"
            for side, who in (("flame (positive)", flame_by), ("thorn (negative)", thorn_by))
            if who
        ]
        return (
            replace(battle, combo=dict(fired.meters), combo_turn=fired.this_turn),
            "Battle: " + "; ".join(parts),
        )

    return _change(campaign, actor, BattleKind.COMBO_FIRE, mutate)


def battle_special(*, campaign: Campaign, actor, stack: str) -> LedgerEntry:
    """A special ability fires once a turn however many Special Symbols were rolled
    (Characters - Special Ability; Let The Battle Begin!)."""

    def mutate(campaign, battle):
        _check_fighting(battle)
        _stack(battle, stack, "stack")
        who = _stack_name(battle, _names(campaign), stack)
        if stack in battle.specials_used:
            raise RuleViolation(
                f"{who}'s special ability has fired this turn already: specials do not stack"
            )
        return (
            replace(battle, specials_used=(*battle.specials_used, stack)),
            f"Battle: {who}'s special ability fires",
        )

    return _change(campaign, actor, BattleKind.SPECIAL, mutate)


# --- the end --------------------------------------------------------------------------------


def _battle_visit(campaign: Campaign, battle: Battle) -> Visit:
    visit = (
        Visit.objects.filter(
            kinship__campaign=campaign, game_number=battle.game_number, seq=battle.visit_seq
        )
        .select_related("tile")
        .first()
    )
    if visit is None:
        raise RuleViolation("This battle's tile is no longer in the quest log")
    return visit


def battle_finish(
    *,
    campaign: Campaign,
    actor,
    turn_number: int | None = None,
    xp: int | None = None,
    tawny: Mapping[int, int | None] | None = None,
    loot_shoot_items: int | None = None,
) -> LedgerEntry:
    """The battle is decided (every foe or every ally KO'd, or the last round over, the
    retreat by HP and shield chips with ties to the foes): its outcome is written to the
    Kinship's quest log and its rewards earned under the campaign's mode, in this same
    transaction (Victory & Defeat; Phases of a Turn - Earn Rewards)."""
    found = {}

    def mutate(campaign, battle):
        _check_fighting(battle)
        _check_seen(battle, turn_number)
        result = battle.result()
        if result is None:
            raise RuleViolation(
                "The battle is not decided yet: it ends when every foe or every ally is KO'd, "
                "or when the last round is over"
            )
        found["visit"] = _battle_visit(campaign, battle)
        found["outcome"] = result.outcome
        reason = (
            f"Battle over: {result.outcome.replace('_', ' ')} "
            f"(allies {result.ally_total}, foes {result.foe_total} HP and shields)"
        )
        return replace(battle, phase=FINISHED, outcome=result.outcome), reason

    def after(campaign, battle):
        visit = found["visit"]
        visit_complete(campaign=campaign, actor=actor, outcome=found["outcome"], visit_id=visit.pk)
        visit_earn_rewards(
            campaign=campaign,
            actor=actor,
            xp=xp,
            tawny=tawny,
            loot_shoot_items=loot_shoot_items,
            visit_id=visit.pk,
        )

    return _change(campaign, actor, BattleKind.FINISH, mutate, after=after)


def battle_reset(*, campaign: Campaign, actor) -> LedgerEntry:
    """After the rewards: every stack back to its starting HP and shields, combo meters to 0,
    unresolved conditions removed (the carried ones leave the characters), a KO'd Cogbot
    Fighter leaves the campaign and the Cogbehemoth's chips are discarded; the väki return
    follows (Reset & Return Väki; Foundry)."""

    def mutate(campaign, battle):
        if battle.phase != FINISHED:
            raise RuleViolation(
                "The battle resets once its outcome is recorded"
                if battle.phase == FIGHTING
                else "The battle is reset already"
            )
        stacks = {key: stack_reset(conditions_clear(stack)) for key, stack in battle.stacks.items()}
        combo = {key: combo_reset() for key in battle.combo}
        reset = replace(battle, stacks=stacks, combo=combo, phase=RESET)
        return reset, "Battle reset: stacks restored, combo meters and conditions cleared"

    def after(campaign, reset):
        kinship = campaign.kinship
        by_seat = {seat_key(c.seat): c for c in kinship.characters.all()}
        totals = kinship_totals(campaign)
        for key, stack in reset.stacks.items():
            character = by_seat.get(key)
            if character is None:
                continue
            if stack.cogbot_fighter_lost and totals.of(character).has_cogbot_fighter:
                cogbot_fighter_ko(campaign=campaign, actor=actor, character=character)
            for condition in reset.carried_conditions.get(key, ()):
                if totals.of(character).value(f"condition_{condition}"):
                    character_condition_remove(
                        campaign=campaign, actor=actor, character=character, condition=condition
                    )
        owner = by_seat.get(seat_key(reset.cogbehemoth_owner or 0))
        if owner is not None and totals.of(owner).has_cogbehemoth:
            cogbehemoth_discard(campaign=campaign, actor=actor, character=owner)

    return _change(campaign, actor, BattleKind.RESET, mutate, after=after)


# --- undo -----------------------------------------------------------------------------------


def _restore_battle(entry: LedgerEntry) -> None:
    """Put the battle back as it was before the entry; refused while the battle has changed
    since, or while its result still stands in the quest log."""
    change = entry.deltas[BATTLE_STATE]
    current = (
        ToolState.objects.filter(campaign_id=entry.campaign_id, tool=BATTLE_TOOL_ID)
        .values_list("state", flat=True)
        .first()
    ) or {}
    if current != change["to"]:
        raise Conflict("The battle has changed since; undo the later change first.")
    was, now = battle_load(change["from"]), battle_load(change["to"])
    if now is not None and now.phase == FINISHED and (was is None or was.phase == FIGHTING):
        visit = Visit.objects.filter(
            kinship__campaign_id=entry.campaign_id, game_number=now.game_number, seq=now.visit_seq
        ).first()
        if visit is not None and visit.outcome:
            raise Conflict("Undo the battle's rewards and completion in the quest log first.")
    ToolState.objects.update_or_create(
        campaign_id=entry.campaign_id, tool=BATTLE_TOOL_ID, defaults={"state": change["from"]}
    )


_foe_rows = RowRestorer({"foe": Foe})

register_undo(BattleKind.FOE_ADD, _foe_rows)
for _kind in BattleKind:
    if _kind is not BattleKind.FOE_ADD:
        register_undo(_kind, _restore_battle)

__all__ = [
    "BATTLE_TOOL_ID",
    "battle_tool",
    "BattleKind",
    "battle_add_miss_card",
    "battle_combo_fire",
    "battle_combo_rings",
    "battle_condition_place",
    "battle_end_turn",
    "battle_finish",
    "battle_formation_change",
    "battle_hits",
    "battle_reset",
    "battle_setup",
    "battle_special",
    "battle_target_reveal",
    "current_turn",
    "foe_add",
]
