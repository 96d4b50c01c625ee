"""Helpers for the result-recording and spending pages: a scenario drawn for the timeslot
(every tribe nominating it, with a house value where the Time of the Season table is
silent), the group's Natural Selection Deck, and the htmx request header."""

import random

import pytest
from django.urls import reverse

from campaigns.occulites import services
from campaigns.occulites.catalog.season import TIME_OF_THE_SEASON
from campaigns.table.models import EditPolicy, Membership, Role
from tests.factories import UserFactory

# A house deck for the tests: the rulebook does not print the composition.
DECK = {1: 20, 2: 20, 3: 20, 4: 20, 5: 14}


def draw_scenario(campaign, user, scenario_key, tribes):
    """Every tribe nominates ``scenario_key`` and the bag is drawn."""
    season = services.season_for(campaign)
    if TIME_OF_THE_SEASON[scenario_key].encounter_number(season.timeslot) is None:
        services.season_set_house_value(
            campaign=campaign,
            actor=user,
            scenario_key=scenario_key,
            timeslot=season.timeslot,
            value=1,
        )
    for tribe in tribes:
        services.scenario_nominate(tribe=tribe, actor=user, scenario_key=scenario_key)
    return services.scenario_draw(campaign=campaign, actor=user, rng=random.Random(0))


def wizard(campaign, tribe, step=""):
    url = reverse("occulites:record_tribe", args=[campaign.pk, tribe.pk])
    return f"{url}?step={step}" if step else url


def url(name, campaign, tribe=None):
    args = [campaign.pk] if tribe is None else [campaign.pk, tribe.pk]
    return reverse(name, args=args)


@pytest.fixture
def drawn(campaign, user, hydris, palaudis):
    """Returns a function drawing a scenario for both tribes."""

    def draw(scenario_key):
        return draw_scenario(campaign, user, scenario_key, [hydris, palaudis])

    return draw


@pytest.fixture
def deck(campaign, user):
    return services.season_set_deck(campaign=campaign, actor=user, card_counts=DECK)


@pytest.fixture
def kept_to_own_client(client, campaign):
    """A player's phone where the owner has set "players change only what is theirs", the
    player owning no tribe."""
    campaign.edit_policy = EditPolicy.OWN
    campaign.save()
    other = UserFactory()
    Membership.objects.create(campaign=campaign, user=other, role=Role.PLAYER)
    client.force_login(other)
    return client
