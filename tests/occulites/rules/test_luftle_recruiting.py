"""Recruiting Luftles and losing them (Campaign Rules - Spending Victory Points; Luftles -
Luftle Caste Types; Palaudis - Friend of the Luftles; Scenario 9 - Advances)."""

import pytest

from campaigns.occulites.catalog.blueprints import StatLine
from campaigns.occulites.rules.errors import RuleViolation
from campaigns.occulites.rules.luftles import (
    LuftleRecruit,
    luftle_losses,
    luftle_recruit,
    luftle_recruit_cost,
)
from campaigns.occulites.rules.tribe import LuftleSnapshot, OcculiteSnapshot, TribeSnapshot


def make_tribe(tribe_type="hydris", castes=(), spend=20):
    chief_innate = {"palaudis": ("swampwise", "friend_of_the_luftles", "luftle_advisor")}
    occulites = tuple(
        OcculiteSnapshot(
            key=f"o{index}",
            name=f"Occulite {index}",
            stats=StatLine(2, 6, 4, 4, 5),
            is_chief=index == 0,
            innate_abilities=chief_innate.get(tribe_type, ()) if index == 0 else (),
        )
        for index in range(5)
    )
    luftles = tuple(LuftleSnapshot(caste, chr(ord("A") + i)) for i, caste in enumerate(castes))
    return TribeSnapshot(tribe_type, occulites, luftles, available_spend_total=spend)


@pytest.mark.parametrize(
    ("caste", "cost"), [("grunt", 2), ("scout", 3), ("guard", 3), ("drummer", 3)]
)
def test_recruit_costs_are_2_3_3_3(caste, cost):
    assert luftle_recruit(make_tribe(), caste).vp_cost == cost


def test_luftle_chief_costs_5():
    assert luftle_recruit(make_tribe(castes=("grunt",)), "chief").vp_cost == 5


def test_recruit_comes_off_the_available_spend_total():
    recruit = luftle_recruit(make_tribe(spend=7), "guard")
    assert recruit.available_spend_total_after == 4
    assert not recruit.free


def test_palaudis_chief_recruits_for_one_vp_less():
    tribe = make_tribe("palaudis")
    assert luftle_recruit_cost(tribe, "scout") == 2
    assert luftle_recruit_cost(tribe, "chief") == 4


def test_palaudis_discount_never_goes_below_one():
    # Friend of the Luftles: "-1 Victory Point to a minimum of 1"; a Grunt goes 2 -> 1.
    assert luftle_recruit_cost(make_tribe("palaudis"), "grunt") == 1


def test_luftle_nest_discount_takes_one_vp_off():
    # Scenario 9: "recruit Luftles of any kind at 1 less Victory Point".
    assert luftle_recruit_cost(make_tribe(), "drummer", scenario_discount=1) == 2
    assert luftle_recruit_cost(make_tribe(), "grunt", scenario_discount=1) == 1


def test_both_discounts_together_still_cost_at_least_one():
    assert luftle_recruit_cost(make_tribe("palaudis"), "grunt", scenario_discount=1) == 1
    assert luftle_recruit_cost(make_tribe("palaudis"), "chief", scenario_discount=1) == 3


def test_negative_scenario_discount_is_refused():
    with pytest.raises(RuleViolation, match="cannot be negative"):
        luftle_recruit_cost(make_tribe(), "grunt", scenario_discount=-1)


def test_unaffordable_recruit_is_refused():
    with pytest.raises(RuleViolation, match="A Luftle Scout costs 3 VP but the Available"):
        luftle_recruit(make_tribe(spend=2), "scout")


def test_unknown_caste_is_refused():
    with pytest.raises(RuleViolation, match="not a Luftle caste"):
        luftle_recruit(make_tribe(), "dragon")


def test_two_grunts_may_be_recruited_after_one_scenario():
    first = luftle_recruit(make_tribe(), "grunt")
    second = luftle_recruit(make_tribe(castes=("grunt",)), "grunt", earlier_recruits=[first])
    assert second.vp_cost == 2


def test_third_grunt_after_one_scenario_is_refused():
    earlier = [LuftleRecruit("grunt", 2, False, 18), LuftleRecruit("grunt", 2, False, 16)]
    with pytest.raises(RuleViolation, match="At most 2 Luftle Grunts may be recruited after"):
        luftle_recruit(make_tribe(castes=("grunt", "grunt")), "grunt", earlier_recruits=earlier)


def test_second_guard_after_one_scenario_is_refused():
    earlier = [LuftleRecruit("guard", 3, False, 17)]
    with pytest.raises(RuleViolation, match="At most 1 Luftle Guard may be recruited"):
        luftle_recruit(make_tribe(castes=("guard",)), "guard", earlier_recruits=earlier)


def test_one_of_each_caste_may_be_recruited_after_one_scenario():
    earlier = [LuftleRecruit("guard", 3, False, 17)]
    tribe = make_tribe(castes=("guard",))
    assert luftle_recruit(tribe, "scout", earlier_recruits=earlier).vp_cost == 3


