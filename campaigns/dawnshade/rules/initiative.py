"""The initiative bag, stack and discard: who takes the next turn in a battle.

Source: Battles - Initiative Stack; Battle Dice - Defense Dice (Formation Change); Let The
Battle Begin! (Ally's Turn, Foe's Turn); Battles - Round Marker; Solo Mode - Battles.

Chips are strings: ``"ally"`` for a green Ally chip (they are all alike) and ``"I"``-``"VII"``
for the grey Foe chips. The stack is kept top first. The bag is kept sorted, since only its
contents matter; every draw from it goes through the injected ``rng``.

Readings where the rulebook is silent or loose:

* A foe chip whose position holds no foe (solo against one foe: chips II-V) is passed on like
  a KO'd foe's chip, to the next living foe in numerical order, VII wrapping to I.
* Solo with several characters: the rulebook counts players; each character counts as one.
* The Active Player marker goes round the characters clockwise after every Ally turn. Who
  plays an Ally chip when the Active Player's character is KO'd is not printed: the table
  picks ``KO_ALLY_NEXT_LIVING`` (the next living character clockwise plays it) or
  ``KO_ALLY_CHIP_SPENT`` (the chip is discarded without a turn, the marker moves on).
* Chips left in the bag at the end of a round stay there; the bag is refilled from the
  discard only when a draw finds it empty, as printed.
"""

import random
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Literal, Self

from campaigns.dawnshade.catalog.battle import (
    ALLY_INITIATIVE_CHIPS,
    BATTLE_ROUNDS,
    FOE_POSITIONS,
    MAX_FOES,
    MOST_PLAYERS,
    ROMAN,
    SOLO_BATTLE_ROUNDS,
    SOLO_CHIPS_DRAWN_PER_ROUND,
    SOLO_SEVERAL_FOES_CHIPS,
    SOLO_SINGLE_FOE_CHIPS,
    TWO_PLAYER_EXTRA_ALLY_CHIPS,
)
from campaigns.dawnshade.rules.errors import RuleViolation

ALLY_CHIP = "ally"
FOE_CHIPS = tuple(ROMAN[position] for position in FOE_POSITIONS)
_POSITION_OF_CHIP = {chip: position for position, chip in ROMAN.items()}

KO_ALLY_NEXT_LIVING = "next_living"
KO_ALLY_CHIP_SPENT = "chip_spent"
KoAllyChoice = Literal["next_living", "chip_spent"]


def _chip_order(chip: str) -> int:
    return 0 if chip == ALLY_CHIP else _POSITION_OF_CHIP[chip]


def _sorted_chips(chips: Iterable[str]) -> tuple[str, ...]:
    return tuple(sorted(chips, key=_chip_order))


@dataclass(frozen=True)
class Turn:
    """Whose turn the top chip of the stack gives.

    ``side`` is ``"ally"`` or ``"foe"``; ``character`` is the character taking an Ally turn,
    ``position`` the foe's ring (1-7) taking a Foe turn. ``chip_spent`` is true when the chip
    is discarded without a turn (``KO_ALLY_CHIP_SPENT`` with the Active Player KO'd).
    ``key`` is what a phone sends back to say which turn it is finishing.
    """

    chip: str
    side: str
    character: str | None = None
    position: int | None = None
    chip_spent: bool = False

    @property
    def key(self) -> str:
        if self.side == "ally":
            return f"ally:{self.character}"
        return f"foe:{ROMAN[self.position]}"


