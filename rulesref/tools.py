"""Which in-app tools apply which reference entry, for the "tools that apply it" list.

Each tool module registers its entries when it lands: {"game/slug": [(label, url_name)]}.
Campaign tools need a campaign, so the entry page links to the tool's page in each of the
reader's campaigns of that game.
"""

TOOLS_FOR_ENTRY: dict[str, list[tuple[str, str]]] = {}


def register_tool(entry_key: str, label: str, url_name: str) -> None:
    TOOLS_FOR_ENTRY.setdefault(entry_key, []).append((label, url_name))


def tools_for(entry_key: str) -> list[tuple[str, str]]:
    return TOOLS_FOR_ENTRY.get(entry_key, [])
