"""The reborn penalty: how an Occulite killed in a scenario comes back weaker."""

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from campaigns.occulites.catalog.abilities import ABILITIES
from campaigns.occulites.catalog.blueprints import STAT_MINIMUM, STAT_NAMES, STATS, StatLine
from campaigns.occulites.rules.errors import RuleViolation
from campaigns.occulites.rules.tribe import OcculiteSnapshot

ABILITY_SLOT = "ability_slot"
# One Natural Selection card per statistic and one for the ability slot (Campaign Rules -
# Losing Figures in a Scenario).
REBORN_SLOTS = (*STATS, ABILITY_SLOT)

LUCKY = "lucky"


@dataclass(frozen=True)
class NaturalSelectionDeck:
    """The numbered cards the group says its Natural Selection Deck holds: value -> count.

    The rulebook prints only that the deck has 108 cards, 8 Puscual events and 6 Sungem
    events (Contents Listing; Event Cards), not how many cards carry each number, so the
    group sets this (Event cards have no number and are not part of it).
    """

    card_counts: Mapping[int, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if any(value < 0 for value in self.card_counts):
            raise RuleViolation("A card value cannot be negative")
        if any(count < 0 for count in self.card_counts.values()):
            raise RuleViolation("A deck cannot hold a negative number of cards")
        if sum(self.card_counts.values()) < len(REBORN_SLOTS):
            raise RuleViolation(f"The deck needs at least {len(REBORN_SLOTS)} numbered cards")
        object.__setattr__(self, "card_counts", MappingProxyType(dict(self.card_counts)))

    @property
    def values(self) -> frozenset[int]:
        return frozenset(value for value, count in self.card_counts.items() if count)


@dataclass(frozen=True)
class RebornPenalty:
    """What a reborn Occulite loses.

    ``stats_lowered`` lost 1 point each; ``stats_spared`` drew a lowest card but were
    already at 1 (or were saved by Lucky). ``abilities_lost`` go automatically (Lucky,
    Eagle Eyed); when ``loses_chosen_ability`` is True the player removes one of
    ``losable_abilities``.
    """

    lowest_card: int
    lowest_slots: tuple[str, ...]
    stats_after: StatLine
    stats_lowered: tuple[str, ...]
    stats_spared: tuple[str, ...]
    abilities_lost: tuple[str, ...]
    loses_chosen_ability: bool
    losable_abilities: tuple[str, ...]


def draw_reborn_cards(deck: NaturalSelectionDeck, rng: random.Random) -> Mapping[str, int]:
    """Flip one card for each statistic and one for the ability slot, from the deck the
    group described (Campaign Rules - Losing Figures in a Scenario)."""
    cards = [value for value, count in sorted(deck.card_counts.items()) for _ in range(count)]
    rng.shuffle(cards)
    return MappingProxyType(dict(zip(REBORN_SLOTS, cards[: len(REBORN_SLOTS)], strict=True)))


def _check_flipped(flipped: Mapping[str, int], deck: NaturalSelectionDeck | None) -> None:
    if set(flipped) != set(REBORN_SLOTS):
        raise RuleViolation("Flip one card for each statistic and one for the ability slot")
    for slot, value in flipped.items():
        # Without the group's deck the cards flipped at the table are taken as they are.
        if deck is not None and value not in deck.values:
            name = "ability slot" if slot == ABILITY_SLOT else STAT_NAMES[slot]
            raise RuleViolation(
                f"The {name} card shows {value}, but no card in the deck has that number"
            )


def reborn_penalty(
    occulite: OcculiteSnapshot, flipped: Mapping[str, int], deck: NaturalSelectionDeck | None
) -> RebornPenalty:
    """Apply the reborn penalty to an Occulite killed in a scenario.

    Campaign Rules - Losing Figures in a Scenario; Layer Two - The Reborn Track: the lowest
    card's slot loses 1; on a tie each tied slot does; a statistic is never lowered below 1
    and a lowest card on a statistic already at 1 costs nothing (it does not pass to the
    next lowest); a lowest card on the ability slot removes a learned ability, never an
    innate one. General Ability Pool - Lucky: a Lucky Occulite loses Lucky instead of any
    statistic. Situational Pool - Eagle Eyed: lost when its holder is killed. ``deck`` is
    the group's Natural Selection Deck, when it has said what it holds: a flipped value no
    card of it carries is refused; without it, any flipped values are taken.
    """
    _check_flipped(flipped, deck)
    lowest_card = min(flipped.values())
    lowest_slots = tuple(slot for slot in REBORN_SLOTS if flipped[slot] == lowest_card)
    lucky = LUCKY in occulite.learned_abilities
    hit_stats = [slot for slot in lowest_slots if slot != ABILITY_SLOT]
    lowered = tuple(
        stat for stat in hit_stats if occulite.stats.get(stat) > STAT_MINIMUM and not lucky
    )
    stats_after = occulite.stats
    for stat in lowered:
        stats_after = stats_after.with_stat(stat, stats_after.get(stat) - 1)
    abilities_lost = tuple(
        key
        for key in occulite.learned_abilities + occulite.situational_abilities
        if key in ABILITIES and ABILITIES[key].lost_when_killed
    )
    # Innate abilities are held apart, so they are never among the candidates.
    losable = tuple(
        key
        for key in occulite.learned_abilities + occulite.situational_abilities
        if key not in abilities_lost
    )
    return RebornPenalty(
        lowest_card=lowest_card,
        lowest_slots=lowest_slots,
        stats_after=stats_after,
        stats_lowered=lowered,
        stats_spared=tuple(stat for stat in hit_stats if stat not in lowered),
        abilities_lost=abilities_lost,
        loses_chosen_ability=ABILITY_SLOT in lowest_slots and bool(losable),
        losable_abilities=losable if ABILITY_SLOT in lowest_slots else (),
    )
