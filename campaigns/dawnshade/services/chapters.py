"""Starting and ending a game (a chapter session), and the campaign's conclusion.

Set-up; Quest Tiles - Starting Village; End of Game / Campaign; Alternate Game Modes.
"""

from django.db import transaction

from campaigns.dawnshade.catalog.blessings import BLESSINGS
from campaigns.dawnshade.catalog.quest_deck import EVENT, STARTING_VILLAGE
from campaigns.dawnshade.catalog.watchers import WATCHER_ORDER
from campaigns.dawnshade.rules.alignment import ALIGNED, alignment_status
from campaigns.dawnshade.rules.chapters import (
    ROMAN,
    alignment_resets_at_start,
    artifact_unlocked,
    campaign_concluded,
    starting_village_chapters,
)
from campaigns.dawnshade.rules.errors import RuleViolation
from campaigns.dawnshade.rules.vaki import starting_vaki_pool
from campaigns.table.errors import ValidationError
from campaigns.table.ledger import record_row_change
from campaigns.table.models import Campaign, LedgerEntry, Membership, Role

from ..models import ChapterResult, Kinship, Tile, UnlockedArtifact, Visit
from ._common import at_major_threat, in_game_visit, locked_kinship, record
from .kinds import Kind
from .totals import THREAT, align_key, blessing_key, kinship_totals, pool_key


def status_key(status) -> str:
    """ "balanced", "unaligned" or the aligned Watcher's key, as stored."""
    return status.watcher if status.kind == ALIGNED else status.kind


def _set(deltas: dict, kinship: Kinship, field: str, value) -> None:
    old = getattr(kinship, field)
    if old != value:
        record_row_change(deltas, "kinship", kinship.pk, field, old, value)
        setattr(kinship, field, value)


def chapter_start(
    *, campaign: Campaign, actor, narrative_chapter: int | None = None
) -> LedgerEntry:
    """Set up the next game: threat to 0, the väki pool for the number of players, the
    alignment reset when the mode says so (Full Chapter's game 4), the Starting Village on the
    Quest Mat with the Kinship on it, and the first seat as Active Player. The second game of
    a Trilogy chooses its narrative from Chapters II-V."""
    with transaction.atomic():
        campaign, kinship = locked_kinship(campaign)
        if kinship.concluded:
            raise RuleViolation("The campaign has concluded")
        if kinship.in_game:
            raise RuleViolation(f"Game {kinship.game_number} is still being played: end it first")
        characters = list(kinship.characters.all())
        if not characters:
            raise RuleViolation("Add the Kinship's characters first")
        game = kinship.game_number + 1
        choices = starting_village_chapters(kinship.mode, game)
        if len(choices) == 1:
            if narrative_chapter not in (None, choices[0]):
                raise ValidationError(
                    {
                        "narrative_chapter": f"Game {game} reads the Chapter {ROMAN[choices[0]]} narrative."
                    }
                )
            narrative_chapter = choices[0]
        elif narrative_chapter not in choices:
            raise ValidationError(
                {
                    "narrative_chapter": "The second game reads one of the Chapter II-V narratives: choose one."
                }
            )
        totals = kinship_totals(campaign)
        deltas: dict = {}
        if totals.threat:
            deltas[THREAT] = -totals.threat
        for element, chips in starting_vaki_pool(len(characters)).items():
            if chips != totals.pool[element]:
                deltas[pool_key(element)] = chips - totals.pool[element]
        resets = game > 1 and alignment_resets_at_start(kinship.mode, game)
        if resets:
            for watcher in WATCHER_ORDER:
                if totals.alignment[watcher]:
                    deltas[align_key(watcher)] = -totals.alignment[watcher]
        _set(deltas, kinship, "game_number", game)
        _set(deltas, kinship, "narrative_chapter", narrative_chapter)
        _set(deltas, kinship, "in_game", True)
        _set(deltas, kinship, "active_seat", characters[0].seat)
        kinship.save()
        village = Tile.objects.create(
            kinship=kinship, game_number=game, revealed_order=0, tile_type=STARTING_VILLAGE
        )
        start = Visit.objects.create(
            kinship=kinship,
            tile=village,
            game_number=game,
            seq=0,
            active_character=characters[0],
        )
        record_row_change(deltas, "tile", village.pk, "exists", False, True)
        record_row_change(deltas, "visit", start.pk, "exists", False, True)
        reason = f"Game {game} begins: the Chapter {ROMAN[narrative_chapter]} Starting Village"
        if resets:
            reason += "; Watchers Alignment resets to Balanced"
        return record(
            campaign=campaign, actor=actor, kind=Kind.CHAPTER_START, reason=reason, deltas=deltas
        )


