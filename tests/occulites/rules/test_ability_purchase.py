"""Buying Learned Abilities (Campaign Rules - Abilities in a Campaign; Gaining Learned
Abilities; the General, Palaudis, Hydris and Luftle Chief ability pools)."""

import pytest

from campaigns.occulites.catalog.blueprints import StatLine
from campaigns.occulites.rules.abilities import (
    ability_loss,
    learned_ability_purchase,
    luftle_chief_ability_purchase,
    situational_ability_gain,
)
from campaigns.occulites.rules.errors import RuleViolation
from campaigns.occulites.rules.tribe import LuftleSnapshot, OcculiteSnapshot, TribeSnapshot

NAMES = ("grublic", "pronflub", "mipny", "froog", "zorb")


def make_tribe(tribe_type="palaudis", learned=None, spend=10, luftles=(), situational=None):
    """Five Occulites, the first one the Chief; ``learned`` maps a name to its abilities."""
    learned = learned or {}
    situational = situational or {}
    innate = {"palaudis": ("swampwise",), "hydris": ("waterwise",)}.get(tribe_type, ())
    occulites = tuple(
        OcculiteSnapshot(
            key=name,
            name=name.title(),
            stats=StatLine(2, 6, 4, 4, 5),
            is_chief=index == 0,
            innate_abilities=innate,
            learned_abilities=tuple(learned.get(name, ())),
            situational_abilities=tuple(situational.get(name, ())),
        )
        for index, name in enumerate(NAMES)
    )
    return TribeSnapshot(
        tribe_type=tribe_type,
        occulites=occulites,
        luftles=tuple(luftles),
        available_spend_total=spend,
    )


def test_general_ability_costs_its_vp_from_the_available_spend_total():
    purchase = learned_ability_purchase(make_tribe(spend=3), "grublic", "pouch")
    assert purchase.vp_cost == 1
    assert purchase.granted_to == ("grublic",)
    assert purchase.available_spend_total_after == 2


def test_tribe_pool_ability_is_bought_at_its_printed_cost():
    purchase = learned_ability_purchase(make_tribe(spend=5), "mipny", "sticky_tongue")
    assert purchase.vp_cost == 2
    assert purchase.available_spend_total_after == 3


def test_unaffordable_ability_is_refused():
    tribe = make_tribe(spend=2, learned={name: ("leap",) for name in NAMES})
    with pytest.raises(RuleViolation, match="Thunder Leap costs 4 VP but the Available Spend"):
        learned_ability_purchase(tribe, "grublic", "thunder_leap")


def test_exact_cost_is_affordable():
    tribe = make_tribe(spend=4, learned={name: ("leap",) for name in NAMES})
    purchase = learned_ability_purchase(tribe, "grublic", "thunder_leap")
    assert purchase.available_spend_total_after == 0


def test_thunder_leap_needs_leap_first():
    tribe = make_tribe(spend=10, learned={name: ("pouch",) for name in NAMES})
    with pytest.raises(RuleViolation, match="Thunder Leap needs Leap first"):
        learned_ability_purchase(tribe, "grublic", "thunder_leap")


def test_poison_needs_slippery_when_wet_first():
    tribe = make_tribe("hydris", spend=10, learned={name: ("pouch",) for name in NAMES})
    with pytest.raises(RuleViolation, match="Poison needs Slippery When Wet first"):
        learned_ability_purchase(tribe, "froog", "poison")


def test_poison_is_allowed_once_slippery_when_wet_is_known():
    learned = {name: ("pouch",) for name in NAMES}
    learned["froog"] = ("slippery_when_wet",)
    purchase = learned_ability_purchase(make_tribe("hydris", learned=learned), "froog", "poison")
    assert purchase.vp_cost == 4


def test_other_tribes_pool_is_refused():
    with pytest.raises(RuleViolation, match="Leap is only available to Palaudis tribes"):
        learned_ability_purchase(make_tribe("hydris"), "grublic", "leap")
    with pytest.raises(RuleViolation, match="Rearguard is only available to Hydris tribes"):
        learned_ability_purchase(make_tribe("none"), "grublic", "rearguard")


def test_tribe_without_a_type_may_buy_general_abilities():
    purchase = learned_ability_purchase(make_tribe("none"), "zorb", "quick_hands")
    assert purchase.vp_cost == 1


def test_luftle_chief_pool_is_refused_for_an_occulite():
    with pytest.raises(RuleViolation, match="Nimble can only be learned by a Luftle Chief"):
        learned_ability_purchase(make_tribe(), "grublic", "nimble")


