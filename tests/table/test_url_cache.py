"""Remembered URL reversing: the same URLs as Django's reverse, in templates and in code."""

import pytest
from django.template import engines
from django.test import override_settings
from django.urls import NoReverseMatch, reverse

from campaigns.table.url_cache import (
    CachedURLNode,
    _around_id,
    _reverse,
    cached_reverse,
    reverse_around_id,
)


def test_cached_reverse_gives_djangos_urls():
    for name, args in [("home", ()), ("campaign", (7,)), ("occulites:tribe_sheet", (7, 9))]:
        assert cached_reverse(name, args) == reverse(name, args=args)
        assert cached_reverse(name, args) == reverse(name, args=args)  # from memory
    assert cached_reverse("rules_entry", (), {"game": "glow", "slug": "x"}) == reverse(
        "rules_entry", kwargs={"game": "glow", "slug": "x"}
    )


def test_a_url_around_its_last_id_is_djangos_for_every_id():
    for campaign_id in (1, 2, 12, 2021):
        head, tail = reverse_around_id("undo", (campaign_id,))
        for entry_id in (0, 1, 2, 9, 10, 12, 2021, 123456789):
            url = reverse("undo", args=(campaign_id, entry_id))
            assert f"{head}{entry_id}{tail}" == url
    head, tail = reverse_around_id("occulites:tribe_sheet", (3,))
    assert f"{head}45{tail}" == reverse("occulites:tribe_sheet", args=(3, 45))
    with override_settings(ROOT_URLCONF="tests.table.throwaway_urls"):
        assert _around_id.cache_info().currsize == 0


def test_every_template_url_tag_remembers_and_matches_reverse():
    template = engines["django"].from_string(
        "{% url 'campaign' 3 %}|{% url 'nope' as missing %}[{{ missing }}]"
    )
    assert any(isinstance(node, CachedURLNode) for node in template.template.nodelist)
    assert template.render({}) == f"{reverse('campaign', args=[3])}|[]"
    with pytest.raises(NoReverseMatch):
        engines["django"].from_string("{% url 'nope' %}").render({})


def test_a_changed_url_configuration_is_not_answered_from_memory():
    cached_reverse("home")
    assert _reverse.cache_info().currsize > 0
    with override_settings(ROOT_URLCONF="tests.table.throwaway_urls"):
        assert _reverse.cache_info().currsize == 0


def test_the_url_tag_follows_each_renders_script_prefix():
    # The prefix and URLconf are looked up once a render, never kept from an earlier one.
    from django.urls import get_script_prefix, set_script_prefix

    template = engines["django"].from_string("{% url 'campaign' 3 %} {% url 'home' %}")
    expected = f"{reverse('campaign', args=[3])} {reverse('home')}"
    assert template.render({}) == expected
    before = get_script_prefix()
    set_script_prefix("/under/")
    try:
        assert template.render({}) == "/under/c/3/ /under/"
    finally:
        set_script_prefix(before)
    assert template.render({}) == expected


def _page_through_wsgi(client, path: str, script_name: str = "") -> str:
    """The page as a server behind a path prefix serves it (the test client sets none)."""
    from django.conf import settings
    from django.core.handlers.wsgi import WSGIHandler
    from django.core.signals import request_finished, request_started
    from django.db import close_old_connections
    from django.test import RequestFactory
    from django.urls import get_script_prefix, set_script_prefix

    session = client.cookies[settings.SESSION_COOKIE_NAME].value
    environ = RequestFactory()._base_environ(
        PATH_INFO=path,
        SCRIPT_NAME=script_name,
        REQUEST_METHOD="GET",
        HTTP_COOKIE=f"{settings.SESSION_COOKIE_NAME}={session}",
    )
    # As the test client does: the test's transaction is not a stale connection to close;
    # and the handler leaves its prefix set in the thread, which later tests must not see.
    prefix = get_script_prefix()
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    try:
        response = WSGIHandler()(environ, lambda status, headers: None)
        try:
            return b"".join(response).decode()
        finally:
            response.close()
    finally:
        request_started.connect(close_old_connections)
        request_finished.connect(close_old_connections)
        set_script_prefix(prefix)


def test_each_requests_links_follow_its_own_script_prefix(owner_client, campaign):
    # Looked up once a request (RequestURLsMiddleware), never kept from an earlier one.
    path = reverse("campaign", args=[campaign.pk])
    under = _page_through_wsgi(owner_client, path, script_name="/under")
    assert f'href="/under{path}history/"' in under and f'href="{path}history/"' not in under
    plain = _page_through_wsgi(owner_client, path)
    assert f'href="{path}history/"' in plain and "/under/" not in plain
    assert _page_through_wsgi(owner_client, path, script_name="/other").count("/other/") > 5


def test_outside_a_request_the_prefix_is_looked_up_each_time():
    from django.urls import get_script_prefix, set_script_prefix

    before = get_script_prefix()
    set_script_prefix("/first/")
    try:
        assert cached_reverse("home") == "/first/"
        set_script_prefix("/second/")
        assert cached_reverse("home") == "/second/"
    finally:
        set_script_prefix(before)
