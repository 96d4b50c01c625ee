"""Forms of the post-scenario wizard and the spending page: they parse what the player
tapped or typed; the services apply the rules."""

from django import forms

from campaigns.occulites.catalog.abilities import ABILITIES
from campaigns.occulites.catalog.blueprints import STAT_NAMES, STATS
from campaigns.occulites.catalog.luftles import LUFTLE_CASTES
from campaigns.occulites.catalog.scenarios import SCENARIOS, AppliesTo, OptionKind
from campaigns.occulites.rules import stats as stat_rules
from campaigns.occulites.rules.reborn import ABILITY_SLOT
from campaigns.occulites.season.forms import MAX_CARD_VALUE
from campaigns.occulites.services import stats_of
from campaigns.occulites.tools.forms import MAX_STAT
from campaigns.table.fields import COUNT_MAX, BoundedIntegerField
from campaigns.table.form_base import Form

from .steps import RECIPIENT_NOTE, option_title, wizard_options

NEGATIVE_COUNT = (
    "A count cannot be negative: Victory Points come from what happened in the scenario "
    "(Scenarios - Rewards and Penalties)."
)
BACK_CHOICES = [("record", "record"), ("spend", "spend")]


def _occulite_choices(occulites) -> list[tuple[str, str]]:
    return [(str(occulite.pk), occulite.name) for occulite in occulites]


class ScenarioPickForm(Form):
    """Which scenario was played, when none was drawn this timeslot (a losing Defender of
    the Home Cave Raid picks the next one without a draw)."""

    scenario = forms.ChoiceField(
        label="Scenario played",
        choices=[(key, f"{s.number}. {s.name}") for key, s in SCENARIOS.items()],
    )


class ResultForm(Form):
    """Step 1: the VP rewards counted, Sungems gained, Occulites killed, and which of the
    scenario's penalties and advances apply to this tribe."""

    def __init__(self, *args, scenario, occulites, **kwargs):
        super().__init__(*args, **kwargs)
        self.scenario = scenario
        self.vp_fields = []
        for option in scenario.options:
            if option.kind is not OptionKind.VP:
                continue
            name = f"vp_{option.key}"
            note = RECIPIENT_NOTE[option.recipient]
            if option.per:
                # Negative counts get the rule's words in clean(), so they pass the bounds.
                self.fields[name] = BoundedIntegerField(
                    min_value=-COUNT_MAX,
                    max_value=COUNT_MAX,
                    required=False,
                    initial=0,
                    label=option.per[0].upper() + option.per[1:],
                    help_text=f"{option.amount:+d} VP each. {note}".strip(),
                    widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
                )
            else:
                self.fields[name] = forms.BooleanField(
                    required=False,
                    label=f"{option.condition} ({option.amount:+d} VP)",
                )
            self.vp_fields.append((option, name))
        self.fields["sungems_gained"] = BoundedIntegerField(
            min_value=-COUNT_MAX,
            max_value=COUNT_MAX,
            initial=0,
            label="Sungems gained",
            widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
        )
        self.fields["killed"] = forms.MultipleChoiceField(
            required=False,
            label="Occulites killed",
            choices=_occulite_choices(occulites),
            widget=forms.CheckboxSelectMultiple,
            help_text="Each one owes a reborn penalty.",
        )
        self.occulites = {str(occulite.pk): occulite for occulite in occulites}
        choices = [(option.key, option_title(option)) for option in wizard_options(scenario)]
        self.fields["options"] = forms.MultipleChoiceField(
            required=False,
            label="Penalties and advances that apply to this tribe",
            choices=choices,
            widget=forms.CheckboxSelectMultiple,
        )

    def option_rows(self) -> list[dict]:
        """Each penalty or advance checkbox with its catalogue description."""
        options = {option.key: option for option in wizard_options(self.scenario)}
        return [
            {"widget": widget, "option": options[widget.data["value"]]}
            for widget in self["options"]
        ]

    def vp_bound_fields(self):
        return [self[name] for _, name in self.vp_fields]

    def clean(self):
        data = super().clean()
        for option, name in self.vp_fields:
            value = data.get(name)
            if option.per and value is not None and value < 0:
                self.add_error(name, NEGATIVE_COUNT)
        sungems = data.get("sungems_gained")
        if sungems is not None and sungems < 0:
            self.add_error(
                "sungems_gained",
                "Sungems gained cannot be negative: Sungems lost go to another tribe in a "
                "Home Cave Raid or a Siege swap (Campaign Rules - Sungems).",
            )
        chosen = set(data.get("options") or ())
        groups: dict[str, list] = {}
        for option in wizard_options(self.scenario):
            if option.key in chosen and option.choice_group:
                groups.setdefault(option.choice_group, []).append(option)
        for options in groups.values():
            if len(options) > 1:
                names = " or ".join(option_title(option) for option in options)
                self.add_error(
                    "options", f"Take one of these, not both: {names} ({options[0].source})."
                )
        return data

    def vp_counts(self) -> dict[str, int]:
        counts = {}
        for option, name in self.vp_fields:
            value = self.cleaned_data.get(name)
            count = int(value or 0)
            if count:
                counts[option.key] = count
        return counts

    def killed_occulites(self) -> list:
        return [self.occulites[pk] for pk in self.cleaned_data.get("killed") or ()]


