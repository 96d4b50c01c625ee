"""Fields offering `SharedChoices` draw and validate as with plain choices, and every copy of
a form shares them without one form's new choices reaching another."""

from django import forms

from campaigns.dawnshade.battle.forms import CONDITION_CHOICES, ConditionForm
from campaigns.dawnshade.forms_common import SharedChoices

PLAIN = [("", "—"), ("a", 'A <"b">'), ("group", [("c", "C"), ("d", "D")])]


class PlainForm(forms.Form):
    pick = forms.ChoiceField(choices=PLAIN, required=False)


class SharedForm(forms.Form):
    pick = forms.ChoiceField(choices=SharedChoices(PLAIN), required=False)


def test_a_shared_choice_field_draws_as_a_plain_one():
    assert str(SharedForm()["pick"]) == str(PlainForm()["pick"])
    assert str(SharedForm(initial={"pick": "c"})["pick"]) == str(
        PlainForm(initial={"pick": "c"})["pick"]
    )


def test_a_shared_choice_field_validates_as_a_plain_one():
    for value in ["a", "c", "", "zzz"]:
        shared, plain = SharedForm({"pick": value}), PlainForm({"pick": value})
        assert shared.is_valid() == plain.is_valid()
        assert shared.errors == plain.errors


def test_copies_share_the_choices_and_new_ones_stay_with_their_form():
    first, second = ConditionForm(prefix="condition"), ConditionForm(prefix="condition")
    assert first.fields["condition"].choices is CONDITION_CHOICES
    assert first.fields["condition"].widget.choices is CONDITION_CHOICES
    first.fields["condition"].choices = [("only", "Only")]
    assert list(second.fields["condition"].choices) == list(CONDITION_CHOICES)
    assert list(ConditionForm().fields["condition"].choices) == list(CONDITION_CHOICES)
