"""Per-scenario lines of the tribe sheet, rebuilt from ledger entries (pure)."""

from campaigns.occulites.sheet.scenario_rows import EntryFacts, scenario_lines


def tribe(kind, **deltas):
    return EntryFacts(kind=kind, is_tribe_entry=True, deltas=deltas)


ADVANCE = EntryFacts(kind="season.advance", is_tribe_entry=False, deltas={})


def test_gains_spends_losses_and_sungems_land_in_their_timeslot():
    entries = [
        tribe("vp.award", total_vp=6, available_spend_total=6),
        tribe("sungems.change", sungems=2),
        tribe("ability.buy", available_spend_total=-3),
        ADVANCE,
        tribe("scenario.redraw", total_vp=-1, available_spend_total=-1),
        tribe("vp.award", total_vp=4, available_spend_total=4),
    ]
    first, second, third = scenario_lines(entries, {1: "returning_from_the_hunt"}, 3)
    assert (first.scenario_key, first.vp_gained, first.vp_spent, first.sungems_change) == (
        "returning_from_the_hunt",
        6,
        3,
        2,
    )
    assert (first.total_vp, first.available_spend_total, first.sungems) == (6, 3, 2)
    assert (second.vp_gained, second.vp_lost, second.vp_spent) == (4, 1, 0)
    assert (second.total_vp, second.available_spend_total) == (9, 6)
    assert (third.total_vp, third.available_spend_total, third.sungems) == (9, 6, 2)


def test_an_undo_takes_back_from_the_original_column():
    entries = [
        tribe("vp.award", total_vp=5, available_spend_total=5),
        tribe("undo", total_vp=-5, available_spend_total=-5),
        tribe("ability.buy", available_spend_total=-2),
        tribe("undo", available_spend_total=2),
    ]
    (line,) = scenario_lines(entries, {}, 1)
    assert (line.vp_gained, line.vp_lost, line.vp_spent) == (0, 0, 0)
    assert (line.total_vp, line.available_spend_total) == (0, 0)


def test_an_undone_advance_steps_back_a_timeslot():
    undo_advance = EntryFacts(
        kind="undo", is_tribe_entry=False, deltas={}, reverses_kind="season.advance"
    )
    entries = [ADVANCE, undo_advance, tribe("vp.award", total_vp=2, available_spend_total=2)]
    first, second = scenario_lines(entries, {}, 2)
    assert first.vp_gained == 2
    assert second.vp_gained == 0
