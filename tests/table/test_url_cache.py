"""Remembered URL reversing: the same URLs as Django's reverse, in templates and in code."""

import pytest
from django.template import engines
from django.test import override_settings
from django.urls import NoReverseMatch, reverse

from campaigns.table.url_cache import CachedURLNode, _reverse, cached_reverse


def test_cached_reverse_gives_djangos_urls():
    for name, args in [("home", ()), ("campaign", (7,)), ("occulites:tribe_sheet", (7, 9))]:
        assert cached_reverse(name, args) == reverse(name, args=args)
        assert cached_reverse(name, args) == reverse(name, args=args)  # from memory
    assert cached_reverse("rules_entry", (), {"game": "glow", "slug": "x"}) == reverse(
        "rules_entry", kwargs={"game": "glow", "slug": "x"}
    )


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
