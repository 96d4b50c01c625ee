"""Forms of the Occulites season pages: nominating, house values, the redraw, the Natural
Selection deck, and the Long Dark dice."""

import re

from django import forms

from campaigns.occulites.catalog.scenarios import SCENARIOS
from campaigns.occulites.catalog.season import (
    ENCOUNTER_NUMBER_MAX,
    ENCOUNTER_NUMBER_MIN,
    SEASON_TIMESLOTS,
    TIME_OF_THE_SEASON,
)
from campaigns.occulites.models import Tribe
from campaigns.occulites.tools.forms import DigitsField
from campaigns.table.fields import COUNT_MAX, BoundedIntegerField, SharedChoices
from campaigns.table.form_base import Form

SCENARIO_CHOICES = [
    (key, f"{scenario.number}. {scenario.name}") for key, scenario in SCENARIOS.items()
]
# The same, normalized once for the fields (every form made copies its fields' choices).
_SCENARIO_FIELD_CHOICES = SharedChoices(SCENARIO_CHOICES)
# A deck entry: "3:12", "3x12", "3×12" or "3=12" (card value, then how many cards).
DECK_ENTRY = re.compile(r"([0-9]{1,9})\s*[:x×=*]\s*([0-9]{1,9})")
MAX_CARD_VALUE = 99
MAX_CARDS_OF_A_VALUE = 999


def described_choices(encounter_labels: dict[str, str]) -> SharedChoices:
    """Each scenario with its tokens at this timeslot added to its option (e.g. "5 tokens",
    "no printed value"), as the view read them from the rules: made once for every tribe's
    nomination form."""
    return SharedChoices(
        (key, f"{label} — {encounter_labels[key]}") for key, label in SCENARIO_CHOICES
    )


def _nominate_inputs(tribe_name="", scenario_choices=None, auto_id=None) -> tuple:
    """What a fresh nomination form shows (``form_markup``)."""
    return (tribe_name, tuple(scenario_choices or ()), auto_id)


class NominateForm(Form):
    """A tribe's nomination, described (`describe`) when made with ``tribe_name`` and
    ``scenario_choices``."""

    markup_inputs = staticmethod(_nominate_inputs)
    scenario_key = forms.ChoiceField(choices=_SCENARIO_FIELD_CHOICES, label="Scenario")

    def __init__(self, *args, tribe_name="", scenario_choices=None, **kwargs):
        super().__init__(*args, **kwargs)
        if scenario_choices is not None:
            self.describe(tribe_name, scenario_choices)

    def describe(self, tribe_name: str, choices: SharedChoices) -> None:
        """Name the tribe in the label and offer the scenarios as `described_choices`
        describes them."""
        self.fields["scenario_key"].label = f"Scenario for {tribe_name}"
        self.fields["scenario_key"].choices = choices


def _auto_id_only(auto_id=None) -> tuple:
    """What a fresh form with fixed fields shows besides them: its ids (``form_markup``)."""
    return (auto_id,)


class ChooseScenarioForm(Form):
    """Scenario 8's beaten Defender names the next scenario (no bag)."""

    markup_inputs = staticmethod(_auto_id_only)

    scenario_key = forms.ChoiceField(choices=_SCENARIO_FIELD_CHOICES, label="Scenario to play next")


class HouseValueForm(Form):
    """The group's Encounter number for a Time of the Season cell the rulebook leaves empty."""

    scenario_key = forms.ChoiceField(choices=_SCENARIO_FIELD_CHOICES, widget=forms.HiddenInput)
    timeslot = BoundedIntegerField(
        min_value=1, max_value=SEASON_TIMESLOTS, widget=forms.HiddenInput
    )
    value = BoundedIntegerField(
        min_value=ENCOUNTER_NUMBER_MIN,
        max_value=ENCOUNTER_NUMBER_MAX,
        label="Tokens in the bag (house value)",
    )

    def clean(self):
        data = super().clean()
        key, timeslot = data.get("scenario_key"), data.get("timeslot")
        if key and timeslot:
            printed = TIME_OF_THE_SEASON[key].encounter_number(timeslot)
            if printed is not None:
                raise forms.ValidationError(
                    f"The Time of the Season table prints {printed} for "
                    f"{SCENARIOS[key].name} at timeslot {timeslot}; a printed value always wins."
                )
        return data


