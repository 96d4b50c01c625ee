"""Form pieces more than one Occulites area uses."""

from django.utils.choices import BaseChoiceIterator, normalize_choices


class SharedChoices(BaseChoiceIterator):
    """A field's choices, normalized once and shared by every copy of the field.

    Each time a form is made Django deep-copies its fields, copies each choice field's
    choices and normalizes them again for the widget (``normalize_choices`` walks every
    choice); the combat page makes four forms at once, two of them offering every figure of
    the campaign. These choices are never changed in place (a form that needs others assigns
    new ones), so a copy can be the same object, and ``normalize_choices`` passes a choice
    iterator through as it is."""

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
