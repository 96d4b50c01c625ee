"""Campaigns, their members, the append-only ledger and the shared dice-and-draw log."""

import secrets

from django.conf import settings
from django.db import models
from django.utils import timezone


class Role(models.TextChoices):
    OWNER = "owner", "Owner"
    PLAYER = "player", "Player"
    VIEWER = "viewer", "Viewer"


def new_invite_token() -> str:
    return secrets.token_urlsafe(24)


class EditPolicy(models.TextChoices):
    EVERYONE = "everyone", "Everyone at the table may change everything"
    OWN = "own", "Players change only what is theirs"


class Campaign(models.Model):
    # The key of a registered game (campaigns.table.games); checked by the services.
    game = models.CharField(max_length=20)
    name = models.CharField(max_length=80)
    # Goes up in the same transaction as every write; phones poll it to know when to refresh.
    version = models.PositiveBigIntegerField(default=1)
    # Empty when the owner has revoked the link and not made a new one.
    invite_token = models.CharField(max_length=64, blank=True, db_index=True)
    created_at = models.DateTimeField(auto_now_add=True)
    last_activity_at = models.DateTimeField(auto_now_add=True)
    # Who may change what: the owner chooses (see campaigns/table/ownership.py).
    edit_policy = models.CharField(
        max_length=10, choices=EditPolicy.choices, default=EditPolicy.EVERYONE
    )

    class Meta:
        ordering = ["-last_activity_at"]

    def __str__(self) -> str:
        return self.name

    @property
    def game_name(self) -> str:
        from .games import game_name

        return game_name(self.game)


class Membership(models.Model):
    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="memberships")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships"
    )
    role = models.CharField(max_length=10, choices=Role.choices, default=Role.PLAYER)
    joined_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["campaign", "user"], name="one_membership_per_user")
        ]
        ordering = ["joined_at"]

    def __str__(self) -> str:
        return f"{self.user} ({self.role}) in {self.campaign}"

    @property
    def can_write(self) -> bool:
        return self.role in (Role.OWNER, Role.PLAYER)

    @property
    def is_owner(self) -> bool:
        return self.role == Role.OWNER


class AppendOnlyQuerySet(models.QuerySet):
    """Ledger rows are history: bulk updates and deletes are refused outright."""

    def update(self, **kwargs):
        raise TypeError("Ledger entries are append-only; write a reversing entry instead.")

    def delete(self):
        raise TypeError("Ledger entries are append-only; write a reversing entry instead.")


class LedgerEntry(models.Model):
    """One change a member made to campaign state, with who, when, why and the deltas.

    `deltas` maps a quantity to its signed change, e.g. {"total_vp": 3}; a change of a
    non-numeric value is recorded as {"name": {"from": "Old", "to": "New"}}. Totals are
    derived by summing the numeric deltas of a subject's entries.
    """

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="ledger")
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    # A default rather than auto_now_add, so a restored backup keeps its times.
    created_at = models.DateTimeField(default=timezone.now)
    kind = models.CharField(max_length=60)
    # What the entry is about: ("campaign", "12"), ("tribe", "3"), ("character", "7")...
    subject_type = models.CharField(max_length=30)
    subject_id = models.CharField(max_length=40, blank=True)
    subject_label = models.CharField(max_length=120)
    reason = models.CharField(max_length=300)
    deltas = models.JSONField(default=dict)
    reverses = models.OneToOneField(
        "self", null=True, blank=True, on_delete=models.PROTECT, related_name="reversed_by"
    )

    objects = AppendOnlyQuerySet.as_manager()

    class Meta:
        ordering = ["-id"]
        indexes = [
            # A subject's entries newest first, and the history filter's list of subjects
            # found by one seek per subject (`history.subjects_with_history`).
            models.Index(
                fields=["campaign", "subject_type", "subject_id", "-id"],
                name="ledger_subject_newest",
            ),
            # Newest-first lists (history, one-tap undo, who changed it) without a sort.
            models.Index(fields=["campaign", "-id"], name="ledger_campaign_newest"),
            # The newest entry of a kind (the Kinship's last alignment shift, the season's
            # advances) found by seeking, not by reading every newer entry of other kinds.
            models.Index(fields=["campaign", "kind", "-id"], name="ledger_campaign_kind_newest"),
        ]
        verbose_name_plural = "ledger entries"

    def __str__(self) -> str:
        return f"{self.kind}: {self.reason}"

    def save(self, *args, **kwargs):
        # A guard, not business logic: an existing entry is never rewritten.
        if self.pk is not None:
            raise TypeError("Ledger entries are append-only; write a reversing entry instead.")
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise TypeError("Ledger entries are append-only; write a reversing entry instead.")


class LedgerTotal(models.Model):
    """The running sum of one numeric delta of one subject over every ledger entry.

    Kept by `ledger_record` in the entry's own transaction (and rebuilt from the entries by
    `ledger_totals_rebuild`), so a page reads a total as one indexed row however long the
    history is. The ledger stays the record; this is its sum, equal to it by construction
    and checked against it in the tests.
    """

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="totals")
    subject_type = models.CharField(max_length=30)
    subject_id = models.CharField(max_length=40, blank=True)
    key = models.CharField(max_length=255)
    total = models.BigIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["campaign", "subject_type", "subject_id", "key"],
                name="ledger_one_total_per_key",
            )
        ]

    def __str__(self) -> str:
        return f"{self.subject_type} {self.subject_id} {self.key} = {self.total}"


class DrawLogEntry(models.Model):
    """A roll or draw made by any tool, shown to every member in the shared log."""

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="draws")
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    # A default rather than auto_now_add, so a restored backup keeps its times.
    created_at = models.DateTimeField(default=timezone.now)
    tool = models.CharField(max_length=40)  # `<game>.<tool>`: "table.dice", "occulites.d10"
    label = models.CharField(max_length=160)  # what was rolled or drawn, in words
    result = models.JSONField(default=dict)  # the raw values, for tools to re-read
    summary = models.CharField(max_length=300)  # the result, in words

    class Meta:
        ordering = ["-id"]
        indexes = [
            models.Index(fields=["campaign", "tool", "-id"], name="draws_campaign_tool_newest")
        ]
        verbose_name_plural = "draw log entries"

    def __str__(self) -> str:
        return f"{self.label}: {self.summary}"


class ToolState(models.Model):
    """The state of one table tool for the game in progress, shared by every phone.

    Not campaign bookkeeping, so it lives outside the ledger; `state` holds the tool's own
    `to_dict()` form and is rewritten only under the campaign lock (see tool_state.py).
    """

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="tool_states")
    tool = models.CharField(max_length=60)  # `<game>.<tool>`
    state = models.JSONField(default=dict)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["tool"]
        constraints = [
            models.UniqueConstraint(fields=["campaign", "tool"], name="table_one_state_per_tool")
        ]

    def __str__(self) -> str:
        return f"{self.tool} in {self.campaign}"
