"""URL patterns of every registered game, each in its own namespace (the game's key).

A game's URL module has `campaign_urlpatterns` (mounted under /c/<campaign_id>/<key>/) and
may have `stand_alone_urlpatterns` (under /<key>/, pages that need no campaign).
"""

import re
from importlib import import_module

from django.urls import URLResolver, include, path
from django.urls.resolvers import RegexPattern

from .games import games


class OwnPrefixes(RegexPattern):
    """A namespace's route that only looks ahead at the game's two prefixes.

    It consumes nothing, so the patterns inside keep their whole routes and the namespace
    reads as the empty route it replaces (`str()` is what route listings and a match's
    `route` use); but another game's URL fails it with one regex, where an empty route let
    it in to try every pattern of this game."""

    def __init__(self, key: str):
        game = re.escape(key)
        super().__init__(rf"^(?=c/[0-9]+/{game}/|{game}/)", is_endpoint=False)

    def __str__(self) -> str:
        return ""


def game_urlpatterns() -> list:
    patterns = []
    for key, registration in games().items():
        if registration.urls is None:
            continue
        module = import_module(registration.urls)
        inner = [
            path(f"c/<int:campaign_id>/{key}/", include(module.campaign_urlpatterns)),
            path(f"{key}/", include(getattr(module, "stand_alone_urlpatterns", []))),
        ]
        patterns.append(URLResolver(OwnPrefixes(key), inner, app_name=key, namespace=key))
    return patterns
