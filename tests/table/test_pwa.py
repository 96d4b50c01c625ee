"""The installable app and the per-device settings: manifest, service worker, offline page,
text size, and the live-refresh poll that says who changed what."""

import html
import json
import re
import struct

import pytest
from django.contrib.staticfiles import finders
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from pytest_django.asserts import assertContains, assertNotContains

from campaigns.table import services
from campaigns.table.pwa import PRECACHED_STATIC, TEXT_SIZE_COOKIE
from tests.factories import HTMX
from tests.table.spoilt_tickets import SPOILT_TICKETS


def _png_size(static_url: str) -> tuple[int, int]:
    path = finders.find(static_url.removeprefix("/static/"))
    assert path, static_url
    with open(path, "rb") as png:
        head = png.read(24)
    assert head[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", head[16:24])


def test_the_manifest_names_the_app_with_dark_colours_standalone_from_home(client, db):
    response = client.get(reverse("manifest"))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/manifest+json"
    manifest = json.loads(response.content)
    assert manifest["name"] == "Dawn Companion"
    assert manifest["short_name"]
    assert manifest["start_url"] == "/"
    assert manifest["display"] == "standalone"
    assert manifest["theme_color"] == manifest["background_color"] == "#14161c"


def test_the_manifest_icons_exist_in_the_sizes_phones_ask_for(client, db):
    icons = json.loads(client.get(reverse("manifest")).content)["icons"]
    pngs = {(icon["sizes"], icon.get("purpose", "any")): icon for icon in icons}
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= set(pngs)
    for (sizes, _purpose), icon in pngs.items():
        if icon["type"] == "image/png":
            width, height = _png_size(icon["src"])
            assert f"{width}x{height}" == sizes


def test_every_page_links_the_manifest_icon_and_theme_colour(client, db):
    response = client.get(reverse("login"))
    assertContains(response, f'rel="manifest" href="{reverse("manifest")}"')
    assertContains(response, '<meta name="theme-color" content="#14161c">')
    assertContains(response, 'rel="apple-touch-icon"')


def test_the_service_worker_is_served_from_the_root_never_cached_with_its_file_list(client, db):
    response = client.get(reverse("service_worker"))
    assert response.status_code == 200
    assert reverse("service_worker") == "/sw.js"
    assert response["Content-Type"].startswith("text/javascript")
    assert response["Service-Worker-Allowed"] == "/"
    assert response["Cache-Control"] == "no-cache"
    script = response.content.decode()
    config = json.loads(script.split("\n", 1)[0].removeprefix("const DAWN_SW = ").rstrip(";"))
    assert config["offline"] == reverse("offline")
    assert reverse("offline") in config["precache"]
    assert all(any(url.endswith(name) for url in config["precache"]) for name in PRECACHED_STATIC)
    assert len(config["version"]) == 12


def test_the_service_worker_leaves_pages_to_the_network(client, db):
    """Pages are network-only (the offline page when that fails); nothing but static files is
    ever put in the cache."""
    script = client.get(reverse("service_worker")).content.decode()
    navigate = script.index('request.mode === "navigate"')
    assert "fetch(request).catch(offlinePage)" in script[navigate : navigate + 200]
    assert script.count("cache.put(") == 1
    assert script.index("cache.put(") > script.index("DAWN_SW.static")


def test_the_offline_page_says_the_table_is_unreachable_and_retries(client, db):
    response = client.get(reverse("offline"))
    assert response.status_code == 200
    assertContains(response, "The table is unreachable")
    assertContains(response, "Retrying")


def test_the_offline_page_holds_nothing_about_a_user(owner_client, campaign):
    response = owner_client.get(reverse("offline"))
    assertNotContains(response, "owner")
    assertNotContains(response, campaign.name)
    assertNotContains(response, "csrfmiddlewaretoken")


def test_text_size_is_set_per_device_by_a_plain_form_and_goes_back(client, db):
    response = client.post(reverse("text_size"), {"size": "xlarge", "next": "/rules/?q=leap"})
    assert response.status_code == 302
    assert response["Location"] == "/rules/?q=leap"
    assert response.cookies[TEXT_SIZE_COOKIE].value == "xlarge"
    page = client.get(reverse("login"))
    assertContains(page, 'data-text-size="xlarge"')
    assertContains(page, 'data-text-size-option="xlarge" aria-pressed="true"')
    assertContains(page, 'data-text-size-option="normal" aria-pressed="false"')


@pytest.mark.parametrize("next_url", ["https://evil.example/", "//evil.example/", "rules"])
def test_text_size_never_sends_the_phone_off_site(client, db, next_url):
    response = client.post(reverse("text_size"), {"size": "large", "next": next_url})
    assert response["Location"] == "/"


def test_an_unknown_text_size_changes_nothing(client, db):
    response = client.post(reverse("text_size"), {"size": "huge"})
    assert TEXT_SIZE_COOKIE not in response.cookies
    client.cookies[TEXT_SIZE_COOKIE] = "<script>"
    assertContains(client.get(reverse("login")), 'data-text-size="normal"')


def test_text_size_is_only_changed_by_a_post(client, db):
    assert client.get(reverse("text_size"), {"size": "large"}).status_code == 405


def test_the_wake_lock_toggle_is_hidden_until_the_script_finds_the_api(client, db):
    response = client.get(reverse("login"))
    assertContains(response, "<li data-wake-lock-item hidden>")


# Live refresh: the version check


def _poll_url(client, campaign) -> str:
    """The poll URL as the page hands it to its poller (version, time drawn and ticket)."""
    page = client.get(reverse("campaign", args=[campaign.pk])).content.decode()
    return html.unescape(re.search(r'id="live-poller".*?hx-get="([^"]+)"', page, re.S)[1])


def test_the_unchanged_version_check_is_one_indexed_read_with_no_session_write(
    owner_client, campaign, django_assert_num_queries
):
    url = _poll_url(owner_client, campaign)
    assert "k=" in url
    owner_client.get(url)  # warm the connection
    # Not the session, not the user: one read of the membership joined to its campaign and
    # user, by the unique (campaign, user) index.
    with django_assert_num_queries(1), CaptureQueriesContext(connection) as queries:
        response = owner_client.get(url)
    assert response.status_code == 204
    assert response["Cache-Control"] == "private, no-store"
    assert "sessionid" not in response.cookies
    (read,) = [q["sql"] for q in queries]
    assert "table_membership" in read and "table_campaign" in read and "auth_user" in read


def test_the_ticketed_check_is_answered_before_the_rest_of_the_middleware(
    owner_client, campaign, user, monkeypatch
):
    """Sessions, CSRF, static files and the user cost more than the one read; none of them
    runs for a ticketed check, changed or not, and a HEAD still reaches them."""
    from django.contrib.sessions.middleware import SessionMiddleware

    url = _poll_url(owner_client, campaign)
    sessions_opened = []
    real = SessionMiddleware.process_request
    monkeypatch.setattr(
        SessionMiddleware,
        "process_request",
        lambda self, request: (sessions_opened.append(request.path), real(self, request))[1],
    )
    assert owner_client.get(url).status_code == 204
    assert sessions_opened == []
    assert owner_client.head(url).status_code == 204
    assert len(sessions_opened) == 1
    services.campaign_rename(campaign=campaign, actor=user, name="Dark Season")
    assert owner_client.get(url).status_code == 200
    assert len(sessions_opened) == 1
    assert owner_client.get(re.sub(r"&k=[^&]+", "", url)).status_code == 200
    assert len(sessions_opened) == 2


def test_without_its_ticket_the_check_still_answers_after_the_session(
    owner_client, campaign, django_assert_num_queries
):
    url = reverse("campaign_version", args=[campaign.pk])
    owner_client.get(url, {"v": campaign.version})  # warm the connection
    # The session and its user, then the membership joined to its campaign.
    with django_assert_num_queries(3):
        response = owner_client.get(url, {"v": campaign.version})
    assert response.status_code == 204
    assert response["Cache-Control"] == "private, no-store"


@SPOILT_TICKETS
def test_a_bad_ticket_is_not_trusted(owner_client, client, campaign, player, spoil):
    """Only the session decides then: a stranger without one is sent to log in."""
    url = _poll_url(owner_client, campaign)
    ticket = re.search(r"k=([^&]+)", url)[1]
    spoiled = url.replace(f"k={ticket}", f"k={spoil(ticket, player.pk)}")
    response = client.get(spoiled)
    assert response.status_code == 302 and "/login/" in response["Location"]
    assert owner_client.get(spoiled).status_code == 204  # the session still vouches


def test_a_ticket_lapses_when_the_member_leaves_changes_password_or_it_ages(
    owner_client, client, campaign, player, settings
):
    from campaigns.table.models import Membership
    from campaigns.table.poll_ticket import issue, shows_current_version

    player_client = Client()
    player_client.force_login(player)
    key = player_client.session.session_key
    version = str(campaign.version)
    ticket = issue(player, campaign.pk, key)
    assert shows_current_version(ticket, campaign.pk, version, key)
    assert not shows_current_version(ticket, campaign.pk, str(campaign.version + 1), key)
    assert not shows_current_version(ticket, campaign.pk + 1, version, key)
    assert not shows_current_version(ticket, campaign.pk, version, owner_client.session.session_key)
    assert not shows_current_version(ticket, campaign.pk, version, None)

    old = issue(player, campaign.pk, key, now=0)
    assert not shows_current_version(old, campaign.pk, version, key)

    player.set_password("a-new-secret-99")
    player.save()
    assert not shows_current_version(ticket, campaign.pk, version, key)

    ticket = issue(player, campaign.pk, key)
    Membership.objects.filter(user=player).delete()
    assert not shows_current_version(ticket, campaign.pk, version, key)


def test_logging_out_voids_the_ticket(owner_client, campaign):
    url = _poll_url(owner_client, campaign)
    cookie = owner_client.cookies["sessionid"].value
    owner_client.post(reverse("logout"))
    stranger = Client()
    stranger.cookies["sessionid"] = cookie  # the old cookie, kept by the phone
    response = stranger.get(url)
    assert response.status_code == 302 and "/login/" in response["Location"]


def test_a_ticket_is_only_good_with_the_session_it_was_issued_to(owner_client, campaign, user):
    url = _poll_url(owner_client, campaign)
    other_session = Client()
    other_session.force_login(user)  # the same member on another phone
    assert other_session.get(url).status_code == 204  # that session's own check vouches
    with CaptureQueriesContext(connection) as queries:
        other_session.get(url)
    assert len(queries) > 1  # not answered from the ticket: the session was read


def _masked(answer) -> str:
    """The poller's markup without what differs between two draws: its time and ticket."""
    return re.sub(r"t=[0-9.]+&amp;k=[0-9a-f.]+", "t=T&amp;k=K", answer.content.decode())


def test_a_changed_version_is_answered_from_the_ticket_as_the_session_answers_it(
    owner_client, campaign, player, django_assert_num_queries
):
    """The ticket proves the session, so who changed what is told from it: the ticket's read
    and the newest entry, nothing else; the same answer as after the session's check."""
    url = _poll_url(owner_client, campaign)
    services.campaign_rename(campaign=campaign, actor=player, name="Dark Season")
    with django_assert_num_queries(2):
        from_ticket = owner_client.get(url)
    from_session = owner_client.get(re.sub(r"&k=[^&]+", "", url))
    for answer in (from_ticket, from_session):
        assert answer.status_code == 200
        assert "campaign-changed" in json.loads(answer["HX-Trigger"])
        assert answer["Cache-Control"] == "private, no-store"
        assert "script-src 'self'" in answer["Content-Security-Policy"]
        assert answer["X-Content-Type-Options"] == "nosniff"
        assertContains(answer, 'data-changed-by="player"')
        assertContains(answer, f'data-version="{campaign.version + 1}"')
    assert _masked(from_ticket) == _masked(from_session)


def test_the_changed_answer_hands_in_the_next_ticket(owner_client, campaign, player):
    url = _poll_url(owner_client, campaign)
    services.campaign_rename(campaign=campaign, actor=player, name="Dark Season")
    answer = owner_client.get(url).content.decode()
    next_url = html.unescape(re.search(r'hx-get="([^"]+)"', answer)[1])
    assert f"v={campaign.version + 1}" in next_url
    with CaptureQueriesContext(connection) as queries:
        assert owner_client.get(next_url).status_code == 204
    assert len(queries) == 1


def test_a_changed_version_is_told_from_the_ticket_only_with_its_session(
    owner_client, campaign, player, user
):
    url = _poll_url(owner_client, campaign)
    services.campaign_rename(campaign=campaign, actor=player, name="Dark Season")
    response = Client().get(url)  # the URL alone, without the session's cookie
    assert response.status_code == 302 and "/login/" in response["Location"]
    cookie = owner_client.cookies["sessionid"].value
    owner_client.post(reverse("logout"))
    kept = Client()
    kept.cookies["sessionid"] = cookie  # the old cookie, kept by the phone
    response = kept.get(url)
    assert response.status_code == 302 and "/login/" in response["Location"]


def test_a_changed_version_names_who_made_the_newest_change_since_the_page(
    owner_client, campaign, player
):
    url = reverse("campaign_version", args=[campaign.pk])
    seen_at = f"{campaign.last_activity_at.timestamp():.6f}"
    services.campaign_rename(campaign=campaign, actor=player, name="Dark Season")
    response = owner_client.get(url, {"v": campaign.version - 1, "t": seen_at})
    assert response.status_code == 200
    assert "campaign-changed" in json.loads(response["HX-Trigger"])
    assertContains(response, 'data-changed-by="player"')
    assertContains(response, 'data-change-reason="Renamed “The Long Season” to “Dark Season”"')
    assertNotContains(response, "data-changed-by-me")


def test_a_changed_version_reads_the_newest_entry_without_its_deltas(
    owner_client, campaign, player
):
    """Every phone asks this after every change: one row, not the entry's snapshot."""
    url = _poll_url(owner_client, campaign)
    services.campaign_rename(campaign=campaign, actor=player, name="Dark Season")
    owner_client.get(url)  # warm the connection
    with CaptureQueriesContext(connection) as queries:
        response = owner_client.get(url)
    assertContains(response, 'data-changed-by="player"')
    (newest,) = [q["sql"] for q in queries if "table_ledgerentry" in q["sql"]]
    assert "deltas" not in newest
    assert len(queries) == 2  # the ticket's read and the newest entry


def test_a_change_the_page_already_shows_is_not_announced_again(owner_client, campaign, player):
    services.campaign_rename(campaign=campaign, actor=player, name="Dark Season")
    campaign.refresh_from_db()
    url = reverse("campaign_version", args=[campaign.pk])
    later = f"{campaign.last_activity_at.timestamp() + 1:.6f}"
    response = owner_client.get(url, {"v": 0, "t": later})
    assert response.status_code == 200
    assertNotContains(response, "data-changed-by")
    assertNotContains(owner_client.get(url, {"v": 0}), "data-changed-by")


def test_this_phones_own_change_is_marked_as_its_own(owner_client, campaign, user):
    seen_at = f"{campaign.last_activity_at.timestamp():.6f}"
    services.campaign_rename(campaign=campaign, actor=user, name="Mine")
    url = reverse("campaign_version", args=[campaign.pk])
    response = owner_client.get(url, {"v": 0, "t": seen_at})
    assertContains(response, 'data-changed-by="owner"')
    assertContains(response, "data-changed-by-me")


def test_the_poller_asks_the_pace_of_app_js_each_tick(owner_client, campaign):
    page = owner_client.get(reverse("campaign", args=[campaign.pk]))
    # The pace is app.js's (dawnPollDue, asked in htmx:beforeRequest); the poller just ticks.
    assertContains(page, 'id="live-poller"')
    assertContains(page, "&amp;t=")


def _live_versions(html: str) -> dict[str, int]:
    """Each live region's id and the version it says it shows."""
    return {
        region_id: int(version)
        for region_id, version in re.findall(
            r'<[a-z]+ id="([^"]+)"[^>]*?data-live-region data-live-version="(\d+)"', html, re.S
        )
    }


def test_each_live_region_says_the_version_it_shows(owner_client, campaign):
    page = owner_client.get(reverse("campaign", args=[campaign.pk])).content.decode()
    campaign.refresh_from_db()
    assert _live_versions(page) == {
        "campaign-header": campaign.version,
        "draw-log": campaign.version,
    }


def test_the_changed_answer_names_the_new_version_for_the_regions(owner_client, campaign, player):
    url = _poll_url(owner_client, campaign)
    services.campaign_rename(campaign=campaign, actor=player, name="Dark Season")
    trigger = json.loads(owner_client.get(url)["HX-Trigger"])
    assert trigger["campaign-changed"] == {"version": campaign.version + 1}


def test_a_writes_answer_shows_the_version_it_committed(owner_client, campaign):
    """So this phone skips reloading that region for its own change (app.js)."""
    campaign.refresh_from_db()
    before = campaign.version
    roll = owner_client.post(
        reverse("dice_roll", args=[campaign.pk]), {"count": 2, "sides": 6}, headers=HTMX
    )
    assert _live_versions(roll.content.decode()) == {"draw-log": before + 1}
    # Through the actions' pipeline (form_action): founding a tribe on the sheet.
    founded = owner_client.post(
        reverse("occulites:tribe_create", args=[campaign.pk]),
        {"name": "Reed Marsh", "tribe_type": "palaudis", "occulite_names": "A, B, C, D, E"},
        headers=HTMX,
    )
    campaign.refresh_from_db()
    assert founded.status_code == 200 and campaign.version > before + 1
    assert set(_live_versions(founded.content.decode()).values()) == {campaign.version}
