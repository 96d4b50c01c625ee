"""Who may change what in a campaign: the owner's choice (`Campaign.edit_policy`).

"Everyone at the table may change everything" (the default, for a group sharing one phone),
or "players change only what is theirs": a player changes only their own tribe, character or
seat and undoes only their own actions; an owner changes everything. Every game's services
call `check_may_change` for the record the action touches, inside their transaction (after
locking the campaign), so no page or order of taps gets round it.
"""

from .models import Campaign, EditPolicy, Membership, Role
from .rule_errors import RuleViolation


def is_owner(campaign: Campaign, actor) -> bool:
    return Membership.objects.filter(campaign=campaign, user=actor, role=Role.OWNER).exists()


def may_change(campaign: Campaign, actor, *, belongs_to_id: int | None) -> bool:
    """Whether `actor` may change a record that belongs to the user `belongs_to_id` (None:
    to nobody in particular, e.g. a tribe without a player, which everyone may change)."""
    if campaign.edit_policy != EditPolicy.OWN or belongs_to_id is None:
        return True
    return belongs_to_id == getattr(actor, "pk", None) or is_owner(campaign, actor)


def check_may_change(campaign: Campaign, actor, *, belongs_to_id: int | None, what: str) -> None:
    """Refuse (RuleViolation) when the campaign's policy keeps `what` to its own player."""
    if not may_change(campaign, actor, belongs_to_id=belongs_to_id):
        raise RuleViolation(
            f"Only {what}'s player or an owner may change it: the owner has set "
            "“players change only what is theirs”."
        )


def may_undo(campaign: Campaign, actor, entry) -> bool:
    if campaign.edit_policy != EditPolicy.OWN:
        return True
    return entry.actor_id == getattr(actor, "pk", None) or is_owner(campaign, actor)


def member_may_change(membership: Membership, *, belongs_to_id: int | None) -> bool:
    """Whether a page shows the member the controls of a record belonging to the user
    `belongs_to_id`: write access and `may_change`, answered from the membership every
    campaign request has read (no query). The services still check with `check_may_change`."""
    if not membership.can_write:
        return False
    if membership.is_owner or membership.campaign.edit_policy != EditPolicy.OWN:
        return True
    return belongs_to_id is None or belongs_to_id == membership.user_id
