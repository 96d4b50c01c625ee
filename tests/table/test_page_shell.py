"""The page shell written in Python (templatetags/page_shell.py) against the templates it
replaced: the same markup, whitespace aside, for signed-in and signed-out members, every
game's tabs, the poller with and without a change, and names that need escaping."""

import re

import pytest
from django.contrib.auth.models import AnonymousUser
from django.template import Context, Template
from django.test import RequestFactory

from campaigns.table.games import SHARED_TABS, games
from campaigns.table.games import game as registration
from campaigns.table.pwa import TEXT_SIZES
from campaigns.table.templatetags import page_shell
from tests.factories import UserFactory

# The templates as they were (base.html, partials/campaign_nav.html, partials/live_poller.html).
OLD_HEAD_LINKS = """\
{% load static %}<link rel="manifest" href="{% url 'manifest' %}">
  <link rel="icon" href="{% static 'table/icons/icon.svg' %}" type="image/svg+xml">
  <link rel="apple-touch-icon" href="{% static 'table/icons/apple-touch-icon.png' %}">
"""
OLD_HEAD_ASSETS = """\
{% load static %}<link rel="stylesheet" href="{% static 'table/css/app.css' %}">
  <script src="{% static 'table/js/htmx.min.js' %}" defer></script>
  <script src="{% static 'table/js/app.js' %}" defer data-service-worker="{% url 'service_worker' %}"></script>
"""
OLD_TOP_BAR = """\
<header class="topbar">
    <a class="brand" href="{% url 'home' %}" aria-label="Dawn Companion home">Dawn</a>
    {% if user.is_authenticated %}
      <details class="dropdown switcher">
        <summary>Campaigns</summary>
        <nav aria-label="Your campaigns">
          <ul>
            {% for c in switcher_campaigns %}
              <li><a href="{% url 'campaign' c.id %}">{{ c.name }}</a></li>
            {% empty %}
              <li>No campaigns yet.</li>
            {% endfor %}
            <li><a href="{% url 'home' %}#new-campaign">+ New campaign</a></li>
          </ul>
        </nav>
      </details>
    {% endif %}
    <form class="rules-search" action="{% url 'rules_search' %}" method="get" role="search"
          hx-get="{% url 'rules_search' %}" hx-target="#main" hx-trigger="input changed delay:200ms from:#top-rules-q, submit"
          hx-push-url="true" hx-sync="this:replace">
      <label for="top-rules-q" class="visually-hidden">Search the rules</label>
      <input id="top-rules-q" name="q" type="search" placeholder="Rules…" autocomplete="off" value="{{ rules_query|default:'' }}">
    </form>
    <details class="dropdown menu">
      <summary aria-label="Menu">☰</summary>
      <nav aria-label="Account">
        <ul>
          {% if user.is_authenticated %}
            <li class="muted">Signed in as {{ user.get_username }}</li>
            <li><a href="{% url 'password_change' %}">Change password</a></li>
          {% else %}
            <li><a href="{% url 'login' %}">Log in</a></li>
            <li><a href="{% url 'signup' %}">Sign up</a></li>
          {% endif %}
          <li>
            <form method="post" action="{% url 'theme_toggle' %}">{% csrf_token %}
              <input type="hidden" name="next" value="{{ request.get_full_path }}">
              <button type="submit" class="link">{% if theme == "light" %}Dark theme{% else %}Light theme{% endif %}</button>
            </form>
          </li>
          <li>
            {# Per device (a cookie): larger type for reading at arm's length. #}
            <form method="post" action="{% url 'text_size' %}" class="text-size-form">{% csrf_token %}
              <input type="hidden" name="next" value="{{ request.get_full_path }}">
              <fieldset>
                <legend>Text size</legend>
                {% for value, label in text_sizes %}
                  <button type="submit" name="size" value="{{ value }}" class="secondary" data-text-size-option="{{ value }}" aria-pressed="{% if value == text_size %}true{% else %}false{% endif %}">{{ label }}</button>
                {% endfor %}
              </fieldset>
            </form>
          </li>
          {# Shown by app.js where the browser can keep the screen on (stored on this device). #}
          <li data-wake-lock-item hidden>
            <button type="button" class="link" data-wake-lock-toggle aria-pressed="true">Keep the screen awake</button>
          </li>
          {% if user.is_authenticated %}
            <li>
              <form method="post" action="{% url 'logout' %}">{% csrf_token %}
                <button type="submit" class="link">Log out</button>
              </form>
            </li>
          {% endif %}
        </ul>
      </nav>
    </details>
  </header>
"""
OLD_NAV = """\
<nav class="tabs" aria-label="Campaign">
  {% for item in tabs %}
    <a href="{% url item.url_name campaign.id %}" data-tab="{{ item.key }}"{% if item.key == tab %} aria-current="page"{% endif %}>{{ item.label }}</a>
  {% endfor %}
</nav>
"""
OLD_POLLER = """\
<div id="live-poller" hidden
     data-version="{{ campaign.version }}"
     {% if change %}data-changed-by="{{ change.who }}" data-change-reason="{{ change.reason }}"{% if change.by_me %} data-changed-by-me{% endif %}{% endif %}
     hx-get="{% url 'campaign_version' campaign.id %}?v={{ campaign.version }}&amp;t={% now 'U.u' %}&amp;k={{ ticket }}"
     hx-trigger="every {{ live_refresh_interval_ms|default:2000 }}ms, poll-now"
     hx-swap="outerHTML"></div>
"""

