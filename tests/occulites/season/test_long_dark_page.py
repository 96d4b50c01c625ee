"""The Long Dark page through the test client: each tribe's chance, its Sungem dice rolled in
the app or entered, rerolls at 1 VP each (each die once), Heat, the bonus, and the final
standings (Completing the Campaign - The Long Dark)."""

import pytest
from django.urls import reverse
from django.utils.html import escape
from pytest_django.asserts import assertContains, assertNotContains

from campaigns.occulites import services
from campaigns.occulites.models import LongDarkRoll
from campaigns.occulites.rules.long_dark import long_dark_survival_chance
from campaigns.occulites.season.views import percent
from campaigns.table.models import DrawLogEntry
from tests.factories import HTMX
from tests.occulites.season.conftest import give


def page_url(campaign):
    return reverse("occulites:long_dark", args=[campaign.pk])


def roll_url(campaign, tribe):
    return reverse("occulites:long_dark_roll", args=[campaign.pk, tribe.pk])


def reroll_url(campaign, tribe):
    return reverse("occulites:long_dark_reroll", args=[campaign.pk, tribe.pk])


# --- before the season is over --------------------------------------------------------------


def test_before_the_season_ends_the_page_explains_when_the_long_dark_comes(
    owner_client, campaign, user, hydris, nothing_written
):
    give(hydris, user, sungems=10)
    response = owner_client.get(page_url(campaign))
    assertContains(response, "The Long Dark comes after timeslot 10")
    assertContains(response, "the season is at timeslot 1")
    assertContains(response, escape(percent(long_dark_survival_chance(10))))
    assertNotContains(response, "Sungem dice</button>")
    with nothing_written(campaign):
        refused = owner_client.post(roll_url(campaign, hydris), {"dice": ""}, headers=HTMX)
    assertContains(refused, "The Long Dark comes only after timeslot 10", status_code=422)


# --- the page -------------------------------------------------------------------------------


def test_each_tribe_sees_its_sungems_and_exact_chance_of_surviving(
    owner_client, campaign, user, plain, long_dark
):
    give(plain, user, sungems=16)
    response = owner_client.get(page_url(campaign))
    assert response.status_code == 200
    assertContains(response, 'aria-current="page">Season</a>', html=False)
    chance_sixteen = percent(long_dark_survival_chance(16))
    assert chance_sixteen == "41.5%"  # 16 d10 (0-9) reach 75 Heat
    assertContains(response, f"data-chance>{chance_sixteen}</dd>", html=False)
    # Nine or ten dice make at most 81 or 90: a sliver of a chance, never shown as 0.
    assertContains(response, "data-chance>&lt;0.1%</dd>", count=2, html=False)
    assertContains(response, "Roll 16 Sungem dice")
    assertContains(response, "Roll 10 Sungem dice")
    assertContains(response, "Roll 9 Sungem dice")
    assertContains(response, reverse("rules_entry", args=["occulites", "the-long-dark"]))
    assertNotContains(response, "Final standings")


def test_a_tribe_without_sungems_has_no_chance(owner_client, campaign, user, plain, long_dark):
    response = owner_client.get(page_url(campaign))
    assertContains(response, "data-chance>0.0%</dd>", html=False)
    assertContains(response, "Roll 0 Sungem dice")


def test_a_viewer_sees_the_long_dark_without_controls(
    viewer_client, campaign, user, hydris, long_dark
):
    services.long_dark_roll(tribe=hydris, actor=user, dice=[9] * 10)
    response = viewer_client.get(page_url(campaign))
    assertContains(response, "90 Heat")
    long_dark_part = response.content.decode().split('id="long-dark"')[1]
    assert "<button" not in long_dark_part and "<form" not in long_dark_part


# --- rolling --------------------------------------------------------------------------------


def test_entered_dice_give_heat_survival_and_the_bonus(owner_client, campaign, hydris, long_dark):
    response = owner_client.post(
        roll_url(campaign, hydris), {"dice": "9 9 9 9 9 9 9 9 5 2"}, headers=HTMX
    )
    assert response.status_code == 200
    assertNotContains(response, "<html")
    assertContains(response, "79 Heat")
    assertContains(response, "survives the Long Dark")
    # (79 - 75) // 2 * 2 = 4 bonus VP on top of 20.
    assertContains(response, "+4 VP</strong>: 24 VP in all", html=False)
    assert LongDarkRoll.objects.get(tribe=hydris).dice == [9, 9, 9, 9, 9, 9, 9, 9, 5, 2]
    assert DrawLogEntry.objects.get(campaign=campaign, tool="occulites.long_dark").summary.endswith(
        "= 79 Heat"
    )


