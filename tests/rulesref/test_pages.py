"""The rules pages through the test client."""

from django.urls import reverse
from django.utils.html import escape
from pytest_django.asserts import assertContains, assertNotContains

from rulesref.models import Entry


def test_search_page_lists_results(client, reference):
    response = client.get(reverse("rules_search"), {"q": "butterfly"})
    assertContains(response, "<mark>")
    assertContains(response, 'id="rules-results"')


def test_htmx_search_returns_only_the_results(client, reference):
    response = client.get(
        reverse("rules_search"),
        {"q": "butterfly"},
        headers={"HX-Request": "true", "HX-Target": "rules-results"},
    )
    assertContains(response, 'id="rules-results"')
    assertNotContains(response, "<html")


def test_top_bar_search_swaps_the_main_area(client, reference):
    response = client.get(
        reverse("rules_search"), {"q": "tom"}, headers={"HX-Request": "true", "HX-Target": "main"}
    )
    assertContains(response, 'id="rules-q"')
    assertNotContains(response, "<html")


def test_empty_and_symbol_queries_explain_themselves(client, reference):
    assertContains(client.get(reverse("rules_search")), "Type a word or two")
    assertContains(client.get(reverse("rules_search"), {"q": "***"}), "symbols on their own")
    assertContains(client.get(reverse("rules_search"), {"q": "zzzzqqqq"}), "Nothing matches")


def test_entry_page_shows_body_related_and_section(client, reference):
    entry = Entry.objects.exclude(related=[]).first()
    response = client.get(reverse("rules_entry", args=[entry.game, entry.slug]))
    assertContains(response, entry.title)
    assertContains(response, "Related rules")
    assertContains(response, escape(entry.section))


def test_gap_entries_say_the_rulebook_is_silent(client, reference):
    entry = Entry.objects.filter(gap=True).first()
    response = client.get(reverse("rules_entry", args=[entry.game, entry.slug]))
    assertContains(response, "The rulebook is silent")


def test_unknown_entry_is_404(client, reference):
    assert client.get(reverse("rules_entry", args=["glow", "no-such-rule"])).status_code == 404


def test_search_page_query_count_is_constant(client, reference, django_assert_max_num_queries):
    with django_assert_max_num_queries(3):
        client.get(reverse("rules_search"), {"q": "butterfly"})


def test_entry_page_links_the_tools_that_apply_it(owner_client, campaign, reference):
    response = owner_client.get(reverse("rules_entry", args=["occulites", "core-combat-table"]))
    assertContains(response, "Tools that apply this")
    assertContains(response, reverse("occulites:combat", args=[campaign.pk]))


def test_stand_alone_tools_are_linked_without_a_campaign(client, reference):
    response = client.get(reverse("rules_entry", args=["occulites", "evolutionary-adjustments"]))
    assertContains(response, reverse("occulites:builder"))


def test_every_tool_link_names_an_existing_entry(reference):
    from rulesref.tools import TOOLS_FOR_ENTRY

    existing = {entry.key for entry in Entry.objects.all()}
    assert set(TOOLS_FOR_ENTRY) <= existing


def test_each_result_links_its_entry_and_marks_gaps_and_the_answer(client, reference):
    gap = Entry.objects.filter(gap=True).first()
    response = client.get(
        reverse("rules_search"),
        {"q": gap.title},
        headers={"HX-Request": "true", "HX-Target": "rules-results"},
    )
    page = response.content.decode()
    row = page[page.index(f'data-entry="{gap.key}"') :].split("</li>")[0]
    assert f'href="{reverse("rules_entry", args=[gap.game, gap.slug])}"' in row
    assert escape(gap.title) in row
    assert "rulebook is silent" in row
    assert page.count("data-answer-first") == 1
    assert page.count("<li data-entry=") == page.count("</li>")
