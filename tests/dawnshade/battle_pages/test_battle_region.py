"""The battle page's live region, drawn in Python (``battle/region.py``), read through the
page in every state a battle passes through: what each state shows and offers, what a viewer
sees (everything but the forms), and text a player typed (a foe's name, the Logbook note)
escaped. Refusals and the closed panels' fragments are in test_battle_pages.py and
tests/dawnshade/pages/test_closed_panels.py."""

import re

import pytest
from django.urls import reverse

from campaigns.dawnshade import services
from campaigns.dawnshade.models import Character
from tests.dawnshade.battle_pages.test_battle_controls import to_side
from tests.dawnshade.battle_services.fight import (
    battle,
    fight_until_decided,
    library,
    setup,
    to_battle,
)
from tests.dawnshade.conftest import make_kinship

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": "dawnshade-battle"}
TYPED_NAME = "<b>Razor & 'Co'</b>"
TYPED_NOTE = 'Logbook <i>"ambush"</i> & run'


def region(client, campaign) -> str:
    response = client.get(reverse("dawnshade:battle", args=[campaign.pk]), **HTMX)
    assert response.status_code == 200
    html = response.content.decode()
    assert html.startswith('<div id="dawnshade-battle"') and html.endswith("</div>")
    return html


def phase(html: str) -> str:
    return re.search(r'data-battle-phase="([^"]*)"', html)[1]


def forms(html: str) -> set[str]:
    """The ``data-form`` of each action form, and the actions of those without one."""
    named = set(
        re.findall(r'<form method="post" action="[^"]*" hx-post="[^"]*" data-form="([^"]+)"', html)
    )
    unnamed = re.findall(r'<form method="post" action="([^"]*)" hx-post="[^"]*">', html)
    return named | {action.rstrip("/").rsplit("/", 1)[-1] for action in unnamed}


def loaders(html: str) -> set[str]:
    return set(re.findall(r'data-panel-loader="([^"]+)"', html))


def test_before_the_kinship_and_away_from_a_battle(owner_client, campaign, user):
    html = region(owner_client, campaign)
    assert "data-no-kinship" in html
    assert f'href="{reverse("dawnshade:chapter", args=[campaign.pk])}"' in html
    make_kinship(campaign, user)
    services.chapter_start(campaign=campaign, actor=user)
    html = region(owner_client, campaign)
    assert phase(html) == "none"
    assert "not on a Battle or Major Threat tile" in html
    assert f'href="{reverse("dawnshade:turn", args=[campaign.pk])}"' in html
    assert forms(html) == set() and loaders(html) == {"foes"}  # the library stays open to add


def test_a_battle_state_by_state(owner_client, viewer_client, campaign, user, viewer, playing):
    to_battle(campaign, user)
    html = region(owner_client, campaign)
    assert phase(html) == "setup"
    assert "Add the foes to the campaign's foe library first." in html
    assert forms(html) == {"foe"}  # the library is open: it is what the set-up needs
    for ally in ("Ash", "Flash", "Wysp"):
        assert re.search(rf'<li data-ally="\d+">{ally}: HP \d+, \d+ shields?', html)

    services.foe_add(
        campaign=campaign,
        actor=user,
        name=TYPED_NAME,
        faction="might",
        hp=2,
        sld=0,
        atk=1,
        defense=1,
        special="",
    )
    foes = library(campaign, user)
    html = region(owner_client, campaign)
    assert forms(html) == {"setup"} and loaders(html) == {"foes"}  # the library closes
    assert "Foe library (3)" in html
    assert "&lt;b&gt;Razor &amp; &#x27;Co&#x27;&lt;/b&gt;" in html and TYPED_NAME not in html

    setup(campaign, user, foes, note=TYPED_NOTE)
    html = region(owner_client, campaign)
    assert phase(html) == "fighting"
    assert re.search(r"Round <strong data-round>\d+</strong> of \d+", html)
    for part in ("data-initiative-stack", "data-initiative-bag", "data-initiative-discard"):
        assert part in html
    assert "Logbook <i>" not in html and "&lt;i&gt;&quot;ambush&quot;&lt;/i&gt; &amp; run" in html
    assert len(re.findall(r'<tr data-stack="', html)) == 3 + 3  # three allies, three foes
    assert {"end-turn", "damage", "formation-change"} <= forms(html)
    assert loaders(html) == {"shields", "conditions", "foes"}

    now, turn = to_side(campaign, user, "foe")
    html = region(owner_client, campaign)
    assert f'data-turn-number="{now.turn_number}"' in html
    assert "target" in forms(html)
    left = int(re.search(r"<span data-target-cards-left>(\d+)</span>", html)[1])
    services.battle_target_reveal(
        campaign=campaign,
        actor=user,
        turn_number=now.turn_number,
        when_empty="reshuffle",
        when_knocked_out="redraw",
    )
    html = region(owner_client, campaign)
    assert re.search(r"<strong data-last-target>[^<]+</strong>", html)
    assert f"<span data-target-cards-left>{left - 1}</span>" in html
    assert re.search(r'<ol class="small" data-battle-draws><li>', html)

    # A viewer sees the battle and no form or loader, in this state as in the others.
    seen = region(viewer_client, campaign)
    assert "data-initiative-stack" in seen and "data-last-target" in seen
    assert "<form" not in seen

    decided = fight_until_decided(campaign, user)
    html = region(owner_client, campaign)
    outcome = decided.result().outcome
    assert f'data-result="{outcome}"' in html
    assert "finish" in forms(html)
    assert not {"end-turn", "damage", "target"} & forms(html)  # nothing more to play
    assert "<form" not in region(viewer_client, campaign)

    characters = Character.objects.filter(kinship__campaign=campaign)
    services.battle_finish(
        campaign=campaign,
        actor=user,
        turn_number=decided.turn_number,
        tawny={c.pk: 0 for c in characters},
        loot_shoot_items=0,
    )
    html = region(owner_client, campaign)
    assert phase(html) == "finished"
    assert f'data-outcome="{outcome}"' in html
    assert "reset" in forms(html)

    services.battle_reset(campaign=campaign, actor=user)
    html = region(owner_client, campaign)
    assert phase(html) == "reset"
    assert len(re.findall(r'<li data-vaki-held="\d+">', html)) == 3
    assert "vaki" in forms(html)
    assert f'href="{reverse("dawnshade:mat", args=[campaign.pk])}"' in html
    seen = region(viewer_client, campaign)
    assert "data-vaki-held" in seen and "<form" not in seen


def test_the_ko_choice_and_the_major_threat(owner_client, campaign, user, playing):
    foes = library(campaign, user)
    services.kinship_reveal_major_threat(campaign=campaign, actor=user)
    setup(campaign, user, foes[:1])
    html = region(owner_client, campaign)
    assert '<h2 id="battle-head">Major Threat ' in html
    now, _ = to_side(campaign, user, "ally")
    active = now.initiative.seats[now.initiative.active_seat]
    services.battle_hits(campaign=campaign, actor=user, target=active, hits=30)
    html = region(owner_client, campaign)
    assert 'name="turn-ko_ally_choice"' in html
    assert "the rulebook does not say who plays the Ally chip" in html
    assert f'data-stack="{active}" data-knocked-out="true"' in html
    assert battle(campaign).stacks[active].knocked_out
