"""The tribe sheet's per-timeslot lines, kept as entries are written, are the lines the
per-entry walk of the paper sheet's rules gives (`scenario_lines`), before and after a
rebuild; the page reads a bounded number of rows however long the season's history."""

import random
from contextlib import suppress

from django.core.management import call_command
from django.urls import reverse

from campaigns.occulites import services
from campaigns.occulites.models import Tribe
from campaigns.occulites.queries import campaign_sheet
from campaigns.occulites.sheet.scenario_rows import EntryFacts, lines_from_sums, scenario_lines
from campaigns.occulites.sheet.timeslot_lines import rebuild, timeslot_sums
from campaigns.occulites.sheet.views import TRIBE_HISTORY_LENGTH
from campaigns.table.errors import Conflict, ValidationError
from campaigns.table.ledger import ledger_undo
from campaigns.table.models import Campaign, LedgerEntry
from campaigns.table.rule_errors import RuleViolation
from tests.occulites.sheet.test_season_charts import _end_timeslot

REFUSALS = (ValidationError, Conflict, RuleViolation)


def _walked(campaign, tribe, played, last):
    entries = (
        LedgerEntry.objects.filter(campaign=campaign).select_related("reverses").order_by("id")
    )
    facts = [
        EntryFacts(
            kind=entry.kind,
            is_tribe_entry=entry.subject_type == "tribe" and entry.subject_id == str(tribe.pk),
            deltas=entry.deltas,
            reverses_kind=entry.reverses.kind if entry.reverses else "",
        )
        for entry in entries
        if entry.subject_type in ("tribe", "season") or entry.kind == "season.advance"
        if entry.subject_type != "tribe" or entry.subject_id == str(tribe.pk)
    ]
    return scenario_lines(facts, played, last)


def _kept(tribe, played, last):
    return lines_from_sums(timeslot_sums([tribe])[tribe.pk], played, last)


def _assert_same_lines(campaign):
    season, _ = campaign_sheet(campaign)
    tribes = list(Tribe.objects.filter(campaign=campaign))
    played = {t.pk: {r.timeslot: r.scenario_key for r in t.results.all()} for t in tribes}
    last = max(season.timeslot, 1)
    kept = {t.pk: _kept(t, played[t.pk], last) for t in tribes}
    for tribe in tribes:
        assert kept[tribe.pk] == _walked(campaign, tribe, played[tribe.pk], last)
    rebuild(campaign.pk)
    assert {t.pk: _kept(t, played[t.pk], last) for t in tribes} == kept


def test_kept_lines_match_the_walk_on_the_demo_season(db):
    call_command("demo_data")
    _assert_same_lines(Campaign.objects.get(game="occulites"))


def test_kept_lines_match_the_walk_with_gains_losses_spending_and_undos(
    campaign, hydris, palaudis, user
):
    rng = random.Random(16)
    for _timeslot in range(3):
        for _ in range(12):
            tribe = rng.choice([hydris, palaudis])
            action = rng.choice(["award", "spend", "gems", "undo"])
            if action == "award":
                services.tribe_award_vp(
                    tribe=tribe, actor=user, amount=rng.randint(1, 4), reason="won"
                )
            elif action == "spend":
                with suppress(*REFUSALS):  # not enough to spend: refused, nothing written
                    services.tribe_spend_vp(tribe=tribe, actor=user, amount=1, reason="bought")
            elif action == "gems":
                services.tribe_sungems_change(tribe=tribe, actor=user, amount=1, reason="found")
            else:
                newest = campaign.ledger.filter(subject_type="tribe", reverses=None).first()
                if newest and not LedgerEntry.objects.filter(reverses=newest).exists():
                    with suppress(*REFUSALS):  # spent since: refused
                        ledger_undo(campaign=campaign, actor=user, entry_id=newest.pk)
        _end_timeslot(campaign, user, [hydris, palaudis])
    advance = campaign.ledger.filter(kind="season.advance").first()
    ledger_undo(campaign=campaign, actor=user, entry_id=advance.pk)
    services.tribe_award_vp(tribe=hydris, actor=user, amount=2, reason="after the step back")
    _assert_same_lines(campaign)


def test_the_tribe_sheet_lists_the_newest_entries_and_links_to_all(
    owner_client, campaign, hydris, palaudis, user, django_assert_max_num_queries
):
    url = reverse("occulites:tribe_sheet", args=[campaign.pk, hydris.pk])
    for n in range(TRIBE_HISTORY_LENGTH + 5):
        services.tribe_award_vp(tribe=hydris, actor=user, amount=1, reason=f"Point {n}")
    html = owner_client.get(url).content.decode()
    assert f"Point {TRIBE_HISTORY_LENGTH + 4}" in html and "Point 0<" not in html
    assert f"?subject=tribe%3A{hydris.pk}" in html
    history = owner_client.get(
        reverse("history", args=[campaign.pk]), {"subject": f"tribe:{hydris.pk}"}
    )
    assert "Point 0<" in history.content.decode()


def test_the_tribe_sheet_reads_the_same_queries_after_many_entries(
    owner_client, campaign, hydris, palaudis, user, django_assert_num_queries
):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    url = reverse("occulites:tribe_sheet", args=[campaign.pk, hydris.pk])
    with CaptureQueriesContext(connection) as few:
        owner_client.get(url)
    for n in range(40):
        services.tribe_award_vp(tribe=hydris, actor=user, amount=1, reason=f"VP {n}")
    _end_timeslot(campaign, user, [hydris, palaudis])
    with django_assert_num_queries(len(few)):
        owner_client.get(url)
