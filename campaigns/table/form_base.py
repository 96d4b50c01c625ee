"""The forms' base class: Django's `Form`, with each new form's copy of its fields made
more cheaply.

Every form deep-copies its class's fields, so one form may change a label or its choices
without touching another's. Django does it through `copy.copy` (the pickling protocol) and
deep-copies every choice and normalises the widget's choices again; on a page of several
forms (the combat page's twelve selects and sixty-seven options) that was 0.27 ms of the
page's forms, against 0.09 ms this way. The copy is the same as Django's in what a form may
change: a new field and a new widget each, their own attributes, error messages, validators
and list of choices (and of each group's choices); the choices themselves are tuples of
strings and numbers, which nothing can change. Fields and widgets that copy themselves their
own way (a model choice, a multi-value field, a custom `__deepcopy__`) keep their way.
"""

import copy

from django import forms
from django.forms.forms import DeclarativeFieldsMetaclass

_PLAIN_FIELD_COPIES = {forms.Field.__deepcopy__, forms.ChoiceField.__deepcopy__}
_PLAIN_WIDGET_COPIES = {forms.Widget.__deepcopy__, forms.widgets.ChoiceWidget.__deepcopy__}


def _shallow(thing):
    """What `copy.copy` makes of a field or widget, without the pickling protocol's cost."""
    copied = object.__new__(type(thing))
    copied.__dict__.update(thing.__dict__)
    return copied


def _choices_copy(choices):
    """A list of choices of its own, and of each group's choices (`copy.copy` otherwise:
    a shared, unchangeable set of choices copies to itself)."""
    if not isinstance(choices, list):
        return copy.copy(choices)
    return [
        (value, list(label)) if isinstance(label, list) else (value, label)
        for value, label in choices
    ]


def _field_copy(field, memo):
    if type(field).__deepcopy__ not in _PLAIN_FIELD_COPIES or (
        type(field.widget).__deepcopy__ not in _PLAIN_WIDGET_COPIES
    ):
        return copy.deepcopy(field, memo)
    result = _shallow(field)
    memo[id(field)] = result
    widget = result.widget = _shallow(field.widget)
    widget.attrs = field.widget.attrs.copy()
    result.error_messages = field.error_messages.copy()
    result.validators = field.validators[:]
    if "_choices" in field.__dict__:
        result._choices = _choices_copy(field._choices)
    if "_choices" in field.widget.__dict__:
        # Normalised already: set past the `choices` setter, which would normalise it again.
        widget._choices = _choices_copy(field.widget._choices)
    return result


class CheaplyCopiedFields(dict):
    """A form class's fields, whose deep copy (one per form) is `_field_copy` of each."""

    def __deepcopy__(self, memo):
        return {name: _field_copy(field, memo) for name, field in self.items()}


class _Metaclass(DeclarativeFieldsMetaclass):
    def __new__(mcs, name, bases, attrs):
        new_class = super().__new__(mcs, name, bases, attrs)
        # One object for both, as Django has it: a field added to `base_fields` after the
        # class is declared is inherited by the classes declared after that.
        new_class.base_fields = new_class.declared_fields = CheaplyCopiedFields(
            new_class.declared_fields
        )
        return new_class


class Form(forms.Form, metaclass=_Metaclass):
    """Django's `Form`, each form's fields copied by `_field_copy`."""
