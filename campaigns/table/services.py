"""One function per player action on the shared table: each runs in a transaction, checks
who may do it, writes the ledger (or the draw log) and bumps the campaign version."""

import random

from django.db import IntegrityError, transaction

from . import dice
from .errors import Conflict, ValidationError
from .games import games
from .ledger import bump_version, ledger_record, lock_campaign, register_undo
from .models import (
    Campaign,
    DrawLogEntry,
    EditPolicy,
    LedgerEntry,
    Membership,
    Role,
    new_invite_token,
)
from .tool_state import check_tool_id

NAME_MAX_LENGTH = 80
DICE_TOOL = "table.dice"


def _clean_name(name: str) -> str:
    name = " ".join((name or "").split())
    if not name:
        raise ValidationError({"name": "Give the campaign a name."})
    if len(name) > NAME_MAX_LENGTH:
        raise ValidationError({"name": f"Keep the name to {NAME_MAX_LENGTH} characters."})
    return name


def campaign_create(*, owner, game: str, name: str) -> Campaign:
    """Start a campaign of `game`; its creator becomes the owner."""
    if game not in games():
        raise ValidationError({"game": "Choose one of the games listed."})
    name = _clean_name(name)
    with transaction.atomic():
        campaign = Campaign.objects.create(game=game, name=name, invite_token=new_invite_token())
        Membership.objects.create(campaign=campaign, user=owner, role=Role.OWNER)
        ledger_record(
            campaign=campaign,
            actor=owner,
            kind="campaign.create",
            subject_type="campaign",
            subject_id=campaign.pk,
            subject_label=name,
            reason=f"Started the campaign “{name}”",
        )
    return campaign


def _restore_name(entry: LedgerEntry) -> None:
    campaign = entry.campaign
    change = entry.deltas["name"]
    current = Campaign.objects.values_list("name", flat=True).get(pk=campaign.pk)
    if current != change["to"]:
        raise Conflict(f"The name has changed since; it is now “{current}”.")
    Campaign.objects.filter(pk=campaign.pk).update(name=change["from"])


register_undo("campaign.rename", _restore_name)


def campaign_rename(*, campaign: Campaign, actor, name: str, expected_name: str | None = None):
    """Rename the campaign. `expected_name` is the name the user saw: if someone renamed it
    meanwhile, the change is refused rather than silently overwriting theirs."""
    name = _clean_name(name)
    with transaction.atomic():
        campaign = lock_campaign(campaign.pk)
        if expected_name is not None and expected_name != campaign.name:
            raise Conflict(f"Someone renamed the campaign to “{campaign.name}” meanwhile.")
        if name == campaign.name:
            return campaign
        old_name = campaign.name
        Campaign.objects.filter(pk=campaign.pk).update(name=name)
        campaign.name = name
        ledger_record(
            campaign=campaign,
            actor=actor,
            kind="campaign.rename",
            subject_type="campaign",
            subject_id=campaign.pk,
            subject_label=name,
            reason=f"Renamed “{old_name}” to “{name}”",
            deltas={"name": {"from": old_name, "to": name}},
        )
    return campaign


def _set_invite_token(*, campaign: Campaign, actor, token: str, kind: str, reason: str):
    with transaction.atomic():
        campaign = lock_campaign(campaign.pk)
        campaign.invite_token = token
        campaign.save(update_fields=["invite_token"])
        ledger_record(
            campaign=campaign,
            actor=actor,
            kind=kind,
            subject_type="campaign",
            subject_id=campaign.pk,
            subject_label=campaign.name,
            reason=reason,
        )
    return campaign


def invite_renew(*, campaign: Campaign, actor) -> Campaign:
    """Make a new invite link; the old one stops working."""
    return _set_invite_token(
        campaign=campaign,
        actor=actor,
        token=new_invite_token(),
        kind="invite.renew",
        reason="Made a new invite link (the old one no longer works)",
    )


def invite_revoke(*, campaign: Campaign, actor) -> Campaign:
    """Switch the invite link off until the owner makes a new one."""
    return _set_invite_token(
        campaign=campaign,
        actor=actor,
        token="",
        kind="invite.revoke",
        reason="Switched the invite link off",
    )


def campaign_for_invite(token: str) -> Campaign | None:
    """The campaign a live invite token opens, or None."""
    if not token:
        return None
    return Campaign.objects.filter(invite_token=token).first()


def membership_join(*, token: str, user) -> Membership:
    """Join by invite link as a player (an existing member keeps their role)."""
    with transaction.atomic():
        campaign = campaign_for_invite(token)
        if campaign is None:
            raise ValidationError(
                "This invite link is not valid any more. Ask the owner for a new one."
            )
        campaign = lock_campaign(campaign.pk)
        existing = Membership.objects.filter(campaign=campaign, user=user).first()
        if existing:
            return existing
        try:
            with transaction.atomic():
                membership = Membership.objects.create(
                    campaign=campaign, user=user, role=Role.PLAYER
                )
        except IntegrityError:  # joined twice at once from two tabs
            return Membership.objects.get(campaign=campaign, user=user)
        ledger_record(
            campaign=campaign,
            actor=user,
            kind="member.join",
            subject_type="member",
            subject_id=user.pk,
            subject_label=user.get_username(),
            reason=f"{user.get_username()} joined by the invite link",
        )
    return membership


def _other_owners(campaign: Campaign, membership: Membership) -> bool:
    return (
        Membership.objects.filter(campaign=campaign, role=Role.OWNER)
        .exclude(pk=membership.pk)
        .exists()
    )


