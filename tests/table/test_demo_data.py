"""`manage.py demo_data`, which `make run` calls."""

from django.core.management import call_command

from campaigns.occulites.models import Tribe
from campaigns.occulites.services import tribe_totals
from campaigns.table.models import Campaign


def test_demo_data_makes_a_campaign_per_game_and_runs_twice(db, capsys):
    call_command("demo_data")
    call_command("demo_data")
    assert sorted(Campaign.objects.values_list("game", flat=True)) == [
        "dawnshade",
        "glow",
        "occulites",
    ]
    assert "demo" in capsys.readouterr().out


def test_demo_occulites_season_has_two_tribes_three_timeslots_played(db):
    call_command("demo_data")
    campaign = Campaign.objects.get(game="occulites")
    assert campaign.occulites_season.timeslot == 4
    tribes = Tribe.objects.filter(campaign=campaign)
    assert tribes.count() == 2
    for tribe in tribes:
        assert tribe.results.count() == 3
        assert tribe_totals(tribe)["total_vp"] > 0
