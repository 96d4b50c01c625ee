"""Helpers for the tests that compare forms drawn from remembered markup
(``campaigns.table.form_markup``) with the real forms."""

import re

CSRF_VALUE = re.compile(r'name="csrfmiddlewaretoken" value="[^"]*"')


def real_forms(form_class, prefix, *, initial=None, **arguments):
    """``fresh_form`` as if no form opted in: the real form, built every time."""
    return form_class(prefix=prefix, initial=initial, **arguments)


def without_csrf(html: str) -> str:
    """The markup without its per-request CSRF token."""
    return CSRF_VALUE.sub("", html)


def forms_of(html: str) -> list[str]:
    """A page's forms, without their CSRF tokens."""
    return [without_csrf(form) for form in re.findall(r"<form\b.*?</form>", html, re.S)]
