"""The Table tools page's forms. Characters are chosen by seat (the tools keep seats, not
database ids); every number is a ``BoundedIntegerField``. The rules' refusals (an ante a
character cannot pay, a bet above 2 Tawny) come from the services in the rule's words, so
the bounds here are the widest the rules allow, not the rule itself."""

from django import forms

from campaigns.dawnshade.catalog.quest_deck import QUEST_TILE_TYPES
from campaigns.dawnshade.catalog.tavern import COGRUSHING_DRUDGE_HP, DAWNSHADE_DICE
from campaigns.dawnshade.forms_common import SharedChoices
from campaigns.dawnshade.services.table_tools import (
    STEP,
    ZONE_MAX,
    ZONE_MIN,
    parse_tile_numbers,
)
from campaigns.table.fields import COUNT_MAX, BoundedIntegerField, id_field
from campaigns.table.form_base import Form
from campaigns.table.form_markup import no_inputs

STAT_CHOICES = SharedChoices(
    [
        ("atk", "ATK (Attack Dice, x2)"),
        ("def", "DEF (Defense Dice, x1)"),
        ("dev", "DEV (Väki Dice, x2)"),
    ]
)
FACE_CHOICES = SharedChoices((face, face.title()) for face in DAWNSHADE_DICE)
SEAT_MAX = 8
BET_FIELD_MAX = 9  # wider than the rule's 2, so the rule refuses a 3 in its own words


def seat_choices(view) -> SharedChoices:
    return SharedChoices((c.seat, c.name) for c in view.characters) if view else SharedChoices(())


