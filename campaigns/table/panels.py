"""Closed panels, for any game's page: a ``<details>`` closed by default draws only its
summary and a loader (the ``panel_loader`` tag); its forms come when the player opens it
(htmx asks for ``?panel=NAME``, answered with the template's ``panel-NAME`` partial) or,
without JavaScript, from the loader's link (``?open=NAME``, the page with that panel open).
A panel holding a refused form is drawn open, so its errors show beside its fields. Each page
names its panels and the form prefixes in each: ``{"conditions": ("condition", "rings")}``.

Drawing forms costs more than most of a page: a page draws the ones its state shows and
leaves the rest behind a panel's summary."""

from django.shortcuts import render

from campaigns.table.htmx import render_page


def drawn_panels(panels: dict, refused: dict, opened=()) -> dict[str, bool]:
    """Which of the page's closed panels are drawn open: those the request opened and those
    holding a refused form."""
    return {
        name: name in opened or any(prefix in refused for prefix in prefixes)
        for name, prefixes in panels.items()
    }


def opened_panels(request) -> tuple[str, ...]:
    """The panels a plain (no-JavaScript) request asks to see open: ``?open=NAME``."""
    return tuple(request.GET.getlist("open"))


def render_with_panels(
    request, template: str, context: dict, panels: dict, *, region: str | None, may=None
):
    """The page or its live region (the template's ``region`` partial); for htmx's
    ``?panel=NAME`` the body of that closed panel alone, only for a member who may use its
    forms (``may``, else write access)."""
    name = request.GET.get("panel") if request.htmx else None
    if may is None:
        may = context["membership"].can_write
    if name in panels and may:
        return render(request, f"{template}#panel-{name}", context)
    return render_page(request, template, context, partial=region)
