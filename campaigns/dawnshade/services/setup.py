"""Setting up the Kinship: mode, difficulty, the campaign settings for the rulebook's gaps,
remembered house rewards, and the characters with their entered starting stats."""

from collections.abc import Mapping

from django.db import transaction

from campaigns.dawnshade.catalog.characters import STAT_ORDER, STATS
from campaigns.dawnshade.catalog.modes import DIFFICULTIES, MODES
from campaigns.dawnshade.catalog.quest_deck import OUTCOMES_BY_TILE, QUEST_TILE_TYPES
from campaigns.dawnshade.rules.errors import RuleViolation
from campaigns.dawnshade.rules.rewards import tile_reward
from campaigns.dawnshade.rules.training import UnspentTrainingPoints
from campaigns.table.errors import ValidationError
from campaigns.table.ledger import lock_campaign, record_row_change
from campaigns.table.models import Campaign, LedgerEntry

from ..models import Character, HouseReward, Kinship, TawnyRewardReading
from ._common import check_character_player, clean_name, kinship_character, locked_kinship, record
from .kinds import Kind
from .totals import TP, TRAINING_POINTS, kinship_totals, of

SETTING_FIELDS = ("unspent_training_points", "tawny_rewards", "table_rewards_at_conclusion")
REWARD_CELLS = ("xp", "tawny", "loot_shoot_items")
CELL_NAMES = {"xp": "XP", "tawny": "Tawny", "loot_shoot_items": "Loot Shoot items"}


def _check_settings(unspent_training_points: str, tawny_rewards: str) -> None:
    if unspent_training_points not in UnspentTrainingPoints.__members__.values():
        raise ValidationError(
            {"unspent_training_points": "Choose whether unspent points are kept or lost."}
        )
    if tawny_rewards not in TawnyRewardReading.values:
        raise ValidationError({"tawny_rewards": "Choose who receives a printed Tawny reward."})


def kinship_create(
    *,
    campaign: Campaign,
    actor,
    mode: str,
    difficulty: str,
    solo: bool = False,
    unspent_training_points: str = UnspentTrainingPoints.KEPT.value,
    tawny_rewards: str = TawnyRewardReading.EACH,
    table_rewards_at_conclusion: bool = True,
) -> Kinship:
    """Start the Kinship of a Dawnshade campaign (Set-up - Game Mode; Difficulty Level &
    Threat Tracker), with the group's readings of the rulebook's gaps."""
    if mode not in MODES:
        raise ValidationError({"mode": "Choose Trilogy, Full Chapter or Power Level."})
    if difficulty not in DIFFICULTIES:
        raise ValidationError({"difficulty": "Choose Easy, Normal or Hard."})
    _check_settings(unspent_training_points, tawny_rewards)
    with transaction.atomic():
        locked = lock_campaign(campaign.pk)
        if locked.game != "dawnshade":
            raise ValidationError("This campaign is not a Dawnshade campaign.")
        if Kinship.objects.filter(campaign=locked).exists():
            raise RuleViolation("This campaign's Kinship is set up already")
        kinship = Kinship.objects.create(
            campaign=locked,
            mode=mode,
            difficulty=difficulty,
            solo=solo,
            unspent_training_points=unspent_training_points,
            tawny_rewards=tawny_rewards,
            table_rewards_at_conclusion=table_rewards_at_conclusion,
        )
        record(
            campaign=locked,
            actor=actor,
            kind=Kind.KINSHIP_CREATE,
            reason=f"The Kinship sets out: {MODES[mode].name}, "
            f"{DIFFICULTIES[difficulty].name}{', solo' if solo else ''}",
            deltas={},
        )
    return kinship


def kinship_settings_change(
    *,
    campaign: Campaign,
    actor,
    unspent_training_points: str,
    tawny_rewards: str,
    table_rewards_at_conclusion: bool,
) -> LedgerEntry | None:
    """Change the campaign's readings of the rulebook's gaps; remembered until changed."""
    _check_settings(unspent_training_points, tawny_rewards)
    with transaction.atomic():
        campaign, kinship = locked_kinship(campaign)
        wanted = {
            "unspent_training_points": unspent_training_points,
            "tawny_rewards": tawny_rewards,
            "table_rewards_at_conclusion": table_rewards_at_conclusion,
        }
        deltas: dict = {}
        for field, value in wanted.items():
            if getattr(kinship, field) != value:
                record_row_change(
                    deltas, "kinship", kinship.pk, field, getattr(kinship, field), value
                )
                setattr(kinship, field, value)
        if not deltas:
            return None
        kinship.save(update_fields=list(wanted))
        return record(
            campaign=campaign,
            actor=actor,
            kind=Kind.SETTINGS,
            reason="Changed the campaign's settings for the rulebook's gaps",
            deltas=deltas,
        )


