"""Bounded numbers (issue 14, point 1): every integer field of every form in the project has
a lower and an upper bound and refuses digits other than 0-9, so an odd count is a 422
beside its field on SQLite and PostgreSQL alike, never a 500 or a stored 80 000 VP."""

import importlib
import inspect
from pathlib import Path
from types import SimpleNamespace

import pytest
from django import forms
from django.urls import reverse

import campaigns
import rulesref
from campaigns.occulites.catalog.scenarios import SCENARIOS, AppliesTo, OptionKind
from campaigns.table.fields import BoundedIntegerField
from tests.occulites.conftest import writes_nothing

ARABIC_INDIC_THREE = "\u0663"
# Being written by another helper right now (the Dawnshade battle); drop this once its forms
# use campaigns.table.fields, and the strict xfail will say so.
PENDING: set[str] = set()


def _forms_modules() -> list[str]:
    names = []
    for package in (campaigns, rulesref):
        root = Path(package.__file__).parent
        for path in sorted(root.rglob("forms*.py")):
            relative = path.relative_to(root.parent).with_suffix("")
            names.append(".".join(relative.parts))
    return names


def _form_classes(module_name: str) -> list[type[forms.Form]]:
    module = importlib.import_module(module_name)
    return [
        cls
        for _, cls in inspect.getmembers(module, inspect.isclass)
        if issubclass(cls, forms.BaseForm) and cls.__module__ == module_name
    ]


def _occulite(pk=1):
    return SimpleNamespace(
        pk=pk, name="Chief", defence=3, start_defence=4, tribe=SimpleNamespace(name="T")
    )


def _built_forms(cls) -> list[forms.BaseForm]:
    """Instances whose fields are made in __init__: with no arguments where that works,
    else with the few arguments the project's forms take."""
    from campaigns.occulites.results.forms import OptionForm, RebornForm, ResultForm

    if cls is ResultForm:
        return [ResultForm(scenario=scenario, occulites=[]) for scenario in SCENARIOS.values()]
    if cls is OptionForm:
        return [
            OptionForm(option=option, occulites=[], other_tribes=[])
            for scenario in SCENARIOS.values()
            for option in scenario.options
            if option.applies_to is not AppliesTo.LOWEST_FIGURE
            or option.kind is not OptionKind.STAT
        ]
    if cls is RebornForm:
        return [RebornForm(occulite=_occulite())]
    view = SimpleNamespace(
        characters=[SimpleNamespace(pk=1, name="Ash")],
        deck_left=[],
        returns=[],
        tiles=[],
        visit=None,
        reward=None,
        kinship=SimpleNamespace(mode="trilogy"),
    )
    for kwargs in ({}, {"view": view}):
        try:
            return [cls(**kwargs)]
        except (TypeError, AttributeError, KeyError):
            continue
    return []


def _integer_fields(cls) -> list[tuple[str, forms.IntegerField]]:
    fields = dict(cls.declared_fields)
    for form in _built_forms(cls):
        fields.update(form.fields)
    return [(name, f) for name, f in fields.items() if isinstance(f, forms.IntegerField)]


def _params() -> list:
    pending = pytest.mark.xfail(strict=True, reason="battle forms in progress elsewhere")
    return [
        pytest.param(name, id=name, marks=[pending] if name in PENDING else [])
        for name in _forms_modules()
    ]


@pytest.mark.parametrize("module_name", _params())
def test_every_integer_field_has_bounds_and_ascii_digits(module_name):
    unbounded, unicode_digits = [], []
    for cls in _form_classes(module_name):
        for name, field in _integer_fields(cls):
            where = f"{cls.__name__}.{name}"
            if field.min_value is None or field.max_value is None:
                unbounded.append(where)
            try:
                field.clean(ARABIC_INDIC_THREE)
                unicode_digits.append(where)
            except forms.ValidationError:
                pass
    assert not unbounded, f"integer fields without min_value/max_value: {unbounded}"
    assert not unicode_digits, f"integer fields taking Arabic-Indic digits: {unicode_digits}"


def test_the_walk_finds_the_forms_built_in_init():
    from campaigns.occulites.results.forms import ResultForm

    names = {name for name, _ in _integer_fields(ResultForm)}
    assert {"sungems_gained", "vp_left_with_sungem"} <= names


@pytest.mark.parametrize(
    "value, message",
    [
        ("\u0663", "digits 0-9"),
        ("abc", "digits 0-9"),
        ("1.5", "digits 0-9"),
        ("-1", "greater than or equal to 0"),
        ("-" + "9" * 10_000, "greater than or equal to 0"),
        ("1000", "less than or equal to 999"),
        (str(2**63), "less than or equal to 999"),
        ("9" * 10_000, "less than or equal to 999"),
    ],
)
def test_a_bounded_field_refuses_odd_numbers_with_a_clear_message(value, message):
    field = BoundedIntegerField(min_value=0, max_value=999)
    with pytest.raises(forms.ValidationError, match=message):
        field.clean(value)
    assert field.clean(" 42 ") == 42


def test_a_bounded_field_needs_both_bounds():
    with pytest.raises(TypeError):
        BoundedIntegerField(min_value=0)  # type: ignore[call-arg]


# --- the example, on whichever database the suite runs --------------------------


@pytest.fixture
def game():
    return "occulites"


@pytest.mark.parametrize(
    "field, value",
    [
        ("vp_left_with_sungem", "40000"),
        ("sungems_gained", "32768"),
        ("vp_left_with_sungem", str(2**63)),
        ("sungems_gained", str(10**30)),
        ("sungems_gained", ARABIC_INDIC_THREE),
    ],
)
def test_an_unbounded_count_in_a_result_is_a_422_beside_the_field(
    campaign, user, owner_client, field, value
):
    from campaigns.occulites import services

    tribe = services.tribe_create(campaign=campaign, actor=user, name="Deep Pool")
    url = reverse("occulites:record_result", args=[campaign.pk, tribe.pk])
    data = {"scenario": "returning_from_the_hunt", "sungems_gained": "0", field: value}
    with writes_nothing(campaign):
        response = owner_client.post(url, data, HTTP_HX_REQUEST="true")
    assert response.status_code == 422
    page = response.content.decode()
    assert "less than or equal to" in page or "digits 0-9" in page


# --- point 9: Luftle base letters are letters, as printed -------------------------------


@pytest.mark.parametrize("letter", ["0", "-1", "A1", "é", "\u0663"])
def test_a_luftle_base_letter_is_a_letter_as_printed(campaign, user, letter):
    """Luftles - Recruiting Luftles to Your Tribe: each base carries lettering, matched to
    the letter on the Luftle's reference card."""
    from campaigns.occulites import services
    from campaigns.table.errors import ValidationError

    tribe = services.tribe_create(campaign=campaign, actor=user, name="Deep Pool")
    services.tribe_award_vp(tribe=tribe, actor=user, amount=10, reason="found")
    with writes_nothing(campaign), pytest.raises(ValidationError, match="letters A-Z"):
        services.luftle_recruit(tribe=tribe, actor=user, caste="grunt", base_letter=letter)
    services.luftle_recruit(tribe=tribe, actor=user, caste="grunt", base_letter="b")
