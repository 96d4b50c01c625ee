"""The Väki Mat's actions: väki collected, combined, split or spent for alignment; blessings."""

from django import forms

from campaigns.dawnshade.catalog.blessings import BLESSINGS
from campaigns.table.fields import COUNT_MAX, BoundedIntegerField
from campaigns.table.form_base import Form
from campaigns.table.form_markup import no_inputs

from ..forms_common import (
    BLANK,
    BLANK_TIER_I_CHOICES,
    ELEMENT_CHOICES,
    TIER_I_CHOICES,
    TIER_II_CHOICES,
    CharacterField,
    KinshipForm,
    SharedChoices,
)


class VakiDrawForm(KinshipForm):
    character = CharacterField(label="Character")
    element = forms.ChoiceField(label="Väki (Tier I)", choices=TIER_I_CHOICES)
    amount = BoundedIntegerField(
        min_value=0, max_value=COUNT_MAX, label="How many", initial=1, required=False
    )
    reason = forms.CharField(label="From", max_length=80, initial="Väki dice", required=False)


class VakiCombineForm(KinshipForm):
    character = CharacterField(label="Character")
    result = forms.ChoiceField(label="Make (Tier II)", choices=TIER_II_CHOICES)


class VakiSplitForm(KinshipForm):
    character = CharacterField(label="Character")
    element = forms.ChoiceField(label="Split (Tier II)", choices=TIER_II_CHOICES)


class VakiAlignmentForm(KinshipForm):
    character = CharacterField(label="Character spending")
    element = forms.ChoiceField(label="Väki spent", choices=ELEMENT_CHOICES)
    returning = forms.BooleanField(label="Returned after a battle", required=False)
    condition_to = CharacterField(
        label="If it shifts to a Watcher: who receives its positive condition", required=False
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        condition_to = self.fields["condition_to"]
        condition_to.choices = SharedChoices([BLANK, *condition_to.choices])
        condition_to.empty_value = None
        for view in self.view.characters if self.view else ():
            self.fields[f"balanced_{view.pk}"] = forms.ChoiceField(
                label=f"If it shifts to Balanced: {view.name} takes",
                choices=BLANK_TIER_I_CHOICES,
                required=False,
            )

    def balanced_fields(self) -> list:
        return [self[f"balanced_{view.pk}"] for view in self._characters()]

    def service_arguments(self) -> dict:
        data = self.cleaned_data
        balanced = {
            view.pk: data[f"balanced_{view.pk}"]
            for view in self._characters()
            if data.get(f"balanced_{view.pk}")
        }
        return {
            "character": data["character"],
            "element": data["element"],
            "returning": data["returning"],
            "condition_to": data["condition_to"],
            "balanced_vaki": balanced,
        }


class BlessingForm(Form):
    markup_inputs = staticmethod(no_inputs)
    blessing = forms.ChoiceField(
        label="Watchers Blessing",
        choices=SharedChoices((key, b.name) for key, b in BLESSINGS.items()),
    )


class AlignmentResetForm(Form):
    reason = forms.CharField(label="Why", max_length=120, initial="a Cataclysm tile")
