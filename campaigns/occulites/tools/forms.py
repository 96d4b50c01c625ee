"""Forms of the Occulites table tools: they parse what the player typed or tapped."""

import re

from django import forms
from django.core.exceptions import NON_FIELD_ERRORS

from campaigns.occulites.rules.combat_cards import BoostPlay, CardKind, CardOrigin, CombatCard
from campaigns.occulites.rules.combat_dice import CombatSide, RerollSources, SupportingFigure
from campaigns.occulites.rules.combat_tables import CombatTable
from campaigns.occulites.rules.errors import RuleViolation
from campaigns.table.fields import BoundedIntegerField, SharedChoices
from campaigns.table.form_base import Form
from campaigns.table.form_markup import no_inputs

MAX_DICE = 30
MAX_STAT = 20


def parse_digits(text: str) -> tuple[int, ...] | None:
    """ "0 4 7", "0,4,7" or "047" -> (0, 4, 7); empty -> None (roll in the app instead)."""
    text = (text or "").strip()
    if not text:
        return None
    if not re.fullmatch(r"[0-9\s,]+", text):
        raise forms.ValidationError("Type the dice as digits 0-9, e.g. 0 4 7.")
    parts = re.findall(r"[0-9]+", text)
    if len(parts) == 1:  # "047" typed without spaces
        return tuple(int(ch) for ch in parts[0])
    if any(len(part) > 1 for part in parts):
        raise forms.ValidationError("Each die shows a digit from 0 to 9.")
    return tuple(int(part) for part in parts)


class DigitsField(forms.CharField):
    def __init__(self, **kwargs):
        kwargs.setdefault("required", False)
        kwargs.setdefault("max_length", 120)
        kwargs.setdefault(
            "help_text", "Leave empty to roll in the app, or type the physical dice (0-9)."
        )
        super().__init__(**kwargs)

    def to_python(self, value):
        return parse_digits(super().to_python(value))


class D10RollForm(Form):
    count = BoundedIntegerField(min_value=1, max_value=MAX_DICE, initial=5, label="Number of d10s")
    stat = BoundedIntegerField(min_value=0, max_value=MAX_STAT, initial=4, label="Against stat")
    rerolls = BoundedIntegerField(
        min_value=0, max_value=MAX_DICE, initial=0, required=False, label="Rerolls allowed"
    )
    opening = forms.BooleanField(required=False, label="Opening (each 0 counts twice)")
    lucky = forms.BooleanField(required=False, label="Lucky (may reroll a die twice)")
    entered = DigitsField(label="Dice on the table")

    def clean(self):
        data = super().clean()
        entered, count = data.get("entered"), data.get("count")
        if entered is not None and count is not None and len(entered) != count:
            self.add_error("entered", f"You typed {len(entered)} dice but asked for {count}.")
        data["rerolls"] = data.get("rerolls") or 0
        return data


class RerollForm(Form):
    position = BoundedIntegerField(min_value=0, max_value=MAX_DICE - 1)
    entered = BoundedIntegerField(min_value=0, max_value=9, required=False, label="New die (0-9)")

    @property
    def die_picked(self) -> bool:
        """A die was picked (and any new value typed is one); a refusal of the reroll
        itself is the only error, if any."""
        return set(self.errors) <= {NON_FIELD_ERRORS}


CARD_CHOICES = SharedChoices(
    [
        ("aggressive", "Aggressive card"),
        ("defensive", "Defensive card"),
        ("lntic", "Let Nature Take Its Course"),
    ]
)
LNTIC_DRAWN_CHOICES = SharedChoices(
    [
        ("aggressive", "Aggressive"),
        ("defensive", "Defensive"),
        ("boost", "Boost"),
    ]
)
BOOST_CHOICES = SharedChoices(
    [
        ("", "No boost"),
        ("boost_card", "Boost card"),
        ("aggressive", "Aggressive card as boost"),
        ("defensive", "Defensive card as boost"),
        ("bluff", "Bluff (adds nothing)"),
    ]
)
TABLE_CHOICES = SharedChoices(
    [
        (CombatTable.CORE.value, "Core table"),
        (CombatTable.ADVANCED.value, "Advanced table (Layer One)"),
        (CombatTable.HUNTING_NET.value, "Hunting Net table"),
    ]
)


