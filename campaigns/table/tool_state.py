"""Shared state of a table tool for the game in progress (a scenario helper, a battle, a
score pad being filled in), seen by every phone of the campaign.

Tool ids are always `<game>.<tool>` (`occulites.podmothine`, `dawnshade.battle`), in the
tool state and in the dice-and-draw log; `check_tool_id` enforces it. Each tool declares a
`ToolKind`: its id, its default, and how its stored dict becomes the tool's own (typed) state
and back. Writes go through `tool_state_locked`, a read-modify-write under the campaign lock,
so two phones tapping at once never lose an update.
"""

import copy
import re
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from django.db import transaction
from django.db.models import Q

from .compiled_sql import CompiledQuery
from .games import games
from .ledger import bump_version, lock_campaign
from .models import Campaign, ToolState

T = TypeVar("T")
TOOL_ID = re.compile(r"[a-z][a-z0-9_]*\.[a-z][a-z0-9_.]*")
PLATFORM_NAMESPACE = "table"


def check_tool_id(tool: str) -> str:
    """`tool` if it is `<game>.<tool>` for a registered game (or the platform's `table.`)."""
    if not TOOL_ID.fullmatch(tool):
        raise ValueError(f"Tool ids are namespaced `<game>.<tool>`, not “{tool}”.")
    namespace = tool.split(".", 1)[0]
    if namespace != PLATFORM_NAMESPACE and namespace not in games():
        raise ValueError(f"“{tool}” names no registered game.")
    return tool


def _same(value):
    return value


@dataclass(frozen=True)
class ToolKind(Generic[T]):
    """One tool's stored state: its id, a fresh default, and its (de)serialisation."""

    tool_id: str
    default: Callable[[], T]
    from_dict: Callable[[dict], T] = _same
    to_dict: Callable[[T], dict] = _same

    def __post_init__(self):
        check_tool_id(self.tool_id)

    def load(self, stored: dict | None) -> T:
        if not stored:
            return self.default()
        return self.from_dict(copy.deepcopy(stored))


def dict_tool(tool_id: str, default: dict) -> ToolKind[dict]:
    """A tool whose state is a plain dict (a deep copy of `default` to start)."""
    return ToolKind(tool_id, default=lambda: copy.deepcopy(default))


def tool_states(campaign: Campaign | int, kinds: Iterable[ToolKind]) -> dict[str, Any]:
    """Each tool's state (its default where nothing is stored yet), by tool id: one query."""
    kinds = list(kinds)
    if not kinds:
        return {}
    campaign_id = campaign if isinstance(campaign, int) else campaign.pk
    tools = {f"tool_{n}": kind.tool_id for n, kind in enumerate(kinds)}
    stored = dict(_stored_states(len(kinds)).rows(campaign_id=campaign_id, **tools))
    return {kind.tool_id: kind.load(stored.get(kind.tool_id)) for kind in kinds}


_STORED_STATES: dict[int, CompiledQuery] = {}


def _stored_states(count: int) -> CompiledQuery:
    """The read of `count` tools' stored states, its SQL built once per count (pages read
    the same few tools on every request; building the query was most of the read)."""
    if count not in _STORED_STATES:

        def stored_states(campaign_id, **tools):
            any_of_them = Q()
            for tool in tools.values():
                any_of_them |= Q(tool=tool)
            return (
                ToolState.objects.filter(any_of_them, campaign_id=campaign_id)
                .order_by()
                .values_list("tool", "state")
            )

        _STORED_STATES[count] = CompiledQuery(
            stored_states, text=tuple(f"tool_{n}" for n in range(count))
        )
    return _STORED_STATES[count]


def tool_state(campaign: Campaign | int, kind: ToolKind[T]) -> T:
    return tool_states(campaign, [kind])[kind.tool_id]


class LockedToolState(Generic[T]):
    """What a `tool_state_locked` block sees: the locked campaign and the tool's state, which
    the block may change in place or replace (`locked.state = new_state`)."""

    def __init__(self, campaign: Campaign, state: T):
        self.campaign = campaign
        self.state = state


def _save(campaign: Campaign, kind: ToolKind, state) -> None:
    ToolState.objects.update_or_create(
        campaign=campaign, tool=kind.tool_id, defaults={"state": kind.to_dict(state)}
    )


@contextmanager
def tool_state_locked(
    campaign: Campaign | int, kind: ToolKind[T], *, start: Callable[[Campaign], T] | None = None
) -> Iterator[LockedToolState[T]]:
    """Lock the campaign, read the tool's state under the lock, let the block change it, then
    save it and bump the version. A refusal raised in the block leaves the transaction, so
    nothing is written. `start` gives the state to use when nothing is stored yet (e.g. one
    built from the campaign's records) instead of the kind's default."""
    campaign_id = campaign if isinstance(campaign, int) else campaign.pk
    with transaction.atomic():
        locked_campaign = lock_campaign(campaign_id)
        stored = (
            ToolState.objects.filter(campaign=locked_campaign, tool=kind.tool_id)
            .values_list("state", flat=True)
            .first()
        )
        fresh = not stored and start is not None
        state = start(locked_campaign) if fresh else kind.load(stored)
        locked = LockedToolState(locked_campaign, state)
        yield locked
        _save(locked_campaign, kind, locked.state)
        bump_version(locked_campaign)


def tool_state_replace(campaign: Campaign | int, kind: ToolKind[T], state: T) -> T:
    """Store a whole new state for the tool (a new game or a reset), under the campaign lock."""
    with tool_state_locked(campaign, kind) as locked:
        locked.state = state
    return state
