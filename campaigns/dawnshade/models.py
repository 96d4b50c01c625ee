"""The Kinship's campaign records: the Kinship and its settings, characters, items, the quest
log (tiles revealed and visits made), chapter results, remembered house rewards and the
Artifacts an owner has unlocked.

Every number that changes in play (XP, training points, threat, alignment, väki, Tawny,
trained stats, Skill Dice, Cogbots, conditions, blessings) is NOT a column here: it is the
sum of the ledger's deltas (``services.totals``). The rows hold what the group entered and
what the quest log records, changed only by the services, which note each change in the
ledger entry so undo can put it back.
"""

from django.conf import settings
from django.db import models

from campaigns.dawnshade.catalog.battle import FOE_FACTIONS
from campaigns.dawnshade.catalog.items import ITEM_TYPES
from campaigns.dawnshade.catalog.modes import DIFFICULTIES, MODES
from campaigns.dawnshade.catalog.quest_deck import OUTPOST_TYPES, QUEST_TILE_TYPES
from campaigns.dawnshade.rules.training import UnspentTrainingPoints
from campaigns.table.models import Campaign

MODE_CHOICES = [(key, mode.name) for key, mode in MODES.items()]
DIFFICULTY_CHOICES = [
    (key, f"{difficulty.name} (Max Threat {difficulty.max_threat})")
    for key, difficulty in DIFFICULTIES.items()
]
TILE_CHOICES = [(key, tile.name) for key, tile in QUEST_TILE_TYPES.items()]
OUTPOST_CHOICES = [(key, outpost.name) for key, outpost in OUTPOST_TYPES.items()]
ITEM_TYPE_CHOICES = [(key, item_type.name) for key, item_type in ITEM_TYPES.items()]


class TawnyRewardReading(models.TextChoices):
    """Who receives a Tawny reward printed in a mode's table: the rulebook does not say
    whether the amount is each character's or the Kinship's to share (a campaign setting)."""

    EACH = "each", "Each character receives the printed Tawny"
    SHARED = "shared", "The printed Tawny is shared out among the characters"


class Kinship(models.Model):
    """One Dawnshade campaign's Kinship: the mode, difficulty and the settings the group chose,
    the game (chapter session) in play and the Active Player."""

    campaign = models.OneToOneField(Campaign, on_delete=models.CASCADE, related_name="kinship")
    mode = models.CharField(max_length=20, choices=MODE_CHOICES)
    difficulty = models.CharField(max_length=10, choices=DIFFICULTY_CHOICES)
    solo = models.BooleanField(default=False)
    # Campaign settings for the rulebook's gaps (see the rules reference gap entries).
    unspent_training_points = models.CharField(
        max_length=10,
        choices=[(value.value, value.value) for value in UnspentTrainingPoints],
        default=UnspentTrainingPoints.KEPT.value,
    )
    tawny_rewards = models.CharField(
        max_length=10, choices=TawnyRewardReading.choices, default=TawnyRewardReading.EACH
    )
    table_rewards_at_conclusion = models.BooleanField(default=True)
    # 0 until the first game starts; then the game session (1..the mode's games).
    game_number = models.PositiveSmallIntegerField(default=0)
    # The Starting Village narrative read this game (Trilogy's second game chooses II-V).
    narrative_chapter = models.PositiveSmallIntegerField(null=True, blank=True)
    in_game = models.BooleanField(default=False)
    # The seat (Character.seat) holding the Active Player marker; a seat, not a key to the
    # character, so a backup restores the Kinship before its characters.
    active_seat = models.PositiveSmallIntegerField(null=True, blank=True)
    concluded = models.BooleanField(default=False)
    # At the conclusion: "balanced", "unaligned" or a Watcher's key; the final outcome; the
    # Artifact unlocked ("" when none).
    conclusion_alignment = models.CharField(max_length=20, blank=True)
    conclusion_outcome = models.CharField(max_length=20, blank=True)
    artifact = models.CharField(max_length=20, blank=True)

    def __str__(self) -> str:
        return f"Kinship of {self.campaign}"


