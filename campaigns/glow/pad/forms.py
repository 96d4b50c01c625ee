"""Forms of the score pad: a new play, the butterfly steppers, the core score, the tie
pick and the butterfly reserve."""

from django import forms

from campaigns.glow.catalog.butterflies import COLOURS, MAX_PER_COLOUR, SPECIAL_KINDS
from campaigns.glow.rules.reserve import TOKEN_KINDS
from campaigns.glow.rules.scoring import MAX_SEATS
from campaigns.glow.services import SeatEntry
from campaigns.glow.services.reserve import DRAW_MAX, token_name
from campaigns.table.fields import COUNT_MAX, BoundedIntegerField, SharedChoices, id_field
from campaigns.table.form_base import Form

from ..forms_common import board_field, date_field, sets_field

# The core game's score is entered (its rules are not in our source): a sane range, said plainly.
CORE_SCORE_RANGE = "A core score is a whole number between 0 and 999."


class PlayForm(Form):
    """A new score pad: date, journey board, sets and up to 6 seats (each a member of the
    group or a guest's name, with an adventurer). Empty seat rows are left out."""

    played_on = date_field()
    journey_board = board_field()
    sets = sets_field()
    # seat1_member, seat1_guest, seat1_adventurer ... seat6_*: declared below the class.

    def __init__(self, *args, members=(), adventurers=(), **kwargs):
        super().__init__(*args, **kwargs)
        # Normalized once, the same object in all six rows' selects.
        member_choices = SharedChoices(
            [("", "— a guest —"), *[(str(pk), name) for pk, name in members]]
        )
        adventurer_choices = SharedChoices(adventurers)
        for _row, (member, _guest, adventurer) in self.seat_rows:
            self.fields[member].choices = member_choices
            self.fields[adventurer].choices = adventurer_choices

    def clean(self):
        cleaned = super().clean()
        seats = []
        for _row, (member, guest, adventurer) in self.seat_rows:
            member_id, guest_name = cleaned.get(member), (cleaned.get(guest) or "").strip()
            if not member_id and not guest_name:
                continue
            if member_id and guest_name:
                self.add_error(guest, "A seat is a member or a guest, not both.")
                continue
            if not cleaned.get(adventurer):
                self.add_error(adventurer, "Choose this seat's adventurer.")
                continue
            seats.append(
                SeatEntry(
                    adventurer=cleaned[adventurer],
                    member_id=int(member_id) if member_id else None,
                    guest_name=guest_name,
                )
            )
        cleaned["seats"] = seats
        return cleaned


def _declare_seat_rows() -> list[tuple[int, tuple[str, str, str]]]:
    """The seat rows' fields, declared once on the class, not made again for every form
    (each is copied per form as a declared field is, by `campaigns.table.form_base`; making
    one cost more). Their member and adventurer choices are set per form."""
    rows = []
    for row in range(1, MAX_SEATS + 1):
        names = (f"seat{row}_member", f"seat{row}_guest", f"seat{row}_adventurer")
        PlayForm.base_fields[names[0]] = forms.ChoiceField(
            label=f"Seat {row}: member", choices=(), required=False
        )
        PlayForm.base_fields[names[1]] = forms.CharField(
            label=f"Seat {row}: or guest's name", required=False, max_length=40
        )
        PlayForm.base_fields[names[2]] = forms.ChoiceField(
            label=f"Seat {row}: adventurer", choices=(), required=False
        )
        rows.append((row, names))
    return rows


PlayForm.seat_rows = _declare_seat_rows()


class StepForm(Form):
    """One tap of a stepper: "green:+1" or "green:-1"."""

    step = forms.CharField()

    def clean_step(self):
        colour, _, delta = self.cleaned_data["step"].partition(":")
        if colour not in COLOURS or delta not in ("+1", "-1"):
            raise forms.ValidationError("Tap + or − beside one of the six colours.")
        return colour, int(delta)


class CoreScoreForm(Form):
    """The core game's final count for a seat; `expected` is the value this phone showed."""

    core_score = BoundedIntegerField(
        min_value=0,
        max_value=COUNT_MAX,
        label="Core score",
        required=False,
        error_messages={"min_value": CORE_SCORE_RANGE, "max_value": CORE_SCORE_RANGE},
    )
    expected = BoundedIntegerField(
        min_value=0,
        max_value=COUNT_MAX,
        required=False,
        error_messages={"invalid": "Reload the pad and try again."},
    )


class WinnerForm(Form):
    seat = id_field(label="Winner of the tie", required=False)


def _seat_inputs(seat_choices=()) -> tuple:
    return tuple(seat_choices)


class ReserveDrawForm(Form):
    markup_inputs = staticmethod(_seat_inputs)  # campaigns.table.form_markup
    seat = id_field(label="Seat")
    count = BoundedIntegerField(min_value=0, max_value=COUNT_MAX, label="Tokens to draw", initial=1)

    def __init__(self, *args, seat_choices=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["seat"].widget = forms.Select(choices=list(seat_choices))
        self.fields["count"].widget.attrs.update(
            {"min": 1, "max": DRAW_MAX, "inputmode": "numeric"}
        )


class ReserveReturnForm(Form):
    """Tokens of the seat's choice to return face up beside the reserve (Ty Fla)."""

    markup_inputs = staticmethod(_seat_inputs)

    seat = id_field(label="Seat")
    expected = BoundedIntegerField(
        min_value=0, max_value=COUNT_MAX, label="How many the card asks for", required=False
    )

    def __init__(self, *args, seat_choices=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["seat"].widget = forms.Select(choices=list(seat_choices))
        for kind in TOKEN_KINDS:
            self.fields[f"return_{kind}"] = BoundedIntegerField(
                label=token_name(kind),
                required=False,
                min_value=0,
                max_value=MAX_PER_COLOUR,
                widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
            )

    def token_fields(self):
        return [self[f"return_{kind}"] for kind in TOKEN_KINDS]

    def tokens(self) -> dict[str, int]:
        return {
            kind: self.cleaned_data.get(f"return_{kind}") or 0
            for kind in TOKEN_KINDS
            if self.cleaned_data.get(f"return_{kind}")
        }


class ReserveUseForm(Form):
    seat = id_field()
    kind = forms.ChoiceField(choices=[(key, kind.name) for key, kind in SPECIAL_KINDS.items()])
