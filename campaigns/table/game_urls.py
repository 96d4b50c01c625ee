"""URL patterns of every registered game, each in its own namespace (the game's key).

A game's URL module has `campaign_urlpatterns` (mounted under /c/<campaign_id>/<key>/) and
may have `stand_alone_urlpatterns` (under /<key>/, pages that need no campaign).
"""

from importlib import import_module

from django.urls import include, path

from .games import games


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
        patterns.append(path("", include((inner, key), namespace=key)))
    return patterns
