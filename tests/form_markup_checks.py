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


def drawn_both_ways(client, url, views_module, monkeypatch, extract=forms_of, **query):
    """What ``extract`` finds on the page at ``url`` as served, after checking it is the
    same with ``views_module.fresh_form`` building the real forms."""
    remembered = client.get(url, query)
    assert remembered.status_code == 200, url
    with monkeypatch.context() as patched:
        patched.setattr(views_module, "fresh_form", real_forms)
        real = client.get(url, query)
    found = extract(remembered.content.decode())
    assert found == extract(real.content.decode()), url
    return found
