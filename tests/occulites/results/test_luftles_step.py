"""Step 4 of the wizard: Luftles killed or run away are removed, and a Luftle Chief left as
the only Luftle leaves the tribe (Luftles - Luftle Caste Types)."""

import pytest
from pytest_django.asserts import assertContains

from campaigns.occulites import services
from campaigns.occulites.models import Luftle
from tests.factories import HTMX

from .conftest import url, wizard


@pytest.fixture
def with_luftles(campaign, user, hydris, drawn):
    services.tribe_award_vp(tribe=hydris, actor=user, amount=10, reason="test")
    services.luftle_recruit(tribe=hydris, actor=user, caste="grunt", base_letter="A")
    services.luftle_recruit(tribe=hydris, actor=user, caste="chief", base_letter="C")
    drawn("unexpected_skirmish")
    services.scenario_result_record(tribe=hydris, actor=user, vp_counts={})


def test_the_step_lists_the_tribes_luftles(owner_client, campaign, hydris, with_luftles):
    page = owner_client.get(wizard(campaign, hydris, "luftles"))
    assertContains(page, "Luftle Grunt A")
    assertContains(page, "Luftle Chief C")
    assertContains(page, "/rules/occulites/luftle-chief/")


def test_the_luftle_chief_leaves_when_the_last_other_luftle_dies(
    owner_client, campaign, hydris, with_luftles
):
    response = owner_client.post(
        url("occulites:record_luftles", campaign, hydris), {"base_letters": ["A"]}
    )
    assert response["Location"] == wizard(campaign, hydris, "spend")
    statuses = dict(Luftle.objects.values_list("base_letter", "status"))
    assert statuses == {"A": "killed", "C": "left"}
    page = owner_client.get(response["Location"])
    assertContains(page, "the Luftle Chief, left alone, leaves the tribe")


def test_ran_away_luftles(owner_client, campaign, hydris, with_luftles):
    owner_client.post(
        url("occulites:record_luftles", campaign, hydris),
        {"base_letters": ["C"], "ran_away": "on"},
    )
    statuses = dict(Luftle.objects.values_list("base_letter", "status"))
    assert statuses == {"A": "active", "C": "ran_away"}


def test_choosing_none_is_refused(owner_client, campaign, hydris, with_luftles, nothing_written):
    with nothing_written(campaign):
        response = owner_client.post(
            url("occulites:record_luftles", campaign, hydris), {}, headers=HTMX
        )
    assertContains(response, "This field is required.", status_code=422)


def test_a_tribe_without_luftles_skips_the_step(owner_client, campaign, hydris, user, drawn):
    drawn("unexpected_skirmish")
    services.scenario_result_record(tribe=hydris, actor=user, vp_counts={})
    page = owner_client.get(wizard(campaign, hydris, "luftles"))
    assertContains(page, "Deep Pool has no Luftles.")
