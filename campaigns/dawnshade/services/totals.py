"""The Kinship's totals, from the ledger's running sums in one query.

Every changing number is a numeric delta in the campaign's ledger entries (undo entries
carry the negation, so they cancel). A Kinship-wide quantity is a plain key (``xp``,
``threat``, ``align_danu``, ``pool_sun``, ``blessing_wild``); a character's quantity is
``character.<pk>.<quantity>`` (``character.7.tawny``, ``character.7.stat_atk``): the shape
of a row-change key, so backups renumber the character, but a number, so undo's row
restorer leaves it alone. The platform keeps each key's running sum beside the ledger
(`LedgerTotal`, written with every entry), so reading them does not grow with history;
`fold_deltas` is the same sum taken over the entries themselves.
"""

from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass, field

from django.db.models import Q, Value
from django.db.models.functions import StrIndex, Substr

from campaigns.dawnshade.catalog.blessings import BLESSINGS
from campaigns.dawnshade.catalog.characters import SKILL_DIE_SLOTS, STAT_ORDER
from campaigns.dawnshade.catalog.conditions import CONDITIONS
from campaigns.dawnshade.catalog.vaki import ELEMENTS
from campaigns.dawnshade.catalog.watchers import WATCHER_ORDER
from campaigns.dawnshade.rules.alignment import AlignmentStatus, alignment_status
from campaigns.dawnshade.rules.kinship import agi_from_levels, kinship_level
from campaigns.table.compiled_sql import CompiledQuery
from campaigns.table.models import LedgerTotal

# The Kinship's quantities.
XP = "xp"
TRAINING_POINTS = "training_points"  # cubes on the Väki Mat
THREAT = "threat"
# A character's quantities.
TAWNY = "tawny"
TP = "tp"  # the training points this character may still spend
COGBOT_FIGHTER = "cogbot_fighter"
COGBEHEMOTH = "cogbehemoth"
BOOMSHOT_SHOTS = "boomshot_shots"  # every shot paid for, ever (per visit: see outposts)


def align_key(watcher: str) -> str:
    return f"align_{watcher}"


def pool_key(element: str) -> str:
    return f"pool_{element}"


def blessing_key(blessing: str) -> str:
    return f"blessing_{blessing}"


def stat_key(stat: str) -> str:
    return f"stat_{stat}"


def die_key(die: int) -> str:
    return f"skill_die_{die}"


def vaki_key(element: str) -> str:
    return f"vaki_{element}"


def condition_key(condition: str) -> str:
    return f"condition_{condition}"


CHARACTER = "character"


def of(character_pk: int, quantity: str) -> str:
    """The delta key of a character's quantity: ``of(7, "tawny") == "character.7.tawny"``."""
    return f"{CHARACTER}.{character_pk}.{quantity}"


@dataclass
class CharacterTotals:
    """One character's numbers from the ledger."""

    values: Mapping[str, int]

    # A method, not __getitem__: templates look up keys before attributes.
    def value(self, quantity: str) -> int:
        return self.values.get(quantity, 0)

    @property
    def tawny(self) -> int:
        return self.value(TAWNY)

    @property
    def training_points(self) -> int:
        return self.value(TP)

    @property
    def vaki(self) -> dict[str, int]:
        return {element: self.value(vaki_key(element)) for element in ELEMENTS}

    @property
    def skill_dice(self) -> frozenset[int]:
        return frozenset(die for die in SKILL_DIE_SLOTS if self.value(die_key(die)) > 0)

    @property
    def conditions(self) -> tuple[str, ...]:
        return tuple(key for key in CONDITIONS if self.value(condition_key(key)) > 0)

    @property
    def has_cogbot_fighter(self) -> bool:
        return self.value(COGBOT_FIGHTER) > 0

    @property
    def has_cogbehemoth(self) -> bool:
        return self.value(COGBEHEMOTH) > 0

    def stat_changes(self) -> dict[str, int]:
        """What training and Cataclysms have added to each stat (AGI's levels excluded)."""
        return {stat: self.value(stat_key(stat)) for stat in STAT_ORDER}