def test_the_app_rolls_one_die_per_sungem(owner_client, campaign, palaudis, long_dark):
    response = owner_client.post(roll_url(campaign, palaudis), {"dice": ""}, headers=HTMX)
    assert response.status_code == 200
    roll = LongDarkRoll.objects.get(tribe=palaudis)
    assert len(roll.dice) == 9 and all(0 <= die <= 9 for die in roll.dice)
    assertContains(response, f"{sum(roll.dice)} Heat")


def test_rolling_without_javascript_redirects_to_the_tribe(
    owner_client, campaign, hydris, long_dark
):
    response = owner_client.post(roll_url(campaign, hydris), {"dice": "0123456789"})
    assert response.status_code == 302
    assert response["Location"].endswith(f"/occulites/long-dark/#tribe-{hydris.pk}")
    page = owner_client.get(response["Location"])
    assertContains(page, "45 Heat")
    assertContains(page, "does not survive")


@pytest.mark.parametrize(
    ("dice", "message"),
    [
        ("9 9 9", "Roll one die per Sungem: Deep Pool holds 10."),
        ("9 9 9 9 9 9 9 9 9 12", "Each die shows a digit from 0 to 9."),
        ("nine", "Type the dice as digits 0-9"),
    ],
)
def test_bad_dice_are_refused_beside_the_field_and_nothing_is_written(
    owner_client, campaign, hydris, long_dark, nothing_written, dice, message
):
    with nothing_written(campaign):
        response = owner_client.post(roll_url(campaign, hydris), {"dice": dice}, headers=HTMX)
    assert response.status_code == 422
    assertContains(response, f'id="id_t{hydris.pk}_dice_error"', status_code=422)
    assertContains(response, message, status_code=422)
    assert not LongDarkRoll.objects.exists()
    assert not DrawLogEntry.objects.exists()


def test_a_second_roll_is_refused(owner_client, campaign, user, hydris, long_dark, nothing_written):
    services.long_dark_roll(tribe=hydris, actor=user, dice=[5] * 10)
    with nothing_written(campaign):
        response = owner_client.post(roll_url(campaign, hydris), {"dice": ""}, headers=HTMX)
    assertContains(response, "Deep Pool has rolled its Sungem dice already", status_code=422)


def test_rolling_for_a_tribe_of_another_campaign_is_404(owner_client, campaign, user, long_dark):
    from campaigns.table import services as table_services

    other = table_services.campaign_create(owner=user, game="occulites", name="Elsewhere")
    stranger_tribe = services.tribe_create(campaign=other, actor=user, name="Far Away")
    assert owner_client.post(roll_url(campaign, stranger_tribe), {}).status_code == 404
    assert owner_client.post(reroll_url(campaign, stranger_tribe), {}).status_code == 404


# --- rerolls --------------------------------------------------------------------------------


def test_each_die_is_offered_for_a_reroll_with_its_cost(
    owner_client, campaign, user, hydris, long_dark
):
    services.long_dark_roll(tribe=hydris, actor=user, dice=[9, 9, 9, 9, 9, 9, 9, 9, 5, 2])
    response = owner_client.get(page_url(campaign))
    for number, value in ((1, 9), (9, 5), (10, 2)):
        assertContains(response, f'aria-label="Reroll die {number} showing {value} for 1 VP"')
    assertContains(response, "1 VP off Total VP and the Available Spend Total (20 available)")


def test_a_reroll_costs_one_vp_off_both_totals_and_each_die_goes_once(
    owner_client, campaign, user, hydris, long_dark, nothing_written
):
    services.long_dark_roll(tribe=hydris, actor=user, dice=[9, 9, 9, 9, 9, 9, 9, 9, 5, 2])
    response = owner_client.post(
        reroll_url(campaign, hydris), {"die_index": 9, "value": 8}, headers=HTMX
    )
    assert response.status_code == 200
    assertContains(response, "85 Heat")
    # 20 - 1 for the reroll, + (85 - 75) // 2 * 2 = 10 bonus.
    assertContains(response, "+10 VP</strong>: 29 VP in all", html=False)
    assertContains(response, 'aria-label="Die 10: 8, rerolled"')
    assertNotContains(response, 'aria-label="Reroll die 10')
    assert services.tribe_totals(hydris) == {
        "total_vp": 19,
        "available_spend_total": 19,
        "sungems": 10,
    }
    with nothing_written(campaign):
        again = owner_client.post(
            reroll_url(campaign, hydris), {"die_index": 9, "value": 9}, headers=HTMX
        )
    assertContains(again, "Each die may be rerolled only once", status_code=422)
    assert LongDarkRoll.objects.get(tribe=hydris).dice[9] == 8


