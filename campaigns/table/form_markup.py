"""Fresh forms drawn from markup made once for what they show.

A live region or page redraws its forms on every change, and most are the same markup
refresh after refresh (Dawnshade's battle turn, damage and character forms, the Occulites
combat sides): building the Django form (a deep copy of every field) and drawing its bound
fields cost more than the rest of those regions. A form class that opts in names everything
its fresh markup depends on (``markup_inputs``, called with the form's arguments: its
choices from the read-model, nothing for a form with fixed fields); the markup is
remembered under those inputs, its prefix and its initial values, so a change of any of
them draws it anew and no phone sees another campaign's or an older state's form. A refused
form (bound, with errors) is always the real form. Any game's forms may opt in.
"""

from collections import OrderedDict

from django.utils.safestring import mark_safe

REMEMBERED = 512  # forms' markups kept (a few per campaign at a time; the oldest go first)


class FrozenField:
    """What ``{% field %}``, ``{% checkbox_field %}``, ``{% fields %}`` and ``{{ form.x }}``
    read of a fresh bound field, kept as plain values."""

    errors = ()

    def __init__(self, bound_field):
        self.name = bound_field.name
        self.field = bound_field.field  # the widget's input type, for ``{% fields %}``
        self.html = mark_safe(str(bound_field))
        self.label = bound_field.label
        self.auto_id = bound_field.auto_id
        self.id_for_label = bound_field.id_for_label
        self.help_text = bound_field.help_text
        self.is_hidden = bound_field.is_hidden

    def __str__(self):
        return self.html

    def __html__(self):
        return self.html


class FrozenForm:
    """A fresh form's fields by name and in order, with no errors, as the templates read
    them (``form.name``, ``{% for field in form %}``, ``form.visible_fields``)."""

    errors = {}
    is_bound = False

    def __init__(self, form):
        self.prefix = form.prefix
        self._fields = {bound_field.name: FrozenField(bound_field) for bound_field in form}

    def __getitem__(self, name):
        return self._fields[name]

    def __iter__(self):
        return iter(self._fields.values())

    def visible_fields(self):
        return [field for field in self._fields.values() if not field.is_hidden]

    def non_field_errors(self):
        return ()


_markups: OrderedDict = OrderedDict()


def fresh_form(form_class, prefix: str | None, *, initial=None, **arguments):
    """The fresh ``form_class(prefix=prefix, initial=initial, **arguments)`` as its markup
    (``FrozenForm``), made the first time its inputs are seen; the real form for a class
    that does not name its inputs."""
    # The class's own declaration only: a subclass adding fields from the read-model must
    # name its inputs again rather than inherit fewer.
    inputs = form_class.__dict__.get("markup_inputs")
    if inputs is None:
        return _build(form_class, prefix, initial, arguments)
    key = (
        form_class,
        prefix,
        tuple(sorted((initial or {}).items())),
        inputs(**arguments),
    )
    markup = _markups.get(key)
    if markup is None:
        markup = FrozenForm(_build(form_class, prefix, initial, arguments))
        _markups[key] = markup
        if len(_markups) > REMEMBERED:
            _markups.popitem(last=False)
    return markup


def _build(form_class, prefix, initial, arguments):
    if initial is not None:
        arguments = {**arguments, "initial": initial}
    return form_class(prefix=prefix, **arguments)


def no_inputs(**arguments) -> tuple:
    """``markup_inputs`` of a form whose fields and choices never depend on the campaign."""
    return ()
