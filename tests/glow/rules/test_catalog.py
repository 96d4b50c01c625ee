"""The Dawn expansion's catalogue: adventurers, sets, butterflies, setup rows, solo data."""

import re

from campaigns.glow.catalog import NOT_PRINTED
from campaigns.glow.catalog.adventurers import ADVENTURERS, ELEMENTS, EXPANSION_DIE_COLOURS
from campaigns.glow.catalog.butterflies import (
    ALL_COLOURS_BONUS,
    COLOURED_TOKENS,
    COLOURS,
    SHARDS_BY_COUNT,
    SPECIAL_KINDS,
    SPECIAL_TOKENS,
    TOKENS_PER_COLOUR,
    SpecialUse,
)
from campaigns.glow.catalog.journey_boards import JOURNEY_BOARDS
from campaigns.glow.catalog.sets import NEW_COMPANIONS, SETS
from campaigns.glow.catalog.setup import SETUP_BY_PLAYER_COUNT, SetRule
from campaigns.glow.catalog.solo import (
    HULIOS_SOLO_EXCLUDED,
    SOLO_REMOVED_CARDS,
    SOLO_SETS,
    TOM_TILE_FACES,
    TOM_TILES,
)

SNAKE = re.compile(r"^[a-z][a-z0-9_]*$")


def test_three_new_adventurers_each_with_a_section():
    assert set(ADVENTURERS) == {"hulios", "zay_drel", "elldir"}
    assert [a.name for a in ADVENTURERS.values()] == ["Hulios", "Zay'Drel", "Elldir"]
    for adventurer in ADVENTURERS.values():
        assert adventurer.source == f"New Adventurers - {adventurer.name}"
        assert adventurer.special_symbol


def test_adventurer_dice_colours():
    assert ADVENTURERS["hulios"].colours == ("apple_green",)
    assert ADVENTURERS["zay_drel"].colours == ("white", "black")
    assert ADVENTURERS["elldir"].colours == ("pink",)
    assert set(EXPANSION_DIE_COLOURS) == {"apple_green", "white", "black", "pink"}
    assert all(
        die.count == 2 for a in ADVENTURERS.values() for die in a.dice if die.has_special_symbol
    )


def test_zay_drel_chooses_among_five_elements():
    assert ELEMENTS == ("fire", "nature", "air", "water", "rock")


def test_three_sets_of_eight():
    assert [s.name for s in SETS.values()] == ["Elemental", "Anibloom", "Draconic"]
    assert sum(s.cards for s in SETS.values()) == NEW_COMPANIONS == 24
    for companion_set in SETS.values():
        assert companion_set.source == "New Companions"
        assert companion_set.core_cards_to_remove == 8
        assert companion_set.core_cards_on_envelope is NOT_PRINTED


def test_sixty_butterfly_tokens_in_six_colours_plus_twelve_specials():
    assert len(COLOURS) == 6 and TOKENS_PER_COLOUR == 8
    assert COLOURED_TOKENS + SPECIAL_TOKENS == 60


def test_five_special_kinds_with_counts_not_printed():
    on_draw = [k for k, kind in SPECIAL_KINDS.items() if kind.use is SpecialUse.ON_DRAW]
    kept = [k for k, kind in SPECIAL_KINDS.items() if kind.use is SpecialUse.KEPT]
    assert len(on_draw) == 3 and len(kept) == 2
    assert all(kind.count is NOT_PRINTED for kind in SPECIAL_KINDS.values())
    # The three on-draw kinds are only pictured.
    assert not any(SPECIAL_KINDS[k].named_in_text for k in on_draw)


def test_scoring_table_and_bonus():
    assert SHARDS_BY_COUNT[1:] == (1, 3, 6, 10, 15, 21)
    assert ALL_COLOURS_BONUS == 10


def test_summary_table_companion_counts():
    assert [SETUP_BY_PLAYER_COUNT[n].companions for n in (1, 2, 3, 4, 5, 6)] == [
        32,
        46,
        46,
        46,
        62,
        70,
    ]
    assert SETUP_BY_PLAYER_COUNT[1].set_rule is SetRule.ANIBLOOM_ONLY
    assert SETUP_BY_PLAYER_COUNT[6].set_rule is SetRule.ALL_THREE_FREE


def test_five_and_six_player_rows():
    five, six = SETUP_BY_PLAYER_COUNT[5], SETUP_BY_PLAYER_COUNT[6]
    assert (five.face_up_companions, five.expansion_small_dice_rolled, five.small_dice_in_game) == (
        7,
        4,
        13,
    )
    assert (six.face_up_companions, six.expansion_small_dice_rolled, six.small_dice_in_game) == (
        8,
        6,
        15,
    )
    assert (five.players_on_extension, six.players_on_extension) == (1, 2)
    assert (five.extension_sections, six.extension_sections) == (2, 3)


def test_core_setup_values_are_not_printed():
    two_to_four = SETUP_BY_PLAYER_COUNT[3]
    assert two_to_four.face_up_companions is NOT_PRINTED
    assert two_to_four.small_dice_in_game is NOT_PRINTED


def test_solo_catalogue():
    assert SOLO_SETS == ("anibloom",)
    assert len(SOLO_REMOVED_CARDS) == 14
    assert set(HULIOS_SOLO_EXCLUDED) <= set(SOLO_REMOVED_CARDS)
    assert len(SOLO_REMOVED_CARDS) - len(HULIOS_SOLO_EXCLUDED) == 11
    assert TOM_TILES == 8 and TOM_TILE_FACES is NOT_PRINTED


def test_two_journey_boards():
    assert set(JOURNEY_BOARDS) == {"province_of_shadows", "archipelago_of_darkness"}
    assert JOURNEY_BOARDS["province_of_shadows"].villages_mentioned == (3, 5, 8, 12, 15)


def test_keys_are_stable_snake_case_and_items_name_a_source():
    catalogues = (ADVENTURERS, SETS, SPECIAL_KINDS, JOURNEY_BOARDS, SOLO_REMOVED_CARDS)
    for catalogue in catalogues:
        assert all(SNAKE.match(key) for key in catalogue)
    for catalogue in (ADVENTURERS, SETS, SPECIAL_KINDS, JOURNEY_BOARDS):
        for item in catalogue.values():
            assert item.key in catalogue and item.source
    assert all(SNAKE.match(row.key) and row.source for row in SETUP_BY_PLAYER_COUNT.values())
