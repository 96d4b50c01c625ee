"""Buying abilities and recruiting Luftles (Campaign Rules - Spending Victory Points;
Luftles - Luftle Caste Types; Luftle Chief Ability Pool)."""

import pytest

from campaigns.occulites import services
from campaigns.occulites.models import AbilityHolding, Luftle
from campaigns.occulites.rules.errors import RuleViolation
from campaigns.table.ledger import ledger_undo


def _award(tribe, user, amount):
    services.tribe_award_vp(tribe=tribe, actor=user, amount=amount, reason="test")


def test_buying_a_learned_ability_costs_its_vp_and_undo_removes_it(palaudis, user, campaign):
    _award(palaudis, user, 3)
    first = palaudis.occulites.first()
    services.ability_buy(occulite=first, actor=user, ability_key="leap")
    assert first.abilities.filter(ability_key="leap", kind="learned").exists()
    assert services.tribe_totals(palaudis)["available_spend_total"] == 2
    assert services.tribe_totals(palaudis)["total_vp"] == 3
    entry = palaudis.campaign.ledger.filter(kind="ability.buy").first()
    ledger_undo(campaign=campaign, actor=user, entry_id=entry.pk)
    assert not first.abilities.filter(ability_key="leap").exists()
    assert services.tribe_totals(palaudis)["available_spend_total"] == 3


def test_an_unaffordable_ability_is_refused_and_nothing_written(
    palaudis, user, campaign, nothing_written
):
    _award(palaudis, user, 2)
    with nothing_written(campaign), pytest.raises(RuleViolation, match="costs 3 VP"):
        services.ability_buy(
            occulite=palaudis.occulites.first(), actor=user, ability_key="intimidating_croak"
        )


def test_a_missing_prerequisite_is_refused_naming_it(palaudis, user, campaign, nothing_written):
    _award(palaudis, user, 10)
    with nothing_written(campaign), pytest.raises(RuleViolation, match="Thunder Leap needs Leap"):
        services.ability_buy(
            occulite=palaudis.occulites.first(), actor=user, ability_key="thunder_leap"
        )


def test_every_occulite_needs_one_learned_ability_before_any_gets_a_second(
    plain, user, campaign, nothing_written
):
    _award(plain, user, 10)
    first = plain.occulites.first()
    services.ability_buy(occulite=first, actor=user, ability_key="lucky")
    with nothing_written(campaign), pytest.raises(RuleViolation, match="Every Occulite needs"):
        services.ability_buy(occulite=first, actor=user, ability_key="pouch")


def test_a_tribe_wide_ability_goes_to_every_occulite(plain, user):
    _award(plain, user, 1)
    holdings = services.ability_buy(
        occulite=plain.occulites.first(), actor=user, ability_key="provoke"
    )
    assert len(holdings) == 5


def test_a_luftle_chief_learns_free_of_the_every_occulite_rule(palaudis, user):
    _award(palaudis, user, 20)
    services.luftle_recruit(tribe=palaudis, actor=user, caste="grunt", base_letter="a")
    services.luftle_recruit(tribe=palaudis, actor=user, caste="chief", base_letter="b")
    services.luftle_chief_ability_buy(tribe=palaudis, actor=user, ability_key="camouflage")
    services.luftle_chief_ability_buy(
        tribe=palaudis, actor=user, ability_key="exceptional_camouflage"
    )
    chief = Luftle.objects.get(tribe=palaudis, caste="chief")
    assert set(chief.abilities.values_list("ability_key", flat=True)) == {
        "camouflage",
        "exceptional_camouflage",
    }


def test_recruiting_costs_the_caste_price_less_the_palaudis_chief_discount(palaudis, plain, user):
    _award(palaudis, user, 10)
    _award(plain, user, 10)
    services.luftle_recruit(tribe=palaudis, actor=user, caste="grunt", base_letter="A")
    services.luftle_recruit(tribe=plain, actor=user, caste="grunt", base_letter="A")
    assert services.tribe_totals(palaudis)["available_spend_total"] == 9  # 2 - 1
    assert services.tribe_totals(plain)["available_spend_total"] == 8


