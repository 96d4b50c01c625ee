"""The URL layout: every URL of the site resolves to the same view, name, namespace,
arguments and route as the patterns as written and reverses to itself, through fewer levels
and fewer patterns tried; another game's URL never enters a game's namespace."""

import re
import statistics

import pytest
from django.urls import (
    URLResolver,
    get_resolver,
    include,
    path,
    re_path,
    reverse,
)
from django.urls.exceptions import Resolver404
from django.urls.resolvers import RegexPattern

from campaigns.table.url_layout import SMALLEST_GROUP, fast_to_resolve
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


def test_urls_pass_fewer_levels_and_try_fewer_patterns():
    written, laid_out = _as_written(), get_resolver()
    paths = list(_sample_paths(written.url_patterns))
    before = [written.resolve(path_info) for path_info in paths]
    after = [laid_out.resolve(path_info) for path_info in paths]
    # tried[-1] is the chain of patterns from the top to the view: one per level.
    assert max(len(match.tried[-1]) for match in before) == 4
    assert max(len(match.tried[-1]) for match in after) == 3
    tried_before = statistics.median(len(match.tried) for match in before)
    tried_after = statistics.median(len(match.tried) for match in after)
    assert tried_after <= 0.75 * tried_before
    combat = reverse("occulites:combat", args=[7])  # behind most of the Occulites' areas
    assert len(laid_out.resolve(combat).tried) <= len(written.resolve(combat).tried) / 2


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


def test_layout_keeps_order_regexes_namespaces_and_extra_arguments():
    inner_namespace = ([path("n/", _view, name="n")], "inner")
    patterns = fast_to_resolve(
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
    assert resolver.resolve("/a/").url_name == "a"  # the first of two still answers
    assert resolver.resolve("/a/r/2026/").kwargs == {"year": "2026"}
    assert resolver.resolve("/a/n/").view_name == "inner:n"
    assert resolver.resolve("/a/k/").kwargs == {"extra": 1}


def test_runs_sharing_a_prefix_are_grouped_and_others_keep_their_place():
    area = [path(f"x/{n}/", _view, name=f"x{n}") for n in range(SMALLEST_GROUP)]
    patterns = fast_to_resolve(
        [
            path("c/<int:id>/", include([*area, path("y/", _view, name="y")])),
            path("<slug:any>/", _view, name="any"),
            path("x/", _view, name="x"),
            path("c/<int:id>/x/0/", _view, name="late"),
        ]
    )
    routes = [str(pattern.pattern) for pattern in patterns]
    # The area is one include under its whole prefix; the converter keeps its place, and
    # nothing after it moves before it.
    assert routes == ["c/<int:id>/x/", "c/<int:id>/y/", "<slug:any>/", "x/", "c/<int:id>/x/0/"]
    resolver = URLResolver(RegexPattern(r"^/"), patterns)
    assert resolver.resolve("/c/3/x/0/").url_name == "x0"
    assert resolver.resolve("/c/3/x/0/").kwargs == {"id": 3}
    assert resolver.resolve("/x/").url_name == "any"
    assert len(resolver.resolve("/c/3/y/").tried) == 2  # the area skipped with one match


def test_patterns_open_after_their_shared_prefix_are_not_split():
    # "<path:rest>" matches "x/0/" too, and comes before it: no split may move "x/0/" ahead.
    area = [path(f"x/{n}/", _view, name=f"x{n}") for n in range(1, SMALLEST_GROUP + 1)]
    patterns = fast_to_resolve(
        [path("c/", include([*area, path("<path:rest>", _view, name="rest"), path("x/0/", _view)]))]
    )
    resolver = URLResolver(RegexPattern(r"^/"), patterns)
    assert resolver.resolve("/c/x/1/").url_name == "x1"
    assert resolver.resolve("/c/x/0/").url_name == "rest"