def test_innate_and_situational_abilities_cannot_be_bought():
    with pytest.raises(RuleViolation, match="Swampwise cannot be bought"):
        learned_ability_purchase(make_tribe(), "grublic", "swampwise")
    with pytest.raises(RuleViolation, match="Eyebeam cannot be bought"):
        learned_ability_purchase(make_tribe(), "grublic", "eyebeam")


def test_unknown_ability_is_refused():
    with pytest.raises(RuleViolation, match="not an ability"):
        learned_ability_purchase(make_tribe(), "grublic", "laser_eyes")


def test_unknown_occulite_is_refused():
    with pytest.raises(RuleViolation, match="not in this tribe"):
        learned_ability_purchase(make_tribe(), "nobody", "pouch")


def test_an_ability_already_held_is_refused():
    tribe = make_tribe(learned={name: ("pouch",) for name in NAMES})
    with pytest.raises(RuleViolation, match="Grublic already has Pouch"):
        learned_ability_purchase(tribe, "grublic", "pouch")


def test_second_ability_waits_until_every_occulite_has_one():
    # "all Tribe members must have at least one Learned Ability before any can gain a second"
    tribe = make_tribe(learned={"grublic": ("pouch",), "pronflub": ("lucky",)})
    with pytest.raises(RuleViolation, match=r"needs 1 Learned Ability before any gets another"):
        learned_ability_purchase(tribe, "grublic", "leap")


def test_second_ability_allowed_once_every_occulite_has_one():
    tribe = make_tribe(learned={name: ("pouch",) for name in NAMES})
    assert learned_ability_purchase(tribe, "grublic", "leap").vp_cost == 1


def test_third_ability_waits_until_every_occulite_has_two():
    learned = {name: ("pouch", "leap") for name in NAMES}
    learned["grublic"] = ("pouch", "leap", "lucky")
    learned["zorb"] = ("pouch",)
    with pytest.raises(RuleViolation, match=r"needs 2 Learned Abilities .*Zorb has 1"):
        learned_ability_purchase(make_tribe(learned=learned), "pronflub", "quick_hands")
    # The one that is behind may still catch up.
    assert learned_ability_purchase(make_tribe(learned=learned), "zorb", "leap").vp_cost == 1


def test_only_one_tribe_member_may_take_intimidating_croak():
    learned = {name: ("pouch",) for name in NAMES}
    learned["mipny"] = ("pouch", "intimidating_croak")
    with pytest.raises(RuleViolation, match="Only one tribe member may have Intimidating Croak"):
        learned_ability_purchase(make_tribe(learned=learned), "grublic", "intimidating_croak")


def test_tribe_wide_provoke_is_granted_to_every_occulite():
    purchase = learned_ability_purchase(make_tribe(), "froog", "provoke")
    assert purchase.vp_cost == 1
    assert purchase.granted_to == NAMES


def test_scenario_allowance_of_learned_abilities_is_enforced():
    with pytest.raises(RuleViolation, match="allow 1 Learned Ability per tribe"):
        learned_ability_purchase(
            make_tribe(), "grublic", "pouch", bought_this_scenario=1, allowed_this_scenario=1
        )
    # The Hunted allows two.
    purchase = learned_ability_purchase(
        make_tribe(), "grublic", "pouch", bought_this_scenario=1, allowed_this_scenario=2
    )
    assert purchase.vp_cost == 1
    with pytest.raises(RuleViolation, match="allow 0 Learned Abilities"):
        learned_ability_purchase(
            make_tribe(), "grublic", "pouch", bought_this_scenario=0, allowed_this_scenario=0
        )


def test_negative_count_of_abilities_bought_is_refused():
    with pytest.raises(RuleViolation, match="cannot be negative"):
        learned_ability_purchase(make_tribe(), "grublic", "pouch", bought_this_scenario=-1)


def test_negative_available_spend_total_is_refused():
    with pytest.raises(RuleViolation, match="never be negative"):
        make_tribe(spend=-1)


def test_luftle_chief_learns_from_his_pool_without_waiting_for_the_occulites():
    # Luftle Chief Ability Pool: no "every Occulite first" restriction.
    tribe = make_tribe(
        spend=3,
        learned={"grublic": ("pouch",)},
        luftles=(LuftleSnapshot("grunt", "A"), LuftleSnapshot("chief", "B")),
    )
    purchase = luftle_chief_ability_purchase(tribe, "carry_twice_the_weight")
    assert purchase.vp_cost == 2
    assert purchase.granted_to == ("B",)
    assert purchase.available_spend_total_after == 1


