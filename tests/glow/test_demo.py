"""The demo group: finished plays (one of 5 players, one solo against Tom) and an open pad."""

import io

from django.core.management import call_command

from campaigns.glow.models import Play
from campaigns.glow.queries import history_page
from campaigns.table.models import Campaign


def test_the_demo_group_has_finished_plays_of_5_and_a_solo_game(db):
    call_command("demo_data", stdout=io.StringIO())
    group = Campaign.objects.get(game="glow")
    finished = Play.objects.filter(campaign=group, status="finished")
    assert finished.count() == 4
    assert finished.filter(seats__position=5).count() == 1
    solo = finished.get(solo=True)
    assert solo.tom_score is not None and solo.tom_final is not None
    assert Play.objects.filter(campaign=group, status="open").count() == 1
    page = history_page(group)
    assert page.solo.plays == 1 and len(page.totals.plays) == 4
