"""Tribal Tokens for the game in progress (Your Tribe, Chief Occulite)."""

import pytest

from campaigns.occulites.rules.errors import RuleViolation
from campaigns.occulites.rules.tribal_tokens import (
    TRIBAL_TOKEN_USES,
    TribalTokens,
    luftle_chief_tokens,
    next_turn,
    set_chief_on_board,
    spend_tribal_token,
    undo_last_spend,
)


def test_the_chief_starts_each_game_with_5_tokens():
    assert TribalTokens().tokens_left == 5


def test_spending_a_token_uses_it_up():
    tokens = spend_tribal_token(TribalTokens(), "Grublic", "change_card_type")
    assert tokens.tokens_left == 4
    assert tokens.spends[0].figure == "Grublic"


def test_only_one_token_may_be_spent_on_each_occulite_per_turn():
    tokens = spend_tribal_token(TribalTokens(), "Grublic", "change_card_type")
    with pytest.raises(RuleViolation, match="Only one Tribal Token may be spent on Grublic"):
        spend_tribal_token(tokens, "Grublic", "awareness_plus_one")


def test_another_occulite_may_have_a_token_the_same_turn():
    tokens = spend_tribal_token(TribalTokens(), "Grublic", "change_card_type")
    assert spend_tribal_token(tokens, "Mipny", "awareness_plus_one").tokens_left == 3


def test_the_same_occulite_may_have_another_token_next_turn():
    tokens = next_turn(spend_tribal_token(TribalTokens(), "Grublic", "change_card_type"))
    assert spend_tribal_token(tokens, "Grublic", "draw_three_cards").tokens_left == 3


def test_no_token_may_be_used_while_the_chief_is_off_the_board():
    tokens = set_chief_on_board(TribalTokens(), False)
    with pytest.raises(RuleViolation, match="Chief is off the board"):
        spend_tribal_token(tokens, "Grublic", "change_card_type")


def test_tokens_come_back_into_use_when_the_chief_returns():
    tokens = set_chief_on_board(set_chief_on_board(TribalTokens(), False), True)
    assert spend_tribal_token(tokens, "Grublic", "change_card_type").tokens_left == 4


def test_a_sixth_token_is_refused():
    tokens = TribalTokens()
    for turn_figure in ("A", "B", "C", "D", "E"):
        tokens = spend_tribal_token(tokens, turn_figure, "draw_three_cards")
    with pytest.raises(RuleViolation, match="No Tribal Tokens left"):
        spend_tribal_token(tokens, "F", "draw_three_cards")


def test_tokens_may_not_be_spent_on_luftles():
    # Chief Occulite / Recruiting Luftles: not on Luftles unless an Ability says otherwise
    with pytest.raises(RuleViolation, match="not be spent on Luftles"):
        spend_tribal_token(TribalTokens(), "Grunt A", "change_card_type", figure_is_luftle=True)


def test_friend_of_the_luftles_lets_a_palaudis_chief_spend_on_luftles():
    # Palaudis Tribes, Friend of the Luftles
    tokens = spend_tribal_token(
        TribalTokens(),
        "Grunt A",
        "change_card_type",
        figure_is_luftle=True,
        friend_of_the_luftles=True,
    )
    assert tokens.tokens_left == 4


def test_the_luftle_chief_has_2_tokens_for_luftles_only():
    # Luftles, Luftle Chief
    tokens = luftle_chief_tokens()
    assert tokens.tokens_left == 2
    assert spend_tribal_token(tokens, "Grunt A", "change_card_type", figure_is_luftle=True)
    with pytest.raises(RuleViolation, match="only be spent on Luftles"):
        spend_tribal_token(tokens, "Grublic", "change_card_type")


def test_an_unknown_use_is_refused():
    with pytest.raises(RuleViolation, match="not something a Tribal Token"):
        spend_tribal_token(TribalTokens(), "Grublic", "buy_a_sungem")


def test_hastys_move_is_once_per_game():
    # Scenario and Situational Ability Pool, Hasty
    tokens = next_turn(spend_tribal_token(TribalTokens(), "Grublic", "hasty_move"))
    with pytest.raises(RuleViolation, match="Hasty's move may be used once per game"):
        spend_tribal_token(tokens, "Mipny", "hasty_move")


def test_every_use_names_its_source():
    assert all(use.source for use in TRIBAL_TOKEN_USES.values())
    assert "reborn_track_extra_space" in TRIBAL_TOKEN_USES


def test_undo_gives_the_last_token_back():
    tokens = spend_tribal_token(TribalTokens(), "Grublic", "change_card_type")
    tokens = undo_last_spend(tokens)
    assert tokens.tokens_left == 5
    assert spend_tribal_token(tokens, "Grublic", "awareness_plus_one").tokens_left == 4


def test_undo_with_nothing_spent_is_refused():
    with pytest.raises(RuleViolation, match="No Tribal Token has been spent"):
        undo_last_spend(TribalTokens())


def test_tokens_survive_a_round_trip_through_a_dict():
    tokens = next_turn(spend_tribal_token(TribalTokens(), "Grublic", "change_card_type"))
    assert TribalTokens.from_dict(tokens.to_dict()) == tokens


def test_a_stored_pool_with_more_spends_than_tokens_is_refused():
    stored = luftle_chief_tokens().to_dict()
    stored["spends"] = [["A", "change_card_type", 1]] * 3
    with pytest.raises(RuleViolation, match="only 2 Tribal Tokens"):
        TribalTokens.from_dict(stored)


def test_a_stored_pool_with_a_negative_count_or_turn_is_refused():
    stored = TribalTokens().to_dict()
    stored["turn"] = 0
    with pytest.raises(RuleViolation, match="cannot be negative"):
        TribalTokens.from_dict(stored)
