"""The rulebook's Combat Example (Combat in Dawn), reproduced to the die."""

from campaigns.occulites.rules.combat_cards import (
    BoostPlay,
    CardKind,
    CardOrigin,
    CombatCard,
    Purpose,
)
from campaigns.occulites.rules.combat_dice import CombatSide, enter_side, plan_side
from campaigns.occulites.rules.combat_tables import (
    CombatLoss,
    CombatTable,
    apply_combat_loss,
    resolve_combat,
)

# The Palaudis attacker: Aggressive 6, boosted by another Aggressive 6 (+2) and a Boost 2,
# using "Opening" through a Tribal Token. It moved only 1 space: no charge reroll.
PALAUDIS = CombatSide(
    stat=4,
    card=CombatCard(CardKind.AGGRESSIVE, 6),
    boosts=(BoostPlay.regular(CardKind.AGGRESSIVE, 6), BoostPlay.boost_card(2)),
    opening=True,
)
# The Hydris defender Let Nature Take Its Course, drew a Defensive 8, and bluffed a boost.
HYDRIS = CombatSide(
    stat=4,
    card=CombatCard(CardKind.DEFENSIVE, 8, CardOrigin.LET_NATURE_TAKE_ITS_COURSE),
    boosts=(BoostPlay.bluff(),),
)


def test_combat_example_dice_counts_are_ten_against_eight():
    assert plan_side(PALAUDIS, Purpose.ATTACK).dice_count.total == 10
    assert plan_side(HYDRIS, Purpose.DEFENCE).dice_count.total == 8


def test_combat_example_attacker_scores_six_successes_with_opening():
    roll = enter_side(plan_side(PALAUDIS, Purpose.ATTACK), [0, 1, 2, 2, 4, 5, 6, 8, 9, 9])
    assert roll.successes == 6
    assert roll.rerolls_left == 0


def test_combat_example_defender_scores_three_successes():
    roll = enter_side(plan_side(HYDRIS, Purpose.DEFENCE), [1, 2, 4, 5, 5, 7, 7, 8])
    assert roll.successes == 3


def test_combat_example_defender_loses_2_health():
    attack = enter_side(plan_side(PALAUDIS, Purpose.ATTACK), [0, 1, 2, 2, 4, 5, 6, 8, 9, 9])
    defence = enter_side(plan_side(HYDRIS, Purpose.DEFENCE), [1, 2, 4, 5, 5, 7, 7, 8])
    result = resolve_combat(attack.successes, defence.successes, CombatTable.CORE)
    assert result.row.result == "ATT >x2 DEF but not x3"
    (option,) = result.options
    assert option.defender == CombatLoss(health=2)
    # The Hydris has the Core Genetic Blueprint: Health 5, Defence 4.
    after = apply_combat_loss(5, 4, option.defender)
    assert (after.health, after.defence, after.killed) == (3, 4, False)
