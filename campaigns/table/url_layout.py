"""The site's URL patterns laid out so that resolving a URL passes few levels and tries few
patterns, with the same URLs, names and views.

Django resolves a path by walking a list of patterns in order. Each include it enters
builds a match object (the costliest step), an include that matches its prefix and then
none of its patterns raises and catches an exception on the way out, and each pattern it
tries costs a regular expression. The games' URLs are written one include per area, each
with an empty prefix, under the campaign's prefix, under the game's namespace: a game's
page passed five levels and tried every area before its own.

`fast_to_resolve` does two things:
- flattens every include with no namespace and no extra arguments into its parent (its
  patterns' routes prefixed with the include's); namespaced includes (a game) stay, laid
  out inside;
- then puts each run of at least `SMALLEST_GROUP` patterns that share a prefix up to one
  more literal segment ("c/<int:campaign_id>/occulites/helpers/") under one include of
  that prefix, so another area's URL skips them with one failed match.

Only what cannot change which view answers is moved: patterns that begin with different
literal segments can never match the same path, so they may be reordered among
themselves; a pattern that begins with a converter, a regex or a route with no slash keeps
its place and nothing moves across it; patterns are split by the segment after their
shared prefix only when none of them could match whatever that segment is (a converter
there, or an include of the prefix itself); within a group the patterns keep their order.
"""

from django.urls import URLPattern, URLResolver, include, path
from django.urls.resolvers import RoutePattern

# Patterns sharing a prefix get an include from this many on (counted in instructions over
# every URL of the site: 4 did best; fewer adds levels, more leaves long lists to try).
SMALLEST_GROUP = 4


def fast_to_resolve(patterns) -> list:
    return _grouped(_flattened(patterns))


def _flattened(patterns) -> list:
    result = []
    for pattern in patterns:
        if not isinstance(pattern, URLResolver):
            result.append(pattern)
        elif _is_plain(pattern):
            prefix = str(pattern.pattern)
            result += [_prefixed(prefix, inner) for inner in _flattened(pattern.url_patterns)]
        else:
            result.append(_with_patterns(pattern, fast_to_resolve(pattern.url_patterns)))
    return result


def _grouped(patterns: list) -> list:
    """Each run of patterns starting with a literal segment, grouped; others in place."""
    result, run = [], []
    for pattern in patterns:
        if _first_literal_segment(_route(pattern)) is None:
            result += _grouped_run(run)
            run = []
            result.append(pattern)
        else:
            run.append(pattern)
    return result + _grouped_run(run)


def _grouped_run(run: list) -> list:
    """The patterns under each first segment kept together, in their order, and split by
    the segment after the prefix they all share; each part big enough becomes one include."""
    by_first_segment: dict[str, list] = {}
    for pattern in run:
        by_first_segment.setdefault(_first_literal_segment(_route(pattern)), []).append(pattern)
    result = []
    for members in by_first_segment.values():
        if len(members) < SMALLEST_GROUP:
            result += members
            continue
        shared = _shared_prefix([_route(member) for member in members])
        if any(_open_after(member, shared) for member in members):
            result += members  # splitting them could move a pattern past one that matches
            continue
        parts: dict[str | None, list] = {}
        for member in members:
            next_segment = _first_literal_segment(_route(member)[len(shared) :])
            parts.setdefault(next_segment, []).append(member)
        for next_segment, part in parts.items():
            if next_segment is None or len(part) < SMALLEST_GROUP:
                result += part
            else:
                result.append(_group(f"{shared}{next_segment}/", part))
    return result


def _open_after(pattern, shared: str) -> bool:
    """Whether `pattern` may match paths with any segment after `shared`: an include of
    that very prefix, or a converter right after it. Splitting by that segment could then
    reorder two patterns that match the same path."""
    rest = _route(pattern)[len(shared) :]
    return rest.startswith("<") or (not rest and isinstance(pattern, URLResolver))


def _group(prefix: str, members: list):
    inner = [_with_route(member, _route(member)[len(prefix) :]) for member in members]
    return path(prefix, include(_grouped(inner)))


def _shared_prefix(routes: list[str]) -> str:
    """The whole segments, each with its slash, that every route starts with."""
    shared = []
    # The shortest route ends the comparison: what it lacks cannot be shared.
    for segments in zip(*(route.split("/")[:-1] for route in routes), strict=False):
        if len(set(segments)) != 1:
            break
        shared.append(segments[0])
    return "".join(f"{segment}/" for segment in shared)


def _first_literal_segment(route: str | None) -> str | None:
    """ "combat" of "combat/<int:id>/"; None when the route starts with a converter or
    has no slash, and for a regex (no route)."""
    if route is None:
        return None
    segment, slash, _ = route.partition("/")
    if not slash or not segment or "<" in segment:
        return None
    return segment


def _route(pattern) -> str | None:
    """The route of a `path()` pattern; None for `re_path()` and anything else."""
    if isinstance(pattern.pattern, RoutePattern):
        return str(pattern.pattern)
    return None


def _is_plain(resolver: URLResolver) -> bool:
    """An include that only adds a `path()` prefix: no namespace, no extra arguments."""
    return (
        _route(resolver) is not None
        and resolver.namespace is None
        and resolver.app_name is None
        and not resolver.default_kwargs
    )


def _prefixed(prefix: str, pattern):
    """`pattern` with `prefix` put before its route."""
    if not prefix:
        return pattern
    route = _route(pattern)
    if route is None:
        # A regex cannot take a route prefix: it keeps an include of its own.
        return path(prefix, include([pattern]))
    return _with_route(pattern, prefix + route)


def _with_route(pattern, route: str):
    if isinstance(pattern, URLPattern):
        return path(route, pattern.callback, pattern.default_args, pattern.name)
    return _with_patterns(pattern, pattern.urlconf_name, RoutePattern(route, is_endpoint=False))


def _with_patterns(resolver: URLResolver, patterns, pattern=None) -> URLResolver:
    return URLResolver(
        pattern or resolver.pattern,
        patterns,
        resolver.default_kwargs,
        resolver.app_name,
        resolver.namespace,
    )
