"""The setup helper's question: how many players, which sets, and the few choices the
rules leave to the players."""

from django import forms

from campaigns.glow.catalog.journey_boards import JOURNEY_BOARDS
from campaigns.glow.catalog.setup import PLAYER_COUNTS
from campaigns.table.form_base import Form

from ..forms_common import sets_field


class SetupForm(Form):
    players = forms.TypedChoiceField(
        label="Players",
        coerce=int,
        choices=[(count, str(count)) for count in PLAYER_COUNTS],
    )
    sets = sets_field("Sets to add")
    removals = sets_field("Sets whose envelope's core cards you remove")
    hulios = forms.BooleanField(label="Someone plays Hulios", required=False)
    journey_board = forms.ChoiceField(
        label="Journey board (solo)",
        choices=[("", "Either"), *[(key, board.name) for key, board in JOURNEY_BOARDS.items()]],
        required=False,
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["removals"].help_text = (
            "Leave empty to follow the rules for the player count. At 5 players with all 3 "
            "sets, tick the one set whose envelope's 8 core cards you remove."
        )
