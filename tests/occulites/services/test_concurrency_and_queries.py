"""Racing spends never drive the Available Spend Total negative; the campaign sheet runs a
fixed number of queries however long the history grows."""

import threading

import pytest
from django.db import connection

from campaigns.occulites import services
from campaigns.occulites.models import Luftle, LuftleStatus, Occulite
from campaigns.occulites.queries import (
    campaign_rosters,
    campaign_sheet,
    campaign_tribes_with_totals,
    tribe_sheet_of,
)
from campaigns.occulites.rules.errors import RuleViolation
from campaigns.occulites.services.snapshot import held_abilities
from campaigns.table import services as table_services
from tests.factories import UserFactory


@pytest.mark.django_db(transaction=True)
def test_two_racing_spends_never_drive_the_available_spend_total_negative():
    user = UserFactory(username="racer")
    campaign = table_services.campaign_create(owner=user, game="occulites", name="Race")
    tribe = services.tribe_create(campaign=campaign, actor=user, name="Racers")
    services.tribe_award_vp(tribe=tribe, actor=user, amount=4, reason="test")
    barrier = threading.Barrier(2)
    outcomes = []

    def spend():
        try:
            barrier.wait()
            services.tribe_spend_vp(tribe=tribe, actor=user, amount=3, reason="a Luftle Guard")
            outcomes.append("spent")
        except RuleViolation:
            outcomes.append("refused")
        finally:
            connection.close()

    threads = [threading.Thread(target=spend) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(outcomes) == ["refused", "spent"]
    assert services.tribe_totals(tribe)["available_spend_total"] == 1


def test_the_campaign_sheet_query_count_does_not_grow_with_history(
    hydris, palaudis, user, campaign, django_assert_num_queries
):
    services.tribe_award_vp(tribe=hydris, actor=user, amount=20, reason="test")
    services.luftle_recruit(tribe=hydris, actor=user, caste="grunt", base_letter="A")
    services.ability_buy(occulite=hydris.occulites.first(), actor=user, ability_key="pouch")
    # The season; the tribes with their players and totals; the Occulites and the Luftles,
    # each with their abilities.
    with django_assert_num_queries(4):
        season, sheets = campaign_sheet(campaign)
        rendered = [
            (sheet.totals, [len(o.active_abilities) for o in sheet.occulites], len(sheet.luftles))
            for sheet in sheets
        ]
    for _ in range(60):
        services.tribe_award_vp(tribe=palaudis, actor=user, amount=1, reason="test")
        services.tribe_spend_vp(tribe=palaudis, actor=user, amount=1, reason="test")
    with django_assert_num_queries(4):
        season, sheets = campaign_sheet(campaign)
        [
            (sheet.totals, [len(o.active_abilities) for o in sheet.occulites], len(sheet.luftles))
            for sheet in sheets
        ]
    assert rendered[0][0] == {"total_vp": 20, "available_spend_total": 17, "sungems": 0}
    assert sheets[1].totals["total_vp"] == 60


def test_tribes_are_read_with_the_ledger_totals_of_each_in_one_query(
    hydris, palaudis, user, campaign, django_assert_num_queries
):
    services.tribe_award_vp(tribe=hydris, actor=user, amount=7, reason="Won")
    services.tribe_spend_vp(tribe=hydris, actor=user, amount=2, reason="Grunt")
    services.tribe_sungems_change(tribe=palaudis, actor=user, amount=3, reason="Gems")
    other = table_services.campaign_create(owner=user, game="occulites", name="Elsewhere")
    stranger = services.tribe_create(campaign=other, actor=user, name="Strangers")
    services.tribe_award_vp(tribe=stranger, actor=user, amount=40, reason="Elsewhere")
    newcomer = services.tribe_create(campaign=campaign, actor=user, name="Newcomers")
    with django_assert_num_queries(1):
        tribes, totals = campaign_tribes_with_totals(campaign)
        players = {tribe.pk: tribe.player and tribe.player.username for tribe in tribes}
    assert players == {hydris.pk: user.username, palaudis.pk: None, newcomer.pk: None}
    # The same sums the services keep, and zero for a tribe with no entries yet.
    assert totals == services.tribes_totals(tribes)
    assert totals[hydris.pk] == {"total_vp": 7, "available_spend_total": 5, "sungems": 0}
    assert totals[palaudis.pk]["sungems"] == 3
    assert totals[newcomer.pk] == {"total_vp": 0, "available_spend_total": 0, "sungems": 0}


@pytest.fixture
def chief_and_grunt(palaudis, user):
    """Palaudis's Luftle Chief C, who has learned Camouflage, and Grunt G, who knows nothing."""
    services.tribe_award_vp(tribe=palaudis, actor=user, amount=10, reason="test")
    services.luftle_recruit(tribe=palaudis, actor=user, caste="chief", base_letter="C")
    services.luftle_chief_ability_buy(tribe=palaudis, actor=user, ability_key="camouflage")
    services.luftle_recruit(tribe=palaudis, actor=user, caste="grunt", base_letter="G")


def test_the_rosters_carry_each_figures_abilities_as_the_orm_reads_them(
    campaign, user, hydris, palaudis, chief_and_grunt
):
    services.tribe_award_vp(tribe=hydris, actor=user, amount=10, reason="test")
    services.ability_buy(occulite=hydris.occulites.first(), actor=user, ability_key="pouch")
    sheets = campaign_rosters(campaign)
    occulites = [occulite for sheet in sheets for occulite in sheet.occulites]
    luftles = [luftle for sheet in sheets for luftle in sheet.luftles]

    def held(holdings):
        return [(holding.pk, holding.ability_key, holding.kind) for holding in holdings]

    in_campaign = Occulite.objects.filter(tribe__campaign=campaign)
    assert [o.pk for o in occulites] == [
        o.pk for o in in_campaign.order_by("tribe_id", "position", "pk")
    ]
    for occulite in occulites:
        assert held(occulite.holdings) == held(occulite.abilities.order_by("pk"))
    active = Luftle.objects.filter(tribe__campaign=campaign, status=LuftleStatus.ACTIVE)
    assert sorted(luftle.pk for luftle in luftles) == sorted(active.values_list("pk", flat=True))
    for luftle in luftles:
        assert held(luftle.learned) == held(luftle.abilities.order_by("pk"))
    # Figures with several abilities, one and none: every shape of the join's rows is read.
    assert max(len(occulite.holdings) for occulite in occulites) > 1
    assert sorted(len(luftle.learned) for luftle in luftles)[0] == 0
    assert any(held(luftle.learned)[:1] for luftle in luftles)


def test_one_tribes_sheet_is_its_part_of_the_campaigns_sheet(
    campaign, user, hydris, palaudis, chief_and_grunt
):
    services.tribe_award_vp(tribe=hydris, actor=user, amount=10, reason="test")
    services.ability_buy(occulite=hydris.occulites.first(), actor=user, ability_key="pouch")

    def shown(sheet):
        return (
            sheet.tribe.pk,
            sheet.tribe.player.get_username() if sheet.tribe.player else None,
            sheet.totals,
            [
                (o.pk, [h.pk for h in o.holdings], [h.pk for h in o.active_abilities])
                for o in sheet.occulites
            ],
            [(luftle.pk, [h.pk for h in luftle.learned]) for luftle in sheet.luftles],
        )

    season, sheets = campaign_sheet(campaign)
    for whole in sheets:
        one_season, one = tribe_sheet_of(campaign, whole.tribe.pk)
        assert one_season == season
        assert shown(one) == shown(whole)
    assert any(sheet.luftles for sheet in sheets) and any(sheet.occulites for sheet in sheets)
    other = table_services.campaign_create(owner=user, game="occulites", name="Other")
    assert tribe_sheet_of(other, hydris.pk)[1] is None


def test_a_tribes_rows_carry_every_ability_of_its_figures_in_two_queries(
    campaign, user, palaudis, chief_and_grunt, django_assert_num_queries
):
    # The chief dies: a Luftle of another status still counts among the tribe's rows.
    services.luftle_casualties(tribe=palaudis, actor=user, base_letters=["C"])
    with django_assert_num_queries(2):
        rows = services.tribe_rows(palaudis)
    assert [o.pk for o in rows.occulites] == [
        o.pk for o in palaudis.occulites.order_by("position", "pk")
    ]
    assert sorted(luftle.pk for luftle in rows.luftles) == sorted(
        palaudis.luftles.values_list("pk", flat=True)
    )
    assert {luftle.status for luftle in rows.luftles} > {LuftleStatus.ACTIVE}
    assert sorted(holding.pk for holding in rows.holdings) == sorted(
        holding.pk for holding in held_abilities(palaudis)
    )
    assert "camouflage" in {holding.ability_key for holding in rows.holdings}
