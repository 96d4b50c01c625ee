"""A campaign page's htmx reads (its live regions' reloads, closed panels, a filter) with the
page's poll ticket (X-Dawn-Ticket; app.js sends it): the member is found from the ticket in
one read, without loading the session or the user, and the fragment is drawn exactly as
through the session. Anything short of a genuine ticket for this campaign, sent by htmx with
the session it was issued to, goes through the session."""

import html
import re

import pytest
from django.core.management import call_command
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from bench.pages import TICKET_HEADER, discover
from campaigns.table import services
from campaigns.table.games import games
from campaigns.table.models import Campaign, Membership
from campaigns.table.poll_ticket import issue
from tests.table.demo_pages import TOKEN
from tests.table.spoilt_tickets import SPOILT_TICKETS

HTMX_REGION = {"HX-Request": "true", "HX-Target": "history-entries"}


def _ticket(client, campaign) -> str:
    """The ticket the page hands its poller (and app.js its live regions)."""
    page = client.get(reverse("campaign", args=[campaign.pk])).content.decode()
    poll_url = html.unescape(re.search(r'id="live-poller".*?hx-get="([^"]+)"', page, re.S)[1])
    return re.search(r"[?&]k=([^&]+)", poll_url)[1]


def _history_region(client, campaign, ticket=None, **extra):
    headers = {**HTMX_REGION, **extra}
    if ticket is not None:
        headers[TICKET_HEADER] = ticket
    return client.get(reverse("history", args=[campaign.pk]), headers=headers)


def _reads(client, path, headers) -> tuple[str, list[str]]:
    with CaptureQueriesContext(connection) as captured:
        response = client.get(path, headers=headers)
    assert response.status_code == 200, path
    return TOKEN.sub(r"\1", response.content.decode()), [q["sql"] for q in captured]


def _loads_session_or_user(queries) -> bool:
    """Whether a query read the session or the user row itself (the ticket's read only asks
    whether the session exists, inside an EXISTS)."""
    return any(re.match(r'SELECT [^()]*? FROM "(django_session|auth_user)"', q) for q in queries)


@pytest.mark.parametrize("game_key", list(games()))
def test_every_fragment_is_drawn_from_the_ticket_as_from_the_session(db, client, game_key):
    """Every htmx fragment of the demo campaign's pages (live regions, closed panels), as its
    owner loads it: the same HTML with and without the ticket, and with it neither the
    session nor the user is read."""
    call_command("demo_data")
    campaign = Campaign.objects.get(game=game_key)
    client.force_login(campaign.memberships.get(role="owner").user)
    fragments = [p for p in discover(client, campaign)[0] if TICKET_HEADER in p.headers]
    assert fragments
    for probe in fragments:
        with_ticket, ticket_reads = _reads(client, probe.path, probe.headers)
        without = {k: v for k, v in probe.headers.items() if k != TICKET_HEADER}
        with_session, session_reads = _reads(client, probe.path, without)
        assert with_ticket == with_session, probe.label
        assert not _loads_session_or_user(ticket_reads), (probe.label, ticket_reads)
        assert _loads_session_or_user(session_reads), probe.label
        assert len(ticket_reads) == len(session_reads) - 2, probe.label


def test_the_ticketed_region_is_private_and_answers_as_the_session_does(owner_client, campaign):
    ticket = _ticket(owner_client, campaign)
    with CaptureQueriesContext(connection) as captured:
        response = _history_region(owner_client, campaign, ticket)
    assert response.status_code == 200
    assert not _loads_session_or_user([q["sql"] for q in captured])
    assert response["Cache-Control"] == "private, no-store"
    assert "script-src 'self'" in response["Content-Security-Policy"]
    assert 'id="history-entries"' in response.content.decode()


def test_a_viewer_s_region_from_the_ticket_offers_no_undo(
    owner_client, user, viewer, viewer_client, campaign
):
    services.campaign_rename(campaign=campaign, actor=user, name="Dark Season")
    ticket = _ticket(viewer_client, campaign)
    viewer_region = _history_region(viewer_client, campaign, ticket).content.decode()
    owner_region = _history_region(owner_client, campaign, _ticket(owner_client, campaign))
    assert "Dark Season" in viewer_region
    assert "/undo/" not in viewer_region
    assert "/undo/" in owner_region.content.decode()