class OptionForm(Form):
    """Step 2: apply one ticked penalty or advance; the fields depend on what it changes."""

    def __init__(self, *args, option, occulites, other_tribes, points_left=None, **kwargs):
        kwargs.setdefault("prefix", f"opt-{option.key}")
        super().__init__(*args, **kwargs)
        self.option = option
        self.occulites = {str(occulite.pk): occulite for occulite in occulites}
        self.other_tribes = {str(tribe.pk): tribe for tribe in other_tribes}
        kind, applies = option.kind, option.applies_to
        if kind is OptionKind.STAT and applies is AppliesTo.LOWEST_FIGURE:
            lowest = stat_rules.figures_with_lowest(
                {str(o.pk): stats_of(o) for o in occulites}, option.target
            )
            self._occulite_field([self.occulites[pk] for pk in lowest])
        elif kind is OptionKind.STAT and applies is not AppliesTo.CHIEF:
            self._occulite_field(occulites)
            if applies is AppliesTo.SPLIT_AMONG_FIGURES:
                most = points_left if points_left is not None else option.amount
                self.fields["points"] = BoundedIntegerField(
                    min_value=1,
                    max_value=max(1, most),
                    initial=1,
                    label=f"{STAT_NAMES[option.target]} points",
                    help_text=f"{most} of {option.amount} left to share.",
                )
        elif kind is OptionKind.DEFENCE_RESET:
            self._occulite_field([o for o in occulites if o.defence < o.start_defence])
        elif kind is OptionKind.SITUATIONAL_ABILITY and applies is not AppliesTo.TRIBE:
            self.fields["occulites"] = forms.MultipleChoiceField(
                label=f"Occulites that gain {ABILITIES[option.target].name}",
                choices=_occulite_choices(occulites),
                widget=forms.CheckboxSelectMultiple,
            )
        elif kind is OptionKind.NEXT_SCENARIO_EFFECT and applies is AppliesTo.FIGURES_INVOLVED:
            self._occulite_field(occulites)
        elif kind is OptionKind.SUNGEMS_STOLEN:
            self._tribe_field("attacker", "Attacking tribe")
            self.fields["sungems"] = BoundedIntegerField(
                min_value=1, max_value=COUNT_MAX, label="Sungems carried off", initial=1
            )
        elif kind is OptionKind.SUNGEM_SWAP:
            self._tribe_field("defender", "Defending tribe")

    def _occulite_field(self, occulites) -> None:
        self.fields["occulite"] = forms.ChoiceField(
            label="Occulite", choices=_occulite_choices(occulites)
        )

    def _tribe_field(self, name: str, label: str) -> None:
        self.fields[name] = forms.ChoiceField(
            label=label,
            choices=[(pk, tribe.name) for pk, tribe in self.other_tribes.items()],
        )

    def chosen_occulite(self):
        return self.occulites.get(self.cleaned_data.get("occulite", ""))

    def chosen_occulites(self) -> list:
        return [self.occulites[pk] for pk in self.cleaned_data.get("occulites") or ()]

    def chosen_tribe(self, name: str):
        return self.other_tribes[self.cleaned_data[name]]

    def targets(self) -> dict:
        """What the option lands on, as ``services.scenario_option_apply`` takes it."""
        other = next((name for name in ("attacker", "defender") if name in self.fields), None)
        return {
            "occulite": self.chosen_occulite(),
            "occulites": self.chosen_occulites(),
            "points": self.cleaned_data.get("points"),
            "sungems": self.cleaned_data.get("sungems"),
            "other_tribe": self.chosen_tribe(other) if other else None,
        }


