"""The Done-when crawl of issue 14: every POST form of every game, in a campaign filled by the
game's demo (so the forms name real tribes, characters and seats), posted with out-of-range,
non-numeric, empty and 10 kB values in each of its fields in turn: never a 5xx, and a refused
post (4xx) changes nothing (ledger and campaign version as they were). Campaign routes no page
offers a form for are posted with every field name the game's pages use."""

from html.parser import HTMLParser
from urllib.parse import urlsplit

import pytest
from django.urls import Resolver404, resolve

from campaigns.table.games import games
from campaigns.table.models import Campaign, LedgerEntry
from tests.factories import MembershipFactory, UserFactory
from tests.table.test_access import CAMPAIGN_PATTERNS, _route_game, _url

ODD_VALUES = {
    "negative": "-1",
    "two_to_the_63": str(2**63),
    "ten_to_the_30": str(10**30),
    "letters": "abc",
    "arabic_indic": "\u0663",
    "empty": "",
    "ten_kb": "9" * 10_240,
}
MAX_PAGES = 80
# Writes that end the crawl's campaign or its owner's place in it go last.
LAST = ("/delete/", "/members/", "/invite/")


class _Forms(HTMLParser):
    """The POST forms of a page (action, {field: first value}) and its links."""

    def __init__(self):
        super().__init__()
        self.forms: list[tuple[str, dict[str, str]]] = []
        self.links: list[str] = []
        self.names: set[str] = set()
        self._form: dict[str, str] | None = None
        self._select: str | None = None

    def handle_starttag(self, tag, attrs):
        attrs = {key: value or "" for key, value in attrs}
        if tag == "a" and attrs.get("href", "").startswith("/"):
            self.links.append(attrs["href"])
        if tag == "form":
            if attrs.get("method", "get").lower() == "post":
                self._form = {}
                self.forms.append((attrs.get("action", ""), self._form))
            return
        name = attrs.get("name")
        if not name or tag not in ("input", "select", "textarea", "button"):
            if tag == "option" and self._select and self._form is not None:
                self._form.setdefault(self._select, attrs.get("value", ""))
            return
        self.names.add(name)
        if tag == "select":
            self._select = name
        if self._form is None or name == "csrfmiddlewaretoken":
            return
        if attrs.get("type") in ("checkbox", "radio") and "checked" not in attrs:
            self._form.setdefault(name, None)
        else:
            self._form[name] = attrs.get("value", "")

    def handle_endtag(self, tag):
        if tag == "form":
            self._form = None
        if tag == "select":
            self._select = None


def _route(path: str) -> str | None:
    try:
        return resolve(urlsplit(path).path).route
    except Resolver404:
        return None


def _crawl(client, campaign) -> tuple[dict[str, tuple[str, dict]], set[str]]:
    """The POST forms on the campaign's pages (one per route, with its real ids) and the
    union of the field names the pages use."""
    prefix = f"/c/{campaign.pk}/"
    queue = [prefix, f"{prefix}{campaign.game}/"] + [
        _url(pattern, route, campaign.pk)
        for route, pattern in CAMPAIGN_PATTERNS
        if route.count("<") == 1 and _route_game(route) in (None, campaign.game)
    ]
    seen, forms, names = set(), {}, set()
    pages = 0
    while queue and pages < MAX_PAGES:
        path = queue.pop(0)
        if path in seen or not path.startswith(prefix) or path.endswith((".csv", ".json", ".svg")):
            continue
        seen.add(path)
        response = client.get(path)
        if response.status_code != 200 or "html" not in response.get("Content-Type", ""):
            continue
        pages += 1
        page = _Forms()
        page.feed(response.content.decode())
        names |= page.names
        queue += page.links
        for action, fields in page.forms:
            route = _route(action or path)
            # Only the campaign's own writes: logging out or the theme are no campaign's.
            if route and route.startswith("c/<int:campaign_id>/") and route not in forms:
                forms[route] = (action or path, {k: v for k, v in fields.items() if v is not None})
    return forms, names


def _state(campaign) -> tuple[int, int | None]:
    version = Campaign.objects.filter(pk=campaign.pk).values_list("version", flat=True).first()
    return LedgerEntry.objects.filter(campaign_id=campaign.pk).count(), version


def _check(client, campaign, url: str, data: dict, what: str) -> None:
    before = _state(campaign)
    response = client.post(url, data, HTTP_HX_REQUEST="true")
    assert response.status_code < 500, f"{what}: {response.status_code}"
    if 400 <= response.status_code < 500:
        assert _state(campaign) == before, f"{what}: refused ({response.status_code}) yet written"


@pytest.mark.django_db(transaction=False)
@pytest.mark.parametrize("value_kind", ODD_VALUES)
@pytest.mark.parametrize("game_key", list(games()))
def test_odd_values_in_every_post_form_never_give_a_5xx_nor_a_refused_write(
    game_key, value_kind, user, owner_client, campaign_factory
):
    game = games()[game_key]
    campaign = campaign_factory(game_key)
    friend = UserFactory(username="friend")
    MembershipFactory(campaign=campaign, user=friend, role="player")
    if game.demo is not None:
        game.demo(campaign=campaign, owner=user, friend=friend)
    odd = ODD_VALUES[value_kind]
    forms, names = _crawl(owner_client, campaign)
    assert len(forms) >= 5, "the crawl found too few forms"

    ordered = sorted(forms.items(), key=lambda item: any(m in item[0] for m in LAST))
    for _, (url, fields) in ordered:
        for field in fields:
            _check(
                owner_client, campaign, url, {**fields, field: odd}, f"{url} {field}={odd!r:.20}"
            )

    # Routes no page offered a form for (a record absent from the demo, a state not reached):
    # every field name the game's pages use, all odd at once.
    for route, pattern in CAMPAIGN_PATTERNS:
        route_game = _route_game(route)
        wanted = route_game == game_key or (route_game is None and game_key == "occulites")
        if route in forms or not wanted:
            continue
        if any(marker in route for marker in LAST):
            continue
        url = _url(pattern, route, campaign.pk)
        _check(owner_client, campaign, url, dict.fromkeys(names, odd), f"{url} (all fields)")
