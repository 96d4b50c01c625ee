"""The battle, Tavern and Temple catalogues hold the printed values and mark the rest missing."""

from campaigns.dawnshade.catalog import battle, tavern, temple


def test_seven_foe_rings_and_the_printed_round_marker():
    assert battle.FOE_POSITIONS == (1, 2, 3, 4, 5, 6, 7)
    assert battle.ROMAN[7] == "VII"
    assert (battle.BATTLE_ROUNDS, battle.SOLO_BATTLE_ROUNDS) == (5, 4)
    assert battle.ALLY_INITIATIVE_CHIPS == 5
    assert battle.SOLO_CHIPS_DRAWN_PER_ROUND == 2


def test_stack_limits_and_target_cards():
    assert battle.MAX_SHIELDS == 3
    assert battle.COGBEHEMOTH_SHIELDS == battle.MAX_COGBEHEMOTH_SHIELDS == 3
    assert battle.HP_LEFT_AFTER_ABSORBING == 1
    assert battle.TARGET_CARDS_PER_CHARACTER == 5
    assert battle.MISS_CARDS_IN_DECK is None
    assert battle.COMBO_METER_MAX == 3


def test_foe_chip_colours_as_printed():
    colours = {key: faction.chip_colour for key, faction in battle.FOE_FACTIONS.items()}
    assert colours == {
        "might": "black",
        "unity": "white",
        "neutral": "grey",
        "illusionist_mist": "blue",
        "netherwalker": "orange",
    }


def test_foe_chips_and_dice_faces_are_marked_missing():
    assert all(field.missing for field in battle.FOE_CHIP_FIELDS.values())
    assert set(battle.FOE_CHIP_FIELDS) >= {"hp", "sld", "atk", "def", "special"}
    assert all(die.missing for die in battle.BATTLE_DICE.values())


def test_major_threat_is_a_kind_of_battle():
    assert set(battle.BATTLE_KINDS) == {"battle", "major_threat"}


def test_tavern_values_as_printed():
    assert (
        tavern.RUNES_DECK_CHARACTERS
        * (tavern.RUNES_TAWNY_CARDS_PER_CHARACTER + tavern.RUNES_RUNE_CARDS_PER_CHARACTER)
        == 20
    )
    assert tavern.RUNES_TAWNY_PER_EXTRA_CARD == 2
    assert tavern.COGRUSHING_DRUDGE_HP == (1, 1, 1, 2, 2, 3)
    assert tavern.COGRUSHING_TURRET_HP_CHIPS == 15
    assert (tavern.COGRUSHING_BET_MIN, tavern.COGRUSHING_BET_MAX) == (0, 2)
    assert set(tavern.TABLE_GAMES) == {"doublers_dice", "watchers_runes", "cogrushing"}


def test_temple_by_status():
    rows = temple.TEMPLE_BY_STATUS
    assert (rows["aligned"].tawny_in_bag, rows["aligned"].cataclysm_tiles) == (6, 1)
    assert rows["aligned"].condition_side == "positive"
    assert rows["balanced"].condition_side == "positive"
    assert rows["balanced"].cataclysm_tiles == 0
    assert rows["unaligned"].condition_side == "negative"
    assert rows["unaligned"].cataclysm_tiles == 2


def test_every_entry_names_its_section():
    entries = [
        *battle.FOE_FACTIONS.values(),
        *battle.FOE_CHIP_FIELDS.values(),
        *battle.BATTLE_DICE.values(),
        *battle.BATTLE_KINDS.values(),
        *battle.BATTLE_GAPS.values(),
        *tavern.TABLE_GAMES.values(),
        *tavern.TAVERN_GAPS.values(),
        *temple.TEMPLE_BY_STATUS.values(),
    ]
    assert all(entry.source for entry in entries)
