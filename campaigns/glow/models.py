"""A Glow group's records: its remembered settings, and its plays with their seats.

A play is the score pad of one game; a solo play also holds Tom's game and, when the group
lets the app stand in for the face-down pile, the butterfly reserve. Every write goes
through `services/` under the campaign lock.
"""

from django.conf import settings
from django.db import models

from campaigns.glow.catalog.butterflies import COLOURS
from campaigns.table.models import Campaign


class GlowSettings(models.Model):
    """What the group enters once and the app remembers (values the expansion does not
    print; see `catalog` and `rules.tom`).

    `score_track_bonuses` maps a score-track space ("6") to the number printed beside it;
    `villages` / `archipelago` are `VillageTrack.to_dict()` / `ArchipelagoMap.to_dict()`;
    `tile_faces` Tom's 8 tiles as [[arrows, side], ...]; `special_counts` how many of the 12
    special butterfly tokens are of each kind; `adventurer_names` the core adventurers by
    the names the group uses.
    """

    campaign = models.OneToOneField(Campaign, on_delete=models.CASCADE, related_name="glow")
    score_track_bonuses = models.JSONField(default=dict, blank=True)
    villages = models.JSONField(null=True, blank=True)
    archipelago = models.JSONField(null=True, blank=True)
    tile_faces = models.JSONField(null=True, blank=True)
    special_counts = models.JSONField(null=True, blank=True)
    adventurer_names = models.JSONField(default=list, blank=True)
    bgg_id = models.PositiveIntegerField(null=True, blank=True)

    class Meta:
        verbose_name_plural = "Glow settings"

    def __str__(self) -> str:
        return f"Glow settings of {self.campaign}"


class PlayStatus(models.TextChoices):
    OPEN = "open", "Being filled in"
    FINISHED = "finished", "Finished"


class Play(models.Model):
    """One game of Glow, as the score pad records it."""

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="glow_plays")
    played_on = models.DateField()
    journey_board = models.CharField(max_length=40)
    sets = models.JSONField(default=list, blank=True)
    status = models.CharField(max_length=10, choices=PlayStatus.choices, default=PlayStatus.OPEN)
    # The position of the seat the group picked among tied best totals (the core tie-break
    # is not printed). A position, not a key, so a backup carries it as it is.
    picked_seat = models.PositiveSmallIntegerField(null=True, blank=True)
    solo = models.BooleanField(default=False)
    # TomState.to_dict() while a solo game runs; his last turn, for the page; his final count.
    tom_state = models.JSONField(null=True, blank=True)
    tom_last_turn = models.JSONField(null=True, blank=True)
    tom_final = models.JSONField(null=True, blank=True)
    tom_score = models.IntegerField(null=True, blank=True)
    # ButterflyReserve.to_dict() when the group uses the app's reserve for this play.
    reserve = models.JSONField(null=True, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-played_on", "-id"]

    def __str__(self) -> str:
        return f"Glow play of {self.played_on} in {self.campaign}"

    @property
    def finished(self) -> bool:
        return self.status == PlayStatus.FINISHED


class Seat(models.Model):
    """One seat of a play: a member of the group or a named guest, their adventurer (an
    expansion key or a name the group uses), the core game's count as entered, and their
    butterflies, one column per colour so each tap is its own undoable change."""

    play = models.ForeignKey(Play, on_delete=models.CASCADE, related_name="seats")
    position = models.PositiveSmallIntegerField()
    member = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    guest_name = models.CharField(max_length=40, blank=True)
    adventurer = models.CharField(max_length=40)
    core_score = models.PositiveSmallIntegerField(null=True, blank=True)
    green = models.PositiveSmallIntegerField(default=0)
    light_blue = models.PositiveSmallIntegerField(default=0)
    red = models.PositiveSmallIntegerField(default=0)
    dark_blue = models.PositiveSmallIntegerField(default=0)
    orange = models.PositiveSmallIntegerField(default=0)
    purple = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["position"]
        constraints = [
            models.UniqueConstraint(fields=["play", "position"], name="glow_one_seat_per_position")
        ]

    def __str__(self) -> str:
        return f"{self.player_name} in {self.play}"

    @property
    def player_name(self) -> str:
        return self.member.get_username() if self.member_id else self.guest_name

    @property
    def player_key(self) -> str:
        """Stable across plays: the member's id, or the guest's name folded."""
        if self.member_id:
            return f"member:{self.member_id}"
        return f"guest:{self.guest_name.casefold()}"

    @property
    def butterfly_counts(self) -> tuple[int, ...]:
        return tuple(getattr(self, colour) for colour in COLOURS)
