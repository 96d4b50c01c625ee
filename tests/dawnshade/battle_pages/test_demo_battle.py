"""The demo campaign (`manage.py demo_data`) has a battle in progress: set up through the
services, round 1 played and round 2 under way, shown on the Battle page; the Quest Deck's
tile numbers are noted on the Table tools page."""

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse
from pytest_django.asserts import assertContains

from campaigns.dawnshade.battle.state import FIGHTING
from campaigns.table.models import Campaign
from tests.dawnshade.battle_services.fight import battle

pytestmark = pytest.mark.django_db


@pytest.fixture
def demo():
    call_command("demo_data")
    return Campaign.objects.get(game="dawnshade")


def test_the_demo_battle_is_in_its_second_round(demo):
    now = battle(demo)
    assert now.phase == FIGHTING
    assert now.result() is None
    assert now.initiative.rounds_finished == 1
    assert now.turn_number > len(now.foes)
    assert len(now.foes) == 3
    assert any(stack.hp < stack.hp_stat for stack in now.stacks.values())


def test_the_demo_battle_and_tools_pages_render(demo):
    client = Client()
    client.force_login(demo.memberships.get(role="owner").user)
    page = client.get(reverse("dawnshade:battle", args=[demo.pk]))
    assertContains(page, 'data-battle-phase="fighting"')
    assertContains(page, "Defeat the Magus")
    tools = client.get(reverse("dawnshade:tools", args=[demo.pk]))
    assertContains(tools, "Build a Quest Deck")
    assertContains(tools, "Event tiles set aside this campaign: 7")
