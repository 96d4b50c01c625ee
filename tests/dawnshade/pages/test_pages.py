"""The Dawnshade pages through the test client: every page answers, forms work without
JavaScript (redirect) and with htmx (the live region), bad input is 422 with the rule's
message beside the field and nothing written, a stale tap is 409, undo is one tap."""

import re
from pathlib import Path

import pytest
from django.urls import reverse

from campaigns.dawnshade import services
from campaigns.dawnshade.models import Kinship, Visit
from campaigns.dawnshade.rule_links import CAMPAIGN_TOOLS
from rulesref.content import load_entry_files
from tests.dawnshade.conftest import writes_nothing
from tests.factories import HTMX

PAGES = ("mat", "turn", "outposts", "characters", "chapter", "sheet")


def url(name, campaign, *args):
    return reverse(f"dawnshade:{name}", args=[campaign.pk, *args])


@pytest.mark.parametrize("page", PAGES)
def test_every_page_answers_before_the_kinship_is_set_up(page, campaign, owner_client):
    response = owner_client.get(url(page, campaign))
    assert response.status_code == 200
    assert 'data-tab="mat"' in response.content.decode()


@pytest.mark.parametrize("page", PAGES)
def test_every_page_answers_during_a_game(page, campaign, owner_client, playing):
    assert owner_client.get(url(page, campaign)).status_code == 200
    partial = owner_client.get(url(page, campaign), headers=HTMX)
    assert partial.status_code == 200
    assert b"<html" not in partial.content and b"data-live-region" in partial.content


def test_setting_up_without_javascript_redirects_to_the_chapter_page(campaign, owner_client):
    response = owner_client.post(
        url("setup", campaign),
        {
            "setup-mode": "trilogy",
            "setup-difficulty": "hard",
            "setup-unspent_training_points": "kept",
            "setup-tawny_rewards": "each",
            "setup-table_rewards_at_conclusion": "on",
        },
    )
    assert response.status_code == 302 and response["Location"] == url("chapter", campaign)
    assert Kinship.objects.get(campaign=campaign).difficulty == "hard"


def test_adding_a_character_with_htmx_answers_with_the_region(campaign, owner_client, user):
    services.kinship_create(campaign=campaign, actor=user, mode="trilogy", difficulty="normal")
    stats = {f"add-start_{s}": 2 for s in ("agi", "atk", "items", "hp", "def", "dev")}
    response = owner_client.post(
        url("character_add", campaign), {"add-name": "Ash", **stats}, headers=HTMX
    )
    assert response.status_code == 200
    assert b'id="dawnshade-characters"' in response.content and b"Ash" in response.content


def test_a_missing_starting_stat_is_refused_beside_its_field(campaign, owner_client, user):
    services.kinship_create(campaign=campaign, actor=user, mode="trilogy", difficulty="normal")
    with writes_nothing(campaign):
        response = owner_client.post(
            url("character_add", campaign), {"add-name": "Ash"}, headers=HTMX
        )
    assert response.status_code == 422
    assert b'id="id_add-start_agi_error"' in response.content


def _move(client, campaign, **data):
    visit = Visit.objects.filter(kinship__campaign=campaign).latest("pk")
    fields = {
        "move-visit_id": visit.pk,
        "move-kind": "new_tile",
        **{f"move-{k}": v for k, v in data.items()},
    }
    return client.post(url("move", campaign), fields, headers=HTMX)


def test_a_turn_through_the_pages(campaign, owner_client, playing):
    ash, flash, wysp = playing
    assert _move(owner_client, campaign, tile_type="journey", hexes=2).status_code == 200
    visit = Visit.objects.filter(kinship__campaign=campaign).latest("pk")
    response = owner_client.post(
        url("complete", campaign), {"complete-visit_id": visit.pk, "complete-outcome": "completed"}
    )
    assert response.status_code == 302
    rewards = {"rewards-visit_id": visit.pk, "rewards-xp": 4, "rewards-loot_shoot_items": 0}
    rewards.update({f"rewards-tawny_{c.pk}": 1 for c in playing})
    assert owner_client.post(url("rewards", campaign), rewards).status_code == 302
    totals = services.kinship_totals(campaign)
    assert (totals.xp, totals.threat, totals.of(ash).tawny) == (4, 2, 1)
    page = owner_client.get(url("mat", campaign)).content.decode()
    assert re.search(r"data-xp>4<", page) and "data-threat>2 / 16<" in page


