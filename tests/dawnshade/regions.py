"""Reading a Dawnshade live region through its page, for the region tests: the htmx answer
checked to be the region alone, and the action forms it offers."""

import re


def region_html(client, url: str, region_id: str, *, response=None, status=200) -> str:
    """The live region ``region_id`` as ``url`` answers htmx (or ``response``, an action's
    answer), checked to be that region alone and answered with ``status``."""
    if response is None:
        response = client.get(url, HTTP_HX_REQUEST="true", HTTP_HX_TARGET=region_id)
    assert response.status_code == status
    html = response.content.decode()
    assert html.startswith(f'<div id="{region_id}"') and html.endswith("</div>")
    return html


def action_forms(html: str) -> list[str]:
    """Each action form's ``data-form``, or the last part of its action, in order."""
    return [
        data or action.rstrip("/").rsplit("/", 1)[-1]
        for action, data in re.findall(
            r'<form method="post" action="([^"]*)" hx-post="[^"]*"(?: data-form="([^"]*)")?',
            html,
        )
    ]
