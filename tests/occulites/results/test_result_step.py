"""Step 1 of the wizard: the scenario played, its VP rewards counted, Sungems gained, the
Occulites killed, and which penalties and advances apply (Scenarios - Rewards, Penalties
and Advances)."""

from pytest_django.asserts import assertContains, assertNotContains

from campaigns.occulites import services
from campaigns.occulites.models import ScenarioResult
from tests.factories import HTMX

from .conftest import url, wizard

SKIRMISH = "unexpected_skirmish"


def _skirmish(hydris, **extra):
    return {"scenario": SKIRMISH, "sungems_gained": 0, **extra}


def test_the_form_offers_the_drawn_scenarios_rewards_penalties_and_advances(
    owner_client, campaign, hydris, drawn
):
    drawn(SKIRMISH)
    response = owner_client.get(wizard(campaign, hydris))
    assertContains(response, "1. The result")
    assertContains(response, "Wound inflicted on the enemy")
    assertContains(response, "+1 VP each.")
    assertContains(response, "+2 VP each.")
    assertContains(response, "Winner: +2 Defence shared among Occulites")
    assertContains(response, "Loser: +1 Attack to one Occulite")
    assertContains(response, "/rules/occulites/scenario-2-unexpected-skirmish/")
    # The Learned Ability allowance belongs to spending, not to this list.
    assertNotContains(response, "Buy Learned Abilities")


def test_recording_writes_the_result_and_both_totals_then_moves_on(
    owner_client, campaign, hydris, drawn
):
    drawn(SKIRMISH)
    second = hydris.occulites.get(position=1)
    response = owner_client.post(
        url("occulites:record_result", campaign, hydris),
        _skirmish(
            hydris,
            vp_wound_inflicted=3,
            vp_holding_sungem=1,
            sungems_gained=1,
            killed=[second.pk],
            options=["winner_defence"],
        ),
    )
    assert response.status_code == 302
    assert response["Location"] == wizard(campaign, hydris, "options")
    result = ScenarioResult.objects.get(tribe=hydris)
    assert result.vp_earned == 5  # 3 wounds x 1 VP + 1 Sungem holder x 2 VP
    assert result.occulites_killed == [second.pk]
    assert result.options_chosen == ["winner_defence"]
    assert services.tribe_totals(hydris) == {
        "total_vp": 5,
        "available_spend_total": 5,
        "sungems": 1,
    }
    page = owner_client.get(response["Location"])
    assertContains(page, "Unexpected Skirmish recorded, +5 VP and 1 Sungem(s).")
    assertContains(page, "2. Penalties and advances")


def test_with_nothing_to_apply_the_wizard_goes_to_spending(owner_client, campaign, hydris, drawn):
    drawn(SKIRMISH)
    response = owner_client.post(
        url("occulites:record_result", campaign, hydris), _skirmish(hydris)
    )
    assert response["Location"] == wizard(campaign, hydris, "spend")


def test_a_killed_occulite_leads_to_the_reborn_step(owner_client, campaign, hydris, drawn):
    drawn(SKIRMISH)
    killed = hydris.occulites.get(position=2)
    response = owner_client.post(
        url("occulites:record_result", campaign, hydris), _skirmish(hydris, killed=[killed.pk])
    )
    assert response["Location"] == wizard(campaign, hydris, "reborn")


def test_with_htmx_the_wizard_is_swapped_and_the_url_follows_the_step(
    owner_client, campaign, hydris, drawn
):
    drawn(SKIRMISH)
    response = owner_client.post(
        url("occulites:record_result", campaign, hydris),
        _skirmish(hydris, vp_wound_inflicted=2),
        headers=HTMX,
    )
    assert response.status_code == 200
    assert response["HX-Push-Url"] == wizard(campaign, hydris, "spend")
    assertContains(response, 'id="wizard"')
    assertContains(response, "+2 VP and 0 Sungem(s)")
    assertNotContains(response, "<html")


def test_a_negative_vp_count_is_refused_beside_the_field_and_nothing_written(
    owner_client, campaign, hydris, drawn, nothing_written
):
    drawn(SKIRMISH)
    with nothing_written(campaign):
        response = owner_client.post(
            url("occulites:record_result", campaign, hydris),
            _skirmish(hydris, vp_wound_inflicted=-2),
            headers=HTMX,
        )
    assertContains(response, "A count cannot be negative", status_code=422)
    assertContains(response, "Scenarios - Rewards and Penalties", status_code=422)
    assert not ScenarioResult.objects.exists()


