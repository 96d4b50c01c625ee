"""The battle page's forms. Choices come from the page's read-model; the rules' refusals come
from the services, so a stack that is KO'd is still offered and refused in the rule's words."""

from django import forms

from campaigns.dawnshade.catalog.battle import FOE_POSITIONS, ROMAN
from campaigns.dawnshade.catalog.conditions import CONDITIONS
from campaigns.dawnshade.forms_common import (
    BLANK,
    BLANK_TIER_I_CHOICES,
    ELEMENT_CHOICES,
    SharedChoices,
)
from campaigns.dawnshade.models import FACTION_CHOICES
from campaigns.dawnshade.rules.initiative import KO_ALLY_CHIP_SPENT, KO_ALLY_NEXT_LIVING
from campaigns.table.fields import COUNT_MAX, BoundedIntegerField, id_field
from campaigns.table.form_base import Form
from campaigns.table.form_markup import no_inputs

CONDITION_CHOICES = SharedChoices(
    (key, f"{condition.name or 'Not printed'} ({condition.element}, {condition.polarity})")
    for key, condition in CONDITIONS.items()
)


# A battle's turns in one sitting: far more than any Logbook battle has.
TURNS_MAX = 10_000


class BattleForm(Form):
    """A form that knows the battle page's read-model. ``choices_from_view``: whether a
    posted copy needs the read-model (its choices, its characters); a tap on "next turn"
    then skips reading it before the service."""

    choices_from_view = False

    def __init__(self, *args, view=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.view = view


class SeenTurnForm(BattleForm):
    """Carries the turn number the phone saw, so a stale tap is a 409."""

    markup_inputs = staticmethod(no_inputs)  # its initial turn is all it shows (form_markup)

    turn_number = BoundedIntegerField(
        required=False, widget=forms.HiddenInput, min_value=0, max_value=TURNS_MAX
    )


def seen_turn(view) -> dict:
    battle = view.battle if view else None
    return {
        "turn_number": battle.turn_number if battle else None,
        "turn_key": view.turn_key if view else "",
    }


class FoeForm(BattleForm):
    markup_inputs = staticmethod(no_inputs)
    name = forms.CharField(label="Foe name", max_length=60)
    faction = forms.ChoiceField(label="Chip colour", choices=SharedChoices(FACTION_CHOICES))
    hp = BoundedIntegerField(label="HP", min_value=0, max_value=COUNT_MAX)
    sld = BoundedIntegerField(label="SLD", min_value=0, initial=0, max_value=COUNT_MAX)
    atk = BoundedIntegerField(label="ATK", min_value=0, initial=0, max_value=COUNT_MAX)
    defense = BoundedIntegerField(label="DEF", min_value=0, initial=0, max_value=COUNT_MAX)
    special = forms.CharField(label="Special", required=False, max_length=300)


class SetupForm(BattleForm):
    choices_from_view = True

    visit_id = id_field(required=False, widget=forms.HiddenInput)
    rounds = BoundedIntegerField(
        label="Rounds (blank: 5, solo 4)", required=False, min_value=1, max_value=20
    )
    note = forms.CharField(
        label="Logbook special instructions",
        required=False,
        max_length=500,
        widget=forms.Textarea(attrs={"rows": 2}),
    )
    miss_cards = BoundedIntegerField(
        label="Miss cards in the Target Deck", min_value=0, initial=0, max_value=COUNT_MAX
    )
    imprecise_rounding = forms.ChoiceField(
        label="IMPRECISE halves",
        choices=SharedChoices(
            [
                ("damage_up", "the damage, rounded up (3 hits deal 2)"),
                ("reduction_up", "with the reduction rounded up (3 hits deal 1)"),
            ]
        ),
    )
    behemoth_with_fighter = forms.ChoiceField(
        label="A Cogbehemoth falling with a Cogbot Fighter leaves",
        choices=SharedChoices(
            [("stack_order", "what the stack order leaves"), ("one_hp", "one HP")]
        ),
    )
    cogbehemoth = forms.BooleanField(label="Activate the Cogbehemoth", required=False)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # One list for the seven rings (normalized once, not for each field and widget).
        choices = SharedChoices(
            [BLANK, *((foe.pk, foe.name) for foe in (self.view.foes if self.view else []))]
        )
        for position in FOE_POSITIONS:
            self.fields[f"foe_{position}"] = forms.TypedChoiceField(
                label=f"Ring {ROMAN[position]}",
                choices=choices,
                coerce=int,
                required=False,
                empty_value=None,
            )

    @property
    def ring_fields(self):
        return [self[f"foe_{position}"] for position in FOE_POSITIONS]

    def service_arguments(self) -> dict:
        data = dict(self.cleaned_data)
        foes = [(p, data.pop(f"foe_{p}")) for p in FOE_POSITIONS]
        data["foes"] = [(position, pk) for position, pk in foes if pk is not None]
        return data


class EndTurnForm(SeenTurnForm):
    markup_inputs = staticmethod(no_inputs)
    turn_key = forms.CharField(required=False, widget=forms.HiddenInput, max_length=20)
    ko_ally_choice = forms.ChoiceField(
        label="The Active Player is KO'd: the Ally chip",
        required=False,
        choices=SharedChoices(
            [
                BLANK,
                (KO_ALLY_NEXT_LIVING, "is played by the next living character"),
                (KO_ALLY_CHIP_SPENT, "is spent without a turn"),
            ]
        ),
    )


def _view_choices(view, name: str, *, blank: bool) -> SharedChoices:
    """The read-model's stack or ally choices (``name``), a blank first if asked: normalized
    once for the field and its widget, which plain choices are each time."""
    choices = getattr(view, name) if view else []
    return SharedChoices([BLANK, *choices] if blank else choices)


class StackChoiceForm(BattleForm):
    choices_from_view = True

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for field in self.fields.values():
            if isinstance(field, forms.ChoiceField) and getattr(field, "stack_choice", False):
                field.choices = _view_choices(self.view, "target_choices", blank=not field.required)


def _target_choices(view=None) -> tuple:
    return tuple(view.target_choices) if view else ()


def _ally_choices(view=None) -> tuple:
    return tuple(view.ally_choices) if view else ()


def stack_field(label: str, required: bool = True) -> forms.ChoiceField:
    field = forms.ChoiceField(label=label, required=required)
    field.stack_choice = True
    return field


class DamageForm(StackChoiceForm):
    markup_inputs = staticmethod(_target_choices)
    target = stack_field("Target")
    hits = BoundedIntegerField(label="Hits rolled", min_value=0, max_value=COUNT_MAX)
    attacker = stack_field("Attacker (for its conditions)", required=False)
    evade = forms.ChoiceField(
        label="If AIRBORNE: the evade roll",
        required=False,
        choices=SharedChoices(
            [BLANK, ("succeed", "Succeed: no damage"), ("fail", "Fail: normal damage")]
        ),
    )


class ShieldsForm(StackChoiceForm):
    markup_inputs = staticmethod(_target_choices)
    target = stack_field("Stack")
    hits = BoundedIntegerField(label="Defense hits", min_value=0, max_value=COUNT_MAX)
    cogbehemoth = forms.BooleanField(label="To the Cogbehemoth's own shields", required=False)


class ConditionForm(StackChoiceForm):
    markup_inputs = staticmethod(_target_choices)
    target = stack_field("Stack")
    condition = forms.ChoiceField(label="Condition", choices=CONDITION_CHOICES)


class SpecialForm(StackChoiceForm):
    markup_inputs = staticmethod(_target_choices)
    stack = stack_field("Whose special")


class TargetForm(SeenTurnForm):
    markup_inputs = staticmethod(no_inputs)
    when_empty = forms.ChoiceField(
        label="If the deck has run out",
        required=False,
        choices=SharedChoices([BLANK, ("reshuffle", "Reshuffle the revealed cards")]),
    )
    when_knocked_out = forms.ChoiceField(
        label="If the card names a KO'd character",
        required=False,
        choices=SharedChoices(
            [
                BLANK,
                ("redraw", "Set it aside and reveal the next"),
                ("reshuffle", "Reshuffle every card and reveal again"),
            ]
        ),
    )


class AllyChoiceForm(BattleForm):
    choices_from_view = True

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for field in self.fields.values():
            if getattr(field, "ally_choice", False):
                field.choices = _view_choices(self.view, "ally_choices", blank=not field.required)


def ally_field(label: str, required: bool = True) -> forms.ChoiceField:
    field = forms.ChoiceField(label=label, required=required)
    field.ally_choice = True
    return field


class ComboRingsForm(AllyChoiceForm):
    markup_inputs = staticmethod(_ally_choices)
    character = ally_field("Character")
    flame = BoundedIntegerField(
        label="Rings of fire", min_value=0, required=False, max_value=COUNT_MAX
    )
    thorn = BoundedIntegerField(
        label="Rings of thorns", min_value=0, required=False, max_value=COUNT_MAX
    )


class ComboFireForm(AllyChoiceForm):
    markup_inputs = staticmethod(_ally_choices)
    flame_by = ally_field("Flame (positive) fired by", required=False)
    thorn_by = ally_field("Thorn (negative) fired by", required=False)


class FinishForm(SeenTurnForm):
    choices_from_view = True

    xp = BoundedIntegerField(
        label="XP (from the Logbook)", required=False, min_value=0, max_value=COUNT_MAX
    )
    loot_shoot_items = BoundedIntegerField(
        label="Loot Shoot items", required=False, min_value=0, max_value=COUNT_MAX
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for character in self.view.characters if self.view else []:
            self.fields[f"tawny_{character.pk}"] = BoundedIntegerField(
                label=f"Tawny for {character.name}",
                required=False,
                min_value=0,
                max_value=COUNT_MAX,
            )

    @property
    def tawny_fields(self):
        return [self[f"tawny_{c.pk}"] for c in (self.view.characters if self.view else [])]

    def service_arguments(self) -> dict:
        data = self.cleaned_data
        characters = self.view.characters if self.view else []
        return {
            "turn_number": data.get("turn_number"),
            "xp": data.get("xp"),
            "loot_shoot_items": data.get("loot_shoot_items"),
            "tawny": {c.pk: data.get(f"tawny_{c.pk}") for c in characters},
        }


class ResetForm(BattleForm):
    markup_inputs = staticmethod(no_inputs)


class VakiReturnForm(BattleForm):
    choices_from_view = True

    character = forms.TypedChoiceField(label="Returned by", coerce=int)
    element = forms.ChoiceField(label="Väki", choices=ELEMENT_CHOICES)
    condition_to = forms.TypedChoiceField(
        label="If it shifts to a Watcher: its condition to",
        coerce=int,
        required=False,
        empty_value=None,
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        characters = [(c.pk, c.name) for c in (self.view.characters if self.view else [])]
        self.fields["character"].choices = SharedChoices(characters)
        self.fields["condition_to"].choices = SharedChoices([BLANK, *characters])
        for character in self.view.characters if self.view else []:
            self.fields[f"balanced_{character.pk}"] = forms.ChoiceField(
                label=f"If it shifts to Balanced: {character.name} takes",
                choices=BLANK_TIER_I_CHOICES,
                required=False,
            )

    @property
    def balanced_fields(self):
        return [self[f"balanced_{c.pk}"] for c in (self.view.characters if self.view else [])]

    def service_arguments(self) -> dict:
        data = self.cleaned_data
        return {
            "character": data["character"],
            "element": data["element"],
            "condition_to": data.get("condition_to"),
            "balanced_vaki": {
                c.pk: data.get(f"balanced_{c.pk}")
                for c in (self.view.characters if self.view else [])
            },
            "returning": True,
        }
