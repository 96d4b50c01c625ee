"""The Glow records a campaign backup carries (campaigns/table/backup.py writes them).

Keys are the names the Glow ledger uses in subjects and row-change deltas ("play.<id>.status",
"seat.<id>.green", "settings.<id>.villages"); parents come before the rows that point at them.
"""

from campaigns.table.games import ExportModel

from .models import GlowSettings, Play, Seat

EXPORT_MODELS = (
    ExportModel("settings", GlowSettings, "campaign"),
    ExportModel("play", Play, "campaign"),
    ExportModel("seat", Seat, "play__campaign"),
)