def membership_change_role(*, campaign: Campaign, actor, membership_id: int, role: str):
    """Owner sets a member's role; the campaign always keeps at least one owner."""
    if role not in Role.values:
        raise ValidationError({"role": "Choose owner, player or viewer."})
    with transaction.atomic():
        campaign = lock_campaign(campaign.pk)
        membership = (
            Membership.objects.select_related("user")
            .filter(campaign=campaign, pk=membership_id)
            .first()
        )
        if membership is None:
            raise ValidationError("That member is no longer in the campaign.")
        if membership.role == role:
            return membership
        if membership.role == Role.OWNER and not _other_owners(campaign, membership):
            raise ValidationError(
                {"role": "A campaign needs an owner: make someone else owner first."}
            )
        old_role = membership.role
        membership.role = role
        membership.save(update_fields=["role"])
        name = membership.user.get_username()
        ledger_record(
            campaign=campaign,
            actor=actor,
            kind="member.role",
            subject_type="member",
            subject_id=membership.user_id,
            subject_label=name,
            reason=f"{name} is now {Role(role).label.lower()} (was {old_role})",
            deltas={"role": {"from": old_role, "to": role}},
        )
    return membership


def membership_remove(*, campaign: Campaign, actor, membership_id: int) -> None:
    """Owner removes a member (the last owner cannot be removed)."""
    with transaction.atomic():
        campaign = lock_campaign(campaign.pk)
        membership = (
            Membership.objects.select_related("user")
            .filter(campaign=campaign, pk=membership_id)
            .first()
        )
        if membership is None:
            return
        if membership.role == Role.OWNER and not _other_owners(campaign, membership):
            raise ValidationError("A campaign needs an owner: make someone else owner first.")
        name = membership.user.get_username()
        user_id = membership.user_id
        membership.delete()
        # The removed member knows the old link: a live link is replaced, so they can't rejoin.
        if campaign.invite_token:
            campaign.invite_token = new_invite_token()
            campaign.save(update_fields=["invite_token"])
        ledger_record(
            campaign=campaign,
            actor=actor,
            kind="member.remove",
            subject_type="member",
            subject_id=user_id,
            subject_label=name,
            reason=f"Removed {name} from the campaign (the invite link was renewed)",
        )


def _restore_edit_policy(entry: LedgerEntry) -> None:
    change = entry.deltas["edit_policy"]
    current = Campaign.objects.values_list("edit_policy", flat=True).get(pk=entry.campaign_id)
    if current != change["to"]:
        raise Conflict("Who may change what has been changed again since.")
    Campaign.objects.filter(pk=entry.campaign_id).update(edit_policy=change["from"])


register_undo("campaign.edit_policy", _restore_edit_policy)


def campaign_set_edit_policy(*, campaign: Campaign, actor, edit_policy: str) -> Campaign:
    """The owner chooses whether everyone may change everything or players only what is
    theirs (their tribe, character or seat, and their own actions to undo)."""
    if edit_policy not in EditPolicy.values:
        raise ValidationError({"edit_policy": "Choose one of the two settings."})
    with transaction.atomic():
        campaign = lock_campaign(campaign.pk)
        if not Membership.objects.filter(campaign=campaign, user=actor, role=Role.OWNER).exists():
            raise ValidationError("Only an owner can choose who may change what.")
        if campaign.edit_policy == edit_policy:
            return campaign
        old = campaign.edit_policy
        Campaign.objects.filter(pk=campaign.pk).update(edit_policy=edit_policy)
        campaign.edit_policy = edit_policy
        ledger_record(
            campaign=campaign,
            actor=actor,
            kind="campaign.edit_policy",
            subject_type="campaign",
            subject_id=campaign.pk,
            subject_label=campaign.name,
            reason=f"Set who may change what: {EditPolicy(edit_policy).label.lower()}",
            deltas={"edit_policy": {"from": old, "to": edit_policy}},
        )
    return campaign


def campaign_delete(*, campaign: Campaign, actor, confirm_name: str) -> None:
    """Delete the campaign and everything in it, for good. Only its owner may, and only by
    typing its name exactly (the page offers the backup download first)."""
    with transaction.atomic():
        campaign = lock_campaign(campaign.pk)
        owner = Membership.objects.filter(campaign=campaign, user=actor, role=Role.OWNER)
        if not owner.exists():
            raise ValidationError("Only an owner can delete the campaign.")
        if " ".join((confirm_name or "").split()) != campaign.name:
            raise ValidationError(
                {"confirm_name": f"Type the campaign's name, “{campaign.name}”, to delete it."}
            )
        Campaign.objects.filter(pk=campaign.pk).delete()


def draw_log_record(
    *, campaign: Campaign, actor, tool: str, label: str, result: dict, summary: str
) -> DrawLogEntry:
    """Put a roll or draw in the campaign's shared log (call inside the tool's transaction).
    `tool` is namespaced `<game>.<tool>` ("table.dice", "occulites.d10")."""
    entry = DrawLogEntry.objects.create(
        campaign=campaign,
        actor=actor,
        tool=check_tool_id(tool),
        label=label[:160],
        result=result,
        summary=summary[:300],
    )
    bump_version(campaign)
    return entry


def dice_roll(
    *, campaign: Campaign, actor, count: int, sides: int, rng: random.Random | None = None
) -> DrawLogEntry:
    """Roll `count` dice of `sides` faces for everyone to see in the shared log."""
    roll = dice.roll_dice(count=count, sides=sides, rng=rng or random.SystemRandom())
    with transaction.atomic():
        campaign = lock_campaign(campaign.pk)
        return draw_log_record(
            campaign=campaign,
            actor=actor,
            tool=DICE_TOOL,
            label=roll.label,
            result={"faces": list(roll.faces), "sides": sides},
            summary=roll.summary,
        )
