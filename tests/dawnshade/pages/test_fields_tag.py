"""``{% fields %}`` draws a form's fields as the template loop of ``{% field %}`` (a checkbox
as ``{% checkbox_field %}``) it replaced, errors included."""

from django import forms
from django.template import Context, Template

from campaigns.dawnshade.templatetags.dawnshade import fields

LOOP = Template(
    """{% for field in form %}{% if field.field.widget.input_type == "checkbox" %}{% checkbox_field field %}{% else %}{% field field %}{% endif %}{% endfor %}"""
)


class _Form(forms.Form):
    name = forms.CharField(label='Name <"&">', help_text="Who")
    kind = forms.ChoiceField(label="Kind", choices=[("a", "A <1>"), ("b", "B")])
    note = forms.CharField(label="Note", widget=forms.Textarea, required=False)
    armour = forms.BooleanField(label="Armour", required=False)


def test_fields_draws_a_blank_form_as_the_loop_did():
    form = _Form(prefix="x")
    assert fields(form) == LOOP.render(Context({"form": form}))


def test_fields_draws_a_refused_form_as_the_loop_did():
    form = _Form({"x-kind": "z", "x-armour": "on"}, prefix="x")
    assert not form.is_valid()
    assert fields(form) == LOOP.render(Context({"form": form}))
