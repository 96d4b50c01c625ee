"""Form widgets drawn in Python, byte for byte as Django's own widget templates draw them.

Django renders every widget through its template engine: a select of 60 options is about 120
template includes (each option and its attributes), and on the busiest pages form controls
were a third of the whole request. The widgets we use (text, number, date, hidden, checkbox,
select, radio and checkbox lists, textarea) have small fixed templates, so this renderer
writes the same markup directly and leaves everything else (form and field templates, any
widget it does not know) to the template engine. `tests/table/test_form_renderer.py` checks
the output against Django's templates for each of them.
"""

from html import escape

from django import forms
from django.forms.boundfield import BoundField
from django.forms.renderers import DjangoTemplates
from django.utils.html import conditional_escape
from django.utils.safestring import mark_safe

WIDGETS = "django/forms/widgets/"
INPUT_TEMPLATES = {
    f"{WIDGETS}{name}.html"
    for name in (
        "input",
        "text",
        "number",
        "email",
        "password",
        "hidden",
        "date",
        "datetime",
        "time",
        "url",
        "search",
        "tel",
        "color",
        "checkbox",
    )
}
OPTION_INPUT_TEMPLATES = {f"{WIDGETS}{name}.html" for name in ("radio_option", "checkbox_option")}
SELECT_OPTION_TEMPLATE = f"{WIDGETS}select_option.html"
MULTIPLE_INPUT_TEMPLATES = {
    f"{WIDGETS}{name}.html" for name in ("radio", "checkbox_select", "multiple_input")
}


def escape_text(value) -> str:
    """Django's `escape` (the same entities, always, whatever the value), without its
    lazy-string wrapper, which costs more than the escaping: for the plain names, labels and
    numbers that rows written in Python hold."""
    return escape(str(value))


def fast_escape(value) -> str:
    """`conditional_escape`, without its lazy-string wrapper (which cost more than the
    escaping) for the plain strings and numbers that are nearly every value here: the same
    characters escaped; safe and lazy strings still go through `conditional_escape`."""
    kind = type(value)
    if kind is str:
        return escape(value)
    if kind is int:
        return str(value)
    return conditional_escape(value)


def _attrs(attrs: dict) -> str:
    """attrs.html: ` name="value"`, a bare ` name` for True, nothing for False."""
    parts = []
    for name, value in attrs.items():
        if value is False:
            continue
        if value is True:
            parts.append(f" {fast_escape(name)}")
        else:
            parts.append(f' {fast_escape(name)}="{fast_escape(value)}"')
    return "".join(parts)


def _input(widget: dict) -> str:
    value = widget["value"]
    shown = "" if value is None else f' value="{fast_escape(value)}"'
    return (
        f'<input type="{fast_escape(widget["type"])}" '
        f'name="{fast_escape(widget["name"])}"{shown}{_attrs(widget["attrs"])}>\n'
    )


def _input_option(option: dict) -> str:
    """input_option.html: the input, wrapped in its label when asked."""
    if not option.get("wrap_label"):
        return f"{_input(option)}\n"
    option_id = option["attrs"].get("id")
    label_for = f' for="{fast_escape(option_id)}"' if option_id else ""
    return f"<label{label_for}>{_input(option)} {fast_escape(option['label'])}</label>\n"


def _option_tag(value_html: str, attrs_html: str, label_html: str) -> str:
    """select_option.html, from its parts already escaped."""
    return f'<option value="{value_html}"{attrs_html}>{label_html}</option>\n'


def _select_option(option: dict) -> str:
    return _option_tag(
        fast_escape(option["value"]), _attrs(option["attrs"]), fast_escape(option["label"])
    )


def _select_tag(name: str, attrs: dict, inner: list[str]) -> str:
    """select.html around its options (each already preceded by its indent)."""
    return "".join([f'<select name="{fast_escape(name)}"{_attrs(attrs)}>', *inner, "\n</select>\n"])


def _select(widget: dict) -> str:
    inner = []
    for group_name, group_choices, _index in widget["optgroups"]:
        if group_name:
            inner.append(f'\n  <optgroup label="{fast_escape(group_name)}">')
        for option in group_choices:
            inner.append(f"\n  {_select_option(option)}")
        if group_name:
            inner.append("\n  </optgroup>")
    return _select_tag(widget["name"], widget["attrs"], inner)


def _multiple_input(widget: dict) -> str:
    """multiple_input.html: radio buttons or checkboxes, each in a div, in a div."""
    attrs = widget["attrs"]
    list_id = f' id="{fast_escape(attrs["id"])}"' if attrs.get("id") else ""
    css = f' class="{fast_escape(attrs["class"])}"' if attrs.get("class") else ""
    parts = [f"<div{list_id}{css}>"]
    for group, options, _index in widget["optgroups"]:
        if group:
            parts.append(f"\n  <div><label>{fast_escape(group)}</label>")
        for option in options:
            # radio_option.html / checkbox_option.html add their own newline.
            parts.append(f"<div>\n    {_input_option(option)}\n</div>")
        if group:
            parts.append("\n  </div>")
    parts.append("\n</div>\n")
    return "".join(parts)


