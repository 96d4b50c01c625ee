"""Forms of the Occulites campaign sheet."""

from django import forms

from campaigns.occulites.catalog.tribe_types import TRIBE_TYPES
from campaigns.table.form_base import Form

TRIBE_TYPE_CHOICES = [(key, tribe_type.name) for key, tribe_type in TRIBE_TYPES.items()]


class TribeCreateForm(Form):
    name = forms.CharField(max_length=60, label="Tribe name")
    tribe_type = forms.ChoiceField(choices=TRIBE_TYPE_CHOICES, label="Tribe type")
    colour = forms.CharField(max_length=30, required=False, label="Colour")
    occulite_names = forms.CharField(
        max_length=300,
        required=False,
        label="Occulite names",
        help_text="Five names separated by commas, the Chief first. Leave empty for defaults.",
    )
    played_by_me = forms.BooleanField(required=False, initial=True, label="I play this tribe")

    def clean_occulite_names(self) -> list[str] | None:
        text = self.cleaned_data["occulite_names"].strip()
        if not text:
            return None
        return [name.strip() for name in text.split(",")]
