"""The Outposts page: what this game's upgrade level allows at each Outpost, and the
activities of the Outpost the Kinship is visiting (Guild Hall, Mercantile, Foundry,
Boomshot Gallery)."""

from django.views.decorators.http import require_GET, require_POST

from campaigns.dawnshade import services
from campaigns.dawnshade.catalog.outposts import outpost_upgrade
from campaigns.dawnshade.catalog.quest_deck import OUTPOST_TYPES
from campaigns.dawnshade.queries import kinship_view
from campaigns.table.access import campaign_view
from campaigns.table.htmx import render_page

from ..forms_common import SeenVisitForm, seen_visit
from ..pages import REGION, page_context, pick, run_action
from .forms import BoomshotForm, FoundryBuyForm, GuildHallForm, ItemBuyForm, TransmuteForm

TEMPLATE = "dawnshade/outposts.html"


def build(membership, *, forms=None, conflict=""):
    context = page_context(membership, "outposts", forms=forms, conflict=conflict)
    view = context["kinship"]
    if view is not None:
        seen = seen_visit(view)
        level = view.outpost_level
        context["upgrades"] = (
            [(OUTPOST_TYPES[key], outpost_upgrade(key, level)) for key in OUTPOST_TYPES]
            if level
            else []
        )
        context["guild_form"] = pick(
            context, "guild", lambda: GuildHallForm(prefix="guild", view=view, initial=seen)
        )
        context["buy_form"] = pick(
            context, "buy", lambda: ItemBuyForm(prefix="buy", view=view, initial=seen)
        )
        context["sell_form"] = pick(
            context, "sell", lambda: SeenVisitForm(prefix="sell", view=view, initial=seen)
        )
        context["transmute_form"] = pick(
            context, "transmute", lambda: TransmuteForm(prefix="transmute", view=view, initial=seen)
        )
        context["cogbot_form"] = pick(
            context, "cogbot", lambda: FoundryBuyForm(prefix="cogbot", view=view, initial=seen)
        )
        context["cogbehemoth_form"] = pick(
            context,
            "cogbehemoth",
            lambda: FoundryBuyForm(prefix="cogbehemoth", view=view, initial=seen),
        )
        context["boomshot_form"] = pick(
            context, "boomshot", lambda: BoomshotForm(prefix="boomshot", view=view, initial=seen)
        )
        visit = view.visit
        context["here"] = visit.outpost if visit is not None and not visit.outcome else ""
    return context


def _act(request, membership, form, call):
    return run_action(
        request,
        membership,
        form,
        call,
        template=TEMPLATE,
        build=build,
        url_name="dawnshade:outposts",
    )


@campaign_view(game="dawnshade")
@require_GET
def outposts(request, membership):
    return render_page(request, TEMPLATE, build(membership), partial=REGION)


@campaign_view(game="dawnshade")
@require_POST
def guild_hall(request, membership):
    form = GuildHallForm(request.POST, prefix="guild", view=kinship_view(membership.campaign))
    return _act(
        request,
        membership,
        form,
        lambda data: services.guild_hall_train(
            campaign=membership.campaign,
            actor=request.user,
            spends=form.spends(services.training_spends),
            visit_id=data["visit_id"],
        ),
    )


@campaign_view(game="dawnshade")
@require_POST
def item_buy(request, membership):
    form = ItemBuyForm(request.POST, prefix="buy", view=kinship_view(membership.campaign))
    return _act(
        request,
        membership,
        form,
        lambda data: services.item_buy(campaign=membership.campaign, actor=request.user, **data),
    )


@campaign_view(game="dawnshade")
@require_POST
def item_sell(request, membership, item_id: int):
    form = SeenVisitForm(request.POST, prefix="sell")
    return _act(
        request,
        membership,
        form,
        lambda data: services.item_sell(
            campaign=membership.campaign,
            actor=request.user,
            item=item_id,
            visit_id=data["visit_id"],
        ),
    )


@campaign_view(game="dawnshade")
@require_POST
def transmute(request, membership):
    form = TransmuteForm(request.POST, prefix="transmute", view=kinship_view(membership.campaign))
    return _act(
        request,
        membership,
        form,
        lambda data: services.foundry_transmute(
            campaign=membership.campaign, actor=request.user, **data
        ),
    )


@campaign_view(game="dawnshade")
@require_POST
def cogbot_fighter(request, membership):
    form = FoundryBuyForm(request.POST, prefix="cogbot", view=kinship_view(membership.campaign))
    return _act(
        request,
        membership,
        form,
        lambda data: services.foundry_buy_cogbot_fighter(
            campaign=membership.campaign, actor=request.user, **data
        ),
    )


@campaign_view(game="dawnshade")
@require_POST
def cogbehemoth(request, membership):
    form = FoundryBuyForm(
        request.POST, prefix="cogbehemoth", view=kinship_view(membership.campaign)
    )
    return _act(
        request,
        membership,
        form,
        lambda data: services.foundry_buy_cogbehemoth(
            campaign=membership.campaign, actor=request.user, **data
        ),
    )


@campaign_view(game="dawnshade")
@require_POST
def boomshot(request, membership):
    form = BoomshotForm(request.POST, prefix="boomshot", view=kinship_view(membership.campaign))
    return _act(
        request,
        membership,
        form,
        lambda data: services.boomshot_play(
            campaign=membership.campaign, actor=request.user, **data
        ),
    )