class RebornForm(Form):
    """Step 3: the Natural Selection cards flipped for one Occulite (or none: the app
    draws them from the group's deck), and the ability it loses if the ability slot's card
    is the lowest."""

    def __init__(self, *args, occulite, losable=(), **kwargs):
        kwargs.setdefault("prefix", f"reborn-{occulite.pk}")
        super().__init__(*args, **kwargs)
        self.the_occulite = occulite
        for slot in (*STATS, ABILITY_SLOT):
            self.fields[slot] = BoundedIntegerField(
                min_value=0,
                max_value=MAX_CARD_VALUE,
                required=False,
                label=STAT_NAMES.get(slot, "Ability slot"),
                widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
            )
        self.fields["draw"] = forms.BooleanField(required=False, widget=forms.HiddenInput)
        self.losable = tuple(losable)
        if self.losable:
            self.fields["ability_to_lose"] = forms.ChoiceField(
                required=False,
                label="If the ability slot's card is lowest, it loses",
                choices=[("", "— choose —")]
                + [(key, ABILITIES[key].name if key in ABILITIES else key) for key in losable],
            )

    def card_fields(self):
        return [self[slot] for slot in (*STATS, ABILITY_SLOT)]

    def clean(self):
        data = super().clean()
        cards = {slot: data.get(slot) for slot in (*STATS, ABILITY_SLOT)}
        entered = [] if data.get("draw") else [v for v in cards.values() if v is not None]
        if entered and len(entered) != len(cards):
            raise forms.ValidationError(
                "Enter all six cards (one per statistic and one for the ability slot), or "
                "leave them all empty to draw from the deck (Campaign Rules - Losing Figures "
                "in a Scenario)."
            )
        data["flipped"] = cards if entered else None
        if data["flipped"] is None and self.losable and not data.get("ability_to_lose"):
            self.add_error(
                "ability_to_lose",
                "The cards are drawn at once: choose first which learned ability goes if the "
                "ability slot's card is the lowest.",
            )
        return data


