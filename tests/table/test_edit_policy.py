"""Who may change what: the owner's setting, shown on the Members page, enforced on undo;
the games enforce it on their own records through campaigns.table.ownership."""

import re

import pytest
from django.core.management import call_command
from django.urls import reverse

from bench.pages import discover
from campaigns.table import services
from campaigns.table.errors import ValidationError
from campaigns.table.games import games
from campaigns.table.ledger import last_undoable_entry, ledger_undo
from campaigns.table.models import Campaign, EditPolicy, LedgerEntry, Membership
from campaigns.table.ownership import check_may_change, may_change
from campaigns.table.rule_errors import RuleViolation


@pytest.fixture
def own_only(campaign, user):
    return services.campaign_set_edit_policy(
        campaign=campaign, actor=user, edit_policy=EditPolicy.OWN
    )


def test_everyone_may_change_everything_by_default(campaign, user, player):
    assert campaign.edit_policy == EditPolicy.EVERYONE
    assert may_change(campaign, player, belongs_to_id=user.pk)


def test_with_own_only_a_player_changes_only_what_is_theirs(own_only, user, player):
    assert may_change(own_only, player, belongs_to_id=player.pk)
    assert may_change(own_only, player, belongs_to_id=None)  # nobody's: anyone's
    assert not may_change(own_only, player, belongs_to_id=user.pk)
    assert may_change(own_only, user, belongs_to_id=player.pk)  # the owner: everything
    with pytest.raises(RuleViolation, match="Only Reed Marsh's player"):
        check_may_change(own_only, player, belongs_to_id=user.pk, what="Reed Marsh")


def test_with_own_only_a_player_undoes_only_their_own_actions(own_only, user, player):
    services.campaign_rename(campaign=own_only, actor=user, name="Owner's name")
    rename = own_only.ledger.first()
    membership = Membership.objects.get(campaign=own_only, user=player)
    # The player's one-tap undo offers nothing of the owner's.
    assert last_undoable_entry(own_only, membership) is None
    with pytest.raises(ValidationError, match="only your own"):
        ledger_undo(campaign=own_only, actor=player, entry_id=rename.pk)
    assert Campaign.objects.get(pk=own_only.pk).name == "Owner's name"
    ledger_undo(campaign=own_only, actor=user, entry_id=rename.pk)
    assert Campaign.objects.get(pk=own_only.pk).name == "The Long Season"


def test_only_the_owner_sets_it_and_it_can_be_undone(owner_client, player_client, campaign):
    url = reverse("edit_policy", args=[campaign.pk])
    assert player_client.post(url, {"edit_policy": "own"}).status_code == 403
    assert owner_client.post(url, {"edit_policy": "sideways"}).status_code == 422
    owner_client.post(url, {"edit_policy": "own"})
    assert Campaign.objects.get(pk=campaign.pk).edit_policy == "own"
    page = player_client.get(reverse("members", args=[campaign.pk])).content.decode()
    assert 'data-edit-policy="own"' in page and "Players change only what is theirs" in page
    entry = campaign.ledger.first()
    assert entry.kind == "campaign.edit_policy"
    ledger_undo(
        campaign=campaign, actor=campaign.memberships.get(role="owner").user, entry_id=entry.pk
    )
    assert Campaign.objects.get(pk=campaign.pk).edit_policy == "everyone"


def test_the_history_page_offers_a_player_only_their_own_undo(
    own_only, user, player, player_client
):
    services.campaign_rename(campaign=own_only, actor=user, name="Owner renamed")
    services.dice_roll(campaign=own_only, actor=player, count=1, sides=6)
    page = player_client.get(reverse("history", args=[own_only.pk])).content.decode()
    newest = own_only.ledger.filter(kind="campaign.rename").first()
    assert reverse("undo", args=[own_only.pk, newest.pk]) not in page


def test_pages_ask_the_membership_whether_to_show_a_records_controls(
    own_only, user, player, django_assert_num_queries
):
    from campaigns.table.access import get_membership_or_404
    from campaigns.table.ownership import member_may_change

    owner, member = (get_membership_or_404(u, own_only.pk) for u in (user, player))
    with django_assert_num_queries(0):
        assert member_may_change(member, belongs_to_id=player.pk)
        assert member_may_change(member, belongs_to_id=None)
        assert not member_may_change(member, belongs_to_id=user.pk)
        assert member_may_change(owner, belongs_to_id=player.pk)
    Membership.objects.filter(pk=member.pk).update(role="viewer")
    viewer = get_membership_or_404(player, own_only.pk)
    assert not member_may_change(viewer, belongs_to_id=player.pk)
    Membership.objects.filter(pk=member.pk).update(role="player")
    services.campaign_set_edit_policy(
        campaign=own_only, actor=user, edit_policy=EditPolicy.EVERYONE
    )
    assert member_may_change(get_membership_or_404(player, own_only.pk), belongs_to_id=user.pk)


@pytest.mark.parametrize("game_key", list(games()))
def test_no_page_offers_a_player_the_one_tap_undo_of_someone_elses_action(db, client, game_key):
    call_command("demo_data")
    campaign = Campaign.objects.get(game=game_key)
    owner = campaign.memberships.get(role="owner").user
    player = campaign.memberships.filter(role="player").first().user
    services.campaign_set_edit_policy(campaign=campaign, actor=owner, edit_policy=EditPolicy.OWN)
    client.force_login(player)
    probes, _forms = discover(client, campaign)
    offered = set()
    for probe in probes:
        page = client.get(probe.path, headers=probe.headers).content.decode()
        offered |= {int(pk) for pk in re.findall(r'data-undo-entry="(\d+)"', page)}
    others = LedgerEntry.objects.filter(pk__in=offered).exclude(actor=player)
    assert list(others.values_list("reason", flat=True)) == []
