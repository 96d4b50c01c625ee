"""Spending the Available Spend Total, in the wizard's last step and on the spending page:
what the rules allow is offered with its cost, everything else refused with the rule's
message and nothing written (Campaign Rules - Spending Victory Points)."""

from pytest_django.asserts import assertContains, assertNotContains

from campaigns.occulites import services
from campaigns.occulites.models import AbilityHolding, Luftle
from tests.factories import HTMX

from .conftest import url, wizard


def _buy(client, campaign, tribe, occulite, ability, back="spend", **kwargs):
    return client.post(
        url("occulites:spend_ability", campaign, tribe),
        {"purchase": f"{occulite.pk}:{ability}", "back": back},
        **kwargs,
    )


def _recruit(client, campaign, tribe, caste, letter, **extra):
    return client.post(
        url("occulites:spend_recruit", campaign, tribe),
        {"caste": caste, "base_letter": letter, **extra},
    )


def test_the_spending_page_offers_what_the_rules_allow_with_its_cost(
    owner_client, campaign, palaudis, user
):
    services.tribe_award_vp(tribe=palaudis, actor=user, amount=3, reason="test")
    page = owner_client.get(url("occulites:spend", campaign, palaudis))
    assertContains(page, 'Available Spend Total: <strong data-total="available_spend_total">3')
    assertContains(page, "Chief: Leap — 1 VP")
    assertContains(page, "Chief: Intimidating Croak — 3 VP")
    assertNotContains(page, "Chief: Thunder Leap — ")
    assertContains(page, "Thunder Leap</strong>: Thunder Leap needs Leap first")
    # Friend of the Luftles: each Luftle costs 1 VP less, to a minimum of 1.
    assertContains(page, "Luftle Grunt — 1 VP")
    assertContains(page, "Luftle Guard — 2 VP")
    # Luftle Advisor: a Palaudis tribe counts as having a Luftle, so its Chief may be
    # recruited without others; only the price stops it here (luftle-chief-readings).
    assertContains(page, "A Luftle Chief costs 4 VP but the Available Spend Total is 3")
    assertContains(page, "/rules/occulites/palaudis-ability-pool/")
    assertContains(page, "/rules/occulites/spending-victory-points/")


def test_buying_an_ability_lowers_the_available_spend_total_only(
    owner_client, campaign, palaudis, user
):
    services.tribe_award_vp(tribe=palaudis, actor=user, amount=3, reason="test")
    chief = palaudis.occulites.get(is_chief=True)
    response = _buy(owner_client, campaign, palaudis, chief, "leap")
    assert response["Location"] == url("occulites:spend", campaign, palaudis)
    assert AbilityHolding.objects.filter(occulite=chief, ability_key="leap").exists()
    assert services.tribe_totals(palaudis)["available_spend_total"] == 2
    assert services.tribe_totals(palaudis)["total_vp"] == 3
    page = owner_client.get(response["Location"])
    assertContains(page, "Chief learned Leap for 1 VP")


def test_an_unaffordable_purchase_is_refused_with_the_rule_and_nothing_written(
    owner_client, campaign, palaudis, user, nothing_written
):
    services.tribe_award_vp(tribe=palaudis, actor=user, amount=2, reason="test")
    chief = palaudis.occulites.get(is_chief=True)
    with nothing_written(campaign):
        response = _buy(owner_client, campaign, palaudis, chief, "intimidating_croak")
    assertContains(
        response,
        "Intimidating Croak costs 3 VP but the Available Spend Total is 2",
        status_code=422,
    )
    assertContains(response, 'id="learn_purchase_error"', status_code=422)


def test_a_missing_prerequisite_is_refused(owner_client, campaign, palaudis, user, nothing_written):
    services.tribe_award_vp(tribe=palaudis, actor=user, amount=9, reason="test")
    chief = palaudis.occulites.get(is_chief=True)
    with nothing_written(campaign):
        response = _buy(owner_client, campaign, palaudis, chief, "thunder_leap", headers=HTMX)
    assertContains(response, "Thunder Leap needs Leap first", status_code=422)
    assertContains(response, 'id="spending"', status_code=422)
    assertNotContains(response, "<html", status_code=422)


