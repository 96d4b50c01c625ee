"""A turn's forms: move, complete, earn rewards, the Active Player, Divine Guidance."""

from django import forms

from campaigns.dawnshade.catalog.blessings import BLESSINGS
from campaigns.dawnshade.catalog.quest_deck import (
    OUTCOMES_BY_TILE,
    QUEST_TILE_TYPES,
    STARTING_VILLAGE,
)
from campaigns.dawnshade.catalog.watchers import WATCHERS
from campaigns.dawnshade.models import OUTPOST_CHOICES
from campaigns.dawnshade.rules.movement import NEW_TILE, RETURN
from campaigns.table.fields import COUNT_MAX, BoundedIntegerField

from ..forms_common import CharacterField, KinshipForm, SeenVisitForm


class MoveForm(SeenVisitForm):
    kind = forms.ChoiceField(
        label="Move to",
        choices=[(NEW_TILE, "A new tile from the Quest Deck"), (RETURN, "Back to a revealed tile")],
        widget=forms.RadioSelect,
        initial=NEW_TILE,
    )
    tile_type = forms.ChoiceField(label="New tile drawn", required=False)
    outpost = forms.ChoiceField(
        label="If an Outpost: which", required=False, choices=[("", "—"), *OUTPOST_CHOICES]
    )
    label = forms.CharField(label="If an Event: its number", required=False, max_length=40)
    blessing = forms.ChoiceField(
        label="Watchers Blessing on that hex",
        required=False,
        choices=[("", "None"), *((key, b.name) for key, b in BLESSINGS.items())],
    )
    tile_id = forms.TypedChoiceField(
        label="Revealed tile", required=False, coerce=int, empty_value=None
    )
    visit_outpost = forms.ChoiceField(
        label="At the Starting Village, visit",
        required=False,
        choices=[("", "No Outpost"), *OUTPOST_CHOICES],
    )
    # Negative hexes get the rule's words from the service, so they pass the bounds.
    hexes = BoundedIntegerField(min_value=-COUNT_MAX, max_value=COUNT_MAX, label="Hexes moved")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        view = self.view
        # Every type is offered (with what is left), so a tile the deck no longer holds is
        # refused with the rule's words rather than "not a valid choice".
        left = {tile_type.key: count for tile_type, count in (view.deck_left if view else [])}
        self.fields["tile_type"].choices = [("", "—")] + [
            (key, f"{tile_type.name} ({left.get(key, 0)} left)")
            for key, tile_type in QUEST_TILE_TYPES.items()
            if key != STARTING_VILLAGE
        ]
        legal = {tile.pk for tile in (view.returns if view else [])}
        current = view.visit.tile_id if view and view.visit else None
        self.fields["tile_id"].choices = [("", "—")] + [
            (tile.pk, tile.name if tile.pk in legal else f"{tile.name} (no going back)")
            for tile in (view.tiles if view else [])
            if tile.pk != current
        ]


def _visited_tile_type(view=None):
    visit = view.visit if view else None
    return visit.tile.tile_type if visit else None


class CompleteForm(SeenVisitForm):
    markup_inputs = staticmethod(_visited_tile_type)  # its outcomes are the tile's
    outcome = forms.ChoiceField(label="Outcome")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        visit = self.view.visit if self.view else None
        outcomes = OUTCOMES_BY_TILE[visit.tile.tile_type] if visit else ()
        self.fields["outcome"].choices = [(o, o.replace("_", " ").capitalize()) for o in outcomes]


class RewardsForm(SeenVisitForm):
    xp = BoundedIntegerField(min_value=0, max_value=COUNT_MAX, label="XP", required=False)
    loot_shoot_items = BoundedIntegerField(
        min_value=0, max_value=COUNT_MAX, label="Loot Shoot items", required=False
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        reward = self.view.reward if self.view else None
        if reward is not None and reward.xp is not None:
            self.fields["xp"].initial = reward.xp
        if reward is not None and reward.loot_shoot_items is not None:
            self.fields["loot_shoot_items"].initial = reward.loot_shoot_items
        for character in self.view.characters if self.view else ():
            self.fields[f"tawny_{character.pk}"] = BoundedIntegerField(
                min_value=0,
                max_value=COUNT_MAX,
                label=f"Tawny for {character.name}",
                required=False,
            )

    def tawny_fields(self) -> list:
        return [(c, self[f"tawny_{c.pk}"]) for c in self._characters()]

    def service_arguments(self) -> dict:
        data = self.cleaned_data
        return {
            "visit_id": data["visit_id"],
            "xp": data["xp"],
            "loot_shoot_items": data["loot_shoot_items"],
            "tawny": {c.pk: data.get(f"tawny_{c.pk}") for c in self._characters()},
        }


class ActivePlayerForm(KinshipForm):
    character = CharacterField(label="Active Player")


class TempleDrawForm(SeenVisitForm):
    character = CharacterField(label="Who drew")
    token = forms.ChoiceField(
        label="Drew",
        choices=[
            ("tawny", "A Tawny"),
            *((key, f"{w.name}'s condition token") for key, w in WATCHERS.items()),
        ],
    )
