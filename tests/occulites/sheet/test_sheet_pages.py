"""The Occulites campaign sheet: totals, rosters, founding tribes, one-tap undo."""

from django.urls import reverse
from pytest_django.asserts import assertContains, assertNotContains

from campaigns.occulites import services
from campaigns.occulites.models import Tribe
from campaigns.table.models import LedgerEntry
from tests.factories import HTMX


def test_sheet_shows_timeslot_totals_and_roster(owner_client, campaign, hydris, user):
    services.tribe_award_vp(tribe=hydris, actor=user, amount=7, reason="Won the hunt")
    services.tribe_spend_vp(tribe=hydris, actor=user, amount=2, reason="A Grunt")
    response = owner_client.get(reverse("occulites:sheet", args=[campaign.pk]))
    assertContains(response, "Timeslot 1")
    assertContains(response, "Deep Pool")
    assertContains(response, '<dd data-total="total_vp">7</dd>', html=False)
    assertContains(response, '<dd data-total="available_spend_total">5</dd>', html=False)
    assertContains(response, "Netter")
    assertContains(response, "Hunting Net")


def test_founding_a_tribe_from_the_sheet(owner_client, campaign):
    response = owner_client.post(
        reverse("occulites:tribe_create", args=[campaign.pk]),
        {"name": "Reed Marsh", "tribe_type": "palaudis", "occulite_names": "A, B, C, D, E"},
    )
    assert response.status_code == 302
    tribe = Tribe.objects.get(campaign=campaign, name="Reed Marsh")
    assert [o.name for o in tribe.occulites.order_by("position")] == ["A", "B", "C", "D", "E"]


def test_a_sixth_occulite_name_is_refused_beside_the_field(owner_client, campaign):
    response = owner_client.post(
        reverse("occulites:tribe_create", args=[campaign.pk]),
        {"name": "Too Many", "tribe_type": "none", "occulite_names": "A, B, C, D, E, F"},
    )
    assert response.status_code == 422
    assertContains(response, "starts with 5 Occulites", status_code=422)
    assert not Tribe.objects.filter(name="Too Many").exists()


def test_a_duplicate_tribe_name_is_refused(owner_client, campaign, hydris):
    response = owner_client.post(
        reverse("occulites:tribe_create", args=[campaign.pk]),
        {"name": "Deep Pool", "tribe_type": "none"},
    )
    assertContains(response, "already a tribe called", status_code=422)


def test_undo_last_is_one_tap(owner_client, campaign, hydris, user):
    services.tribe_award_vp(tribe=hydris, actor=user, amount=3, reason="Scouting")
    page = owner_client.get(reverse("occulites:sheet", args=[campaign.pk]))
    assertContains(page, "Undo: +3 VP: Scouting")
    entry = LedgerEntry.objects.filter(campaign=campaign).first()
    response = owner_client.post(reverse("undo_last", args=[campaign.pk]), {"entry_id": entry.pk})
    assert response.status_code == 302
    assert services.tribe_totals(hydris)["total_vp"] == 0


def test_undo_refuses_when_someone_acted_meanwhile(owner_client, campaign, hydris, user):
    services.tribe_award_vp(tribe=hydris, actor=user, amount=3, reason="Scouting")
    seen = LedgerEntry.objects.filter(campaign=campaign).first()
    services.tribe_award_vp(tribe=hydris, actor=user, amount=2, reason="Another")
    response = owner_client.post(
        reverse("undo_last", args=[campaign.pk]), {"entry_id": seen.pk}, follow=True
    )
    assertContains(response, "Someone else acted meanwhile")
    assert services.tribe_totals(hydris)["total_vp"] == 5


def test_viewer_sees_the_sheet_without_write_controls(viewer_client, campaign, hydris):
    response = viewer_client.get(reverse("occulites:sheet", args=[campaign.pk]))
    assertContains(response, "Deep Pool")
    assertNotContains(response, "Found a tribe")
    assertNotContains(response, "Undo")


def test_htmx_refresh_returns_only_the_sheet(owner_client, campaign, hydris):
    response = owner_client.get(reverse("occulites:sheet", args=[campaign.pk]), headers=HTMX)
    assertContains(response, 'id="occulites-sheet"')
    assertNotContains(response, "<html")


def test_sheet_query_count_does_not_grow_with_history(
    owner_client, campaign, hydris, palaudis, user, django_assert_max_num_queries
):
    url = reverse("occulites:sheet", args=[campaign.pk])
    with django_assert_max_num_queries(20) as first:
        owner_client.get(url)
    baseline = len(first.captured_queries)  # read now: each request resets the log
    for n in range(25):
        services.tribe_award_vp(tribe=hydris, actor=user, amount=1, reason=f"VP {n}")
        services.tribe_sungems_change(tribe=palaudis, actor=user, amount=1, reason=f"Gem {n}")
    with django_assert_max_num_queries(baseline):
        owner_client.get(url)


