"""The Occulites tools each rules-reference entry links to ("Tools that apply this")."""

from rulesref.tools import register_tool

COMBAT = ("Combat calculator", "occulites_combat")
DICE = ("d10 roller", "occulites_d10")
SHEET = ("Campaign sheet", "occulites_sheet")

CAMPAIGN_TOOLS = {
    COMBAT: (
        "combat-overview",
        "combat-sequence",
        "combat-example",
        "core-combat-table",
        "advanced-combat-table",
        "hunting-net",
        "boost-cards",
        "let-nature-take-its-course",
        "gang-up",
        "charge",
        "prone-and-stand-up",
        "heal-action",
    ),
    DICE: ("combat-sequence", "charge", "gang-up"),
    SHEET: ("campaign-tracker-sheet", "victory-points-and-sungems", "spending-victory-points"),
}
STAND_ALONE_TOOLS = {
    ("Stand-alone tribe builder", "occulites_builder"): (
        "stand-alone-games",
        "evolutionary-adjustments",
        "genetic-blueprint",
    ),
}


def register() -> None:
    for (label, url_name), slugs in CAMPAIGN_TOOLS.items():
        for slug in slugs:
            register_tool(f"occulites/{slug}", label, url_name)
    for (label, url_name), slugs in STAND_ALONE_TOOLS.items():
        for slug in slugs:
            register_tool(f"occulites/{slug}", label, url_name, needs_campaign=False)
