from django import forms

from campaigns.table.form_base import Form

from .content import GAMES
from .search import MAX_QUERY_LENGTH


class RulesSearchForm(Form):
    q = forms.CharField(required=False, label="Search the rules")
    game = forms.ChoiceField(
        required=False, choices=[("", "All games"), *GAMES.items()], label="Game"
    )

    def clean_q(self) -> str:
        # Long pastes are cut rather than refused: the first words are what matter.
        return self.cleaned_data["q"][:MAX_QUERY_LENGTH]
