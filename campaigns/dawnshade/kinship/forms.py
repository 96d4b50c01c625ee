"""Setting up the Kinship, its settings, remembered rewards, and starting or ending a game."""

import functools

from django import forms

from campaigns.dawnshade.catalog.quest_deck import OUTCOMES_BY_TILE, QUEST_TILE_TYPES
from campaigns.dawnshade.catalog.rewards import REWARD_ROWS
from campaigns.dawnshade.models import DIFFICULTY_CHOICES, MODE_CHOICES, TawnyRewardReading
from campaigns.dawnshade.rules.chapters import ROMAN
from campaigns.table.fields import COUNT_MAX, BoundedIntegerField
from campaigns.table.form_base import Form

from ..forms_common import KinshipForm, SharedChoices

UNSPENT_CHOICES = SharedChoices(
    [
        ("kept", "Each character keeps the points it did not spend"),
        ("lost", "Points one character leaves unspent are lost with the cubes another spent"),
    ]
)


class SettingsForm(Form):
    unspent_training_points = forms.ChoiceField(
        label="A training point one character spends and another does not", choices=UNSPENT_CHOICES
    )
    tawny_rewards = forms.ChoiceField(
        label="A Tawny reward printed in the mode's table",
        choices=SharedChoices(TawnyRewardReading.choices),
    )
    table_rewards_at_conclusion = forms.BooleanField(
        label="Earn the table's rewards for the campaign's last Major Threat (Full Chapter, Power Level)",
        required=False,
    )


class KinshipSetupForm(SettingsForm):
    mode = forms.ChoiceField(label="Game mode", choices=SharedChoices(MODE_CHOICES))
    difficulty = forms.ChoiceField(
        label="Difficulty", choices=SharedChoices(DIFFICULTY_CHOICES), initial="normal"
    )
    solo = forms.BooleanField(label="Solo Mode", required=False)
    field_order = ["mode", "difficulty", "solo"]


@functools.cache
def _missing_cells(mode: str) -> SharedChoices:
    """The mode's reward cells the rulebook leaves blank (its table never changes)."""
    choices = []
    for row in REWARD_ROWS[mode]:
        if row.missing and row.outcome in OUTCOMES_BY_TILE[row.tile]:
            value = f"{row.tile}:{row.outcome}"
            label = f"{QUEST_TILE_TYPES[row.tile].name}: {row.outcome.replace('_', ' ')}"
            if (value, label) not in choices:
                choices.append((value, label))
    return SharedChoices(choices)


def house_reward_cells(view) -> bool:
    """Whether the Kinship's mode leaves any reward cell blank (the house-reward form's
    choices), known without making the form."""
    return bool(view and _missing_cells(view.kinship.mode))


class HouseRewardForm(KinshipForm):
    tile_outcome = forms.ChoiceField(label="Tile and outcome the table leaves blank")
    xp = BoundedIntegerField(min_value=0, max_value=COUNT_MAX, label="XP", required=False)
    tawny = BoundedIntegerField(min_value=0, max_value=COUNT_MAX, label="Tawny", required=False)
    loot_shoot_items = BoundedIntegerField(
        min_value=0, max_value=COUNT_MAX, label="Loot Shoot items", required=False
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if self.view:
            self.fields["tile_outcome"].choices = _missing_cells(self.view.kinship.mode)

    def service_arguments(self) -> dict:
        data = dict(self.cleaned_data)
        data["tile_type"], data["outcome"] = data.pop("tile_outcome").split(":")
        return data


class ChapterStartForm(KinshipForm):
    narrative_chapter = forms.TypedChoiceField(
        label="Starting Village narrative", coerce=int, required=False, empty_value=None
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        choices = self.view.next_narratives if self.view else ()
        self.fields["narrative_chapter"].choices = [(n, f"Chapter {ROMAN[n]}") for n in choices]
