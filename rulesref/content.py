"""Reading the reference's source files: rulesref/entries/<game>/<slug>.md.

Each file is TOML front matter between `+++` lines, then a Markdown body. This module
parses and checks them; it does not touch the database.
"""

import html
import re
import tomllib
import unicodedata
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import markdown

from campaigns.table.games import games

ENTRIES_DIR = Path(__file__).resolve().parent / "entries"


class _RegisteredGames(Mapping):
    """game key -> display name, read from the game registry (never a list of our own)."""

    def __getitem__(self, key: str) -> str:
        return games()[key].name

    def __iter__(self) -> Iterator[str]:
        return iter(games())

    def __len__(self) -> int:
        return len(games())


GAMES = _RegisteredGames()
ALLOWED_KEYS = {"title", "section", "aliases", "keywords", "related", "gap"}
SLUG_PATTERN = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")
RAW_HTML_PATTERN = re.compile(r"<[a-zA-Z/!]")


class EntryFileError(ValueError):
    """A reference file that cannot be loaded; the message starts with its path."""


@dataclass(frozen=True)
class EntryFile:
    game: str
    slug: str
    title: str
    section: str
    aliases: tuple[str, ...]
    keywords: tuple[str, ...]
    related: tuple[str, ...]  # "game/slug" keys
    gap: bool
    body_markdown: str
    body_html: str
    body_text: str
    path: str

    @property
    def key(self) -> str:
        return f"{self.game}/{self.slug}"


def fold_accents(text: str) -> str:
    """ "Väki" -> "Vaki": players type without accents, so both sides are folded."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def _string_list(meta: dict, key: str, where: str) -> tuple[str, ...]:
    value = meta.get(key, [])
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise EntryFileError(f"{where}: `{key}` must be a list of strings")
    return tuple(item.strip() for item in value if item.strip())


def render_markdown(body: str) -> str:
    return markdown.markdown(body, extensions=["tables", "sane_lists"], output_format="html")


def html_to_text(body_html: str) -> str:
    text = re.sub(r"<[^>]+>", " ", body_html)
    return " ".join(html.unescape(text).split())


def parse_entry_file(path: Path) -> EntryFile:
    """Parse and check one file; raises EntryFileError naming the file."""
    try:
        where = str(path.relative_to(ENTRIES_DIR.parent.parent))
    except ValueError:
        where = str(path)
    game, slug = path.parent.name, path.stem
    if game not in GAMES:
        raise EntryFileError(f"{where}: unknown game folder “{game}” (use {', '.join(GAMES)})")
    if not SLUG_PATTERN.fullmatch(slug):
        raise EntryFileError(f"{where}: file name must be lowercase-kebab-case")
    text = path.read_text(encoding="utf-8")
    if not text.startswith("+++\n") or "\n+++\n" not in text[3:]:
        raise EntryFileError(f"{where}: must start with +++ front matter +++")
    front, body = text[4:].split("\n+++\n", 1)
    try:
        meta = tomllib.loads(front)
    except tomllib.TOMLDecodeError as error:
        raise EntryFileError(f"{where}: front matter is not valid TOML ({error})") from None
    unknown = set(meta) - ALLOWED_KEYS
    if unknown:
        raise EntryFileError(f"{where}: unknown front-matter keys {sorted(unknown)}")
    for required in ("title", "section"):
        if not isinstance(meta.get(required), str) or not meta[required].strip():
            raise EntryFileError(f"{where}: missing {required}")
    if not isinstance(meta.get("gap", False), bool):
        raise EntryFileError(f"{where}: `gap` must be true or false")
    if not body.strip():
        raise EntryFileError(f"{where}: empty body")
    if RAW_HTML_PATTERN.search(body):
        raise EntryFileError(f"{where}: write Markdown, not HTML")
    body_html = render_markdown(body)
    return EntryFile(
        game=game,
        slug=slug,
        title=meta["title"].strip(),
        section=meta["section"].strip(),
        aliases=_string_list(meta, "aliases", where),
        keywords=_string_list(meta, "keywords", where),
        related=_string_list(meta, "related", where),
        gap=meta.get("gap", False),
        body_markdown=body.strip(),
        body_html=body_html,
        body_text=html_to_text(body_html),
        path=where,
    )


def check_links(entries: list[EntryFile]) -> None:
    """Every `related` key must name an existing entry."""
    keys = {entry.key for entry in entries}
    for entry in entries:
        for link in entry.related:
            if link not in keys:
                raise EntryFileError(f"{entry.path}: related entry “{link}” does not exist")


@cache
def load_entry_files(directory: Path = ENTRIES_DIR) -> tuple[EntryFile, ...]:
    """All entries, parsed and link-checked (cached per process: the files don't change)."""
    entries = [parse_entry_file(path) for path in sorted(directory.glob("*/*.md"))]
    check_links(entries)
    return tuple(entries)


def load_headings(game: str, directory: Path = ENTRIES_DIR) -> list[dict]:
    """The rulebook headings a game's folder claims to cover: [{"text", "entry"}]."""
    path = directory / game / "_headings.toml"
    return tomllib.loads(path.read_text(encoding="utf-8")).get("heading", [])
