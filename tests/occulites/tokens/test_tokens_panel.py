"""The Tribal Tokens panel, drawn in Python (``tokens/panel.py``), read through the page:
each pool's tokens left as pips, the spend form and its buttons only while a token may be
spent, this turn's spends with the undo of the last, the Chief's form, what a viewer sees,
typed names escaped, and the add-a-tribe form drawn from remembered markup."""

import re

import pytest
from django.urls import reverse

from campaigns.occulites import services as occulites_services
from campaigns.occulites.rules.tribal_tokens import TRIBAL_TOKEN_USES
from campaigns.occulites.tokens import services
from campaigns.occulites.tokens.forms import TokensTribeForm
from campaigns.table.form_markup import FrozenForm, fresh_form
from tests.factories import HTMX

pytestmark = pytest.mark.django_db


def panel(client, campaign) -> str:
    response = client.get(reverse("occulites:tokens", args=[campaign.pk]), headers=HTMX)
    assert response.status_code == 200
    html = response.content.decode()
    assert html.startswith('<div id="tokens-panel"') and html.endswith("</div>")
    return html


def tribe_section(html: str, name: str) -> str:
    return re.search(
        rf'<section class="card tribe-tokens"[^>]*data-tribe="{name}">.*?</section>', html, re.S
    )[0]


def pool_div(section: str, pool: str) -> str:
    """One pool's part of a tribe's section: up to the next pool or the Chief's form."""
    return re.search(
        rf'<div class="side pool" data-pool="{pool}">.*?(?=data-pool=|name="on_board"|</section>)',
        section,
        re.S,
    )[0]


def actions(html: str) -> list[str]:
    return [
        url.rstrip("/").rsplit("/", 1)[-1]
        for url in re.findall(r'<form method="post" action="([^"]*)"', html)
    ]


@pytest.fixture
def tribes(campaign, user, hydris, palaudis):
    """Deep Pool (Hydris) with a Grunt and a Luftle Chief; Reed Marsh (Palaudis) with a Grunt."""
    for tribe in (hydris, palaudis):
        occulites_services.tribe_award_vp(tribe=tribe, actor=user, amount=10, reason="test")
    occulites_services.luftle_recruit(tribe=hydris, actor=user, caste="grunt", base_letter="A")
    occulites_services.luftle_recruit(tribe=hydris, actor=user, caste="chief", base_letter="C")
    occulites_services.luftle_recruit(tribe=palaudis, actor=user, caste="grunt", base_letter="B")
    return {"hydris": f"tribe-{hydris.pk}", "palaudis": f"tribe-{palaudis.pk}"}


def test_each_pool_its_pips_its_form_and_the_turn(owner_client, campaign, tribes):
    html = panel(owner_client, campaign)
    assert '<strong data-result="turn">Turn 1</strong>' in html
    deep = tribe_section(html, "Deep Pool")
    chief = pool_div(deep, "chief")
    assert 'Chief&#x27;s tokens: <span data-count="left">5</span> of 5 left' in chief
    assert chief.count('<span class="pip full"></span>') == 5
    options = re.findall(r'<option value="([^"]+)">', chief)
    assert options == list(TRIBAL_TOKEN_USES)
    assert f'<select id="use-{tribes["hydris"]}-chief" name="use">' in chief
    # The Chief's tokens go on Occulites only (no Friend of the Luftles here).
    buttons = re.findall(r'<button type="submit" name="figure" value="([^"]+)"', chief)
    assert buttons and not any(name.startswith("Luftle") for name in buttons)
    luftle = pool_div(deep, "luftle_chief")
    assert re.findall(r'name="figure" value="([^"]+)"', luftle) == [
        "Luftle Grunt A",
        "Luftle Chief C",
    ]
    assert actions(deep) == ["spend", "spend", "chief"]
    assert actions(html)[0] == "next-turn" and actions(html)[-1] == "new"
    for slug in ("tribal-tokens", "luftle-chief", "friend-of-the-luftles"):
        assert f'<a href="/rules/occulites/{slug}/">' in html


def test_a_pool_with_no_token_left_offers_no_spend(owner_client, campaign, user, tribes):
    for figure in ("Luftle Grunt A", "Luftle Chief C"):
        services.tokens_spend(
            campaign=campaign,
            actor=user,
            tribe=tribes["hydris"],
            pool="luftle_chief",
            figure=figure,
            use="change_card_type",
        )
    deep = tribe_section(panel(owner_client, campaign), "Deep Pool")
    luftle = pool_div(deep, "luftle_chief")
    assert '<span data-count="left">0</span> of 2 left' in luftle
    assert "spend-form" not in luftle and "↶ Undo: Luftle Chief C" in luftle
    assert actions(deep) == ["spend", "undo", "chief"]