def test_exceptional_camouflage_needs_camouflage_first():
    luftles = (LuftleSnapshot("grunt", "A"), LuftleSnapshot("chief", "B"))
    with pytest.raises(RuleViolation, match="Exceptional Camouflage needs Camouflage first"):
        luftle_chief_ability_purchase(make_tribe(luftles=luftles), "exceptional_camouflage")
    luftles = (LuftleSnapshot("grunt", "A"), LuftleSnapshot("chief", "B", ("camouflage",)))
    purchase = luftle_chief_ability_purchase(make_tribe(luftles=luftles), "exceptional_camouflage")
    assert purchase.vp_cost == 1


def test_luftle_chief_purchase_needs_a_luftle_chief():
    tribe = make_tribe(luftles=(LuftleSnapshot("grunt", "A"),))
    with pytest.raises(RuleViolation, match="no Luftle Chief"):
        luftle_chief_ability_purchase(tribe, "nimble")


def test_luftle_chief_cannot_learn_occulite_abilities_or_repeat_one():
    luftles = (LuftleSnapshot("grunt", "A"), LuftleSnapshot("chief", "B", ("nimble",)))
    with pytest.raises(RuleViolation, match="Luftle Chief pool, not Pouch"):
        luftle_chief_ability_purchase(make_tribe(luftles=luftles), "pouch")
    with pytest.raises(RuleViolation, match="already has Nimble"):
        luftle_chief_ability_purchase(make_tribe(luftles=luftles), "nimble")


def test_luftle_chief_purchase_counts_against_the_scenario_allowance_and_the_total():
    # "may purchase an ability instead of one of your Occulites"
    luftles = (LuftleSnapshot("grunt", "A"), LuftleSnapshot("chief", "B"))
    with pytest.raises(RuleViolation, match="allow 1 Learned Ability"):
        luftle_chief_ability_purchase(
            make_tribe(luftles=luftles), "nimble", bought_this_scenario=1, allowed_this_scenario=1
        )
    with pytest.raises(RuleViolation, match="costs 2 VP but the Available Spend Total is 1"):
        luftle_chief_ability_purchase(
            make_tribe(spend=1, luftles=luftles), "carry_twice_the_weight"
        )


def test_situational_ability_lands_on_the_chosen_occulite_and_may_expire():
    gain = situational_ability_gain(make_tribe(), "eyebeam", ["mipny"])
    assert gain.granted_to == ("mipny",)
    assert gain.lasts_scenarios == 1


def test_tribe_wide_situational_ability_lands_on_every_occulite():
    gain = situational_ability_gain(make_tribe(), "hasty")
    assert gain.granted_to == NAMES
    assert gain.lasts_scenarios is None


def test_situational_gain_skips_figures_that_already_hold_it():
    tribe = make_tribe(situational={"froog": ("eagle_eyed",)})
    gain = situational_ability_gain(tribe, "eagle_eyed", ["froog", "zorb"])
    assert gain.granted_to == ("zorb",)


def test_situational_gain_needs_a_figure_and_a_situational_ability():
    with pytest.raises(RuleViolation, match="Choose the Occulite that gains Eagle Eyed"):
        situational_ability_gain(make_tribe(), "eagle_eyed", [])
    with pytest.raises(RuleViolation, match="Pouch is not a scenario or situational ability"):
        situational_ability_gain(make_tribe(), "pouch", ["froog"])


def test_innate_abilities_are_never_lost():
    with pytest.raises(RuleViolation, match="Swampwise is innate and can never be lost"):
        ability_loss(make_tribe(), "grublic", "swampwise")


def test_custom_tribe_innate_ability_is_never_lost():
    tribe = make_tribe("none")
    custom = OcculiteSnapshot(
        key="grublic",
        name="Grublic",
        stats=StatLine(2, 6, 4, 4, 5),
        innate_abilities=("cloud_walker",),
    )
    tribe = TribeSnapshot("floating_kin", (custom, *tribe.occulites[1:]))
    with pytest.raises(RuleViolation, match="cloud_walker is innate"):
        ability_loss(tribe, "grublic", "cloud_walker")


def test_learned_ability_is_lost_by_its_holder_only():
    tribe = make_tribe(learned={"grublic": ("pouch",), "zorb": ("pouch",)})
    assert ability_loss(tribe, "grublic", "pouch").lost_by == ("grublic",)


def test_tribe_wide_ability_is_lost_by_everyone_at_once():
    # Provoke: "If one figure loses it, they all do."
    tribe = make_tribe(learned={name: ("provoke",) for name in NAMES})
    assert ability_loss(tribe, "mipny", "provoke").lost_by == NAMES


def test_losing_an_ability_not_held_is_refused():
    with pytest.raises(RuleViolation, match="Grublic does not have Pouch"):
        ability_loss(make_tribe(), "grublic", "pouch")
