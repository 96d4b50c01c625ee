"""Form fields every game shares: whole numbers with bounds, typed with the digits 0-9, and
choices normalised once for every copy of a field (`SharedChoices`).

Django's IntegerField has no bounds unless given them, so an unbounded count reaches the
database (a PostgreSQL smallint overflows into a 500; SQLite stores it, or overflows at
2^63), and it reads any Unicode digit ("٣" is 3). A number from a phone at the table is a
count, a die or a record's id: always within bounds the form names, in ASCII digits.
"""

import re

from django import forms
from django.core.validators import MaxValueValidator, MinValueValidator
from django.utils.choices import BaseChoiceIterator, normalize_choices

from .access import MAX_ID

# A sane cap for a count the rulebook leaves open (points, Tawny, tokens): far beyond any
# game, well inside a PostgreSQL smallint (32767).
COUNT_MAX = 999

_WHOLE_NUMBER = re.compile(r"[+-]?[0-9]+")


class BoundedIntegerField(forms.IntegerField):
    """A whole number between `min_value` and `max_value` (both required), written with the
    ASCII digits 0-9 (an optional sign, nothing else)."""

    default_error_messages = {
        "invalid": "Enter a whole number, with the digits 0-9.",
    }

    def __init__(self, *, min_value: int, max_value: int, **kwargs):
        if min_value is None or max_value is None:
            raise TypeError("BoundedIntegerField needs both min_value and max_value")
        super().__init__(min_value=min_value, max_value=max_value, **kwargs)

    def to_python(self, value):
        if value in self.empty_values or isinstance(value, int):
            return super().to_python(value)
        text = str(value).strip()
        if not _WHOLE_NUMBER.fullmatch(text):
            raise forms.ValidationError(self.error_messages["invalid"], code="invalid")
        # More digits than the bounds have is out of range whatever they say (and int() of
        # 10 kB of digits is refused by Python): say so as the bounds' validators would.
        if len(text.lstrip("+-")) > len(str(max(abs(self.min_value), abs(self.max_value)))):
            bound = (
                MinValueValidator(self.min_value)
                if text.startswith("-")
                else MaxValueValidator(self.max_value)
            )
            raise forms.ValidationError(
                self.error_messages.get(bound.code, bound.message),
                code=bound.code,
                params={"limit_value": bound.limit_value, "show_value": text[:20]},
            )
        return int(text)


def id_field(**kwargs) -> BoundedIntegerField:
    """A record's id posted by a form (a seat, a quest-log line): 1 to the largest id."""
    return BoundedIntegerField(min_value=1, max_value=MAX_ID, **kwargs)


class SharedChoices(BaseChoiceIterator):
    """A field's choices, normalized once and shared by every copy of the field.

    Each time a form is made Django deep-copies its fields, copies each choice field's
    choices and normalizes them again for the widget (``normalize_choices`` walks every
    choice); a page that makes several forms offering the same list pays that for each.
    These choices are never changed in place (a form that needs others assigns new ones), so
    a copy can be the same object, and ``normalize_choices`` passes a choice iterator through
    as it is."""

    def __init__(self, choices):
        self._choices = tuple(normalize_choices(list(choices)))
        # The options as `form_renderer` writes them, kept by it on first drawing.
        self.drawn_options = None

    def __iter__(self):
        return iter(self._choices)

    def __len__(self):
        return len(self._choices)

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self