def test_a_third_grunt_recruited_after_one_scenario_is_refused(
    plain, user, campaign, nothing_written
):
    _award(plain, user, 20)
    services.luftle_recruit(tribe=plain, actor=user, caste="grunt", base_letter="A")
    services.luftle_recruit(tribe=plain, actor=user, caste="grunt", base_letter="B")
    with nothing_written(campaign), pytest.raises(RuleViolation, match="after each scenario"):
        services.luftle_recruit(tribe=plain, actor=user, caste="grunt", base_letter="C")


def test_a_fourth_grunt_in_the_tribe_is_refused(plain, user, campaign, nothing_written):
    _award(plain, user, 20)
    services.luftle_recruit(tribe=plain, actor=user, caste="grunt", base_letter="A")
    services.luftle_recruit(tribe=plain, actor=user, caste="grunt", base_letter="B")
    Luftle.objects.filter(tribe=plain).update(recruited_at_timeslot=0)  # an earlier scenario
    services.luftle_recruit(tribe=plain, actor=user, caste="grunt", base_letter="C")
    Luftle.objects.filter(tribe=plain).update(recruited_at_timeslot=0)
    with nothing_written(campaign), pytest.raises(RuleViolation, match="at most 3 Luftle Grunts"):
        services.luftle_recruit(tribe=plain, actor=user, caste="grunt", base_letter="D")


def test_a_luftle_chief_needs_other_luftles(plain, user, campaign, nothing_written):
    _award(plain, user, 20)
    with nothing_written(campaign), pytest.raises(RuleViolation, match="still has other Luftles"):
        services.luftle_recruit(tribe=plain, actor=user, caste="chief", base_letter="A")


def test_the_luftle_chief_leaves_when_the_last_other_luftle_dies_and_undo_brings_both_back(
    plain, user, campaign
):
    _award(plain, user, 20)
    services.luftle_recruit(tribe=plain, actor=user, caste="grunt", base_letter="A")
    services.luftle_recruit(tribe=plain, actor=user, caste="chief", base_letter="B")
    entry = services.luftle_casualties(tribe=plain, actor=user, base_letters=["A"])
    assert dict(Luftle.objects.filter(tribe=plain).values_list("base_letter", "status")) == {
        "A": "killed",
        "B": "left",
    }
    assert "leaves the tribe" in entry.reason
    ledger_undo(campaign=campaign, actor=user, entry_id=entry.pk)
    assert set(Luftle.objects.filter(tribe=plain).values_list("status", flat=True)) == {"active"}


def test_undoing_a_recruit_removes_the_luftle_and_refunds(plain, user, campaign):
    _award(plain, user, 5)
    services.luftle_recruit(tribe=plain, actor=user, caste="scout", base_letter="A")
    entry = campaign.ledger.filter(kind="luftle.recruit").first()
    ledger_undo(campaign=campaign, actor=user, entry_id=entry.pk)
    assert not Luftle.objects.filter(tribe=plain).exists()
    assert services.tribe_totals(plain)["available_spend_total"] == 5


def test_eyebeam_lasts_for_the_next_scenario_only(plain, user, campaign):
    occulite = plain.occulites.first()
    (holding,) = services.situational_ability_gain(
        tribe=plain,
        actor=user,
        ability_key="eyebeam",
        occulites=[occulite],
        reason="struck by Lightning (Scenario 3: The Ridge)",
    )
    assert holding.expires_after_timeslot == 2
    assert holding.is_active(2) and not holding.is_active(3)


def test_innate_abilities_are_never_lost(hydris, user, campaign, nothing_written):
    with nothing_written(campaign), pytest.raises(RuleViolation, match="innate"):
        services.ability_remove(
            occulite=hydris.occulites.first(), actor=user, ability_key="waterwise", reason="x"
        )
    assert AbilityHolding.objects.filter(ability_key="waterwise").count() == 5
