"""Form pieces more than one Glow area uses."""

from django import forms
from django.utils import timezone

from campaigns.glow.catalog.journey_boards import JOURNEY_BOARDS
from campaigns.glow.catalog.sets import SETS
from campaigns.table.fields import SharedChoices
from campaigns.table.form_base import Form

BOARD_CHOICES = SharedChoices((key, board.name) for key, board in JOURNEY_BOARDS.items())
SET_CHOICES = SharedChoices((key, companion_set.name) for key, companion_set in SETS.items())


class NoInput(Form):
    """An action with nothing to fill in (finish, reopen, count Tom's points...)."""


def today():
    return timezone.localdate()


def date_field() -> forms.DateField:
    return forms.DateField(
        label="Date played",
        initial=today,
        widget=forms.DateInput(format="%Y-%m-%d", attrs={"type": "date"}),
    )


def board_field() -> forms.ChoiceField:
    return forms.ChoiceField(label="Journey board", choices=BOARD_CHOICES)


def sets_field(label="Sets used") -> forms.MultipleChoiceField:
    return forms.MultipleChoiceField(
        label=label,
        choices=SET_CHOICES,
        required=False,
        widget=forms.CheckboxSelectMultiple,
    )
