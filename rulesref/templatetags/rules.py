"""The rules search's result rows, written in Python: twenty rows through the template engine
cost more than the search itself."""

from django import template
from django.utils.html import format_html, format_html_join
from django.utils.safestring import mark_safe

from campaigns.table.url_cache import cached_reverse

register = template.Library()


@register.simple_tag
def search_result_items(results) -> str:
    """The `<li>` of each search result (rulesref.search.SearchResult)."""
    return format_html_join("\n", "{}", ((_result_item(result),) for result in results))


def _result_item(result) -> str:
    entry = result.entry
    return format_html(
        '<li data-entry="{}">\n'
        '  <a href="{}"><strong>{}</strong></a>{}\n'
        '  <p class="muted small">{} · {}</p>\n'
        '  <p class="snippet"{}>{}</p>\n'
        "</li>",
        entry.key,
        cached_reverse("rules_entry", (entry.game, entry.slug)),
        entry.title,
        mark_safe(' <span class="badge">rulebook is silent</span>') if entry.gap else "",
        entry.game_name,
        entry.section,
        mark_safe(" data-answer-first") if result.answer_first else "",
        # Built by search.best_sentences: the body escaped, then the matches marked.
        mark_safe(result.snippet_html),
    )
