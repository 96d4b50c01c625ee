"""The spending forms (learn an ability, teach the Luftle Chief, recruit, buy back Defence)
are drawn from remembered markup (``campaigns.table.form_markup``) exactly as the real forms
draw, and anew when what they offer changes (a higher total offers more)."""

import re

from campaigns.occulites import services
from campaigns.occulites.results import views
from tests.form_markup_checks import drawn_both_ways, forms_of

from .conftest import url


def _spending_forms(html: str) -> list[str]:
    return [form for form in forms_of(html) if re.search(r'action="[^"]*/spend/', form)]


def test_the_spending_forms_draw_as_the_real_forms(
    owner_client, campaign, palaudis, user, monkeypatch
):
    services.tribe_award_vp(tribe=palaudis, actor=user, amount=5, reason="test")
    spend = url("occulites:spend", campaign, palaudis)
    forms = drawn_both_ways(owner_client, spend, views, monkeypatch, _spending_forms)
    assert len(forms) == 2  # learn an ability, recruit a Luftle (no Defence lost)
    assert 'name="purchase"' in forms[0] and "<optgroup" in forms[0]
    assert 'name="caste"' in forms[1] and 'name="free"' not in forms[1]


def test_what_the_forms_offer_follows_the_total(owner_client, campaign, palaudis, user):
    spend = url("occulites:spend", campaign, palaudis)
    services.tribe_award_vp(tribe=palaudis, actor=user, amount=1, reason="test")
    before = _spending_forms(owner_client.get(spend).content.decode())
    assert "Leap — 1 VP" in before[0] and "Intimidating Croak" not in before[0]
    services.tribe_award_vp(tribe=palaudis, actor=user, amount=2, reason="test")
    after = _spending_forms(owner_client.get(spend).content.decode())
    assert "Intimidating Croak — 3 VP" in after[0]
