"""The wizard finds its progress from data in the ledger entries (the option an entry
applied, the Occulite a reborn penalty was for), never from their reasons: a copy-edit to
the words changes nothing (issue 8, point 7)."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from campaigns.occulites import services
from campaigns.occulites.ledger_kinds import EntryKey, OcculitesKind, entry_marked
from campaigns.occulites.results.steps import wizard_state
from campaigns.occulites.services import reborn as reborn_service
from campaigns.occulites.services import scenario_options
from campaigns.table import ledger
from campaigns.table.models import LedgerEntry

from .conftest import DECK


def _killed(campaign, user, hydris, drawn):
    drawn("unexpected_skirmish")
    second = hydris.occulites.get(position=1)
    services.scenario_result_record(
        tribe=hydris,
        actor=user,
        vp_counts={},
        occulites_killed=[second],
        options_chosen=["winner_defence"],
    )
    return second


def test_an_applied_option_is_found_by_its_key_whatever_its_reason_says(
    campaign, user, hydris, drawn, monkeypatch
):
    _killed(campaign, user, hydris, drawn)
    monkeypatch.setattr(scenario_options, "option_reason", lambda scenario, option: "Reworded")
    chief = hydris.occulites.get(position=0)
    applied = services.scenario_option_apply(
        tribe=hydris, actor=user, option_key="winner_defence", occulite=chief, points=2
    )
    assert "Reworded" in applied.entry.reason
    assert entry_marked(applied.entry.deltas, EntryKey.OPTION) == "winner_defence"
    state = wizard_state(hydris, services.season_for(campaign))
    [progress] = state.options
    assert progress.applied == [applied.entry]
    assert progress.done


def test_a_reworded_option_reason_does_not_reopen_an_applied_option(
    campaign, user, hydris, drawn, monkeypatch
):
    _killed(campaign, user, hydris, drawn)
    chief = hydris.occulites.get(position=0)
    services.scenario_option_apply(
        tribe=hydris, actor=user, option_key="winner_defence", occulite=chief, points=2
    )
    # The words change (a copy-edit): the wizard's progress does not.
    monkeypatch.setattr(scenario_options, "option_reason", lambda scenario, option: "New words")
    [progress] = wizard_state(hydris, services.season_for(campaign)).options
    assert progress.done and progress.points_left == 0


def test_a_reborn_penalty_is_found_by_its_occulite_whatever_its_reason_says(
    campaign, user, hydris, drawn, monkeypatch
):
    second = _killed(campaign, user, hydris, drawn)
    monkeypatch.setattr(reborn_service, "reborn_reason", lambda *parts: "Came back")
    # The lowest card falls on the ability slot and Second has no learned ability: no
    # statistic changes, so only the entry's key can tell the penalty was taken.
    flipped = {"awareness": 5, "speed": 5, "attack": 5, "defence": 5, "health": 5}
    entry, _ = services.occulite_reborn_penalty(
        occulite=second, actor=user, flipped={**flipped, "ability_slot": 1}
    )
    assert entry.reason == "Came back"
    assert not any(key.startswith("occulite.") for key in entry.deltas)
    state = wizard_state(hydris, services.season_for(campaign))
    assert [owed.entry for owed in state.reborn_owed] == [entry]
    assert state.reborn_done


def test_every_ledger_kind_but_founding_can_be_undone():
    registered = {kind for kind in OcculitesKind if kind in ledger._undo_restorers}
    assert set(OcculitesKind) - registered == {OcculitesKind.TRIBE_CREATE}


@pytest.mark.django_db(transaction=True)
def test_the_migration_backfills_the_keys_of_entries_written_before_them(
    campaign, user, hydris, drawn
):
    second = _killed(campaign, user, hydris, drawn)
    services.season_set_deck(campaign=campaign, actor=user, card_counts=DECK)
    chief = hydris.occulites.get(position=0)
    # Entries as the code wrote them before: the option and the Occulite only in the words.
    old_option = LedgerEntry.objects.create(
        campaign=campaign,
        kind=OcculitesKind.OCCULITE_STAT,
        subject_type="tribe",
        subject_id=str(hydris.pk),
        subject_label=hydris.name,
        reason="Chief Defence 4→6: Scenario 2 Advances: Winner: +2 Defence shared among Occulites",
        deltas={f"occulite.{chief.pk}.defence": {"from": 4, "to": 6}},
    )
    old_reborn = LedgerEntry.objects.create(
        campaign=campaign,
        kind=OcculitesKind.OCCULITE_REBORN,
        subject_type="tribe",
        subject_id=str(hydris.pk),
        subject_label=hydris.name,
        reason="Second reborn (Awareness 5, ...): no statistic lowered (Campaign Rules)",
        deltas={},
    )
    executor = MigrationExecutor(connection)
    target = [("occulites", "0004_ledger_machine_keys")]
    executor.migrate([("occulites", "0003_delete_tabletoolstate")])
    executor.loader.build_graph()
    executor.migrate(target)
    # Then to the newest again, so later tests on this database find every table.
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())
    old_option.refresh_from_db()
    old_reborn.refresh_from_db()
    assert entry_marked(old_option.deltas, EntryKey.OPTION) == "winner_defence"
    assert entry_marked(old_reborn.deltas, EntryKey.REBORN_OF) == second.pk
    state = wizard_state(hydris, services.season_for(campaign))
    assert state.reborn_done
    assert state.options[0].done
