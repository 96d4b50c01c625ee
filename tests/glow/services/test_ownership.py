"""Who may change what (issue 14, point 7): with the owner's "players change only what is
theirs", a member changes only their own seat (butterflies, core score, reserve draws and
returns); a guest's seat belongs to nobody; an owner changes every seat; the play itself
(winner pick, finish, the reserve's start) stays everyone's."""

import random

import pytest
from django.urls import reverse

from campaigns.glow import services
from campaigns.table import services as table_services
from campaigns.table.models import EditPolicy
from campaigns.table.rule_errors import RuleViolation
from tests.glow.conftest import SPECIAL_COUNTS
from tests.occulites.conftest import writes_nothing

REFUSED = "Only owner's player or an owner may change it"


@pytest.fixture
def own_only(campaign, user):
    return table_services.campaign_set_edit_policy(
        campaign=campaign, actor=user, edit_policy=EditPolicy.OWN
    )


@pytest.fixture
def trio(make_play, user, player):
    """The owner (Hulios), the player (Elldir) and a guest, Mira (Zay'Drel)."""
    return make_play((user, "hulios"), (player, "elldir"), ("Mira", "zay_drel"))


def _seats(play):
    owner_seat, player_seat, guest_seat = play.seats.order_by("position")
    return owner_seat, player_seat, guest_seat


SEAT_ACTIONS = {
    "butterflies": lambda seat, a: services.seat_butterflies_step(
        seat=seat, actor=a, colour="green", delta=1
    ),
    "core score": lambda seat, a: services.seat_core_score_set(seat=seat, actor=a, core_score=40),
}


@pytest.mark.parametrize("action", SEAT_ACTIONS.values(), ids=SEAT_ACTIONS.keys())
def test_a_member_may_not_change_another_members_seat(action, campaign, own_only, trio, player):
    owner_seat, _, _ = _seats(trio)
    with writes_nothing(campaign), pytest.raises(RuleViolation, match=REFUSED):
        action(owner_seat, player)


@pytest.mark.parametrize("action", SEAT_ACTIONS.values(), ids=SEAT_ACTIONS.keys())
def test_a_member_changes_their_own_seat_and_a_guests(action, own_only, trio, player):
    _, player_seat, guest_seat = _seats(trio)
    action(player_seat, player)
    action(guest_seat, player)


def test_an_owner_changes_every_seat(own_only, trio, user):
    _, player_seat, _ = _seats(trio)
    services.seat_core_score_set(seat=player_seat, actor=user, core_score=12)


def test_everyone_changes_every_seat_by_default(trio, player):
    owner_seat, _, _ = _seats(trio)
    services.seat_core_score_set(seat=owner_seat, actor=player, core_score=12)


def test_the_reserve_draws_and_returns_are_the_seats(campaign, own_only, trio, user, player):
    services.settings_special_counts_set(campaign=campaign, actor=user, counts=SPECIAL_COUNTS)
    services.butterfly_reserve_start(play=trio, actor=player)  # the play: everyone's
    owner_seat, player_seat, _ = _seats(trio)
    with writes_nothing(campaign), pytest.raises(RuleViolation, match=REFUSED):
        services.butterfly_reserve_draw(
            play=trio, actor=player, seat_id=owner_seat.pk, count=1, rng=random.Random(1)
        )
    services.butterfly_reserve_draw(
        play=trio, actor=player, seat_id=player_seat.pk, count=1, rng=random.Random(1)
    )


def test_the_pad_answers_422_and_shows_only_the_members_controls(
    campaign, own_only, trio, player_client
):
    owner_seat, player_seat, guest_seat = _seats(trio)
    core = reverse("glow:seat_core", args=[campaign.pk, trio.pk, owner_seat.pk])
    with writes_nothing(campaign):
        response = player_client.post(core, {"core_score": "40"}, HTTP_HX_REQUEST="true")
    assert response.status_code == 422
    page = player_client.get(reverse("glow:pad", args=[campaign.pk, trio.pk])).content.decode()
    assert core not in page
    for seat in (player_seat, guest_seat):
        assert reverse("glow:seat_core", args=[campaign.pk, trio.pk, seat.pk]) in page