class LuftleCasualtiesForm(Form):
    """Step 4: the Luftles lost in the scenario."""

    base_letters = forms.MultipleChoiceField(
        label="Luftles lost", widget=forms.CheckboxSelectMultiple
    )
    ran_away = forms.BooleanField(required=False, label="They ran away (not killed)")

    def __init__(self, *args, luftles, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["base_letters"].choices = [
            (luftle.base_letter, f"{LUFTLE_CASTES[luftle.caste].name} {luftle.base_letter}")
            for luftle in luftles
        ]


class SpendForm(Form):
    """A spending form posted from the wizard or from the spending page (``back``)."""

    # Several spending forms share a page: each keeps its own element ids.
    id_prefix = "spend"

    back = forms.ChoiceField(choices=BACK_CHOICES, required=False, widget=forms.HiddenInput)

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("auto_id", f"{self.id_prefix}_%s")
        super().__init__(*args, **kwargs)


# The spending forms are drawn from remembered markup (``campaigns.table.form_markup``): each
# names the choices its fresh markup shows (``markup_inputs``), worked out by the same
# function its ``__init__`` uses.


def _ability_choices(offers) -> tuple:
    """The abilities each Occulite may learn now, grouped by Occulite."""
    return tuple(
        (group.occulite.name, tuple((offer.value, offer.label) for offer in group.offers))
        for group in offers
        if group.offers
    )


def _offer_choices(offers) -> tuple:
    return tuple((offer.value, offer.label) for offer in offers)


def _defence_choices(offers) -> tuple:
    return tuple(
        (
            str(offer.occulite.pk),
            f"{offer.occulite.name}: Defence {offer.occulite.defence} of "
            f"{offer.occulite.defence_before_scenario}",
        )
        for offer in offers
    )


class AbilityBuyForm(SpendForm):
    """Buy a Learned Ability: the list offers what the rules allow now; anything else that
    is posted goes to the service, which refuses it with the rule's message."""

    id_prefix = "learn"
    purchase = forms.CharField(label="Ability to learn", widget=forms.Select)

    @staticmethod
    def markup_inputs(occulites=(), offers=()) -> tuple:
        return _ability_choices(offers)

    def __init__(self, *args, occulites, offers=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.occulites = {str(occulite.pk): occulite for occulite in occulites}
        self.fields["purchase"].widget.choices = _ability_choices(offers)

    def clean_purchase(self):
        occulite_pk, _, ability_key = self.cleaned_data["purchase"].partition(":")
        if occulite_pk not in self.occulites or ability_key not in ABILITIES:
            raise forms.ValidationError("Choose an Occulite and an ability from the list.")
        return self.occulites[occulite_pk], ability_key


class LuftleChiefAbilityForm(SpendForm):
    id_prefix = "teach"
    ability = forms.CharField(label="Ability for the Luftle Chief", widget=forms.Select)

    @staticmethod
    def markup_inputs(offers=()) -> tuple:
        return _offer_choices(offers)

    def __init__(self, *args, offers=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["ability"].widget.choices = _offer_choices(offers)

    def clean_ability(self):
        key = self.cleaned_data["ability"]
        if key not in ABILITIES:
            raise forms.ValidationError("Choose an ability from the list.")
        return key


class RecruitForm(SpendForm):
    id_prefix = "recruit"

    caste = forms.CharField(label="Caste", widget=forms.Select)
    base_letter = forms.CharField(
        max_length=4,
        label="Letter on its base",
        widget=forms.TextInput(attrs={"autocapitalize": "characters", "size": 4}),
    )
    free = forms.BooleanField(required=False, label="The free recruit (Scenario 9 winner)")

    @staticmethod
    def markup_inputs(offers=()) -> tuple:
        return _offer_choices(offers)

    def __init__(self, *args, offers=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["caste"].widget.choices = _offer_choices(offers)

    def clean_caste(self):
        key = self.cleaned_data["caste"]
        if key not in LUFTLE_CASTES:
            raise forms.ValidationError("Choose a caste from the list.")
        return key


class DefenceRegainForm(SpendForm):
    id_prefix = "defence"

    occulite = forms.CharField(label="Occulite", widget=forms.Select)
    points = BoundedIntegerField(label="Defence points", min_value=1, max_value=MAX_STAT, initial=1)

    @staticmethod
    def markup_inputs(occulites=(), offers=()) -> tuple:
        return _defence_choices(offers)

    def __init__(self, *args, occulites, offers=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.occulites = {str(occulite.pk): occulite for occulite in occulites}
        self.fields["occulite"].widget.choices = _defence_choices(offers)

    def clean_occulite(self):
        occulite = self.occulites.get(self.cleaned_data["occulite"])
        if occulite is None:
            raise forms.ValidationError("Choose an Occulite of this tribe.")
        return occulite
