"""The Battle page's remaining controls through the page: combo meters (rings and firing),
special abilities once a turn, Formation Change, Defense hits as shields (capped at 3), the
Miss blessing's card, and the choice the table makes for a KO'd Active Player. Each answers
htmx with the live region, refuses with the rule's words and nothing written (422), and a
stale turn number is a 409."""

import pytest
from django.urls import reverse
from pytest_django.asserts import assertContains

from campaigns.dawnshade import services
from campaigns.dawnshade.rules.initiative import KO_ALLY_CHIP_SPENT
from campaigns.dawnshade.services.battle import current_turn
from campaigns.table.models import DrawLogEntry
from tests.dawnshade.battle_services.fight import battle, library, setup, to_battle

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


def url(campaign, name):
    return reverse(f"dawnshade:{name}", args=[campaign.pk])


@pytest.fixture
def fighting(campaign, user, playing):
    foes = library(campaign, user)
    to_battle(campaign, user)
    setup(campaign, user, foes)
    return battle(campaign)


def to_side(campaign, user, side):
    """End turns until the top chip gives ``side`` a turn."""
    for _ in range(20):
        now = battle(campaign)
        turn = current_turn(now)
        if turn is not None and turn.side == side:
            return now, turn
        services.battle_end_turn(campaign=campaign, actor=user, turn_number=now.turn_number)
    raise AssertionError(f"no {side} turn came up")


def test_combo_rings_charge_the_meter_and_firing_resets_it(owner_client, campaign, user, fighting):
    now, turn = to_side(campaign, user, "ally")
    me = turn.character
    response = owner_client.post(
        url(campaign, "battle_combo_rings"),
        {"rings-character": me, "rings-flame": 3, "rings-thorn": 1},
        **HTMX,
    )
    assert response.status_code == 200
    assert 'id="dawnshade-battle"' in response.content.decode()
    assert battle(campaign).combo[me].flame == 3
    response = owner_client.post(url(campaign, "battle_combo_fire"), {"fire-flame_by": me}, **HTMX)
    assert response.status_code == 200
    assert battle(campaign).combo[me].flame == 0


def test_a_combo_not_charged_is_refused(owner_client, campaign, user, fighting, nothing_written):
    _, turn = to_side(campaign, user, "ally")
    with nothing_written(campaign):
        response = owner_client.post(
            url(campaign, "battle_combo_fire"), {"fire-thorn_by": turn.character}, **HTMX
        )
    assert response.status_code == 422
    assertContains(response, "is not charged: it must reach 3 first", status_code=422)


def test_a_second_positive_combo_in_one_turn_is_refused(
    owner_client, campaign, user, fighting, nothing_written
):
    _, turn = to_side(campaign, user, "ally")
    other = next(key for key in battle(campaign).combo if key != turn.character)
    for who in (turn.character, other):
        services.battle_combo_rings(campaign=campaign, actor=user, character=who, flame=3, thorn=0)
    services.battle_combo_fire(campaign=campaign, actor=user, flame_by=turn.character)
    with nothing_written(campaign):
        response = owner_client.post(
            url(campaign, "battle_combo_fire"), {"fire-flame_by": other}, **HTMX
        )
    assert response.status_code == 422
    assertContains(response, "at most one positive and one negative a turn", status_code=422)


def test_a_special_fires_once_a_turn(owner_client, campaign, user, fighting, nothing_written):
    response = owner_client.post(url(campaign, "battle_special"), {"special-stack": "s1"}, **HTMX)
    assert response.status_code == 200
    assert battle(campaign).specials_used == ("s1",)
    with nothing_written(campaign):
        again = owner_client.post(url(campaign, "battle_special"), {"special-stack": "s1"}, **HTMX)
    assert again.status_code == 422
    assertContains(again, "specials do not stack", status_code=422)
    now = battle(campaign)
    services.battle_end_turn(campaign=campaign, actor=user, turn_number=now.turn_number)
    assert battle(campaign).specials_used == ()


def test_formation_change_swaps_the_next_chip_and_logs_the_draw(
    owner_client, campaign, user, fighting
):
    now = battle(campaign)
    response = owner_client.post(
        url(campaign, "battle_formation_change"),
        {"formation-turn_number": now.turn_number},
        **HTMX,
    )
    assert response.status_code == 200
    after = battle(campaign)
    assert after.initiative.stack[0] == now.initiative.stack[0]
    assert sorted(after.initiative.bag + after.initiative.stack) == sorted(
        now.initiative.bag + now.initiative.stack
    )
    # A chip swapped for one of its own kind changes nothing and draws nothing to log.
    logged = DrawLogEntry.objects.filter(campaign=campaign, label="Formation Change").exists()
    assert logged == (after.initiative != now.initiative)


def test_a_stale_formation_change_is_a_conflict(owner_client, campaign, user, fighting):
    seen = battle(campaign).turn_number
    services.battle_end_turn(campaign=campaign, actor=user, turn_number=seen)
    response = owner_client.post(
        url(campaign, "battle_formation_change"), {"formation-turn_number": seen}, **HTMX
    )
    assert response.status_code == 409
    assertContains(response, "data-conflict", status_code=409)


def test_defense_hits_add_shields_up_to_three(owner_client, campaign, user, fighting):
    response = owner_client.post(
        url(campaign, "battle_shields"), {"shields-target": "s2", "shields-hits": 5}, **HTMX
    )
    assert response.status_code == 200
    assert battle(campaign).stacks["s2"].shields == 3
    assertContains(response, 'data-live-value="s2-shields"')


def test_negative_defense_hits_are_refused(owner_client, campaign, fighting, nothing_written):
    with nothing_written(campaign):
        response = owner_client.post(
            url(campaign, "battle_shields"), {"shields-target": "s2", "shields-hits": -1}, **HTMX
        )
    assert response.status_code == 422


def test_the_miss_blessing_shuffles_a_miss_card_in(owner_client, campaign, fighting):
    before = battle(campaign).target_deck.cards.count("miss")
    response = owner_client.post(url(campaign, "battle_miss_card"), {}, **HTMX)
    assert response.status_code == 200
    assert battle(campaign).target_deck.cards.count("miss") == before + 1
    # without JavaScript: a redirect back to the page
    response = owner_client.post(url(campaign, "battle_miss_card"), {})
    assert response.status_code == 302


def test_a_knocked_out_active_player_asks_the_table(
    owner_client, campaign, user, fighting, nothing_written
):
    now, _ = to_side(campaign, user, "ally")
    active = now.initiative.seats[now.initiative.active_seat]
    services.battle_hits(campaign=campaign, actor=user, target=active, hits=30)
    page = owner_client.get(url(campaign, "battle"))
    assertContains(page, "the rulebook does not say who plays the Ally chip")
    assertContains(page, 'name="turn-ko_ally_choice"')
    assertContains(page, 'data-rule="ko-active-player-not-printed"')
    seen = battle(campaign).turn_number
    with nothing_written(campaign):
        refused = owner_client.post(
            url(campaign, "battle_end_turn"), {"turn-turn_number": seen}, **HTMX
        )
    assert refused.status_code == 422
    response = owner_client.post(
        url(campaign, "battle_end_turn"),
        {"turn-turn_number": seen, "turn-ko_ally_choice": KO_ALLY_CHIP_SPENT},
        **HTMX,
    )
    assert response.status_code == 200
    after = battle(campaign)
    assert after.turn_number == seen + 1
    assert after.stacks[active].knocked_out
