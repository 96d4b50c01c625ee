"""Step 3 of the wizard: the reborn penalty of every Occulite killed, from the cards flipped
or drawn from the group's deck (Campaign Rules - Losing Figures in a Scenario)."""

import pytest
from pytest_django.asserts import assertContains, assertNotContains

from campaigns.occulites import services
from campaigns.occulites.models import AbilityHolding
from campaigns.table.models import DrawLogEntry
from tests.factories import HTMX

from .conftest import url, wizard

CARDS = ("awareness", "speed", "attack", "defence", "health", "ability_slot")


@pytest.fixture
def killed(campaign, user, hydris, drawn):
    """Deep Pool's Second and Third were killed in an Unexpected Skirmish."""
    drawn("unexpected_skirmish")
    second, third = hydris.occulites.get(position=1), hydris.occulites.get(position=2)
    services.scenario_result_record(
        tribe=hydris, actor=user, vp_counts={}, occulites_killed=[second, third]
    )
    return second, third


def _reborn(client, campaign, tribe, occulite, cards=None, draw=False, **extra):
    prefix = f"reborn-{occulite.pk}"
    data = {"occulite": occulite.pk}
    for slot, value in zip(CARDS, cards or (), strict=False):
        data[f"{prefix}-{slot}"] = value
    if draw:
        data[f"{prefix}-draw"] = "on"
    data.update({f"{prefix}-{name}": value for name, value in extra.items()})
    return client.post(url("occulites:record_reborn", campaign, tribe), data)


def test_each_killed_occulite_owes_a_penalty(owner_client, campaign, hydris, killed, deck):
    page = owner_client.get(wizard(campaign, hydris, "reborn"))
    assertContains(page, "3. Reborn penalties")
    assertContains(page, "Card values in the group's deck: 1, 2, 3, 4, 5.")
    assertContains(page, "/rules/occulites/reborn-penalty/")
    assert [card["occulite"] for card in page.context["reborn_owed"]] == list(killed)
    assertContains(page, "2 to take")


def test_the_flipped_cards_lower_the_tied_lowest_statistics(
    owner_client, campaign, hydris, killed, deck
):
    second, _ = killed
    response = _reborn(owner_client, campaign, hydris, second, (4, 1, 3, 1, 5, 2))
    assert response.status_code == 302
    second.refresh_from_db()
    assert (second.speed, second.defence) == (5, 3)
    page = owner_client.get(response["Location"])
    assertContains(page, "Second reborn (Awareness 4, Speed 1, Attack 3, Defence 1, Health 5")
    assertContains(page, "1 to take")


def test_a_card_outside_the_decks_values_is_refused_beside_it(
    owner_client, campaign, hydris, killed, deck, nothing_written
):
    second, _ = killed
    with nothing_written(campaign):
        response = _reborn(owner_client, campaign, hydris, second, (9, 1, 3, 1, 5, 2))
    assertContains(
        response,
        "The Awareness card shows 9, but no card in the deck has that number",
        status_code=422,
    )
    assertContains(response, f'id="id_reborn-{second.pk}-awareness_error"', status_code=422)
    second.refresh_from_db()
    assert second.awareness == 2


def test_some_cards_but_not_all_are_refused(owner_client, campaign, hydris, killed, deck):
    second, _ = killed
    response = _reborn(owner_client, campaign, hydris, second, (4, 1))
    assertContains(response, "Enter all six cards", status_code=422)


def test_drawing_from_the_deck_records_the_cards_in_the_shared_log(
    owner_client, campaign, hydris, killed, deck
):
    second, _ = killed
    response = _reborn(owner_client, campaign, hydris, second, draw=True)
    assert response.status_code == 302
    log = DrawLogEntry.objects.get(campaign=campaign, tool="occulites.reborn_cards")
    assert set(log.result["flipped"]) == set(CARDS)
    page = owner_client.get(wizard(campaign, hydris, "reborn"))
    assertContains(page, "Second reborn (")


def test_without_a_deck_the_gap_is_explained_and_only_drawing_needs_one(
    owner_client, campaign, hydris, killed, nothing_written
):
    second, _ = killed
    page = owner_client.get(wizard(campaign, hydris, "reborn"))
    assertContains(page, "The rulebook does not print how many Natural Selection cards")
    assertContains(page, "/rules/occulites/natural-selection-deck-composition/")
    with nothing_written(campaign):
        response = _reborn(owner_client, campaign, hydris, second, draw=True)
    assertContains(response, "set the deck first", status_code=422)


def test_typed_cards_are_taken_without_a_deck(owner_client, campaign, hydris, killed):
    """Issue 12, point 2: until the group sets its deck, the cards flipped at the table
    are entered as they are (Campaign Rules - Losing Figures in a Scenario)."""
    second, _ = killed
    response = _reborn(owner_client, campaign, hydris, second, (4, 1, 3, 1, 5, 2))
    assert response.status_code == 302
    second.refresh_from_db()
    assert (second.speed, second.defence) == (5, 3)


