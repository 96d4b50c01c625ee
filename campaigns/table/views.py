"""Pages of the shared table: home, campaign, members and invites, history, dice, live refresh.

Each view parses with a form, calls one service, and renders the page or, for htmx, the
partial of the same template.
"""

import json

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.db.models import Count
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.http import urlencode
from django.utils.text import slugify
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_htmx.http import retarget

from . import live_poll, services
from .access import (
    MEMBERSHIP_FIELDS,
    MEMBERSHIP_WITH_CAMPAIGN_COLUMNS,
    campaign_view,
    memberships_with_campaigns,
    show_committed_version,
)
from .backup import campaign_export, campaign_import
from .compiled_sql import CompiledQuery, with_users
from .errors import Conflict, ValidationError
from .forms import (
    CampaignCreateForm,
    CampaignDeleteForm,
    CampaignImportForm,
    CampaignRenameForm,
    DiceForm,
    EditPolicyForm,
    HistoryFilterForm,
    RoleForm,
)
from .games import games
from .history import campaign_history, subjects_with_history
from .htmx import add_service_errors, campaign_context, redirect_next, render_page
from .ledger import last_undoable_entry, ledger_undo
from .models import Campaign, DrawLogEntry, EditPolicy, Membership
from .poll_ticket import issue as issue_poll_ticket
from .rule_errors import RuleViolation

DRAW_LOG_LENGTH = 12


@login_required
@require_GET
def home(request):
    return render(
        request,
        "table/home.html",
        {
            "memberships": _memberships_of(request.user),
            "create_form": CampaignCreateForm(),
            "games": games(),
        },
    )


# Home lists the member's campaigns, most recently active first: its SQL built once.
_MEMBERSHIPS_OF = CompiledQuery(
    lambda user_id: (
        Membership.objects.filter(user_id=user_id)
        .order_by("-campaign__last_activity_at", "-campaign_id")
        .values_list(*MEMBERSHIP_WITH_CAMPAIGN_COLUMNS)
    )
)


def _memberships_of(user) -> list[Membership]:
    """The user's memberships, each with its campaign, most recently active first."""
    return memberships_with_campaigns(_MEMBERSHIPS_OF.rows(user_id=user.pk))


@login_required
@require_POST
def campaign_create(request):
    form = CampaignCreateForm(request.POST)
    if form.is_valid():
        try:
            campaign = services.campaign_create(owner=request.user, **form.cleaned_data)
        except ValidationError as error:
            add_service_errors(form, error)
        else:
            return redirect("campaign", campaign_id=campaign.pk)
    return render(
        request,
        "table/home.html",
        {"memberships": _memberships_of(request.user), "create_form": form, "games": games()},
        status=422,
    )


def _draw_log_context(membership: Membership) -> dict:
    """What the draw log partial needs, and nothing else: the newest rolls (bounded)."""
    draws = _NEWEST_DRAWS.rows(campaign_id=membership.campaign_id)
    return {**campaign_context(membership, "table"), "draws": draws}


# The log's rows as it shows them (not the raw results), its SQL built once: every roll
# answers with them and every phone on the table page reloads them after each roll.
_NEWEST_DRAWS = CompiledQuery(
    lambda campaign_id: DrawLogEntry.objects.filter(campaign_id=campaign_id).values_list(
        "created_at", "label", "summary", f"actor__{get_user_model().USERNAME_FIELD}"
    )[:DRAW_LOG_LENGTH]
)


def _header_context(membership: Membership, **extra) -> dict:
    """What the live header needs: the name, the member count and the rename form."""
    campaign = membership.campaign
    return {
        **campaign_context(membership, "table"),
        "rename_form": CampaignRenameForm(
            initial={"name": campaign.name, "expected_name": campaign.name}
        ),
        "member_count": _MEMBER_COUNT.rows(campaign_id=campaign.pk)[0][0],
        **extra,
    }


# Every phone on the table page reloads the header after each change: its SQL built once.
_MEMBER_COUNT = CompiledQuery(
    lambda campaign_id: Campaign.objects.filter(pk=campaign_id).values_list(Count("memberships"))
)


def _campaign_context(membership: Membership, **extra) -> dict:
    return {
        **_draw_log_context(membership),
        **_header_context(membership),
        "dice_form": DiceForm(),
        **extra,
    }