def test_every_occulite_holds_n_abilities_before_any_gets_another(
    owner_client, campaign, palaudis, user, nothing_written
):
    services.tribe_award_vp(tribe=palaudis, actor=user, amount=9, reason="test")
    chief = palaudis.occulites.get(is_chief=True)
    _buy(owner_client, campaign, palaudis, chief, "leap")
    with nothing_written(campaign):
        response = _buy(owner_client, campaign, palaudis, chief, "pouch")
    assertContains(response, "Every Occulite needs 1 Learned Ability", status_code=422)


def test_the_scenarios_allowance_limits_purchases(
    owner_client, campaign, palaudis, hydris, user, drawn, nothing_written
):
    services.tribe_award_vp(tribe=palaudis, actor=user, amount=9, reason="test")
    drawn("unexpected_skirmish")
    services.scenario_result_record(tribe=palaudis, actor=user, vp_counts={})
    first, second = palaudis.occulites.get(position=0), palaudis.occulites.get(position=1)
    page = owner_client.get(url("occulites:spend", campaign, palaudis))
    assertContains(page, "Learned Abilities after this scenario: 0 of 1 allowed.")
    _buy(owner_client, campaign, palaudis, first, "leap")
    with nothing_written(campaign):
        response = _buy(owner_client, campaign, palaudis, second, "leap")
    assertContains(
        response, "This scenario&#x27;s advances allow 1 Learned Ability", status_code=422
    )


def test_a_fourth_grunt_is_refused(owner_client, campaign, hydris, user, nothing_written):
    services.tribe_award_vp(tribe=hydris, actor=user, amount=20, reason="test")
    services.luftle_recruit(tribe=hydris, actor=user, caste="grunt", base_letter="A")
    services.luftle_recruit(tribe=hydris, actor=user, caste="grunt", base_letter="B")
    season = services.season_for(campaign)
    season.timeslot = 2
    season.save()
    services.luftle_recruit(tribe=hydris, actor=user, caste="grunt", base_letter="C")
    with nothing_written(campaign):
        response = _recruit(owner_client, campaign, hydris, "grunt", "D")
    assertContains(response, "A tribe may hold at most 3 Luftle Grunts", status_code=422)
    assertContains(response, 'id="recruit_caste_error"', status_code=422)


def test_a_third_grunt_after_one_scenario_is_refused(
    owner_client, campaign, hydris, user, nothing_written
):
    services.tribe_award_vp(tribe=hydris, actor=user, amount=20, reason="test")
    assert _recruit(owner_client, campaign, hydris, "grunt", "a").status_code == 302
    assert _recruit(owner_client, campaign, hydris, "grunt", "B").status_code == 302
    with nothing_written(campaign):
        response = _recruit(owner_client, campaign, hydris, "grunt", "C")
    assertContains(
        response, "At most 2 Luftle Grunts may be recruited after each scenario", status_code=422
    )
    assert sorted(Luftle.objects.values_list("base_letter", flat=True)) == ["A", "B"]
    assert services.tribe_totals(hydris)["available_spend_total"] == 16


def test_a_base_letter_already_in_the_tribe_is_refused_beside_it(
    owner_client, campaign, hydris, user
):
    services.tribe_award_vp(tribe=hydris, actor=user, amount=20, reason="test")
    _recruit(owner_client, campaign, hydris, "grunt", "A")
    response = _recruit(owner_client, campaign, hydris, "scout", "A")
    assertContains(response, "A Luftle with base A is in the tribe.", status_code=422)


def test_the_luftle_nest_winner_recruits_one_luftle_free(
    owner_client, campaign, hydris, user, drawn
):
    drawn("the_luftle_nest")
    services.scenario_result_record(
        tribe=hydris, actor=user, vp_counts={}, options_chosen=["winner_free_luftle"]
    )
    page = owner_client.get(wizard(campaign, hydris, "spend"))
    assertContains(page, "The free recruit (Scenario 9 winner)")
    response = _recruit(owner_client, campaign, hydris, "scout", "S", free="on", back="record")
    assert response["Location"] == wizard(campaign, hydris, "spend")
    assert Luftle.objects.get().free_recruit
    assert services.tribe_totals(hydris)["available_spend_total"] == 0