@dataclass(frozen=True)
class InitiativeState:
    """The chips of one battle, the Active Player marker and the round marker.

    ``seats`` are the characters in clockwise order; ``active_seat`` indexes the one holding
    the Active Player marker. ``rounds_finished`` counts completed rounds out of
    ``rounds_total`` (the marker starts on ``rounds_total`` rounds left).
    """

    bag: tuple[str, ...]
    stack: tuple[str, ...]
    discard: tuple[str, ...]
    draw_per_round: int
    seats: tuple[str, ...]
    active_seat: int = 0
    rounds_total: int = BATTLE_ROUNDS
    rounds_finished: int = 0

    def __post_init__(self) -> None:
        for chip in (*self.bag, *self.stack, *self.discard):
            if chip != ALLY_CHIP and chip not in _POSITION_OF_CHIP:
                raise RuleViolation(f"{chip!r} is not an initiative chip")
        if not self.seats or not 0 <= self.active_seat < len(self.seats):
            raise RuleViolation("The Active Player marker must sit with one of the characters")
        if self.draw_per_round < 1 or self.rounds_total < 1:
            raise RuleViolation("A battle draws at least one chip a round and lasts a round")
        if not 0 <= self.rounds_finished <= self.rounds_total:
            raise RuleViolation("The round marker cannot go past the last round")

    @property
    def rounds_left(self) -> int:
        """The number the round marker shows: rounds not yet finished."""
        return self.rounds_total - self.rounds_finished

    @property
    def current_round(self) -> int | None:
        """The round being played (1-based), or None once the last round is over."""
        return None if self.battle_over else self.rounds_finished + 1

    @property
    def round_over(self) -> bool:
        """True when the stack is empty: the next round's chips must be drawn."""
        return not self.stack

    @property
    def battle_over(self) -> bool:
        """True once the last round has been played."""
        return self.rounds_finished >= self.rounds_total

    @property
    def active_player(self) -> str:
        return self.seats[self.active_seat]

    def to_dict(self) -> dict[str, Any]:
        return {
            "bag": list(self.bag),
            "stack": list(self.stack),
            "discard": list(self.discard),
            "draw_per_round": self.draw_per_round,
            "seats": list(self.seats),
            "active_seat": self.active_seat,
            "rounds_total": self.rounds_total,
            "rounds_finished": self.rounds_finished,
        }

    @classmethod
    def from_dict(cls, stored: Mapping[str, Any]) -> Self:
        return cls(
            bag=tuple(stored["bag"]),
            stack=tuple(stored["stack"]),
            discard=tuple(stored["discard"]),
            draw_per_round=stored["draw_per_round"],
            seats=tuple(stored["seats"]),
            active_seat=stored["active_seat"],
            rounds_total=stored["rounds_total"],
            rounds_finished=stored["rounds_finished"],
        )


def foes_on_rings(foes_in_logbook_order: Sequence[str]) -> tuple[tuple[int, str], ...]:
    """Foes take rings I, II, III... in the order the Logbook lists them (Battles - Battle
    Set-up)."""
    if len(foes_in_logbook_order) > MAX_FOES:
        raise RuleViolation(
            "The Battle Mat has seven foe rings: there is no room for an eighth foe"
        )
    return tuple(zip(FOE_POSITIONS, foes_in_logbook_order, strict=False))


def initiative_check_foe_positions(foe_positions: Sequence[int]) -> tuple[int, ...]:
    """Foes go on rings I-VII, one foe to a ring, at most seven (Battles - Battle Set-up)."""
    if len(foe_positions) > MAX_FOES:
        raise RuleViolation(
            "The Battle Mat has seven foe rings: there is no room for an eighth foe"
        )
    seen: set[int] = set()
    for position in foe_positions:
        if position not in FOE_POSITIONS:
            raise RuleViolation("Foes stand on the rings numbered I to VII")
        if position in seen:
            raise RuleViolation(f"Foe ring {ROMAN[position]} already holds a foe")
        seen.add(position)
    if not seen:
        raise RuleViolation("A battle needs at least one foe")
    return tuple(sorted(seen))