def side_figure_choices(figures) -> SharedChoices:
    """The campaign's Occulites as a combat side offers them, with their Attack and Defence."""
    return SharedChoices(
        [("", "Typed in below")]
        + [
            (
                figure.pk,
                f"{figure.name} ({figure.tribe.name}) A{figure.attack} D{figure.defence}",
            )
            for figure in figures
        ]
    )


def _side_inputs(figures=(), figure_choices=None) -> tuple:
    """What a fresh side shows of the campaign (``form_markup``): its figures' choices."""
    return tuple(figure_choices or side_figure_choices(figures)) if figures else ()


# Each side's prefix and the card it starts with.
SIDE_INITIAL = {"att": {"card": "aggressive"}, "def": {"card": "defensive"}}


class CombatSideForm(Form):
    """One side of the combat calculator (used with a prefix: "att" or "def")."""

    markup_inputs = staticmethod(_side_inputs)

    figure = forms.TypedChoiceField(
        coerce=int, required=False, empty_value=None, label="Campaign figure"
    )
    label = forms.CharField(max_length=60, required=False, label="Figure")
    stat = BoundedIntegerField(
        min_value=0, max_value=MAX_STAT, required=False, label="Stat (Attack or Defence)"
    )
    card = forms.ChoiceField(choices=CARD_CHOICES, label="Card played")
    drawn_kind = forms.ChoiceField(
        choices=LNTIC_DRAWN_CHOICES, required=False, label="Card drawn (Let Nature Take Its Course)"
    )
    card_value = BoundedIntegerField(min_value=0, max_value=20, label="Card value")
    boost1 = forms.ChoiceField(choices=BOOST_CHOICES, required=False, label="Boost 1")
    boost1_value = BoundedIntegerField(
        min_value=0, max_value=20, required=False, label="Boost 1 value"
    )
    boost2 = forms.ChoiceField(choices=BOOST_CHOICES, required=False, label="Boost 2")
    boost2_value = BoundedIntegerField(
        min_value=0, max_value=20, required=False, label="Boost 2 value"
    )
    prone = forms.BooleanField(required=False, label="Prone (stat halved)")
    opening = forms.BooleanField(required=False, label="Opening (each 0 counts twice)")
    lucky = forms.BooleanField(required=False, label="Lucky")
    charge = forms.BooleanField(required=False, label="Full-speed Charge (+1 reroll)")
    hunting_net = forms.BooleanField(required=False, label="Hunting Net throw (+2 rerolls)")
    gang_up = forms.CharField(
        max_length=60,
        required=False,
        label="Supporting figures' stats",
        help_text="Gang-up: the Attack (or Defence) of each supporting figure, e.g. 4 3.",
    )
    free_rerolls = BoundedIntegerField(
        min_value=0, max_value=MAX_DICE, required=False, label="Other rerolls"
    )
    entered = DigitsField(label="Dice on the table")

    def __init__(self, *args, figures=(), figure_choices=None, **kwargs):
        """`figures`: the campaign's Occulites, offered so their stats fill themselves in
        (`figure_choices`, when given, are their choices made once for both sides)."""
        super().__init__(*args, **kwargs)
        # The attacker rolls against Attack, the defender against Defence.
        self.stat_name = "attack" if self.prefix == "att" else "defence"
        self.fields["stat"].label = self.stat_name.capitalize()
        self.figures = {figure.pk: figure for figure in figures}
        if not figures:
            del self.fields["figure"]
        else:
            self.fields["figure"].choices = figure_choices or side_figure_choices(figures)

    def clean(self):
        data = super().clean()
        figure = self.figures.get(data.get("figure"))
        if figure is not None:
            if data.get("stat") is None:
                data["stat"] = getattr(figure, self.stat_name)
            data["label"] = data.get("label") or figure.name
        if data.get("stat") is None and "stat" not in self.errors:
            self.add_error(
                "stat", f"Choose a campaign figure or type its {self.stat_name.capitalize()}."
            )
        if not self.errors:
            try:
                data["side"] = self.combat_side()
            except RuleViolation as refusal:
                self.add_error(None, str(refusal))
        return data

    def clean_gang_up(self) -> tuple[int, ...]:
        """The supporting figures' stats ("4 3"); words are refused, not read as none."""
        text = (self.cleaned_data.get("gang_up") or "").strip()
        if text and not re.fullmatch(r"[0-9\s,]+", text):
            raise forms.ValidationError(
                "Type each supporting figure's stat as a number, e.g. 4 3, or leave it empty."
            )
        return tuple(int(value) for value in re.findall(r"[0-9]+", text))

    def occulite_id(self) -> int | None:
        return self.cleaned_data.get("figure")

    def _boost(self, kind: str, value: int | None) -> BoostPlay | None:
        if not kind:
            return None
        if kind == "bluff":
            return BoostPlay.bluff()
        if value is None:
            raise RuleViolation("Give the boost card's value")
        if kind == "boost_card":
            return BoostPlay.boost_card(value)
        return BoostPlay.regular(CardKind(kind), value)

    def combat_side(self) -> CombatSide:
        """The pure-rules side (`clean` keeps it as `side`); raises RuleViolation when the
        cards break a rule."""
        data = self.cleaned_data
        if data["card"] == "lntic":
            card = CombatCard(
                CardKind(data.get("drawn_kind") or "aggressive"),
                data["card_value"],
                CardOrigin.LET_NATURE_TAKE_ITS_COURSE,
            )
        else:
            card = CombatCard(CardKind(data["card"]), data["card_value"])
        boosts = tuple(
            boost
            for boost in (
                self._boost(data.get("boost1"), data.get("boost1_value")),
                self._boost(data.get("boost2"), data.get("boost2_value")),
            )
            if boost is not None
        )
        supporting = tuple(SupportingFigure(value) for value in data.get("gang_up") or ())
        return CombatSide(
            stat=data["stat"],
            card=card,
            boosts=boosts,
            prone=data["prone"],
            opening=data["opening"],
            lucky=data["lucky"],
            rerolls=RerollSources(
                full_speed_charge=data["charge"],
                supporting=supporting,
                hunting_net=data["hunting_net"],
                free=data.get("free_rerolls") or 0,
            ),
        )


