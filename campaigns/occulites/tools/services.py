"""Rolls made by the Occulites table tools. Each roll or reroll is one entry in the shared
dice-and-draw log; a reroll writes a new entry that points at the roll it changes, so every
phone sees the same dice and two phones cannot reroll the same state twice."""

import random

from django.db import transaction

from campaigns.occulites.models import Occulite
from campaigns.occulites.rules.combat_cards import Purpose
from campaigns.occulites.rules.combat_dice import CombatSide, enter_side, plan_side, roll_side
from campaigns.occulites.rules.combat_tables import CombatTable, CombatTableRow, resolve_combat
from campaigns.occulites.rules.dice import DiceRoll, enter_dice, reroll_die, roll_dice
from campaigns.occulites.rules.errors import RuleViolation
from campaigns.occulites.services import occulite_stat_change
from campaigns.table.ledger import lock_campaign
from campaigns.table.models import Campaign, DrawLogEntry
from campaigns.table.services import draw_log_record

D10_TOOL = "occulites.d10"
COMBAT_TOOL = "occulites.combat"


def _dice_text(roll: DiceRoll) -> str:
    return " ".join(str(die) for die in roll.dice)


def _d10_summary(roll: DiceRoll) -> str:
    return (
        f"{roll.successes} success{'es' if roll.successes != 1 else ''} (dice {_dice_text(roll)})"
    )


def d10_roll(
    *,
    campaign: Campaign,
    actor,
    count: int,
    stat: int,
    rerolls: int = 0,
    opening: bool = False,
    lucky: bool = False,
    entered: tuple[int, ...] | None = None,
    rng: random.Random | None = None,
) -> DrawLogEntry:
    """Roll (or record the table's) `count` d10s against `stat` (Combat in Dawn, Step 9)."""
    options = {"opening": opening, "rerolls_allowed": rerolls, "lucky": lucky}
    if entered is not None:
        roll = enter_dice(entered, stat, count=count, **options)
    else:
        roll = roll_dice(count, stat, rng or random.SystemRandom(), **options)
    with transaction.atomic():
        campaign = lock_campaign(campaign.pk)
        return draw_log_record(
            campaign=campaign,
            actor=actor,
            tool=D10_TOOL,
            label=f"{count}d10 against {stat}" + (" (entered)" if entered is not None else ""),
            result={"roll": roll.to_dict(), "previous": None},
            summary=_d10_summary(roll),
        )


def _current_entry(campaign: Campaign, tool: str, draw_id: int) -> DrawLogEntry:
    """The log entry to change, refused when it is unknown or another reroll replaced it."""
    entry = DrawLogEntry.objects.filter(campaign=campaign, tool=tool, pk=draw_id).first()
    if entry is None:
        raise RuleViolation("That roll is not in this campaign's log")
    if DrawLogEntry.objects.filter(campaign=campaign, tool=tool, result__previous=draw_id).exists():
        raise RuleViolation("That roll was already rerolled; reroll from its latest state")
    return entry


def d10_reroll(
    *,
    campaign: Campaign,
    actor,
    draw_id: int,
    position: int,
    entered: int | None = None,
    rng: random.Random | None = None,
) -> DrawLogEntry:
    """Reroll one die of an earlier roll (each die once unless Lucky; Core Rules, Charging)."""
    with transaction.atomic():
        campaign = lock_campaign(campaign.pk)
        entry = _current_entry(campaign, D10_TOOL, draw_id)
        roll = DiceRoll.from_dict(entry.result["roll"])
        new_roll = reroll_die(
            roll,
            position,
            rng=None if entered is not None else rng or random.SystemRandom(),
            entered=entered,
        )
        before, after = roll.dice[position], new_roll.dice[position]
        return draw_log_record(
            campaign=campaign,
            actor=actor,
            tool=D10_TOOL,
            label=f"Reroll die {position + 1} against {roll.stat}: {before} → {after}",
            result={"roll": new_roll.to_dict(), "previous": entry.pk},
            summary=_d10_summary(new_roll),
        )