def test_the_app_rerolls_a_die_it_is_tapped_on(owner_client, campaign, user, hydris, long_dark):
    services.long_dark_roll(tribe=hydris, actor=user, dice=[0] * 10)
    response = owner_client.post(reroll_url(campaign, hydris), {"die_index": 0})
    assert response.status_code == 302
    assert LongDarkRoll.objects.get(tribe=hydris).rerolled == [0]
    assert services.tribe_totals(hydris)["total_vp"] == 19


def test_a_tribe_without_vp_to_spend_is_offered_no_reroll(
    owner_client, campaign, user, plain, long_dark, nothing_written
):
    give(plain, user, sungems=2)
    services.long_dark_roll(tribe=plain, actor=user, dice=[1, 2])
    page = owner_client.get(page_url(campaign))
    assertContains(page, "a reroll costs 1 VP and Stone Hollow has 0 to spend")
    assertNotContains(page, "Reroll die 1 showing 1")
    with nothing_written(campaign):
        response = owner_client.post(
            reroll_url(campaign, plain), {"die_index": 0, "value": 9}, headers=HTMX
        )
    assertContains(
        response, "A reroll costs 1 VP and the Available Spend Total is 0", status_code=422
    )


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"die_index": 10}, "There is no such die to reroll"),
        ({}, "Pick a die to reroll."),
        ({"die_index": 0, "value": 10}, "A die shows a digit from 0 to 9."),
    ],
)
def test_a_bad_reroll_is_refused_in_the_tribes_panel(
    owner_client, campaign, user, hydris, long_dark, nothing_written, data, message
):
    services.long_dark_roll(tribe=hydris, actor=user, dice=[3] * 10)
    with nothing_written(campaign):
        response = owner_client.post(reroll_url(campaign, hydris), data, headers=HTMX)
    assertContains(response, message, status_code=422)


def test_a_reroll_before_rolling_is_refused(
    owner_client, campaign, hydris, long_dark, nothing_written
):
    with nothing_written(campaign):
        response = owner_client.post(reroll_url(campaign, hydris), {"die_index": 0})
    assertContains(response, "Roll the Sungem dice before rerolling one", status_code=422)


# --- standings ------------------------------------------------------------------------------


def test_final_standings_and_the_winner_once_every_tribe_has_rolled(
    owner_client, campaign, user, hydris, palaudis, long_dark
):
    services.long_dark_roll(tribe=hydris, actor=user, dice=[9, 9, 9, 9, 9, 9, 9, 9, 8, 0])
    page = owner_client.get(page_url(campaign))
    assertNotContains(page, "Final standings")
    # Reed Marsh has more VP but its 9 dice make only 72 Heat: it does not survive.
    response = owner_client.post(roll_url(campaign, palaudis), {"dice": "8" * 9}, headers=HTMX)
    assertContains(response, "Final standings")
    assertContains(response, '<li class="winner">', html=False)
    standings = response.content.decode().split("Final standings")[1]
    assert standings.index("Deep Pool") < standings.index("Reed Marsh")
    # 80 Heat: (80 - 75) // 2 * 2 = 4 bonus VP on top of 20.
    assertContains(response, "24 VP · 80 Heat · survived")
    assertContains(response, "25 VP · 72 Heat · did not survive")


def test_when_no_tribe_survives_nobody_wins(
    owner_client, campaign, user, hydris, palaudis, long_dark
):
    services.long_dark_roll(tribe=hydris, actor=user, dice=[0] * 10)
    services.long_dark_roll(tribe=palaudis, actor=user, dice=[0] * 9)
    response = owner_client.get(page_url(campaign))
    assertContains(response, "No tribe survived, so nobody wins")
    assertNotContains(response, '<li class="winner">', html=False)


# --- query counts ---------------------------------------------------------------------------


def test_the_long_dark_query_count_does_not_grow_with_the_history(
    owner_client, campaign, user, hydris, palaudis, long_dark, django_assert_max_num_queries
):
    url = page_url(campaign)
    services.long_dark_roll(tribe=hydris, actor=user, dice=[4] * 10)
    with django_assert_max_num_queries(12) as ctx:
        assert owner_client.get(url).status_code == 200
    baseline = len(ctx.captured_queries)
    for index in range(10):
        services.long_dark_reroll(tribe=hydris, actor=user, die_index=index, value=9)
    services.long_dark_roll(tribe=palaudis, actor=user, dice=[9] * 9)
    for _ in range(20):
        services.tribe_award_vp(tribe=palaudis, actor=user, amount=1, reason="test")
    with django_assert_max_num_queries(baseline):
        response = owner_client.get(url)
    assertContains(response, "Final standings")