def initiative_bag_contents(*, foe_positions: Sequence[int], players: int) -> tuple[str, ...]:
    """The chips that go into the Dawnshade Bag at set-up.

    One Foe chip per occupied ring and one Ally chip per player, with one more Ally chip in a
    two-player game. Solo with one character: all five Ally chips and Foe chips I-V against a
    single foe, I-VII against several (Battles - Initiative Stack; Solo Mode - Battles).
    """
    positions = initiative_check_foe_positions(foe_positions)
    if not 1 <= players <= MOST_PLAYERS:
        raise RuleViolation(f"Dawnshade is played by 1 to {MOST_PLAYERS} characters")
    if players == 1:
        foe_chips = SOLO_SINGLE_FOE_CHIPS if len(positions) == 1 else SOLO_SEVERAL_FOES_CHIPS
        ally_chips = ALLY_INITIATIVE_CHIPS
    else:
        foe_chips = positions
        ally_chips = players + (TWO_PLAYER_EXTRA_ALLY_CHIPS if players == 2 else 0)
    return _sorted_chips((ALLY_CHIP,) * ally_chips + tuple(ROMAN[p] for p in foe_chips))


def initiative_setup(
    *,
    foe_positions: Sequence[int],
    seats: Sequence[str],
    rounds_total: int | None = None,
) -> InitiativeState:
    """Fill the bag for a new battle; nothing is drawn yet (``initiative_draw_round`` does).

    ``seats`` are the characters clockwise from the Active Player; their number is the number
    of players. The round marker starts at 5, or 4 in solo with one character, unless the
    Logbook's Special Battle Instructions give ``rounds_total`` (Battles - Round Marker; Solo
    Mode - Battles).
    """
    if len(set(seats)) != len(seats):
        raise RuleViolation("Each character takes one seat at the battle")
    players = len(seats)
    bag = initiative_bag_contents(foe_positions=foe_positions, players=players)
    solo = players == 1
    if rounds_total is None:
        rounds_total = SOLO_BATTLE_ROUNDS if solo else BATTLE_ROUNDS
    if rounds_total < 1:
        raise RuleViolation("A battle lasts at least one round")
    return InitiativeState(
        bag=bag,
        stack=(),
        discard=(),
        draw_per_round=SOLO_CHIPS_DRAWN_PER_ROUND if solo else players,
        seats=tuple(seats),
        rounds_total=rounds_total,
    )


def _draw_one(
    bag: tuple[str, ...], discard: tuple[str, ...], rng: random.Random
) -> tuple[str, tuple[str, ...], tuple[str, ...]]:
    """Draw one chip, first emptying the discard into an empty bag (Initiative Stack)."""
    if not bag:
        if not discard:
            raise RuleViolation(
                "The Dawnshade Bag is empty and so is the Initiative Discard: there is no chip "
                "to draw"
            )
        bag, discard = _sorted_chips(discard), ()
    index = rng.randrange(len(bag))
    return bag[index], bag[:index] + bag[index + 1 :], discard


def initiative_draw_round(state: InitiativeState, rng: random.Random) -> InitiativeState:
    """Draw the round's chips onto the stack in the order they come out (one per player, two
    in solo); an empty bag is refilled from the discard and the drawing goes on (Battles -
    Initiative Stack; Solo Mode - Battles)."""
    if state.battle_over:
        raise RuleViolation("The last round is over: the battle has ended")
    if state.stack:
        raise RuleViolation("This round's initiative stack still has chips to play")
    bag, discard, drawn = state.bag, state.discard, []
    for _ in range(state.draw_per_round):
        chip, bag, discard = _draw_one(bag, discard, rng)
        drawn.append(chip)
    return replace(state, bag=bag, discard=discard, stack=tuple(drawn))


def _next_living_foe(chip: str, living_foes: Collection[int]) -> int:
    """The foe a Foe chip gives the turn to: its own ring's foe, or the next living one in
    numerical order, VII wrapping to I (Let The Battle Begin! - Foe's Turn)."""
    start = _POSITION_OF_CHIP[chip]
    for step in range(len(FOE_POSITIONS)):
        position = (start - 1 + step) % len(FOE_POSITIONS) + 1
        if position in living_foes:
            return position
    raise RuleViolation("Every foe is KO'd: the battle is over")


def _next_living_seat(state: InitiativeState, knocked_out: Collection[str]) -> int | None:
    for step in range(len(state.seats)):
        seat = (state.active_seat + step) % len(state.seats)
        if state.seats[seat] not in knocked_out:
            return seat
    return None


