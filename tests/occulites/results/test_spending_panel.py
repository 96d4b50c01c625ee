"""The spending panel, drawn in Python (``results/spending_panel.py``), read through the
spending page, its live totals and the answers to a purchase: the totals before and after a
scenario, each section's form only while it has something to offer, the refusals listed by
Occulite, the Luftle Chief's and the free recruit's parts, what a member who may not change
the tribe sees, the purchase's message in the panel, and typed names escaped."""

import re

import pytest

from campaigns.occulites import services
from tests.factories import HTMX

from .conftest import url, wizard

pytestmark = pytest.mark.django_db


def panel(client, campaign, tribe) -> str:
    html = client.get(url("occulites:spend", campaign, tribe)).content.decode()
    return re.search(r'<div id="spending" class="spending">.*\n</div>', html, re.S)[0]


def section(html: str, name: str) -> str:
    return re.search(
        rf'<section class="card" aria-labelledby="{name}-title">.*?</section>', html, re.S
    )[0]


def actions(html: str) -> list[str]:
    return [
        action.rstrip("/").rsplit("/", 1)[-1]
        for action in re.findall(r'<form method="post" action="([^"]+)"', html)
    ]


def test_before_any_scenario_with_nothing_to_spend(owner_client, campaign, hydris):
    html = panel(owner_client, campaign, hydris)
    totals = re.search(r'<section id="spend-totals".*?</section>', html, re.S)[0]
    assert '<strong data-total="available_spend_total">0</strong> VP' in totals
    assert "Deep Pool has played no scenario yet" in totals
    assert 'hx-get="' in totals  # the totals are a live region of their own
    assert '<p class="muted">Nothing can be learned right now.</p>' in section(html, "learn")
    assert "No Luftle can be recruited right now." in section(html, "recruit")
    assert "No Occulite has lost Defence" in section(html, "defence")
    assert "luftle-chief-title" not in html
    assert actions(html) == []
    # Every purchase is refused, each under its Occulite's name.
    refusals = re.search(r'<details class="refusals">.*?</details>', section(html, "learn"), re.S)[
        0
    ]
    assert re.findall(r"<h4>([^<]+)</h4>", refusals)[0] == "Chief"
    assert "costs" in refusals and "but the Available Spend Total is 0" in refusals


def test_each_form_while_it_has_an_offer(owner_client, campaign, hydris, user):
    services.tribe_award_vp(tribe=hydris, actor=user, amount=20, reason="test")
    second = hydris.occulites.get(position=1)
    services.occulite_stat_change(
        occulite=second, actor=user, stat="defence", amount=-1, reason="t"
    )
    services.luftle_recruit(tribe=hydris, actor=user, caste="grunt", base_letter="A")
    services.luftle_recruit(tribe=hydris, actor=user, caste="chief", base_letter="C")
    html = panel(owner_client, campaign, hydris)
    assert actions(html) == ["ability", "luftle-chief", "recruit", "defence"]
    assert "Teach the Luftle Chief (C)</h3>" in html
    for name in ("learn", "luftle-chief", "recruit", "defence"):
        form = re.search(r"<form .*?</form>", section(html, name), re.S)[0]
        assert 'hx-target="#spending" hx-swap="outerHTML"' in form
        assert '<input type="hidden" name="back" value="spend"' in form
        assert 'name="csrfmiddlewaretoken"' in form
    assert 'name="free"' not in html  # no free recruit won
    assert re.findall(r"<li>(Second: Defence \d, up to \d before the scenario)", html) == [
        "Second: Defence 3, up to 4 before the scenario"
    ]


def test_after_a_scenario_the_learned_abilities_allowed(
    owner_client, campaign, hydris, user, drawn
):
    drawn("the_luftle_nest")
    services.scenario_result_record(
        tribe=hydris, actor=user, vp_counts={}, options_chosen=["winner_free_luftle"]
    )
    page = owner_client.get(wizard(campaign, hydris, "spend")).content.decode()
    assert re.search(r'<span data-learned-allowed="\d+" data-learned-bought="0">', page)
    recruit = section(page, "recruit")
    assert 'name="free"' in recruit and '<input type="hidden" name="back" value="record"' in recruit


def test_a_player_kept_to_their_own_sees_the_totals_only(kept_to_own_client, campaign, hydris):
    html = panel(kept_to_own_client, campaign, hydris)
    assert '<p class="small" data-not-theirs>Only Deep Pool’s player or an owner' in html
    assert "learn-title" not in html and actions(html) == []


def test_a_purchase_answers_with_its_message_in_the_panel(owner_client, campaign, hydris, user):
    services.tribe_award_vp(tribe=hydris, actor=user, amount=2, reason="test")
    chief = hydris.occulites.get(is_chief=True)
    response = owner_client.post(
        url("occulites:spend_ability", campaign, hydris),
        {"purchase": f"{chief.pk}:pouch", "back": "spend"},
        headers=HTMX,
    )
    html = response.content.decode()
    assert html.startswith('<div id="spending"')
    assert re.search(
        r'<ul class="messages" role="status">\s*<li class="message success">'
        r"Chief learned Pouch for 1 VP",
        html,
    )
    assert '<strong data-total="available_spend_total">1</strong>' in html


def test_typed_names_are_escaped(owner_client, campaign, user):
    tribe = services.tribe_create(
        campaign=campaign, actor=user, name="<b>Pool & Co", tribe_type="hydris", player=user
    )
    html = panel(owner_client, campaign, tribe)
    assert "&lt;b&gt;Pool &amp; Co has played no scenario yet" in html and "<b>" not in html
