"""Step 2 of the wizard: each ticked penalty and advance applied through its service, once
(or until its points are shared out), with the rule's refusal beside the field."""

import pytest
from pytest_django.asserts import assertContains

from campaigns.occulites import services
from campaigns.occulites.models import AbilityHolding, Luftle, NextScenarioEffect
from campaigns.table.models import LedgerEntry
from tests.factories import HTMX

from .conftest import url, wizard


@pytest.fixture
def recorded(campaign, user, hydris, drawn):
    """Draw ``scenario`` and record Deep Pool's result with ``options`` ticked."""

    def record(scenario, options, **extra):
        drawn(scenario)
        return services.scenario_result_record(
            tribe=hydris, actor=user, vp_counts={}, options_chosen=options, **extra
        )

    return record


def _apply(client, campaign, tribe, option, data=None, **kwargs):
    prefixed = {f"opt-{option}-{name}": value for name, value in (data or {}).items()}
    return client.post(
        url("occulites:record_option", campaign, tribe), {"option": option, **prefixed}, **kwargs
    )


def test_shared_defence_points_go_out_one_figure_at_a_time_until_used(
    owner_client, campaign, hydris, recorded
):
    recorded("unexpected_skirmish", ["winner_defence"])
    chief, second = hydris.occulites.get(position=0), hydris.occulites.get(position=1)
    page = owner_client.get(wizard(campaign, hydris, "options"))
    assertContains(page, "Winner: +2 Defence shared among Occulites")
    assertContains(page, "2 of 2 left to share.")
    response = _apply(
        owner_client, campaign, hydris, "winner_defence", {"occulite": chief.pk, "points": 1}
    )
    assert response.status_code == 302
    page = owner_client.get(response["Location"])
    assertContains(page, "1 of 2 left to share.")
    assertContains(page, "Chief Defence 4→5: Scenario 2 Advances: Winner: +2 Defence")
    too_many = _apply(
        owner_client, campaign, hydris, "winner_defence", {"occulite": second.pk, "points": 2}
    )
    assertContains(too_many, "less than or equal to 1", status_code=422)
    _apply(owner_client, campaign, hydris, "winner_defence", {"occulite": second.pk, "points": 1})
    chief.refresh_from_db()
    second.refresh_from_db()
    assert (chief.defence, second.defence) == (5, 5)
    page = owner_client.get(wizard(campaign, hydris, "options"))
    assertContains(page, '<span class="badge done">done</span>', html=False)
    again = _apply(
        owner_client, campaign, hydris, "winner_defence", {"occulite": chief.pk, "points": 1}
    )
    assertContains(again, "is applied already", status_code=422)


def test_a_stat_past_its_campaign_maximum_is_refused_and_nothing_written(
    owner_client, campaign, hydris, user, recorded, nothing_written
):
    chief = hydris.occulites.get(position=0)
    services.occulite_stat_change(
        occulite=chief, actor=user, stat="awareness", amount=1, reason="t"
    )
    recorded("unexpected_skirmish", ["chief_alive_awareness"])
    with nothing_written(campaign):
        response = _apply(
            owner_client,
            campaign,
            hydris,
            "chief_alive_awareness",
            {"occulite": chief.pk},
            headers=HTMX,
        )
    assertContains(response, "Awareness can be at most 3 during a campaign", status_code=422)
    assertContains(response, 'id="id_opt-chief_alive_awareness-occulite_error"', status_code=422)


def test_the_lowest_figure_advance_offers_only_the_lowest(
    owner_client, campaign, hydris, user, recorded
):
    chief = hydris.occulites.get(position=0)
    services.occulite_stat_change(
        occulite=chief, actor=user, stat="awareness", amount=1, reason="t"
    )
    recorded("the_hunted", ["loser_awareness"])
    page = owner_client.get(wizard(campaign, hydris, "options"))
    form = page.context["option_cards"][0]["form"]
    assert str(chief.pk) not in dict(form.fields["occulite"].choices)
    assert len(form.fields["occulite"].choices) == 4


def test_a_chief_advance_lands_on_the_chief(owner_client, campaign, hydris, recorded):
    recorded("tactical_strike", ["chief_survives_health"])
    response = _apply(owner_client, campaign, hydris, "chief_survives_health")
    assert response.status_code == 302
    assert hydris.occulites.get(is_chief=True).health == 6


def test_a_tribe_wide_situational_ability_lands_on_everyone(
    owner_client, campaign, hydris, recorded
):
    recorded("the_podmothine", ["killed_treacherous"])
    _apply(owner_client, campaign, hydris, "killed_treacherous")
    assert AbilityHolding.objects.filter(ability_key="treacherous", kind="situational").count() == 5


def test_eyebeam_for_the_figures_struck(owner_client, campaign, hydris, recorded):
    recorded("the_ridge", ["struck_by_lightning", "lightning_eyebeam"])
    third = hydris.occulites.get(position=2)
    response = _apply(
        owner_client, campaign, hydris, "lightning_eyebeam", {"occulites": [third.pk]}
    )
    assert response.status_code == 302
    holding = AbilityHolding.objects.get(ability_key="eyebeam")
    assert holding.occulite == third
    assert holding.expires_after_timeslot == 2
    page = owner_client.get(wizard(campaign, hydris, "options"))
    assertContains(page, "Take the reborn penalty for each Occulite struck in step 3")


