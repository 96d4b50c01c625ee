"""Occulites campaign records: the season, tribes, Occulites, abilities, Luftles, scenario
choices and results, and the Long Dark rolls.

Total Victory Points, Available Spend Total and Sungems are NOT columns: they are sums over
the tribe's ledger entries (see ``services.tribe_totals``). Keys such as ``tribe_type``,
``ability_key``, ``caste`` and ``scenario_key`` point into ``campaigns.occulites.catalog``.
"""

from django.conf import settings
from django.db import models
from django.db.models import Q

from campaigns.occulites.catalog.blueprints import CAMPAIGN_MAXIMUM_STATS, STAT_MINIMUM, STATS
from campaigns.occulites.catalog.season import SEASON_TIMESLOTS
from campaigns.table.models import Campaign


class OcculitesSeason(models.Model):
    """The Sungem Season of one campaign: where it is, and the values the group set where
    the rulebook is silent."""

    campaign = models.OneToOneField(
        Campaign, on_delete=models.CASCADE, related_name="occulites_season"
    )
    timeslot = models.PositiveSmallIntegerField(default=1)
    # True once timeslot 10 is recorded: the season is over and the Long Dark comes.
    long_dark = models.BooleanField(default=False)
    # {"<card value>": <count>}; None until the group says what its deck holds (the
    # rulebook prints only 108 cards, 8 Puscual and 6 Sungem events).
    natural_selection_deck = models.JSONField(null=True, blank=True)
    # {"<scenario_key>": {"<timeslot>": <encounter number>}} for empty table cells.
    house_encounter_numbers = models.JSONField(default=dict, blank=True)

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=Q(timeslot__gte=1, timeslot__lte=SEASON_TIMESLOTS),
                name="occulites_season_timeslot_1_to_10",
            )
        ]

    def __str__(self) -> str:
        return f"{self.campaign} season, timeslot {self.timeslot}"


class Tribe(models.Model):
    """A player's tribe. ``custom_innate_abilities`` lists a custom tribe type's innate
    abilities (free text keys; the base types take theirs from the catalogue)."""

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="tribes")
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    name = models.CharField(max_length=60)
    tribe_type = models.CharField(max_length=30, default="none")
    custom_type_name = models.CharField(max_length=60, blank=True)
    custom_innate_abilities = models.JSONField(default=list, blank=True)
    colour = models.CharField(max_length=30, blank=True)
    position = models.PositiveSmallIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["position", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["campaign", "name"], name="occulites_tribe_unique_name")
        ]

    def __str__(self) -> str:
        return self.name


def _stat_constraints(prefix: str, label: str) -> list[models.CheckConstraint]:
    return [
        models.CheckConstraint(
            condition=Q(
                **{
                    f"{prefix}{stat}__gte": STAT_MINIMUM,
                    f"{prefix}{stat}__lte": CAMPAIGN_MAXIMUM_STATS.stats.get(stat),
                }
            ),
            name=f"occulite_{label}{stat}_within_1_and_campaign_maximum",
        )
        for stat in STATS
    ]


class Occulite(models.Model):
    """One of a tribe's five Occulites: current and starting statistics, and Defence as it
    was before the scenario being played (the ceiling for buying Defence back)."""

    tribe = models.ForeignKey(Tribe, on_delete=models.CASCADE, related_name="occulites")
    name = models.CharField(max_length=60)
    position = models.PositiveSmallIntegerField(default=0)
    is_chief = models.BooleanField(default=False)
    is_netter = models.BooleanField(default=False)
    awareness = models.PositiveSmallIntegerField()
    speed = models.PositiveSmallIntegerField()
    attack = models.PositiveSmallIntegerField()
    defence = models.PositiveSmallIntegerField()
    health = models.PositiveSmallIntegerField()
    start_awareness = models.PositiveSmallIntegerField()
    start_speed = models.PositiveSmallIntegerField()
    start_attack = models.PositiveSmallIntegerField()
    start_defence = models.PositiveSmallIntegerField()
    start_health = models.PositiveSmallIntegerField()
    defence_before_scenario = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["position", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["tribe"], condition=Q(is_chief=True), name="occulites_one_chief_per_tribe"
            ),
            models.UniqueConstraint(
                fields=["tribe"], condition=Q(is_netter=True), name="occulites_one_netter_per_tribe"
            ),
            models.UniqueConstraint(
                fields=["tribe", "position"], name="occulites_unique_position_in_tribe"
            ),
            *_stat_constraints("", ""),
            *_stat_constraints("start_", "start_"),
        ]

    def __str__(self) -> str:
        return self.name