@campaign_view
@require_GET
def campaign_detail(request, membership):
    return render(request, "table/campaign_detail.html", _campaign_context(membership))


@campaign_view
@require_GET
def campaign_header(request, membership):
    """The live-refreshed header (name and rename form)."""
    return render(request, "table/campaign_detail.html#header", _header_context(membership))


@campaign_view
@require_POST
def campaign_rename(request, membership):
    form = CampaignRenameForm(request.POST)
    status = 422
    if form.is_valid():
        try:
            services.campaign_rename(
                campaign=membership.campaign,
                actor=request.user,
                name=form.cleaned_data["name"],
                expected_name=form.cleaned_data["expected_name"],
            )
        except ValidationError as error:
            add_service_errors(form, error)
        except Conflict as conflict:
            membership.campaign.refresh_from_db()
            form = CampaignRenameForm(
                {"name": form.cleaned_data["name"], "expected_name": membership.campaign.name}
            )
            form.is_valid()
            form.add_error(None, f"{conflict} Check it, then save again if you still want yours.")
            status = 409
        else:
            if not request.htmx:
                messages.success(request, "Campaign renamed.")
                return redirect("campaign", campaign_id=membership.campaign_id)
            membership.campaign.refresh_from_db()
            return render(request, "table/campaign_detail.html#header", _header_context(membership))
    context = _campaign_context(membership, rename_form=form, rename_open=True)
    return render_page(
        request, "table/campaign_detail.html", context, partial="header", status=status
    )


@campaign_view
@require_GET
def campaign_version(request, membership):
    """Cheap live-refresh check: 204 while the version the page shows is current. A poller
    carrying its ticket is answered before it gets here (middleware.TicketedPollMiddleware);
    this is the check after the session's, with the same answers."""
    campaign = membership.campaign
    if request.GET.get("v") == str(campaign.version):
        return HttpResponse(status=204)
    change = live_poll.newest_change(campaign.pk, request.GET.get("t", ""), request.user.pk)
    ticket = issue_poll_ticket(request.user, campaign.pk, request.session.session_key)
    return live_poll.changed_answer(campaign.pk, campaign.version, change, ticket)


@campaign_view
@require_GET
def draw_log(request, membership):
    return render(request, "table/campaign_detail.html#draw_log", _draw_log_context(membership))


@campaign_view
@require_POST
def dice_roll(request, membership):
    form = DiceForm(request.POST)
    if form.is_valid():
        services.dice_roll(campaign=membership.campaign, actor=request.user, **form.cleaned_data)
        if not request.htmx:
            return redirect(reverse("campaign", args=[membership.campaign_id]) + "#draw-log")
        show_committed_version(membership.campaign)
        return render(request, "table/campaign_detail.html#draw_log", _draw_log_context(membership))
    context = _campaign_context(membership, dice_form=form)
    if request.htmx:
        response = render(request, "table/campaign_detail.html#dice_form", context, status=422)
        return retarget(response, "#dice-form")
    return render(request, "table/campaign_detail.html", context, status=422)


def _members_context(membership: Membership, request) -> dict:
    campaign = membership.campaign
    invite_url = (
        request.build_absolute_uri(reverse("join", args=[campaign.invite_token]))
        if campaign.invite_token
        else ""
    )
    return {
        **campaign_context(membership, "members"),
        "members": with_users(
            Membership, MEMBERSHIP_FIELDS, _MEMBERS.rows(campaign_id=campaign.pk), "user"
        ),
        "invite_url": invite_url if membership.is_owner else "",
        "role_form": RoleForm(),
        "delete_form": CampaignDeleteForm(),
        "policy_form": EditPolicyForm(initial={"edit_policy": campaign.edit_policy}),
    }


# The members page lists each member with their name: its SQL built once.
_MEMBERS = CompiledQuery(
    lambda campaign_id: (
        Membership.objects.filter(campaign_id=campaign_id)
        .order_by("joined_at", "id")
        .values_list(*MEMBERSHIP_FIELDS, f"user__{get_user_model().USERNAME_FIELD}")
    )
)


@campaign_view
@require_GET
def members(request, membership):
    return render(request, "table/members.html", _members_context(membership, request))


