"""The stand-alone tribe builder's form: everything arrives in the query string, so a built
tribe is a link the group can share."""

import re

from django import forms

from campaigns.occulites.catalog.blueprints import (
    MAX_EVOLUTIONARY_ADJUSTMENTS,
    STAT_NAMES,
    STATS,
    TRIBE_SIZE,
)
from campaigns.occulites.catalog.stand_alone import TRIBE_LEVELS
from campaigns.occulites.catalog.tribe_types import TRIBE_TYPES
from campaigns.occulites.rules.tribe_builder import EvolutionaryAdjustment
from campaigns.table.fields import BoundedIntegerField
from campaigns.table.form_base import Form

LEVEL_STATS = ("speed", "attack", "defence", "health")  # the points a level gives
DEFAULT_NAMES = tuple(f"Occulite {n}" for n in range(1, TRIBE_SIZE + 1))
SLOTS = tuple(str(n) for n in range(1, TRIBE_SIZE + 1))
ADJUSTMENT_PARAM = re.compile(r"adj(\d+)_(?:stat|from|to)")


class TribeBuilderForm(Form):
    tribe_type = forms.ChoiceField(
        choices=[(key, kind.name) for key, kind in TRIBE_TYPES.items()], label="Tribe type"
    )
    level = forms.ChoiceField(
        choices=[(key, level.name) for key, level in TRIBE_LEVELS.items()], label="Tribe level"
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for slot in SLOTS:
            self.fields[f"name{slot}"] = forms.CharField(
                max_length=30,
                required=False,
                label=f"Occulite {slot} name",
                widget=forms.TextInput(attrs={"placeholder": DEFAULT_NAMES[int(slot) - 1]}),
            )
            for stat in LEVEL_STATS:
                self.fields[f"add{slot}_{stat}"] = BoundedIntegerField(
                    min_value=0,
                    max_value=10,
                    required=False,
                    label=f"{STAT_NAMES[stat]} points for Occulite {slot}",
                )
        stat_choices = [("", "—"), *((stat, STAT_NAMES[stat]) for stat in STATS)]
        slot_choices = [("", "—"), *((slot, f"Occulite {slot}") for slot in SLOTS)]
        for n in range(1, MAX_EVOLUTIONARY_ADJUSTMENTS + 1):
            self.fields[f"adj{n}_stat"] = forms.ChoiceField(
                choices=stat_choices, required=False, label=f"Adjustment {n}: statistic"
            )
            self.fields[f"adj{n}_from"] = forms.ChoiceField(
                choices=slot_choices, required=False, label=f"Adjustment {n}: from"
            )
            self.fields[f"adj{n}_to"] = forms.ChoiceField(
                choices=slot_choices, required=False, label=f"Adjustment {n}: to"
            )

    def clean(self):
        data = super().clean()
        # The link may carry more adjustments than the form has rows: refuse, never drop one.
        extra = {
            int(match[1])
            for key, value in self.data.items()
            if (match := ADJUSTMENT_PARAM.fullmatch(key))
            and int(match[1]) > MAX_EVOLUTIONARY_ADJUSTMENTS
            and value
        }
        if extra:
            raise forms.ValidationError(
                f"A tribe may make at most {MAX_EVOLUTIONARY_ADJUSTMENTS} Evolutionary "
                "Adjustments (Layer Three - Evolutionary Adjustments)"
            )
        for n in range(1, MAX_EVOLUTIONARY_ADJUSTMENTS + 1):
            parts = [data.get(f"adj{n}_{part}") for part in ("stat", "from", "to")]
            if any(parts) and not all(parts):
                self.add_error(f"adj{n}_stat", "Choose the statistic, who gives and who takes.")
        return data

    def names(self) -> list[str]:
        return [
            self.cleaned_data.get(f"name{slot}") or DEFAULT_NAMES[i] for i, slot in enumerate(SLOTS)
        ]

    def adjustments(self) -> list[EvolutionaryAdjustment]:
        return [
            EvolutionaryAdjustment(
                self.cleaned_data[f"adj{n}_stat"],
                self.cleaned_data[f"adj{n}_from"],
                self.cleaned_data[f"adj{n}_to"],
            )
            for n in range(1, MAX_EVOLUTIONARY_ADJUSTMENTS + 1)
            if self.cleaned_data.get(f"adj{n}_stat")
        ]

    def allocation(self) -> dict[str, dict[str, int]]:
        return {
            slot: {stat: self.cleaned_data.get(f"add{slot}_{stat}") or 0 for stat in LEVEL_STATS}
            for slot in SLOTS
        }

    def rows(self):
        """(name field, level point fields) per Occulite, for the template's grid."""
        return [
            (self[f"name{slot}"], [self[f"add{slot}_{stat}"] for stat in LEVEL_STATS])
            for slot in SLOTS
        ]

    def adjustment_rows(self):
        return [
            (self[f"adj{n}_stat"], self[f"adj{n}_from"], self[f"adj{n}_to"])
            for n in range(1, MAX_EVOLUTIONARY_ADJUSTMENTS + 1)
        ]
