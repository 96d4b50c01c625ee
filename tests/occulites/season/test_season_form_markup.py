"""The season and Long Dark pages draw their fresh forms (each tribe's nomination, the
beaten Defender's choice, each tribe's Long Dark roll and reroll) from remembered markup
(``campaigns.table.form_markup``) exactly as the real forms draw, in every state that shows
them, and anew when what they offer changes."""

from django.urls import reverse

from campaigns.occulites import services
from campaigns.occulites.season import views
from tests.form_markup_checks import drawn_both_ways
from tests.occulites.season.test_season_page import _raid_lost_by_reed_marsh


def _both_ways(client, url, monkeypatch) -> str:
    return "".join(drawn_both_ways(client, url, views, monkeypatch))


def _season(campaign):
    return reverse("occulites:season", args=[campaign.pk])


def _long_dark(campaign):
    return reverse("occulites:long_dark", args=[campaign.pk])


def test_each_tribes_nomination_draws_as_the_real_form(
    owner_client, campaign, user, hydris, palaudis, monkeypatch
):
    forms = _both_ways(owner_client, _season(campaign), monkeypatch)
    for tribe in (hydris, palaudis):
        assert f'<label for="id_t{tribe.pk}_scenario_key">Scenario for {tribe.name}' in forms
    services.scenario_nominate(tribe=hydris, actor=user, scenario_key="returning_from_the_hunt")
    forms = _both_ways(owner_client, _season(campaign), monkeypatch)
    assert f"id_t{hydris.pk}_scenario_key" not in forms
    assert f"id_t{palaudis.pk}_scenario_key" in forms


def test_the_beaten_defenders_choice_draws_as_the_real_form(
    owner_client, campaign, user, hydris, palaudis, monkeypatch
):
    _raid_lost_by_reed_marsh(campaign, user, hydris, palaudis)
    forms = _both_ways(owner_client, _season(campaign), monkeypatch)
    assert f'id="id_c{palaudis.pk}_scenario_key"' in forms


def test_long_dark_rolls_and_rerolls_draw_as_thereal_forms(
    owner_client, campaign, user, hydris, palaudis, long_dark, monkeypatch
):
    forms = _both_ways(owner_client, _long_dark(campaign), monkeypatch)
    assert f'id="id_t{hydris.pk}_dice"' in forms
    services.long_dark_roll(tribe=hydris, actor=user, dice=[9, 9, 9, 9, 9, 9, 9, 9, 5, 2])
    forms = _both_ways(owner_client, _long_dark(campaign), monkeypatch)
    assert "Die 10 (shows 2)</option>" in forms
    services.long_dark_reroll(tribe=hydris, actor=user, die_index=9, value=8)
    forms = _both_ways(owner_client, _long_dark(campaign), monkeypatch)
    assert "Die 10 (shows" not in forms  # each die goes once
    assert "Die 9 (shows 5)</option>" in forms