class RedrawForm(Form):
    tribe = forms.ModelChoiceField(
        queryset=Tribe.objects.none(), label="Tribe paying for the redraw", empty_label=None
    )
    confirmed = forms.BooleanField(required=False, widget=forms.HiddenInput)

    def __init__(self, *args, campaign, offered=None, **kwargs):
        """``offered``: the tribes the page offers (those that can pay); a post is checked
        against every tribe of the campaign, so the service can say why one may not."""
        super().__init__(*args, **kwargs)
        tribes = Tribe.objects.filter(campaign=campaign)
        if offered is not None:
            tribes = tribes.filter(pk__in=[tribe.pk for tribe in offered])
        self.fields["tribe"].queryset = tribes


def parse_deck(text: str) -> dict[int, int]:
    """ "1:12, 2:12 3x8" -> {1: 12, 2: 12, 3: 8}; anything else, or a value given twice, is
    refused."""
    text = (text or "").strip()
    if re.sub(r"[\s,;]+", "", DECK_ENTRY.sub("", text)):
        raise forms.ValidationError(
            "Write each card value with its count as value:count, e.g. 1:10, 2:10, 3:10."
        )
    counts: dict[int, int] = {}
    for match in DECK_ENTRY.finditer(text):
        value, count = int(match[1]), int(match[2])
        if value > MAX_CARD_VALUE or count > MAX_CARDS_OF_A_VALUE:
            raise forms.ValidationError(f"“{match[0]}” is too large for a card value and count.")
        if value in counts:
            raise forms.ValidationError(f"Card value {value} is listed twice.")
        counts[value] = count
    if not counts:
        raise forms.ValidationError("List each card value with how many cards carry it.")
    return counts


class DeckForm(Form):
    card_counts = forms.CharField(
        max_length=2000,
        widget=forms.Textarea(attrs={"rows": 3, "autocomplete": "off"}),
        label="Numbered cards in your deck",
        help_text="Each card value with how many cards carry it, as value:count, e.g. "
        "<code>1:10, 2:10, 3:10</code>. Count your own cards or agree a house deck.",
    )

    def clean_card_counts(self) -> dict[int, int]:
        return parse_deck(self.cleaned_data["card_counts"])


def deck_text(card_counts: dict | None) -> str:
    """The stored deck as the form shows it again ("1:10, 2:10")."""
    if not card_counts:
        return ""
    return ", ".join(f"{value}:{count}" for value, count in sorted_deck(card_counts))


def sorted_deck(card_counts: dict) -> list[tuple[int, int]]:
    return sorted((int(value), count) for value, count in card_counts.items())


class LongDarkRollForm(Form):
    markup_inputs = staticmethod(_auto_id_only)
    # hx-preserve keeps what a player is typing when another phone's change reloads the page.
    dice = DigitsField(
        widget=forms.TextInput(
            attrs={"inputmode": "numeric", "autocomplete": "off", "hx-preserve": "true"}
        ),
        label="Dice you rolled at the table",
        help_text="Leave empty to roll in the app, or type the faces (0-9), e.g. 9 4 0 7.",
    )


def _reroll_inputs(dice_choices=None, auto_id=None) -> tuple:
    return (None if dice_choices is None else tuple(dice_choices), auto_id)


class LongDarkRerollForm(Form):
    markup_inputs = staticmethod(_reroll_inputs)
    # One die per Sungem (The Long Dark), so no more than a count.
    die_index = BoundedIntegerField(min_value=0, max_value=COUNT_MAX, label="Die")
    value = BoundedIntegerField(min_value=0, max_value=9, required=False, label="New face (0-9)")

    def __init__(self, *args, dice_choices=None, **kwargs):
        """``dice_choices`` (index, label) turns the die into a select of rerollable dice."""
        super().__init__(*args, **kwargs)
        if dice_choices is not None:
            self.fields["die_index"] = forms.TypedChoiceField(
                choices=dice_choices, coerce=int, label="Die to reroll"
            )
