"""The Guild Hall: spending training points on stats and Skill Dice.

Quest Tiles - Outpost - Guild Hall; Characters - Character Mat; Set-up - Level Tracker, XP
Tracker & Training Points.

Each training point cube on the Väki Mat is one point for every character, and the Kinship
spends its points together, at one Guild Hall visit. The rulebook does not say what becomes
of a point that one character spends and another does not (the cube is removed "for each
point spent"). That is the ``unspent`` setting:

- ``UnspentTrainingPoints.KEPT``: each character keeps the points it did not spend, so the
  characters' balances may differ afterwards; the Väki Mat shows the largest.
- ``UnspentTrainingPoints.LOST``: the cubes spent by the character who spent the most are
  removed, and every other character loses the points it left unspent.
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType

from campaigns.dawnshade.catalog.characters import SKILL_DIE_SLOTS, STATS
from campaigns.dawnshade.rules.errors import RuleViolation


class UnspentTrainingPoints(StrEnum):
    """What happens at a Guild Hall visit to a point a character leaves unspent (a gap in the
    rulebook; a campaign setting)."""

    KEPT = "kept"
    LOST = "lost"


@dataclass(frozen=True)
class RaiseStat:
    """Spend one training point to raise a stat other than AGI by 1."""

    stat: str


@dataclass(frozen=True)
class UnlockSkillDie:
    """Spend one training point to unlock one of the character's three Skill Dice (1-3)."""

    die: int


TrainingSpend = RaiseStat | UnlockSkillDie


@dataclass(frozen=True)
class TrainedCharacter:
    """A character after a Guild Hall visit."""

    stats: Mapping[str, int]
    skill_dice: frozenset[int]
    points_spent: int


def train_character(
    *,
    stats: Mapping[str, int],
    skill_dice: frozenset[int] | set[int] = frozenset(),
    spends: Sequence[TrainingSpend],
    training_points: int,
    stat_maximums: Mapping[str, int] | None = None,
) -> TrainedCharacter:
    """Apply one character's training: each point raises a stat other than AGI by 1 or
    unlocks a Skill Die. ``stat_maximums`` are the dials' highest values if the group has
    entered them (the rulebook does not print them)."""
    if training_points < 0:
        raise RuleViolation("Training points cannot be negative")
    if len(spends) > training_points:
        raise RuleViolation(
            f"Each training point buys one stat point or one Skill Die: "
            f"{len(spends)} asked for, {training_points} to spend"
        )
    raised = dict(stats)
    unlocked = set(skill_dice)
    for spend in spends:
        if isinstance(spend, RaiseStat):
            if spend.stat not in STATS:
                raise RuleViolation(f"There is no stat called {spend.stat!r}")
            if not STATS[spend.stat].trainable:
                raise RuleViolation(
                    "AGI cannot be raised with training points; it rises by itself every "
                    "third level"
                )
            value = raised.get(spend.stat)
            if value is None:
                raise RuleViolation(
                    f"Enter the character's starting {STATS[spend.stat].abbreviation} first"
                )
            if stat_maximums and spend.stat in stat_maximums and value >= stat_maximums[spend.stat]:
                raise RuleViolation(
                    f"{STATS[spend.stat].abbreviation} is already at its dial's highest value"
                )
            raised[spend.stat] = value + 1
        elif isinstance(spend, UnlockSkillDie):
            if len(unlocked) >= len(SKILL_DIE_SLOTS):
                raise RuleViolation("A character has only three Skill Dice, all already unlocked")
            if spend.die not in SKILL_DIE_SLOTS:
                raise RuleViolation("A character's Skill Dice are numbered 1 to 3")
            if spend.die in unlocked:
                raise RuleViolation(f"Skill Die {spend.die} is already unlocked")
            unlocked.add(spend.die)
        else:
            raise RuleViolation("A training point raises a stat or unlocks a Skill Die")
    return TrainedCharacter(
        stats=MappingProxyType(raised), skill_dice=frozenset(unlocked), points_spent=len(spends)
    )


@dataclass(frozen=True)
class GuildHallVisit:
    """Everyone's training at one Guild Hall visit and the points left afterwards.

    ``cubes_removed`` is how many training point cubes come off the Väki Mat; under ``KEPT``
    the mat then shows the largest balance left (``training_points_on_mat``).
    """

    characters: Mapping[str, TrainedCharacter]
    training_points_after: Mapping[str, int]
    cubes_removed: int
    unspent: UnspentTrainingPoints


@dataclass(frozen=True)
class CharacterSheet:
    """The parts of a character that training changes."""

    stats: Mapping[str, int]
    skill_dice: frozenset[int] = frozenset()


def training_points_on_mat(training_points: Mapping[str, int]) -> int:
    """The cubes on the Väki Mat: the most any character still has to spend."""
    return max(training_points.values(), default=0)


def guild_hall_visit(
    *,
    characters: Mapping[str, CharacterSheet],
    training_points: Mapping[str, int],
    spends: Mapping[str, Sequence[TrainingSpend]],
    unspent: UnspentTrainingPoints,
    stat_maximums: Mapping[str, int] | None = None,
) -> GuildHallVisit:
    """Every character spends training points at the same Guild Hall visit.

    ``training_points`` is what each character may spend (under ``LOST`` everyone has the
    number of cubes on the mat). A character left out of ``spends`` spends nothing.
    """
    unknown = set(spends) - set(characters)
    if unknown:
        raise RuleViolation("Only characters of the Kinship train at the Guild Hall")
    trained = {
        key: train_character(
            stats=sheet.stats,
            skill_dice=sheet.skill_dice,
            spends=spends.get(key, ()),
            training_points=training_points.get(key, 0),
            stat_maximums=stat_maximums,
        )
        for key, sheet in characters.items()
    }
    most_spent = max((result.points_spent for result in trained.values()), default=0)
    if unspent is UnspentTrainingPoints.KEPT:
        after = {
            key: training_points.get(key, 0) - result.points_spent
            for key, result in trained.items()
        }
        cubes_removed = training_points_on_mat(training_points) - training_points_on_mat(after)
    else:
        after = {key: max(0, training_points.get(key, 0) - most_spent) for key in trained}
        cubes_removed = most_spent
    return GuildHallVisit(
        characters=MappingProxyType(trained),
        training_points_after=MappingProxyType(after),
        cubes_removed=cubes_removed,
        unspent=unspent,
    )
