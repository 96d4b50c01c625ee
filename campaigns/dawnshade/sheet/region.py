"""The save sheet's live region, written in Python as the other Dawnshade regions are: the
Kinship's line (mode, game, level, XP, alignment, Artifacts), the characters, the chapters
played with the XP chart, the quest log and the Kinship's latest entries.

Every change at the table redraws it on every phone showing the sheet; its rows were
already written in Python, and what was left of the template cost as much as they did.
Every value is escaped (``e``). tests/dawnshade/pages/test_sheet_region.py reads it.
"""

from django.utils.safestring import mark_safe

from campaigns.dawnshade.region_page import RegionPage, no_kinship
from campaigns.dawnshade.templatetags.dawnshade import (
    alignment_name,
    alignment_values_line,
    artifact_names,
    quest_log_items,
    rule,
    sheet_character_rows,
    sheet_history_items,
    sheet_result_rows,
)
from campaigns.table.form_renderer import fast_escape as e
from campaigns.table.templatetags.table import live_region
from campaigns.table.url_cache import cached_reverse

REGION_ID = "dawnshade-sheet"
_CHARACTER_COLUMNS = ("Character", "AGI", "ATK", "ITEMS", "HP", "DEF", "DEV", "Dice")
_RESULT_COLUMNS = (
    "Game",
    "Chapter",
    "Major Threat",
    "Level",
    "XP",
    "Threat",
    "Alignment",
    "Events set aside",
)


def draw_region(context) -> str:
    """The whole live region (``<div id="dawnshade-sheet">``), as the page and its live
    refresh draw it."""
    page = RegionPage(context, "dawnshade:sheet")
    view = context["kinship"]
    body = no_kinship(page) if view is None else _sheet(context, page, view)
    return mark_safe(
        f'<div id="{REGION_ID}" class="save-sheet"'
        f" {live_region(context, 'dawnshade:sheet', page.campaign.id)}>\n{body}\n</div>"
    )


def _headings(columns) -> str:
    return "".join(f'<th scope="col">{column}</th>' for column in columns)


def _sheet(context, page, view) -> str:
    sections = [
        '<p class="no-print"><button type="button" class="secondary" data-print>Print this'
        " sheet</button></p>",
        _kinship(context, page, view),
        '<section class="card" aria-labelledby="sheet-characters">\n'
        f'  <h2 id="sheet-characters">Characters {rule("character-stats")}</h2>\n'
        '  <div class="table-scroll" tabindex="0" role="region"'
        ' aria-label="Characters (scrolls sideways)"><table>\n'
        f"    <thead><tr>{_headings(_CHARACTER_COLUMNS)}"
        '<th scope="col">Tawny (A·G·T)</th></tr></thead>\n'
        f"    <tbody>\n    {sheet_character_rows(view.characters)}\n    </tbody>\n"
        "  </table></div>\n</section>",
    ]
    if view.results:
        sections.append(
            '<section class="card" aria-labelledby="sheet-results">\n'
            f'  <h2 id="sheet-results">Chapters played {rule("end-of-game")}</h2>\n'
            f"  <table><thead><tr>{_headings(_RESULT_COLUMNS)}</tr></thead>\n"
            f"  <tbody>{sheet_result_rows(view.results)}</tbody></table>\n"
            f"  {context.get('xp_chart') or ''}\n"
            '  <p class="small">How XP is earned and becomes levels:'
            f" {rule('xp-and-levels')}</p>\n</section>"
        )
    window = e(context["history_window"])
    history_url = e(cached_reverse("history", (page.campaign.id,)))
    sections.append(
        '<section class="card no-print" aria-labelledby="sheet-log">\n'
        '  <h2 id="sheet-log">Quest log</h2>\n'
        f'  <ol class="quest-log">{quest_log_items(context["log"])}</ol>\n</section>\n'
        '<section class="card no-print" aria-labelledby="sheet-history">\n'
        '  <h2 id="sheet-history">History of entries</h2>\n'
        f'  <ul class="history">{sheet_history_items(context["history"])}</ul>\n'
        f'  <p class="muted small" data-history-window="{window}">The Kinship\'s own changes\n'
        f"    among the table's last {window} entries, newest first;\n"
        f'    <a href="{history_url}">all the history</a> lists every entry.</p>\n</section>'
    )
    return "\n".join(sections)


def _kinship(context, page, view) -> str:
    kinship, totals = view.kinship, view.totals
    solo = ", solo" if kinship.solo else ""
    chapter = f" (Chapter {e(view.chapter_roman)})" if kinship.narrative_chapter else ""
    concluded = ""
    if kinship.concluded:
        concluded = f": concluded, {e(alignment_name(kinship.conclusion_alignment))}"
    return (
        '<section class="card" aria-labelledby="sheet-kinship">\n'
        f'  <h2 id="sheet-kinship">{e(page.campaign.name)}: {e(view.mode.name)},'
        f" {e(view.difficulty.name)}{solo}</h2>\n"
        f"  <p>Game {e(kinship.game_number)} of {e(view.games)}{chapter}{concluded} ·\n"
        f"    Level <strong data-sheet-level>{e(totals.level)}</strong>"
        f" {rule('xp-and-levels')} · XP <strong data-sheet-xp>{e(totals.xp)}</strong> ·"
        f" Training points {e(totals.training_points)} {rule('training-points')} · Threat"
        f" {e(totals.threat)}/{e(view.max_threat)}</p>\n"
        f"  <p>Watchers Alignment {rule('watchers-alignment')}: <strong data-sheet-status>"
        f"{e(view.status.label)}</strong> —\n"
        f"    {alignment_values_line(view.alignment_values)}</p>\n"
        f"  <p>Artifacts {rule('artifacts')}: {artifact_names(context['artifacts'])}</p>\n"
        "</section>"
    )
