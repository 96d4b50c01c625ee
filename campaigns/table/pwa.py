"""The phone at the table: what makes the site an installable app (the web app manifest, the
service worker and its offline page) and the per-device text size.

The service worker caches static assets only. Pages always come from the network: when the
network fails, the offline page says the table is unreachable and retries, so a phone never
shows an old campaign page as if it were current.
"""

import hashlib
import json
from functools import lru_cache

from django import forms
from django.conf import settings
from django.contrib.staticfiles import finders
from django.http import HttpResponse, JsonResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.urls import reverse
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_GET, require_POST

from .form_base import Form
from .htmx import redirect_next

APP_NAME = "Dawn Companion"
THEME_COLOUR = "#14161c"  # the dark theme's --bg (app.css)
# What every page needs, cached when the service worker installs.
PRECACHED_STATIC = (
    "table/css/app.css",
    "table/js/htmx.min.js",
    "table/js/app.js",
    "table/js/offline.js",
    "table/icons/icon.svg",
    "table/icons/icon-192.png",
)
SERVICE_WORKER_SOURCE = "table/js/sw.js"

TEXT_SIZE_COOKIE = "text_size"
TEXT_SIZES = (("normal", "Normal"), ("large", "Large"), ("xlarge", "Extra large"))
TEXT_SIZE_COOKIE_AGE = 60 * 60 * 24 * 365


def text_size_of(request) -> str:
    """The device's text size from its cookie; "normal" for anything unknown."""
    size = request.COOKIES.get(TEXT_SIZE_COOKIE, "normal")
    return size if size in dict(TEXT_SIZES) else "normal"


@require_GET
@cache_control(max_age=60 * 60)
def manifest(request):
    """The web app manifest: name, icons, dark colours, standalone, start at home."""
    icon = "table/icons/"
    body = {
        "id": "/",
        "name": APP_NAME,
        "short_name": "Dawn",
        "description": "Campaign sheets, dice, draws and the rules at the table.",
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "orientation": "portrait",
        "background_color": THEME_COLOUR,
        "theme_color": THEME_COLOUR,
        "icons": [
            {"src": static(icon + "icon-192.png"), "sizes": "192x192", "type": "image/png"},
            {"src": static(icon + "icon-512.png"), "sizes": "512x512", "type": "image/png"},
            {
                "src": static(icon + "icon-maskable-512.png"),
                "sizes": "512x512",
                "type": "image/png",
                "purpose": "maskable",
            },
            {"src": static(icon + "icon.svg"), "sizes": "any", "type": "image/svg+xml"},
        ],
    }
    return JsonResponse(body, content_type="application/manifest+json")


@lru_cache(maxsize=1)
def _service_worker_script() -> str:
    """The worker's source with its cache list and a version that changes whenever one of
    the cached files does (whitenoise's hashed names in production, the bytes in debug)."""
    urls = [static(name) for name in PRECACHED_STATIC]
    digest = hashlib.sha256(json.dumps(urls).encode())
    for name in (*PRECACHED_STATIC, SERVICE_WORKER_SOURCE):
        path = finders.find(name)
        if path:
            with open(path, "rb") as source:
                digest.update(source.read())
    config = {
        "version": digest.hexdigest()[:12],
        "precache": [*urls, reverse("offline")],
        "offline": reverse("offline"),
        "static": settings.STATIC_URL
        if settings.STATIC_URL.startswith("/")
        else "/" + settings.STATIC_URL,
    }
    with open(finders.find(SERVICE_WORKER_SOURCE), encoding="utf-8") as source:
        return f"const DAWN_SW = {json.dumps(config)};\n" + source.read()


@require_GET
def service_worker(request):
    """The service worker, at the site's root so its scope covers every page."""
    script = _service_worker_script() if not settings.DEBUG else _uncached_script()
    response = HttpResponse(script, content_type="text/javascript; charset=utf-8")
    response["Service-Worker-Allowed"] = "/"
    # Browsers check for a new worker on navigation; never let a cache hide one.
    response["Cache-Control"] = "no-cache"
    return response


def _uncached_script() -> str:
    # In development the static files change under a running server.
    _service_worker_script.cache_clear()
    return _service_worker_script()


@require_GET
def offline(request):
    """What the service worker shows when a page cannot be reached. Holds nothing about a
    user or a campaign, since it is cached on the phone."""
    return render(request, "table/offline.html")


class TextSizeForm(Form):
    size = forms.ChoiceField(choices=TEXT_SIZES)


@require_POST
def text_size(request):
    """Set this device's text size (a cookie), then go back; works without JavaScript."""
    form = TextSizeForm(request.POST)
    response = redirect_next(request, "/")
    if form.is_valid():
        response.set_cookie(
            TEXT_SIZE_COOKIE,
            form.cleaned_data["size"],
            max_age=TEXT_SIZE_COOKIE_AGE,
            samesite="Lax",
        )
    return response
