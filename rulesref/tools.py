"""Which in-app tools apply which reference entry, for the entry page's "tools" list.

Each game registers its tools from its AppConfig.ready() with `register_tools(game, {...})`;
rulesref never imports a game. Entry key "game/slug" -> (label, URL name, whether the URL
needs a campaign). A campaign tool is listed once for each of the reader's campaigns of
that game.
"""

from collections.abc import Iterable, Mapping
from dataclasses import dataclass


@dataclass(frozen=True)
class ToolLink:
    label: str
    url_name: str
    needs_campaign: bool = True


TOOLS_FOR_ENTRY: dict[str, list[ToolLink]] = {}


def register_tool(
    entry_key: str, label: str, url_name: str, *, needs_campaign: bool = True
) -> None:
    links = TOOLS_FOR_ENTRY.setdefault(entry_key, [])
    link = ToolLink(label, url_name, needs_campaign)
    if link not in links:
        links.append(link)


def register_tools(
    game: str,
    tools: Mapping[tuple[str, str], Iterable[str]],
    *,
    needs_campaign: bool = True,
) -> None:
    """Register a game's tools: {(label, url name): (entry slugs it applies)}."""
    for (label, url_name), slugs in tools.items():
        for slug in slugs:
            register_tool(f"{game}/{slug}", label, url_name, needs_campaign=needs_campaign)


def tools_for(entry_key: str) -> list[ToolLink]:
    return TOOLS_FOR_ENTRY.get(entry_key, [])
