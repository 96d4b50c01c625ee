"""URL patterns with their plain includes flattened, so resolving a URL passes few levels.

Django resolves a path by walking a list of patterns in order; each include it enters
costs about 8 µs (a match object per level), and an include that matches its prefix but
none of its patterns raises and catches an exception on the way out (about 5 µs). The
games' URLs are written as one include per area, each with an empty prefix, under the
campaign's prefix, under the game's namespace: a game's page passed five levels and every
area before its own, 60-200 µs to resolve against about 12 for a one-pattern site.

`flattened` returns the same URLs, names and views with every include that has no
namespace and no extra arguments replaced by its own patterns, their routes prefixed with
the include's. Order is kept, so the first pattern that matched before still matches first.
Namespaced includes (a game) stay, with their own patterns flattened inside.
"""

from django.urls import URLPattern, URLResolver, include, path
from django.urls.resolvers import RoutePattern


def flattened(patterns) -> list:
    result = []
    for pattern in patterns:
        if not isinstance(pattern, URLResolver):
            result.append(pattern)
        elif _is_plain(pattern):
            prefix = str(pattern.pattern)
            result += [_prefixed(prefix, inner) for inner in flattened(pattern.url_patterns)]
        else:
            result.append(
                URLResolver(
                    pattern.pattern,
                    flattened(pattern.url_patterns),
                    pattern.default_kwargs,
                    pattern.app_name,
                    pattern.namespace,
                )
            )
    return result


def _is_plain(resolver: URLResolver) -> bool:
    """An include that only adds a `path()` prefix: no namespace, no extra arguments."""
    return (
        isinstance(resolver.pattern, RoutePattern)
        and resolver.namespace is None
        and resolver.app_name is None
        and not resolver.default_kwargs
    )


def _prefixed(prefix: str, pattern):
    """`pattern` with `prefix` put before its route."""
    if not prefix:
        return pattern
    if not isinstance(pattern.pattern, RoutePattern):
        # A regex cannot take a route prefix: it keeps an include of its own.
        return path(prefix, include([pattern]))
    route = prefix + str(pattern.pattern)
    if isinstance(pattern, URLPattern):
        return path(route, pattern.callback, pattern.default_args, pattern.name)
    return URLResolver(
        RoutePattern(route, is_endpoint=False),
        pattern.urlconf_name,
        pattern.default_kwargs,
        pattern.app_name,
        pattern.namespace,
    )
