"""A character joining the Kinship, corrections to its starting stats, and what happens to it
outside the Outposts (items, Tawny, conditions, Cataclysms)."""

from django import forms

from campaigns.dawnshade.catalog.characters import STAT_ORDER, STATS
from campaigns.dawnshade.catalog.conditions import CONDITIONS
from campaigns.dawnshade.forms_common import TIER_CHOICES, SharedChoices
from campaigns.dawnshade.models import ITEM_TYPE_CHOICES
from campaigns.table.fields import COUNT_MAX, BoundedIntegerField
from campaigns.table.form_base import Form
from campaigns.table.form_markup import no_inputs


class StartingStatsForm(Form):
    """A starting value for each stat (``start_<stat>``, declared below the class)."""

    def stats(self) -> dict:
        return {stat: self.cleaned_data.get(f"start_{stat}") for stat in STAT_ORDER}


# One field per stat of the Character Mat, declared once rather than made again for every
# form; declared before CharacterAddForm, which inherits them (base_fields is the class's
# declared fields).
for _stat in STAT_ORDER:
    StartingStatsForm.base_fields[f"start_{_stat}"] = BoundedIntegerField(
        min_value=0,
        max_value=COUNT_MAX,
        label=f"Starting {STATS[_stat].abbreviation}",
        required=False,
    )


class CharacterAddForm(StartingStatsForm):
    markup_inputs = staticmethod(no_inputs)  # its fields never depend on the campaign
    name = forms.CharField(label="Character name", max_length=60)
    played_by_me = forms.BooleanField(label="I play this character", required=False)
    field_order = ["name", "played_by_me"]


class ItemTakeForm(Form):
    name = forms.CharField(label="Item name", max_length=60)
    item_type = forms.ChoiceField(label="Type", choices=SharedChoices(ITEM_TYPE_CHOICES))
    tier = forms.TypedChoiceField(label="Tier", choices=TIER_CHOICES, coerce=int)
    sell_price = BoundedIntegerField(
        label="Sell price (Tawny)", required=False, min_value=0, max_value=COUNT_MAX
    )
    armour = forms.BooleanField(label="Armour (one shield in battle)", required=False)
    reason = forms.CharField(label="Won from", max_length=120, initial="Loot Shoot")


class TawnyChangeForm(Form):
    amount = BoundedIntegerField(
        min_value=-COUNT_MAX,
        max_value=COUNT_MAX,
        label="Tawny gained (below 0 for paid or lost)",
        required=False,
    )
    reason = forms.CharField(label="From", max_length=120, initial="the Logbook")


class ConditionForm(Form):
    condition = forms.ChoiceField(
        label="Condition",
        choices=SharedChoices(
            (key, c.name or f"({c.element} {c.polarity}: not named)")
            for key, c in CONDITIONS.items()
        ),
    )
    reason = forms.CharField(label="From", max_length=120, initial="the Logbook")


class StatAdjustForm(Form):
    stat = forms.ChoiceField(
        label="Stat", choices=SharedChoices((s, STATS[s].abbreviation) for s in STAT_ORDER)
    )
    amount = BoundedIntegerField(
        min_value=-COUNT_MAX, max_value=COUNT_MAX, label="Change", required=False
    )
    reason = forms.CharField(label="From", max_length=120, initial="a Cataclysm tile")


class ItemActionForm(Form):
    """Dropping or using an item: the item is in the URL, nothing else to enter."""
