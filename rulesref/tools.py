"""Which in-app tools apply which reference entry, for the entry page's "tools" list.

Each game module registers its tools when it loads (see campaigns/occulites/rule_links.py):
entry key "game/slug" -> (label, url name, whether the URL needs a campaign). A campaign
tool is listed once for each of the reader's campaigns of that game.
"""

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


def tools_for(entry_key: str) -> list[ToolLink]:
    return TOOLS_FOR_ENTRY.get(entry_key, [])