def test_a_reward_left_empty_where_the_table_is_silent_is_refused(campaign, owner_client, playing):
    _move(owner_client, campaign, tile_type="journey", hexes=2)
    visit = Visit.objects.filter(kinship__campaign=campaign).latest("pk")
    services.visit_complete(campaign=campaign, actor=None, outcome="completed")
    with writes_nothing(campaign):
        response = owner_client.post(
            url("rewards", campaign),
            {"rewards-visit_id": visit.pk, "rewards-xp": 4, "rewards-loot_shoot_items": 0},
            headers=HTMX,
        )
    assert response.status_code == 422
    html = response.content.decode()
    field_error = re.search(rf'id="id_rewards-tawny_{playing[0].pk}_error">(.*?)</div>', html, re.S)
    assert field_error and "enter it from the Logbook" in field_error.group(1)


@pytest.mark.parametrize(
    ("data", "field", "message"),
    [
        ({"tile_type": "journey", "hexes": -1}, "hexes", "cannot be negative"),
        ({"tile_type": "journey", "hexes": 0}, "hexes", "may not stay where it is"),
        ({"tile_type": "major_threat", "hexes": 1}, "tile_type", "bottom of the Quest Deck"),
        ({"tile_type": "event", "hexes": 1}, "label", "number, so it can be set aside"),
    ],
)
def test_a_move_the_rules_forbid_is_refused(campaign, owner_client, playing, data, field, message):
    with writes_nothing(campaign):
        response = _move(owner_client, campaign, **data)
    assert response.status_code == 422
    error = re.search(rf'id="id_move-{field}_error">(.*?)</div>', response.content.decode(), re.S)
    assert error and message in error.group(1)


def test_going_back_to_a_revealed_battle_is_refused(campaign, owner_client, user, playing):
    services.kinship_move(campaign=campaign, actor=user, tile_type="battle", hexes=1)
    battle = Visit.objects.filter(kinship__campaign=campaign).latest("pk").tile
    services.visit_complete(campaign=campaign, actor=user, outcome="foe_ko")
    services.visit_earn_rewards(
        campaign=campaign, actor=user, tawny={c.pk: 0 for c in playing}, loot_shoot_items=0
    )
    services.kinship_move(
        campaign=campaign, actor=user, tile_type="outpost", outpost="tavern", hexes=1
    )
    services.visit_complete(campaign=campaign, actor=user, outcome="completed")
    services.visit_earn_rewards(
        campaign=campaign, actor=user, tawny={c.pk: 0 for c in playing}, loot_shoot_items=0
    )
    with writes_nothing(campaign):
        response = _move(owner_client, campaign, kind="return", tile_id=battle.pk, hexes=1)
    assert response.status_code == 422
    assert "may not go back to a revealed Battle" in response.content.decode()


def test_a_stale_tap_is_a_409_with_the_fresh_turn(campaign, owner_client, user, playing):
    start = Visit.objects.get(kinship__campaign=campaign)
    services.kinship_move(campaign=campaign, actor=user, tile_type="journey", hexes=2)
    with writes_nothing(campaign):
        response = owner_client.post(
            url("complete", campaign),
            {"complete-visit_id": start.pk, "complete-outcome": "completed"},
            headers=HTMX,
        )
    assert response.status_code == 409
    assert (
        b"data-conflict" in response.content and b"data-current-tile>Journey<" in response.content
    )


def test_undo_is_one_tap_from_the_turn_page(campaign, owner_client, user, playing):
    services.kinship_move(campaign=campaign, actor=user, tile_type="journey", hexes=2)
    page = owner_client.get(url("turn", campaign)).content.decode()
    entry_id = re.search(r'data-undo-entry="(\d+)"', page).group(1)
    response = owner_client.post(
        reverse("undo_last", args=[campaign.pk]),
        {"entry_id": entry_id, "next": url("turn", campaign)},
    )
    assert response.status_code == 302 and response["Location"] == url("turn", campaign)
    assert services.kinship_totals(campaign).threat == 0
    assert Visit.objects.filter(kinship__campaign=campaign).count() == 1