def initiative_whose_turn(
    state: InitiativeState,
    *,
    living_foes: Collection[int],
    knocked_out_allies: Collection[str] = (),
    ko_ally_choice: KoAllyChoice | None = None,
) -> Turn:
    """The turn the top chip gives: an Ally chip is the Active Player's, a Foe chip the foe on
    that ring, or the next living foe when it is KO'd (Let The Battle Begin!).

    ``ko_ally_choice`` is only needed when the Active Player's character is KO'd (the
    rulebook is silent there; see the module docstring).
    """
    if state.battle_over:
        raise RuleViolation("The last round is over: the battle has ended")
    if not state.stack:
        raise RuleViolation("The round is over: draw the next round's initiative chips")
    chip = state.stack[0]
    if chip != ALLY_CHIP:
        return Turn(chip=chip, side="foe", position=_next_living_foe(chip, living_foes))
    if state.active_player not in knocked_out_allies:
        return Turn(chip=chip, side="ally", character=state.active_player)
    seat = _next_living_seat(state, knocked_out_allies)
    if seat is None:
        raise RuleViolation("Every ally is KO'd: the battle is over")
    if ko_ally_choice == KO_ALLY_NEXT_LIVING:
        return Turn(chip=chip, side="ally", character=state.seats[seat])
    if ko_ally_choice == KO_ALLY_CHIP_SPENT:
        return Turn(chip=chip, side="ally", character=state.active_player, chip_spent=True)
    raise RuleViolation(
        f"{state.active_player} is KO'd and holds the Active Player marker; the rulebook does "
        "not say who plays this Ally chip, so the table must choose"
    )


def initiative_end_turn(
    state: InitiativeState,
    turn_key: str,
    *,
    living_foes: Collection[int],
    knocked_out_allies: Collection[str] = (),
    ko_ally_choice: KoAllyChoice | None = None,
) -> InitiativeState:
    """Finish the turn named by ``turn_key`` (``Turn.key``): its chip goes to the discard,
    and after an Ally turn the Active Player marker passes clockwise. When the stack is
    empty the round is over and the round marker moves (Battles - Initiative Stack, Round
    Marker; Let The Battle Begin! - Ally's Turn, step four)."""
    turn = initiative_whose_turn(
        state,
        living_foes=living_foes,
        knocked_out_allies=knocked_out_allies,
        ko_ally_choice=ko_ally_choice,
    )
    if turn_key != turn.key:
        raise RuleViolation(
            f"That turn is out of initiative order: the initiative stack gives this turn to "
            f"{_describe(turn)}"
        )
    active_seat = state.active_seat
    if turn.side == "ally":
        acting_seat = state.seats.index(turn.character)
        active_seat = (acting_seat + 1) % len(state.seats)
    stack = state.stack[1:]
    return replace(
        state,
        stack=stack,
        discard=_sorted_chips((*state.discard, turn.chip)),
        active_seat=active_seat,
        rounds_finished=state.rounds_finished + (0 if stack else 1),
    )


def _describe(turn: Turn) -> str:
    if turn.side == "ally":
        return turn.character
    return f"the foe on ring {ROMAN[turn.position]}"


def initiative_formation_change(state: InitiativeState, rng: random.Random) -> InitiativeState:
    """A Special Symbol on a Defense Die: the next chip in the stack goes back into the bag
    and a chip drawn from the bag takes its place. When the current chip is the last one in
    the stack it has no effect (Battle Dice - Defense Dice).

    The draw comes first, so an empty bag is refilled from the discard before the swapped
    chip goes back in.
    """
    if not state.stack:
        raise RuleViolation("A Formation Change happens during a turn, and no turn is under way")
    if len(state.stack) == 1:
        return state
    drawn, bag, discard = _draw_one(state.bag, state.discard, rng)
    swapped = state.stack[1]
    return replace(
        state,
        bag=_sorted_chips((*bag, swapped)),
        discard=discard,
        stack=(state.stack[0], drawn, *state.stack[2:]),
    )
