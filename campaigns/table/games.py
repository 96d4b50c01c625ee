"""The game registry: each game app registers here from its `AppConfig.ready()`.

The shared table never imports a game. The home page, the campaign layout and nav, the URL
configuration, `demo_data`, the rules reference and export/import read this registry, so
adding a game is one new package that calls `register_game(...)`.
"""

from collections.abc import Callable
from dataclasses import dataclass, field
from types import MappingProxyType


@dataclass(frozen=True)
class Tab:
    """One tab of a campaign's nav: its label, URL name (namespaced) and the key that pages
    pass as `tab` to mark it current."""

    key: str
    label: str
    url_name: str


@dataclass(frozen=True)
class StandAlonePage:
    """A page of a game that needs no campaign (e.g. the Occulites tribe builder)."""

    label: str
    url_name: str


@dataclass(frozen=True)
class ExportModel:
    """One of a game's record models, for backups (campaigns/table/backup.py).

    `key` is the name the game's ledger uses for the model, as a subject type and in row-change
    deltas ("tribe", "occulite"); `campaign_path` is the lookup from a row to its campaign
    ("campaign", "tribe__campaign"). A game lists its models parents first.
    """

    key: str
    model: type
    campaign_path: str


# The tabs every campaign has, after its game's own.
SHARED_TABS = (
    Tab("table", "Table", "campaign"),
    Tab("history", "History", "history"),
    Tab("members", "Members", "members"),
)


@dataclass(frozen=True)
class GameRegistration:
    """What the platform needs to host a game.

    `urls` is the dotted path of the game's URL module, included under the namespace `key`.
    `demo` fills a fresh demo campaign: demo(campaign=..., owner=..., friend=...).
    `export_models` lists the game's record models (parents first) for backups; the platform
    writes and reads them, renumbering ids so a file never carries database keys.
    `delta_key_aliases` names row-change delta keys whose id is another model's
    ({"ability": "occulite"}: "ability.<occulite id>.<ability>"); `id_references` and
    `json_id_fields` name the other places a game keeps record ids.
    """

    key: str
    name: str
    tabs: tuple[Tab, ...] = ()
    urls: str | None = None
    demo_campaign_name: str = ""
    demo: Callable | None = None
    stand_alone: tuple[StandAlonePage, ...] = ()
    export_models: tuple[ExportModel, ...] = ()
    delta_key_aliases: dict = field(default_factory=dict)
    # Keys whose values are ids of the game's records, so a backup renumbers them too:
    # in ledger deltas ({"reborn_of": {"from": 7, "to": 7}}) and draw-log results
    # ({"play": 3}) -> model key; and JSON fields of records holding ids (a list or one id),
    # {(model key, field name): model key of the ids}.
    id_references: dict = field(default_factory=dict)
    json_id_fields: dict = field(default_factory=dict)
    # What a game keeps beside the ledger, summed from it as entries are written (e.g. a
    # tribe's per-timeslot lines): `on_ledger_entry(entry)` runs in the entry's transaction,
    # after the campaign is locked; `rebuild_derived(campaign_id)` recomputes it all from
    # the entries (after a restore); `derived_models` are left out of backups.
    on_ledger_entry: Callable | None = None
    rebuild_derived: Callable | None = None
    derived_models: tuple = ()

    @property
    def nav(self) -> tuple[Tab, ...]:
        """The game's tabs, then the shared ones."""
        return self.tabs + SHARED_TABS


_games: dict[str, GameRegistration] = {}


def register_game(registration: GameRegistration) -> GameRegistration:
    """Add a game (idempotent for the same key, so a reloaded app config does no harm)."""
    if not registration.key.isidentifier() or registration.key != registration.key.lower():
        raise ValueError(f"Game keys are lowercase identifiers, not “{registration.key}”.")
    tab_keys = [tab.key for tab in registration.nav]
    if len(tab_keys) != len(set(tab_keys)):
        raise ValueError(f"{registration.key}: two tabs share a key ({tab_keys}).")
    _games[registration.key] = registration
    return registration


def unregister_game(key: str) -> None:
    """Remove a game (for tests that register a throwaway one)."""
    _games.pop(key, None)


def games() -> MappingProxyType:
    """Every registered game by key, in registration order."""
    return MappingProxyType(_games)


def game(key: str) -> GameRegistration | None:
    return _games.get(key)


def game_name(key: str) -> str:
    registration = _games.get(key)
    return registration.name if registration else key


def game_choices() -> list[tuple[str, str]]:
    return [(key, registration.name) for key, registration in _games.items()]