def test_spends_listed_with_the_undo_of_the_last(owner_client, campaign, user, tribes):
    key = tribes["hydris"]
    for figure in ("Second", "Third"):
        services.tokens_spend(
            campaign=campaign,
            actor=user,
            tribe=key,
            pool="chief",
            figure=figure,
            use="draw_three_cards",
        )
    chief = pool_div(tribe_section(panel(owner_client, campaign), "Deep Pool"), "chief")
    assert '<span data-count="left">3</span> of 5 left' in chief
    assert chief.count('<span class="pip full"></span>') == 3 and chief.count('"pip"') == 2
    use = TRIBAL_TOKEN_USES["draw_three_cards"].name
    assert re.findall(r"<li>(Turn \d+: \w+ — [^<]+)</li>", chief) == [
        f"Turn 1: Second — {use}",
        f"Turn 1: Third — {use}",
    ]
    assert 'name="expected" value="2"' in chief
    assert f'aria-label="Undo the last spend: Third, {use}">↶ Undo: Third, {use}</button>' in chief
    assert (
        'class="secondary spent" aria-label="Spend on Third (already had one this turn)"' in chief
    )


def test_the_chief_off_the_board_stops_the_spending(owner_client, campaign, user, tribes):
    services.tokens_chief_on_board(
        campaign=campaign, actor=user, tribe=tribes["hydris"], on_board=False
    )
    deep = tribe_section(panel(owner_client, campaign), "Deep Pool")
    assert "The Chief is off the board: no Tribal Tokens may be used." in deep
    assert actions(deep) == ["chief"]
    assert '<input type="hidden" name="on_board" value="1">' in deep
    assert "The Chief is back on the board" in deep
    reed = tribe_section(panel(owner_client, campaign), "Reed Marsh")
    assert actions(reed) == ["spend", "chief"] and 'name="on_board" value="0"' in reed


def test_a_viewer_sees_the_pools_without_forms(viewer_client, campaign, user, tribes):
    services.tokens_spend(
        campaign=campaign,
        actor=user,
        tribe=tribes["hydris"],
        pool="chief",
        figure="Second",
        use="draw_three_cards",
    )
    html = panel(viewer_client, campaign)
    assert "<form" not in html and "Turn 1: Second" in html
    page = viewer_client.get(reverse("occulites:tokens", args=[campaign.pk])).content.decode()
    assert "tribe-form" not in page


def test_typed_names_are_escaped_and_a_missing_tribe_is_pointed_out(
    owner_client, campaign, user, hydris
):
    services.tokens_add_tribe(
        campaign=campaign,
        actor=user,
        name="<b>Guests",
        occulites=["Pim <i>", "Tam"],
        luftles=[],
        luftle_chief=False,
        friend_of_the_luftles=False,
    )
    occulites_services.tribe_create(campaign=campaign, actor=user, name="Late & Co")
    html = panel(owner_client, campaign)
    assert "<b>" not in html and "<i>" not in html
    assert 'data-tribe="&lt;b&gt;Guests"' in html
    assert 'name="figure" value="Pim &lt;i&gt;"' in html
    assert "Late &amp; Co joined the campaign after this game started" in html
    assert "to give it tokens." in html


def test_no_tribes_yet_points_to_the_sheet(owner_client, campaign):
    html = panel(owner_client, campaign)
    sheet = reverse("occulites:sheet", args=[campaign.pk])
    assert f'No tribes in this game yet. Found tribes on the <a href="{sheet}">' in html
    assert actions(html) == ["new"]


def test_the_add_a_tribe_form_is_drawn_from_markup_as_the_real_form(owner_client, campaign):
    frozen = fresh_form(TokensTribeForm, None)
    assert isinstance(frozen, FrozenForm)
    assert [str(field) for field in frozen] == [str(field) for field in TokensTribeForm()]
    page = owner_client.get(reverse("occulites:tokens", args=[campaign.pk])).content.decode()
    form = re.search(r'<section id="tribe-form".*?</section>', page, re.S)[0]
    assert re.findall(r'name="(\w+)"', form)[1:] == [
        "name",
        "occulites",
        "luftles",
        "luftle_chief",
        "friend_of_the_luftles",
    ]
