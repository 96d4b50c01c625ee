"""Tribal Tokens for the game in progress: spending them, one per figure per turn, with undo.

Source: Your Tribe, Chief Occulite (5 tokens, their uses, one per Occulite per turn, none
while the Chief is off the board); Luftles (Luftle Chief's 2 tokens, tokens on Luftles).
"""

from collections.abc import Mapping
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Any, Self

from campaigns.occulites.rules.errors import RuleViolation

CHIEF_OCCULITE_TOKENS = 5
LUFTLE_CHIEF_TOKENS = 2
CHIEF_SOURCE = "Your Tribe, Chief Occulite"


@dataclass(frozen=True)
class TribalTokenUse:
    """Something a Tribal Token may be discarded for."""

    key: str
    name: str
    label: str
    source: str
    once_per_game: bool = False


TRIBAL_TOKEN_USES = MappingProxyType(
    {
        use.key: use
        for use in (
            TribalTokenUse(
                "change_card_type",
                "Change card type",
                "Change an Aggressive card to Defensive (or back), keeping its value",
                CHIEF_SOURCE,
            ),
            TribalTokenUse(
                "draw_three_cards",
                "Draw 3 cards",
                "Draw 3 cards and choose the best for a test or Let Nature Take Its Course",
                CHIEF_SOURCE,
            ),
            TribalTokenUse(
                "awareness_plus_one",
                "+1 Awareness",
                "+1 Awareness for this turn to an Occulite within 12 spaces",
                CHIEF_SOURCE,
            ),
            TribalTokenUse(
                "committed_card_effect",
                "Committed card Effect",
                "Use the Effect of a card already committed to a combat",
                CHIEF_SOURCE,
            ),
            TribalTokenUse(
                "reborn_track_extra_space",
                "Extra Reborn Track space",
                "Advance an Occulite 1 extra space on the Reborn Track (Advanced Game only)",
                CHIEF_SOURCE,
            ),
            TribalTokenUse(
                "healing_mucus",
                "Healing Mucus",
                "Hydris Chief gains +1 Health, not above his starting value",
                "Hydris Tribes, Innate Abilities (Healing Mucus)",
            ),
            TribalTokenUse(
                "hasty_move",
                "Hasty's move",
                "Hasty: move a friendly Occulite up to its Speed (once per game)",
                "Scenario and Situational Ability Pool (Hasty)",
                once_per_game=True,
            ),
            TribalTokenUse(
                "treacherous_damage",
                "Treacherous damage",
                "Treacherous: +1 damage in a combat (once per scenario)",
                "Scenario and Situational Ability Pool (Treacherous)",
                once_per_game=True,
            ),
            TribalTokenUse(
                "siege_combat_effect",
                "Swing, Tussle or Repel",
                "After winning a combat: Swing, Tussle or Repel",
                "Scenario 11: Siege at the Cave Mouth, Special Rules",
            ),
        )
    }
)


@dataclass(frozen=True)
class TokenSpend:
    """One token spent on `figure` during player turn `turn`."""

    figure: str
    use: str
    turn: int


@dataclass(frozen=True)
class TribalTokens:
    """A Chief's token pool for one game.

    `turn` counts player turns (the service advances it); `chief_on_board` is whether the
    Chief Occulite is on the board; `luftles_only` marks a Luftle Chief's 2 tokens.
    """

    tokens_at_start: int = CHIEF_OCCULITE_TOKENS
    luftles_only: bool = False
    turn: int = 1
    chief_on_board: bool = True
    spends: tuple[TokenSpend, ...] = ()

    def __post_init__(self) -> None:
        if self.tokens_at_start < 0 or self.turn < 1:
            raise RuleViolation("Token counts cannot be negative and turns start at 1")
        if len(self.spends) > self.tokens_at_start:
            raise RuleViolation(f"This Chief has only {self.tokens_at_start} Tribal Tokens")

    @property
    def tokens_left(self) -> int:
        return self.tokens_at_start - len(self.spends)

    def spent_on_this_turn(self, figure: str) -> bool:
        return any(s.figure == figure and s.turn == self.turn for s in self.spends)

    def to_dict(self) -> dict[str, Any]:
        return {
            "tokens_at_start": self.tokens_at_start,
            "luftles_only": self.luftles_only,
            "turn": self.turn,
            "chief_on_board": self.chief_on_board,
            "spends": [[s.figure, s.use, s.turn] for s in self.spends],
        }

    @classmethod
    def from_dict(cls, stored: Mapping[str, Any]) -> Self:
        return cls(
            tokens_at_start=stored["tokens_at_start"],
            luftles_only=stored["luftles_only"],
            turn=stored["turn"],
            chief_on_board=stored["chief_on_board"],
            spends=tuple(TokenSpend(*spend) for spend in stored["spends"]),
        )


def luftle_chief_tokens() -> TribalTokens:
    """Luftles, Luftle Chief: "comes with 2 Tribal Tokens that can only be spent on Luftles"."""
    return TribalTokens(LUFTLE_CHIEF_TOKENS, luftles_only=True)


def _check_figure_allowed(
    tokens: TribalTokens, figure_is_luftle: bool, friend_of_the_luftles: bool
) -> None:
    if tokens.luftles_only and not figure_is_luftle:
        raise RuleViolation("The Luftle Chief's Tribal Tokens can only be spent on Luftles")
    if figure_is_luftle and not (tokens.luftles_only or friend_of_the_luftles):
        raise RuleViolation("Tribal Tokens may not be spent on Luftles without an Ability")


def spend_tribal_token(
    tokens: TribalTokens,
    figure: str,
    use: str,
    *,
    figure_is_luftle: bool = False,
    friend_of_the_luftles: bool = False,
) -> TribalTokens:
    """Chief Occulite: discard a token for one of its uses on one figure.

    Refused while the Chief is off the board, when none are left, on a figure that already
    had one this turn, and on a Luftle unless an Ability allows it (Palaudis Chief's Friend
    of the Luftles; a Luftle Chief's own tokens are for Luftles only).
    """
    if use not in TRIBAL_TOKEN_USES:
        raise RuleViolation("That is not something a Tribal Token can be spent on")
    if not tokens.chief_on_board:
        raise RuleViolation("No Tribal Tokens may be used while the Chief is off the board")
    if tokens.tokens_left == 0:
        raise RuleViolation("No Tribal Tokens left this game")
    _check_figure_allowed(tokens, figure_is_luftle, friend_of_the_luftles)
    if tokens.spent_on_this_turn(figure):
        raise RuleViolation(f"Only one Tribal Token may be spent on {figure} each turn")
    if TRIBAL_TOKEN_USES[use].once_per_game and any(s.use == use for s in tokens.spends):
        raise RuleViolation(f"{TRIBAL_TOKEN_USES[use].name} may be used once per game")
    return replace(tokens, spends=(*tokens.spends, TokenSpend(figure, use, tokens.turn)))


def next_turn(tokens: TribalTokens) -> TribalTokens:
    """A new player turn: each figure may have one token again (Chief Occulite)."""
    return replace(tokens, turn=tokens.turn + 1)


def set_chief_on_board(tokens: TribalTokens, on_board: bool) -> TribalTokens:
    """Record the Chief leaving or returning to the board (Chief Occulite, Note)."""
    return replace(tokens, chief_on_board=on_board)


def undo_last_spend(tokens: TribalTokens) -> TribalTokens:
    """Take back the last token spent (a mis-tap at the table)."""
    if not tokens.spends:
        raise RuleViolation("No Tribal Token has been spent yet")
    return replace(tokens, spends=tokens.spends[:-1])