class AbilityKindChoice(models.TextChoices):
    INNATE = "innate", "Innate"
    LEARNED = "learned", "Learned"
    SITUATIONAL = "situational", "Situational"


class LuftleStatus(models.TextChoices):
    ACTIVE = "active", "In the tribe"
    KILLED = "killed", "Killed"
    RAN_AWAY = "ran_away", "Ran away"
    # A Luftle Chief left alone leaves the tribe (Luftles - Luftle Caste Types).
    LEFT = "left", "Left the tribe"


class Luftle(models.Model):
    """A recruited Luftle, told apart on the table by the letter on its base."""

    tribe = models.ForeignKey(Tribe, on_delete=models.CASCADE, related_name="luftles")
    caste = models.CharField(max_length=20)
    base_letter = models.CharField(max_length=4)
    status = models.CharField(max_length=10, choices=LuftleStatus.choices, default="active")
    recruited_at_timeslot = models.PositiveSmallIntegerField(default=1)
    free_recruit = models.BooleanField(default=False)

    class Meta:
        ordering = ["pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["tribe", "base_letter"],
                condition=Q(status="active"),
                name="occulites_unique_live_luftle_letter",
            )
        ]

    def __str__(self) -> str:
        return f"{self.caste} {self.base_letter}"


class AbilityHolding(models.Model):
    """An ability held by an Occulite or by a Luftle Chief.

    ``expires_after_timeslot`` is set for "next scenario only" abilities (Eyebeam): the
    holding is active while the season's timeslot is at most that value.
    """

    occulite = models.ForeignKey(
        Occulite, null=True, blank=True, on_delete=models.CASCADE, related_name="abilities"
    )
    luftle = models.ForeignKey(
        Luftle, null=True, blank=True, on_delete=models.CASCADE, related_name="abilities"
    )
    ability_key = models.CharField(max_length=40)
    kind = models.CharField(max_length=12, choices=AbilityKindChoice.choices)
    expires_after_timeslot = models.PositiveSmallIntegerField(null=True, blank=True)
    gained_at_timeslot = models.PositiveSmallIntegerField(default=1)

    class Meta:
        ordering = ["pk"]
        constraints = [
            models.CheckConstraint(
                condition=(Q(occulite__isnull=False, luftle__isnull=True))
                | (Q(occulite__isnull=True, luftle__isnull=False)),
                name="occulites_ability_held_by_one_figure",
            ),
            models.UniqueConstraint(
                fields=["occulite", "ability_key"], name="occulites_unique_occulite_ability"
            ),
            models.UniqueConstraint(
                fields=["luftle", "ability_key"], name="occulites_unique_luftle_ability"
            ),
        ]

    def __str__(self) -> str:
        return self.ability_key

    def is_active(self, timeslot: int) -> bool:
        return self.expires_after_timeslot is None or timeslot <= self.expires_after_timeslot


class NextScenarioEffect(models.Model):
    """A penalty for one scenario only (e.g. -1 Health next game, one card fewer in hand):
    it applies while the season is at ``for_timeslot``; the stored statistics never change.
    ``occulite`` is empty for a tribe-wide effect such as the hand limit."""

    tribe = models.ForeignKey(Tribe, on_delete=models.CASCADE, related_name="next_effects")
    occulite = models.ForeignKey(
        Occulite, null=True, blank=True, on_delete=models.CASCADE, related_name="next_effects"
    )
    target = models.CharField(max_length=20)  # a statistic, or "hand_limit"
    amount = models.SmallIntegerField()
    for_timeslot = models.PositiveSmallIntegerField()
    reason = models.CharField(max_length=160)

    class Meta:
        ordering = ["pk"]

    def __str__(self) -> str:
        return f"{self.target} {self.amount:+d} at timeslot {self.for_timeslot}"


