"""The forms' base class copies each form's fields more cheaply than Django does, with the
same outcome: one form's changes to its fields never reach another form or the class."""

import copy

import pytest
from django import forms

from campaigns.table.fields import SharedChoices
from campaigns.table.form_base import Form
from campaigns.table.models import Campaign

GROUPED = [("Dice", [("d6", "Six sides"), ("d10", "Ten sides")]), ("none", "No dice")]


def _declare(base):
    class Probe(base):
        name = forms.CharField(max_length=20, label="Name", error_messages={"required": "Say"})
        kind = forms.ChoiceField(choices=[("a", "Apple"), ("b", "Bee")])
        sides = forms.TypedChoiceField(choices=GROUPED, coerce=str, required=False)
        picks = forms.MultipleChoiceField(
            choices=[("x", "X"), ("y", "Y")], widget=forms.CheckboxSelectMultiple
        )
        shared = forms.ChoiceField(choices=SharedChoices([("1", "One")]))
        when = forms.SplitDateTimeField(required=False)  # copies its sub-fields its own way
        secret = forms.CharField(widget=forms.HiddenInput, initial="s")

    return Probe


CheapProbe, DjangoProbe = _declare(Form), _declare(forms.Form)


def test_a_form_draws_as_djangos_form_does():
    data = {"name": "Ann", "kind": "b", "sides": "d10", "picks": ["y"], "secret": "s"}
    for args in ((), (data,)):
        assert str(CheapProbe(*args)) == str(DjangoProbe(*args))
    assert CheapProbe(data).errors == DjangoProbe(data).errors


def test_each_form_has_fields_and_widgets_of_its_own():
    one, two = CheapProbe(), CheapProbe()
    for name in CheapProbe.base_fields:
        assert one.fields[name] is not two.fields[name]
        assert one.fields[name] is not CheapProbe.base_fields[name]
        assert one.fields[name].widget is not two.fields[name].widget
    one.fields["name"].label = "Changed"
    one.fields["name"].widget.attrs["placeholder"] = "changed"
    one.fields["name"].error_messages["required"] = "changed"
    one.fields["name"].validators.append(lambda value: None)
    one.fields["kind"].choices = [("c", "Cat")]
    one.fields["picks"].widget.choices.append(("z", "Z"))
    one.fields["sides"].choices[0][1].append(("d20", "Twenty"))
    for form in (two, CheapProbe()):
        assert form.fields["name"].label == "Name"
        assert "placeholder" not in form.fields["name"].widget.attrs
        assert form.fields["name"].error_messages["required"] == "Say"
        assert len(form.fields["name"].validators) == len(DjangoProbe().fields["name"].validators)
        assert form.fields["kind"].choices == [("a", "Apple"), ("b", "Bee")]
        assert form.fields["kind"].widget.choices == [("a", "Apple"), ("b", "Bee")]
        assert form.fields["picks"].widget.choices == [("x", "X"), ("y", "Y")]
        assert form.fields["sides"].choices == DjangoProbe().fields["sides"].choices


def test_unchangeable_shared_choices_stay_shared():
    one = CheapProbe()
    assert one.fields["shared"]._choices is CheapProbe.base_fields["shared"]._choices


def test_fields_that_copy_themselves_their_own_way_keep_it():
    class WithModelChoice(Form):
        campaign = forms.ModelChoiceField(queryset=Campaign.objects.all())

    one, two = WithModelChoice(), WithModelChoice()
    assert one.fields["campaign"].queryset is not two.fields["campaign"].queryset
    when_one, when_two = CheapProbe().fields["when"], CheapProbe().fields["when"]
    assert when_one.fields[0] is not when_two.fields[0]
    assert when_one.widget.widgets[0] is not when_two.widget.widgets[0]


def test_a_field_added_after_the_class_is_inherited_by_later_subclasses():
    class Base(Form):
        first = forms.CharField()

    Base.base_fields["added"] = forms.IntegerField()

    class Later(Base):
        last = forms.CharField()

    assert list(Later().fields) == ["first", "added", "last"]
    assert Base.base_fields is Base.declared_fields


@pytest.mark.parametrize("form_class", [CheapProbe])
def test_the_class_fields_copy_as_a_whole(form_class):
    copied = copy.deepcopy(form_class.base_fields)
    assert list(copied) == list(form_class.base_fields)
    assert all(copied[name] is not form_class.base_fields[name] for name in copied)
