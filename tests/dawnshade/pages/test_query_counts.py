"""Every Dawnshade page reads in a fixed number of queries: the count is asserted, and it is
the same after a much longer history."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from campaigns.dawnshade import services
from tests.dawnshade.services.play import each, turn

# Page -> queries for a full page (session, user, membership, layout and the read-model,
# of which each page reads only the parts it shows).
# The Kinship, its characters and their held items are one read.
QUERIES = {
    "mat": 8,
    "turn": 9,
    "outposts": 8,
    "characters": 7,
    "character": 7,
    "chapter": 11,
    "sheet": 10,  # 11 until the sheet, which offers no undo, stopped reading it
}


def _urls(campaign, character):
    urls = {
        name: reverse(f"dawnshade:{name}", args=[campaign.pk])
        for name in QUERIES
        if name != "character"
    }
    urls["character"] = reverse("dawnshade:character", args=[campaign.pk, character.pk])
    return urls


def _play_a_while(campaign, user, characters, rounds):
    for _ in range(rounds):
        turn(
            campaign,
            user,
            hexes=1,
            tile_type="outpost",
            outpost="tavern",
            tawny=each(characters, 1, 1, 1),
            loot=0,
        )
        services.character_tawny_change(
            campaign=campaign, actor=user, character=characters[0], amount=1, reason="Tavern"
        )
        services.vaki_draw(campaign=campaign, actor=user, character=characters[1], element="sun")


@pytest.mark.parametrize("page", list(QUERIES))
def test_a_page_reads_in_a_fixed_number_of_queries(
    page, campaign, owner_client, user, playing, django_assert_num_queries
):
    url = _urls(campaign, playing[0])[page]
    _play_a_while(campaign, user, playing, 1)
    with django_assert_num_queries(QUERIES[page]):
        assert owner_client.get(url).status_code == 200


@pytest.mark.parametrize("page", list(QUERIES))
def test_the_count_does_not_grow_with_history(page, campaign, owner_client, user, playing):
    url = _urls(campaign, playing[0])[page]
    _play_a_while(campaign, user, playing, 1)
    with CaptureQueriesContext(connection) as short:
        owner_client.get(url)
    services.kinship_move(
        campaign=campaign,
        actor=user,
        kind="return",
        tile_id=campaign.kinship.tiles.get(tile_type="starting_village").pk,
        hexes=1,
    )
    services.visit_complete(campaign=campaign, actor=user, outcome="completed")
    services.visit_earn_rewards(
        campaign=campaign, actor=user, tawny=each(playing, 0, 0, 0), loot_shoot_items=0
    )
    _play_a_while(campaign, user, playing, 0)
    for _ in range(3):
        services.item_take(
            campaign=campaign,
            actor=user,
            character=playing[1],
            name="Charm",
            item_type="permanent",
            reason="Logbook",
        )
    with CaptureQueriesContext(connection) as long:
        owner_client.get(url)
    assert len(long) == len(short)
