"""The score pad's pages through the test client: no-JS redirects, htmx partials, 422s
beside the field with nothing written, 409s on conflicts, and one-tap undo."""

import re

import pytest
from django.urls import reverse
from pytest_django.asserts import assertContains

from campaigns.glow import services
from campaigns.glow.models import Play, Seat
from campaigns.table.models import LedgerEntry
from tests.factories import HTMX


def _pad(play):
    return reverse("glow:pad", args=[play.campaign_id, play.pk])


def _step(play, seat):
    return reverse("glow:seat_step", args=[play.campaign_id, play.pk, seat.pk])


def _core(play, seat):
    return reverse("glow:seat_core", args=[play.campaign_id, play.pk, seat.pk])


def _new_play_data(**overrides):
    data = {
        "played_on": "2026-05-02",
        "journey_board": "province_of_shadows",
        "seat1_member": "",
        "seat1_guest": "Mira",
        "seat1_adventurer": "hulios",
        "seat2_guest": "Tobias",
        "seat2_adventurer": "elldir",
    }
    data.update(overrides)
    return data


def test_the_plays_page_offers_a_labelled_new_pad_form(campaign, owner_client):
    page = owner_client.get(reverse("glow:plays", args=[campaign.pk]))
    html = page.content.decode()
    assert page.status_code == 200
    for field_id in re.findall(r'<(?:input|select|textarea)[^>]*\bid="([^"]+)"', html):
        assert f'for="{field_id}"' in html, f"{field_id} has no label"
    assert 'data-tab="plays" aria-current="page"' in html


def test_a_new_pad_redirects_to_it_without_javascript(campaign, owner_client):
    response = owner_client.post(reverse("glow:play_create", args=[campaign.pk]), _new_play_data())
    play = Play.objects.get()
    assert response.status_code == 302 and response["Location"] == _pad(play)
    assert [s.player_name for s in play.seats.all()] == ["Mira", "Tobias"]


@pytest.mark.parametrize(
    ("overrides", "message"),
    [
        ({"seat1_guest": "", "seat2_guest": ""}, "1 to 6 players"),
        ({"seat2_guest": "mira"}, "seated twice"),
        ({"sets": ["elemental"], "seat2_guest": "", "seat2_adventurer": ""}, "Anibloom set only"),
        ({"seat1_adventurer": ""}, "Choose this seat&#x27;s adventurer"),
        ({"played_on": "yesterday"}, "Enter a valid date"),
    ],
)
def test_a_refused_pad_is_422_with_the_message_and_nothing_written(
    campaign, owner_client, overrides, message
):
    entries = LedgerEntry.objects.count()
    response = owner_client.post(
        reverse("glow:play_create", args=[campaign.pk]), _new_play_data(**overrides)
    )
    assert response.status_code == 422
    assertContains(response, message, status_code=422)
    assert not Play.objects.exists() and LedgerEntry.objects.count() == entries


def test_a_stepper_tap_redirects_without_javascript_and_returns_the_pad_for_htmx(
    duel, owner_client
):
    seat = duel.seats.first()
    response = owner_client.post(_step(duel, seat), {"step": "green:+1"})
    assert response.status_code == 302 and response["Location"] == _pad(duel)
    response = owner_client.post(_step(duel, seat), {"step": "green:+1"}, headers=HTMX)
    html = response.content.decode()
    assert response.status_code == 200 and "<html" not in html
    assert 'id="glow-pad"' in html
    assert f'data-seat="{seat.pk}" data-total="3"' in html  # 2 green: 3 shards
    seat.refresh_from_db()
    assert seat.green == 2


def test_a_seventh_butterfly_is_422_with_the_rule_beside_the_seat(duel, owner_client):
    seat = duel.seats.first()
    Seat.objects.filter(pk=seat.pk).update(purple=6)
    entries = LedgerEntry.objects.count()
    response = owner_client.post(_step(duel, seat), {"step": "purple:+1"}, headers=HTMX)
    assert response.status_code == 422
    assertContains(response, "at most 6 purple butterflies", status_code=422)
    assert "data-step-error" in response.content.decode()
    seat.refresh_from_db()
    assert seat.purple == 6 and LedgerEntry.objects.count() == entries


def test_a_bad_stepper_value_is_422(duel, owner_client):
    response = owner_client.post(_step(duel, duel.seats.first()), {"step": "gold:+3"})
    assert response.status_code == 422


@pytest.mark.parametrize("bad", ["-1", "1000", "lots"])
def test_a_bad_core_score_is_422_beside_the_field(duel, owner_client, bad):
    seat = duel.seats.first()
    response = owner_client.post(
        _core(duel, seat), {"core_score": bad, "expected": ""}, headers=HTMX
    )
    assert response.status_code == 422
    html = response.content.decode()
    assert "data-core-error" in html
    assert f'id="id_seat{seat.pk}_core_score"' in html
    assert f'value="{bad}"' in html
    seat.refresh_from_db()
    assert seat.core_score is None


def test_a_core_score_over_a_newer_one_is_409_with_the_fresh_pad(duel, owner_client, player_client):
    seat = duel.seats.first()
    assert (
        owner_client.post(_core(duel, seat), {"core_score": "70", "expected": ""}).status_code
        == 302
    )
    response = player_client.post(
        _core(duel, seat), {"core_score": "72", "expected": ""}, headers=HTMX
    )
    assert response.status_code == 409
    html = response.content.decode()
    assert "data-conflict" in html and "meanwhile" in html
    assert 'value="70"' in html
    seat.refresh_from_db()
    assert seat.core_score == 70


