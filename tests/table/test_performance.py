"""Cost that does not grow with history, compressed HTML, cached templates, and the measuring
tools' page reading (the figures themselves come from `make bench` and `make load`)."""

import gzip

import pytest
from django.conf import settings
from django.db import connection
from django.template import engines
from django.template.loaders.cached import Loader as CachedLoader
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from bench.load import _poll_path
from bench.pages import discover, route_label
from campaigns.table import services
from campaigns.table.games import games
from campaigns.table.ledger import ledger_undo
from tests.factories import HTMX


def _rename_many(campaign, user, times: int) -> None:
    for n in range(times):
        services.campaign_rename(campaign=campaign, actor=user, name=f"Night {n}")


def _queries(client, path: str, **kwargs) -> int:
    with CaptureQueriesContext(connection) as captured:
        response = client.get(path, **kwargs)
    assert response.status_code == 200
    return len(captured)


@pytest.mark.parametrize("htmx", [False, True], ids=["page", "fragment"])
def test_history_query_count_does_not_grow_with_history(owner_client, campaign, user, htmx):
    path = reverse("history", args=[campaign.pk])
    headers = HTMX if htmx else {}
    _rename_many(campaign, user, 3)
    few = _queries(owner_client, path, headers=headers)
    _rename_many(campaign, user, 60)
    assert _queries(owner_client, path, headers=headers) == few


def test_history_fragment_skips_the_filter_choices(owner_client, campaign, user):
    _rename_many(campaign, user, 2)
    path = reverse("history", args=[campaign.pk])
    assert _queries(owner_client, path, headers=HTMX) < _queries(owner_client, path)


def test_history_filter_names_each_subject_by_its_newest_label(owner_client, campaign, user):
    _rename_many(campaign, user, 2)
    response = owner_client.get(reverse("history", args=[campaign.pk]))
    subjects = dict(response.context["subjects"])
    assert subjects[f"campaign:{campaign.pk}"] == "Night 1 (campaign)"


def test_history_marks_undone_entries(owner_client, campaign, user):
    _rename_many(campaign, user, 2)
    newest_rename = campaign.ledger.filter(kind="campaign.rename").first()
    ledger_undo(campaign=campaign, actor=user, entry_id=newest_rename.pk)
    rows = owner_client.get(reverse("history", args=[campaign.pk])).context["rows"]
    undone = [row for row in rows if row["undone"]]
    assert [row["reason"] for row in undone] == [newest_rename.reason]
    assert not undone[0]["undo_url"]
    assert sum(row["reversal"] for row in rows) == 1


def test_draw_log_fragment_reads_a_constant_number_of_rows(owner_client, campaign, user):
    path = reverse("draw_log", args=[campaign.pk])
    services.dice_roll(campaign=campaign, actor=user, count=1, sides=6)
    few = _queries(owner_client, path, headers=HTMX)
    for _ in range(30):
        services.dice_roll(campaign=campaign, actor=user, count=1, sides=6)
    assert _queries(owner_client, path, headers=HTMX) == few
    response = owner_client.get(path, headers=HTMX)
    assert response.content.decode().count("<li>") == 12


def test_campaign_request_looks_up_membership_once(owner_client, campaign):
    with CaptureQueriesContext(connection) as captured:
        owner_client.get(reverse("draw_log", args=[campaign.pk]), headers=HTMX)
    membership_reads = [q for q in captured if '"table_membership"."user_id" =' in q["sql"]]
    assert len(membership_reads) == 1
    assert "ORDER BY" not in membership_reads[0]["sql"]


def test_html_goes_out_gzip_compressed(owner_client, campaign):
    path = reverse("campaign", args=[campaign.pk])
    plain = owner_client.get(path)
    compressed = owner_client.get(path, headers={"Accept-Encoding": "gzip"})
    assert compressed["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in compressed["Vary"]
    assert gzip.decompress(compressed.content).decode().count("<section") == (
        plain.content.decode().count("<section")
    )
    assert len(compressed.content) < len(plain.content) / 2


def test_gzip_sits_below_whitenoise_and_above_the_rest():
    middleware = settings.MIDDLEWARE
    gzip_at = middleware.index("campaigns.table.compression.GZipMiddleware")
    assert middleware.index("whitenoise.middleware.WhiteNoiseMiddleware") < gzip_at
    assert gzip_at < middleware.index("django.contrib.sessions.middleware.SessionMiddleware")


def _loaders(loaders):
    for loader in loaders:
        yield loader
        yield from _loaders(getattr(loader, "loaders", []))


def test_templates_are_compiled_once_in_every_environment():
    engine = engines["django"].engine
    assert any(isinstance(loader, CachedLoader) for loader in _loaders(engine.template_loaders))


def test_benchmark_finds_every_tab_and_the_live_fragments(owner_client, campaign):
    probes, _ = discover(owner_client, campaign)
    labels = {probe.label for probe in probes}
    for tab in games()[campaign.game].nav:
        assert route_label(reverse(tab.url_name, args=[campaign.pk])) in labels
    fragments = [probe for probe in probes if probe.kind == "fragment"]
    assert any(probe.headers["HX-Target"] == "draw-log" for probe in fragments)
    for probe in fragments:
        assert owner_client.get(probe.path, headers=probe.headers).status_code == 200


def test_load_generator_reads_the_poll_url_from_a_page(owner_client, campaign):
    page = owner_client.get(reverse("campaign", args=[campaign.pk])).content.decode()
    poll_path = _poll_path(page)
    assert poll_path.startswith(reverse("campaign_version", args=[campaign.pk]))
    assert owner_client.get(poll_path, headers=HTMX).status_code == 204


def test_load_generator_refreshes_a_pages_live_regions_as_htmx_does(owner_client, campaign):
    """After a changed poll a phone reloads each live region of its page, not the page."""
    from bench.html import read_page

    path = reverse("campaign", args=[campaign.pk])
    page = owner_client.get(path).content.decode()
    live = [fragment for fragment in read_page(path, page).fragments if fragment.live]
    assert {fragment.target for fragment in live} >= {"draw-log"}
    for fragment in live:
        response = owner_client.get(fragment.url, headers={**HTMX, "HX-Target": fragment.target})
        assert response.status_code == 200
        assert "<html" not in response.content.decode()  # the fragment, not the whole page


@pytest.mark.django_db(transaction=True)
def test_benchmark_timer_reaches_a_server_as_the_phone_would(live_server, user, campaign):
    """`make bench` (--server) sends the session and its own CSRF token: pages answer 200
    and a form post is accepted, as for a phone."""
    from urllib.parse import urlsplit

    from django.test import Client

    from bench.pages import HttpTimer, Probe
    from campaigns.table.models import DrawLogEntry

    client = Client()
    client.force_login(user)
    port = urlsplit(live_server.url).port
    timer = HttpTimer(port, client.cookies["sessionid"].value)
    page = Probe("table", "page", reverse("campaign", args=[campaign.pk]))
    assert timer.send(page, None) == 200
    roll = Probe("roll", "write", reverse("dice_roll", args=[campaign.pk]), "POST", dict(HTMX))
    form = {"count": ["2"], "sides": ["6"], "csrfmiddlewaretoken": ["minted elsewhere"]}
    assert timer.send(roll, form) == 200
    assert DrawLogEntry.objects.filter(campaign=campaign).count() == 1
