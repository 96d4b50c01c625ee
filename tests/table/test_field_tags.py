"""{% field %} and {% checkbox_field %}: a label tied to its control, the error and help text
with the ids the control's aria-describedby names, and nothing unescaped but our help."""

import re

from django import forms
from django.template import engines


class Sample(forms.Form):
    name = forms.CharField(label="Tribe <name>", help_text='See <a href="/rules/">the rule</a>')
    count = forms.IntegerField(min_value=1)
    agree = forms.BooleanField(label="Played by me")


def _render(source: str, form) -> str:
    return engines["django"].from_string(source).render({"form": form})


def test_a_field_has_its_label_control_and_help():
    html = _render("{% field form.name %}", Sample())
    assert re.search(r'<label for="id_name">Tribe &lt;name&gt;</label>', html)
    assert 'id="id_name"' in html and 'aria-describedby="id_name_helptext"' in html
    assert '<p class="help" id="id_name_helptext">See <a href="/rules/">the rule</a></p>' in html
    assert "has-error" not in html


def test_an_error_sits_next_to_its_field_and_is_escaped():
    form = Sample({"name": "x", "count": "<b>0</b>"})
    html = _render("{% field form.count %}", form)
    assert 'class="field has-error"' in html and 'aria-invalid="true"' in html
    error = re.search(r'<div class="error" id="id_count_error">(.*?)</div>', html).group(1)
    assert error == "<p>Enter a whole number.</p>"
    assert "<b>0</b>" not in html


def test_a_checkbox_has_its_label_after_it_and_its_error():
    html = _render("{% checkbox_field form.agree %}", Sample({"name": "x", "count": "1"}))
    assert html.index('type="checkbox"') < html.index('<label for="id_agree">Played by me</label>')
    assert 'id="id_agree_error"' in html and "has-error" in html


def test_a_forms_own_errors_show_in_an_alert_escaped_and_nothing_without_them():
    form = Sample({"name": "x", "count": "2"})
    form.is_valid()
    assert _render("{% form_errors form %}", form) == ""
    assert _render("{% form_errors missing %}", form) == ""
    form.add_error(None, "Someone renamed it to <b>Dark</b> meanwhile.")
    html = _render("{% form_errors form %}", form)
    assert re.fullmatch(
        r'\s*<div class="form-errors" role="alert"><p>Someone renamed it to '
        r"&lt;b&gt;Dark&lt;/b&gt; meanwhile\.</p></div>\s*",
        html,
    )
