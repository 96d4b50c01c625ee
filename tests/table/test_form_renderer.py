"""The Python widget renderer draws exactly what Django's widget templates draw, on a form
with every kind of control and awkward values, and on every game's demo pages."""

import pytest
from django import forms
from django.forms.renderers import DjangoTemplates
from django.utils.safestring import mark_safe
from django.utils.translation import gettext_lazy

from campaigns.table.fields import SharedChoices
from campaigns.table.form_renderer import WidgetRenderer
from campaigns.table.games import games
from tests.table.demo_pages import assert_demo_pages_unchanged

CHOICES = [("", "—"), (1, "One & <two>"), ("b", 'Say "b"'), (3, mark_safe("<em>safe</em>"))]
GROUPED = [("Tribe A", [(1, "Mossy"), (2, "Shade")]), ("Tribe <B>", [(3, "Pip")]), (4, "Alone")]


class EveryControl(forms.Form):
    text = forms.CharField(label="Name", help_text="h", initial='O\'Brien "the" <bold>')
    blank = forms.CharField(required=False)
    number = forms.IntegerField(min_value=0, max_value=99, initial=7)
    date = forms.DateField(required=False)
    hidden = forms.CharField(widget=forms.HiddenInput, initial="x&y")
    tick = forms.BooleanField(required=False, initial=True)
    untick = forms.BooleanField(required=False)
    pick = forms.ChoiceField(choices=CHOICES, initial="b")
    grouped = forms.ChoiceField(choices=GROUPED, initial=3)
    many = forms.MultipleChoiceField(choices=CHOICES, required=False)
    radio = forms.ChoiceField(choices=CHOICES, widget=forms.RadioSelect, initial=1)
    radio_grouped = forms.ChoiceField(choices=GROUPED, widget=forms.RadioSelect)
    boxes = forms.MultipleChoiceField(
        choices=CHOICES,
        widget=forms.CheckboxSelectMultiple(attrs={"class": "chips"}),
        required=False,
        initial=["b", 3],
    )
    note = forms.CharField(widget=forms.Textarea(attrs={"rows": 2}), initial="a < b")
    empty_note = forms.CharField(widget=forms.Textarea, required=False)
    flagged = forms.CharField(
        widget=forms.TextInput(attrs={"autofocus": True, "disabled": False, "data-x": "1"})
    )


def _render_all(form: forms.Form) -> list[str]:
    return [str(field) for field in form]


@pytest.mark.parametrize(
    "data",
    [None, {"text": "<script>", "number": "abc", "pick": "zz", "boxes": ["1"], "tick": "on"}],
    ids=["unbound", "bound with errors"],
)
def test_widgets_match_djangos_templates(data):
    ours = _render_all(EveryControl(data, renderer=WidgetRenderer()))
    django = _render_all(EveryControl(data, renderer=DjangoTemplates()))
    assert ours == django
    assert any("<optgroup" in html for html in ours)


def test_unknown_widget_templates_still_render_through_templates():
    class Split(forms.Form):
        when = forms.SplitDateTimeField()

    assert str(Split(renderer=WidgetRenderer())["when"]) == str(
        Split(renderer=DjangoTemplates())["when"]
    )


@pytest.mark.parametrize("game_key", list(games()))
def test_every_demo_page_is_the_same_with_djangos_widget_templates(db, client, settings, game_key):
    """Every page and fragment of each game's demo campaign, byte for byte."""
    from django.forms.renderers import get_default_renderer

    def djangos_widget_templates():
        settings.FORM_RENDERER = "django.forms.renderers.DjangoTemplates"
        get_default_renderer.cache_clear()

    try:
        assert_demo_pages_unchanged(client, game_key, djangos_widget_templates)
    finally:
        get_default_renderer.cache_clear()


class AwkwardControls(forms.Form):
    """What `control` draws directly and the edges of when it may not."""

    required_pick = forms.ChoiceField(choices=[(None, "None of them"), ("", "Empty"), (0, "0")])
    repeated = forms.ChoiceField(choices=[("a", "First a"), ("a", "Second a")], initial="a")
    lazy = forms.ChoiceField(choices=lambda: [(1, "Called")], required=False)
    off = forms.CharField(disabled=True, initial="fixed", help_text="Cannot change.")
    own_id = forms.IntegerField(widget=forms.NumberInput(attrs={"id": "mine", "step": 2}))
    mail = forms.EmailField(required=False, initial="a@b.c")
    link = forms.URLField(required=False, assume_scheme="https")
    ticked_by_test = forms.CharField(
        widget=forms.CheckboxInput(check_test=lambda value: value == "yes"), initial="yes"
    )
    localized = forms.IntegerField(localize=True, initial=1234)
    note = forms.CharField(widget=forms.Textarea, required=False)
    shared = forms.ChoiceField(choices=SharedChoices([(1, "One"), ("<b>", "Bold & <i>")]))
    shared_lazy = forms.ChoiceField(
        choices=SharedChoices([("en", gettext_lazy("English")), ("", "None")]), required=False
    )


@pytest.mark.parametrize(
    "data",
    [
        None,
        {"text": "<script>", "number": "abc", "pick": "zz", "boxes": ["1"], "tick": "on"},
        {"text": "ok", "number": "5", "pick": "3", "grouped": "2", "flagged": "x"},
    ],
    ids=["unbound", "bound with errors", "bound valid"],
)
@pytest.mark.parametrize("form_class", [EveryControl, AwkwardControls])
def test_a_control_drawn_directly_is_what_the_widget_draws(data, form_class):
    from campaigns.table.form_renderer import control

    if data is not None and form_class is AwkwardControls:
        data = {
            **{"required_pick": "0", "repeated": "a", "own_id": "x", "ticked_by_test": "no"},
            **{"shared": "<b>", "shared_lazy": "en"},
        }
    form = form_class(data, renderer=WidgetRenderer(), prefix="p")
    for bound_field in form:
        assert control(bound_field) == str(bound_field), bound_field.name


def test_shared_choices_keep_their_escaped_options_but_never_the_selection():
    from campaigns.table.form_renderer import control

    for data in (None, {"p-shared": "<b>"}, {"p-shared": "1"}, None):
        form = AwkwardControls(data, renderer=WidgetRenderer(), prefix="p")
        assert control(form["shared"]) == str(form["shared"])
        assert control(form["shared_lazy"]) == str(form["shared_lazy"])
    kept = AwkwardControls.base_fields["shared"].choices.drawn_options
    assert kept == (("1", "1", "One"), ("<b>", "&lt;b&gt;", "Bold &amp; &lt;i&gt;"))
    # A translated label may read differently in another request: not kept.
    assert AwkwardControls.base_fields["shared_lazy"].choices.drawn_options is None
