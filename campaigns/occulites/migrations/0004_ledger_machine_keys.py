"""Backfill the machine keys the result wizard now reads: entries written before it named
their scenario option and their reborn Occulite only in the reason text.

- an ``occulite.reborn`` entry gets ``reborn_of`` (its Occulite's pk), from its row-change
  keys, else from the name its reason starts with;
- an ``occulite.stat``, ``ability.situational`` or ``effect.next_scenario`` entry gets
  ``option`` (the option key) when its reason holds the words that option's change was
  written with, for an option its tribe ticked in the result recorded before it — exactly
  how the wizard matched them until now.

The reason texts are frozen here as they were written, so later copy-edits of the wording
do not change what this migration finds.
"""

from django.db import migrations

# (scenario key, option key) -> the words written with that option's change.
LEGACY_OPTION_REASONS = {
    ("returning_from_the_hunt", "kill_attack"): "Scenario 1 Advances: +1 Attack to one Occulite",
    (
        "returning_from_the_hunt",
        "kill_defence",
    ): "Scenario 1 Advances: +2 Defence shared among Occulites",
    (
        "returning_from_the_hunt",
        "loser_speed",
    ): "Scenario 1 Advances: Loser: +1 Speed to one Occulite",
    (
        "unexpected_skirmish",
        "chief_alive_awareness",
    ): "Scenario 2 Advances: +1 Awareness to one Occulite",
    (
        "unexpected_skirmish",
        "winner_defence",
    ): "Scenario 2 Advances: Winner: +2 Defence shared among Occulites",
    (
        "unexpected_skirmish",
        "loser_attack",
    ): "Scenario 2 Advances: Loser: +1 Attack to one Occulite",
    (
        "unexpected_skirmish",
        "most_sungems_speed",
    ): "Scenario 2 Advances: Most: +1 Speed to one Occulite",
    ("the_ridge", "loser_defence"): "Scenario 3 Advances: Loser: +2 Defence to one Occulite",
    ("the_ridge", "winner_defence"): "Scenario 3 Advances: Winner: +1 Defence to one Occulite",
    ("the_ridge", "lightning_eyebeam"): "Scenario 3 Advances: Eyebeam",
    (
        "tactical_strike",
        "chief_destroyed_health",
    ): "Scenario 4 Penalties: -2 Health next scenario only (Chief)",
    (
        "tactical_strike",
        "chief_destroyed_hand_limit",
    ): "Scenario 4 Penalties: -1 card in hand next scenario only",
    (
        "tactical_strike",
        "chief_killed_attack",
    ): "Scenario 4 Advances: Attacker: +1 Attack to the lowest Attack",
    (
        "tactical_strike",
        "chief_survives_awareness",
    ): "Scenario 4 Advances: Defender: +1 Awareness to one Occulite",
    (
        "tactical_strike",
        "chief_survives_health",
    ): "Scenario 4 Advances: Defender: +1 Health to the Chief",
    (
        "the_hunted",
        "killed_by_puscual",
    ): "Scenario 5 Penalties: -1 Health next scenario only (each figure involved)",
    ("the_hunted", "winner_speed"): "Scenario 5 Advances: Winner: +1 Speed to one Occulite",
    (
        "the_hunted",
        "loser_awareness",
    ): "Scenario 5 Advances: Loser: +1 Awareness to the lowest Awareness",
    (
        "scavenging_for_sungems",
        "only_dummy_tokens",
    ): "Scenario 6 Penalties: Hasty for the whole tribe",
    ("scavenging_for_sungems", "left_with_sungem_eagle_eyed"): "Scenario 6 Advances: Eagle Eyed",
    (
        "the_podmothine",
        "killed_treacherous",
    ): "Scenario 7 Penalties: Treacherous for the whole tribe",
    (
        "the_podmothine",
        "left_with_sungem_defence_reset",
    ): "Scenario 7 Advances: Defence back up to its campaign-start value",
    (
        "nymphlet_season",
        "no_nymphlets_health",
    ): "Scenario 10 Penalties: -1 Health next scenario only (every Occulite)",
    (
        "nymphlet_season",
        "killed_treacherous",
    ): "Scenario 10 Penalties: Treacherous for the whole tribe",
    ("nymphlet_season", "caught_nymphlet_speed"): "Scenario 10 Advances: +1 Speed to one Occulite",
}
MATCHED_BY_REASON = ("occulite.stat", "ability.situational", "effect.next_scenario")


def _mark(value) -> dict:
    return {"from": value, "to": value}


def _reborn_occulite(entry, occulites_by_name) -> int | None:
    for key in entry.deltas:
        parts = key.split(".")
        if len(parts) == 3 and parts[0] == "occulite" and parts[1].isdigit():
            return int(parts[1])
    for name, pk in occulites_by_name.items():
        if entry.reason.startswith(f"{name} reborn ("):
            return pk
    return None


def _written_for(entry, result, option_key: str) -> bool:
    words = LEGACY_OPTION_REASONS.get((result.scenario_key, option_key))
    return bool(words) and words in entry.reason


def _result_before(results, entry):
    earlier = [result for result in results if result.recorded_at <= entry.created_at]
    return max(earlier, key=lambda result: (result.recorded_at, result.pk)) if earlier else None


def backfill(apps, schema_editor):
    entries_model = apps.get_model("table", "LedgerEntry")
    Occulite = apps.get_model("occulites", "Occulite")
    ScenarioResult = apps.get_model("occulites", "ScenarioResult")
    entries = entries_model.objects.filter(
        subject_type="tribe", kind__in=("occulite.reborn", *MATCHED_BY_REASON)
    ).order_by("id")
    names: dict[int, dict[str, int]] = {}
    results: dict[int, list] = {}
    for entry in entries.iterator():
        if not entry.subject_id.isdigit():
            continue
        tribe_id = int(entry.subject_id)
        deltas = dict(entry.deltas)
        if entry.kind == "occulite.reborn":
            if "reborn_of" in deltas:
                continue
            if tribe_id not in names:
                names[tribe_id] = dict(
                    Occulite.objects.filter(tribe_id=tribe_id).values_list("name", "pk")
                )
            occulite_pk = _reborn_occulite(entry, names[tribe_id])
            if occulite_pk is None:
                continue
            deltas["reborn_of"] = _mark(occulite_pk)
        else:
            if "option" in deltas:
                continue
            if tribe_id not in results:
                results[tribe_id] = list(ScenarioResult.objects.filter(tribe_id=tribe_id))
            result = _result_before(results[tribe_id], entry)
            if result is None:
                continue
            option = next(
                (key for key in result.options_chosen if _written_for(entry, result, key)), None
            )
            if option is None:
                continue
            deltas["option"] = _mark(option)
        # The historical model has the plain manager: a one-off backfill of old rows,
        # not an edit of history (the change and its reason stay as they were).
        entries_model.objects.filter(pk=entry.pk).update(deltas=deltas)


class Migration(migrations.Migration):
    dependencies = [
        ("occulites", "0003_delete_tabletoolstate"),
        ("table", "0003_entry_times_default"),
    ]

    operations = [migrations.RunPython(backfill, migrations.RunPython.noop)]
