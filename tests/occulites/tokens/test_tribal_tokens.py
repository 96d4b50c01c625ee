"""Tribal Tokens for the game in progress (Your Tribe, Chief Occulite; Luftles, Luftle Chief;
Palaudis, Friend of the Luftles) through the Tokens page."""

import pytest
from django.urls import reverse
from pytest_django.asserts import assertContains, assertNotContains

from campaigns.occulites import services as occulites_services
from campaigns.occulites.tokens import services
from tests.factories import HTMX

from .conftest import stored, version, writes_nothing


def tokens_url(campaign, name=""):
    return reverse(f"occulites:tokens{'_' + name if name else ''}", args=[campaign.pk])


@pytest.fixture
def spend(owner_client, campaign):
    def post(name: str, data: dict, *, htmx: bool = True, client=None):
        return (client or owner_client).post(
            tokens_url(campaign, name), data, headers=HTMX if htmx else {}
        )

    return post


@pytest.fixture
def tribes(campaign, user, hydris, palaudis):
    """Deep Pool (Hydris) with a Grunt and a Luftle Chief; Reed Marsh (Palaudis) with a Grunt."""
    occulites_services.tribe_award_vp(tribe=hydris, actor=user, amount=10, reason="test")
    occulites_services.tribe_award_vp(tribe=palaudis, actor=user, amount=10, reason="test")
    occulites_services.luftle_recruit(tribe=hydris, actor=user, caste="grunt", base_letter="A")
    occulites_services.luftle_recruit(tribe=hydris, actor=user, caste="chief", base_letter="C")
    occulites_services.luftle_recruit(tribe=palaudis, actor=user, caste="grunt", base_letter="B")
    return {"hydris": f"tribe-{hydris.pk}", "palaudis": f"tribe-{palaudis.pk}"}


def _pool(campaign, tribe_key, pool="chief"):
    state = stored(campaign, services.TRIBAL_TOKENS)
    tribe = next(t for t in state["tribes"] if t["key"] == tribe_key)
    return tribe["pools"][pool]


def test_each_chief_starts_with_5_tokens_from_the_campaign_records(owner_client, campaign, tribes):
    page = owner_client.get(tokens_url(campaign))
    assertContains(page, 'Chief&#x27;s tokens: <span data-count="left">5</span> of 5 left')
    # A Luftle Chief brings 2 tokens for Luftles only.
    assertContains(page, 'Luftle Chief&#x27;s tokens: <span data-count="left">2</span> of 2 left')
    assert stored(campaign, services.TRIBAL_TOKENS) is None  # reading writes nothing


def test_a_spend_uses_a_token_and_everyone_sees_it(spend, player_client, campaign, tribes):
    response = spend(
        "spend",
        {"tribe": tribes["hydris"], "pool": "chief", "figure": "Second", "use": "draw_three_cards"},
    )
    assert response.status_code == 200
    assert _pool(campaign, tribes["hydris"])["spends"] == [["Second", "draw_three_cards", 1]]
    page = player_client.get(tokens_url(campaign), headers=HTMX)
    assertContains(page, "Turn 1: Second — Draw 3 cards")


def test_one_token_per_occulite_per_turn_then_again_next_turn(spend, campaign, tribes):
    data = {
        "tribe": tribes["hydris"],
        "pool": "chief",
        "figure": "Second",
        "use": "change_card_type",
    }
    spend("spend", data)
    with writes_nothing(campaign):
        response = spend("spend", {**data, "use": "awareness_plus_one"})
    assert response.status_code == 422
    assertContains(
        response, "Only one Tribal Token may be spent on Second each turn", status_code=422
    )
    assertContains(spend("next-turn".replace("-", "_"), {"expected": 1}), "Turn 2")
    assert spend("spend", data).status_code == 200
    assert _pool(campaign, tribes["hydris"])["spends"][-1] == ["Second", "change_card_type", 2]


