"""The Outposts' forms: Guild Hall training, Mercantile, Foundry, Boomshot Gallery."""

from django import forms

from campaigns.dawnshade.catalog.characters import SKILL_DIE_SLOTS, STAT_ORDER, STATS
from campaigns.dawnshade.models import ITEM_TYPE_CHOICES
from campaigns.table.fields import COUNT_MAX, BoundedIntegerField

from ..forms_common import (
    TIER_CHOICES,
    TIER_I_CHOICES,
    CharacterField,
    SeenVisitForm,
    SharedChoices,
)


class GuildHallForm(SeenVisitForm):
    """Every character's training at once: stat points and Skill Dice."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for view in self.view.characters if self.view else ():
            # Carries a refusal about this character's training, shown beside its fields.
            self.fields[f"character_{view.pk}"] = forms.CharField(
                required=False, widget=forms.HiddenInput
            )
            for stat in STAT_ORDER:
                self.fields[f"raise_{stat}_{view.pk}"] = BoundedIntegerField(
                    min_value=0,
                    max_value=COUNT_MAX,
                    label=f"+{STATS[stat].abbreviation}",
                    required=False,
                    initial=0,
                )
            for die in SKILL_DIE_SLOTS:
                self.fields[f"die_{die}_{view.pk}"] = forms.BooleanField(
                    label=f"Skill Die {die}", required=False
                )

    def character_rows(self) -> list:
        """(character, its stat fields, its Skill Die fields) for the template."""
        return [
            (
                view,
                [self[f"raise_{stat}_{view.pk}"] for stat in STAT_ORDER],
                [self[f"die_{die}_{view.pk}"] for die in SKILL_DIE_SLOTS],
                self[f"character_{view.pk}"].errors,
            )
            for view in self._characters()
        ]

    def spends(self, training_spends) -> dict:
        data = self.cleaned_data
        return {
            view.pk: training_spends(
                {stat: data.get(f"raise_{stat}_{view.pk}") or 0 for stat in STAT_ORDER},
                [die for die in SKILL_DIE_SLOTS if data.get(f"die_{die}_{view.pk}")],
            )
            for view in self._characters()
        }


class ItemBuyForm(SeenVisitForm):
    character = CharacterField(label="Buyer")
    name = forms.CharField(label="Item name", max_length=60)
    item_type = forms.ChoiceField(label="Type", choices=SharedChoices(ITEM_TYPE_CHOICES))
    tier = forms.TypedChoiceField(label="Tier", choices=TIER_CHOICES, coerce=int)
    buy_price = BoundedIntegerField(
        min_value=0, max_value=COUNT_MAX, label="Buy price (Tawny)", required=False
    )
    sell_price = BoundedIntegerField(
        min_value=0, max_value=COUNT_MAX, label="Sell price (Tawny)", required=False
    )
    armour = forms.BooleanField(label="Armour (one shield in battle)", required=False)


class TransmuteForm(SeenVisitForm):
    character = CharacterField(label="Character")
    element = forms.ChoiceField(label="Väki (Tier I)", choices=TIER_I_CHOICES)
    vaki = BoundedIntegerField(
        min_value=0, max_value=COUNT_MAX, label="How many väki (3 Tawny each)", initial=1
    )


class FoundryBuyForm(SeenVisitForm):
    character = CharacterField(label="Buyer")


class BoomshotForm(SeenVisitForm):
    character = CharacterField(label="Player")
    shots = BoundedIntegerField(
        min_value=0, max_value=COUNT_MAX, label="Shots (1 Tawny each)", initial=1, required=False
    )