def chapter_end(*, campaign: Campaign, actor, visit_id: int | None = None) -> LedgerEntry:
    """The Major Threat is completed and its rewards earned: the chapter ends. Unused
    Watchers Blessings are discarded, the game's Event tiles are set aside for the rest of the
    campaign and the result is kept. After the last game the campaign concludes by the
    Watchers Alignment; a first Victory while Balanced or Aligned unlocks that Artifact for
    each owner, for their later campaigns (End of Game / Campaign)."""
    with transaction.atomic():
        campaign, kinship = locked_kinship(campaign)
        visit = in_game_visit(kinship, visit_id)
        if not at_major_threat(visit) or not visit.rewarded:
            raise RuleViolation(
                "A chapter ends once the Major Threat is completed and its rewards are earned"
            )
        totals = kinship_totals(campaign)
        status = alignment_status(totals.alignment)
        deltas: dict = {}
        discarded = 0
        for blessing in BLESSINGS:
            held = totals.blessings[blessing]
            if held:
                deltas[blessing_key(blessing)] = -held
                discarded += held
        events = list(
            Tile.objects.filter(
                kinship=kinship, game_number=kinship.game_number, tile_type=EVENT, set_aside=False
            )
        )
        for tile in events:
            record_row_change(deltas, "tile", tile.pk, "set_aside", False, True)
            tile.set_aside = True
            tile.save(update_fields=["set_aside"])
        result = ChapterResult.objects.create(
            kinship=kinship,
            game_number=kinship.game_number,
            narrative_chapter=kinship.narrative_chapter,
            outcome=visit.outcome,
            xp=totals.xp,
            level=totals.level,
            threat=totals.threat,
            alignment=status_key(status),
            blessings_discarded=discarded,
            events_set_aside=", ".join(tile.label for tile in events),
        )
        record_row_change(deltas, "chapter_result", result.pk, "exists", False, True)
        _set(deltas, kinship, "in_game", False)
        reason = f"Game {kinship.game_number} ends: {status.label}"
        if campaign_concluded(kinship.mode, kinship.game_number):
            _set(deltas, kinship, "concluded", True)
            _set(deltas, kinship, "conclusion_alignment", status_key(status))
            _set(deltas, kinship, "conclusion_outcome", visit.outcome)
            owners = Membership.objects.filter(campaign=campaign, role=Role.OWNER)
            unlocked_keys = set()
            for owner in owners:
                already = set(
                    UnlockedArtifact.objects.filter(user_id=owner.user_id).values_list(
                        "key", flat=True
                    )
                )
                unlock = artifact_unlocked(
                    outcome=visit.outcome, status=status, already_unlocked=already
                )
                if unlock is not None:
                    artifact = UnlockedArtifact.objects.create(
                        user_id=owner.user_id, key=unlock.key, campaign=campaign
                    )
                    record_row_change(deltas, "artifact", artifact.pk, "exists", False, True)
                    unlocked_keys.add(unlock.key)
            _set(deltas, kinship, "artifact", next(iter(unlocked_keys), ""))
            reason = f"The campaign concludes: {status.label}"
            if unlocked_keys:
                reason += "; an Artifact is unlocked"
        kinship.save()
        return record(
            campaign=campaign, actor=actor, kind=Kind.CHAPTER_END, reason=reason, deltas=deltas
        )