def test_negative_sungems_are_refused(owner_client, campaign, hydris, drawn, nothing_written):
    drawn(SKIRMISH)
    with nothing_written(campaign):
        response = owner_client.post(
            url("occulites:record_result", campaign, hydris), _skirmish(hydris, sungems_gained=-1)
        )
    assertContains(response, "Sungems gained cannot be negative", status_code=422)


def test_alternative_advances_cannot_both_be_taken(
    owner_client, campaign, hydris, palaudis, user, nothing_written
):
    from .conftest import draw_scenario

    draw_scenario(campaign, user, "returning_from_the_hunt", [hydris, palaudis])
    with nothing_written(campaign):
        response = owner_client.post(
            url("occulites:record_result", campaign, hydris),
            {
                "scenario": "returning_from_the_hunt",
                "sungems_gained": 0,
                "options": ["kill_attack", "kill_defence"],
            },
        )
    assertContains(response, "Take one of these, not both", status_code=422)


def test_recording_twice_is_refused(owner_client, campaign, hydris, drawn, user, nothing_written):
    drawn(SKIRMISH)
    services.scenario_result_record(tribe=hydris, actor=user, vp_counts={})
    page = owner_client.get(wizard(campaign, hydris, "result"))
    assertContains(page, "Recorded:")
    with nothing_written(campaign):
        response = owner_client.post(
            url("occulites:record_result", campaign, hydris), _skirmish(hydris)
        )
    assert response.status_code == 422


def test_a_page_showing_an_older_scenario_is_refused(
    owner_client, campaign, hydris, drawn, nothing_written
):
    drawn(SKIRMISH)
    with nothing_written(campaign):
        response = owner_client.post(
            url("occulites:record_result", campaign, hydris),
            {"scenario": "the_ridge", "sungems_gained": 0},
        )
    assertContains(response, "scenario is now Unexpected Skirmish", status_code=409)


def test_without_a_draw_the_group_names_the_scenario_played(owner_client, campaign, hydris):
    page = owner_client.get(wizard(campaign, hydris))
    assertContains(page, "No scenario has been drawn for timeslot 1.")
    assertContains(page, "Scenario played")
    picked = owner_client.get(wizard(campaign, hydris, "result") + "&scenario=home_cave_raid")
    assertContains(picked, "Sungem the Attacker carried off the board")
    response = owner_client.post(
        url("occulites:record_result", campaign, hydris),
        {"scenario": "home_cave_raid", "sungems_gained": 0, "vp_attacker_killed": 2},
    )
    assert response.status_code == 302
    assert ScenarioResult.objects.get(tribe=hydris).scenario_key == "home_cave_raid"


def test_the_wizard_status_is_a_live_region(owner_client, campaign, hydris, drawn):
    drawn(SKIRMISH)
    response = owner_client.get(wizard(campaign, hydris, "result") + "&part=status", headers=HTMX)
    assertContains(response, 'id="wizard-status"')
    assertContains(response, 'hx-trigger="campaign-changed from:body"')
    assertNotContains(response, "1. The result")


def test_undo_from_the_wizard_returns_to_the_wizard(owner_client, campaign, hydris, drawn, user):
    drawn(SKIRMISH)
    services.scenario_result_record(tribe=hydris, actor=user, vp_counts={"wound_inflicted": 1})
    page = owner_client.get(wizard(campaign, hydris, "result"))
    entry = page.context["undo_entry"]
    assertContains(page, "↶ Undo:")
    response = owner_client.post(
        url("undo_last", campaign),
        {"entry_id": entry.pk, "next": wizard(campaign, hydris, "result")},
    )
    assert response["Location"] == wizard(campaign, hydris, "result")
    assert not ScenarioResult.objects.exists()
    assert services.tribe_totals(hydris)["total_vp"] == 0


def test_undo_never_redirects_off_site(owner_client, campaign, hydris, user):
    services.tribe_award_vp(tribe=hydris, actor=user, amount=1, reason="test")
    entry = owner_client.get(url("occulites:sheet", campaign)).context["undo_entry"]
    response = owner_client.post(
        url("undo_last", campaign),
        {"entry_id": entry.pk, "next": "https://evil.example/"},
    )
    assert response["Location"] == url("occulites:sheet", campaign)
