"""The tribe reads whose SQL is built once (compiled_sql.py) answer as the ORM does."""

import pytest
from django.http import Http404

from campaigns.occulites import services
from campaigns.occulites.models import AbilityHolding, ScenarioResult
from campaigns.occulites.queries import tribe_or_404
from campaigns.occulites.services.snapshot import tribe_holdings


def _ids(rows):
    return [row.pk for row in rows]


def test_the_tribe_rows_equal_the_orms_for_each_tribe(hydris, palaudis, user):
    services.tribe_award_vp(tribe=hydris, actor=user, amount=20, reason="test")
    services.luftle_recruit(tribe=hydris, actor=user, caste="grunt", base_letter="A")
    services.ability_buy(occulite=hydris.occulites.first(), actor=user, ability_key="pouch")
    for tribe in (hydris, palaudis, hydris):
        rows = services.tribe_rows(tribe)
        assert _ids(rows.occulites) == _ids(tribe.occulites.all())
        assert _ids(rows.luftles) == _ids(tribe.luftles.all())
        assert _ids(rows.holdings) == _ids(tribe_holdings(tribe))
        assert services.tribe_totals(tribe) == services.tribes_totals([tribe])[tribe.pk]
    assert isinstance(services.tribe_rows(hydris).holdings[0], AbilityHolding)
    assert services.tribe_totals(hydris)[services.AVAILABLE_SPEND_TOTAL] > 0


def test_the_scenario_just_played_is_the_last_up_to_this_timeslot(campaign, hydris, palaudis):
    season = services.season_for(campaign)
    assert services.scenario_just_played(hydris, season) is None
    for timeslot in (1, 2, 3):
        ScenarioResult.objects.create(
            tribe=hydris, timeslot=timeslot, scenario_key="returning_from_the_hunt"
        )
    season.timeslot = 2
    played = services.scenario_just_played(hydris, season)
    assert (played.tribe_id, played.timeslot) == (hydris.pk, 2)
    assert played.options_chosen == []  # JSON decoded as the ORM decodes it
    assert services.scenario_just_played(palaudis, season) is None


def test_the_season_and_the_tribe_are_read_by_their_campaign(campaign, hydris):
    assert services.season_for(campaign).pk == services.season_for(campaign).pk
    assert tribe_or_404(campaign, hydris.pk).name == hydris.name
    with pytest.raises(Http404):
        tribe_or_404(campaign, hydris.pk + 1000)
