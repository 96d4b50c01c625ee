"""Applying a ticked penalty or advance is a service: it checks the option was ticked and
dispatches to the change it makes (issue 8, point 8)."""

import pytest

from campaigns.occulites import services
from campaigns.occulites.rules.errors import RuleViolation
from tests.occulites.results.conftest import draw_scenario


@pytest.fixture
def podmothine(campaign, user, hydris, palaudis):
    draw_scenario(campaign, user, "the_podmothine", [hydris, palaudis])
    services.scenario_result_record(
        tribe=hydris,
        actor=user,
        vp_counts={},
        options_chosen=["left_with_sungem_defence_reset"],
    )


def test_a_defence_reset_puts_defence_back_to_its_campaign_start_value(
    campaign, user, hydris, podmothine
):
    """Scenario 7 - Advances: Defence lower than at the campaign's start goes back to it."""
    second = hydris.occulites.get(position=1)
    services.occulite_stat_change(
        occulite=second, actor=user, stat="defence", amount=-2, reason="a hard fight"
    )
    applied = services.scenario_option_apply(
        tribe=hydris,
        actor=user,
        option_key="left_with_sungem_defence_reset",
        occulite=second,
    )
    second.refresh_from_db()
    assert second.defence == second.start_defence == 4
    assert applied.message == applied.entry.reason
    assert "Defence 2→4" in applied.message


def test_an_option_the_tribe_did_not_tick_is_refused(
    campaign, user, hydris, palaudis, podmothine, nothing_written
):
    with nothing_written(campaign), pytest.raises(RuleViolation, match="not one this tribe"):
        services.scenario_option_apply(
            tribe=palaudis,
            actor=user,
            option_key="left_with_sungem_defence_reset",
            occulite=palaudis.occulites.first(),
        )


def test_an_occulite_of_another_tribe_is_refused(
    campaign, user, hydris, palaudis, podmothine, nothing_written
):
    with nothing_written(campaign), pytest.raises(RuleViolation, match="of this tribe"):
        services.scenario_option_apply(
            tribe=hydris,
            actor=user,
            option_key="left_with_sungem_defence_reset",
            occulite=palaudis.occulites.first(),
        )