TRICKY = '<b>Mia & "Jo"</b> \'s'


def _same(old: str, new: str) -> None:
    squeeze = lambda text: re.sub(r"\s+", " ", text).strip()  # noqa: E731
    assert squeeze(new) == squeeze(old)


def _context(user, **values):
    request = RequestFactory().get('/c/1/?a=1&b="x"<')
    request.user = user
    return {
        "request": request,
        "user": user,
        "csrf_token": "tok<en>",
        "theme": "dark",
        "text_size": "normal",
        "text_sizes": TEXT_SIZES,
        **values,
    }


def test_the_head_links_are_the_templates(db):
    _same(Template(OLD_HEAD_LINKS).render(Context({})), page_shell.head_links())
    _same(Template(OLD_HEAD_ASSETS).render(Context({})), page_shell.head_assets())


@pytest.mark.parametrize(
    "values",
    [
        {},
        {"theme": "light", "text_size": "xlarge", "rules_query": TRICKY},
        {"switcher_campaigns": [{"id": 3, "name": TRICKY}, {"id": 12, "name": "Dawn"}]},
        {"switcher_campaigns": []},
    ],
    ids=["plain", "light-xlarge-query", "campaigns", "no-campaigns"],
)
@pytest.mark.parametrize("signed_in", [True, False], ids=["member", "stranger"])
def test_the_top_bar_is_the_template(db, values, signed_in):
    user = UserFactory(username=TRICKY[:30]) if signed_in else AnonymousUser()
    context = _context(user, **values)
    _same(Template(OLD_TOP_BAR).render(Context(context)), page_shell.top_bar(Context(context)))


class _Campaign:
    def __init__(self, game, pk=7, version=4):
        self.game, self.id, self.pk, self.version = game, pk, pk, version


@pytest.mark.parametrize("game", [*games(), "no-such-game"])
def test_the_tabs_are_the_template(db, game):
    found = registration(game)
    tabs = found.nav if found else SHARED_TABS
    for tab in ["", tabs[0].key, "history"]:
        campaign = _Campaign(game)
        old = Template(OLD_NAV).render(Context({"campaign": campaign, "tab": tab, "tabs": tabs}))
        _same(old, page_shell.campaign_nav(campaign, tab))


@pytest.mark.parametrize(
    "change",
    [
        None,
        {"who": TRICKY, "reason": TRICKY, "by_me": False},
        {"who": "Mia", "reason": "Renamed", "by_me": True},
    ],
    ids=["unchanged", "someone-else", "mine"],
)
@pytest.mark.parametrize("interval", [None, 1500])
def test_the_poller_is_the_template(db, change, interval):
    campaign = _Campaign("occulites", pk=31, version=9)
    old = Template(OLD_POLLER).render(
        Context(
            {
                "campaign": campaign,
                "change": change,
                "ticket": "5.1700000000.ab<c",
                "live_refresh_interval_ms": interval,
            }
        )
    )
    new = page_shell.poller_html(
        31, 9, "5.1700000000.ab<c", seen_at="123.456789", interval_ms=interval, change=change
    )
    stamp = re.compile(r"t=[0-9]+\.[0-9]{6}")
    assert stamp.search(old)
    _same(stamp.sub("t=T", old), stamp.sub("t=T", new))


def test_the_poller_is_drawn_at_now_in_seconds_and_microseconds():
    assert re.fullmatch(r"[0-9]{10}\.[0-9]{6}", page_shell.drawn_at())


OLD_DRAW_LOOP = """\
{% for draw in draws %}
  <li>
    <span class="who">{{ draw.actor.get_username|default:"someone" }}</span>
    <span class="what">{{ draw.label }}</span>
    <strong class="result">{{ draw.summary }}</strong>
    <time datetime="{{ draw.created_at|date:'c' }}" class="muted">{{ draw.created_at|time:"H:i:s" }}</time>
  </li>
{% empty %}
  <li class="muted">No rolls yet. Rolls and draws from every tool appear here for everyone.</li>
{% endfor %}
"""


@pytest.mark.parametrize("time_zone", ["UTC", "Europe/Helsinki"])
def test_the_draw_log_rows_are_the_template_loop(campaign, user, settings, time_zone):
    """The rows as the log's query reads them, against the loop over the model rows."""
    from django.utils import timezone

    from campaigns.table.models import DrawLogEntry
    from campaigns.table.templatetags.table import draw_items
    from campaigns.table.views import _NEWEST_DRAWS

    settings.TIME_ZONE = time_zone
    empty = Template(OLD_DRAW_LOOP).render(Context({"draws": []}))
    _same(empty, draw_items(_NEWEST_DRAWS.rows(campaign_id=campaign.pk)))
    DrawLogEntry.objects.create(
        campaign=campaign, actor=user, tool="table.dice", label=TRICKY, summary=TRICKY
    )
    DrawLogEntry.objects.create(
        campaign=campaign,
        actor=None,
        tool="table.dice",
        label="3d10",
        summary="4, 9, 1",
        created_at=timezone.now().replace(microsecond=0),
    )
    draws = DrawLogEntry.objects.filter(campaign=campaign).select_related("actor")
    with timezone.override(time_zone):
        old = Template(OLD_DRAW_LOOP).render(Context({"draws": draws}))
        new = draw_items(_NEWEST_DRAWS.rows(campaign_id=campaign.pk))
    assert "someone" in new and "&lt;b&gt;Mia &amp; &quot;Jo&quot;&lt;/b&gt;" in new
    _same(old, new)
