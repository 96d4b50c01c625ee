"""Bringing a killed Occulite back weaker with Natural Selection cards."""

import random
from collections.abc import Mapping

from django.db import transaction

from campaigns.occulites.catalog.abilities import ABILITIES
from campaigns.occulites.catalog.blueprints import STAT_NAMES, STATS
from campaigns.occulites.ledger_kinds import EntryKey, OcculitesKind, entry_mark
from campaigns.occulites.rules import reborn as reborn_rules
from campaigns.table.errors import ValidationError
from campaigns.table.ledger import record_row_change
from campaigns.table.models import LedgerEntry
from campaigns.table.services import draw_log_record

from ..models import Occulite, OcculitesSeason
from ._common import _locked_tribe, _record, _remove_holdings
from .season import season_for
from .snapshot import tribe_snapshot


def _season_deck(season: OcculitesSeason) -> reborn_rules.NaturalSelectionDeck | None:
    """The group's deck, or None while it has not said what the deck holds."""
    if not season.natural_selection_deck:
        return None
    return reborn_rules.NaturalSelectionDeck(
        {int(value): count for value, count in season.natural_selection_deck.items()}
    )


def reborn_reason(occulite_name: str, cards: str, outcome: str) -> str:
    """The history line of a reborn penalty (prose for players: nothing reads it back)."""
    return (
        f"{occulite_name} reborn ({cards}): {outcome} "
        "(Campaign Rules - Losing Figures in a Scenario)"
    )


def occulite_reborn_penalty(
    *,
    occulite: Occulite,
    actor,
    flipped: Mapping[str, int] | None = None,
    rng: random.Random | None = None,
    ability_to_lose: str | None = None,
) -> tuple[LedgerEntry, reborn_rules.RebornPenalty]:
    """Bring a killed Occulite back weaker: one Natural Selection card per statistic and
    one for the ability slot, entered (``flipped``) or drawn here from the group's deck
    (recorded in the shared log). The lowest card's slot loses 1, ties each lose 1, never
    below 1; the ability slot removes ``ability_to_lose``; Lucky is lost instead of a
    statistic (Campaign Rules - Losing Figures in a Scenario). Cards typed in need no deck
    (they were flipped at the table); drawing here needs the group's deck."""
    with transaction.atomic():
        campaign, tribe = _locked_tribe(occulite.tribe_id, actor=actor)
        season = season_for(campaign)
        deck = _season_deck(season)
        occulite = Occulite.objects.get(pk=occulite.pk)
        snapshot = tribe_snapshot(tribe, timeslot=season.timeslot, available_spend_total=0)
        drawn = flipped is None
        if drawn and deck is None:
            raise ValidationError(
                {
                    "flipped": "The group has not said what its Natural Selection Deck holds "
                    "(the rulebook does not print it): set the deck first, or type the cards "
                    "flipped at the table."
                }
            )
        if drawn:
            flipped = reborn_rules.draw_reborn_cards(deck, rng or random.SystemRandom())
        penalty = reborn_rules.reborn_penalty(snapshot.occulite(str(occulite.pk)), flipped, deck)
        lost = list(penalty.abilities_lost)
        if penalty.loses_chosen_ability:
            if ability_to_lose not in penalty.losable_abilities:
                names = ", ".join(ABILITIES[key].name for key in penalty.losable_abilities)
                raise ValidationError(
                    {
                        "ability_to_lose": "The lowest card fell on the ability slot: choose "
                        f"the learned ability {occulite.name} loses ({names})"
                    }
                )
            lost.append(ability_to_lose)
        deltas: dict = entry_mark(EntryKey.REBORN_OF, occulite.pk)
        for stat in penalty.stats_lowered:
            old, new = getattr(occulite, stat), penalty.stats_after.get(stat)
            record_row_change(deltas, "occulite", occulite.pk, stat, old, new)
            setattr(occulite, stat, new)
        occulite.save(update_fields=list(STATS))
        for key in lost:
            deltas.update(_remove_holdings([occulite.pk], key))
        cards = ", ".join(
            f"{STAT_NAMES.get(slot, 'ability')} {value}" for slot, value in flipped.items()
        )
        if drawn:
            draw_log_record(
                campaign=campaign,
                actor=actor,
                tool="occulites.reborn_cards",
                label=f"Natural Selection cards for {occulite.name}",
                result={"flipped": dict(flipped)},
                summary=cards,
            )
        outcome = (
            ", ".join(STAT_NAMES[stat] for stat in penalty.stats_lowered) or "no statistic"
        ) + " lowered"
        if lost:
            outcome += "; lost " + ", ".join(ABILITIES[key].name for key in lost)
        entry = _record(
            campaign=campaign,
            actor=actor,
            kind=OcculitesKind.OCCULITE_REBORN,
            tribe=tribe,
            reason=reborn_reason(occulite.name, cards, outcome),
            deltas=deltas,
        )
    return entry, penalty