def _side_record(label: str, side: CombatSide, purpose: Purpose) -> dict:
    """What the page shows of a side's plan: where each die came from (the Boost table row
    that applied), the stat the dice are checked against, and the rerolls."""
    plan = plan_side(side, purpose)
    count = plan.dice_count
    return {
        "label": label or ("Attacker" if purpose is Purpose.ATTACK else "Defender"),
        "card_dice": count.card_dice,
        "card_note": count.card_note,
        "boosts": [
            {"dice": boost.dice, "note": boost.note, "row": boost.row.result if boost.row else ""}
            for boost in count.boosts
        ],
        "dice": count.total,
        "stat": plan.stat,
        "prone": side.prone,
        "rerolls": plan.rerolls,
    }


def _who_chooses(row: CombatTableRow) -> str:
    """The line above a row's options: who decides between them (Advanced Combat Table:
    "When there is an option between losing Health or Defence the Attacker always decides")."""
    if row.decided_by is None:
        return "Choose:"
    if row.decided_by in ("attacker", "defender"):
        return f"The {row.decided_by} chooses:"
    # The Advanced table's "DEF >x2 ATT" rows: each player makes one of the two decisions.
    return (
        "The Defender decides how many cards to discard; for each card discarded, the "
        "Attacker decides whether its figure loses 1 Health or 1 Defence:"
    )


def combat_outcome(result: dict) -> dict:
    """What the combat page shows of a logged combat: the row of the table its successes
    fall in, who chooses between the row's options, and which options cost a campaign figure
    Defence (to be recorded), until one is. Stored in the entry when it is logged; read from
    the dice for entries logged before that."""
    if "outcome" in result:
        return result["outcome"]
    attack = DiceRoll.from_dict(result["attack"])
    defence = DiceRoll.from_dict(result["defence"])
    outcome = resolve_combat(attack.successes, defence.successes, CombatTable(result["table"]))
    row = outcome.row
    return {
        "table": outcome.table.value,
        "attack_successes": outcome.attack_successes,
        "defence_successes": outcome.defence_successes,
        "defender_had_no_successes": outcome.defender_had_no_successes,
        "result": row.result,
        "effect": row.effect,
        "source": row.source,
        "net": row.net.value if row.net else "",
        "who_chooses": _who_chooses(row),
        "options": [{"key": option.key, "label": option.label} for option in row.options],
        "defence_options": [
            {"key": option.key, "label": option.label}
            for option in row.options
            if not result.get("defence_recorded")
            and (
                (option.attacker.defence and result["attacker"].get("occulite_id"))
                or (option.defender.defence and result["defender"].get("occulite_id"))
            )
        ],
    }


def _with_outcome(result: dict) -> dict:
    """The combat's log entry: its dice and what the page shows of them."""
    shown = {key: value for key, value in result.items() if key != "outcome"}
    return {**shown, "outcome": combat_outcome(shown)}


def _combat_summary(result: dict) -> str:
    outcome = combat_outcome(result)
    return (
        f"{outcome['attack_successes']} vs {outcome['defence_successes']} successes: "
        f"{outcome['result']} → {outcome['effect']}"
    )


def combat_roll(
    *,
    campaign: Campaign,
    actor,
    attacker: CombatSide,
    defender: CombatSide,
    table: CombatTable,
    attacker_label: str = "",
    defender_label: str = "",
    attacker_occulite_id: int | None = None,
    defender_occulite_id: int | None = None,
    attack_entered: tuple[int, ...] | None = None,
    defence_entered: tuple[int, ...] | None = None,
    rng: random.Random | None = None,
) -> DrawLogEntry:
    """Both sides' dice for one combat (Combat in Dawn, Steps 2-10); refused if the cards,
    boosts or typed dice break a rule, and then nothing is written."""
    rng = rng or random.SystemRandom()
    attack_plan = plan_side(attacker, Purpose.ATTACK)
    defence_plan = plan_side(defender, Purpose.DEFENCE)
    attack = (
        enter_side(attack_plan, attack_entered)
        if attack_entered is not None
        else roll_side(attack_plan, rng)
    )
    defence = (
        enter_side(defence_plan, defence_entered)
        if defence_entered is not None
        else roll_side(defence_plan, rng)
    )
    result = {
        "table": table.value,
        "attacker": {
            **_side_record(attacker_label, attacker, Purpose.ATTACK),
            "occulite_id": attacker_occulite_id,
        },
        "defender": {
            **_side_record(defender_label, defender, Purpose.DEFENCE),
            "occulite_id": defender_occulite_id,
        },
        "attack": attack.to_dict(),
        "defence": defence.to_dict(),
        "previous": None,
    }
    result = _with_outcome(result)
    with transaction.atomic():
        campaign = lock_campaign(campaign.pk)
        return draw_log_record(
            campaign=campaign,
            actor=actor,
            tool=COMBAT_TOOL,
            label=f"Combat: {result['attacker']['label']} attacks {result['defender']['label']}",
            result=result,
            summary=_combat_summary(result),
        )


