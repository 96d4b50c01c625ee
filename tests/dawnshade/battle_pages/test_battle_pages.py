"""The Battle page: no-JS redirects, htmx partials, 422 with the rule's words and nothing
written, 409 for a stale "next turn", viewers refused, and a query count that does not grow
with the number of turns."""

import re

import pytest
from django.urls import reverse
from pytest_django.asserts import assertContains

from campaigns.dawnshade import services
from campaigns.table.models import LedgerEntry
from tests.dawnshade.battle_services.fight import battle, library, setup, to_battle

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
# Session, user, membership and campaign; the Kinship with its characters and their held
# items, the ledger's totals, the battle's tool state, the visit, the foe library, the battle's
# draws; the newest undoable entry.
BATTLE_PAGE_QUERIES = 11


def url(campaign, name):
    return reverse(f"dawnshade:{name}", args=[campaign.pk])


@pytest.fixture
def at_battle(campaign, user, playing):
    foes = library(campaign, user)
    to_battle(campaign, user)
    return foes


@pytest.fixture
def fighting(campaign, user, at_battle):
    setup(campaign, user, at_battle)
    return battle(campaign)


def test_the_setup_form_begins_the_battle_without_javascript(owner_client, campaign, at_battle):
    page = owner_client.get(url(campaign, "battle"))
    assertContains(page, 'data-battle-phase="setup"')
    visit_id = int(re.search(r'name="setup-visit_id" value="(\d+)"', page.content.decode())[1])
    response = owner_client.post(
        url(campaign, "battle_setup"),
        {
            "setup-visit_id": visit_id,
            "setup-foe_1": at_battle[0].pk,
            "setup-foe_2": at_battle[1].pk,
            "setup-note": "Attack the Magus first",
            "setup-miss_cards": 1,
            "setup-imprecise_rounding": "damage_up",
            "setup-behemoth_with_fighter": "stack_order",
        },
    )
    assert response.status_code == 302
    assert response["Location"] == url(campaign, "battle")
    page = owner_client.get(url(campaign, "battle"))
    assertContains(page, 'data-battle-phase="fighting"')
    assertContains(page, "Attack the Magus first")
    assertContains(page, 'data-stack="foe:II"')


def test_next_turn_answers_htmx_with_the_region(owner_client, campaign, fighting):
    response = owner_client.post(
        url(campaign, "battle_end_turn"),
        {"turn-turn_number": 0, "turn-turn_key": ""},
        **HTMX,
    )
    assert response.status_code == 200
    assert 'id="dawnshade-battle"' in response.content.decode()
    assert "<html" not in response.content.decode()
    assert battle(campaign).turn_number == 1


def test_two_phones_tapping_next_turn_advance_it_once(owner_client, campaign, fighting):
    data = {"turn-turn_number": 0}
    first = owner_client.post(url(campaign, "battle_end_turn"), data, **HTMX)
    second = owner_client.post(url(campaign, "battle_end_turn"), data, **HTMX)
    assert first.status_code == 200
    assert second.status_code == 409
    assertContains(second, "data-conflict", status_code=409)
    assertContains(second, 'id="dawnshade-battle"', status_code=409)
    assert battle(campaign).turn_number == 1


def test_a_turn_out_of_initiative_order_is_refused(
    owner_client, campaign, fighting, nothing_written
):
    with nothing_written(campaign):
        response = owner_client.post(
            url(campaign, "battle_end_turn"),
            {"turn-turn_number": 0, "turn-turn_key": "foe:VII"},
            **HTMX,
        )
    assertContains(response, "out of initiative order", status_code=422)


def test_damage_to_a_knocked_out_stack_is_refused_with_the_rule(
    owner_client, campaign, user, fighting, nothing_written
):
    services.battle_hits(campaign=campaign, actor=user, target="foe:I", hits=5)
    with nothing_written(campaign):
        response = owner_client.post(
            url(campaign, "battle_damage"), {"damage-target": "foe:I", "damage-hits": 1}, **HTMX
        )
    assertContains(response, "KO&#x27;d and out of the battle", status_code=422)


def test_a_duplicate_condition_is_refused(owner_client, campaign, user, fighting, nothing_written):
    services.battle_condition_place(campaign=campaign, actor=user, target="s1", condition="precise")
    with nothing_written(campaign):
        response = owner_client.post(
            url(campaign, "battle_condition"),
            {"condition-target": "s1", "condition-condition": "precise"},
            **HTMX,
        )
    assertContains(response, "does not stack", status_code=422)


def test_an_undecided_battle_cannot_be_finished(owner_client, campaign, fighting, nothing_written):
    with nothing_written(campaign):
        response = owner_client.post(url(campaign, "battle_finish"), {}, **HTMX)
    assertContains(response, "not decided yet", status_code=422)


def test_a_foe_shield_past_the_maximum_is_refused(owner_client, campaign, playing, nothing_written):
    with nothing_written(campaign):
        response = owner_client.post(
            url(campaign, "battle_foe_add"),
            {
                "foe-name": "Golem",
                "foe-faction": "neutral",
                "foe-hp": 3,
                "foe-sld": 4,
                "foe-atk": 1,
                "foe-defense": 1,
            },
            **HTMX,
        )
    assertContains(response, "between 0 and 3 shields", status_code=422)


def test_a_viewer_cannot_change_the_battle(viewer_client, campaign, fighting):
    response = viewer_client.post(url(campaign, "battle_end_turn"), {"turn-turn_number": 0})
    assert response.status_code == 403


def test_the_turn_page_links_to_the_battle(owner_client, campaign, at_battle):
    page = owner_client.get(url(campaign, "turn"))
    assertContains(page, url(campaign, "battle"))


def test_undo_puts_the_battle_back(owner_client, campaign, user, fighting):
    services.battle_hits(campaign=campaign, actor=user, target="foe:II", hits=2)
    assert battle(campaign).stacks["foe:II"].hp == 1
    entry = LedgerEntry.objects.filter(campaign=campaign).latest("id")
    response = owner_client.post(reverse("undo_last", args=[campaign.pk]), {"entry_id": entry.pk})
    assert response.status_code in (200, 302)
    assert battle(campaign).stacks["foe:II"].hp == 3


def test_the_battle_page_query_count_does_not_grow_with_turns(
    owner_client, campaign, user, fighting, django_assert_num_queries
):
    with django_assert_num_queries(BATTLE_PAGE_QUERIES):
        assert owner_client.get(url(campaign, "battle")).status_code == 200
    for _ in range(6):
        now = battle(campaign)
        if now.result() is not None:
            break
        services.battle_end_turn(
            campaign=campaign, actor=user, turn_number=now.turn_number, ko_ally_choice="next_living"
        )
    assert battle(campaign).turn_number >= 3
    with django_assert_num_queries(BATTLE_PAGE_QUERIES):
        assert owner_client.get(url(campaign, "battle")).status_code == 200
