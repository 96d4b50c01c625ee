"""Tribal Tokens for the game in progress: one function per action.

The game is the typed tool state `occulites.tribal_tokens` (`TokensGame`), changed through the
platform's `tool_state_locked` (campaign locked, state re-read under the lock, saved, version
bumped). Before the first tap nothing is stored, and the game starts from the campaign's
records. A refused action raises ``RuleViolation`` (or ``Conflict`` for a stale screen) and
writes nothing; nothing goes to the ledger.
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Any, Self

from campaigns.occulites.rules import tribal_tokens as token_rules
from campaigns.occulites.rules.errors import RuleViolation
from campaigns.occulites.scenario_helpers.figures import campaign_figures, clean_name, clean_names
from campaigns.table.errors import Conflict
from campaigns.table.models import Campaign
from campaigns.table.tool_state import ToolKind, tool_state, tool_state_locked

CHIEF_POOL = "chief"
LUFTLE_CHIEF_POOL = "luftle_chief"
# Keys of tribes typed in for a one-off game (campaign tribes are "tribe-<pk>").
TYPED_TRIBE = "typed-"


@dataclass(frozen=True)
class TokenTribe:
    """One tribe in the game: its figures (name, is a Luftle) and its token pools, the
    Chief's first and a Luftle Chief's when it has one."""

    key: str
    name: str
    friend_of_the_luftles: bool
    figures: tuple[tuple[str, bool], ...]
    pools: Mapping[str, token_rules.TribalTokens]

    @property
    def has_luftle_chief(self) -> bool:
        return LUFTLE_CHIEF_POOL in self.pools

    def pool(self, key: str) -> token_rules.TribalTokens:
        if key not in self.pools:
            raise RuleViolation(f"{self.name} has no Luftle Chief's tokens")
        return self.pools[key]

    def with_pools(self, change) -> Self:
        """This tribe with `change(tokens)` applied to each of its pools."""
        return replace(self, pools=MappingProxyType({k: change(t) for k, t in self.pools.items()}))

    def to_dict(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "name": self.name,
            "friend_of_the_luftles": self.friend_of_the_luftles,
            "figures": [[name, is_luftle] for name, is_luftle in self.figures],
            "pools": {key: tokens.to_dict() for key, tokens in self.pools.items()},
        }

    @classmethod
    def from_dict(cls, stored: Mapping[str, Any]) -> Self:
        return cls(
            stored["key"],
            stored["name"],
            stored["friend_of_the_luftles"],
            tuple((name, is_luftle) for name, is_luftle in stored["figures"]),
            MappingProxyType(
                {
                    key: token_rules.TribalTokens.from_dict(pool)
                    for key, pool in stored["pools"].items()
                }
            ),
        )


@dataclass(frozen=True)
class TokensGame:
    """The turn, the tribes in the game, and the number the next typed-in tribe gets."""

    turn: int = 1
    tribes: tuple[TokenTribe, ...] = ()
    next_typed: int = 1

    def tribe(self, key: str) -> TokenTribe:
        tribe = next((t for t in self.tribes if t.key == key), None)
        if tribe is None:
            raise RuleViolation("That tribe is not in this game; start a new game to add it")
        return tribe

    def with_tribe(self, tribe: TokenTribe) -> Self:
        return replace(self, tribes=tuple(tribe if t.key == tribe.key else t for t in self.tribes))

    def to_dict(self) -> dict[str, Any]:
        return {
            "turn": self.turn,
            "next_typed": self.next_typed,
            "tribes": [tribe.to_dict() for tribe in self.tribes],
        }

    @classmethod
    def from_dict(cls, stored: Mapping[str, Any]) -> Self:
        return cls(
            stored["turn"],
            tuple(TokenTribe.from_dict(tribe) for tribe in stored["tribes"]),
            stored.get("next_typed", 1),
        )


# No default game: before the first tap the page and the first action start from the records.
TRIBAL_TOKENS: ToolKind[TokensGame | None] = ToolKind(
    "occulites.tribal_tokens",
    default=lambda: None,
    from_dict=TokensGame.from_dict,
    to_dict=TokensGame.to_dict,
)


def _token_tribe(
    name: str, key: str, figures, friend: bool, luftle_chief: bool, turn: int = 1
) -> TokenTribe:
    pools = {CHIEF_POOL: token_rules.TribalTokens(turn=turn)}
    if luftle_chief:
        pools[LUFTLE_CHIEF_POOL] = replace(token_rules.luftle_chief_tokens(), turn=turn)
    return TokenTribe(
        key,
        name,
        friend,
        tuple((n, bool(luftle)) for n, luftle in figures),
        MappingProxyType(pools),
    )


def tokens_from_records(campaign: Campaign) -> TokensGame:
    """A new game's Tribal Tokens for the campaign's tribes: 5 for each Chief, and 2 more for
    Luftles only where a Luftle Chief has been recruited (Chief Occulite; Luftle Chief)."""
    return TokensGame(
        tribes=tuple(
            _token_tribe(
                tribe.name,
                f"tribe-{tribe.tribe_id}",
                [(figure.name, figure.is_luftle) for figure in tribe.figures],
                tribe.friend_of_the_luftles,
                tribe.has_luftle_chief,
            )
            for tribe in campaign_figures(campaign)
        )
    )


def tokens_state(campaign: Campaign) -> TokensGame:
    """The game in progress, or (before the first tap) a fresh game from the records."""
    return tool_state(campaign, TRIBAL_TOKENS) or tokens_from_records(campaign)


def _tokens_change(campaign: Campaign):
    return tool_state_locked(campaign, TRIBAL_TOKENS, start=tokens_from_records)


def tokens_new_game(*, campaign: Campaign, actor) -> TokensGame:
    """Every Chief starts each game with 5 Tribal Tokens again (Chief Occulite): the
    campaign's tribes as they are now, and the tribes added by name with fresh tokens."""
    with _tokens_change(campaign) as locked:
        previous = locked.state
        fresh = tokens_from_records(locked.campaign)
        typed = tuple(
            _token_tribe(
                tribe.name,
                tribe.key,
                tribe.figures,
                tribe.friend_of_the_luftles,
                tribe.has_luftle_chief,
            )
            for tribe in previous.tribes
            if tribe.key.startswith(TYPED_TRIBE)
        )
        locked.state = replace(fresh, tribes=fresh.tribes + typed, next_typed=previous.next_typed)
    return locked.state


