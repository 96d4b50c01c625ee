"""Conditions: one positive and one negative per Watcher element, printed on the two sides of
one token.

The Conditions section describes Sun, Fire and Mountain fully and Air's positive side only.
Water's pair is named in the Watchers Temple section ("Accurate/Stunned", read here as
positive/negative, the order the other pairs are given in) and Nature's positive in the
Watchers Alignment section (AGILE); neither has its effect described. Air's and Nature's
negative conditions are not named anywhere: they are entries with ``name=None`` and
``missing`` true, so the group can enter a house name and effect. SLOWED appears in an example
without an element, so it is listed in ``UNPLACED_CONDITION_NAMES`` rather than guessed onto
one.
"""

from dataclasses import dataclass
from types import MappingProxyType

_CONDITIONS = "Let The Battle Begin! - Conditions"
_TEMPLE = "Watchers Temple - Divine Guidance"
_ALIGNMENT = "Set-up - Watchers Alignment"

POSITIVE = "positive"
NEGATIVE = "negative"
POLARITIES = (POSITIVE, NEGATIVE)


@dataclass(frozen=True)
class Condition:
    """One side of a condition token.

    ``key`` is the condition's name in lowercase, or ``<element>_<polarity>`` when the rulebook
    names none. ``summary`` is the effect in our words, ``None`` where it is not described.
    ``resolves_with_action`` is true when the condition does something as it is removed at the
    end of the character's next turn (MENDED) rather than while it is in place.
    """

    key: str
    name: str | None
    element: str
    polarity: str
    summary: str | None
    source: str
    resolves_with_action: bool = False

    @property
    def missing(self) -> bool:
        """True when the rulebook does not name this condition."""
        return self.name is None

    @property
    def described(self) -> bool:
        """True when the rulebook says what this condition does."""
        return self.summary is not None


@dataclass(frozen=True)
class ElementConditions:
    """The two sides of one element's condition token."""

    element: str
    positive: Condition
    negative: Condition

    def side(self, polarity: str) -> Condition:
        if polarity == POSITIVE:
            return self.positive
        if polarity == NEGATIVE:
            return self.negative
        raise KeyError(polarity)


_LIST = (
    Condition(
        "focused",
        "FOCUSED",
        "sun",
        POSITIVE,
        "The special ability triggers even without a Special Symbol on the Attack dice.",
        _CONDITIONS,
    ),
    Condition(
        "blind",
        "BLIND",
        "sun",
        NEGATIVE,
        "No special ability even on a Special Symbol; the target is chosen by flipping a chip "
        "onto the Battle Mat (the nearest enemy stack) instead of choosing or drawing a card.",
        _CONDITIONS,
    ),
    Condition(
        "precise",
        "PRECISE",
        "fire",
        POSITIVE,
        "Attacks skip the target's shield chips and go straight to HP.",
        _CONDITIONS,
    ),
    Condition(
        "imprecise",
        "IMPRECISE",
        "fire",
        NEGATIVE,
        "Attack damage is halved, rounding up.",
        _CONDITIONS,
    ),
    Condition(
        "mended",
        "MENDED",
        "mountain",
        POSITIVE,
        "One HP chip comes back when the condition resolves, never above the HP stat.",
        _CONDITIONS,
        resolves_with_action=True,
    ),
    Condition(
        "subdued",
        "SUBDUED",
        "mountain",
        NEGATIVE,
        "No Attack dice may be rolled.",
        _CONDITIONS,
    ),
    Condition(
        "airborne",
        "AIRBORNE",
        "air",
        POSITIVE,
        "When attacked, roll the Dawnshade Dice: Succeed takes no damage, Fail takes it as usual.",
        _CONDITIONS,
    ),
    Condition("air_negative", None, "air", NEGATIVE, None, _CONDITIONS),
    Condition("accurate", "ACCURATE", "water", POSITIVE, None, _TEMPLE),
    Condition("stunned", "STUNNED", "water", NEGATIVE, None, _TEMPLE),
    Condition("agile", "AGILE", "nature", POSITIVE, None, _ALIGNMENT),
    Condition("nature_negative", None, "nature", NEGATIVE, None, _CONDITIONS),
)

CONDITIONS = MappingProxyType({condition.key: condition for condition in _LIST})

CONDITIONS_BY_ELEMENT = MappingProxyType(
    {
        element: ElementConditions(
            element=element,
            positive=next(c for c in _LIST if c.element == element and c.polarity == POSITIVE),
            negative=next(c for c in _LIST if c.element == element and c.polarity == NEGATIVE),
        )
        for element in ("sun", "fire", "mountain", "air", "water", "nature")
    }
)

MISSING_CONDITIONS = tuple(condition.key for condition in _LIST if condition.missing)

# Named in the rulebook's example of conditions not stacking, with no element given.
UNPLACED_CONDITION_NAMES = ("SLOWED",)

# General behaviour of every condition (Let The Battle Begin! - Conditions): a condition lasts
# until the end of the character's next turn, different conditions may be held together, and
# a second copy of one already held is not placed.
CONDITIONS_STACK = False


def condition_for(element: str, polarity: str) -> Condition:
    """The positive or negative condition of a Watcher element (missing ones included)."""
    return CONDITIONS_BY_ELEMENT[element].side(polarity)
