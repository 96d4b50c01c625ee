"""Every rules-reference link beside an automated result names an entry that exists."""

import re
from pathlib import Path

from campaigns.glow.catalog.setup import PLAYER_COUNTS
from campaigns.glow.rule_links import every_slug, setup_step_slug
from campaigns.glow.rules.setup import setup_plan
from rulesref.content import load_entry_files
from rulesref.tools import tools_for

TEMPLATES = Path(__file__).resolve().parents[3] / "templates" / "glow"


def _glow_slugs() -> set[str]:
    return {entry.slug for entry in load_entry_files() if entry.game == "glow"}


def test_every_slug_the_code_links_exists():
    assert every_slug() <= _glow_slugs(), every_slug() - _glow_slugs()


def test_every_slug_the_templates_link_exists():
    linked = set()
    for template in TEMPLATES.glob("*.html"):
        linked |= set(re.findall(r"'rules_entry' 'glow' '([a-z0-9-]+)'", template.read_text()))
    assert linked and linked <= _glow_slugs(), linked - _glow_slugs()


def test_every_setup_step_links_an_entry():
    slugs = _glow_slugs()
    plans = [setup_plan(1, ("anibloom",), hulios=True), setup_plan(1)]
    plans += [setup_plan(n, ()) for n in (2, 3, 4)]
    plans += [
        setup_plan(5, ("elemental", "anibloom")),
        setup_plan(5, ("elemental", "anibloom", "draconic")),
    ]
    plans += [setup_plan(6, ("elemental", "anibloom", "draconic"), hulios=True)]
    for plan in plans:
        for step in plan.steps:
            assert setup_step_slug(step.key, plan.player_count) in slugs, step.key
    assert set(PLAYER_COUNTS) == {plan.player_count for plan in plans}


def test_the_reference_lists_the_glow_tools():
    labels = [link.label for link in tools_for("glow/butterfly-scoring")]
    assert "Score pad" in labels
    assert any(
        link.url_name == "glow:setup_helper" and not link.needs_campaign
        for link in tools_for("glow/five-player-setup")
    )
