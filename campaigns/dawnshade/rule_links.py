"""The Dawnshade pages each rules-reference entry links to ("Tools that apply this"), and the
entries the pages link to beside their figures."""

from rulesref.tools import register_tools

CAMPAIGN_TOOLS = {
    ("Väki Mat", "dawnshade:mat"): (
        "xp-and-levels",
        "training-points",
        "difficulty-and-threat",
        "major-threats",
        "watchers-alignment",
        "alignment-shift-benefits",
        "vaki-pool",
        "vaki-combining",
        "watchers-blessings",
        "reset-and-return-vaki",
        "alignment-shift-reading",
        "vaki-pool-starting-chips-reading",
    ),
    ("A turn", "dawnshade:turn"): (
        "phases-of-a-turn",
        "moving-the-kinship",
        "quest-tiles",
        "journey-tiles",
        "starting-village",
        "watchers-temple",
        "divine-guidance",
        "events",
        "logbook-rewards-not-printed",
        "full-chapter-rewards-missing-rows",
        "power-level-rewards-missing-rows",
        "major-threat-placement-reading",
        "starting-village-reward-at-the-start",
        "tawny-rewards-who-receives",
    ),
    ("Outposts", "dawnshade:outposts"): (
        "outposts",
        "outpost-upgrades",
        "guild-hall",
        "mercantile",
        "foundry",
        "boomshot-gallery",
        "cogbot-fighter",
        "cogbehemoth",
        "unspent-training-points",
        "cogbot-limits-reading",
    ),
    ("Characters", "dawnshade:characters"): (
        "characters",
        "character-stats",
        "character-starting-stats-not-printed",
        "skill-dice-and-skill-cards",
        "items",
        "shields",
        "currency",
        "conditions",
        "stat-dial-maximums-not-printed",
    ),
    ("Chapter and campaign end", "dawnshade:chapter"): (
        "game-modes",
        "full-chapter-mode",
        "power-level-mode",
        "end-of-game",
        "artifacts",
        "victory-and-defeat",
        "rewards-at-the-conclusion",
        "power-level-conclusion-not-said",
    ),
    ("Save-game sheet", "dawnshade:sheet"): ("end-of-game", "xp-and-levels", "artifacts"),
}


def register() -> None:
    register_tools("dawnshade", CAMPAIGN_TOOLS)