def tokens_add_tribe(
    *,
    campaign: Campaign,
    actor,
    name: str,
    occulites: Sequence[str],
    luftles: Sequence[str] = (),
    luftle_chief: bool = False,
    friend_of_the_luftles: bool = False,
) -> None:
    """Add a tribe by name for a one-off game (the first Occulite named is the Chief)."""
    name = clean_name(name, "tribe")
    occulites, luftles = clean_names(occulites), clean_names(luftles)
    if not occulites:
        raise RuleViolation("Name the tribe's Occulites, the Chief first")
    clean_names([*occulites, *luftles])  # one name per figure across both lists
    figures = [(n, False) for n in occulites] + [(n, True) for n in luftles]
    with _tokens_change(campaign) as locked:
        game = locked.state
        if any(tribe.name == name for tribe in game.tribes):
            raise RuleViolation(f"There is already a tribe called {name}")
        tribe = _token_tribe(
            name,
            f"{TYPED_TRIBE}{game.next_typed}",
            figures,
            friend_of_the_luftles,
            luftle_chief,
            turn=game.turn,
        )
        locked.state = replace(game, tribes=(*game.tribes, tribe), next_typed=game.next_typed + 1)


def tokens_spend(
    *, campaign: Campaign, actor, tribe: str, pool: str, figure: str, use: str
) -> token_rules.TribalTokens:
    """The Chief discards a token for one of its uses on one figure: one per figure per turn,
    none while the Chief is off the board, not on Luftles unless an Ability allows it, and a
    Luftle Chief's tokens on Luftles only (Chief Occulite; Luftle Chief)."""
    with _tokens_change(campaign) as locked:
        entry = locked.state.tribe(tribe)
        figures = dict(entry.figures)
        if figure not in figures:
            raise RuleViolation(f"{figure} is not in {entry.name}")
        after = token_rules.spend_tribal_token(
            entry.pool(pool),
            figure,
            use,
            figure_is_luftle=figures[figure],
            friend_of_the_luftles=entry.friend_of_the_luftles,
        )
        pools = MappingProxyType({**entry.pools, pool: after})
        locked.state = locked.state.with_tribe(replace(entry, pools=pools))
    return after


def tokens_undo(
    *, campaign: Campaign, actor, tribe: str, pool: str, expected_spent: int | None = None
) -> token_rules.TribalTokens:
    """Take back the last token spent from a pool (a mis-tap at the table). The count the
    player saw guards against taking back someone else's newer spend."""
    with _tokens_change(campaign) as locked:
        entry = locked.state.tribe(tribe)
        tokens = entry.pool(pool)
        if expected_spent is not None and expected_spent != len(tokens.spends):
            raise Conflict(f"{entry.name}'s tokens changed meanwhile; check them again.")
        after = token_rules.undo_last_spend(tokens)
        pools = MappingProxyType({**entry.pools, pool: after})
        locked.state = locked.state.with_tribe(replace(entry, pools=pools))
    return after


def tokens_chief_on_board(*, campaign: Campaign, actor, tribe: str, on_board: bool) -> None:
    """The Chief left or came back to the board: no Tribal Tokens at all while he is off
    (Chief Occulite, Note), the Luftle Chief's included."""
    with _tokens_change(campaign) as locked:
        entry = locked.state.tribe(tribe)
        changed = entry.with_pools(lambda tokens: token_rules.set_chief_on_board(tokens, on_board))
        locked.state = locked.state.with_tribe(changed)


def tokens_next_turn(*, campaign: Campaign, actor, expected_turn: int | None = None) -> int:
    """A new turn: every figure may have one token again (Chief Occulite). The turn the
    player saw guards against two phones both moving it on."""
    with _tokens_change(campaign) as locked:
        game = locked.state
        if expected_turn is not None and expected_turn != game.turn:
            raise Conflict(f"It is already turn {game.turn}.")
        locked.state = TokensGame(
            game.turn + 1,
            tuple(tribe.with_pools(token_rules.next_turn) for tribe in game.tribes),
            game.next_typed,
        )
    return locked.state.turn
