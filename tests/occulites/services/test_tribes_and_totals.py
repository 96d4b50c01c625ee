"""Tribes, their five Occulites, and the ledger totals (Genetic Blueprints; Campaign Rules -
Available Spend Total)."""

import pytest

from campaigns.occulites import services
from campaigns.occulites.rules.errors import RuleViolation
from campaigns.table.errors import Conflict, ValidationError
from campaigns.table.ledger import ledger_undo
from campaigns.table.models import Campaign, LedgerEntry


def test_a_new_hydris_tribe_has_five_blueprint_occulites_a_chief_and_a_netter(hydris):
    occulites = list(hydris.occulites.all())
    assert len(occulites) == 5
    assert [o.is_chief for o in occulites] == [True, False, False, False, False]
    assert [o.is_netter for o in occulites] == [False, True, False, False, False]
    for occulite in occulites:
        stats = (occulite.awareness, occulite.speed, occulite.attack, occulite.defence)
        assert stats + (occulite.health,) == (2, 6, 4, 4, 5)
        assert occulite.defence_before_scenario == 4
    chief, netter = occulites[0], occulites[1]
    assert set(chief.abilities.values_list("ability_key", flat=True)) == {
        "waterwise",
        "healing_mucus",
    }
    assert set(netter.abilities.values_list("ability_key", flat=True)) == {
        "waterwise",
        "hunting_net",
    }
    assert services.tribe_totals(hydris) == {
        "total_vp": 0,
        "available_spend_total": 0,
        "sungems": 0,
    }


def test_a_custom_tribe_type_brings_its_own_innate_abilities(campaign, user):
    tribe = services.tribe_create(
        campaign=campaign,
        actor=user,
        name="Cloudfolk",
        tribe_type="custom",
        custom_type_name="Nimbus",
        custom_innate_abilities=["drifting"],
    )
    assert all(o.abilities.get().ability_key == "drifting" for o in tribe.occulites.all())


def test_a_sixth_occulite_is_refused_and_nothing_written(hydris, user, campaign, nothing_written):
    with nothing_written(campaign), pytest.raises(RuleViolation, match="at most 5 Occulites"):
        services.occulite_add(tribe=hydris, actor=user, name="Extra")
    assert hydris.occulites.count() == 5


def test_award_grows_both_totals_and_spend_lowers_only_the_available_spend_total(hydris, user):
    services.tribe_award_vp(tribe=hydris, actor=user, amount=7, reason="test")
    services.tribe_spend_vp(tribe=hydris, actor=user, amount=3, reason="test purchase")
    assert services.tribe_totals(hydris) == {
        "total_vp": 7,
        "available_spend_total": 4,
        "sungems": 0,
    }


def test_a_negative_vp_award_is_refused_naming_the_rule(hydris, user, campaign, nothing_written):
    with nothing_written(campaign), pytest.raises(ValidationError, match="only fall where a rule"):
        services.tribe_award_vp(tribe=hydris, actor=user, amount=-2, reason="oops")


def test_an_unaffordable_spend_is_refused_and_nothing_written(
    hydris, user, campaign, nothing_written
):
    services.tribe_award_vp(tribe=hydris, actor=user, amount=2, reason="test")
    with (
        nothing_written(campaign),
        pytest.raises(RuleViolation, match="Available Spend Total is 2"),
    ):
        services.tribe_spend_vp(tribe=hydris, actor=user, amount=3, reason="A Luftle Guard")


def test_a_rule_removing_points_takes_them_off_both_totals_never_below_zero(hydris, user):
    services.tribe_award_vp(tribe=hydris, actor=user, amount=2, reason="test")
    services.tribe_lose_vp(tribe=hydris, actor=user, amount=3, rule="Siege: the cave was held")
    assert services.tribe_totals(hydris)["total_vp"] == 0


def test_undoing_an_award_takes_the_points_back(hydris, user, campaign):
    entry = services.tribe_award_vp(tribe=hydris, actor=user, amount=5, reason="test")
    ledger_undo(campaign=campaign, actor=user, entry_id=entry.pk)
    assert services.tribe_totals(hydris)["total_vp"] == 0


