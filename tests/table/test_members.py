"""Campaigns, members, roles and invite links."""

import pytest

from campaigns.table import services
from campaigns.table.errors import ValidationError
from campaigns.table.models import Membership, Role
from tests.factories import UserFactory


def test_the_creator_is_the_owner(campaign, user):
    assert Membership.objects.get(campaign=campaign, user=user).role == Role.OWNER


def test_unknown_game_is_refused(user):
    with pytest.raises(ValidationError):
        services.campaign_create(owner=user, game="chess", name="Nope")


def test_joining_by_invite_makes_a_player_once(campaign):
    friend = UserFactory()
    first = services.membership_join(token=campaign.invite_token, user=friend)
    again = services.membership_join(token=campaign.invite_token, user=friend)
    assert first.pk == again.pk
    assert first.role == Role.PLAYER


def test_a_revoked_or_renewed_link_stops_working(campaign, user):
    old = campaign.invite_token
    services.invite_renew(campaign=campaign, actor=user)
    with pytest.raises(ValidationError):
        services.membership_join(token=old, user=UserFactory())
    services.invite_revoke(campaign=campaign, actor=user)
    with pytest.raises(ValidationError):
        services.membership_join(token="", user=UserFactory())


def test_invite_tokens_are_unguessable(campaign):
    assert len(campaign.invite_token) >= 32


def test_the_last_owner_cannot_be_demoted_or_removed(campaign, user):
    owner = Membership.objects.get(campaign=campaign, user=user)
    with pytest.raises(ValidationError):
        services.membership_change_role(
            campaign=campaign, actor=user, membership_id=owner.pk, role=Role.PLAYER
        )
    with pytest.raises(ValidationError):
        services.membership_remove(campaign=campaign, actor=user, membership_id=owner.pk)


def test_owner_changes_roles_and_removes_members(campaign, user, player):
    membership = Membership.objects.get(campaign=campaign, user=player)
    services.membership_change_role(
        campaign=campaign, actor=user, membership_id=membership.pk, role=Role.VIEWER
    )
    assert Membership.objects.get(pk=membership.pk).role == Role.VIEWER
    services.membership_remove(campaign=campaign, actor=user, membership_id=membership.pk)
    assert not Membership.objects.filter(pk=membership.pk).exists()
