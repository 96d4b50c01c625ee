"""The stand-alone tribe builder page."""

import pytest
from django.urls import reverse
from pytest_django.asserts import assertContains, assertNotContains

from tests.factories import HTMX

# Layer Three's worked example: Pronflub (Occulite 1) gives a Speed to Grublic (2), takes an
# Attack from Mipny (3), gives a Defence to and takes a Health from Froog (4).
PRONFLUB = {
    "tribe_type": "none",
    "level": "new",
    "name1": "Pronflub",
    "name2": "Grublic",
    "name3": "Mipny",
    "name4": "Froog",
    "name5": "Zorb",
    "adj1_stat": "speed",
    "adj1_from": "1",
    "adj1_to": "2",
    "adj2_stat": "attack",
    "adj2_from": "3",
    "adj2_to": "1",
    "adj3_stat": "defence",
    "adj3_from": "1",
    "adj3_to": "4",
    "adj4_stat": "health",
    "adj4_from": "4",
    "adj4_to": "1",
}


def test_the_pronflub_example(client, db):
    response = client.get(reverse("occulites:builder"), PRONFLUB)
    assert response.status_code == 200
    rows = {o["name"]: o["stats"] for o in response.context["tribe"]["occulites"]}
    assert rows["Pronflub"] == [2, 5, 5, 3, 6]
    assert rows["Grublic"] == [2, 7, 4, 4, 5]
    assert rows["Froog"] == [2, 6, 4, 5, 4]


def test_level_points_and_ability_points(client, db):
    data = {"tribe_type": "palaudis", "level": "veteran", "add1_attack": 2, "add2_health": 5}
    response = client.get(reverse("occulites:builder"), data)
    tribe = response.context["tribe"]
    assert tribe["ability_points"] == 8
    assert tribe["occulites"][0]["stats"][2] == 6
    assert dict(tribe["unspent"]) == {"Speed": 5, "Attack": 2, "Defence": 4, "Health": 0}
    assertContains(response, "Friend of the Luftles")  # the Palaudis Chief's innate ability


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"adj5_stat": "speed", "adj5_from": "1", "adj5_to": "1"}, "different Occulite"),
        ({"level": "new", "add1_attack": 1}, "0 Attack points"),
        ({"level": "legendary", "add1_attack": 4}, "Attack"),
        ({"adj5_stat": "speed"}, "who gives and who takes"),
    ],
)
def test_broken_rules_are_refused_with_their_message(client, db, change, message):
    response = client.get(reverse("occulites:builder"), {**PRONFLUB, **change})
    assert response.status_code == 422
    assertContains(response, message, status_code=422)


def test_empty_builder_invites_a_choice(client, db):
    response = client.get(reverse("occulites:builder"))
    assertContains(response, "Choose a type and a level")


def test_htmx_returns_only_the_result(client, db):
    response = client.get(reverse("occulites:builder"), PRONFLUB, headers=HTMX)
    assertContains(response, 'id="builder-result"')
    assertNotContains(response, "<html")


def test_builder_needs_no_database_beyond_the_session(client, db, django_assert_max_num_queries):
    with django_assert_max_num_queries(2):
        client.get(reverse("occulites:builder"), PRONFLUB)


def test_a_sixth_evolutionary_adjustment_in_the_link_is_refused_not_dropped(client, db):
    """Layer Three - Evolutionary Adjustments: at most five (issue 12, point 8)."""
    extra = {"adj5_stat": "speed", "adj5_from": "2", "adj5_to": "3"}
    sixth = {"adj6_stat": "speed", "adj6_from": "3", "adj6_to": "4"}
    response = client.get(reverse("occulites:builder"), {**PRONFLUB, **extra, **sixth})
    assertContains(response, "at most 5 Evolutionary Adjustments", status_code=422)
    assert response.context["tribe"] is None


def test_the_builders_refusals_speak_of_a_stand_alone_tribe_in_good_english(client, db):
    over = client.get(
        reverse("occulites:builder"), {**PRONFLUB, "add1_attack": 3, "level": "legendary"}
    )
    assertContains(over, "stand-alone tribe", status_code=422)
    assertNotContains(over, "during a campaign", status_code=422)
    experienced = client.get(
        reverse("occulites:builder"),
        {**PRONFLUB, "level": "experienced", "add3_speed": 2, "add5_speed": 2},
    )
    assertContains(experienced, "An Experienced Tribe has", status_code=422)
