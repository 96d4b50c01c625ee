"""One form field as every page shows it (label, control, error, help), written in Python.

These were template partials included about 250 times across the pages, up to twenty
on one page; the include and the lookups it makes cost more than drawing the control itself.
The markup is unchanged: a label tied to the control, an error with the id the control's
`aria-describedby` names, and the help text likewise.

    {% field form.name %}            label above the control
    {% checkbox_field form.agree %}  a checkbox, its label after it
    {% form_errors form %}           the form's own errors, only when it has some
"""

from django.template import Library
from django.utils.html import format_html_join
from django.utils.safestring import mark_safe

from .form_renderer import control, fast_escape

register = Library()


def _errors(field) -> str:
    if not field.errors:
        return ""
    messages = format_html_join("", "<p>{}</p>", ((error,) for error in field.errors))
    return f'<div class="error" id="{fast_escape(field.auto_id)}_error">{messages}</div>'


def _label(field) -> str:
    return f'<label for="{fast_escape(field.id_for_label)}">{fast_escape(field.label)}</label>'


@register.simple_tag
def field(bound_field):
    """The field with its label above, then its error or help text."""
    has_error = " has-error" if bound_field.errors else ""
    help_text = ""
    if bound_field.help_text:
        # Help texts are ours (never user input) and may hold a link.
        help_text = (
            f'<p class="help" id="{fast_escape(bound_field.auto_id)}_helptext">'
            f"{bound_field.help_text}</p>"
        )
    return mark_safe(
        f'\n<div class="field{has_error}">\n  {_label(bound_field)}\n  {control(bound_field)}\n'
        f"  {_errors(bound_field)}\n  {help_text}\n</div>\n"
    )


@register.simple_tag
def checkbox_field(bound_field):
    """A checkbox with its label after it, then its error."""
    has_error = " has-error" if bound_field.errors else ""
    return mark_safe(
        f'<div class="field checkbox{has_error}">\n  {control(bound_field)}\n  {_label(bound_field)}\n'
        f"  {_errors(bound_field)}\n</div>\n"
    )


@register.simple_tag
def form_errors(form):
    """The form's own errors (not a field's), in an alert above its fields; nothing when it
    has none, which is nearly always: as an included partial it cost every form an include."""
    errors = form.non_field_errors() if form else ()
    if not errors:
        return ""
    messages = "".join(f"<p>{fast_escape(error)}</p>" for error in errors)
    return mark_safe(f'\n  <div class="form-errors" role="alert">{messages}</div>\n')
