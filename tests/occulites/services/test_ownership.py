"""Who may change what (issue 14, point 7): with the owner's "players change only what is
theirs", a player changes only their own tribe (its Occulites, Luftles, abilities, VP,
Sungems, results, reborn penalties, Long Dark rolls); an owner changes every tribe; the
season-wide actions stay everyone's."""

import pytest
from django.urls import reverse

from campaigns.occulites import services
from campaigns.table import services as table_services
from campaigns.table.models import EditPolicy
from campaigns.table.rule_errors import RuleViolation
from tests.occulites.conftest import writes_nothing

REFUSED = "Only Deep Pool's player or an owner may change it"


@pytest.fixture
def own_only(campaign, user):
    return table_services.campaign_set_edit_policy(
        campaign=campaign, actor=user, edit_policy=EditPolicy.OWN
    )


@pytest.fixture
def owners_tribe(hydris):
    """Deep Pool, played by the owner (`hydris` is founded with player=owner)."""
    return hydris


@pytest.fixture
def players_tribe(campaign, user, player):
    return services.tribe_create(campaign=campaign, actor=user, name="Marsh", player=player)


def _chief(tribe):
    return tribe.occulites.get(is_chief=True)


# Every service that changes a tribe, called on Deep Pool (the owner's tribe). Arguments
# are valid enough to reach the transaction; the refusal comes before any rule is checked.
TRIBE_ACTIONS = {
    "award VP": lambda t, a: services.tribe_award_vp(tribe=t, actor=a, amount=3, reason="x"),
    "lose VP": lambda t, a: services.tribe_lose_vp(tribe=t, actor=a, amount=1, rule="x"),
    "spend VP": lambda t, a: services.tribe_spend_vp(tribe=t, actor=a, amount=1, reason="x"),
    "Sungems": lambda t, a: services.tribe_sungems_change(tribe=t, actor=a, amount=1, reason="x"),
    "stat": lambda t, a: services.occulite_stat_change(
        occulite=_chief(t), actor=a, stat="speed", amount=1, reason="x"
    ),
    "Defence regained": lambda t, a: services.occulite_defence_regain(
        occulite=_chief(t), actor=a, points=1
    ),
    "next-scenario effect": lambda t, a: services.next_scenario_effect_add(
        tribe=t, actor=a, target="speed", amount=-1, reason="x"
    ),
    "ability bought": lambda t, a: services.ability_buy(
        occulite=_chief(t), actor=a, ability_key="lucky"
    ),
    "ability removed": lambda t, a: services.ability_remove(
        occulite=_chief(t), actor=a, ability_key="lucky", reason="x"
    ),
    "Luftle recruited": lambda t, a: services.luftle_recruit(
        tribe=t, actor=a, caste="grunt", base_letter="A"
    ),
    "Luftles lost": lambda t, a: services.luftle_casualties(tribe=t, actor=a, base_letters=["A"]),
    "reborn penalty": lambda t, a: services.occulite_reborn_penalty(occulite=_chief(t), actor=a),
    "Long Dark roll": lambda t, a: services.long_dark_roll(tribe=t, actor=a, dice=[1, 2, 3]),
    "nomination": lambda t, a: services.scenario_nominate(
        tribe=t, actor=a, scenario_key="returning_from_the_hunt"
    ),
    "result": lambda t, a: services.scenario_result_record(
        tribe=t, actor=a, vp_counts={}, scenario_key="returning_from_the_hunt"
    ),
    "Occulite added": lambda t, a: services.occulite_add(tribe=t, actor=a, name="Sixth"),
}


@pytest.mark.parametrize("action", TRIBE_ACTIONS.values(), ids=TRIBE_ACTIONS.keys())
def test_a_player_may_not_change_another_players_tribe(
    action, own_only, owners_tribe, players_tribe, player
):
    with writes_nothing(own_only), pytest.raises(RuleViolation, match=REFUSED):
        action(owners_tribe, player)


def test_everyone_may_change_every_tribe_by_default(campaign, owners_tribe, player):
    entry = services.tribe_award_vp(tribe=owners_tribe, actor=player, amount=3, reason="x")
    assert entry.actor == player


def test_a_player_changes_their_own_tribe_and_the_owner_every_tribe(
    own_only, owners_tribe, players_tribe, user, player
):
    services.tribe_award_vp(tribe=players_tribe, actor=player, amount=3, reason="own")
    services.tribe_award_vp(tribe=players_tribe, actor=user, amount=2, reason="owner")
    assert services.tribe_totals(players_tribe)["total_vp"] == 5


def test_a_tribe_without_a_player_is_everyones(own_only, palaudis, player):
    services.tribe_award_vp(tribe=palaudis, actor=player, amount=1, reason="nobody's")


def test_a_raid_is_the_attackers_to_record(own_only, owners_tribe, players_tribe, user, player):
    services.tribe_sungems_change(tribe=owners_tribe, actor=user, amount=2, reason="found")
    with writes_nothing(own_only), pytest.raises(RuleViolation, match=REFUSED):
        services.home_cave_raid_steal(
            attacker=owners_tribe, defender=players_tribe, actor=player, sungems=1
        )


def test_a_player_may_not_found_a_tribe_for_another_player(own_only, user, player):
    with writes_nothing(own_only), pytest.raises(RuleViolation, match="Elsewhere's player"):
        services.tribe_create(campaign=own_only, actor=player, name="Elsewhere", player=user)


def test_the_season_advance_stays_everyones(own_only, players_tribe, player):
    with pytest.raises(RuleViolation, match="Every tribe's result must be recorded"):
        services.season_advance(campaign=own_only, actor=player)


def test_the_page_answers_422_with_the_message(
    own_only, owners_tribe, players_tribe, player_client
):
    url = reverse("occulites:record_result", args=[own_only.pk, owners_tribe.pk])
    with writes_nothing(own_only):
        response = player_client.post(
            url, {"scenario": "returning_from_the_hunt"}, HTTP_HX_REQUEST="true"
        )
    assert response.status_code == 422
    assert "Only Deep Pool’s player or an owner may change it" in response.content.decode()


def test_the_record_page_hides_another_players_tribe_controls(
    own_only, owners_tribe, players_tribe, player_client
):
    page = player_client.get(reverse("occulites:record", args=[own_only.pk])).content.decode()
    assert reverse("occulites:spend", args=[own_only.pk, players_tribe.pk]) in page
    assert reverse("occulites:spend", args=[own_only.pk, owners_tribe.pk]) not in page


def test_the_wizard_hides_the_result_form_of_another_players_tribe(
    own_only, owners_tribe, players_tribe, player_client, owner_client
):
    url = reverse("occulites:record_tribe", args=[own_only.pk, owners_tribe.pk])
    action = reverse("occulites:record_result", args=[own_only.pk, owners_tribe.pk])
    query = {"step": "result", "scenario": "returning_from_the_hunt"}
    assert action not in player_client.get(url, query).content.decode()
    assert action in owner_client.get(url, query).content.decode()
