"""The Target Deck (Battles - Target Deck; Let The Battle Begin! - Foe's Turn; Watchers
Blessings - Miss)."""

import random
from collections import Counter

import pytest

from campaigns.dawnshade.rules.errors import RuleViolation
from campaigns.dawnshade.rules.target_deck import (
    TargetDeck,
    foe_attack_needs_target,
    target_deck_add_miss,
    target_deck_build,
    target_deck_reveal,
)


def test_five_target_cards_per_character_plus_the_miss_cards():
    deck = target_deck_build(["ash", "flash"], miss_cards=2, rng=random.Random(1))
    assert Counter(deck.draw_pile) == Counter({"ash": 5, "flash": 5, "miss": 2})


def test_a_miss_blessing_adds_one_miss_card():
    deck = target_deck_build(["ash"], miss_cards=0, rng=random.Random(1))
    assert Counter(target_deck_add_miss(deck, random.Random(2)).draw_pile)["miss"] == 1


def test_a_card_is_revealed_only_when_the_foe_rolled_damage():
    assert not foe_attack_needs_target(0)
    assert foe_attack_needs_target(1)


def test_revealing_the_top_card_names_the_target_or_a_miss():
    deck = TargetDeck(draw_pile=("miss", "ash"))
    first = target_deck_reveal(deck, random.Random(0))
    assert first.miss
    second = target_deck_reveal(first.deck, random.Random(0))
    assert (second.card, second.miss) == ("ash", False)
    assert second.deck.draw_pile == ()


def test_an_empty_deck_needs_the_tables_choice_and_reshuffles():
    spent = TargetDeck(draw_pile=(), revealed=("ash", "flash"))
    with pytest.raises(RuleViolation, match="run out.*table must choose"):
        target_deck_reveal(spent, random.Random(0))
    reveal = target_deck_reveal(spent, random.Random(0), when_empty="reshuffle")
    assert reveal.reshuffles == 1
    assert reveal.card in ("ash", "flash")


def test_a_card_naming_a_kod_character_needs_the_tables_choice():
    deck = TargetDeck(draw_pile=("ash", "flash"))
    with pytest.raises(RuleViolation, match="ash, who is KO'd"):
        target_deck_reveal(deck, random.Random(0), knocked_out={"ash"})
    redraw = target_deck_reveal(
        deck, random.Random(0), knocked_out={"ash"}, when_knocked_out="redraw"
    )
    assert (redraw.card, redraw.passed_over) == ("flash", ("ash",))
    reshuffled = target_deck_reveal(
        deck, random.Random(0), knocked_out={"ash"}, when_knocked_out="reshuffle"
    )
    assert reshuffled.card == "flash"
    assert reshuffled.reshuffles >= 1


def test_nobody_left_to_target_is_refused():
    with pytest.raises(RuleViolation, match="Every character"):
        target_deck_reveal(TargetDeck(draw_pile=("ash",)), random.Random(0), knocked_out={"ash"})


def test_the_deck_round_trips_through_json():
    deck = target_deck_build(["ash", "wysp"], miss_cards=1, rng=random.Random(5))
    assert TargetDeck.from_dict(deck.to_dict()) == deck


def test_bad_decks_are_refused():
    with pytest.raises(RuleViolation, match="negative"):
        target_deck_build(["ash"], miss_cards=-1, rng=random.Random(0))
    with pytest.raises(RuleViolation, match="once"):
        target_deck_build(["ash", "ash"], miss_cards=0, rng=random.Random(0))
