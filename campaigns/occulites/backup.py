"""The Occulites records a campaign backup carries (campaigns/table/backup.py writes them).

Keys are the names the Occulites ledger uses in subjects and row-change deltas; parents come
before the rows that point at them.
"""

from campaigns.table.games import ExportModel

from .models import (
    AbilityHolding,
    LongDarkRoll,
    Luftle,
    NextScenarioEffect,
    Occulite,
    OcculitesSeason,
    ScenarioChoice,
    ScenarioNomination,
    ScenarioResult,
    Tribe,
)

EXPORT_MODELS = (
    ExportModel("season", OcculitesSeason, "campaign"),
    ExportModel("tribe", Tribe, "campaign"),
    ExportModel("occulite", Occulite, "tribe__campaign"),
    ExportModel("luftle", Luftle, "tribe__campaign"),
    ExportModel("ability_holding", AbilityHolding, "occulite__tribe__campaign"),
    ExportModel("luftle_ability_holding", AbilityHolding, "luftle__tribe__campaign"),
    ExportModel("effect", NextScenarioEffect, "tribe__campaign"),
    ExportModel("choice", ScenarioChoice, "campaign"),
    ExportModel("nomination", ScenarioNomination, "choice__campaign"),
    ExportModel("result", ScenarioResult, "tribe__campaign"),
    ExportModel("long_dark_roll", LongDarkRoll, "tribe__campaign"),
)
# "ability.<occulite id>.<ability>" and "luftle_ability.<luftle id>.<ability>".
DELTA_KEY_ALIASES = {"ability": "occulite", "luftle_ability": "luftle"}
# Ledger entries name the Occulite a reborn penalty was for; a result lists the killed ones.
ID_REFERENCES = {"reborn_of": "occulite"}
JSON_ID_FIELDS = {("result", "occulites_killed"): "occulite"}
