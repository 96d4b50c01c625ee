"""Resolving a combat through the Core, Advanced and Hunting Net tables."""

import pytest

from campaigns.occulites.rules.combat_tables import (
    ADVANCED_COMBAT_TABLE,
    CORE_COMBAT_TABLE,
    HUNTING_NET_TABLE,
    CombatLoss,
    CombatTable,
    NetRecovery,
    ResultBand,
    apply_combat_loss,
    resolve_combat,
    result_band,
)
from campaigns.occulites.rules.errors import RuleViolation


@pytest.mark.parametrize(
    ("attack", "defence", "band"),
    [
        (3, 3, ResultBand.EQUAL),
        (0, 0, ResultBand.EQUAL),
        (5, 3, ResultBand.ATTACKER_AHEAD),
        (6, 3, ResultBand.ATTACKER_DOUBLE),  # Combat Example: 6 against 3 is x2
        (8, 3, ResultBand.ATTACKER_DOUBLE),
        (9, 3, ResultBand.ATTACKER_TRIPLE),
        (11, 3, ResultBand.ATTACKER_TRIPLE),
        (12, 3, ResultBand.ATTACKER_QUADRUPLE),
        (1, 0, ResultBand.ATTACKER_QUADRUPLE),  # Step 10: no defender successes is x4
        (3, 4, ResultBand.DEFENDER_AHEAD),
        (2, 4, ResultBand.DEFENDER_DOUBLE),
        (2, 6, ResultBand.DEFENDER_TRIPLE),
        (0, 1, ResultBand.DEFENDER_TRIPLE),
    ],
)
def test_result_band_reads_xn_as_at_least_n_times(attack, defence, band):
    assert result_band(attack, defence) is band


def test_result_band_refuses_negative_successes():
    with pytest.raises(RuleViolation, match="cannot be negative"):
        result_band(-1, 2)


@pytest.mark.parametrize(
    ("attack", "defence", "row_key", "defender_loss", "attacker_loss"),
    [
        (2, 2, "equal", CombatLoss(), CombatLoss()),
        (3, 2, "att_over", CombatLoss(health=1), CombatLoss()),
        (4, 2, "att_x2", CombatLoss(health=2), CombatLoss()),
        (6, 2, "att_x3", CombatLoss(health=3), CombatLoss()),
        (8, 2, "att_x4", CombatLoss(killed_outright=True), CombatLoss()),
        (3, 4, "def_over", CombatLoss(), CombatLoss()),
        (2, 4, "def_x2", CombatLoss(), CombatLoss(health=1)),
        (1, 3, "def_x2", CombatLoss(), CombatLoss(health=1)),  # the Core table stops at x2
    ],
)
def test_core_table_rows(attack, defence, row_key, defender_loss, attacker_loss):
    # Combat in Dawn, Step 10
    result = resolve_combat(attack, defence, CombatTable.CORE)
    assert result.row.key == row_key
    (option,) = result.options
    assert (option.defender, option.attacker) == (defender_loss, attacker_loss)
    assert "Step 10" in result.row.source


def test_a_defender_with_no_successes_is_killed_instantly_on_the_core_table():
    result = resolve_combat(1, 0)
    assert result.defender_had_no_successes
    assert result.row.effect == "DEF instantly Killed"


def test_core_table_covers_every_band():
    assert set(CORE_COMBAT_TABLE) == set(ResultBand)
    assert set(ADVANCED_COMBAT_TABLE) == set(ResultBand)
    assert set(HUNTING_NET_TABLE) == set(ResultBand)


@pytest.mark.parametrize(
    ("attack", "defence", "row_key", "defender_loss"),
    [
        (2, 2, "equal", CombatLoss()),
        (3, 2, "att_over", CombatLoss(health=1)),
        (4, 2, "att_x2", CombatLoss(health=2)),
        (8, 2, "att_x4", CombatLoss(defence=2, killed_outright=True)),
        (3, 4, "def_over", CombatLoss()),
    ],
)
def test_advanced_table_rows_with_a_single_outcome(attack, defence, row_key, defender_loss):
    # Layer One - Advanced Combat Table
    result = resolve_combat(attack, defence, CombatTable.ADVANCED)
    assert result.row.key == row_key
    (option,) = result.options
    assert option.defender == defender_loss
    assert "Layer One" in result.row.source


def test_advanced_table_triple_offers_minus_3_health_or_minus_2_health_and_1_defence():
    result = resolve_combat(6, 2, CombatTable.ADVANCED)
    assert result.row.key == "att_x3"
    assert result.row.decided_by == "attacker"
    assert [option.defender for option in result.options] == [
        CombatLoss(health=3),
        CombatLoss(health=2, defence=1),
    ]