@campaign_view(owner_only_writes=True)
@require_POST
def member_role(request, membership, member_id: int):
    form = RoleForm(request.POST)
    status = 200
    if form.is_valid():
        try:
            services.membership_change_role(
                campaign=membership.campaign,
                actor=request.user,
                membership_id=member_id,
                role=form.cleaned_data["role"],
            )
        except ValidationError as error:
            messages.error(request, " ".join(error.messages))
            status = 422
    else:
        messages.error(request, "Choose owner, player or viewer.")
        status = 422
    if not request.htmx:
        return redirect("members", campaign_id=membership.campaign_id)
    membership.refresh_from_db()
    context = _members_context(membership, request)
    return render(request, "table/members.html#member_list", context, status=status)


@campaign_view(owner_only_writes=True)
@require_POST
def member_remove(request, membership, member_id: int):
    try:
        services.membership_remove(
            campaign=membership.campaign, actor=request.user, membership_id=member_id
        )
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
    return redirect("members", campaign_id=membership.campaign_id)


@campaign_view(owner_only_writes=True)
@require_POST
def edit_policy(request, membership):
    form = EditPolicyForm(request.POST)
    if form.is_valid():
        services.campaign_set_edit_policy(
            campaign=membership.campaign,
            actor=request.user,
            edit_policy=form.cleaned_data["edit_policy"],
        )
        messages.success(request, "Saved who may change what.")
        return redirect("members", campaign_id=membership.campaign_id)
    context = {**_members_context(membership, request), "policy_form": form}
    return render(request, "table/members.html", context, status=422)


@campaign_view(owner_only_writes=True)
@require_POST
def campaign_delete(request, membership):
    form = CampaignDeleteForm(request.POST)
    if form.is_valid():
        try:
            services.campaign_delete(
                campaign=membership.campaign,
                actor=request.user,
                confirm_name=form.cleaned_data["confirm_name"],
            )
        except ValidationError as error:
            add_service_errors(form, error)
        else:
            messages.success(request, "The campaign was deleted.")
            return redirect("home")
    context = {**_members_context(membership, request), "delete_form": form}
    return render(request, "table/members.html", context, status=422)


@campaign_view(owner_only_writes=True)
@require_POST
def invite_renew(request, membership):
    services.invite_renew(campaign=membership.campaign, actor=request.user)
    messages.success(request, "New invite link made; the old one no longer works.")
    return redirect("members", campaign_id=membership.campaign_id)


@campaign_view(owner_only_writes=True)
@require_POST
def invite_revoke(request, membership):
    services.invite_revoke(campaign=membership.campaign, actor=request.user)
    messages.success(request, "Invite link switched off.")
    return redirect("members", campaign_id=membership.campaign_id)


@campaign_view
@require_GET
def invite_qr(request, membership):
    """The invite link as an SVG QR code, for a phone across the table to scan (owner only)."""
    import segno

    campaign = membership.campaign
    if not membership.is_owner or not campaign.invite_token:
        return HttpResponse(status=404)
    url = request.build_absolute_uri(reverse("join", args=[campaign.invite_token]))
    svg = segno.make(url, error="m").svg_inline(scale=6, dark="#000", light="#fff")
    return HttpResponse(svg, content_type="image/svg+xml")


@login_required
@require_http_methods(["GET", "POST"])
def join(request, token: str):
    campaign = services.campaign_for_invite(token)
    if campaign is None:
        return render(request, "table/join.html", {"invalid": True}, status=404)
    existing = Membership.objects.filter(campaign=campaign, user=request.user).first()
    if existing:
        return redirect("campaign", campaign_id=campaign.pk)
    if request.method == "POST":
        try:
            services.membership_join(token=token, user=request.user)
        except ValidationError:
            return render(request, "table/join.html", {"invalid": True}, status=404)
        messages.success(request, f"You joined “{campaign.name}”.")
        return redirect("campaign", campaign_id=campaign.pk)
    owner = campaign.memberships.filter(role="owner").select_related("user").first()
    return render(
        request,
        "table/join.html",
        {
            "campaign": campaign,
            "owner": owner.user if owner else None,
            "member_count": campaign.memberships.count(),
        },
    )


