"""The rules search's result rows, written in Python: twenty rows through the template engine
(or through format_html, whose lazy-string checks cost as much) took longer than the search."""

from html import escape

from django import template
from django.utils.safestring import mark_safe

from campaigns.table.url_cache import cached_reverse

register = template.Library()


@register.simple_tag
def search_result_items(results) -> str:
    """The `<li>` of each search result (rulesref.search.SearchResult); every text escaped
    here, the snippet already HTML (search.best_sentences escapes the body, then marks)."""
    return mark_safe("\n".join(_result_item(result) for result in results))


def _result_item(result) -> str:
    entry = result.entry
    url = cached_reverse("rules_entry", (entry.game, entry.slug))
    gap = ' <span class="badge">rulebook is silent</span>' if entry.gap else ""
    answer = " data-answer-first" if result.answer_first else ""
    return (
        f'<li data-entry="{escape(entry.key)}">\n'
        f'  <a href="{escape(url)}"><strong>{escape(entry.title)}</strong></a>{gap}\n'
        f'  <p class="muted small">{escape(entry.game_name)} · {escape(entry.section)}</p>\n'
        f'  <p class="snippet"{answer}>{result.snippet_html}</p>\n'
        "</li>"
    )