def test_a_sixth_token_is_refused(spend, campaign, tribes):
    for figure in ["Chief", "Second", "Third", "Fourth", "Fifth"]:
        spend(
            "spend",
            {
                "tribe": tribes["palaudis"],
                "pool": "chief",
                "figure": figure,
                "use": "draw_three_cards",
            },
        )
    with writes_nothing(campaign):
        response = spend(
            "spend",
            {
                "tribe": tribes["palaudis"],
                "pool": "chief",
                "figure": "Luftle Grunt B",
                "use": "draw_three_cards",
            },
        )
    assertContains(response, "No Tribal Tokens left this game", status_code=422)


def test_no_tokens_while_the_chief_is_off_the_board(spend, campaign, tribes):
    spend("chief", {"tribe": tribes["hydris"], "on_board": "0"})
    data = {
        "tribe": tribes["hydris"],
        "pool": "luftle_chief",
        "figure": "Luftle Grunt A",
        "use": "change_card_type",
    }
    with writes_nothing(campaign):
        response = spend("spend", data)
    assertContains(
        response, "No Tribal Tokens may be used while the Chief is off the board", status_code=422
    )
    spend("chief", {"tribe": tribes["hydris"], "on_board": "1"})
    assert spend("spend", data).status_code == 200


def test_luftles_need_friend_of_the_luftles_or_the_luftle_chiefs_tokens(spend, campaign, tribes):
    with writes_nothing(campaign):
        refused = spend(
            "spend",
            {
                "tribe": tribes["hydris"],
                "pool": "chief",
                "figure": "Luftle Grunt A",
                "use": "change_card_type",
            },
        )
    assertContains(refused, "may not be spent on Luftles without an Ability", status_code=422)
    with writes_nothing(campaign):
        refused = spend(
            "spend",
            {
                "tribe": tribes["hydris"],
                "pool": "luftle_chief",
                "figure": "Second",
                "use": "change_card_type",
            },
        )
    assertContains(refused, "can only be spent on Luftles", status_code=422)
    # Palaudis Chief: Friend of the Luftles.
    palaudis = spend(
        "spend",
        {
            "tribe": tribes["palaudis"],
            "pool": "chief",
            "figure": "Luftle Grunt B",
            "use": "change_card_type",
        },
    )
    assert palaudis.status_code == 200


def test_undo_gives_back_the_last_token_once(spend, campaign, tribes):
    data = {
        "tribe": tribes["hydris"],
        "pool": "chief",
        "figure": "Third",
        "use": "committed_card_effect",
    }
    spend("spend", data)
    response = spend("undo", {"tribe": tribes["hydris"], "pool": "chief", "expected": 1})
    assertContains(response, "5</span> of 5 left")
    spend("spend", data)
    spend("undo", {"tribe": tribes["hydris"], "pool": "chief", "expected": 1})
    # A second phone tapping the same undo would take back nothing it saw.
    spend("spend", data)
    spend("spend", {**data, "figure": "Fourth"})
    with writes_nothing(campaign):
        stale = spend("undo", {"tribe": tribes["hydris"], "pool": "chief", "expected": 1})
    assert stale.status_code == 409


def test_undo_with_nothing_spent_is_refused(spend, campaign, tribes):
    with writes_nothing(campaign):
        response = spend("undo", {"tribe": tribes["hydris"], "pool": "chief"})
    assertContains(response, "No Tribal Token has been spent yet", status_code=422)


def test_next_turn_from_a_stale_screen_is_refused(spend, campaign, tribes):
    spend("next_turn", {"expected": 1})
    with writes_nothing(campaign):
        response = spend("next_turn", {"expected": 1})
    assert response.status_code == 409
    assertContains(response, "It is already turn 2", status_code=409)


def test_a_new_game_gives_every_chief_his_tokens_back(spend, campaign, tribes):
    spend(
        "spend",
        {"tribe": tribes["hydris"], "pool": "chief", "figure": "Chief", "use": "healing_mucus"},
    )
    spend("new", {})
    assert _pool(campaign, tribes["hydris"])["spends"] == []


