"""A post form as the templates draw one, for regions written in Python (every game's):
the CSRF input `{% csrf_token %}` writes, and a form posting to a URL by htmx and without
JavaScript alike."""

from .form_renderer import fast_escape


def csrf_input(context) -> str:
    """What ``{% csrf_token %}`` draws (Django's CsrfTokenNode, less its DEBUG warning)."""
    csrf_token = context.get("csrf_token")
    if not csrf_token or csrf_token == "NOTPROVIDED":
        return ""
    return (
        f'<input type="hidden" name="csrfmiddlewaretoken" value="{fast_escape(str(csrf_token))}">'
    )


def post_form_markup(context, url: str, inner: str, data_form=None, css_class=None) -> str:
    """``<form method="post">`` posting ``inner`` (already markup) to ``url`` by htmx and
    without JavaScript, its CSRF input first; `data_form` and `css_class` as attributes."""
    url = fast_escape(url)
    data = "" if data_form is None else f' data-form="{fast_escape(data_form)}"'
    css = "" if css_class is None else f' class="{fast_escape(css_class)}"'
    return (
        f'<form method="post" action="{url}" hx-post="{url}"{css}{data}>'
        f"{csrf_input(context)}{inner}</form>"
    )