class Character(models.Model):
    """A member of the Kinship. Starting stats are entered by the group from the Character
    Mat (the rulebook does not print them); what training, Cataclysms and levels add is in
    the ledger."""

    kinship = models.ForeignKey(Kinship, on_delete=models.CASCADE, related_name="characters")
    seat = models.PositiveSmallIntegerField()  # clockwise order round the table, from 1
    name = models.CharField(max_length=60)
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="dawnshade_characters",
    )
    start_agi = models.PositiveSmallIntegerField()
    start_atk = models.PositiveSmallIntegerField()
    start_items = models.PositiveSmallIntegerField()
    start_hp = models.PositiveSmallIntegerField()
    start_def = models.PositiveSmallIntegerField()
    start_dev = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["seat"]
        constraints = [
            models.UniqueConstraint(fields=["kinship", "seat"], name="dawnshade_one_seat_each")
        ]

    def __str__(self) -> str:
        return self.name

    def starting_stats(self) -> dict[str, int]:
        return {
            "agi": self.start_agi,
            "atk": self.start_atk,
            "items": self.start_items,
            "hp": self.start_hp,
            "def": self.start_def,
            "dev": self.start_dev,
        }


class ItemStatus(models.TextChoices):
    HELD = "held", "Held"
    SOLD = "sold", "Sold"
    DROPPED = "dropped", "Dropped"
    USED = "used", "Used"


class Item(models.Model):
    """An Item Card a character holds (or held): the card's printed values as entered."""

    character = models.ForeignKey(Character, on_delete=models.CASCADE, related_name="items")
    name = models.CharField(max_length=60)
    item_type = models.CharField(max_length=12, choices=ITEM_TYPE_CHOICES)
    tier = models.PositiveSmallIntegerField(default=1)
    buy_price = models.PositiveSmallIntegerField(null=True, blank=True)
    sell_price = models.PositiveSmallIntegerField(null=True, blank=True)
    armour = models.BooleanField(default=False)
    status = models.CharField(max_length=10, choices=ItemStatus.choices, default=ItemStatus.HELD)
    game_number = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["pk"]

    def __str__(self) -> str:
        return self.name


class Tile(models.Model):
    """A Quest Tile revealed on the Quest Mat in one game (the Starting Village included).
    Event tiles carry their Logbook number so they can be set aside for the campaign."""

    kinship = models.ForeignKey(Kinship, on_delete=models.CASCADE, related_name="tiles")
    game_number = models.PositiveSmallIntegerField()
    revealed_order = models.PositiveSmallIntegerField()  # 0 = the Starting Village
    tile_type = models.CharField(max_length=20, choices=TILE_CHOICES)
    outpost = models.CharField(max_length=20, choices=OUTPOST_CHOICES, blank=True)
    label = models.CharField(max_length=40, blank=True)
    set_aside = models.BooleanField(default=False)

    class Meta:
        ordering = ["game_number", "revealed_order"]

    def __str__(self) -> str:
        return self.name

    @property
    def name(self) -> str:
        return tile_name(self.tile_type, self.outpost, self.label)


def tile_name(tile_type: str, outpost: str, label: str) -> str:
    """A tile's name from its columns: its type, its Outpost, its label ("Event 4")."""
    name = QUEST_TILE_TYPES[tile_type].name
    if outpost:
        name = f"{name}: {OUTPOST_TYPES[outpost].name}"
    return f"{name} {label}".strip()