class ScenarioChoice(models.Model):
    """Choosing one timeslot's scenario: the bag draw's outcome and its redraws."""

    campaign = models.ForeignKey(
        Campaign, on_delete=models.CASCADE, related_name="occulites_choices"
    )
    timeslot = models.PositiveSmallIntegerField()
    drawn_scenario = models.CharField(max_length=40, blank=True)
    drawn_tribe = models.ForeignKey(
        Tribe, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    redraws = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["timeslot"]
        constraints = [
            models.UniqueConstraint(
                fields=["campaign", "timeslot"], name="occulites_one_choice_per_timeslot"
            )
        ]

    def __str__(self) -> str:
        return f"Timeslot {self.timeslot}: {self.drawn_scenario or 'not drawn'}"


class ScenarioNomination(models.Model):
    """One tribe's nominated scenario for a timeslot (its tokens go in the bag)."""

    choice = models.ForeignKey(ScenarioChoice, on_delete=models.CASCADE, related_name="nominations")
    tribe = models.ForeignKey(Tribe, on_delete=models.CASCADE, related_name="nominations")
    scenario_key = models.CharField(max_length=40)

    class Meta:
        ordering = ["pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["choice", "tribe"], name="occulites_one_nomination_per_tribe"
            )
        ]

    def __str__(self) -> str:
        return f"{self.tribe} nominates {self.scenario_key}"


class ScenarioResult(models.Model):
    """A tribe's result of one timeslot's scenario: what the sheet shows per scenario.

    ``vp_counts`` are the counts of the scenario's VP options (e.g. {"wound_inflicted": 3});
    ``options_chosen`` the penalties and advances the tribe took; ``occulites_killed`` the
    pks of its Occulites that died (each owes a reborn penalty).
    """

    tribe = models.ForeignKey(Tribe, on_delete=models.CASCADE, related_name="results")
    timeslot = models.PositiveSmallIntegerField()
    scenario_key = models.CharField(max_length=40)
    vp_earned = models.SmallIntegerField(default=0)
    sungems_gained = models.SmallIntegerField(default=0)
    vp_counts = models.JSONField(default=dict, blank=True)
    options_chosen = models.JSONField(default=list, blank=True)
    occulites_killed = models.JSONField(default=list, blank=True)
    recorded_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["timeslot", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["tribe", "timeslot"], name="occulites_one_result_per_tribe_timeslot"
            )
        ]

    def __str__(self) -> str:
        return f"{self.tribe} at timeslot {self.timeslot}: {self.scenario_key}"


class LongDarkRoll(models.Model):
    """A tribe's Sungem dice in the Long Dark: one d10 per Sungem, and which were rerolled
    (positions into ``dice``; each die may be rerolled once)."""

    tribe = models.OneToOneField(Tribe, on_delete=models.CASCADE, related_name="long_dark_roll")
    dice = models.JSONField(default=list)
    rerolled = models.JSONField(default=list)

    def __str__(self) -> str:
        return f"{self.tribe}: {sum(self.dice)} Heat"


class TribeTimeslotLine(models.Model):
    """One line of a tribe's paper Campaign Tracker: what its ledger entries of one timeslot
    added to each column (sheet/scenario_rows.py says which column an entry fills).

    Summed from the ledger as entries are written (sheet/timeslot_lines.py, in the entry's
    transaction) and rebuilt from the entries after a restore, so the tribe sheet reads ten
    rows at most whatever the history; the ledger stays the record.
    """

    tribe = models.ForeignKey(Tribe, on_delete=models.CASCADE, related_name="timeslot_lines")
    # The timeslot the entries were written in (1 + advances - undone advances): may pass
    # 10 once the season has ended; the sheet counts those in its last line.
    timeslot = models.SmallIntegerField()
    vp_gained = models.IntegerField(default=0)
    vp_lost = models.IntegerField(default=0)
    vp_spent = models.IntegerField(default=0)
    total_vp = models.IntegerField(default=0)
    available_spend_total = models.IntegerField(default=0)
    sungems = models.IntegerField(default=0)

    class Meta:
        ordering = ["timeslot"]
        constraints = [
            models.UniqueConstraint(
                fields=["tribe", "timeslot"], name="occulites_one_line_per_tribe_timeslot"
            )
        ]

    def __str__(self) -> str:
        return f"{self.tribe} timeslot {self.timeslot}"
