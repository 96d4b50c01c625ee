"""The Occulites tools each rules-reference entry links to ("Tools that apply this")."""

from campaigns.occulites.catalog.scenarios import SCENARIOS
from rulesref.tools import register_tools


def scenario_rule_slug(scenario_key: str) -> str:
    """The rules reference entry of a scenario ("scenario-3-the-ridge")."""
    scenario = SCENARIOS[scenario_key]
    return f"scenario-{scenario.number}-{scenario_key.replace('_', '-')}"


COMBAT = ("Combat calculator", "occulites:combat")
DICE = ("d10 roller", "occulites:d10")
SHEET = ("Campaign sheet", "occulites:sheet")

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
    SHEET: ("campaign-tracker-sheet", "victory-points-and-sungems", "campaign-overview"),
    ("Season: choose the next scenario", "occulites:season"): (
        "choosing-a-scenario",
        "time-of-the-season",
        "time-of-the-season-missing-values",
        "natural-selection-deck-composition",
        "scenario-8-home-cave-raid",
    ),
    ("Record a scenario's result", "occulites:record"): (
        "reborn-penalty",
        "spending-victory-points",
        "abilities-in-a-campaign",
        "luftle-castes",
        "luftles",
        "dynamic-defence",
        "situational-abilities",
    ),
    ("The Long Dark", "occulites:long_dark"): ("the-long-dark", "sungems"),
    ("Scenario helpers", "occulites:helpers"): (
        "event-cards",
        "podmothine",
        "podmothine-tentacle",
        "pry-sungem",
        "reborn-track",
        "awareness-tests",
        "scenario-2-unexpected-skirmish",
        "scenario-3-the-ridge",
        "scenario-7-the-podmothine",
        "scenario-11-siege-at-the-cave-mouth",
    ),
    ("Tribal Tokens", "occulites:tokens"): ("tribal-tokens", "chief-occulite", "luftle-chief"),
}
STAND_ALONE_TOOLS = {
    ("Stand-alone tribe builder", "occulites:builder"): (
        "stand-alone-games",
        "evolutionary-adjustments",
        "genetic-blueprint",
    ),
}


def register() -> None:
    register_tools("occulites", CAMPAIGN_TOOLS)
    register_tools("occulites", STAND_ALONE_TOOLS, needs_campaign=False)
