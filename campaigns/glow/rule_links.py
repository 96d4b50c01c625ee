"""Which rules-reference entry explains each automated result, and the tools the
reference lists under "Tools that apply this"."""

from rulesref.tools import register_tools

GAME = "glow"

BUTTERFLY_SCORING = "butterfly-scoring"
BUTTERFLY_DRAWING = "butterfly-tokens-drawing"
SPECIAL_TOKENS = "butterfly-special-tokens"
DRAW_EFFECTS = "effect-draw-butterflies"
NOON_COSTS = "card-token-costs-at-noon"
TIES = "ties-on-the-score-pad"
NOT_PRINTED = "core-glow-rules-not-included"
SUMMARY = "summary-by-player-count"
TOM_SETUP = "solo-setup-tom"
TOM_TILE = "solo-morning-tom-tile"
TOM_BOAT = "solo-choosing-boat"
TOM_PILE = "solo-tom-tile-pile"
TOM_EVENING = "solo-evening"
TOM_END = "solo-end-of-game"
TOM_SCORING = "solo-tom-scoring"
SOLO_OVERVIEW = "single-player-overview"

_SOLO_SETUP_STEPS = {
    "tom_dice": TOM_SETUP,
    "tom_camp": TOM_SETUP,
    "tom_boats": TOM_SETUP,
    "tom_first_roll": TOM_SETUP,
    "dice_reserve": "solo-setup-cards-and-tiles",
    "no_spells": "solo-setup-cards-and-tiles",
    "solo_removed_cards": "solo-removed-cards",
    "hulios_solo_deck": "solo-removed-cards",
    "solo_decks": "solo-setup-cards-and-tiles",
    "tom_tiles": "solo-setup-cards-and-tiles",
    "solo_face_up_companions": "solo-setup-cards-and-tiles",
    "solo_first_player": "solo-setup-cards-and-tiles",
}
_STEPS = {
    "companions": SUMMARY,
    "add_sets": "new-companions",
    "remove_envelope_cards": "sets-in-2-4-player-games",
    "remove_third_set_cards": "five-player-setup",
    "keep_core_cards": SUMMARY,
    "core_setup": NOT_PRINTED,
    "extension_placement": "meeting-track-extension",
    "hulios_deck": "hulios",
    **_SOLO_SETUP_STEPS,
}
_BIG_GAME_STEPS = ("extension", "decks", "face_up_companions", "small_dice")


def setup_step_slug(step_key: str, player_count: int) -> str:
    """The entry behind one step of the setup helper's list."""
    if step_key in _BIG_GAME_STEPS:
        return "five-player-setup" if player_count == 5 else "six-player-setup"
    return _STEPS[step_key]


def every_slug() -> set[str]:
    """Every entry the pages link to (a test checks that each exists)."""
    constants = {
        value for name, value in globals().items() if name.isupper() and isinstance(value, str)
    }
    return (constants - {GAME}) | set(_STEPS.values()) | {"five-player-setup", "six-player-setup"}


def register() -> None:
    register_tools(
        GAME,
        {
            ("Score pad", "glow:plays"): (
                BUTTERFLY_SCORING,
                BUTTERFLY_DRAWING,
                TIES,
                NOT_PRINTED,
            ),
            ("Butterfly reserve (on a play's pad)", "glow:plays"): (
                SPECIAL_TOKENS,
                DRAW_EFFECTS,
                NOON_COSTS,
            ),
            ("Solo against Tom", "glow:solo"): (
                SOLO_OVERVIEW,
                TOM_SETUP,
                TOM_TILE,
                TOM_BOAT,
                TOM_PILE,
                TOM_EVENING,
                TOM_END,
                TOM_SCORING,
                "solo-round",
            ),
            ("Group settings", "glow:settings"): (NOT_PRINTED,),
            ("Play history and statistics", "glow:history"): (BUTTERFLY_SCORING,),
        },
    )
    register_tools(
        GAME,
        {
            ("Setup helper", "glow:setup_helper"): (
                SUMMARY,
                "five-player-setup",
                "six-player-setup",
                "meeting-track-extension",
                "sets-in-2-4-player-games",
                "solo-removed-cards",
                "solo-setup-cards-and-tiles",
                TOM_SETUP,
            ),
        },
        needs_campaign=False,
    )
