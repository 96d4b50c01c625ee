"""Combat cards: the declared card, up to two boosts, and the dice they give."""

import pytest

from campaigns.occulites.rules.combat_cards import (
    BOOST_TABLE,
    BoostKind,
    BoostPlay,
    CardKind,
    CardOrigin,
    CombatCard,
    Purpose,
    boost_table_row,
    card_dice,
    combat_dice_count,
)
from campaigns.occulites.rules.errors import RuleViolation

AGGRESSIVE = CardKind.AGGRESSIVE
DEFENSIVE = CardKind.DEFENSIVE
ATTACK = Purpose.ATTACK
DEFENCE = Purpose.DEFENCE


# Explaining Boost Cards: every row of the printed table, with its printed example.


def test_boost_table_row_aggressive_plus_boost_card_is_x_plus_y():
    count = combat_dice_count(CombatCard(AGGRESSIVE, 6), [BoostPlay.boost_card(2)], ATTACK)
    assert count.total == 8  # Aggressive 6 + Boost 2 = 8
    assert count.boosts[0].row.key == "aggressive_boost_card"


def test_boost_table_row_defensive_plus_boost_card_is_x_plus_y():
    count = combat_dice_count(CombatCard(DEFENSIVE, 8), [BoostPlay.boost_card(2)], DEFENCE)
    assert count.total == 10  # Defensive 8 + Boost 2 = 10
    assert count.boosts[0].row.key == "defensive_boost_card"


def test_boost_table_row_aggressive_plus_aggressive_same_value_is_x_plus_2():
    count = combat_dice_count(CombatCard(AGGRESSIVE, 6), [BoostPlay.regular(AGGRESSIVE, 6)], ATTACK)
    assert count.total == 8  # Aggressive 6 + 2 = 8
    assert count.boosts[0].row.key == "aggressive_aggressive_same_value"


def test_boost_table_row_aggressive_plus_defensive_same_value_is_x_plus_1():
    count = combat_dice_count(CombatCard(AGGRESSIVE, 6), [BoostPlay.regular(DEFENSIVE, 6)], ATTACK)
    assert count.total == 7  # Aggressive 6 + 1 = 7
    assert count.boosts[0].row.key == "aggressive_defensive_same_value"


def test_boost_table_row_defensive_plus_defensive_same_value_is_x_plus_2():
    count = combat_dice_count(CombatCard(DEFENSIVE, 8), [BoostPlay.regular(DEFENSIVE, 8)], DEFENCE)
    assert count.total == 10  # Defensive 8 + 2 = 10
    assert count.boosts[0].row.key == "defensive_defensive_same_value"


def test_boost_table_row_defensive_plus_aggressive_same_value_is_x_plus_1():
    count = combat_dice_count(CombatCard(DEFENSIVE, 8), [BoostPlay.regular(AGGRESSIVE, 8)], DEFENCE)
    assert count.total == 9  # Defensive 8 + 1 = 9
    assert count.boosts[0].row.key == "defensive_aggressive_same_value"


def test_boost_table_has_the_six_printed_rows_with_sources():
    assert len(BOOST_TABLE) == 6
    assert all("Explaining Boost Cards" in row.source for row in BOOST_TABLE)


def test_boost_table_row_refuses_a_bluff():
    with pytest.raises(RuleViolation, match="not a usable Boost"):
        boost_table_row(AGGRESSIVE, BoostPlay.bluff())


def test_a_card_used_for_the_opposite_purpose_counts_half_rounded_down():
    # Combat in Dawn, Step 3: "they only count as half the value rounded down!"
    dice, note = card_dice(CombatCard(DEFENSIVE, 7), ATTACK)
    assert dice == 3
    assert "half" in note
    assert card_dice(CombatCard(AGGRESSIVE, 6), DEFENCE)[0] == 3


def test_a_card_used_for_its_own_purpose_counts_in_full():
    assert card_dice(CombatCard(AGGRESSIVE, 6), ATTACK)[0] == 6


def test_opposite_purpose_halves_only_the_card_not_its_boosts():
    count = combat_dice_count(CombatCard(DEFENSIVE, 8), [BoostPlay.boost_card(2)], ATTACK)
    assert (count.card_dice, count.total) == (4, 6)


def test_let_nature_take_its_course_counts_the_drawn_card_in_full_for_either_purpose():
    # Let Nature Take Its Course (in Combat): considered Aggressive or Defensive by need
    drawn = CombatCard(DEFENSIVE, 8, CardOrigin.LET_NATURE_TAKE_ITS_COURSE)
    assert card_dice(drawn, ATTACK)[0] == 8


def test_let_nature_take_its_course_drawn_boost_counts_as_a_regular_card_then_a_boost_adds():
    # Combat in Dawn, Step 3 example: a drawn Boost +2 counts as a regular Aggressive 2, and
    # "If you then add a Boost card from your hand, it counts as normal Boost."
    drawn = CombatCard(CardKind.BOOST, 2, CardOrigin.LET_NATURE_TAKE_ITS_COURSE)
    count = combat_dice_count(drawn, [BoostPlay.boost_card(3)], ATTACK)
    assert (count.card_dice, count.total) == (2, 5)


