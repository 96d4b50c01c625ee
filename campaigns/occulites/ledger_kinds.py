"""What the Occulites ledger records: the kinds of its entries, and the machine keys code
reads back from an entry's deltas (never from its reason, which is prose for players)."""

from enum import StrEnum


class OcculitesKind(StrEnum):
    """The kind of each Occulites ledger entry (the value is what the ledger stores)."""

    TRIBE_CREATE = "tribe.create"
    OCCULITE_ADD = "occulite.add"
    VP_AWARD = "vp.award"
    VP_LOSE = "vp.lose"
    VP_SPEND = "vp.spend"
    SUNGEMS_CHANGE = "sungems.change"
    SUNGEMS_RAID = "sungems.raid"
    SUNGEMS_SIEGE_SWAP = "sungems.siege_swap"
    ABILITY_BUY = "ability.buy"
    ABILITY_BUY_LUFTLE_CHIEF = "ability.buy_luftle_chief"
    ABILITY_SITUATIONAL = "ability.situational"
    ABILITY_REMOVE = "ability.remove"
    OCCULITE_STAT = "occulite.stat"
    OCCULITE_DEFENCE_REGAIN = "occulite.defence_regain"
    OCCULITE_REBORN = "occulite.reborn"
    EFFECT_NEXT_SCENARIO = "effect.next_scenario"
    LUFTLE_RECRUIT = "luftle.recruit"
    LUFTLE_CASUALTIES = "luftle.casualties"
    SEASON_DECK = "season.deck"
    SEASON_HOUSE_VALUE = "season.house_value"
    SEASON_ADVANCE = "season.advance"
    SCENARIO_NOMINATE = "scenario.nominate"
    SCENARIO_DRAW = "scenario.draw"
    SCENARIO_CHOOSE = "scenario.choose"
    SCENARIO_REDRAW = "scenario.redraw"
    SCENARIO_RESULT = "scenario.result"
    LONG_DARK_ROLL = "long_dark.roll"
    LONG_DARK_REROLL = "long_dark.reroll"


# The platform's reversing entry (campaigns.table.ledger.ledger_undo writes it).
UNDO = "undo"


class EntryKey(StrEnum):
    """Keys in an entry's deltas that say what the entry was for."""

    # The scenario option (its catalogue key) a penalty or advance entry applied.
    OPTION = "option"
    # The Occulite (pk) a reborn penalty was taken for, even when no statistic dropped.
    REBORN_OF = "reborn_of"


def entry_mark(key: EntryKey, value) -> dict:
    """A delta naming what the entry was for. Both ends hold the value, so undo (which swaps
    the ends of a change) leaves it as it is, like the platform's `pair_of`."""
    return {str(key): {"from": value, "to": value}}


def entry_marked(deltas: dict, key: EntryKey):
    """The value an entry was marked with under `key`, or None."""
    mark = deltas.get(str(key))
    return mark.get("to") if isinstance(mark, dict) else None