class Visit(models.Model):
    """One line of a game's quest log: the Kinship moved onto a tile (seq 0 is the start at
    the Starting Village), completed it with an outcome, and earned its rewards."""

    kinship = models.ForeignKey(Kinship, on_delete=models.CASCADE, related_name="visits")
    tile = models.ForeignKey(Tile, on_delete=models.CASCADE, related_name="visits")
    game_number = models.PositiveSmallIntegerField()
    seq = models.PositiveSmallIntegerField()
    hexes = models.PositiveSmallIntegerField(default=0)
    threat_after = models.PositiveSmallIntegerField(default=0)
    major_threat_triggered = models.BooleanField(default=False)
    # The Outpost visited: the Outpost tile's own, or the one chosen on a return to the
    # Starting Village ("" for none).
    outpost = models.CharField(max_length=20, choices=OUTPOST_CHOICES, blank=True)
    active_character = models.ForeignKey(
        Character, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    outcome = models.CharField(max_length=20, blank=True)
    rewarded = models.BooleanField(default=False)
    xp = models.PositiveSmallIntegerField(null=True, blank=True)
    tawny = models.PositiveSmallIntegerField(null=True, blank=True)  # all characters together
    loot_shoot_items = models.PositiveSmallIntegerField(null=True, blank=True)
    trained = models.BooleanField(default=False)  # the Guild Hall training of this visit

    class Meta:
        ordering = ["game_number", "seq"]
        constraints = [
            models.UniqueConstraint(
                fields=["kinship", "game_number", "seq"], name="dawnshade_one_visit_per_step"
            )
        ]

    def __str__(self) -> str:
        return f"Game {self.game_number}, step {self.seq}: {self.tile}"


class ChapterResult(models.Model):
    """What a finished game left on the Väki Mat, kept for the save-game sheet."""

    kinship = models.ForeignKey(Kinship, on_delete=models.CASCADE, related_name="chapter_results")
    game_number = models.PositiveSmallIntegerField()
    narrative_chapter = models.PositiveSmallIntegerField()
    outcome = models.CharField(max_length=20)
    xp = models.PositiveIntegerField()
    level = models.PositiveSmallIntegerField()
    threat = models.PositiveSmallIntegerField()
    alignment = models.CharField(max_length=20)
    blessings_discarded = models.PositiveSmallIntegerField(default=0)
    events_set_aside = models.CharField(max_length=120, blank=True)

    class Meta:
        ordering = ["game_number"]
        constraints = [
            models.UniqueConstraint(
                fields=["kinship", "game_number"], name="dawnshade_one_result_per_game"
            )
        ]

    def __str__(self) -> str:
        return f"Game {self.game_number}: {self.outcome}"


class HouseReward(models.Model):
    """A reward the mode's table leaves blank, entered once by the group and remembered for
    the campaign (a cell left ``None`` is still entered at each visit)."""

    kinship = models.ForeignKey(Kinship, on_delete=models.CASCADE, related_name="house_rewards")
    tile_type = models.CharField(max_length=20, choices=TILE_CHOICES)
    outcome = models.CharField(max_length=20)
    xp = models.PositiveSmallIntegerField(null=True, blank=True)
    tawny = models.PositiveSmallIntegerField(null=True, blank=True)
    loot_shoot_items = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["kinship", "tile_type", "outcome"], name="dawnshade_one_house_reward"
            )
        ]

    def __str__(self) -> str:
        return f"{self.tile_type} {self.outcome}"


class UnlockedArtifact(models.Model):
    """An Artifact a campaign owner unlocked by a Victory conclusion, for their later
    Dawnshade campaigns (End of Game / Campaign)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="dawnshade_artifacts"
    )
    key = models.CharField(max_length=20)  # "balanced" or a Watcher's key
    campaign = models.ForeignKey(
        Campaign, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    unlocked_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["unlocked_at"]

    def __str__(self) -> str:
        return self.key


FACTION_CHOICES = [
    (key, f"{faction.name} ({faction.chip_colour})") for key, faction in FOE_FACTIONS.items()
]


class Foe(models.Model):
    """A foe in the campaign's foe library: the back of its chip as the group entered it (the
    rulebook does not transcribe the foe chips), reused in every battle that names it."""

    kinship = models.ForeignKey(Kinship, on_delete=models.CASCADE, related_name="foes")
    name = models.CharField(max_length=60)
    faction = models.CharField(max_length=20, choices=FACTION_CHOICES)
    hp = models.PositiveSmallIntegerField()
    sld = models.PositiveSmallIntegerField(default=0)
    atk = models.PositiveSmallIntegerField(default=0)
    defense = models.PositiveSmallIntegerField(default=0)
    special = models.CharField(max_length=300, blank=True)

    class Meta:
        ordering = ["name", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["kinship", "name"], name="dawnshade_one_foe_per_name")
        ]

    def __str__(self) -> str:
        return self.name