def test_advanced_table_defender_double_lets_it_discard_one_card():
    result = resolve_combat(2, 4, CombatTable.ADVANCED)
    assert result.row.key == "def_x2"
    assert [(o.cards_discarded, o.attacker) for o in result.options] == [
        (0, CombatLoss()),
        (1, CombatLoss(health=1)),
        (1, CombatLoss(defence=1)),
    ]


def test_advanced_table_defender_triple_lets_it_discard_up_to_three_cards():
    result = resolve_combat(1, 3, CombatTable.ADVANCED)
    assert result.row.key == "def_x3"
    assert max(option.cards_discarded for option in result.options) == 3
    option = result.option("discard_3_health_1_defence_2")
    assert option.attacker == CombatLoss(health=1, defence=2)
    assert len(result.options) == 1 + 2 + 3 + 4


def test_choosing_an_option_the_row_does_not_offer_is_refused():
    result = resolve_combat(6, 2, CombatTable.ADVANCED)
    with pytest.raises(RuleViolation, match="does not offer that choice"):
        result.option("defender_killed")


@pytest.mark.parametrize(
    ("attack", "defence", "row_key", "defender_loss", "attacker_loss", "net"),
    [
        (2, 2, "equal", CombatLoss(), CombatLoss(), NetRecovery.FREE),
        (3, 2, "att_over", CombatLoss(prone=True), CombatLoss(), NetRecovery.ONE_ACTION),
        (
            4,
            2,
            "att_x2",
            CombatLoss(health=1, prone=True),
            CombatLoss(),
            NetRecovery.ONE_ACTION,
        ),
        (
            6,
            2,
            "att_x3",
            CombatLoss(health=2, prone=True),
            CombatLoss(),
            NetRecovery.ONE_ACTION,
        ),
        (8, 2, "att_x4", CombatLoss(health=2, prone=True), CombatLoss(), NetRecovery.FREE),
        (3, 4, "def_over", CombatLoss(), CombatLoss(), NetRecovery.ONE_ACTION),
        (2, 4, "def_x2", CombatLoss(), CombatLoss(), NetRecovery.TWO_ACTIONS),
        (1, 3, "def_x3", CombatLoss(), CombatLoss(prone=True), NetRecovery.DESTROYED),
    ],
)
def test_hunting_net_table_rows(attack, defence, row_key, defender_loss, attacker_loss, net):
    # Hydris Tribes, Hunting Net
    result = resolve_combat(attack, defence, CombatTable.HUNTING_NET)
    assert result.row.key == row_key
    assert result.row.net is net
    (option,) = result.options
    assert (option.defender, option.attacker) == (defender_loss, attacker_loss)


def test_a_netted_defender_with_no_successes_is_prone_and_loses_2_health_not_killed():
    result = resolve_combat(2, 0, CombatTable.HUNTING_NET)
    assert result.options[0].defender == CombatLoss(health=2, prone=True)


def test_apply_combat_loss_takes_health():
    after = apply_combat_loss(5, 4, CombatLoss(health=2))
    assert (after.health, after.defence, after.killed) == (3, 4, False)


def test_apply_combat_loss_counts_wounds_past_zero():
    # The Reborn Track example: 1 Health left, lost 2, 1 wound past 0
    after = apply_combat_loss(1, 4, CombatLoss(health=2))
    assert after.killed
    assert after.wounds_past_zero == 1
    assert after.health == 0


def test_apply_combat_loss_never_takes_defence_below_1():
    # Layer One: "Defence can never be reduced below 1"
    after = apply_combat_loss(5, 2, CombatLoss(defence=2, killed_outright=True))
    assert after.defence == 1
    assert after.defence_lost == 1
    assert after.killed_outright


def test_apply_combat_loss_records_a_permanent_defence_loss():
    # Layer One, Dynamic Defence
    after = apply_combat_loss(5, 4, CombatLoss(health=2, defence=1))
    assert (after.health, after.defence, after.defence_lost) == (3, 3, 1)


def test_apply_combat_loss_leaves_a_netted_figure_prone():
    assert apply_combat_loss(5, 4, CombatLoss(health=1, prone=True)).prone


def test_apply_combat_loss_refuses_a_figure_with_no_health():
    with pytest.raises(RuleViolation, match="no Health left"):
        apply_combat_loss(0, 4, CombatLoss(health=1))


def test_apply_combat_loss_refuses_defence_below_1():
    with pytest.raises(RuleViolation, match="never below 1"):
        apply_combat_loss(3, 0, CombatLoss(health=1))