def _history_context(membership: Membership, request) -> dict:
    campaign = membership.campaign
    # Where players change only what is theirs, a player may undo only their own entries.
    own_only = (
        membership.user_id
        if campaign.edit_policy == EditPolicy.OWN and not membership.is_owner
        else None
    )
    filter_form = HistoryFilterForm(request.GET)
    subject = filter_form.subject_filter()
    if not membership.can_write:
        undo_allowed = None
    elif own_only is None:
        undo_allowed = _anyone
    else:
        undo_allowed = own_only.__eq__
    return {
        **campaign_context(membership, "history"),
        "rows": campaign_history(campaign.pk, subject=subject, undo_allowed=undo_allowed),
        # The filter's choices are on the whole page only, not in the refreshed entries.
        "subjects": [] if request.htmx else _distinct_subjects(campaign),
        "selected_subject": f"{subject[0]}:{subject[1]}" if subject else "",
        "history_query": urlencode({"subject": f"{subject[0]}:{subject[1]}"}) if subject else "",
    }


def _anyone(actor_id) -> bool:
    return True


def _distinct_subjects(campaign: Campaign) -> list[tuple[str, str]]:
    """(value, label) for each subject with history, most recent label wins."""
    rows = subjects_with_history(campaign.pk)
    subjects = {f"{kind}:{pk}": f"{label} ({kind})" for kind, pk, label in rows}
    return sorted(subjects.items(), key=lambda item: item[1].lower())


@campaign_view
@require_GET
def history(request, membership):
    context = _history_context(membership, request)
    return render_page(request, "table/history.html", context, partial="entries")


@campaign_view
@require_POST
def undo(request, membership, entry_id: int):
    try:
        ledger_undo(campaign=membership.campaign, actor=request.user, entry_id=entry_id)
    except (ValidationError, Conflict) as error:
        messages.error(request, " ".join(getattr(error, "messages", [str(error)])))
    else:
        messages.success(request, "Undone.")
    return redirect_next(request, reverse("history", args=[membership.campaign_id]))


def _campaign_home(campaign: Campaign) -> str:
    """The campaign's first tab (its game's main page, else the Table)."""
    registration = games().get(campaign.game)
    return reverse(registration.nav[0].url_name if registration else "campaign", args=[campaign.pk])


@campaign_view
@require_POST
def undo_last(request, membership):
    """Undo the newest undoable action; the entry id the player saw guards against undoing
    something else that landed meanwhile."""
    entry = last_undoable_entry(membership.campaign, membership)
    seen = request.POST.get("entry_id", "")
    if entry is None:
        messages.error(request, "Nothing left to undo.")
    elif seen != str(entry.pk):
        messages.error(
            request, f"Someone else acted meanwhile; the last action is now “{entry.reason}”."
        )
    else:
        try:
            ledger_undo(campaign=membership.campaign, actor=request.user, entry_id=entry.pk)
        except (ValidationError, Conflict, RuleViolation) as error:
            messages.error(request, " ".join(getattr(error, "messages", [str(error)])))
        else:
            messages.success(request, f"Undone: {entry.reason}")
    # Pages other than the game's main one (e.g. a wizard) send the player back there.
    return redirect_next(request, _campaign_home(membership.campaign))


@campaign_view
@require_GET
def campaign_backup(request, membership):
    """The whole campaign as a JSON file to keep (any member may take a copy)."""
    campaign = membership.campaign
    body = json.dumps(campaign_export(campaign), ensure_ascii=False, indent=1)
    response = HttpResponse(body, content_type="application/json; charset=utf-8")
    stamp = timezone.now().strftime("%Y-%m-%d")
    filename = f"{slugify(campaign.name) or 'campaign'}-{stamp}.json"
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@login_required
@require_http_methods(["GET", "POST"])
def campaign_restore(request):
    """Upload a backup: it becomes a new campaign owned by the one who uploads it."""
    form = CampaignImportForm(request.POST or None, request.FILES or None)
    if request.method == "POST":
        if form.is_valid():
            try:
                campaign = campaign_import(
                    form.cleaned_data["backup"],
                    owner=request.user,
                    attach_members=form.cleaned_data["attach_members"],
                )
            except ValidationError as error:
                form.add_error("backup", error)
            else:
                messages.success(request, f"“{campaign.name}” restored from the backup.")
                return redirect("campaign", campaign_id=campaign.pk)
        return render(request, "table/restore.html", {"form": form}, status=422)
    return render(request, "table/restore.html", {"form": form})
