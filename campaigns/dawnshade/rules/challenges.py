"""Events: Stat Challenge thresholds and hits, and the outcomes of the Cogbot Challenges.

Events - Stat Challenges, Cogbot Challenges; Alternate Game Modes - Solo Mode (Event
variations). The dexterity itself happens on the table; the app is told the dice and chips.
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType

from campaigns.dawnshade.catalog.quest_deck import FAIL, SUCCEED
from campaigns.dawnshade.catalog.solo import (
    SOLO_COGBASHING_HITS_TO_SUCCEED,
    SOLO_COGFIGHTING_ELIMINATIONS_TO_SUCCEED,
)
from campaigns.dawnshade.rules.errors import RuleViolation

ATTACK = "atk"
DEFENSE = "def"
DEVOTION = "dev"

# Hits needed per point of the Kinship's combined stat.
STAT_CHALLENGE_MULTIPLIERS = MappingProxyType({ATTACK: 2, DEFENSE: 1, DEVOTION: 2})
STAT_CHALLENGE_DICE = MappingProxyType(
    {ATTACK: "Attack Dice", DEFENSE: "Defense Dice", DEVOTION: "Väki Dice"}
)

COGFIGHTING_ROUNDS_TO_WIN = 3
COGBASHING_COGBOTS_SCORED = 3
COGBOTS_PER_CHARACTER = 3
COGRUSHING_TURRET_HP_CHIPS = 15
COGRUSHING_DRUDGE_HP = (1, 1, 1, 2, 2, 3)  # top of the stack first
COGRUSHING_MAX_BET = 2
COGRUSHING_DEPLOY_POSITIONS = (6, 7)


def stat_challenge_threshold(kind: str, stats: Sequence[int]) -> int:
    """The hits the Kinship must reach: its combined ATK x 2, DEF x 1 or DEV x 2. ``stats``
    holds each character's value of the challenged stat."""
    if kind not in STAT_CHALLENGE_MULTIPLIERS:
        raise RuleViolation("A Stat Challenge tests ATK, DEF or DEV")
    if any(value < 0 for value in stats):
        raise RuleViolation("A stat cannot be negative")
    return sum(stats) * STAT_CHALLENGE_MULTIPLIERS[kind]


@dataclass(frozen=True)
class ChallengeDie:
    """One die of a Stat Challenge: the hits it shows and the modifier of the highest zone it
    touches on the Battle Mat (0 when it touches none)."""

    hits: int
    zone_modifier: int = 0

    @property
    def counted_hits(self) -> int:
        return self.hits + self.zone_modifier


def stat_challenge_hits(
    dice: Sequence[ChallengeDie], *, floor_each_die_at_zero: bool = False
) -> int:
    """The Kinship's hits: every die's hits plus its zone modifier, added up. The rulebook
    does not say whether a die in a minus zone can take hits away from the others; read
    literally it can (``floor_each_die_at_zero`` False), else each die counts at least 0."""
    total = 0
    for die in dice:
        if die.hits < 0:
            raise RuleViolation("A die cannot show negative hits")
        counted = die.counted_hits
        total += max(0, counted) if floor_each_die_at_zero else counted
    return total


def stat_challenge_outcome(hits: int, threshold: int) -> str:
    """Succeed when the hits equal or exceed the threshold, else Fail."""
    return SUCCEED if hits >= threshold else FAIL


def dice_for_stat_challenge(stat_value: int) -> int:
    """A player rolls as many of the challenge's dice as the stat allows."""
    if stat_value < 0:
        raise RuleViolation("A stat cannot be negative")
    return stat_value


def cogfighting_match_over(rounds_won: Mapping[str, int]) -> bool:
    """A Cogfighting match ends as soon as one player has won three rounds."""
    return any(won >= COGFIGHTING_ROUNDS_TO_WIN for won in rounds_won.values())


def _most(scores: Mapping[str, int]) -> tuple[str, ...]:
    if not scores:
        return ()
    best = max(scores.values())
    return tuple(player for player, score in scores.items() if score == best)


def cogfighting_winners(winning_pips: Mapping[str, Sequence[int]]) -> tuple[str, ...]:
    """Who Succeeds at Cogfighting: the most pips on the Cogbots that won rounds. Equal best
    totals are all returned (the rulebook does not break the tie); everyone else Fails."""
    return _most({player: sum(pips) for player, pips in winning_pips.items()})


def cogbashing_winners(closest: Sequence[tuple[str, int]]) -> tuple[str, ...]:
    """Who Succeeds at Cogbashing: ``closest`` are the (player, pips) of the Cogbots nearest
    the Initiative ring, nearest first; the three nearest score. Ties are all returned."""
    scores: dict[str, int] = {}
    for player, pips in closest[:COGBASHING_COGBOTS_SCORED]:
        scores[player] = scores.get(player, 0) + pips
    return _most(scores)


def cogrushing_bet_result(bet: int, *, active_player_succeeded: bool) -> int:
    """What a Non Active Player's Cogrushing bet (0-2 Tawny) returns: lost if the Active
    Player succeeds (0), doubled if the Active Player fails."""
    if not 0 <= bet <= COGRUSHING_MAX_BET:
        raise RuleViolation("A Cogrushing bet is 0 to 2 Tawny")
    return 0 if active_player_succeeded else bet * 2


def solo_cogfighting_outcome(drudges_eliminated: int) -> str:
    """Solo Cogfighting: three or more of the five Drudges eliminated Succeeds."""
    if not 0 <= drudges_eliminated <= 5:
        raise RuleViolation("Solo Cogfighting has five Cogbot Drudges")
    return SUCCEED if drudges_eliminated >= SOLO_COGFIGHTING_ELIMINATIONS_TO_SUCCEED else FAIL


def solo_cogbashing_outcome(hits: int) -> str:
    """Solo Cogbashing: two or more hits on Cogbots touching the Initiative Discard ring
    Succeeds."""
    if hits < 0:
        raise RuleViolation("Hits cannot be negative")
    return SUCCEED if hits >= SOLO_COGBASHING_HITS_TO_SUCCEED else FAIL