def test_an_award_already_spent_cannot_be_undone(hydris, user, campaign):
    entry = services.tribe_award_vp(tribe=hydris, actor=user, amount=5, reason="test")
    services.tribe_spend_vp(tribe=hydris, actor=user, amount=4, reason="test")
    with pytest.raises(Conflict, match="spent since"):
        ledger_undo(campaign=campaign, actor=user, entry_id=entry.pk)


def test_home_cave_raid_moves_sungems_as_a_pair_and_undo_reverses_both(
    hydris, palaudis, user, campaign
):
    services.tribe_sungems_change(tribe=palaudis, actor=user, amount=4, reason="found")
    lost, gained = services.home_cave_raid_steal(
        attacker=hydris, defender=palaudis, actor=user, sungems=3
    )
    assert lost.deltas["sungems"] == -3 and gained.deltas["sungems"] == 3
    assert services.tribe_totals(hydris)["sungems"] == 3
    assert services.tribe_totals(palaudis)["sungems"] == 1
    ledger_undo(campaign=campaign, actor=user, entry_id=lost.pk)
    assert services.tribe_totals(hydris)["sungems"] == 0
    assert services.tribe_totals(palaudis)["sungems"] == 4
    assert LedgerEntry.objects.filter(reverses=gained).exists()


def test_a_raid_cannot_carry_off_more_sungems_than_the_defender_holds(
    hydris, palaudis, user, campaign, nothing_written
):
    with nothing_written(campaign), pytest.raises(RuleViolation, match="holds only 0"):
        services.home_cave_raid_steal(attacker=hydris, defender=palaudis, actor=user, sungems=1)


def test_siege_at_the_cave_mouth_swaps_the_two_sungem_totals(hydris, palaudis, user):
    services.tribe_sungems_change(tribe=hydris, actor=user, amount=2, reason="found")
    services.tribe_sungems_change(tribe=palaudis, actor=user, amount=9, reason="found")
    services.siege_swap_sungems(attacker=hydris, defender=palaudis, actor=user)
    assert services.tribe_totals(hydris)["sungems"] == 9
    assert services.tribe_totals(palaudis)["sungems"] == 2


def test_totals_equal_the_ledger_sum_after_a_long_random_sequence_with_undo(
    hydris, palaudis, user, campaign
):
    import random

    from campaigns.table.ledger import ledger_totals

    rng = random.Random(7)
    tribes = [hydris, palaudis]
    for _ in range(120):
        tribe = rng.choice(tribes)
        action = rng.randrange(5)
        try:
            if action == 0:
                services.tribe_award_vp(
                    tribe=tribe, actor=user, amount=rng.randint(1, 4), reason="r"
                )
            elif action == 1:
                services.tribe_spend_vp(
                    tribe=tribe, actor=user, amount=rng.randint(1, 3), reason="r"
                )
            elif action == 2:
                services.tribe_sungems_change(
                    tribe=tribe, actor=user, amount=rng.randint(-2, 3) or 1, reason="r"
                )
            elif action == 3:
                services.home_cave_raid_steal(
                    attacker=tribe, defender=tribes[1 - tribes.index(tribe)], actor=user, sungems=1
                )
            else:
                last = LedgerEntry.objects.filter(campaign=campaign, reverses__isnull=True).first()
                ledger_undo(campaign=campaign, actor=user, entry_id=last.pk)
        except (RuleViolation, ValidationError, Conflict):
            pass  # refused: nothing written
    for tribe in tribes:
        entries = LedgerEntry.objects.filter(subject_type="tribe", subject_id=str(tribe.pk))
        by_hand = ledger_totals(entries, ("total_vp", "available_spend_total", "sungems"))
        assert services.tribe_totals(tribe) == by_hand
        assert by_hand["available_spend_total"] >= 0 and by_hand["sungems"] >= 0
    assert Campaign.objects.get(pk=campaign.pk).version > 100
