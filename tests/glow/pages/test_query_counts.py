"""Every Glow page reads in a fixed number of queries, however many plays the group has."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from campaigns.glow import services
from tests.glow.conftest import SPECIAL_COUNTS


def _finished_play(make_play, user, guest):
    play = make_play((user, "hulios"), (guest, "elldir"), ("Ines", "zay_drel"))
    for seat, score in zip(play.seats.all(), (50, 60, 55), strict=True):
        services.seat_core_score_set(seat=seat, actor=user, core_score=score)
        services.seat_butterflies_step(seat=seat, actor=user, colour="green", delta=1)
    services.play_finish(play=play, actor=user)
    return play


def _count(client, url) -> int:
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200
    return len(queries)


# Measured: the first number is what each page takes; the test also proves it does not grow.
PAGES = {
    "plays": 7,  # the new-pad form's panel is closed once the group has played: 9 open
    "history": 7,
    "plays_csv": 5,
    "solo": 9,  # the members were read twice
    "settings": 6,
    "setup": 4,
}


@pytest.mark.parametrize(("name", "expected"), PAGES.items())
def test_campaign_pages_do_not_grow_with_the_number_of_plays(
    name, expected, campaign, make_play, user, owner_client, django_assert_num_queries
):
    url = reverse(f"glow:{name}", args=[campaign.pk])
    _finished_play(make_play, user, "Mira")
    owner_client.get(url)  # warm the session
    first = _count(owner_client, url)
    for guest in ("Tobias", "Ana", "Kai", "Lou"):
        _finished_play(make_play, user, guest)
    with django_assert_num_queries(first):
        owner_client.get(url)
    assert first == expected


def test_the_plays_live_region_reads_no_form_choices(
    campaign, make_play, user, owner_client, django_assert_num_queries
):
    url = reverse("glow:plays", args=[campaign.pk])
    _finished_play(make_play, user, "Mira")
    owner_client.get(url, headers={"HX-Request": "true"})
    # session, user, membership, plays, seats, undo: no members or settings for the form.
    with django_assert_num_queries(6):
        response = owner_client.get(url, headers={"HX-Request": "true"})
    assert b'id="glow-plays"' in response.content


# A viewer's page reads neither the form's members nor the group's settings.
VIEWER_PAGES = {"plays": 7, "solo": PAGES["solo"] - 2}


@pytest.mark.parametrize("name", ["plays", "solo"])
def test_a_viewer_gets_no_new_game_form_nor_its_reads(
    name, campaign, viewer_client, django_assert_num_queries
):
    url = reverse(f"glow:{name}", args=[campaign.pk])
    viewer_client.get(url)
    with django_assert_num_queries(VIEWER_PAGES[name]):
        html = viewer_client.get(url).content.decode()
    assert "New score pad" not in html and "New solo game" not in html


def test_the_opened_new_pad_panel_reads_the_members_and_settings_it_offers(
    campaign, make_play, user, owner_client, django_assert_num_queries
):
    url = reverse("glow:plays", args=[campaign.pk]) + "?open=new_play"
    _finished_play(make_play, user, "Mira")
    owner_client.get(url)
    with django_assert_num_queries(PAGES["plays"] + 2):
        assert 'name="seat1_member"' in owner_client.get(url).content.decode()


PAD_QUERIES = 8  # a finished play: the play is read once (it was twice), the settings too
OPEN_PAD_QUERIES = 7  # an open group game needs no settings (it read them: 8)
SOLO_PAD_QUERIES = 8
RESERVE_PAD_QUERIES = 8  # was 9, the settings


def test_the_pad_does_not_grow_with_history_or_seats(
    campaign, make_play, user, owner_client, django_assert_num_queries
):
    play = _finished_play(make_play, user, "Mira")
    url = reverse("glow:pad", args=[campaign.pk, play.pk])
    owner_client.get(url)
    assert _count(owner_client, url) == PAD_QUERIES
    for guest in ("Tobias", "Ana", "Kai"):
        _finished_play(make_play, user, guest)
    six = make_play(
        *[(f"Guest {n}", "hulios") for n in range(6)], sets=("elemental", "anibloom", "draconic")
    )
    for seat in six.seats.all():
        services.seat_butterflies_step(seat=seat, actor=user, colour="red", delta=1)
    with django_assert_num_queries(PAD_QUERIES):
        owner_client.get(url)
    with django_assert_num_queries(OPEN_PAD_QUERIES):
        owner_client.get(reverse("glow:pad", args=[campaign.pk, six.pk]))


def test_the_solo_and_reserve_pads_read_in_fixed_queries(
    campaign, solo_play, duel, user, owner_client, django_assert_num_queries
):
    url = reverse("glow:pad", args=[campaign.pk, solo_play.pk])
    owner_client.get(url)
    assert _count(owner_client, url) == SOLO_PAD_QUERIES
    services.settings_special_counts_set(campaign=campaign, actor=user, counts=SPECIAL_COUNTS)
    services.butterfly_reserve_start(play=duel, actor=user)
    reserve_url = reverse("glow:pad", args=[campaign.pk, duel.pk])
    owner_client.get(reserve_url)
    first = _count(owner_client, reserve_url)
    import random

    for _ in range(4):
        services.butterfly_reserve_draw(
            play=duel, actor=user, seat_id=duel.seats.first().pk, count=2, rng=random.Random(1)
        )
    with django_assert_num_queries(first):
        owner_client.get(reserve_url)
    assert first == RESERVE_PAD_QUERIES


def test_the_stand_alone_setup_helper_needs_no_query(db, client, django_assert_num_queries):
    url = reverse("glow:setup_helper") + "?players=6&sets=elemental&sets=anibloom&sets=draconic"
    with django_assert_num_queries(0):
        assert client.get(url).status_code == 200
