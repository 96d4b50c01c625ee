"""Tavern games and Cogrushing: Watchers Runes played out, Double Doubler's Dice and
Cogrushing bookkeeping.

Source: Quest Tiles - Outpost - Tavern, Double Doubler's (D&D) Dice, Watchers Runes, Outpost
Upgrades (antes, extra 2-Tawny cards); Events - Cogbot Challenges - Cogrushing; Solo Mode;
Set-up - Currency (Tawny is never shared between characters).

Readings:

* Watchers Runes uses the Target Cards of four characters whatever the player count, as
  printed; the Tavern's extra 2-Tawny cards are added to those twenty. A Tawny card pays each
  player still in. Players can stop only after a card has been revealed.
* A Runes player who stops has lost nothing, since only busting loses the ante:
  ``ante_back_on_stop=True`` returns it with the winnings; ``False`` treats it as spent.
* Double Doubler's Dice: the ante rides on the first roll; after each success the player
  collects any part of what rides and lets the rest ride; a failure loses what rides.
* Cogrushing: a bet "doubled" pays the bettor twice the stake back; a lost bet is gone.
"""

import random
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Self

from campaigns.dawnshade.catalog.outposts import outpost_upgrade
from campaigns.dawnshade.catalog.quest_deck import TAVERN
from campaigns.dawnshade.catalog.tavern import (
    COGRUSHING_BET_MAX,
    COGRUSHING_BET_MIN,
    COGRUSHING_BET_MULTIPLIER,
    COGRUSHING_DRUDGE_HP,
    DAWNSHADE_DICE,
    DAWNSHADE_DICE_ROLLED,
    DOUBLERS_DICE_MULTIPLIER,
    RUNES_DECK_CHARACTERS,
    RUNES_RUNE_CARDS_PER_CHARACTER,
    RUNES_TAWNY_CARDS_PER_CHARACTER,
    RUNES_TAWNY_PER_CARD,
    RUNES_TAWNY_PER_EXTRA_CARD,
    RUNES_TO_BUST,
)
from campaigns.dawnshade.rules.errors import RuleViolation

SUCCEED = "succeed"
FAIL = "fail"


def _tavern_level(level: int):
    if level not in (1, 2, 3):
        raise RuleViolation("The Tavern is at level I, II or III")
    return outpost_upgrade(TAVERN, level)


def _check_ante(player: str, tawny: int, ante: int) -> None:
    if tawny < ante:
        raise RuleViolation(
            f"{player} has {tawny} Tawny and the ante is {ante}; Tawny cannot be shared"
        )


def dawnshade_dice_outcome(faces: Sequence[str]) -> str:
    """Two Dawnshade Dice: one Dawn and one Shade is balance, a Succeed; two alike is a Fail
    (Double Doubler's Dice)."""
    if len(faces) != DAWNSHADE_DICE_ROLLED or any(face not in DAWNSHADE_DICE for face in faces):
        raise RuleViolation("Enter the two Dawnshade Dice: each shows Dawn or Shade")
    return SUCCEED if set(faces) == set(DAWNSHADE_DICE) else FAIL


# Watchers Runes ----------------------------------------------------------------------------

EXTRA_TAWNY_CARD = "extra"


def runes_card_value(card: str) -> int:
    """Tawny a revealed card pays each player still in; a Rune pays nothing."""
    if card == EXTRA_TAWNY_CARD:
        return RUNES_TAWNY_PER_EXTRA_CARD
    return RUNES_TAWNY_PER_CARD if card.startswith("tawny:") else 0


def runes_deck_cards(tavern_level: int) -> tuple[str, ...]:
    """Five Target Cards for each of four characters (three Tawny, two Runes: ``"tawny:1"``,
    ``"rune:1"``...) and the Tavern level's extra 2-Tawny cards (``"extra"``), unshuffled
    (Watchers Runes; Outpost Upgrades)."""
    extra = _tavern_level(tavern_level).watchers_runes_extra_tawny_cards
    cards: list[str] = []
    for character in range(1, RUNES_DECK_CHARACTERS + 1):
        cards += [f"tawny:{character}"] * RUNES_TAWNY_CARDS_PER_CHARACTER
        cards += [f"rune:{character}"] * RUNES_RUNE_CARDS_PER_CHARACTER
    return tuple(cards + [EXTRA_TAWNY_CARD] * extra)


