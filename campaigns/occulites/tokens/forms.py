"""Forms of the Tribal Tokens page: they parse what the player typed or tapped."""

from django import forms

from campaigns.occulites.rules.tribal_tokens import TRIBAL_TOKEN_USES
from campaigns.occulites.scenario_helpers.forms import NAME_LENGTH, ExpectedCountForm, split_names
from campaigns.table.form_base import Form
from campaigns.table.form_markup import no_inputs


class TokensTribeForm(Form):
    # Its fields never depend on the campaign: the fresh form is drawn from remembered
    # markup (``form_markup``) on every page a writer loads.
    markup_inputs = staticmethod(no_inputs)

    name = forms.CharField(max_length=NAME_LENGTH, label="Tribe")
    occulites = forms.CharField(
        max_length=400,
        label="Occulites",
        help_text="Names separated by commas, the Chief first.",
    )
    luftles = forms.CharField(max_length=400, required=False, label="Luftles (optional)")
    luftle_chief = forms.BooleanField(required=False, label="A Luftle Chief is in the tribe")
    friend_of_the_luftles = forms.BooleanField(
        required=False, label="The Chief has Friend of the Luftles"
    )

    def clean(self):
        data = super().clean()
        data["occulites"] = split_names(data.get("occulites", ""))
        data["luftles"] = split_names(data.get("luftles", ""))
        return data


class TokenPoolForm(ExpectedCountForm):
    tribe = forms.CharField(max_length=40)
    pool = forms.CharField(max_length=20)


class TokenSpendForm(TokenPoolForm):
    figure = forms.CharField(max_length=NAME_LENGTH)
    use = forms.ChoiceField(
        label="Spend it on",
        choices=[(key, use.name) for key, use in TRIBAL_TOKEN_USES.items()],
    )


class ChiefForm(Form):
    tribe = forms.CharField(max_length=40)
    on_board = forms.TypedChoiceField(
        coerce=lambda value: value == "1", choices=[("1", "On the board"), ("0", "Off")]
    )
