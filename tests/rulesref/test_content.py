"""The reference files: each loads, links resolve, and every rulebook heading is covered."""

import os
import re
from pathlib import Path

import pytest

from rulesref.content import (
    ENTRIES_DIR,
    GAMES,
    EntryFileError,
    check_links,
    load_entry_files,
    load_headings,
    parse_entry_file,
)

SEEDS = Path(__file__).resolve().parents[3] / "shared" / "seeds"
SEED_FILES = {
    "occulites": "000_c4ea171446135bd7.txt",
    "dawnshade": "001_2cfd47c2809bd61b.txt",
    "glow": "003_7627792ca871be3c.txt",
}
ENTRY_PATHS = sorted(ENTRIES_DIR.glob("*/*.md"))


def _seed_text(game: str) -> str:
    path = SEEDS / SEED_FILES[game]
    if not path.exists():
        if os.environ.get("CI"):
            pytest.fail(f"rulebook transcription missing at {path}")
        pytest.skip(f"rulebook transcriptions not found beside the clone ({SEEDS})")
    return path.read_text(encoding="utf-8")


def _bare(line: str) -> str:
    return re.sub(r"^[•\-\s]+", "", line).strip()


@pytest.mark.parametrize(
    "path", ENTRY_PATHS, ids=[f"{p.parent.name}/{p.name}" for p in ENTRY_PATHS]
)
def test_every_entry_file_loads(path):
    entry = parse_entry_file(path)
    assert entry.body_text


def test_links_between_entries_resolve():
    entries = load_entry_files()
    assert len(entries) == len(ENTRY_PATHS)


@pytest.mark.parametrize("game", GAMES)
def test_each_game_has_entries_and_gap_entries(game):
    entries = [e for e in load_entry_files() if e.game == game]
    assert len(entries) >= 15
    assert any(e.gap for e in entries), f"{game} has no entry marking a gap in the rulebook"


def _write(tmp_path: Path, game: str, slug: str, text: str) -> Path:
    folder = tmp_path / "rulesref" / "entries" / game
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{slug}.md"
    path.write_text(text)
    return path


GOOD_FRONT = '+++\ntitle = "T"\nsection = "S"\n+++\nBody text here.\n'


@pytest.mark.parametrize(
    ("game", "text", "complaint"),
    [
        ("occulites", '+++\nsection = "S"\n+++\nBody\n', "missing title"),
        ("chess", GOOD_FRONT, "unknown game"),
        (
            "glow",
            '+++\ntitle = "T"\nsection = "S"\ncolour = "red"\n+++\nBody\n',
            "unknown front-matter",
        ),
        ("glow", "no front matter", "front matter"),
        ("glow", '+++\ntitle = "T"\nsection = "S"\n+++\n<b>html</b>\n', "not HTML"),
    ],
)
def test_invalid_files_fail_naming_the_file(tmp_path, game, text, complaint):
    path = _write(tmp_path, game, "broken-entry", text)
    with pytest.raises(EntryFileError, match=complaint) as error:
        parse_entry_file(path)
    assert "broken-entry.md" in str(error.value)


def test_a_broken_link_fails_naming_the_file(tmp_path):
    path = _write(
        tmp_path,
        "glow",
        "linker",
        '+++\ntitle = "T"\nsection = "S"\nrelated = ["glow/nope"]\n+++\nB\n',
    )
    with pytest.raises(EntryFileError, match="linker.md.*glow/nope"):
        check_links([parse_entry_file(path)])


@pytest.mark.parametrize("game", GAMES)
def test_every_listed_heading_is_a_rulebook_line_mapped_to_an_entry(game):
    seed_lines = {_bare(line) for line in _seed_text(game).splitlines()}
    slugs = {e.slug for e in load_entry_files() if e.game == game}
    for heading in load_headings(game):
        assert heading["text"].strip() in seed_lines, (
            f"not a heading of the rulebook: {heading['text']}"
        )
        assert heading["entry"] in slugs, f"{heading['text']} -> missing entry {heading['entry']}"


def _table_of_contents(text: str) -> list[str]:
    """The items of the rulebook's own table of contents (the block after its heading)."""
    lines = text.splitlines()
    start = lines.index("Table of Contents") + 1
    while not lines[start].strip() or lines[start].strip() == "Table of Contents":
        start += 1
    items = []
    for line in lines[start:]:
        if not line.strip():
            break
        items.append(_bare(line))
    return items


@pytest.mark.parametrize("game", GAMES)
def test_every_table_of_contents_heading_is_covered(game):
    covered = {h["text"].strip() for h in load_headings(game)}
    contents = _table_of_contents(_seed_text(game))
    assert len(contents) > 10
    missing = [item for item in contents if item not in covered]
    assert missing == [], f"{game}: headings with no entry: {missing}"
