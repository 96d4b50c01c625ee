"""Plain dice, for the shared roller (pure; randomness injected)."""

import random
from dataclasses import dataclass

MAX_DICE = 30
SIDES_ALLOWED = (6, 10, 20)


@dataclass(frozen=True)
class DiceRoll:
    sides: int
    faces: tuple[int, ...]

    @property
    def label(self) -> str:
        return f"{len(self.faces)}d{self.sides}" + (" (0-9)" if self.sides == 10 else "")

    @property
    def summary(self) -> str:
        return ", ".join(str(face) for face in self.faces) + f" (total {sum(self.faces)})"


def roll_dice(*, count: int, sides: int, rng: random.Random) -> DiceRoll:
    """Roll `count` dice. A d10 shows 0-9, as the Dawn games' dice do; others 1..sides."""
    if not 1 <= count <= MAX_DICE:
        raise ValueError(f"Roll between 1 and {MAX_DICE} dice.")
    if sides not in SIDES_ALLOWED:
        raise ValueError("Choose d6, d10 or d20.")
    low, high = (0, 9) if sides == 10 else (1, sides)
    return DiceRoll(sides=sides, faces=tuple(rng.randint(low, high) for _ in range(count)))