@dataclass
class KinshipTotals:
    """The Kinship's numbers and each character's, from the ledger."""

    values: Mapping[str, int]
    by_character: Mapping[int, Mapping[str, int]] = field(default_factory=dict)

    # A method, not __getitem__: templates look up keys before attributes.
    def value(self, quantity: str) -> int:
        return self.values.get(quantity, 0)

    def of(self, character) -> CharacterTotals:
        pk = character if isinstance(character, int) else character.pk
        return CharacterTotals(self.by_character.get(pk, {}))

    @property
    def xp(self) -> int:
        return self.value(XP)

    @property
    def level(self) -> int:
        return kinship_level(self.xp)

    @property
    def training_points(self) -> int:
        return self.value(TRAINING_POINTS)

    @property
    def threat(self) -> int:
        return self.value(THREAT)

    @property
    def alignment(self) -> dict[str, int]:
        return {watcher: self.value(align_key(watcher)) for watcher in WATCHER_ORDER}

    @property
    def alignment_status(self) -> AlignmentStatus:
        return alignment_status(self.alignment)

    @property
    def pool(self) -> dict[str, int]:
        return {element: self.value(pool_key(element)) for element in ELEMENTS}

    @property
    def blessings(self) -> dict[str, int]:
        return {blessing: self.value(blessing_key(blessing)) for blessing in BLESSINGS}

    def stats(self, character) -> dict[str, int]:
        """A character's stats now: the starting stats entered, what training and Cataclysms
        changed, and AGI's +1 for every third Kinship level (Characters - Character Mat)."""
        changes = self.of(character).stat_changes()
        stats = {stat: value + changes[stat] for stat, value in character.starting_stats().items()}
        stats["agi"] += agi_from_levels(self.level)
        return stats


def fold_deltas(all_deltas) -> KinshipTotals:
    """Sum every numeric delta of the given entries' deltas (see `fold_totals`)."""
    return fold_totals(pair for deltas in all_deltas for pair in deltas.items())


def fold_totals(pairs) -> KinshipTotals:
    """Sum (key, number) pairs: plain keys for the Kinship, ``character.<pk>.<quantity>`` per
    character. Row changes ({"from", "to"}) and other machine data are skipped."""
    kinship: dict[str, int] = defaultdict(int)
    characters: dict[int, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    for key, value in pairs:
        if not isinstance(value, int) or isinstance(value, bool):
            continue
        parts = key.split(".")
        if len(parts) == 3 and parts[0] == CHARACTER and parts[1].isdigit():
            characters[int(parts[1])][parts[2]] += value
        elif len(parts) == 1:
            kinship[key] += value
    return KinshipTotals(dict(kinship), {pk: dict(values) for pk, values in characters.items()})


def kinship_totals(campaign) -> KinshipTotals:
    """Every total of the campaign: ONE query over its running sums, whatever the history
    (the per-visit marker keys are left in the database), its SQL built once (every page
    and most services read it)."""
    campaign_id = campaign if isinstance(campaign, int) else campaign.pk
    return fold_totals(_TOTALS.rows(campaign_id=campaign_id))


def kinship_totals_query(campaign_id: int):
    """The (key, total) rows the Kinship's totals fold: the characters' and the Kinship's."""
    character_prefix = f"{CHARACTER}."
    return (
        LedgerTotal.objects.filter(campaign_id=campaign_id)
        # By first characters and the place of a dot, not LIKE (slower, a row at a time).
        .alias(
            key_head=Substr("key", 1, len(character_prefix)),
            key_dot=StrIndex("key", Value(".")),
        )
        .filter(Q(key_head=character_prefix) | Q(key_dot=0))
        .order_by()
        .values_list("key", "total")
    )


_TOTALS = CompiledQuery(kinship_totals_query)


def visit_marker(visit, what: str) -> str:
    """A delta key tying an entry to one visit (``visit.<pk>.<what>``, a number): what a
    character did at this visit, found again by key, never by reading the reason."""
    return f"visit.{visit.pk}.{what}"
