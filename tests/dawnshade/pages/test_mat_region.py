"""The Väki Mat's live region, drawn in Python (``mat/region.py``), read through the page in
the Mat's states: before the Kinship, before and during a game, after an alignment shift and
a blessing, with the Major Threat one hex away; what a viewer sees (everything but the
forms); a conflict; and names a player typed, escaped. The closed panels' fragments and a
refused form's open panel are in test_closed_panels.py."""

import re

import pytest
from django.test import RequestFactory
from django.urls import reverse
from django_htmx.middleware import HtmxDetails

from campaigns.dawnshade import services
from campaigns.dawnshade.mat import views as mat_views
from campaigns.dawnshade.queries import KinshipView
from campaigns.table.htmx import render_page
from campaigns.table.models import Membership
from tests.dawnshade.conftest import ASH, make_kinship

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": "dawnshade-mat"}
TYPED_NAME = "<b>Moss & 'Co'</b>"
ESCAPED_NAME = "&lt;b&gt;Moss &amp; &#x27;Co&#x27;&lt;/b&gt;"


def region(client, campaign, query="") -> str:
    url = reverse("dawnshade:mat", args=[campaign.pk]) + query
    response = client.get(url, **HTMX)
    assert response.status_code == 200
    html = response.content.decode()
    assert html.startswith('<div id="dawnshade-mat"') and html.endswith("</div>")
    return html


def value(html: str, attribute: str) -> str:
    return re.search(rf"<[^>]* {attribute}[^>]*>([^<]*)<", html)[1]


def actions(html: str) -> set[str]:
    """The last part of each post form's action."""
    found = re.findall(r'<form method="post" action="([^"]*)"', html)
    return {action.rstrip("/").rsplit("/", 1)[-1] for action in found}


def loaders(html: str) -> set[str]:
    return set(re.findall(r'data-panel-loader="([^"]+)"', html))


def test_before_the_kinship(owner_client, campaign):
    html = region(owner_client, campaign)
    assert "data-no-kinship" in html
    assert f'href="{reverse("dawnshade:chapter", args=[campaign.pk])}"' in html
    assert "data-level" not in html and "<form" not in html


def test_the_mat_before_and_during_a_game(owner_client, viewer_client, campaign, user):
    make_kinship(campaign, user)
    services.character_add(campaign=campaign, actor=user, name=TYPED_NAME, stats=ASH)
    html = region(owner_client, campaign)
    assert value(html, "data-level") == "0" and value(html, "data-xp") == "0"
    assert value(html, "data-xp-to-next") and "XP to level 1:" in html
    assert value(html, "data-threat") == "0 / 16"  # Normal difficulty
    assert 'max="16" value="0">0 of 16</progress>' in html
    assert value(html, "data-alignment-status") == "Balanced"
    assert len(re.findall(r"<li [^>]*data-track=", html)) == 6
    assert "Game 1 of" not in html  # no game is being played yet
    assert "data-last-shift" not in html and "data-major-threat-warning" not in html
    assert ESCAPED_NAME in html and TYPED_NAME not in html
    assert actions(html) == {"undo", "receive"}  # one-tap undo, blessings; the rest closed
    assert 'formaction="/c/' in html and "Used</button>" in html
    assert loaders(html) == {"draw", "combine", "align", "reset"}

    seen = region(viewer_client, campaign)
    assert value(seen, "data-level") == "0" and ESCAPED_NAME in seen
    assert "<form" not in seen and not loaders(seen)

    services.chapter_start(campaign=campaign, actor=user)
    html = region(owner_client, campaign)
    assert re.search(r"Game 1 of 3 \(Trilogy Mode\), Chapter I; Outposts at level I\.", html)


def test_a_shift_a_blessing_and_the_major_threat(owner_client, campaign, user, monkeypatch):
    ash, *_ = make_kinship(campaign, user)
    services.chapter_start(campaign=campaign, actor=user)
    services.vaki_draw(campaign=campaign, actor=user, character=ash.pk, element="sun", amount=3)
    services.vaki_spend_for_alignment(
        campaign=campaign, actor=user, character=ash.pk, element="sun", condition_to=ash.pk
    )
    services.blessing_receive(campaign=campaign, actor=user, blessing="shield")
    html = region(owner_client, campaign)
    assert value(html, "data-alignment-status") != "Balanced"
    shift = re.search(r"<p [^>]*data-last-shift>Last shift: ([^<]*)\(by owner\)", html)
    assert shift and shift[1].strip()
    assert re.search(r'<span class="chip" data-held="sun">Sun 2</span>', html)
    assert '<li data-blessing="shield">Shield × 1</li>' in html
    assert html.count('data-undo-entry="') == 1  # one-tap undo of the blessing

    monkeypatch.setattr(KinshipView, "major_threat_warning", property(lambda view: True))
    assert 'role="alert" data-major-threat-warning>' in region(owner_client, campaign)


def test_an_open_panel_holds_its_forms(owner_client, campaign, user):
    make_kinship(campaign, user)
    page = owner_client.get(reverse("dawnshade:mat", args=[campaign.pk]) + "?open=combine")
    html = page.content.decode()
    assert re.search(r'<details id="panel-combine" open><summary>Combine väki</summary>', html)
    assert {"combine", "split"} <= actions(html)
    assert loaders(html) == {"draw", "align", "reset"}


def test_a_conflict_shows_above_the_mat(campaign, user):
    make_kinship(campaign, user)
    membership = Membership.objects.select_related("campaign").get(campaign=campaign, user=user)
    context = mat_views.build(membership, conflict="<b>Stale</b> & refreshed")
    request = RequestFactory().get("/", HTTP_HX_REQUEST="true")
    request.user = user
    request.htmx = HtmxDetails(request)
    response = render_page(request, mat_views.TEMPLATE, context, partial="region")
    html = response.content.decode()
    assert '<p class="conflict" role="alert" data-conflict>&lt;b&gt;Stale&lt;/b&gt; &amp; ' in html