def _at_guild_hall(campaign, user, playing):
    """A Journey (4 XP) and an Event (6 XP): level 1, one training point each."""
    for tile_type, label, outcome in (("journey", "", "completed"), ("event", "1", "succeed")):
        services.kinship_move(
            campaign=campaign, actor=user, tile_type=tile_type, label=label, hexes=1
        )
        services.visit_complete(campaign=campaign, actor=user, outcome=outcome)
        services.visit_earn_rewards(
            campaign=campaign, actor=user, tawny={c.pk: 0 for c in playing}, loot_shoot_items=0
        )
    services.kinship_move(
        campaign=campaign, actor=user, tile_type="outpost", outpost="guild_hall", hexes=1
    )
    return Visit.objects.filter(kinship__campaign=campaign).latest("pk")


def test_agi_raised_with_a_training_point_is_refused(campaign, owner_client, user, playing):
    visit = _at_guild_hall(campaign, user, playing)
    ash = playing[0]
    with writes_nothing(campaign):
        response = owner_client.post(
            url("guild_hall", campaign),
            {"guild-visit_id": visit.pk, f"guild-raise_agi_{ash.pk}": 1},
            headers=HTMX,
        )
    assert response.status_code == 422
    assert "AGI cannot be raised with training points" in response.content.decode()


def test_a_cogbot_fighter_before_the_level_ii_foundry_is_refused(
    campaign, owner_client, user, playing
):
    services.kinship_move(
        campaign=campaign, actor=user, tile_type="outpost", outpost="foundry", hexes=1
    )
    visit = Visit.objects.filter(kinship__campaign=campaign).latest("pk")
    services.character_tawny_change(
        campaign=campaign, actor=user, character=playing[0], amount=10, reason="test"
    )
    with writes_nothing(campaign):
        response = owner_client.post(
            url("cogbot_fighter", campaign),
            {"cogbot-visit_id": visit.pk, "cogbot-character": playing[0].pk},
            headers=HTMX,
        )
    assert response.status_code == 422
    error = re.search(
        r'id="id_cogbot-character_error">(.*?)</div>', response.content.decode(), re.S
    )
    assert error and "level II Foundry" in error.group(1)


def test_every_rule_link_names_an_existing_entry():
    slugs = {entry.slug for entry in load_entry_files() if entry.game == "dawnshade"}
    templates = Path(__file__).resolve().parents[3] / "templates" / "dawnshade"
    linked = set()
    for template in templates.glob("*.html"):
        linked |= set(re.findall(r"{% rule '([a-z0-9-]+)'", template.read_text()))
    for tool_slugs in CAMPAIGN_TOOLS.values():
        linked |= set(tool_slugs)
    assert len(linked) > 30
    assert linked - slugs == set()


def test_a_viewer_sees_the_pages_without_forms(campaign, viewer_client, playing):
    page = viewer_client.get(url("turn", campaign)).content.decode()
    assert 'data-form="move"' not in page and "data-current-tile" in page


@pytest.mark.parametrize("page", ["turn", "outposts", "tools", "character"])
def test_every_region_offers_one_tap_undo_back_to_itself(
    campaign, owner_client, user, playing, page
):
    services.kinship_move(campaign=campaign, actor=user, tile_type="journey", hexes=2)
    args = [campaign.pk, playing[0].pk] if page == "character" else [campaign.pk]
    page_url = reverse(f"dawnshade:{page}", args=args)
    region = owner_client.get(page_url, headers=HTMX).content.decode()
    undo = re.search(
        r'<form method="post" action="[^"]*/undo/" data-undo-entry="\d+">.*?</form>', region, re.S
    )
    assert undo and f'name="next" value="{page_url}"' in undo[0]
    assert "Undo: " in undo[0] and "data-conflict" not in region
