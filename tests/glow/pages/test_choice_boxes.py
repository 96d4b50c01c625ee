"""`choice_boxes` writes a group of checkboxes exactly as the `_choices.html` partial it
replaced drew it: unbound, ticked, with errors and help text, and labels that need escaping."""

from django import forms
from django.template import Context, Template

from campaigns.glow.forms_common import sets_field
from campaigns.glow.templatetags.glow import choice_boxes

# The partial as templates/glow/_choices.html had it.
PARTIAL = Template(
    """<fieldset class="glow-choices{% if field.errors %} has-error{% endif %}"{% if field.errors %} aria-describedby="{{ field.auto_id }}_error"{% endif %}>
  <legend>{{ field.label }}</legend>
  {% for box in field %}<label for="{{ box.id_for_label }}">{{ box.tag }} {{ box.choice_label }}</label>{% endfor %}
  {% if field.errors %}<div class="error" id="{{ field.auto_id }}_error">{% for error in field.errors %}<p>{{ error }}</p>{% endfor %}</div>{% endif %}
  {% if field.help_text %}<p class="help">{{ field.help_text }}</p>{% endif %}
</fieldset>
"""
)


class SetsForm(forms.Form):
    sets = sets_field()
    odd = forms.MultipleChoiceField(
        label='<b>Mia & "Jo"</b>',
        choices=[("a", '<b>Mia & "Jo"</b>'), ("b", "Plain")],
        help_text="Pick <any> & all",
        widget=forms.CheckboxSelectMultiple,
    )


def _forms():
    yield SetsForm(auto_id="id_new_%s")
    ticked = SetsForm({"sets": ["anibloom"], "odd": ["a"]})
    ticked.is_valid()
    yield ticked
    refused = SetsForm({"sets": ["nonsense"]})  # an unknown set, and `odd` missing
    refused.is_valid()
    yield refused


def test_choice_boxes_read_as_the_partial_drew_them():
    for form in _forms():
        for name in ("sets", "odd"):
            drawn = PARTIAL.render(Context({"field": form[name]}))
            assert choice_boxes(form[name]) == drawn, (name, form.data)


def test_the_refused_form_shows_its_errors():
    *_, refused = _forms()
    assert "has-error" in choice_boxes(refused["sets"]) and "&lt;b&gt;Mia &amp; " in choice_boxes(
        refused["odd"]
    )