def _textarea(widget: dict) -> str:
    value = fast_escape(widget["value"]) if widget["value"] else ""
    return (
        f'<textarea name="{fast_escape(widget["name"])}"{_attrs(widget["attrs"])}>\n'
        f"{value}</textarea>\n"
    )


def _options_known(widget: dict, known: set[str] | str) -> bool:
    return all(
        option.get("template_name") in known
        if isinstance(known, set)
        else option.get("template_name") == known
        for _group, options, _index in widget["optgroups"]
        for option in options
    )


class WidgetRenderer(DjangoTemplates):
    """Django's template renderer, with the plain widgets written out in Python."""

    def render(self, template_name, context, request=None):
        widget = context.get("widget") if isinstance(context, dict) else None
        html = None if widget is None else self._python_widget(template_name, widget)
        if html is None:
            return super().render(template_name, context, request)
        return html.strip()  # as BaseRenderer.render strips the template's output

    @staticmethod
    def _python_widget(template_name: str, widget: dict) -> str | None:
        """The widget's markup with the included templates' newlines, or None if unknown."""
        if template_name in INPUT_TEMPLATES:
            return _input(widget)
        if template_name in OPTION_INPUT_TEMPLATES:
            return _input_option(widget)
        if template_name == f"{WIDGETS}select.html" and _options_known(
            widget, SELECT_OPTION_TEMPLATE
        ):
            return _select(widget)
        if template_name in MULTIPLE_INPUT_TEMPLATES and _options_known(
            widget, OPTION_INPUT_TEMPLATES
        ):
            return _multiple_input(widget)
        if template_name == f"{WIDGETS}textarea.html":
            return _textarea(widget)
        return None


# A field's control, drawn from the field itself. Even with the widgets written in Python
# above, `str(bound_field)` goes through the widget's context: for a select a dict of nine
# keys an option and its attributes built twice (a 10-option select 32 µs, a text input
# 10). For the plain widgets, exactly as Django configures them, `control` builds only what
# the markup needs and draws it with the same functions (byte for byte: the demo pages are
# compared with Django's own templates, where this path is never taken).
def control(bound_field) -> str:
    """`str(bound_field)`: the field's control, as the form's renderer draws it (anything
    else standing for a bound field, e.g. Dawnshade's remembered markup, draws itself)."""
    if type(bound_field) is not BoundField:
        return str(bound_field)
    field = bound_field.field
    widget = field.widget
    draw = _DIRECT.get(type(widget))
    if (
        draw is None
        or widget.template_name != type(widget).template_name
        or field.localize
        or widget.is_localized
        or type(bound_field.form.renderer) is not WidgetRenderer
    ):
        return str(bound_field)
    attrs = bound_field.build_widget_attrs({}, widget)
    if bound_field.auto_id and "id" not in widget.attrs:
        attrs.setdefault("id", bound_field.auto_id)
    html = draw(widget, bound_field.html_name, bound_field.value(), attrs)
    return str(bound_field) if html is None else mark_safe(html.strip())


def _direct_input(widget, name: str, value, attrs: dict) -> str:
    return _input(
        {
            "type": widget.input_type,
            "name": name,
            "value": widget.format_value(value),
            "attrs": {**widget.attrs, **attrs},
        }
    )


def _direct_checkbox(widget, name: str, value, attrs: dict) -> str:
    if widget.check_test(value):
        attrs = {**attrs, "checked": True}
    return _direct_input(widget, name, value, attrs)


def _direct_select(widget, name: str, value, attrs: dict) -> str | None:
    """A single select of plain choices (no groups): None for anything else. Each option is
    written straight from its escaped value and label (what `_select` would draw from an
    option's dict), the first whose value is selected marked so."""
    if widget.allow_multiple_selected:
        return None
    options = _escaped_options(widget.choices)
    if options is None:
        return None
    selected_values = widget.format_value(value)
    inner, has_selected = [], False
    for raw_value, value_html, label_html in options:
        selected = not has_selected and raw_value in selected_values
        has_selected |= selected
        inner.append(f"\n  {_option_tag(value_html, _SELECTED if selected else '', label_html)}")
    return _select_tag(name, {**widget.attrs, **attrs}, inner)


_SELECTED = " selected"  # _attrs({"selected": True})


def _escaped_options(choices) -> tuple | None:
    """(value as text, escaped value, escaped label) for each choice; None when one is a
    group. Choices shared by every copy of a field (`fields.SharedChoices`, which has a
    `drawn_options` slot) keep theirs, when every value and label is a plain string or
    number (a lazy label could read differently later)."""
    cached = getattr(choices, "drawn_options", None)
    if cached is not None:
        return cached
    options, plain = [], True
    for option_value, label in choices:
        if isinstance(label, list | tuple):
            return None
        if option_value is None:
            option_value = ""
        plain = plain and type(option_value) in (str, int) and type(label) in (str, int)
        options.append((str(option_value), fast_escape(option_value), fast_escape(label)))
    options = tuple(options)
    if plain and hasattr(choices, "drawn_options"):
        choices.drawn_options = options
    return options


_DIRECT = {
    forms.TextInput: _direct_input,
    forms.NumberInput: _direct_input,
    forms.EmailInput: _direct_input,
    forms.URLInput: _direct_input,
    forms.HiddenInput: _direct_input,
    forms.CheckboxInput: _direct_checkbox,
    forms.Select: _direct_select,
}
