"""Every results page runs a fixed number of queries however long the history grows."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from campaigns.occulites import services
from tests.factories import HTMX

from .conftest import url, wizard


@pytest.fixture
def midseason(campaign, user, hydris, palaudis, drawn, deck):
    """A timeslot under way: VP, Luftles, an ability, a result with a kill and an advance."""
    services.tribe_award_vp(tribe=hydris, actor=user, amount=20, reason="test")
    services.luftle_recruit(tribe=hydris, actor=user, caste="grunt", base_letter="A")
    services.ability_buy(occulite=hydris.occulites.first(), actor=user, ability_key="pouch")
    drawn("unexpected_skirmish")
    services.scenario_result_record(
        tribe=hydris,
        actor=user,
        vp_counts={"wound_inflicted": 2},
        occulites_killed=[hydris.occulites.get(position=1)],
        options_chosen=["winner_defence"],
    )


def _grow_history(campaign, user, hydris, palaudis):
    """Many more actions: awards, spends, stat changes, and a reborn penalty."""
    for _ in range(25):
        services.tribe_award_vp(tribe=palaudis, actor=user, amount=1, reason="test")
        services.tribe_spend_vp(tribe=palaudis, actor=user, amount=1, reason="test")
        services.tribe_award_vp(tribe=hydris, actor=user, amount=1, reason="test")
    third = hydris.occulites.get(position=2)
    for _ in range(5):
        services.occulite_stat_change(
            occulite=third, actor=user, stat="speed", amount=1, reason="up"
        )
        services.occulite_stat_change(
            occulite=third, actor=user, stat="speed", amount=-1, reason="down"
        )
    services.occulite_reborn_penalty(
        occulite=hydris.occulites.get(position=1),
        actor=user,
        flipped={
            "awareness": 4,
            "speed": 1,
            "attack": 3,
            "defence": 2,
            "health": 5,
            "ability_slot": 2,
        },
    )
    services.luftle_recruit(tribe=hydris, actor=user, caste="scout", base_letter="S")


def _queries(client, page_url) -> int:
    with CaptureQueriesContext(connection) as ctx:
        response = client.get(page_url)
    assert response.status_code == 200
    return len(ctx.captured_queries)


PAGES = [
    ("record", lambda c, t: url("occulites:record", c)),
    ("wizard result", lambda c, t: wizard(c, t, "result")),
    ("wizard options", lambda c, t: wizard(c, t, "options")),
    ("wizard reborn", lambda c, t: wizard(c, t, "reborn")),
    ("wizard luftles", lambda c, t: wizard(c, t, "luftles")),
    ("wizard spend", lambda c, t: wizard(c, t, "spend")),
    ("spend", lambda c, t: url("occulites:spend", c, t)),
    ("spend totals (htmx)", None),
]


@pytest.mark.parametrize(
    ("name", "page"), [p for p in PAGES if p[1]], ids=[p[0] for p in PAGES if p[1]]
)
def test_the_page_query_count_does_not_grow_with_history(
    name,
    page,
    owner_client,
    campaign,
    user,
    hydris,
    palaudis,
    midseason,
    django_assert_max_num_queries,
):
    page_url = page(campaign, hydris)
    with django_assert_max_num_queries(25) as ctx:
        owner_client.get(page_url)
    baseline = len(ctx.captured_queries)
    _grow_history(campaign, user, hydris, palaudis)
    with django_assert_max_num_queries(baseline):
        owner_client.get(page_url)


def test_the_live_regions_are_cheap(owner_client, campaign, hydris, midseason):
    headers = HTMX
    with CaptureQueriesContext(connection) as ctx:
        owner_client.get(wizard(campaign, hydris, "reborn") + "&part=status", headers=headers)
    assert len(ctx.captured_queries) <= 12
    with CaptureQueriesContext(connection) as ctx:
        owner_client.get(url("occulites:spend", campaign, hydris), headers=headers)
    assert len(ctx.captured_queries) <= 8
