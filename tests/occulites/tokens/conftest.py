"""The Tribal Tokens tests check what was kept with the scenario helpers' own helpers."""

from tests.occulites.scenario_helpers.conftest import stored, version, writes_nothing

__all__ = ["stored", "version", "writes_nothing"]