def heal_figure_choices(figures) -> SharedChoices:
    return SharedChoices(
        (figure.pk, f"{figure.name} ({figure.tribe.name}) D{figure.defence}") for figure in figures
    )


def _heal_inputs(figures=()) -> tuple:
    return tuple(heal_figure_choices(figures))


class HealActionForm(Form):
    """Layer Two, Heal: a figure lowers its Defence (never below 1) to regain Health."""

    markup_inputs = staticmethod(_heal_inputs)
    figure = forms.TypedChoiceField(coerce=int, label="Figure that Heals")
    defence = BoundedIntegerField(
        min_value=1, max_value=MAX_STAT, initial=1, label="Defence given up"
    )

    def __init__(self, *args, figures=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["figure"].choices = heal_figure_choices(figures)


class CombatTableForm(Form):
    markup_inputs = staticmethod(no_inputs)
    table = forms.ChoiceField(
        choices=TABLE_CHOICES, initial=CombatTable.CORE.value, label="Combat table"
    )


class CombatRollForm(CombatTableForm):
    """A whole combat: the table, and the attacker's and defender's forms (prefixes "att"
    and "def"), valid only when all three are."""

    def __init__(self, data=None, *, figures=()):
        super().__init__(data)
        choices = side_figure_choices(figures) if figures else None
        self.attacker, self.defender = (
            CombatSideForm(
                data, prefix=prefix, initial=initial, figures=figures, figure_choices=choices
            )
            for prefix, initial in SIDE_INITIAL.items()
        )

    def is_valid(self) -> bool:
        # Each form validates, so every side shows its own errors.
        sides = [self.attacker.is_valid(), self.defender.is_valid()]
        return super().is_valid() and all(sides)

    def clean(self):
        data = super().clean()
        for name, side in (("attacker", self.attacker), ("defender", self.defender)):
            if side.is_valid():
                data[name] = side.cleaned_data
        return data


class DefenceOptionForm(Form):
    """The table row's option whose Defence loss is recorded (the service checks it)."""

    option = forms.CharField(required=False)