def test_the_lowest_card_on_the_ability_slot_takes_the_chosen_learned_ability(
    owner_client, campaign, hydris, user, drawn, deck
):
    second = hydris.occulites.get(position=1)
    services.tribe_award_vp(tribe=hydris, actor=user, amount=10, reason="test")
    for occulite in hydris.occulites.all():
        services.ability_buy(occulite=occulite, actor=user, ability_key="pouch")
    drawn("unexpected_skirmish")
    services.scenario_result_record(
        tribe=hydris, actor=user, vp_counts={}, occulites_killed=[second]
    )
    page = owner_client.get(wizard(campaign, hydris, "reborn"))
    assertContains(page, "If the ability slot&#x27;s card is lowest, it loses")
    missing = _reborn(owner_client, campaign, hydris, second, (4, 3, 3, 4, 5, 1))
    assertContains(missing, "choose the learned ability Second loses", status_code=422)
    assert AbilityHolding.objects.filter(occulite=second, ability_key="pouch").exists()
    response = _reborn(
        owner_client, campaign, hydris, second, (4, 3, 3, 4, 5, 1), ability_to_lose="pouch"
    )
    assert response.status_code == 302
    assert not AbilityHolding.objects.filter(occulite=second, ability_key="pouch").exists()
    # Innate abilities are never on offer.
    form = page.context["reborn_owed"][0]["form"]
    assert [key for key, _ in form.fields["ability_to_lose"].choices] == ["", "pouch"]


def test_drawing_needs_the_ability_choice_first_when_one_could_be_lost(
    owner_client, campaign, hydris, user, drawn, deck, nothing_written
):
    second = hydris.occulites.get(position=1)
    services.tribe_award_vp(tribe=hydris, actor=user, amount=10, reason="test")
    for occulite in hydris.occulites.all():
        services.ability_buy(occulite=occulite, actor=user, ability_key="pouch")
    drawn("unexpected_skirmish")
    services.scenario_result_record(
        tribe=hydris, actor=user, vp_counts={}, occulites_killed=[second]
    )
    with nothing_written(campaign):
        response = _reborn(owner_client, campaign, hydris, second, draw=True)
    assertContains(response, "choose first which learned ability goes", status_code=422)


def test_a_lucky_occulite_loses_lucky_instead_of_a_statistic(
    owner_client, campaign, hydris, user, drawn, deck
):
    second = hydris.occulites.get(position=1)
    services.tribe_award_vp(tribe=hydris, actor=user, amount=10, reason="test")
    for occulite in hydris.occulites.all():
        key = "lucky" if occulite == second else "pouch"
        services.ability_buy(occulite=occulite, actor=user, ability_key=key)
    drawn("unexpected_skirmish")
    services.scenario_result_record(
        tribe=hydris, actor=user, vp_counts={}, occulites_killed=[second]
    )
    page = owner_client.get(wizard(campaign, hydris, "reborn"))
    assertContains(page, "Lost anyway when killed: Lucky")
    _reborn(owner_client, campaign, hydris, second, (4, 1, 3, 4, 5, 2))
    second.refresh_from_db()
    assert second.speed == 6
    assert not AbilityHolding.objects.filter(occulite=second, ability_key="lucky").exists()


def test_a_chief_destroyed_in_tactical_strike_skips_the_penalty(
    owner_client, campaign, hydris, user, drawn, deck
):
    chief = hydris.occulites.get(is_chief=True)
    drawn("tactical_strike")
    services.scenario_result_record(
        tribe=hydris,
        actor=user,
        vp_counts={},
        occulites_killed=[chief],
        options_chosen=["chief_destroyed_no_reborn"],
    )
    page = owner_client.get(wizard(campaign, hydris, "reborn"))
    assertContains(page, "it skips the reborn penalty")
    assertContains(page, "No Occulite of Deep Pool owes a reborn penalty.")


def test_occulites_struck_by_lightning_take_it_too(
    owner_client, campaign, hydris, user, drawn, deck
):
    fourth = hydris.occulites.get(position=3)
    drawn("the_ridge")
    services.scenario_result_record(
        tribe=hydris, actor=user, vp_counts={}, options_chosen=["struck_by_lightning"]
    )
    page = owner_client.get(wizard(campaign, hydris, "reborn"))
    assertContains(page, "Struck by Lightning: another Occulite")
    response = _reborn(owner_client, campaign, hydris, fourth, (4, 3, 1, 4, 5, 2))
    assert response.status_code == 302
    fourth.refresh_from_db()
    assert fourth.attack == 3


def test_with_htmx_a_refusal_comes_back_into_the_wizard(
    owner_client, campaign, hydris, killed, deck
):
    second, _ = killed
    response = owner_client.post(
        url("occulites:record_reborn", campaign, hydris),
        {"occulite": second.pk, f"reborn-{second.pk}-awareness": 1},
        headers=HTMX,
    )
    assert response.status_code == 422
    assertContains(response, 'id="wizard"', status_code=422)
    assertNotContains(response, "<html", status_code=422)


def test_an_occulite_of_another_tribe_is_refused(
    owner_client, campaign, hydris, palaudis, killed, deck
):
    stranger = palaudis.occulites.first()
    response = _reborn(owner_client, campaign, hydris, stranger, (4, 1, 3, 1, 5, 2))
    assertContains(response, "Choose an Occulite of this tribe.", status_code=422)
