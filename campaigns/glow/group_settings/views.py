"""The group settings page: what the group enters once (score-track bonuses, journey
board values, Tom's tile faces, special butterfly tokens, its adventurers, the BGG id)."""

from django.http import Http404
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST

from campaigns.glow import services
from campaigns.glow.catalog.butterflies import SPECIAL_KINDS
from campaigns.glow.queries import group_settings
from campaigns.table.access import campaign_view
from campaigns.table.htmx import campaign_context, form_action
from campaigns.table.ledger import last_undoable_entry
from campaigns.table.panels import opened_panels, render_with_panels
from campaigns.table.url_cache import cached_reverse

from .forms import (
    AdventurersForm,
    ArchipelagoForm,
    BggForm,
    SpecialCountsForm,
    TileFacesForm,
    TrackBonusForm,
    VillagesForm,
)

SETTINGS_TEMPLATE = "glow/settings.html"


def _villages_text(settings) -> str:
    return "\n".join(f"{s} {f}" for s, f in (settings.villages or {}).get("villages", []))


def _archipelago_text(settings) -> tuple[str, str]:
    stored = settings.archipelago or {"islands": [], "paths": []}
    islands = "\n".join(f"{key} {shards}" for key, shards in stored["islands"])
    paths = "\n".join(
        f"{a} {b} {value}" + (" forbidden" if forbidden else "")
        for a, b, value, _label, forbidden in stored["paths"]
    )
    return islands, paths


def _form(part: str, settings):
    """The part's form filled with what the group entered."""
    if part == "track":
        return TrackBonusForm(auto_id="id_track_%s")
    if part == "villages":
        return VillagesForm(initial={"villages": _villages_text(settings)}, auto_id="id_v_%s")
    if part == "archipelago":
        islands, paths = _archipelago_text(settings)
        return ArchipelagoForm(initial={"islands": islands, "paths": paths}, auto_id="id_a_%s")
    if part == "tiles":
        return TileFacesForm(faces=settings.tile_faces, auto_id="id_t_%s")
    if part == "specials":
        return SpecialCountsForm(counts=settings.special_counts, auto_id="id_s_%s")
    if part == "adventurers":
        return AdventurersForm(
            initial={"names": "\n".join(settings.adventurer_names)}, auto_id="id_adv_%s"
        )
    return BggForm(initial={"bgg_id": settings.bgg_id}, auto_id="id_bgg_%s")


def _page(request, membership, bound=None):
    """The page: each part's value, and its form in a closed panel (campaigns.table.panels),
    drawn open when the request opens it or holds its refused form. A group enters these
    once: drawing the seven forms cost most of the page."""
    settings = group_settings(membership.campaign)
    bound = bound or {}
    asked = request.GET.get("panel") if request.htmx else None
    opened = set(opened_panels(request)) | set(bound) | {asked}
    drawn = {part: part in opened for part in PARTS} if membership.can_write else {}
    islands, paths = _archipelago_text(settings)
    counts = settings.special_counts or {}
    context = campaign_context(
        membership,
        "settings",
        settings=settings,
        panels=drawn,
        forms={
            part: bound.get(part) or _form(part, settings) for part, shown in drawn.items() if shown
        },
        # Written out here: as template loops over pairs these cost more than the page's
        # forms (each ``face.0`` lookup tries a dictionary and an attribute first).
        tiles=" ".join(f"{arrows}{side}" for arrows, side in settings.tile_faces or ()),
        bonuses=[
            f"space {space}: +{bonus}"
            for space, bonus in sorted(
                (int(space), bonus) for space, bonus in settings.score_track_bonuses.items()
            )
        ],
        villages=_villages_text(settings),
        islands=islands,
        paths=paths,
        special_counts=[f"{kind.name}: {counts[key]}" for key, kind in SPECIAL_KINDS.items()]
        if counts
        else [],
        undo_entry=last_undoable_entry(membership.campaign, membership),
        next=cached_reverse("glow:settings", (membership.campaign_id,)),
    )
    return render_with_panels(
        request,
        SETTINGS_TEMPLATE,
        context,
        dict.fromkeys(PARTS, ()),
        region=None,
    )


@campaign_view(game="glow")
@require_GET
def settings_page(request, membership):
    return _page(request, membership)


def _bound(part: str, data, settings):
    if part == "tiles":
        return TileFacesForm(data, auto_id="id_t_%s")
    if part == "specials":
        return SpecialCountsForm(data, auto_id="id_s_%s")
    form_class, prefix = {
        "track": (TrackBonusForm, "id_track_%s"),
        "villages": (VillagesForm, "id_v_%s"),
        "archipelago": (ArchipelagoForm, "id_a_%s"),
        "adventurers": (AdventurersForm, "id_adv_%s"),
        "bgg": (BggForm, "id_bgg_%s"),
    }[part]
    return form_class(data, auto_id=prefix)


# part -> (service call, the form field a rules refusal belongs beside)
def _calls(campaign, actor, form):
    return {
        "track": (
            lambda d: services.settings_track_bonus_set(
                campaign=campaign, actor=actor, space=d["space"], bonus=d["bonus"]
            ),
            "bonus",
        ),
        "villages": (
            lambda d: services.settings_villages_set(
                campaign=campaign, actor=actor, villages=d["villages"]
            ),
            "villages",
        ),
        "archipelago": (
            lambda d: services.settings_archipelago_set(
                campaign=campaign, actor=actor, archipelago=d["archipelago"]
            ),
            "paths",
        ),
        "tiles": (
            lambda d: services.settings_tile_faces_set(
                campaign=campaign, actor=actor, faces=form.faces()
            ),
            "tile1_arrows",
        ),
        "specials": (
            lambda d: services.settings_special_counts_set(
                campaign=campaign, actor=actor, counts=form.counts()
            ),
            None,
        ),
        "adventurers": (
            lambda d: services.settings_adventurers_set(
                campaign=campaign, actor=actor, names=d["names"]
            ),
            "names",
        ),
        "bgg": (
            lambda d: services.settings_bgg_id_set(
                campaign=campaign, actor=actor, bgg_id=d["bgg_id"]
            ),
            "bgg_id",
        ),
    }


PARTS = ("track", "villages", "archipelago", "tiles", "specials", "adventurers", "bgg")


@campaign_view(game="glow")
@require_POST
def settings_save(request, membership, part: str):
    if part not in PARTS:
        raise Http404("No such setting")
    form = _bound(part, request.POST, group_settings(membership.campaign))
    call, field = _calls(membership.campaign, request.user, form)[part]
    url = reverse("glow:settings", args=[membership.campaign_id]) + f"#settings-{part}"
    return form_action(
        request,
        form,
        call,
        success_url=url,
        render_fragment=lambda outcome: _page(request, membership, {part: form}),
        field=field,
    )