def test_a_finished_play_is_409_until_reopened(duel, owner_client):
    for seat, score in zip(duel.seats.all(), (60, 55), strict=True):
        owner_client.post(_core(duel, seat), {"core_score": str(score), "expected": ""})
    finish = reverse("glow:finish", args=[duel.campaign_id, duel.pk])
    assert owner_client.post(finish).status_code == 302
    page = owner_client.get(_pad(duel)).content.decode()
    assert "data-finished" in page and "data-bgstats" in page and 'name="step"' not in page
    seat = duel.seats.first()
    response = owner_client.post(_step(duel, seat), {"step": "red:+1"}, headers=HTMX)
    assert response.status_code == 409
    assertContains(response, "reopen it to change it", status_code=409)
    reopen = reverse("glow:reopen", args=[duel.campaign_id, duel.pk])
    assert owner_client.post(reopen, headers=HTMX).status_code == 200
    assert owner_client.post(_step(duel, seat), {"step": "red:+1"}).status_code == 302


def test_finishing_without_every_core_score_is_422(duel, owner_client):
    response = owner_client.post(reverse("glow:finish", args=[duel.campaign_id, duel.pk]))
    assert response.status_code == 422
    assertContains(response, "final count first", status_code=422)


def test_a_tie_is_shown_and_the_group_can_pick(duel, owner_client):
    first, second = duel.seats.all()
    for seat in (first, second):
        owner_client.post(_core(duel, seat), {"core_score": "40", "expected": ""})
    html = owner_client.get(_pad(duel)).content.decode()
    assert html.count("data-tied") == 2 and "/rules/glow/ties-on-the-score-pad/" in html
    winner = reverse("glow:winner", args=[duel.campaign_id, duel.pk])
    response = owner_client.post(winner, {"seat": str(second.pk)}, headers=HTMX)
    assert response.status_code == 200
    assert "picked by the group" in response.content.decode()


def test_one_tap_undo_on_the_pad_takes_back_the_last_tap(duel, owner_client):
    seat = duel.seats.first()
    owner_client.post(_step(duel, seat), {"step": "orange:+1"})
    html = owner_client.get(_pad(duel)).content.decode()
    entry = LedgerEntry.objects.first()
    assert f'data-undo-entry="{entry.pk}"' in html
    response = owner_client.post(
        reverse("undo_last", args=[duel.campaign_id]),
        {"entry_id": entry.pk, "next": _pad(duel)},
    )
    assert response["Location"] == _pad(duel)
    seat.refresh_from_db()
    assert seat.orange == 0


def test_a_viewer_sees_the_pad_without_its_controls(duel, viewer_client):
    html = viewer_client.get(_pad(duel)).content.decode()
    assert 'name="step"' not in html and 'name="core_score"' not in html
    assert (
        viewer_client.post(_step(duel, duel.seats.first()), {"step": "red:+1"}).status_code == 403
    )


def test_a_play_of_another_group_is_404(duel, campaign_factory, owner_client):
    other = campaign_factory("glow", name="Other group")
    assert owner_client.get(reverse("glow:pad", args=[other.pk, duel.pk])).status_code == 404


def test_a_seat_of_another_play_is_404(duel, make_play, user, owner_client):
    other = make_play(("Ines", "zay_drel"))
    response = owner_client.post(_step(duel, other.seats.first()), {"step": "red:+1"})
    assert response.status_code == 404


def test_the_live_region_reloads_the_pad_partial(duel, owner_client):
    response = owner_client.get(_pad(duel), headers=HTMX)
    html = response.content.decode()
    assert "<html" not in html and f'hx-get="{_pad(duel)}"' in html


def test_the_reserve_draws_for_a_seat_from_the_pad(campaign, user, duel, owner_client):
    from tests.glow.conftest import SPECIAL_COUNTS

    start = reverse("glow:reserve_start", args=[campaign.pk, duel.pk])
    response = owner_client.post(start, headers=HTMX)
    assertContains(response, "special tokens are of each kind", status_code=422)
    services.settings_special_counts_set(campaign=campaign, actor=user, counts=SPECIAL_COUNTS)
    assert owner_client.post(start).status_code == 302
    seat = duel.seats.first()
    draw = reverse("glow:reserve_draw", args=[campaign.pk, duel.pk])
    response = owner_client.post(draw, {"seat": seat.pk, "count": "20"}, headers=HTMX)
    assertContains(response, "1 to 10", status_code=422)
    response = owner_client.post(draw, {"seat": seat.pk, "count": "4"}, headers=HTMX)
    assert response.status_code == 200
    html = response.content.decode()
    assert 'data-face-down="56"' in html and "data-reserve-draws" in html
    draws = owner_client.get(reverse("draw_log", args=[campaign.pk])).content.decode()
    assert "owner draws 4 butterfly tokens" in draws


def test_a_guests_name_is_escaped_in_the_plays_list_and_on_the_pad(make_play, owner_client):
    play = make_play(('<b>Ana & "Kai"</b>', "hulios"))
    escaped = "&lt;b&gt;Ana &amp; &quot;Kai&quot;&lt;/b&gt;"
    plays = owner_client.get(reverse("glow:plays", args=[play.campaign_id])).content.decode()
    pad = owner_client.get(_pad(play)).content.decode()
    for html in (plays, pad):
        assert escaped in html and "<b>Ana" not in html
    assert f"One more green butterfly for {escaped}" in pad