@dataclass(frozen=True)
class RunesGame:
    """A game of Watchers Runes.

    ``draw_pile`` is top first. ``pot`` is the Tawny each player still in has won so far.
    ``still_in`` are the players playing on, ``collected`` the (player, Tawny won) of those who
    stopped. ``busted`` is set when two Runes of one character showed.
    """

    ante: int
    ante_back_on_stop: bool
    draw_pile: tuple[str, ...]
    revealed: tuple[str, ...]
    still_in: tuple[str, ...]
    collected: tuple[tuple[str, int], ...] = ()
    pot: int = 0
    busted: bool = False

    @property
    def over(self) -> bool:
        return self.busted or not self.still_in

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(player for player, _ in self.collected) + self.still_in

    def to_dict(self) -> dict[str, Any]:
        return {
            "ante": self.ante,
            "ante_back_on_stop": self.ante_back_on_stop,
            "draw_pile": list(self.draw_pile),
            "revealed": list(self.revealed),
            "still_in": list(self.still_in),
            "collected": [list(pair) for pair in self.collected],
            "pot": self.pot,
            "busted": self.busted,
        }

    @classmethod
    def from_dict(cls, stored: Mapping[str, Any]) -> Self:
        return cls(
            ante=stored["ante"],
            ante_back_on_stop=stored["ante_back_on_stop"],
            draw_pile=tuple(stored["draw_pile"]),
            revealed=tuple(stored["revealed"]),
            still_in=tuple(stored["still_in"]),
            collected=tuple((player, won) for player, won in stored["collected"]),
            pot=stored["pot"],
            busted=stored["busted"],
        )


def runes_start(
    players_tawny: Mapping[str, int],
    *,
    tavern_level: int,
    rng: random.Random,
    ante_back_on_stop: bool = True,
) -> RunesGame:
    """Each player who joins pays the 2-Tawny ante from their own Tawny; the deck is shuffled
    (Watchers Runes). ``players_tawny`` maps each joining player, from the Active Player on,
    to the Tawny they hold."""
    if not players_tawny:
        raise RuleViolation("Nobody has put in the ante")
    ante = _tavern_level(tavern_level).watchers_runes_ante
    for player, tawny in players_tawny.items():
        _check_ante(player, tawny, ante)
    cards = list(runes_deck_cards(tavern_level))
    rng.shuffle(cards)
    return RunesGame(
        ante=ante,
        ante_back_on_stop=ante_back_on_stop,
        draw_pile=tuple(cards),
        revealed=(),
        still_in=tuple(players_tawny),
    )


def _rune_character(card: str) -> str | None:
    return card.split(":", 1)[1] if card.startswith("rune:") else None


def runes_reveal(game: RunesGame) -> RunesGame:
    """The Active Player turns the top card. A Tawny card adds to every remaining player's
    winnings; the second Rune of one character busts everyone still in (Watchers Runes)."""
    if game.over:
        raise RuleViolation("This game of Watchers Runes is over")
    if not game.draw_pile:
        raise RuleViolation("The Watchers Runes deck is empty")
    card, pile = game.draw_pile[0], game.draw_pile[1:]
    revealed = (*game.revealed, card)
    character = _rune_character(card)
    busted = character is not None and (
        sum(1 for seen in revealed if _rune_character(seen) == character) >= RUNES_TO_BUST
    )
    return replace(
        game,
        draw_pile=pile,
        revealed=revealed,
        pot=game.pot + runes_card_value(card),
        busted=busted,
    )


def runes_stop(game: RunesGame, stopping: Collection[str]) -> RunesGame:
    """After a reveal, players who stop collect what they have won so far; the others let it
    ride (Watchers Runes)."""
    if game.over:
        raise RuleViolation("This game of Watchers Runes is over")
    if not game.revealed:
        raise RuleViolation("The first card is turned before anyone may stop")
    for player in stopping:
        if player not in game.still_in:
            raise RuleViolation(f"{player} is not playing on in this game of Watchers Runes")
    return replace(
        game,
        still_in=tuple(p for p in game.still_in if p not in stopping),
        collected=game.collected + tuple((p, game.pot) for p in game.still_in if p in stopping),
    )


