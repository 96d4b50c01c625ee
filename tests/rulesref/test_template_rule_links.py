"""Every rules-reference link written in a template names an entry that exists: the
`{% url 'rules_entry' 'game' 'slug' %}` links, and a game's own `{% rule 'slug' %}` tag (the
game is the template folder's), and the `rule('slug')` calls of the regions each game draws
in Python (the game is the package's)."""

import re
from pathlib import Path

from rulesref.content import load_entry_files

ROOT = Path(__file__).resolve().parents[2]
TEMPLATES = ROOT / "templates"
GAMES = ROOT / "campaigns"
URL_LINK = re.compile(
    r"""\{%\s*url\s+['"]rules_entry['"]\s+['"]([a-z]+)['"]\s+['"]([a-z0-9-]+)['"]"""
)
RULE_TAG = re.compile(r"""\{%\s*rule\s+['"]([a-z0-9-]+)['"]""")
RULE_CALL = re.compile(r"""\brule\(\s*['"]([a-z0-9-]+)['"]""")


def _links() -> list[tuple[str, str, str]]:
    found = []
    for path in TEMPLATES.rglob("*.html"):
        text = path.read_text(encoding="utf-8")
        where = str(path.relative_to(TEMPLATES))
        found += [(where, game, slug) for game, slug in URL_LINK.findall(text)]
        game = path.relative_to(TEMPLATES).parts[0]
        found += [(where, game, slug) for slug in RULE_TAG.findall(text)]
    for path in GAMES.glob("*/**/*.py"):
        game = path.relative_to(GAMES).parts[0]
        where = str(path.relative_to(ROOT))
        found += [(where, game, slug) for slug in RULE_CALL.findall(path.read_text("utf-8"))]
    return found


def test_templates_link_rules_entries():
    assert len(_links()) > 20


def test_the_regions_drawn_in_python_are_read():
    regions = {where for where, _game, _slug in _links() if where.endswith("region.py")}
    assert "campaigns/dawnshade/table_tools/region.py" in regions


def test_every_rules_link_in_a_template_names_an_existing_entry():
    keys = {entry.key for entry in load_entry_files()}
    missing = [
        f"{where}: {game}/{slug}" for where, game, slug in _links() if f"{game}/{slug}" not in keys
    ]
    assert missing == []
