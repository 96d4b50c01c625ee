"""The solo page's new-game form is drawn from remembered markup
(``campaigns.table.form_markup``) exactly as the real form draws, and anew when the date,
the group's members or its adventurers change."""

import datetime
import re

from django.urls import reverse

from campaigns.glow import forms_common
from campaigns.glow.solo import views
from campaigns.table import services
from tests.factories import UserFactory
from tests.form_markup_checks import drawn_both_ways, without_csrf


def _form(html: str) -> str:
    form = re.search(r'<form method="post" action="[^"]*/solo/new/".*?</form>', html, re.S)[0]
    return without_csrf(form)


def _solo_form(client, campaign) -> str:
    return _form(client.get(reverse("glow:solo", args=[campaign.pk])).content.decode())


def test_the_form_draws_as_the_real_form(campaign, owner_client, monkeypatch):
    url = reverse("glow:solo", args=[campaign.pk])
    remembered = drawn_both_ways(owner_client, url, views, monkeypatch, _form)
    assert 'id="id_solo_played_on"' in remembered


def test_another_day_draws_the_form_anew(campaign, owner_client, monkeypatch):
    for day in (datetime.date(2026, 12, 31), datetime.date(2027, 1, 1)):
        monkeypatch.setattr(forms_common, "today", lambda day=day: day)
        assert f'value="{day.isoformat()}"' in _solo_form(owner_client, campaign)


def test_a_new_member_is_offered_at_once(campaign, owner_client):
    before = _solo_form(owner_client, campaign)
    newcomer = UserFactory(username="newcomer<b>")
    services.membership_join(token=campaign.invite_token, user=newcomer)
    after = _solo_form(owner_client, campaign)
    assert "newcomer" not in before
    assert f'<option value="{newcomer.pk}">newcomer&lt;b&gt;</option>' in after