def runes_settlement(game: RunesGame) -> Mapping[str, int]:
    """Each player's change in Tawny once the game is over: the ante paid, and for those who
    stopped in time their winnings (and their ante back, by default); the busted get nothing
    back (Watchers Runes)."""
    if not game.over:
        raise RuleViolation("Watchers Runes is still being played")
    back = game.ante if game.ante_back_on_stop else 0
    result = {player: won + back - game.ante for player, won in game.collected}
    if game.busted:
        result.update(dict.fromkeys(game.still_in, -game.ante))
    return result


# Double Doubler's Dice ---------------------------------------------------------------------


@dataclass(frozen=True)
class DoublersDiceGame:
    """One player's Double Doubler's Dice: the ante, the Tawny riding on the next roll, what
    has been collected, and the rolls so far (``"succeed"``/``"fail"``)."""

    player: str
    ante: int
    riding: int
    collected: int = 0
    rolls: tuple[str, ...] = ()

    @property
    def over(self) -> bool:
        return self.riding == 0

    @property
    def net_tawny(self) -> int:
        """The player's gain or loss so far (what is riding not counted)."""
        return self.collected - self.ante

    def to_dict(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "ante": self.ante,
            "riding": self.riding,
            "collected": self.collected,
            "rolls": list(self.rolls),
        }

    @classmethod
    def from_dict(cls, stored: Mapping[str, Any]) -> Self:
        return cls(
            player=stored["player"],
            ante=stored["ante"],
            riding=stored["riding"],
            collected=stored["collected"],
            rolls=tuple(stored["rolls"]),
        )


def doublers_dice_start(player: str, *, tawny: int, tavern_level: int) -> DoublersDiceGame:
    """Pay the ante for the Tavern's level (1, 2 or 3 Tawny) from the player's own Tawny
    (Double Doubler's Dice; Outpost Upgrades)."""
    ante = _tavern_level(tavern_level).doublers_dice_ante
    _check_ante(player, tawny, ante)
    return DoublersDiceGame(player=player, ante=ante, riding=ante)


def doublers_dice_roll(game: DoublersDiceGame, faces: Sequence[str]) -> DoublersDiceGame:
    """Enter the two Dawnshade Dice: balance doubles what rides, anything else loses it
    (Double Doubler's Dice)."""
    if game.over:
        raise RuleViolation(f"{game.player} has nothing riding: this game is over")
    outcome = dawnshade_dice_outcome(faces)
    riding = game.riding * DOUBLERS_DICE_MULTIPLIER if outcome == SUCCEED else 0
    return replace(game, riding=riding, rolls=(*game.rolls, outcome))


def doublers_dice_collect(game: DoublersDiceGame, amount: int) -> DoublersDiceGame:
    """After a success, collect ``amount`` of the winnings and let the rest ride; collecting
    everything ends the game (Double Doubler's Dice)."""
    if game.over:
        raise RuleViolation(f"{game.player} has nothing riding: this game is over")
    if not game.rolls or game.rolls[-1] != SUCCEED:
        raise RuleViolation("Winnings are collected after a successful roll")
    if not 0 <= amount <= game.riding:
        raise RuleViolation(f"{game.player} can collect from 0 to {game.riding} Tawny")
    return replace(game, riding=game.riding - amount, collected=game.collected + amount)


# Cogrushing --------------------------------------------------------------------------------


