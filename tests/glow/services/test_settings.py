"""The group's remembered settings: entered once, each change in the ledger and undoable."""

import pytest

from campaigns.glow import services
from campaigns.glow.models import GlowSettings
from campaigns.glow.rules.tom import ArchipelagoMap, Island, SeaPath
from campaigns.table.errors import ValidationError
from campaigns.table.ledger import last_undoable_entry, ledger_undo


def _settings(campaign) -> GlowSettings:
    return GlowSettings.objects.get(campaign=campaign)


def test_score_track_bonuses_are_remembered_per_space(campaign, user):
    services.settings_track_bonus_set(campaign=campaign, actor=user, space=12, bonus=2)
    services.settings_track_bonus_set(campaign=campaign, actor=user, space=6, bonus=1)
    assert _settings(campaign).score_track_bonuses == {"6": 1, "12": 2}
    services.settings_track_bonus_set(campaign=campaign, actor=user, space=6, bonus=None)
    assert _settings(campaign).score_track_bonuses == {"12": 2}
    with pytest.raises(ValidationError, match="0 to 50"):
        services.settings_track_bonus_set(campaign=campaign, actor=user, space=3, bonus=-1)


def test_villages_are_entered_lowest_first(campaign, user):
    with pytest.raises(ValidationError, match="from the lowest value up"):
        services.settings_villages_set(campaign=campaign, actor=user, villages=[(5, 1), (3, 1)])
    services.settings_villages_set(campaign=campaign, actor=user, villages=[(3, 1), (5, 1)])
    assert _settings(campaign).villages == {"villages": [[3, 1], [5, 1]]}


def test_the_archipelago_is_stored_as_its_map(campaign, user):
    archipelago = ArchipelagoMap(
        (Island("central", 0), Island("east", 4)), (SeaPath("central", "east", 4),)
    )
    services.settings_archipelago_set(campaign=campaign, actor=user, archipelago=archipelago)
    assert ArchipelagoMap.from_dict(_settings(campaign).archipelago) == archipelago


def test_the_special_tokens_must_add_up_to_12(campaign, user):
    with pytest.raises(ValidationError, match="add up to 11"):
        services.settings_special_counts_set(
            campaign=campaign, actor=user, counts={"footprint": 11}
        )
    services.settings_special_counts_set(campaign=campaign, actor=user, counts={"footprint": 12})
    assert _settings(campaign).special_counts["footprint"] == 12


def test_the_groups_adventurers_are_cleaned_and_unique(campaign, user):
    with pytest.raises(ValidationError, match="listed twice"):
        services.settings_adventurers_set(campaign=campaign, actor=user, names=["Ana", "ana"])
    with pytest.raises(ValidationError, match="expansion's adventurers already"):
        services.settings_adventurers_set(campaign=campaign, actor=user, names=["Hulios"])
    services.settings_adventurers_set(campaign=campaign, actor=user, names=["  Ana  Red ", ""])
    assert _settings(campaign).adventurer_names == ["Ana Red"]


def test_a_settings_change_undoes(campaign, user):
    services.settings_bgg_id_set(campaign=campaign, actor=user, bgg_id=1234)
    services.settings_bgg_id_set(campaign=campaign, actor=user, bgg_id=99)
    entry = last_undoable_entry(campaign)
    ledger_undo(campaign=campaign, actor=user, entry_id=entry.pk)
    assert _settings(campaign).bgg_id == 1234
    assert services.settings_bgg_id_set(campaign=campaign, actor=user, bgg_id=1234) is None