class ToolForm(Form):
    """A tool's form: knows the page's read-model and carries the tool's step it saw.
    ``choices_from_view``: whether a posted copy needs the read-model (its players' seats are
    the choices); the others skip reading it before the service."""

    choices_from_view = False
    # Its one field is the step seen, which is its initial value (``form_markup``); each
    # subclass with more fields names its own inputs or stays a real form.
    markup_inputs = staticmethod(no_inputs)

    seen = BoundedIntegerField(
        min_value=0, max_value=10**6, required=False, widget=forms.HiddenInput
    )

    def __init__(self, *args, view=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.view = view
        for field in self.fields.values():
            if isinstance(field, (SeatField, SeatsField)):
                field.choices = seat_choices(view)

    def service_arguments(self) -> dict:
        return dict(self.cleaned_data)


def seen_of(state_name: str):
    """The initial ``seen`` of a form: the step of the tool the page shows."""

    def initial(view):
        state = getattr(view, state_name, None) or {}
        return {"seen": state.get(STEP, 0)}

    return initial


class SeatField(forms.TypedChoiceField):
    def __init__(self, *args, **kwargs):
        kwargs.setdefault("coerce", int)
        super().__init__(*args, **kwargs)


class SeatsField(forms.TypedMultipleChoiceField):
    def __init__(self, *args, **kwargs):
        kwargs.setdefault("coerce", int)
        kwargs.setdefault("widget", forms.CheckboxSelectMultiple)
        super().__init__(*args, **kwargs)


class ChallengeStartForm(ToolForm):
    stat = forms.ChoiceField(label="Challenged stat", choices=STAT_CHOICES)


class ChallengeHitsForm(ToolForm):
    choices_from_view = True

    character = SeatField(label="Player")
    hits = BoundedIntegerField(label="Hits the die shows", min_value=0, max_value=COUNT_MAX)
    zone_modifier = BoundedIntegerField(
        label="Modifier of the highest zone it touches",
        min_value=ZONE_MIN,
        max_value=ZONE_MAX,
        initial=0,
    )


class TempleForm(ToolForm):
    visit_id = id_field(required=False, widget=forms.HiddenInput)
    available_tokens = BoundedIntegerField(
        label="The aligned Watcher's condition tokens not in use",
        min_value=0,
        max_value=COUNT_MAX,
        required=False,
        help_text="Count them: they all go into the bag. Left blank when Balanced or Unaligned.",
    )


class RunesStartForm(ToolForm):
    choices_from_view = True

    players = SeatsField(label="Who puts in the ante")
    ante_back_on_stop = forms.TypedChoiceField(
        label="A player who stops in time",
        choices=SharedChoices(
            [("yes", "takes the ante back with the winnings"), ("no", "has spent the ante")]
        ),
        coerce=lambda value: value == "yes",
        initial="yes",
    )


class RunesStopForm(ToolForm):
    choices_from_view = True

    players = SeatsField(label="Who stops and collects")


class DoublersStartForm(ToolForm):
    choices_from_view = True

    character = SeatField(label="Player")


class DoublersRollForm(ToolForm):
    first = forms.ChoiceField(label="First Dawnshade Die", choices=FACE_CHOICES)
    second = forms.ChoiceField(label="Second Dawnshade Die", choices=FACE_CHOICES)


class DoublersCollectForm(ToolForm):
    amount = BoundedIntegerField(label="Tawny to collect", min_value=1, max_value=COUNT_MAX)


class CogrushingStartForm(ToolForm):
    choices_from_view = True

    active = SeatField(label="Active Player (launches the Cogbots)")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for seat, name in seat_choices(self.view):
            self.fields[f"bet_{seat}"] = BoundedIntegerField(
                label=f"{name}'s bet (Tawny)",
                min_value=0,
                max_value=BET_FIELD_MAX,
                initial=0,
                required=False,
            )

    def bet_fields(self):
        return [self[name] for name in self.fields if name.startswith("bet_")]

    def service_arguments(self) -> dict:
        data = self.cleaned_data
        active = data["active"]
        bets = {
            int(name.removeprefix("bet_")): value or 0
            for name, value in data.items()
            if name.startswith("bet_") and int(name.removeprefix("bet_")) != active
        }
        return {"seen": data.get("seen"), "active": active, "bets": bets}


class CogrushingHitForm(ToolForm):
    pips = BoundedIntegerField(label="Pips on the launched Cogbot", min_value=0, max_value=12)
    # drudge_1 ... drudge_N are declared below the class: one per Drudge of the rulebook.

    def drudge_fields(self):
        return [self[name] for name in self.fields if name.startswith("drudge_")]

    def service_arguments(self) -> dict:
        data = self.cleaned_data
        assigned = {
            int(name.removeprefix("drudge_")): value or 0
            for name, value in data.items()
            if name.startswith("drudge_")
        }
        return {"seen": data.get("seen"), "pips": data["pips"], "assigned": assigned}


# Declared once, not made again for every form (each field is copied per form as a declared
# field is; making one cost more).
for number in range(1, len(COGRUSHING_DRUDGE_HP) + 1):
    CogrushingHitForm.base_fields[f"drudge_{number}"] = BoundedIntegerField(
        label=f"Hits on Drudge {number}", min_value=0, max_value=12, initial=0, required=False
    )


class TileNumbersField(forms.CharField):
    def __init__(self, **kwargs):
        kwargs.setdefault("max_length", 300)
        kwargs.setdefault("required", False)
        kwargs.setdefault("help_text", "Numbers and ranges, e.g. 1, 4, 7-9")
        super().__init__(**kwargs)

    def clean(self, value):
        text = super().clean(value)
        try:
            return parse_tile_numbers(text)
        except ValueError as error:
            raise forms.ValidationError(str(error)) from None


class QuestOwnedForm(ToolForm):
    # A field per kind of Quest tile, declared below the class.

    def service_arguments(self) -> dict:
        data = self.cleaned_data
        return {"seen": data.get("seen"), "owned": {k: data[k] for k in QUEST_TILE_TYPES}}


for kind, tile_type in QUEST_TILE_TYPES.items():
    QuestOwnedForm.base_fields[kind] = TileNumbersField(label=f"{tile_type.name} tiles owned")
