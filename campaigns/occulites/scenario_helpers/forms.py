"""Forms of the scenario helpers: they parse what the player typed or tapped.

Labels that quote a rule take their numbers from the rules modules, never from here.
"""

import re

from django import forms

from campaigns.occulites.catalog.scenarios import SCENARIOS
from campaigns.occulites.rules.awareness import (
    EXCEPTIONAL_CAMOUFLAGE_PASS_ON,
    SENSE_OF_SMELL_BONUS,
)
from campaigns.occulites.rules.reborn_track import PRINTED_REBORN_POSITIONS
from campaigns.occulites.rules.scenario_podmothine import SNEAK_FAILS_FROM, TENTACLES
from campaigns.occulites.rules.scenario_pry_sungem import PryLocation
from campaigns.occulites.rules.scenario_siege import SiegeSide
from campaigns.occulites.rules.scenario_skirmish import ARRIVAL_DICE
from campaigns.occulites.tools.forms import DigitsField
from campaigns.table.fields import COUNT_MAX, BoundedIntegerField
from campaigns.table.form_base import Form
from campaigns.table.form_markup import no_inputs

from .services import TENTACLE_MOVES, WOUNDS

MAX_STAT = 20
MAX_CARD_VALUE = 20
NAME_LENGTH = 60
# Joins the names of a tribe's stragglers in a hidden field, to spot a stale form.
WAITING_SEPARATOR = "|"


def parse_numbers(text: str) -> tuple[int, ...]:
    """Card values typed in: "8 2 10" or "8, 2, 10" -> (8, 2, 10)."""
    text = (text or "").strip()
    if not text:
        return ()
    if not re.fullmatch(r"[0-9\s,]+", text):
        raise forms.ValidationError("Type the card values as numbers, e.g. 8 3 5.")
    parts = re.findall(r"[0-9]+", text)
    # A value of more digits than the largest card is too large (and int() of 10 kB fails).
    if any(len(part) > len(str(MAX_CARD_VALUE)) or int(part) > MAX_CARD_VALUE for part in parts):
        raise forms.ValidationError(f"A card's value is at most {MAX_CARD_VALUE}.")
    return tuple(int(part) for part in parts)


class CardValuesField(forms.CharField):
    def __init__(self, **kwargs):
        kwargs.setdefault("required", False)
        kwargs.setdefault("max_length", 120)
        super().__init__(**kwargs)

    def to_python(self, value):
        return parse_numbers(super().to_python(value))


def split_names(text: str) -> list[str]:
    """ "Grublic, Mipny" -> ["Grublic", "Mipny"] (commas or new lines)."""
    return [name.strip() for name in re.split(r"[,\n]", text or "") if name.strip()]


def _figure_inputs(figures=()) -> tuple:
    """What a fresh figure form shows of the campaign (``form_markup``): each figure's
    label, and whether it is a Luftle (the Ridge offers Luftles as partners)."""
    return tuple((figure.label, figure.is_luftle) for figure in figures)


