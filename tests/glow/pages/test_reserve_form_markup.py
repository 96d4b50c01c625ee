"""The pad's reserve forms (draw for a seat, return tokens) are drawn from remembered markup
(``campaigns.table.form_markup``) exactly as the real forms draw, and anew when the seats
they offer change."""

import re

from django.urls import reverse

from campaigns.glow import services
from campaigns.glow.models import Seat
from campaigns.glow.pad import views
from tests.form_markup_checks import drawn_both_ways, forms_of
from tests.glow.conftest import SPECIAL_COUNTS


def _reserve_forms(html: str) -> list[str]:
    return [form for form in forms_of(html) if re.search(r'action="[^"]*/reserve/', form)]


def _with_reserve(play, campaign, user):
    services.settings_special_counts_set(campaign=campaign, actor=user, counts=SPECIAL_COUNTS)
    services.butterfly_reserve_start(play=play, actor=user)
    return reverse("glow:pad", args=[campaign.pk, play.pk])


def test_the_reserve_forms_draw_as_the_real_forms(duel, campaign, user, owner_client, monkeypatch):
    url = _with_reserve(duel, campaign, user)
    forms = drawn_both_ways(owner_client, url, views, monkeypatch, _reserve_forms)
    assert len(forms) == 3 and 'name="return_green"' in forms[1]  # draw, return, noon


def test_a_seat_renamed_is_offered_by_its_new_name(duel, campaign, user, owner_client):
    url = _with_reserve(duel, campaign, user)
    guest = duel.seats.get(guest_name="Mira")
    assert f'<option value="{guest.pk}">Mira</option>' in owner_client.get(url).content.decode()
    Seat.objects.filter(pk=guest.pk).update(guest_name="Mira <2>")
    html = owner_client.get(url).content.decode()
    assert "Mira</option>" not in html
    assert html.count(f'<option value="{guest.pk}">Mira &lt;2&gt;</option>') == 2
