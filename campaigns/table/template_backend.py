"""Django's template backend, printing numbers as Python writes them.

By default every `{{ number }}` goes through `formats.number_format`, which looks up the
language and three locale formats on each call: about 5 µs a number, 15 of them on the
Dawnshade Väki Mat (80-120 µs of a page in process). The site speaks one language, British
English, and shows no thousands separators (`USE_THOUSAND_SEPARATOR` is off), so what that
returns for an integer is `str()` of it; turning localisation off for the templates' own
output prints the same characters without the lookups. Dates and times printed without a
filter then take the settings' formats, which `settings.py` sets to the British English
ones, so they print the same too. A `|date` filter or `{% localize on %}` still localises.
Tests render every demo page with Django's own backend and compare.
"""

from django.template.backends.django import DjangoTemplates, Template, reraise
from django.template.context import make_context
from django.template.exceptions import TemplateDoesNotExist


class PlainNumberTemplate(Template):
    def render(self, context=None, request=None):
        context = make_context(context, request, autoescape=self.backend.engine.autoescape)
        context.use_l10n = False
        try:
            return self.template.render(context)
        except TemplateDoesNotExist as exc:
            reraise(exc, self.backend)


class PlainNumberTemplates(DjangoTemplates):
    def from_string(self, template_code):
        return PlainNumberTemplate(self.engine.from_string(template_code), self)

    def get_template(self, template_name):
        return PlainNumberTemplate(super().get_template(template_name).template, self)