def test_teaching_the_luftle_chief(owner_client, campaign, hydris, user):
    services.tribe_award_vp(tribe=hydris, actor=user, amount=20, reason="test")
    services.luftle_recruit(tribe=hydris, actor=user, caste="grunt", base_letter="A")
    services.luftle_recruit(tribe=hydris, actor=user, caste="chief", base_letter="C")
    page = owner_client.get(url("occulites:spend", campaign, hydris))
    assertContains(page, "Teach the Luftle Chief (C)")
    offers = page.context["spending"].luftle_chief_offers
    ability = offers[0].value
    response = owner_client.post(
        url("occulites:spend_luftle_chief", campaign, hydris), {"ability": ability}
    )
    assert response.status_code == 302
    assert AbilityHolding.objects.filter(luftle__base_letter="C", ability_key=ability).exists()


def test_defence_is_bought_back_up_to_its_value_before_the_scenario(
    owner_client, campaign, hydris, user, nothing_written
):
    services.tribe_award_vp(tribe=hydris, actor=user, amount=5, reason="test")
    second = hydris.occulites.get(position=1)
    services.occulite_stat_change(
        occulite=second, actor=user, stat="defence", amount=-2, reason="t"
    )
    page = owner_client.get(url("occulites:spend", campaign, hydris))
    assertContains(page, "Second: Defence 2, up to 4 before the scenario (1 VP a point)")
    with nothing_written(campaign):
        too_far = owner_client.post(
            url("occulites:spend_defence", campaign, hydris),
            {"occulite": second.pk, "points": 3},
        )
    assertContains(too_far, "Defence can only be regained up to 4", status_code=422)
    response = owner_client.post(
        url("occulites:spend_defence", campaign, hydris),
        {"occulite": second.pk, "points": 2},
        headers=HTMX,
    )
    assert response.status_code == 200
    assertContains(response, "regained 2 Defence for 2 VP")
    assertContains(response, 'Available Spend Total: <strong data-total="available_spend_total">3')
    second.refresh_from_db()
    assert second.defence == 4


def test_the_wizard_shows_the_same_spending_forms(owner_client, campaign, hydris, user, drawn):
    services.tribe_award_vp(tribe=hydris, actor=user, amount=2, reason="test")
    page = owner_client.get(wizard(campaign, hydris, "spend"))
    assertContains(page, "5. Spend Victory Points")
    assertContains(page, 'id="spending"')
    assertContains(page, '<input type="hidden" name="back" value="record"', html=False)
    chief = hydris.occulites.get(is_chief=True)
    response = _buy(owner_client, campaign, hydris, chief, "pouch", back="record")
    assert response["Location"] == wizard(campaign, hydris, "spend")


def test_a_refusal_without_javascript_re_renders_the_wizard_step(owner_client, campaign, hydris):
    chief = hydris.occulites.get(is_chief=True)
    response = _buy(owner_client, campaign, hydris, chief, "pouch", back="record")
    assertContains(response, "5. Spend Victory Points", status_code=422)
    assertContains(response, "Pouch costs 1 VP but the Available Spend Total is 0", status_code=422)


def test_the_running_total_is_a_live_region(owner_client, campaign, hydris):
    response = owner_client.get(url("occulites:spend", campaign, hydris), headers=HTMX)
    assertContains(response, 'id="spend-totals"')
    assertContains(response, 'hx-trigger="campaign-changed from:body"')
    assertNotContains(response, "Learn an ability")


def test_a_garbled_purchase_is_refused(owner_client, campaign, hydris, nothing_written):
    with nothing_written(campaign):
        response = owner_client.post(
            url("occulites:spend_ability", campaign, hydris), {"purchase": "999:flying"}
        )
    assertContains(response, "Choose an Occulite and an ability from the list.", status_code=422)
