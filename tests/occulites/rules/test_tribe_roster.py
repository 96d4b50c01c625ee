"""A tribe's roster: five Occulites, one Chief, a Hydris Netter, innate abilities
(Genetic Blueprints; Chief Occulite; Layer Five - Tribal Types; Occulite Tribes)."""

import pytest

from campaigns.occulites.catalog.blueprints import StatLine
from campaigns.occulites.rules.abilities import innate_abilities_for
from campaigns.occulites.rules.errors import RuleViolation
from campaigns.occulites.rules.tribe import OcculiteSnapshot, TribeSnapshot, check_new_occulite


def make_tribe(tribe_type, count, chief=True, netter=False):
    occulites = tuple(
        OcculiteSnapshot(
            key=f"o{index}",
            name=f"Occulite {index}",
            stats=StatLine(2, 6, 4, 4, 5),
            is_chief=chief and index == 0,
            is_netter=netter and index == 1,
        )
        for index in range(count)
    )
    return TribeSnapshot(tribe_type, occulites)


def test_fifth_occulite_may_join():
    check_new_occulite(make_tribe("palaudis", 4), is_chief=False, is_netter=False)


def test_sixth_occulite_is_refused():
    with pytest.raises(RuleViolation, match="A tribe has at most 5 Occulites"):
        check_new_occulite(make_tribe("palaudis", 5), is_chief=False, is_netter=False)


def test_second_chief_is_refused():
    with pytest.raises(RuleViolation, match="only one Chief"):
        check_new_occulite(make_tribe("none", 2), is_chief=True, is_netter=False)


def test_only_hydris_has_one_netter():
    check_new_occulite(make_tribe("hydris", 1), is_chief=False, is_netter=True)
    with pytest.raises(RuleViolation, match="Only a Hydris tribe has a Netter"):
        check_new_occulite(make_tribe("palaudis", 1), is_chief=False, is_netter=True)
    with pytest.raises(RuleViolation, match="only one Netter"):
        check_new_occulite(make_tribe("hydris", 2, netter=True), is_chief=False, is_netter=True)


def test_unknown_occulite_is_refused():
    with pytest.raises(RuleViolation, match="not in this tribe"):
        make_tribe("none", 1).occulite("o9")


def test_palaudis_innate_abilities():
    assert innate_abilities_for("palaudis") == ("swampwise",)
    assert innate_abilities_for("palaudis", is_chief=True) == (
        "swampwise",
        "friend_of_the_luftles",
        "luftle_advisor",
    )


def test_hydris_innate_abilities_include_the_netters_hunting_net():
    assert innate_abilities_for("hydris") == ("waterwise",)
    assert innate_abilities_for("hydris", is_chief=True) == ("waterwise", "healing_mucus")
    assert innate_abilities_for("hydris", is_netter=True) == ("waterwise", "hunting_net")


def test_tribe_without_a_type_has_no_innate_abilities():
    assert innate_abilities_for("none", is_chief=True) == ()


def test_netter_outside_hydris_and_unknown_type_are_refused():
    with pytest.raises(RuleViolation, match="Only a Hydris tribe has a Netter"):
        innate_abilities_for("palaudis", is_netter=True)
    with pytest.raises(RuleViolation, match="'nimbus' is not a tribe type"):
        innate_abilities_for("nimbus")
