"""Flattened URL patterns: every URL of the site resolves to the same view, name, namespace,
arguments and route as the patterns as written, reverses to itself, and passes three
levels at most; another game's URL never enters a game's namespace."""

import re

import pytest
from django.urls import (
    URLPattern,
    URLResolver,
    get_resolver,
    include,
    path,
    re_path,
    reverse,
)
from django.urls.exceptions import Resolver404
from django.urls.resolvers import RegexPattern

from campaigns.table.flat_urls import flattened
from dawn_companion.urls import build_urlpatterns


def _view(request, **kwargs):
    return None


def _sample_paths(patterns, prefix=""):
    """One concrete path per page pattern: 7 for a number, "x" for a word."""
    for pattern in patterns:
        route = str(pattern.pattern)
        if isinstance(pattern, URLResolver):
            yield from _sample_paths(pattern.url_patterns, prefix + route)
        else:
            route = re.sub(r"<int:[^>]+>", "7", prefix + route)
            yield "/" + re.sub(r"<[^>]+>", "x", route)


def _view_of(match):
    """The view function, or the class of a class-based view (made afresh per build)."""
    return getattr(match.func, "view_class", match.func)


def _as_written():
    return URLResolver(RegexPattern(r"^/"), build_urlpatterns())


def _depth(resolver, path_info):
    """How many includes the resolver enters to reach the view of `path_info`."""
    match = resolver.pattern.match(path_info)
    remaining = match[0]
    for pattern in resolver.url_patterns:
        if isinstance(pattern, URLPattern):
            if pattern.pattern.match(remaining):
                return 0
        else:
            try:
                pattern.resolve(remaining)
            except Resolver404:
                continue
            return 1 + _depth(pattern, remaining)
    raise AssertionError(path_info)


def test_every_url_resolves_and_reverses_as_written():
    written, flat = _as_written(), get_resolver()
    paths = list(_sample_paths(written.url_patterns))
    assert len(paths) > 150  # every game's pages are here
    for path_info in paths:
        before, after = written.resolve(path_info), flat.resolve(path_info)
        assert (_view_of(after), after.view_name, after.kwargs, after.route) == (
            _view_of(before),
            before.view_name,
            before.kwargs,
            before.route,
        ), path_info
        assert reverse(after.view_name, kwargs=after.kwargs) == path_info


def test_a_game_page_passes_three_levels_not_five():
    written, flat = _as_written(), get_resolver()
    combat = reverse("occulites:combat", args=[7])
    assert _depth(written, combat) == 3  # namespace, campaign prefix, area
    assert _depth(flat, combat) == 1  # the namespace only


def test_a_game_namespace_looks_only_at_its_own_prefixes():
    flat = get_resolver()
    assert flat.resolve("/c/7/dawnshade/").namespace == "dawnshade"
    assert flat.resolve(reverse("occulites:builder")).namespace == "occulites"
    occulites = next(p for p in flat.url_patterns if getattr(p, "namespace", "") == "occulites")
    with pytest.raises(Resolver404) as refused:
        occulites.resolve("c/7/dawnshade/")
    assert refused.value.args[0].get("tried", []) == []  # refused at once, nothing walked
    with pytest.raises(Resolver404):
        flat.resolve("/c/7/occulites-not/")


def test_flattening_keeps_order_regexes_namespaces_and_extra_arguments():
    inner_namespace = ([path("n/", _view, name="n")], "inner")
    patterns = flattened(
        [
            path(
                "a/",
                include(
                    [
                        path("", _view, name="a"),
                        re_path(r"^r/(?P<year>[0-9]{4})/$", _view, name="r"),
                        path("", include(inner_namespace)),
                        path("k/", include([path("", _view, name="k")]), {"extra": 1}),
                    ]
                ),
            ),
            path("a/", _view, name="shadowed"),
        ]
    )
    resolver = URLResolver(RegexPattern(r"^/"), patterns)
    assert [str(p.pattern) for p in patterns] == ["a/", "a/", "a/", "a/k/", "a/"]
    assert resolver.resolve("/a/").url_name == "a"  # the first of two still answers
    assert resolver.resolve("/a/r/2026/").kwargs == {"year": "2026"}
    assert resolver.resolve("/a/n/").view_name == "inner:n"
    assert resolver.resolve("/a/k/").kwargs == {"extra": 1}