class FigureForm(Form):
    """A figure chosen from the campaign's records, or typed in for a one-off game.

    `figures` are the campaign's figures; without any, only the typed name is asked for.
    """

    figure = forms.ChoiceField(required=False, label="Figure")
    figure_name = forms.CharField(
        max_length=NAME_LENGTH, required=False, label="…or type a figure's name"
    )

    def __init__(self, *args, figures=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.figures = {figure.label: figure for figure in figures}
        if self.figures:
            self.fields["figure"].choices = [("", "Choose…")] + [
                (label, label) for label in self.figures
            ]
        else:
            del self.fields["figure"]
            self.fields["figure_name"].label = "Figure"

    def clean(self):
        data = super().clean()
        name = data.get("figure_name", "").strip() or data.get("figure", "")
        if not name and "figure_name" not in self.errors:
            self.add_error("figure_name", "Choose a figure or type its name.")
        data["name"] = name
        data["record"] = self.figures.get(data.get("figure", ""))
        return data


class ExpectedCountForm(Form):
    """What the player saw when tapping, so a stale screen is refused instead of applied."""

    expected = BoundedIntegerField(
        min_value=0, max_value=COUNT_MAX, required=False, widget=forms.HiddenInput
    )


# --- cards revealed -------------------------------------------------------------------------


class ScenarioForm(Form):
    markup_inputs = staticmethod(no_inputs)
    scenario = forms.TypedChoiceField(
        coerce=int,
        label="Scenario being played",
        choices=[
            (scenario.number, f"{scenario.number}. {scenario.name}")
            for scenario in sorted(SCENARIOS.values(), key=lambda s: s.number)
        ],
    )


class RevealForm(ExpectedCountForm):
    kind = forms.ChoiceField(choices=[("event", "Event card"), ("sungem", "Sungem card")])


# --- Podmothine and Pry Sungem ----------------------------------------------------------------


class PodmothineActivateForm(Form):
    markup_inputs = staticmethod(no_inputs)
    sneaking = forms.BooleanField(
        required=False,
        label=f"The activated figure is Sneaking (any roll of {SNEAK_FAILS_FROM}+ fails)",
    )
    entered = DigitsField(label="Tentacle dice on the table")


class TentacleForm(Form):
    move = forms.ChoiceField(choices=[(move, move) for move in TENTACLE_MOVES])


class PryRollForm(Form):
    markup_inputs = staticmethod(no_inputs)
    location = forms.ChoiceField(
        label="Pry it off",
        choices=[
            (PryLocation.CAVE_WALL.value, "A cave wall"),
            (PryLocation.PODMOTHINE.value, "The Podmothine"),
        ],
    )
    tentacles_on_body = BoundedIntegerField(
        min_value=0,
        max_value=TENTACLES,
        required=False,
        label="Tentacles on the Podmothine's body",
        help_text="Leave empty to use the Podmothine helper's count.",
    )
    entered = DigitsField(label="Dice on the table")


class PryDiscardForm(Form):
    markup_inputs = staticmethod(no_inputs)
    discarded = CardValuesField(label="Values of the cards discarded", required=True)


# --- Unexpected Skirmish --------------------------------------------------------------------


class SkirmishTribeForm(Form):
    markup_inputs = staticmethod(no_inputs)
    name = forms.CharField(max_length=NAME_LENGTH, label="Tribe")
    occulites = forms.CharField(
        max_length=400,
        required=False,
        label="Occulites not yet arrived",
        help_text="Names separated by commas; the Chief starts on the board, so leave it out.",
    )
    luftles = forms.CharField(
        max_length=400, required=False, label="Luftles not yet arrived", help_text="Optional."
    )

    def clean(self):
        data = super().clean()
        data["occulites"] = split_names(data.get("occulites", ""))
        data["luftles"] = split_names(data.get("luftles", ""))
        return data


class SkirmishRollForm(Form):
    """One tribe's arrival roll: dice allocated to each figure not yet arrived, and (when the
    dice were rolled on the table) what they showed. Built for the tribe's stragglers."""

    waiting = forms.CharField(max_length=2000, required=False, widget=forms.HiddenInput)
    turn = BoundedIntegerField(min_value=1, max_value=99, label="Turn")

    def __init__(self, *args, waiting=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.waiting = list(waiting)
        for index in range(len(self.waiting)):
            self.fields[f"dice_{index}"] = BoundedIntegerField(
                min_value=0,
                max_value=ARRIVAL_DICE,
                required=False,
                initial=0,
                label="Dice allocated",
            )
            self.fields[f"entered_{index}"] = DigitsField(label="Dice on the table", help_text="")

    def straggler_fields(self):
        """(straggler, dice field, entered field) for the template."""
        return [
            (straggler, self[f"dice_{index}"], self[f"entered_{index}"])
            for index, straggler in enumerate(self.waiting)
        ]

    def clean(self):
        data = super().clean()
        allocation, entered = {}, {}
        for index, straggler in enumerate(self.waiting):
            allocation[straggler.name] = data.get(f"dice_{index}") or 0
            typed = data.get(f"entered_{index}")
            if typed is not None:
                entered[straggler.name] = typed
        data["allocation"] = allocation
        data["entered"] = entered or None
        data["expected_waiting"] = [
            n for n in (data.get("waiting") or "").split(WAITING_SEPARATOR) if n
        ]
        return data


# --- The Ridge --------------------------------------------------------------------------------


class RidgeClimbForm(FigureForm):
    markup_inputs = staticmethod(_figure_inputs)
    partner = forms.ChoiceField(required=False, label="Sharing its space with (Luftles only)")
    partner_name = forms.CharField(
        max_length=NAME_LENGTH, required=False, label="…or type the other Luftle's name"
    )

    def __init__(self, *args, figures=(), **kwargs):
        super().__init__(*args, figures=figures, **kwargs)
        luftles = [figure.label for figure in figures if figure.is_luftle]
        if luftles:
            self.fields["partner"].choices = [("", "Nobody")] + [(f, f) for f in luftles]
        else:
            del self.fields["partner"]
            self.fields["partner_name"].label = "Sharing its space with (a Luftle; optional)"

    def clean(self):
        data = super().clean()
        data["partner_name"] = data.get("partner_name", "").strip() or data.get("partner", "") or ""
        return data


class FigureNameForm(Form):
    """A figure already on a track or list, named by the button tapped."""

    figure = forms.CharField(max_length=200)
    expected = BoundedIntegerField(
        min_value=-COUNT_MAX, max_value=COUNT_MAX, required=False, widget=forms.HiddenInput
    )


class DiceForm(Form):
    markup_inputs = staticmethod(no_inputs)
    entered = DigitsField(label="Dice on the table")


# --- Siege at the Cave Mouth ------------------------------------------------------------------


class SiegeRollForm(Form):
    markup_inputs = staticmethod(no_inputs)
    attacker_entered = DigitsField(label="Attacker's dice on the table", help_text="")
    defender_entered = DigitsField(label="Defender's dice on the table", help_text="")


class SiegeLossForm(Form):
    markup_inputs = staticmethod(no_inputs)
    side = forms.ChoiceField(
        label="Killed on which side",
        choices=[(SiegeSide.ATTACKER.value, "Attacker"), (SiegeSide.DEFENDER.value, "Defender")],
    )
    occulites = BoundedIntegerField(
        min_value=0, max_value=10, required=False, initial=0, label="Occulites killed"
    )
    luftles = BoundedIntegerField(
        min_value=0, max_value=20, required=False, initial=0, label="Luftles killed"
    )

    def clean(self):
        data = super().clean()
        # An empty count is none killed.
        for count in ("occulites", "luftles"):
            if count not in self.errors:
                data[count] = data.get(count) or 0
        return data


# --- The Reborn Track -------------------------------------------------------------------------


class RebornPlaceForm(FigureForm):
    markup_inputs = staticmethod(_figure_inputs)
    cause = forms.ChoiceField(
        label="How it died",
        choices=[(WOUNDS, "Wounds in combat or from an effect")]
        + [(key, entry.cause) for key, entry in PRINTED_REBORN_POSITIONS.items()],
    )
    health_before = BoundedIntegerField(
        min_value=0, max_value=MAX_STAT, required=False, label="Health it had left"
    )
    health_lost = BoundedIntegerField(
        min_value=0, max_value=99, required=False, label="Health it lost"
    )
    reborn_by_agreement = forms.BooleanField(
        required=False, label="No Home Cave on the board: Reborn by agreement"
    )


class RebornAdvanceForm(FigureNameForm):
    tribal_token = forms.BooleanField(required=False, label="With a Tribal Token")


# --- Awareness Test ---------------------------------------------------------------------------


class AwarenessForm(FigureForm):
    markup_inputs = staticmethod(_figure_inputs)
    awareness = BoundedIntegerField(
        min_value=1,
        max_value=MAX_STAT,
        required=False,
        label="Awareness",
        help_text="Leave empty to use the chosen figure's Awareness.",
    )
    cards = CardValuesField(label="Cards drawn (their values)", required=True)
    boosts = CardValuesField(label="Boost cards added (values, at most two)")
    tribal_token = forms.BooleanField(required=False, label="Tribal Token: +1 Awareness")
    eagle_eyed = forms.BooleanField(required=False, label="Eagle Eyed")
    eagle_eyed_discards = BoundedIntegerField(
        min_value=0, max_value=10, required=False, label="Cards discarded for Eagle Eyed"
    )
    exceptional_camouflage = forms.BooleanField(
        required=False,
        label=f"Spotting Exceptional Camouflage ({EXCEPTIONAL_CAMOUFLAGE_PASS_ON}+)",
    )
    sense_of_smell = forms.BooleanField(
        required=False, label=f"Puscual's Sense of Smell (+{SENSE_OF_SMELL_BONUS} to each card)"
    )

    def __init__(self, *args, figures=(), **kwargs):
        super().__init__(*args, figures=figures, **kwargs)
        if "figure" not in self.fields:
            self.fields["figure_name"].label = "Figure (optional)"
            self.fields["awareness"].help_text = ""

    def clean(self):
        data = forms.Form.clean(self)
        record = self.figures.get(data.get("figure", ""))
        data["name"] = data.get("figure_name", "").strip() or (record.label if record else "")
        if data.get("awareness") is None and "awareness" not in self.errors:
            if record is not None and record.awareness:
                data["awareness"] = record.awareness
            else:
                self.add_error("awareness", "Give the figure's Awareness.")
        data["eagle_eyed_discards"] = data.get("eagle_eyed_discards") or 0
        return data