@dataclass(frozen=True)
class CogrushingGame:
    """A Cogrushing match: the Drudges' HP (first = top of their stack), how many have been
    deployed, the bets against the Active Player, and the result once decided."""

    active_player: str
    drudges_hp: tuple[int, ...] = COGRUSHING_DRUDGE_HP
    deployed: int = 0
    bets: tuple[tuple[str, int], ...] = ()
    result: str | None = None

    @property
    def eliminated(self) -> tuple[bool, ...]:
        return tuple(hp == 0 for hp in self.drudges_hp)

    def to_dict(self) -> dict[str, Any]:
        return {
            "active_player": self.active_player,
            "drudges_hp": list(self.drudges_hp),
            "deployed": self.deployed,
            "bets": [list(bet) for bet in self.bets],
            "result": self.result,
        }

    @classmethod
    def from_dict(cls, stored: Mapping[str, Any]) -> Self:
        return cls(
            active_player=stored["active_player"],
            drudges_hp=tuple(stored["drudges_hp"]),
            deployed=stored["deployed"],
            bets=tuple((player, bet) for player, bet in stored["bets"]),
            result=stored["result"],
        )


def cogrushing_start(
    active_player: str, *, bets: Mapping[str, int], tawny: Mapping[str, int]
) -> CogrushingGame:
    """Set up the six Drudges (1, 1, 1, 2, 2, 3 HP from the top) and take the bets: each
    player other than the Active Player bets 0 to 2 Tawny of their own (Cogrushing)."""
    for player, bet in bets.items():
        if player == active_player:
            raise RuleViolation("The Active Player does not bet against themself")
        if not COGRUSHING_BET_MIN <= bet <= COGRUSHING_BET_MAX:
            raise RuleViolation(
                f"A Cogrushing bet is {COGRUSHING_BET_MIN} to {COGRUSHING_BET_MAX} Tawny"
            )
        if tawny.get(player, 0) < bet:
            raise RuleViolation(f"{player} does not have {bet} Tawny to bet")
    return CogrushingGame(active_player=active_player, bets=tuple(bets.items()))


def _check_running(game: CogrushingGame) -> None:
    if game.result is not None:
        raise RuleViolation("This Cogrushing match is over")


def cogrushing_deploy(game: CogrushingGame) -> CogrushingGame:
    """A non-active player sends the top Drudge of the stack onto ring VI or VII
    (Cogrushing)."""
    _check_running(game)
    if game.deployed == len(game.drudges_hp):
        raise RuleViolation("Every Drudge is already on the Battle Mat")
    return replace(game, deployed=game.deployed + 1)


def cogrushing_hit(
    game: CogrushingGame, *, pips: int, assigned: Mapping[int, int]
) -> CogrushingGame:
    """The Active Player's launched Cogbot hits: its ``pips`` are shared among the Drudges it
    touches (``assigned`` maps Drudge number 1-6 to hits); a Drudge at 0 HP is eliminated, and
    when all six are, the Active Player succeeds (Cogrushing)."""
    _check_running(game)
    if pips < 0 or any(hits < 0 for hits in assigned.values()):
        raise RuleViolation("Hits cannot be negative")
    if sum(assigned.values()) > pips:
        raise RuleViolation(f"The launched Cogbot shows {pips} pips: that many hits to share")
    hp = list(game.drudges_hp)
    for number, hits in assigned.items():
        if not 1 <= number <= game.deployed:
            raise RuleViolation(f"Drudge {number} is not on the Battle Mat")
        if hp[number - 1] == 0:
            raise RuleViolation(f"Drudge {number} is already eliminated")
        hp[number - 1] = max(0, hp[number - 1] - hits)
    result = SUCCEED if not any(hp) else None
    return replace(game, drudges_hp=tuple(hp), result=result)


def cogrushing_reaches_turret(game: CogrushingGame) -> CogrushingGame:
    """A Drudge reached the turret: the Active Player fails (Cogrushing)."""
    _check_running(game)
    if game.deployed == 0:
        raise RuleViolation("No Drudge is on the Battle Mat yet")
    return replace(game, result=FAIL)


def cogrushing_settlement(game: CogrushingGame) -> Mapping[str, int]:
    """Each bettor's change in Tawny: the stake lost if the Active Player succeeded, won again
    (doubled) if they failed (Cogrushing)."""
    if game.result is None:
        raise RuleViolation("The Cogrushing match is not over")
    sign = -1 if game.result == SUCCEED else COGRUSHING_BET_MULTIPLIER - 1
    return {player: sign * bet for player, bet in game.bets}