def test_a_new_game_keeps_the_tribes_typed_in_with_fresh_tokens(spend, campaign, tribes):
    spend("tribe", {"name": "Guests", "occulites": "Grublic, Mipny"})
    key = stored(campaign, services.TRIBAL_TOKENS)["tribes"][-1]["key"]
    spend("spend", {"tribe": key, "pool": "chief", "figure": "Mipny", "use": "draw_three_cards"})
    spend("new", {})
    state = stored(campaign, services.TRIBAL_TOKENS)
    assert [tribe["name"] for tribe in state["tribes"]] == ["Deep Pool", "Reed Marsh", "Guests"]
    assert _pool(campaign, key)["spends"] == []


def test_without_tribes_players_type_their_figures(spend, owner_client, campaign):
    page = owner_client.get(tokens_url(campaign))
    assertContains(page, "No tribes in this game yet")
    response = spend(
        "tribe",
        {
            "name": "Guests",
            "occulites": "Grublic, Mipny",
            "luftles": "Grunt A",
            "luftle_chief": "on",
        },
    )
    assert response.status_code == 200
    state = stored(campaign, services.TRIBAL_TOKENS)
    (tribe,) = state["tribes"]
    assert tribe["figures"] == [["Grublic", False], ["Mipny", False], ["Grunt A", True]]
    assert set(tribe["pools"]) == {"chief", "luftle_chief"}
    assert (
        spend(
            "spend",
            {
                "tribe": tribe["key"],
                "pool": "luftle_chief",
                "figure": "Grunt A",
                "use": "change_card_type",
            },
        ).status_code
        == 200
    )


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"name": "Guests", "occulites": "Grublic, Grublic"}, "Each figure needs its own name"),
        ({"name": "Guests", "occulites": ""}, "This field is required"),
    ],
)
def test_bad_typed_tribes_are_refused_beside_the_form(spend, campaign, data, message):
    with writes_nothing(campaign):
        response = spend("tribe", data)
    assert response["HX-Retarget"] == "#tribe-form"
    assertContains(response, message, status_code=422)


def test_without_javascript_a_spend_redirects_back(spend, campaign, tribes):
    response = spend(
        "spend",
        {"tribe": tribes["hydris"], "pool": "chief", "figure": "Chief", "use": "healing_mucus"},
        htmx=False,
    )
    assert response.status_code == 302
    assert response["Location"] == tokens_url(campaign) + "#tokens-panel"


def test_an_unknown_tribe_is_a_friendly_refusal(spend, campaign):
    before = version(campaign)
    response = spend(
        "spend", {"tribe": "tribe-1", "pool": "chief", "figure": "X", "use": "healing_mucus"}
    )
    assertContains(response, "That tribe is not in this game", status_code=422)
    assert version(campaign) == before


def test_a_viewer_sees_the_tokens_but_no_controls(viewer_client, campaign, tribes):
    page = viewer_client.get(tokens_url(campaign))
    assertContains(page, "Chief&#x27;s tokens")
    assertNotContains(page, "Next turn")
    assertNotContains(page, "Spend a token on")
    assertNotContains(page, "Add a tribe by name")


def test_a_tribe_founded_after_the_game_started_is_pointed_out(
    owner_client, campaign, user, hydris
):
    from django.urls import reverse
    from pytest_django.asserts import assertContains

    from campaigns.occulites import services as occulites_services
    from campaigns.occulites.tokens import services as helper_services

    helper_services.tokens_new_game(campaign=campaign, actor=user)
    occulites_services.tribe_create(campaign=campaign, actor=user, name="Latecomers")
    response = owner_client.get(reverse("occulites:tokens", args=[campaign.pk]))
    assertContains(response, "Latecomers joined the campaign after this game started")
