"""The record wizard's status, drawn in Python (``results/wizard_status.py``), read through
its live region (``?part=status``) and the wizard page: the tribe, timeslot and scenario,
the totals, each step with where it stands and the one shown, one-tap undo back to the
step, what was written for the result, what a member who may not change the tribe sees,
and typed names escaped."""

import re

import pytest

from campaigns.occulites import services
from tests.factories import HTMX

from .conftest import wizard

pytestmark = pytest.mark.django_db


def status(client, campaign, tribe, step="") -> str:
    response = client.get(
        wizard(campaign, tribe, step) + ("&" if step else "?") + "part=status", headers=HTMX
    )
    assert response.status_code == 200
    html = response.content.decode()
    assert html.startswith('<section id="wizard-status"') and html.endswith("</section>")
    return html


def steps(html: str) -> list[tuple[str, str, str, bool]]:
    """(class, label, badge, shown) of each step."""
    return [
        (css, label, badge, bool(current))
        for css, current, label, badge in re.findall(
            r'<li class="(\w*)">\s*<a href="[^"]+\?step=\w+"( aria-current="step")?>([^<]+)</a>'
            r'\s*<span class="badge">([^<]+)</span>',
            html,
        )
    ]


def test_before_the_result_only_the_result_and_spending_are_open(owner_client, campaign, hydris):
    html = status(owner_client, campaign, hydris)
    assert re.search(
        r'<h2 id="wizard-title">Deep Pool\s*<span class="muted small">timeslot 1</span>', html
    )
    assert '<dd data-total="total_vp">0</dd>' in html
    assert '<dd data-total="available_spend_total">0</dd>' in html
    assert '<dd data-total="sungems">' in html
    assert steps(html) == [
        ("", "1. Result", "to do", True),
        ("locked", "2. Penalties and advances", "locked", False),
        ("locked", "3. Reborn", "locked", False),
        ("locked", "4. Luftles", "locked", False),
        ("", "5. Spend", "any time", False),
    ]
    assert 'hx-get="' in html and "part=status" in html  # its own live region
    assert "since-result" not in html and "data-not-theirs" not in html


def test_after_the_result_what_was_written_and_the_undo(
    owner_client, campaign, hydris, user, drawn
):
    drawn("the_luftle_nest")
    services.scenario_result_record(
        tribe=hydris, actor=user, vp_counts={}, options_chosen=["winner_free_luftle"]
    )
    html = status(owner_client, campaign, hydris, "spend")
    assert re.search(r"timeslot 1 · 9\. [^<]+</span></h2>", html)
    listed = steps(html)
    assert listed[0] == ("done", "1. Result", "done", False)
    assert listed[-1] == ("", "5. Spend", "any time", True)
    undo = re.search(
        r'<form method="post" action="[^"]+" data-undo-entry="\d+">.*?</form>', html, re.S
    )[0]
    assert f'name="next" value="{wizard(campaign, hydris, "spend")}"' in undo
    written = re.search(r"<summary>Written for this result \((\d+)\)</summary>", html)
    assert int(written[1]) == len(re.findall(r"<li>", html.split("since-result")[1])) > 0
    # The wizard page draws the same status.
    page = owner_client.get(wizard(campaign, hydris, "spend")).content.decode()
    assert steps(page) == listed


def test_a_player_kept_to_their_own_sees_the_status_without_its_undo(
    kept_to_own_client, campaign, hydris, user
):
    services.tribe_award_vp(tribe=hydris, actor=user, amount=2, reason="test")
    html = status(kept_to_own_client, campaign, hydris)
    assert '<p class="small" data-not-theirs>Only Deep Pool’s player or an owner' in html
    assert '<dd data-total="total_vp">2</dd>' in html


def test_typed_names_are_escaped(owner_client, campaign, user):
    tribe = services.tribe_create(
        campaign=campaign, actor=user, name="<b>Pool & Co", tribe_type="hydris", player=user
    )
    html = status(owner_client, campaign, tribe)
    assert "&lt;b&gt;Pool &amp; Co" in html and "<b>" not in html
