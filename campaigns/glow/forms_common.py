"""Form pieces more than one Glow area uses."""

from django import forms
from django.utils import timezone
from django.utils.choices import BaseChoiceIterator, normalize_choices

from campaigns.glow.catalog.journey_boards import JOURNEY_BOARDS
from campaigns.glow.catalog.sets import SETS


class SharedChoices(BaseChoiceIterator):
    """A field's choices, normalized once and shared by every copy of the field.

    Each time a form is made Django deep-copies its fields, copies each choice field's
    choices and normalizes them again for the widget (``normalize_choices`` walks every
    choice); the new-play form has twelve selects offering the same members and adventurers.
    These choices are never changed in place (a form that needs others assigns new ones), so
    a copy can be the same object, and ``normalize_choices`` passes a choice iterator through
    as it is."""

    def __init__(self, choices):
        self._choices = tuple(normalize_choices(list(choices)))

    def __iter__(self):
        return iter(self._choices)

    def __len__(self):
        return len(self._choices)

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self


BOARD_CHOICES = SharedChoices((key, board.name) for key, board in JOURNEY_BOARDS.items())
SET_CHOICES = SharedChoices((key, companion_set.name) for key, companion_set in SETS.items())


class NoInput(forms.Form):
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
