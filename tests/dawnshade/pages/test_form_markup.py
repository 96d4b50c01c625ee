"""A fresh form drawn from its remembered markup (``form_markup.fresh_form``) draws as the
form itself did through every tag the templates use, typed text still escaped; a change of
what it shows draws it anew, and a form that names no inputs stays the real form."""

from types import SimpleNamespace

import pytest
from django.core.management import call_command
from django.template import Context, Template

from campaigns.dawnshade.battle import forms as battle_forms
from campaigns.dawnshade.battle.views import FORMS
from campaigns.dawnshade.characters.forms import CharacterAddForm
from campaigns.dawnshade.forms_common import seen_visit
from campaigns.dawnshade.mat.forms import BlessingForm
from campaigns.dawnshade.queries import kinship_view
from campaigns.dawnshade.queries_battle import battle_view
from campaigns.dawnshade.table_tools.queries import tools_view
from campaigns.dawnshade.table_tools.views import FORMS as TOOL_FORMS
from campaigns.dawnshade.turn.forms import CompleteForm
from campaigns.table.form_markup import FrozenForm, fresh_form
from campaigns.table.models import Campaign

# Every way the Dawnshade templates draw a form or its fields.
DRAWN = Template(
    "{% load table dawnshade %}{% form_errors form %}{% if form.errors %}refused{% endif %}"
    "{% for bound in form %}{{ bound.name }}|{% field bound %}|{% checkbox_field bound %}|"
    "{{ bound }}|{% endfor %}{% fields form.visible_fields %}{% fields form %}"
)


def _drawn(form) -> str:
    return DRAWN.render(Context({"form": form}))


def _by_name(form, name) -> str:
    return Template("{% load table %}{% field form." + name + " %}").render(Context({"form": form}))


def _drawn_as_the_real_form(form_class, prefix, **arguments):
    """The form ``fresh_form`` gives, after checking it draws as the real form does, whole
    and field by field."""
    drawn = fresh_form(form_class, prefix, **arguments)
    real = form_class(prefix=prefix, **arguments)
    assert _drawn(drawn) == _drawn(real), prefix
    for name in real.fields:
        assert _by_name(drawn, name) == _by_name(real, name), (prefix, name)
    return drawn


def _remembered(forms, view) -> int:
    """How many of a page's forms (prefix -> (class, initial)) come from remembered markup,
    each checked against the real form."""
    return sum(
        isinstance(
            _drawn_as_the_real_form(
                form_class, prefix, view=view, initial=initial(view) if initial else None
            ),
            FrozenForm,
        )
        for prefix, (form_class, initial) in forms.items()
    )


@pytest.mark.django_db
def test_battle_forms_from_their_markup_draw_as_the_forms_did():
    call_command("demo_data")
    view = battle_view(Campaign.objects.get(game="dawnshade"))
    remembered = _remembered(FORMS, view)
    assert remembered >= 8  # the turn, damage, target and panel forms


def test_typed_names_stay_escaped_in_the_remembered_markup():
    view = SimpleNamespace(target_choices=[("s1", 'Ash <b>"&"</b>'), ("foe:I", "Orc's <i>")])
    drawn = fresh_form(battle_forms.DamageForm, "damage", view=view)
    real = battle_forms.DamageForm(prefix="damage", view=view)
    assert isinstance(drawn, FrozenForm)
    assert _drawn(drawn) == _drawn(real)
    assert "Ash &lt;b&gt;&quot;&amp;&quot;&lt;/b&gt;" in _drawn(drawn)


def test_a_changed_choice_or_initial_value_draws_the_form_anew():
    before = SimpleNamespace(target_choices=[("s1", "Ash")])
    after = SimpleNamespace(target_choices=[("s1", "Ash"), ("foe:I", "Orc (I)")])
    damage = battle_forms.DamageForm
    assert "Orc (I)" not in _drawn(fresh_form(damage, "damage", view=before))
    assert "Orc (I)" in _drawn(fresh_form(damage, "damage", view=after))
    turn = battle_forms.EndTurnForm
    fifth = fresh_form(turn, "turn", initial={"turn_number": 5, "turn_key": "ally:s2"})
    sixth = fresh_form(turn, "turn", initial={"turn_number": 6, "turn_key": "foe:I"})
    assert 'value="5"' in str(fifth["turn_number"])
    assert 'value="6"' in str(sixth["turn_number"])
    assert 'value="foe:I"' in str(sixth["turn_key"])


def test_a_form_that_names_no_inputs_is_the_real_form():
    # FinishForm inherits SeenTurnForm's inputs but adds a field per character: it must name
    # its own, so it stays the real form.
    view = SimpleNamespace(characters=[SimpleNamespace(pk=1, name="Ash")], battle=None)
    form = fresh_form(battle_forms.FinishForm, "finish", view=view)
    assert isinstance(form, battle_forms.FinishForm)
    assert "tawny_1" in form.fields


@pytest.mark.django_db
def test_page_forms_from_their_markup_draw_as_the_forms_did():
    call_command("demo_data")
    view = kinship_view(Campaign.objects.get(game="dawnshade"))
    assert view.visit is not None
    seen = seen_visit(view)
    for form_class, prefix, arguments in [
        (CharacterAddForm, "add", {}),
        (BlessingForm, "blessing", {}),
        (CompleteForm, "complete", {"view": view, "initial": seen}),
    ]:
        assert isinstance(_drawn_as_the_real_form(form_class, prefix, **arguments), FrozenForm)


def test_the_complete_form_is_drawn_anew_for_another_tile():
    def visiting(tile_type):
        return SimpleNamespace(visit=SimpleNamespace(tile=SimpleNamespace(tile_type=tile_type)))

    battle = _drawn(fresh_form(CompleteForm, "complete", view=visiting("battle")))
    outpost = _drawn(fresh_form(CompleteForm, "complete", view=visiting("outpost")))
    assert battle == _drawn(CompleteForm(prefix="complete", view=visiting("battle")))
    assert outpost == _drawn(CompleteForm(prefix="complete", view=visiting("outpost")))


@pytest.mark.django_db
def test_tool_forms_from_their_markup_draw_as_the_forms_did():
    call_command("demo_data")
    view = tools_view(Campaign.objects.get(game="dawnshade"))
    remembered = _remembered(TOOL_FORMS, view)
    assert remembered == 5  # the five forms that carry only the step seen
