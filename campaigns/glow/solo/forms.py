"""Forms of the solo game against Tom."""

from django import forms

from campaigns.glow.catalog.sets import SETS
from campaigns.glow.catalog.solo import SOLO_SETS
from campaigns.table.fields import COUNT_MAX, BoundedIntegerField, SharedChoices
from campaigns.table.form_base import Form

from .. import forms_common
from ..forms_common import board_field, date_field


def _colour_key(text: str) -> str:
    return "_".join(text.strip().lower().replace("-", " ").split())


def _solo_inputs(members=(), adventurers=(), auto_id=None) -> tuple:
    """What a fresh solo form shows (``form_markup``): the group's members and adventurers,
    and today's date as the date played."""
    return (forms_common.today(), tuple(members), tuple(adventurers), auto_id)


class SoloForm(Form):
    """A new solo game: who plays which adventurer, and Tom's two large dice."""

    markup_inputs = staticmethod(_solo_inputs)

    tom_colour = forms.ChoiceField(
        label="Tom's colour (his score and band tokens)",
        choices=SharedChoices([("1", "The first die's colour"), ("2", "The second die's colour")]),
    )

    def __init__(self, *args, members=(), adventurers=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["played_on"] = date_field()
        self.fields["journey_board"] = board_field()
        self.fields["member"] = forms.ChoiceField(
            label="Player",
            choices=SharedChoices(
                [("", "— a guest —"), *[(str(pk), name) for pk, name in members]]
            ),
            required=False,
        )
        self.fields["guest"] = forms.CharField(
            label="or guest's name", required=False, max_length=40
        )
        self.fields["adventurer"] = forms.ChoiceField(
            label="Your adventurer", choices=SharedChoices(adventurers)
        )
        self.fields["anibloom"] = forms.BooleanField(
            label=f"Add the {SETS[SOLO_SETS[0]].name} set (the only one allowed solo)",
            required=False,
        )
        self.fields["tom_die_1"] = forms.CharField(
            label="Tom's first large die: colour",
            max_length=20,
            help_text="From a core adventurer nobody plays; never yellow with purple.",
        )
        self.fields["tom_die_2"] = forms.CharField(
            label="Tom's second large die: colour", max_length=20
        )
        self.order_fields(
            [
                "played_on",
                "journey_board",
                "member",
                "guest",
                "adventurer",
                "anibloom",
                "tom_die_1",
                "tom_die_2",
                "tom_colour",
            ]
        )

    def clean(self):
        cleaned = super().clean()
        if cleaned.get("member") and (cleaned.get("guest") or "").strip():
            self.add_error("guest", "The player is a member or a guest, not both.")
        if not cleaned.get("member") and not (cleaned.get("guest") or "").strip():
            self.add_error("member", "Choose the player, or type a guest's name.")
        dice = [_colour_key(cleaned.get(name) or "") for name in ("tom_die_1", "tom_die_2")]
        cleaned["dice_colours"] = dice
        cleaned["colour"] = dice[int(cleaned.get("tom_colour") or "1") - 1]
        return cleaned


class TomTakeForm(Form):
    """The section the player took; the score-track number when the app asks for it;
    which boat and path when the choice is the player's."""

    section = BoundedIntegerField(
        min_value=-COUNT_MAX, max_value=COUNT_MAX, label="Section you took"
    )
    track_bonus = BoundedIntegerField(
        min_value=-COUNT_MAX,
        max_value=COUNT_MAX,
        label="Number printed beside that space (0 if none)",
        required=False,
    )
    boat_from = forms.CharField(label="Move Tom's boat from island", required=False, max_length=40)
    boat_to = forms.CharField(label="to island", required=False, max_length=40)


class TomSpecialForm(Form):
    effect = forms.ChoiceField(choices=[("score", "+3 score"), ("footprints", "2 footprints")])


class TomEveningForm(Form):
    roll_final_evening = forms.BooleanField(required=False)