def test_next_scenario_penalties(owner_client, campaign, hydris, recorded):
    recorded("tactical_strike", ["chief_destroyed_health", "chief_destroyed_hand_limit"])
    _apply(owner_client, campaign, hydris, "chief_destroyed_health")
    _apply(owner_client, campaign, hydris, "chief_destroyed_hand_limit")
    effects = {(e.target, e.amount, e.occulite_id) for e in NextScenarioEffect.objects.all()}
    chief = hydris.occulites.get(is_chief=True)
    assert effects == {("health", -2, chief.pk), ("hand_limit", -1, None)}
    assert {e.for_timeslot for e in NextScenarioEffect.objects.all()} == {2}


def test_home_cave_raid_moves_sungems_from_the_defender(
    owner_client, campaign, hydris, palaudis, user, recorded
):
    services.tribe_sungems_change(tribe=hydris, actor=user, amount=3, reason="earlier")
    recorded("home_cave_raid", ["sungems_stolen"])
    response = _apply(
        owner_client,
        campaign,
        hydris,
        "sungems_stolen",
        {"attacker": palaudis.pk, "sungems": 2},
    )
    assert response.status_code == 302
    assert services.tribe_totals(hydris)["sungems"] == 1
    assert services.tribe_totals(palaudis)["sungems"] == 2
    page = owner_client.get(wizard(campaign, hydris, "options"))
    assertContains(page, "Home Cave Raid: Reed Marsh carried 2 Sungem(s) off from Deep Pool")


def test_more_sungems_than_the_defender_holds_are_refused(
    owner_client, campaign, hydris, palaudis, recorded, nothing_written
):
    recorded("home_cave_raid", ["sungems_stolen"])
    with nothing_written(campaign):
        response = _apply(
            owner_client,
            campaign,
            hydris,
            "sungems_stolen",
            {"attacker": palaudis.pk, "sungems": 2},
        )
    assertContains(response, "holds only 0 Sungems", status_code=422)


def test_the_siege_swaps_sungem_totals(owner_client, campaign, hydris, palaudis, user, recorded):
    services.tribe_sungems_change(tribe=palaudis, actor=user, amount=4, reason="earlier")
    recorded("siege_at_the_cave_mouth", ["cave_taken"])
    _apply(owner_client, campaign, hydris, "cave_taken", {"defender": palaudis.pk})
    assert services.tribe_totals(hydris)["sungems"] == 4
    assert services.tribe_totals(palaudis)["sungems"] == 0


def test_every_luftle_runs_away(owner_client, campaign, hydris, user, recorded):
    services.tribe_award_vp(tribe=hydris, actor=user, amount=5, reason="test")
    services.luftle_recruit(tribe=hydris, actor=user, caste="grunt", base_letter="A")
    services.luftle_recruit(tribe=hydris, actor=user, caste="grunt", base_letter="B")
    recorded("the_luftle_nest", ["palaudis_attacked_wild_luftle"])
    _apply(owner_client, campaign, hydris, "palaudis_attacked_wild_luftle")
    assert set(Luftle.objects.values_list("status", flat=True)) == {"ran_away"}


def test_defence_goes_back_up_to_its_campaign_start_value(
    owner_client, campaign, hydris, user, recorded
):
    second = hydris.occulites.get(position=1)
    services.occulite_stat_change(
        occulite=second, actor=user, stat="defence", amount=-2, reason="t"
    )
    recorded("the_podmothine", ["left_with_sungem_defence_reset"])
    page = owner_client.get(wizard(campaign, hydris, "options"))
    form = page.context["option_cards"][0]["form"]
    assert list(dict(form.fields["occulite"].choices)) == [str(second.pk)]
    _apply(
        owner_client, campaign, hydris, "left_with_sungem_defence_reset", {"occulite": second.pk}
    )
    second.refresh_from_db()
    assert second.defence == 4
    page = owner_client.get(wizard(campaign, hydris, "options"))
    assertContains(page, '<span class="badge done">done</span>', html=False)


def test_an_option_not_ticked_is_refused(owner_client, campaign, hydris, recorded, nothing_written):
    recorded("unexpected_skirmish", [])
    with nothing_written(campaign):
        response = _apply(owner_client, campaign, hydris, "winner_defence", {"occulite": 1})
    assertContains(response, "not one this tribe ticked", status_code=422)


def test_a_single_advance_is_applied_only_once(owner_client, campaign, hydris, recorded):
    recorded("unexpected_skirmish", ["loser_attack"])
    chief = hydris.occulites.get(position=0)
    _apply(owner_client, campaign, hydris, "loser_attack", {"occulite": chief.pk})
    entries = LedgerEntry.objects.count()
    again = _apply(owner_client, campaign, hydris, "loser_attack", {"occulite": chief.pk})
    assertContains(again, "is applied already", status_code=422)
    assert LedgerEntry.objects.count() == entries


def test_options_wait_for_the_result(owner_client, campaign, hydris, drawn):
    drawn("unexpected_skirmish")
    page = owner_client.get(wizard(campaign, hydris, "options"))
    assertContains(page, "Record the result first (step 1).")