def test_fourth_grunt_in_the_tribe_is_refused():
    with pytest.raises(RuleViolation, match="A tribe may hold at most 3 Luftle Grunts"):
        luftle_recruit(make_tribe(castes=("grunt", "grunt", "grunt")), "grunt")


@pytest.mark.parametrize(
    ("caste", "held", "message"),
    [
        ("scout", 2, "at most 2 Luftle Scouts"),
        ("guard", 2, "at most 2 Luftle Guards"),
        ("drummer", 1, "at most 1 Luftle Drummer$"),
        ("chief", 1, "at most 1 Luftle Chief$"),
    ],
)
def test_tribe_maximums_are_enforced(caste, held, message):
    tribe = make_tribe(castes=("grunt",) + (caste,) * held)
    with pytest.raises(RuleViolation, match=message):
        luftle_recruit(tribe, caste)


def test_luftle_chief_needs_other_luftles_alive():
    with pytest.raises(RuleViolation, match="only a tribe that still has other Luftles"):
        luftle_recruit(make_tribe(), "chief")


def test_free_recruit_costs_nothing_and_ignores_the_per_scenario_limit():
    # Scenario 9: "one additional Luftle of any type for free (except a Luftle Chief)".
    earlier = [LuftleRecruit("guard", 3, False, 17)]
    recruit = luftle_recruit(
        make_tribe(castes=("guard",), spend=0),
        "guard",
        earlier_recruits=earlier,
        free_recruits=1,
        free=True,
    )
    assert recruit.vp_cost == 0
    assert recruit.free
    assert recruit.available_spend_total_after == 0


def test_free_recruit_still_respects_the_tribe_maximum():
    with pytest.raises(RuleViolation, match="at most 1 Luftle Drummer"):
        luftle_recruit(make_tribe(castes=("drummer",)), "drummer", free_recruits=1, free=True)


def test_free_recruit_cannot_be_a_luftle_chief():
    with pytest.raises(RuleViolation, match="free Luftle cannot be a Luftle Chief"):
        luftle_recruit(make_tribe(castes=("grunt",)), "chief", free_recruits=1, free=True)


def test_free_recruit_needs_one_left():
    with pytest.raises(RuleViolation, match="No free Luftle recruit is left"):
        luftle_recruit(make_tribe(), "grunt", free=True)
    used = [LuftleRecruit("scout", 0, True, 20)]
    with pytest.raises(RuleViolation, match="No free Luftle recruit is left"):
        luftle_recruit(
            make_tribe(castes=("scout",)),
            "grunt",
            earlier_recruits=used,
            free_recruits=1,
            free=True,
        )


def test_negative_free_recruits_are_refused():
    with pytest.raises(RuleViolation, match="cannot be negative"):
        luftle_recruit(make_tribe(), "grunt", free_recruits=-1)


def test_killed_luftles_leave_the_roster():
    luftles = (LuftleSnapshot("grunt", "A"), LuftleSnapshot("scout", "B"))
    losses = luftle_losses(luftles, ["A"])
    assert losses.remaining == (LuftleSnapshot("scout", "B"),)
    assert losses.removed == (LuftleSnapshot("grunt", "A"),)
    assert not losses.luftle_chief_left


def test_luftle_chief_leaves_when_he_is_the_last_luftle():
    luftles = (LuftleSnapshot("grunt", "A"), LuftleSnapshot("chief", "B", ("nimble",)))
    losses = luftle_losses(luftles, ["A"])
    assert losses.remaining == ()
    assert losses.luftle_chief_left
    assert losses.abilities_lost == ("nimble",)


def test_killed_luftle_chief_loses_his_abilities():
    luftles = (
        LuftleSnapshot("grunt", "A"),
        LuftleSnapshot("chief", "B", ("camouflage", "exceptional_camouflage")),
    )
    losses = luftle_losses(luftles, ["B"])
    assert losses.remaining == (LuftleSnapshot("grunt", "A"),)
    assert not losses.luftle_chief_left
    assert losses.abilities_lost == ("camouflage", "exceptional_camouflage")


def test_luftle_chief_stays_while_another_luftle_lives():
    luftles = (
        LuftleSnapshot("grunt", "A"),
        LuftleSnapshot("guard", "C"),
        LuftleSnapshot("chief", "B"),
    )
    losses = luftle_losses(luftles, ["A"])
    assert [luftle.base_letter for luftle in losses.remaining] == ["C", "B"]
    assert losses.abilities_lost == ()


def test_removing_an_unknown_or_repeated_luftle_is_refused():
    luftles = (LuftleSnapshot("grunt", "A"),)
    with pytest.raises(RuleViolation, match="No Luftle with base letter Z"):
        luftle_losses(luftles, ["Z"])
    with pytest.raises(RuleViolation, match="only be removed once"):
        luftle_losses(luftles, ["A", "A"])