def _session_was_read(client, campaign, ticket, **extra) -> bool:
    with CaptureQueriesContext(connection) as captured:
        _history_region(client, campaign, ticket, **extra)
    return _loads_session_or_user([q["sql"] for q in captured])


@SPOILT_TICKETS
def test_a_bad_ticket_is_not_trusted(owner_client, client, campaign, player, spoil):
    spoiled = spoil(_ticket(owner_client, campaign), player.pk)
    # Without a session, a stranger holding it is sent to log in.
    response = _history_region(client, campaign, spoiled)
    assert response.status_code == 302 and "/login/" in response["Location"]
    # With the owner's session, the session answers (it is read).
    assert _session_was_read(owner_client, campaign, spoiled)
    assert _history_region(owner_client, campaign, spoiled).status_code == 200


def test_a_ticket_is_only_good_for_its_campaign(owner_client, campaign, campaign_factory):
    other = campaign_factory(campaign.game, name="Another Season")
    ticket = _ticket(owner_client, campaign)
    assert _session_was_read(owner_client, other, ticket)  # a member of both: the session
    assert not _session_was_read(owner_client, other, _ticket(owner_client, other))


def test_a_ticket_is_only_good_with_the_session_it_was_issued_to(owner_client, campaign, user):
    ticket = _ticket(owner_client, campaign)
    other_phone = Client()
    other_phone.force_login(user)  # the same member, another session
    assert _session_was_read(other_phone, campaign, ticket)
    without_cookie = Client()
    response = _history_region(without_cookie, campaign, ticket)
    assert response.status_code == 302 and "/login/" in response["Location"]


def test_logging_out_voids_the_ticket(owner_client, campaign):
    ticket = _ticket(owner_client, campaign)
    cookie = owner_client.cookies["sessionid"].value
    owner_client.post(reverse("logout"))
    kept = Client()
    kept.cookies["sessionid"] = cookie  # the old cookie, kept by the phone
    response = _history_region(kept, campaign, ticket)
    assert response.status_code == 302 and "/login/" in response["Location"]


def test_a_changed_password_voids_the_ticket(player, player_client, campaign):
    ticket = _ticket(player_client, campaign)
    player.set_password("a-new-secret-99")
    player.save()
    response = _history_region(player_client, campaign, ticket)
    # The session is read, and it too is void now (Django's session hash).
    assert response.status_code == 302 and "/login/" in response["Location"]


def test_a_removed_member_s_ticket_shows_nothing(player, player_client, campaign):
    ticket = _ticket(player_client, campaign)
    Membership.objects.filter(user=player, campaign=campaign).delete()
    assert _history_region(player_client, campaign, ticket).status_code == 404


def test_an_old_ticket_is_not_trusted(owner_client, user, campaign):
    key = owner_client.session.session_key
    assert not _session_was_read(owner_client, campaign, issue(user, campaign.pk, key))
    assert _session_was_read(owner_client, campaign, issue(user, campaign.pk, key, now=0))


def test_a_whole_page_or_a_write_with_a_ticket_is_the_session_s_to_answer(owner_client, campaign):
    """A genuine ticket counts only on an htmx read: a whole page (no HX-Request) and a POST
    go through the session (and CSRF) as ever."""
    ticket = _ticket(owner_client, campaign)
    with CaptureQueriesContext(connection) as captured:
        page = owner_client.get(
            reverse("history", args=[campaign.pk]), headers={TICKET_HEADER: ticket}
        )
    assert page.status_code == 200
    assert _loads_session_or_user([q["sql"] for q in captured])
    with CaptureQueriesContext(connection) as captured:
        written = owner_client.post(
            reverse("campaign_rename", args=[campaign.pk]),
            {"name": "Renamed", "expected_name": campaign.name},
            headers={**HTMX_REGION, TICKET_HEADER: ticket},
        )
    assert written.status_code == 200
    campaign.refresh_from_db()
    assert campaign.name == "Renamed"
    assert _loads_session_or_user([q["sql"] for q in captured])


def test_a_write_with_a_ticket_and_no_session_is_refused(owner_client, client, campaign):
    ticket = _ticket(owner_client, campaign)
    written = client.post(
        reverse("campaign_rename", args=[campaign.pk]),
        {"name": "Taken", "expected_name": campaign.name},
        headers={**HTMX_REGION, TICKET_HEADER: ticket},
    )
    assert written.status_code == 302 and "/login/" in written["Location"]
    campaign.refresh_from_db()
    assert campaign.name != "Taken"
