"""The templates print numbers without per-number locale lookups, and the same characters."""

import datetime

import pytest
from django.template import engines
from django.template.backends.django import DjangoTemplates
from django.utils import timezone

from campaigns.table.games import games
from campaigns.table.template_backend import PlainNumberTemplates
from tests.table.demo_pages import assert_demo_pages_unchanged

STOCK_BACKEND = "django.template.backends.django.DjangoTemplates"
VALUES = (
    "{{ small }} {{ negative }} {{ large }} {{ zero }} {{ fraction }} {{ yes }} "
    "{{ day }} | {{ moment }} | {{ clock }} | {{ moment|date:'j M H:i' }} {{ text }}"
)


def _values():
    return {
        "small": 7,
        "negative": -12,
        "large": 1234567,
        "zero": 0,
        "fraction": 2.5,
        "yes": True,
        "day": datetime.date(2026, 12, 6),
        "moment": timezone.make_aware(datetime.datetime(2026, 12, 6, 14, 30)),
        "clock": datetime.time(9, 5),
        "text": "<b>",
    }


def _engine(backend_class, settings):
    """A second engine of the site's template settings with the given backend."""
    params = {key: value for key, value in settings.TEMPLATES[0].items() if key != "BACKEND"}
    return backend_class({"APP_DIRS": False, **params, "NAME": backend_class.__name__})


def test_the_site_uses_the_plain_number_backend():
    assert isinstance(engines["django"], PlainNumberTemplates)


def test_values_print_as_the_localised_backend_prints_them(settings):
    ours = _engine(PlainNumberTemplates, settings).from_string(VALUES)
    stock = _engine(DjangoTemplates, settings).from_string(VALUES)

    printed = ours.render(_values())

    assert printed == stock.render(_values())
    assert printed.startswith("7 -12 1234567 0 2.5 True 6 Dec 2026 | 6 Dec 2026, 2:30 p.m.")
    assert printed.endswith("&lt;b&gt;")


def test_numbers_print_plain_unless_localised(settings):
    settings.USE_THOUSAND_SEPARATOR = True
    template = _engine(PlainNumberTemplates, settings).from_string(
        "{% load l10n %}{{ large }} {% localize on %}{{ large }}{% endlocalize %} {{ large|localize }}"
    )
    assert template.render({"large": 1234567}) == "1234567 1,234,567 1,234,567"


def test_a_missing_template_names_this_backend(settings):
    from django.template import TemplateDoesNotExist

    with pytest.raises(TemplateDoesNotExist) as raised:
        engines["django"].get_template("no/such/template.html")
    assert raised.value.backend is engines["django"]


@pytest.mark.parametrize("game_key", list(games()))
def test_every_demo_page_is_the_same_with_djangos_own_backend(db, client, settings, game_key):
    """Every page and fragment of each game's demo campaign, byte for byte."""

    def djangos_own_backend():
        settings.TEMPLATES = [{**settings.TEMPLATES[0], "BACKEND": STOCK_BACKEND}]
        assert not isinstance(engines["django"], PlainNumberTemplates)

    assert_demo_pages_unchanged(client, game_key, djangos_own_backend)