def test_let_nature_take_its_course_card_takes_the_needed_type_for_the_boost_table():
    drawn = CombatCard(DEFENSIVE, 5, CardOrigin.LET_NATURE_TAKE_ITS_COURSE)
    count = combat_dice_count(drawn, [BoostPlay.regular(AGGRESSIVE, 5)], ATTACK)
    assert count.boosts[0].row.key == "aggressive_aggressive_same_value"
    assert count.total == 7


def test_a_creature_uses_the_aggressive_option_of_its_flipped_card_at_half():
    # Creatures and Predators: attacking with a flipped Defensive 7 gives 3
    count = combat_dice_count(CombatCard(DEFENSIVE, 7, CardOrigin.CREATURE), [], ATTACK)
    assert count.total == 3


def test_a_colourblind_puscual_ignores_the_card_type():
    # Puscual, Colourblind: a Defensive 8 in Attack still rolls 8 dice
    card = CombatCard(DEFENSIVE, 8, CardOrigin.CREATURE, colourblind=True)
    assert combat_dice_count(card, [], ATTACK).total == 8


def test_a_creature_may_carry_two_boost_cards():
    # Creatures and Predators: a flipped Boost is saved; others may add Boosts up to two
    card = CombatCard(AGGRESSIVE, 5, CardOrigin.CREATURE)
    count = combat_dice_count(card, [BoostPlay.boost_card(2), BoostPlay.boost_card(1)], ATTACK)
    assert count.total == 8


def test_a_creature_saves_a_flipped_boost_rather_than_declaring_it():
    with pytest.raises(RuleViolation, match="creature saves a flipped Boost"):
        CombatCard(CardKind.BOOST, 2, CardOrigin.CREATURE)


def test_a_boost_card_cannot_be_declared_from_the_hand():
    with pytest.raises(RuleViolation, match="played on top of a Regular card"):
        CombatCard(CardKind.BOOST, 2)


def test_a_card_value_cannot_be_negative():
    with pytest.raises(RuleViolation, match="cannot be negative"):
        CombatCard(AGGRESSIVE, -1)


def test_a_bluff_adds_nothing():
    # Combat in Dawn, Step 7: bluff cards "are in play but do not add towards the total"
    count = combat_dice_count(CombatCard(DEFENSIVE, 8), [BoostPlay.bluff()], DEFENCE)
    assert count.total == 8
    assert count.boosts[0].row is None


def test_a_regular_card_of_another_value_counts_as_a_bluff():
    count = combat_dice_count(CombatCard(AGGRESSIVE, 6), [BoostPlay.regular(AGGRESSIVE, 5)], ATTACK)
    assert count.total == 6
    assert "does not match" in count.boosts[0].note


def test_two_boosts_of_different_kinds_add_up():
    count = combat_dice_count(
        CombatCard(AGGRESSIVE, 6),
        [BoostPlay.regular(AGGRESSIVE, 6), BoostPlay.boost_card(2)],
        ATTACK,
    )
    assert count.total == 10


def test_a_third_boost_is_refused():
    boosts = [BoostPlay.boost_card(2), BoostPlay.regular(AGGRESSIVE, 6), BoostPlay.bluff()]
    with pytest.raises(RuleViolation, match="at most two Boost cards"):
        combat_dice_count(CombatCard(AGGRESSIVE, 6), boosts, ATTACK)


def test_a_second_boost_card_is_refused():
    # Combat in Dawn, Step 6: "only one normal Boost card"
    boosts = [BoostPlay.boost_card(2), BoostPlay.boost_card(3)]
    with pytest.raises(RuleViolation, match="only one Boost card"):
        combat_dice_count(CombatCard(AGGRESSIVE, 6), boosts, ATTACK)


def test_a_second_same_value_regular_card_is_refused():
    # Combat in Dawn, Step 6: "only one Regular card used as a boost"
    boosts = [BoostPlay.regular(AGGRESSIVE, 6), BoostPlay.regular(DEFENSIVE, 6)]
    with pytest.raises(RuleViolation, match="Only one Regular card"):
        combat_dice_count(CombatCard(AGGRESSIVE, 6), boosts, ATTACK)


def test_two_bluffs_are_allowed():
    # Step 6: "One or both cards do not actually have to be useable Boost cards"
    count = combat_dice_count(
        CombatCard(AGGRESSIVE, 6), [BoostPlay.bluff(), BoostPlay.bluff()], ATTACK
    )
    assert count.total == 6


def test_a_boost_needs_its_value():
    with pytest.raises(RuleViolation, match="needs the card's value"):
        BoostPlay(BoostKind.BOOST_CARD)


def test_a_regular_boost_must_be_aggressive_or_defensive():
    with pytest.raises(RuleViolation, match="Aggressive or Defensive"):
        BoostPlay.regular(CardKind.BOOST, 6)


def test_a_boost_card_has_no_aggressive_or_defensive_type():
    with pytest.raises(RuleViolation, match="neither Aggressive nor Defensive"):
        BoostPlay(BoostKind.BOOST_CARD, 2, AGGRESSIVE)
