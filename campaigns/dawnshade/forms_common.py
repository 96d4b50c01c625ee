"""Form pieces the Dawnshade pages share: choosing one of the Kinship's characters, the
quest-log line the player saw, and catalogue choices."""

from django import forms

from campaigns.dawnshade.catalog.vaki import ELEMENTS, TIER_I, TIER_II
from campaigns.table.fields import SharedChoices, id_field
from campaigns.table.form_base import Form

BLANK = ("", "—")
TIER_I_CHOICES = SharedChoices((key, ELEMENTS[key].name) for key in TIER_I)
TIER_II_CHOICES = SharedChoices((key, ELEMENTS[key].name) for key in TIER_II)
ELEMENT_CHOICES = SharedChoices((key, element.name) for key, element in ELEMENTS.items())
BLANK_TIER_I_CHOICES = SharedChoices([BLANK, *TIER_I_CHOICES])
TIER_CHOICES = SharedChoices([(1, "Tier I"), (2, "Tier II"), (3, "Tier III")])  # an item's


def character_choices(view) -> SharedChoices:
    """The Kinship's characters as choices (normalized here once, not for field and widget)."""
    return SharedChoices((c.pk, c.name) for c in view.characters) if view else SharedChoices(())


class CharacterField(forms.TypedChoiceField):
    def __init__(self, *args, **kwargs):
        kwargs.setdefault("coerce", int)
        super().__init__(*args, **kwargs)


class KinshipForm(Form):
    """A form that knows the Kinship (for its character choices)."""

    def __init__(self, *args, view=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.view = view
        for field in self.fields.values():
            if isinstance(field, CharacterField):
                field.choices = character_choices(view)

    def _characters(self):
        """The Kinship's characters; none before it is set up (a form posted then, from an
        old tab, is refused by its service rather than failing here)."""
        return self.view.characters if self.view else ()


class SeenVisitForm(KinshipForm):
    """Carries the quest-log line the player was looking at, so a stale tap is a 409."""

    visit_id = id_field(required=False, widget=forms.HiddenInput)


def seen_visit(view) -> dict:
    visit = view.visit if view else None
    return {"visit_id": visit.pk if visit else None}