def house_reward_set(
    *,
    campaign: Campaign,
    actor,
    tile_type: str,
    outcome: str,
    xp: int | None = None,
    tawny: int | None = None,
    loot_shoot_items: int | None = None,
) -> LedgerEntry:
    """Remember a reward for a cell the mode's table leaves blank (a house value, or the
    Logbook's when it never changes). Printed cells cannot be overridden."""
    if tile_type not in QUEST_TILE_TYPES or outcome not in OUTCOMES_BY_TILE.get(tile_type, ()):
        raise ValidationError({"tile_type": "Choose a tile and one of its outcomes."})
    values = {"xp": xp, "tawny": tawny, "loot_shoot_items": loot_shoot_items}
    with transaction.atomic():
        campaign, kinship = locked_kinship(campaign)
        reward = tile_reward(kinship.mode, tile_type, outcome, chapter=1)
        for cell, value in values.items():
            if value is None:
                continue
            if value < 0:
                raise ValidationError({cell: f"{CELL_NAMES[cell]} cannot be negative."})
            if cell not in reward.needs_entry:
                raise ValidationError(
                    {
                        cell: f"The rulebook prints the {CELL_NAMES[cell]} for this tile; nothing to enter."
                    }
                )
        if all(value is None for value in values.values()):
            raise ValidationError("Enter at least one value the table leaves blank.")
        house = HouseReward.objects.filter(
            kinship=kinship, tile_type=tile_type, outcome=outcome
        ).first()
        deltas: dict = {}
        if house is None:
            house = HouseReward.objects.create(
                kinship=kinship, tile_type=tile_type, outcome=outcome, **values
            )
            record_row_change(deltas, "house_reward", house.pk, "exists", False, True)
        else:
            for cell, value in values.items():
                record_row_change(
                    deltas, "house_reward", house.pk, cell, getattr(house, cell), value
                )
                setattr(house, cell, value)
            house.save(update_fields=list(values))
        shown = ", ".join(
            f"{value} {CELL_NAMES[cell]}" for cell, value in values.items() if value is not None
        )
        return record(
            campaign=campaign,
            actor=actor,
            kind=Kind.HOUSE_REWARD,
            reason=f"Remembered reward for {QUEST_TILE_TYPES[tile_type].name} "
            f"({outcome.replace('_', ' ')}): {shown}",
            deltas=deltas,
        )


def _check_stats(stats: Mapping[str, int | None]) -> dict[str, int]:
    clean = {}
    for stat in STAT_ORDER:
        value = stats.get(stat)
        if value is None:
            raise ValidationError(
                {
                    f"start_{stat}": f"Enter the starting {STATS[stat].abbreviation} from the Character Mat."
                }
            )
        if value < 0:
            raise ValidationError({f"start_{stat}": "A stat cannot be negative."})
        clean[stat] = value
    return clean


def character_add(
    *, campaign: Campaign, actor, name: str, stats: Mapping[str, int | None], player=None
) -> Character:
    """A character joins the Kinship with the starting stats read from its Character Mat
    (the rulebook does not print them). Joining after level-ups, it may spend the training
    points on the Väki Mat like everyone else (each cube is one point per player)."""
    name = clean_name(name)
    clean = _check_stats(stats)
    with transaction.atomic():
        campaign, kinship = locked_kinship(campaign)
        if kinship.concluded:
            raise RuleViolation("The campaign has concluded")
        seats = list(kinship.characters.values_list("seat", flat=True))
        character = Character.objects.create(
            kinship=kinship,
            seat=max(seats, default=0) + 1,
            name=name,
            player=player,
            **{f"start_{stat}": value for stat, value in clean.items()},
        )
        deltas: dict = {}
        record_row_change(deltas, "character", character.pk, "exists", False, True)
        cubes = kinship_totals(campaign).value(TRAINING_POINTS)
        if cubes:
            deltas[of(character.pk, TP)] = cubes
        if kinship.in_game and kinship.active_seat is None:
            record_row_change(deltas, "kinship", kinship.pk, "active_seat", None, character.seat)
            kinship.active_seat = character.seat
            kinship.save(update_fields=["active_seat"])
        record(
            campaign=campaign,
            actor=actor,
            kind=Kind.CHARACTER_ADD,
            subject=character,
            reason=f"{name} joins the Kinship (seat {character.seat})",
            deltas=deltas,
        )
    return character


def character_set_starting_stats(
    *, campaign: Campaign, actor, character: Character | int, stats: Mapping[str, int | None]
) -> LedgerEntry | None:
    """Correct the starting stats entered from the Character Mat."""
    clean = _check_stats(stats)
    with transaction.atomic():
        campaign, kinship = locked_kinship(campaign)
        character = kinship_character(kinship, character)
        check_character_player(campaign, character, actor=actor)
        deltas: dict = {}
        for stat, value in clean.items():
            field = f"start_{stat}"
            if getattr(character, field) != value:
                record_row_change(
                    deltas, "character", character.pk, field, getattr(character, field), value
                )
                setattr(character, field, value)
        if not deltas:
            return None
        character.save(update_fields=[f"start_{stat}" for stat in STAT_ORDER])
        return record(
            campaign=campaign,
            actor=actor,
            kind=Kind.CHARACTER_STARTING_STATS,
            subject=character,
            reason=f"Corrected {character.name}'s starting stats from the Character Mat",
            deltas=deltas,
        )