def combat_reroll(
    *,
    campaign: Campaign,
    actor,
    draw_id: int,
    side: str,
    position: int,
    entered: int | None = None,
    rng: random.Random | None = None,
) -> DrawLogEntry:
    """Reroll one die of one side of a combat (rerolls applied die by die)."""
    if side not in ("attack", "defence"):
        raise RuleViolation("Choose the attacker's or the defender's dice")
    with transaction.atomic():
        campaign = lock_campaign(campaign.pk)
        entry = _current_entry(campaign, COMBAT_TOOL, draw_id)
        roll = DiceRoll.from_dict(entry.result[side])
        new_roll = reroll_die(
            roll,
            position,
            rng=None if entered is not None else rng or random.SystemRandom(),
            entered=entered,
        )
        result = _with_outcome({**entry.result, side: new_roll.to_dict(), "previous": entry.pk})
        who = result["attacker" if side == "attack" else "defender"]["label"]
        return draw_log_record(
            campaign=campaign,
            actor=actor,
            tool=COMBAT_TOOL,
            label=f"Combat reroll, {who} die {position + 1}: {roll.dice[position]} → {new_roll.dice[position]}",
            result=result,
            summary=_combat_summary(result),
        )


def combat_record_defence_loss(*, campaign: Campaign, actor, draw_id: int, option_key: str):
    """Write the permanent Defence loss of the chosen table option onto the campaign's
    figures (Layer One, Dynamic Defence: combat Defence losses are permanent). Once only:
    the combat's log entry is followed by one saying the loss is recorded."""
    with transaction.atomic():
        campaign = lock_campaign(campaign.pk)
        entry = _current_entry(campaign, COMBAT_TOOL, draw_id)
        result = entry.result
        if result.get("defence_recorded"):
            raise RuleViolation("This combat's Defence loss is already recorded")
        attack, defence = (
            DiceRoll.from_dict(result["attack"]),
            DiceRoll.from_dict(result["defence"]),
        )
        outcome = resolve_combat(attack.successes, defence.successes, CombatTable(result["table"]))
        option = outcome.option(option_key)
        recorded = []
        for side, loss in (("attacker", option.attacker), ("defender", option.defender)):
            occulite_id = result[side].get("occulite_id")
            if not loss.defence or occulite_id is None:
                continue
            occulite = Occulite.objects.filter(tribe__campaign=campaign, pk=occulite_id).first()
            if occulite is None:
                raise RuleViolation("That figure is no longer in this campaign")
            lost = min(loss.defence, occulite.defence - 1)  # Defence never drops below 1
            if lost:
                occulite_stat_change(
                    occulite=occulite,
                    actor=actor,
                    stat="defence",
                    amount=-lost,
                    reason=f"{outcome.row.result}: {option.label} ({outcome.row.source})",
                )
                recorded.append(f"{occulite.name} -{lost} Defence")
        if not recorded:
            raise RuleViolation("That choice costs no campaign figure any Defence")
        return draw_log_record(
            campaign=campaign,
            actor=actor,
            tool=COMBAT_TOOL,
            label="Combat: permanent Defence loss recorded",
            result=_with_outcome({**result, "previous": entry.pk, "defence_recorded": option_key}),
            summary=", ".join(recorded),
        )


def heal_action(*, occulite: Occulite, actor, defence: int):
    """Layer Two, Heal: the figure gives up Defence (never below 1) for Health; the Defence
    loss is permanent in a campaign (Layer One, Dynamic Defence)."""
    if defence < 1:
        raise RuleViolation("Give up at least 1 Defence to Heal")
    with transaction.atomic():
        lock_campaign(occulite.tribe.campaign_id)
        occulite.refresh_from_db(fields=["defence"])
        if occulite.defence - defence < 1:
            raise RuleViolation("Healing may never lower Defence below 1")
        return occulite_stat_change(
            occulite=occulite,
            actor=actor,
            stat="defence",
            amount=-defence,
            reason=f"Heal action: -{defence} Defence for +{2 * defence} Health (Advanced Actions)",
        )
