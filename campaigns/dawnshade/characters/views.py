"""The Characters pages: the Kinship's characters and a character joining, and one page each
with stats, Skill Dice, items, Tawny as Aurelian/Glint/Tawny, Cogbots, väki and conditions."""

from functools import partial

from django.http import Http404
from django.views.decorators.http import require_GET, require_POST

from campaigns.dawnshade import services
from campaigns.dawnshade.models import Item
from campaigns.table.access import campaign_view
from campaigns.table.form_markup import fresh_form
from campaigns.table.htmx import render_page
from campaigns.table.ownership import member_may_change
from campaigns.table.panels import opened_panels

from ..pages import (
    REGION,
    page_context,
    pick,
    render_with_panels,
    run_action,
)
from .forms import (
    CharacterAddForm,
    ConditionForm,
    ItemActionForm,
    ItemTakeForm,
    StartingStatsForm,
    StatAdjustForm,
    TawnyChangeForm,
)

LIST_TEMPLATE = "dawnshade/characters.html"
TEMPLATE = "dawnshade/character.html"
# The character page's panels closed by default (drawn when opened: ``campaigns.table.panels``)
# -> their forms.
PANELS = {
    "take": ("take",),
    "tawny": ("tawny",),
    "condition": ("condition",),
    "adjust": ("adjust",),
    "stats": ("stats",),
}


def build_list(membership, *, forms=None, conflict=""):
    context = page_context(membership, "characters", forms=forms, conflict=conflict)
    context["add_form"] = pick(context, "add", lambda: fresh_form(CharacterAddForm, "add"))
    return context


def build_character(membership, *, character_id: int, forms=None, conflict="", opened=()):
    context = page_context(
        membership,
        "characters",
        forms=forms,
        conflict=conflict,
        panels=PANELS,
        opened=opened,
    )
    view = context["kinship"]
    sheet = next((c for c in view.characters if c.pk == character_id), None) if view else None
    if sheet is None:
        raise Http404("No such character in this Kinship")
    character = sheet.character
    context["sheet"] = sheet
    # The character's controls: write access, and the owner's "players change only what is theirs".
    context["may_change_character"] = member_may_change(
        membership, belongs_to_id=character.player_id
    )
    context["stats_form"] = pick(
        context,
        "stats",
        lambda: StartingStatsForm(
            prefix="stats", initial={f"start_{k}": v for k, v in character.starting_stats().items()}
        ),
    )
    context["take_form"] = pick(context, "take", lambda: ItemTakeForm(prefix="take"))
    context["tawny_form"] = pick(context, "tawny", lambda: TawnyChangeForm(prefix="tawny"))
    context["condition_form"] = pick(
        context, "condition", lambda: ConditionForm(prefix="condition")
    )
    context["adjust_form"] = pick(context, "adjust", lambda: StatAdjustForm(prefix="adjust"))
    return context


@campaign_view(game="dawnshade")
@require_GET
def characters(request, membership):
    return render_page(request, LIST_TEMPLATE, build_list(membership), partial=REGION)


@campaign_view(game="dawnshade")
@require_POST
def character_add(request, membership):
    form = CharacterAddForm(request.POST, prefix="add")
    return run_action(
        request,
        membership,
        form,
        lambda data: services.character_add(
            campaign=membership.campaign,
            actor=request.user,
            name=data["name"],
            stats=form.stats(),
            player=request.user if data["played_by_me"] else None,
        ),
        template=LIST_TEMPLATE,
        build=build_list,
        url_name="dawnshade:characters",
    )


@campaign_view(game="dawnshade")
@require_GET
def character(request, membership, character_id: int):
    context = build_character(membership, character_id=character_id, opened=opened_panels(request))
    return render_with_panels(
        request, TEMPLATE, context, PANELS, may=context["may_change_character"]
    )


def _act(request, membership, character_id, form, call):
    build_character(membership, character_id=character_id)  # 404 for another Kinship's id
    return run_action(
        request,
        membership,
        form,
        call,
        template=TEMPLATE,
        build=partial(build_character, character_id=character_id),
        url_name="dawnshade:character",
        url_args=(character_id,),
    )


@campaign_view(game="dawnshade")
@require_POST
def starting_stats(request, membership, character_id: int):
    form = StartingStatsForm(request.POST, prefix="stats")
    return _act(
        request,
        membership,
        character_id,
        form,
        lambda data: services.character_set_starting_stats(
            campaign=membership.campaign,
            actor=request.user,
            character=character_id,
            stats=form.stats(),
        ),
    )


@campaign_view(game="dawnshade")
@require_POST
def item_take(request, membership, character_id: int):
    form = ItemTakeForm(request.POST, prefix="take")
    return _act(
        request,
        membership,
        character_id,
        form,
        lambda data: services.item_take(
            campaign=membership.campaign, actor=request.user, character=character_id, **data
        ),
    )


def _item_character(membership, item_id: int) -> int:
    character_id = (
        Item.objects.filter(pk=item_id, character__kinship__campaign=membership.campaign)
        .values_list("character_id", flat=True)
        .first()
    )
    if character_id is None:
        raise Http404("No such item in this Kinship")
    return character_id


@campaign_view(game="dawnshade")
@require_POST
def item_drop(request, membership, item_id: int):
    character_id = _item_character(membership, item_id)
    return _act(
        request,
        membership,
        character_id,
        ItemActionForm(request.POST, prefix="item"),
        lambda data: services.item_drop(
            campaign=membership.campaign, actor=request.user, item=item_id
        ),
    )


@campaign_view(game="dawnshade")
@require_POST
def item_use(request, membership, item_id: int):
    character_id = _item_character(membership, item_id)
    return _act(
        request,
        membership,
        character_id,
        ItemActionForm(request.POST, prefix="item"),
        lambda data: services.item_use(
            campaign=membership.campaign, actor=request.user, item=item_id
        ),
    )


@campaign_view(game="dawnshade")
@require_POST
def tawny_change(request, membership, character_id: int):
    form = TawnyChangeForm(request.POST, prefix="tawny")
    return _act(
        request,
        membership,
        character_id,
        form,
        lambda data: services.character_tawny_change(
            campaign=membership.campaign, actor=request.user, character=character_id, **data
        ),
    )


@campaign_view(game="dawnshade")
@require_POST
def condition_add(request, membership, character_id: int):
    form = ConditionForm(request.POST, prefix="condition")
    return _act(
        request,
        membership,
        character_id,
        form,
        lambda data: services.character_condition_add(
            campaign=membership.campaign, actor=request.user, character=character_id, **data
        ),
    )


@campaign_view(game="dawnshade")
@require_POST
def condition_remove(request, membership, character_id: int):
    form = ConditionForm(request.POST, prefix="condition")
    return _act(
        request,
        membership,
        character_id,
        form,
        lambda data: services.character_condition_remove(
            campaign=membership.campaign,
            actor=request.user,
            character=character_id,
            condition=data["condition"],
        ),
    )


@campaign_view(game="dawnshade")
@require_POST
def stat_adjust(request, membership, character_id: int):
    form = StatAdjustForm(request.POST, prefix="adjust")
    return _act(
        request,
        membership,
        character_id,
        form,
        lambda data: services.character_stat_adjust(
            campaign=membership.campaign, actor=request.user, character=character_id, **data
        ),
    )