def test_tribe_sheet_shows_lines_roster_and_history(owner_client, campaign, hydris, user):
    services.tribe_award_vp(tribe=hydris, actor=user, amount=6, reason="Won")
    services.tribe_spend_vp(tribe=hydris, actor=user, amount=2, reason="Grunt")
    response = owner_client.get(reverse("occulites:tribe_sheet", args=[campaign.pk, hydris.pk]))
    assertContains(response, "The season, timeslot by timeslot")
    assertContains(response, "+6 VP: Won")
    assertContains(response, "Deep Pool roster")
    lines = response.context["lines"]
    assert (lines[0].vp_gained, lines[0].vp_spent, lines[0].available_spend_total) == (6, 2, 4)


def test_tribe_sheet_of_another_campaigns_tribe_is_404(owner_client, user, hydris):
    from campaigns.table import services as table_services

    other = table_services.campaign_create(owner=user, game="occulites", name="Other")
    response = owner_client.get(reverse("occulites:tribe_sheet", args=[other.pk, hydris.pk]))
    assert response.status_code == 404


def test_print_view_has_a_page_per_tribe(owner_client, campaign, hydris, palaudis):
    response = owner_client.get(reverse("occulites:print", args=[campaign.pk]))
    assert response.content.decode().count('class="print-page"') == 4  # a sheet and a chart each


def test_tribe_sheet_query_count_does_not_grow(
    owner_client, campaign, hydris, user, django_assert_max_num_queries
):
    url = reverse("occulites:tribe_sheet", args=[campaign.pk, hydris.pk])
    with django_assert_max_num_queries(20) as first:
        owner_client.get(url)
    baseline = len(first.captured_queries)  # read now: each request resets the log
    for n in range(20):
        services.tribe_award_vp(tribe=hydris, actor=user, amount=1, reason=f"VP {n}")
    with django_assert_max_num_queries(baseline):
        owner_client.get(url)


def test_print_view_query_count_does_not_grow(
    owner_client, campaign, hydris, palaudis, user, django_assert_max_num_queries
):
    url = reverse("occulites:print", args=[campaign.pk])
    with django_assert_max_num_queries(25) as first:
        owner_client.get(url)
    baseline = len(first.captured_queries)  # read now: each request resets the log
    for n in range(15):
        services.tribe_award_vp(tribe=hydris, actor=user, amount=1, reason=f"VP {n}")
        services.tribe_award_vp(tribe=palaudis, actor=user, amount=1, reason=f"VP {n}")
    with django_assert_max_num_queries(baseline):
        owner_client.get(url)


def test_the_roster_escapes_what_players_typed(owner_client, campaign, user):
    services.tribe_create(
        campaign=campaign,
        actor=user,
        name="<b>Bold</b> & Co",
        tribe_type="none",
        occulite_names=["<i>Pip</i>", "B", "C", "D", "E"],
    )
    response = owner_client.get(reverse("occulites:sheet", args=[campaign.pk]), headers=HTMX)
    assertContains(response, "&lt;b&gt;Bold&lt;/b&gt; &amp; Co roster</caption>", html=False)
    assertContains(response, '<th scope="row">&lt;i&gt;Pip&lt;/i&gt; <span class="badge">Chief')
    assertNotContains(response, "<i>Pip</i>", html=False)
    assertContains(response, '<span class="visually-hidden"> of &lt;b&gt;Bold&lt;/b&gt; &amp; Co')
    assertNotContains(response, "<b>Bold</b>", html=False)


def test_the_paper_sheets_header_names_kind_player_and_colour_escaped(
    owner_client, campaign, user, hydris
):
    custom = services.tribe_create(
        campaign=campaign,
        actor=user,
        name="<i>Odd</i> & Co",
        tribe_type="custom",
        custom_type_name="Sky <folk>",
        colour="teal & <red>",
    )
    tribe_page = owner_client.get(reverse("occulites:tribe_sheet", args=[campaign.pk, custom.pk]))
    printed = owner_client.get(reverse("occulites:print", args=[campaign.pk]))
    for response in (tribe_page, printed):
        assertContains(
            response,
            '<h2>&lt;i&gt;Odd&lt;/i&gt; &amp; Co <span class="muted small">Sky &lt;folk&gt;'
            " · teal &amp; &lt;red&gt;</span></h2>",
            html=False,
        )
        assertNotContains(response, "<i>Odd</i>", html=False)
    # A tribe of the rulebook's kinds is named by its kind, then its player.
    assertContains(printed, 'Deep Pool <span class="muted small">Hydris · owner</span>')
    assertContains(tribe_page, "The season, timeslot by timeslot")
