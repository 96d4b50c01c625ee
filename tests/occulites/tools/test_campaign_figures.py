"""Combat with the campaign's own figures: stats filled in, permanent Defence loss recorded."""

from django.urls import reverse
from pytest_django.asserts import assertContains

from campaigns.occulites.models import Occulite
from campaigns.table.models import LedgerEntry
from tests.factories import HTMX


def _advanced_triple(attacker, defender):
    """9 attack successes against 3: ATT >x3 DEF on the Advanced table."""
    return {
        "att-figure": attacker.pk,
        "att-card": "aggressive",
        "att-card_value": 9,
        "att-entered": "0 1 1 1 2 2 3 3 4",
        "def-figure": defender.pk,
        "def-card": "defensive",
        "def-card_value": 3,
        "def-entered": "1 2 3",
        "table": "advanced",
    }


def test_a_campaign_figure_fills_in_its_stat_and_name(owner_client, campaign, hydris, palaudis):
    attacker, defender = hydris.occulites.first(), palaudis.occulites.first()
    response = owner_client.post(
        reverse("occulites:combat_roll", args=[campaign.pk]),
        _advanced_triple(attacker, defender),
        headers=HTMX,
    )
    assert response.status_code == 200
    assertContains(response, f"{attacker.name} attacks")
    assertContains(response, "against Attack 4")
    assertContains(response, "Record: Defender -2 Health and -1 Defence")


def test_recording_the_defence_loss_is_one_tap_and_once_only(
    owner_client, campaign, hydris, palaudis
):
    attacker, defender = hydris.occulites.first(), palaudis.occulites.first()
    owner_client.post(
        reverse("occulites:combat_roll", args=[campaign.pk]), _advanced_triple(attacker, defender)
    )
    combat = campaign.draws.filter(tool="occulites.combat").first()
    url = reverse("occulites:combat_defence", args=[campaign.pk, combat.pk])
    response = owner_client.post(
        url, {"option": "defender_minus_2_health_minus_1_defence"}, headers=HTMX
    )
    assertContains(response, "Permanent Defence loss recorded")
    assert Occulite.objects.get(pk=defender.pk).defence == 3
    entry = LedgerEntry.objects.filter(campaign=campaign, kind="occulite.stat").get()
    assert "ATT >x3 DEF" in entry.reason
    again = owner_client.post(
        url, {"option": "defender_minus_2_health_minus_1_defence"}, headers=HTMX
    )
    assert again.status_code == 422
    assert Occulite.objects.get(pk=defender.pk).defence == 3


def test_an_option_without_defence_loss_records_nothing(owner_client, campaign, hydris, palaudis):
    attacker, defender = hydris.occulites.first(), palaudis.occulites.first()
    owner_client.post(
        reverse("occulites:combat_roll", args=[campaign.pk]), _advanced_triple(attacker, defender)
    )
    combat = campaign.draws.filter(tool="occulites.combat").first()
    response = owner_client.post(
        reverse("occulites:combat_defence", args=[campaign.pk, combat.pk]),
        {"option": "defender_minus_3_health"},
        headers=HTMX,
    )
    assertContains(response, "costs no campaign figure any Defence", status_code=422)
    assert not LedgerEntry.objects.filter(kind="occulite.stat").exists()


def test_neither_figure_nor_stat_is_refused_beside_the_field(owner_client, campaign, hydris):
    response = owner_client.post(
        reverse("occulites:combat_roll", args=[campaign.pk]),
        {
            "att-card": "aggressive",
            "att-card_value": 3,
            "def-card": "defensive",
            "def-card_value": 3,
            "table": "core",
        },
        headers=HTMX,
    )
    assertContains(response, "Choose a campaign figure or type its Attack", status_code=422)


def test_heal_action_lowers_defence_for_good_but_never_below_one(owner_client, campaign, hydris):
    figure = hydris.occulites.first()
    url = reverse("occulites:heal", args=[campaign.pk])
    response = owner_client.post(url, {"figure": figure.pk, "defence": 2}, headers=HTMX)
    assertContains(response, "gave up 2 Defence")
    assert Occulite.objects.get(pk=figure.pk).defence == 2
    refused = owner_client.post(url, {"figure": figure.pk, "defence": 2}, headers=HTMX)
    assertContains(refused, "never lower Defence below 1", status_code=422)
    assert Occulite.objects.get(pk=figure.pk).defence == 2


def test_figures_of_another_campaign_are_not_offered(owner_client, campaign, user, hydris):
    from campaigns.occulites import services
    from campaigns.table import services as table_services

    other = table_services.campaign_create(owner=user, game="occulites", name="Elsewhere")
    stranger_tribe = services.tribe_create(campaign=other, actor=user, name="Far Away")
    response = owner_client.post(
        reverse("occulites:heal", args=[campaign.pk]),
        {"figure": stranger_tribe.occulites.first().pk, "defence": 1},
        headers=HTMX,
    )
    assert response.status_code == 422
    assert Occulite.objects.get(pk=stranger_tribe.occulites.first().pk).defence == 4
