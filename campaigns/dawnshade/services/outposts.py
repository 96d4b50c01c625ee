"""Outpost activities: the Guild Hall, Mercantile, Foundry and Boomshot Gallery.

Quest Tiles - Outpost (and the Starting Village acting as any Outpost); Outpost Upgrades.
The Tavern's games are table tools of their own; their winnings are Tawny changes.
"""

from collections.abc import Mapping, Sequence

from django.db import transaction

from campaigns.dawnshade.catalog.characters import STATS
from campaigns.dawnshade.catalog.items import ITEM_TYPES
from campaigns.dawnshade.catalog.quest_deck import (
    BOOMSHOT_GALLERY,
    FOUNDRY,
    GUILD_HALL,
    MERCANTILE,
)
from campaigns.dawnshade.catalog.vaki import ELEMENTS
from campaigns.dawnshade.rules.errors import RuleViolation
from campaigns.dawnshade.rules.foundry import (
    buy_cogbehemoth,
    buy_cogbot_fighter,
)
from campaigns.dawnshade.rules.foundry import (
    foundry_transmute as transmute_rule,
)
from campaigns.dawnshade.rules.items import item_purchase, item_sale
from campaigns.dawnshade.rules.outposts import boomshot_shots
from campaigns.dawnshade.rules.training import (
    CharacterSheet,
    RaiseStat,
    TrainingSpend,
    UnlockSkillDie,
    UnspentTrainingPoints,
    guild_hall_visit,
)
from campaigns.table.errors import ValidationError
from campaigns.table.ledger import record_row_change
from campaigns.table.models import Campaign, LedgerEntry

from ..models import Item, ItemStatus
from ._common import (
    check_character_player,
    clean_name,
    kinship_character,
    level_here,
    locked_kinship,
    outpost_visit,
    record,
)
from .kinds import Kind
from .totals import (
    BOOMSHOT_SHOTS,
    COGBEHEMOTH,
    COGBOT_FIGHTER,
    TAWNY,
    TP,
    TRAINING_POINTS,
    die_key,
    kinship_totals,
    of,
    pool_key,
    stat_key,
    vaki_key,
    visit_marker,
)


def _describe(spends: Sequence[TrainingSpend]) -> str:
    parts = []
    for spend in spends:
        if isinstance(spend, RaiseStat):
            parts.append(f"+1 {STATS[spend.stat].abbreviation}")
        else:
            parts.append(f"Skill Die {spend.die}")
    return ", ".join(parts)


def guild_hall_train(
    *,
    campaign: Campaign,
    actor,
    spends: Mapping[int, Sequence[TrainingSpend]],
    visit_id: int | None = None,
) -> LedgerEntry:
    """Every character spends training points at the same Guild Hall visit: each point raises
    a stat other than AGI by 1 or unlocks one Skill Die. What becomes of a point one
    character leaves unspent is the campaign's setting (the rulebook does not say)."""
    with transaction.atomic():
        campaign, kinship = locked_kinship(campaign)
        visit = outpost_visit(kinship, GUILD_HALL, visit_id)
        if visit.trained:
            raise RuleViolation(
                "The Kinship has trained at this Guild Hall visit: its training points are spent "
                "together, at one time"
            )
        characters = list(kinship.characters.all())
        by_key = {str(character.pk): character for character in characters}
        unknown = {str(pk) for pk in spends} - set(by_key)
        if unknown:
            raise ValidationError("Only the Kinship's characters train at the Guild Hall.")
        if not any(spends.values()):
            raise ValidationError("Choose what at least one character trains.")
        for pk, chosen in spends.items():
            if chosen:
                check_character_player(campaign, by_key[str(pk)], actor=actor)
        totals = kinship_totals(campaign)
        sheets = {
            key: CharacterSheet(
                stats=totals.stats(character), skill_dice=totals.of(character).skill_dice
            )
            for key, character in by_key.items()
        }
        points = {key: totals.of(character).training_points for key, character in by_key.items()}
        try:
            result = guild_hall_visit(
                characters=sheets,
                training_points=points,
                spends={str(pk): list(chosen) for pk, chosen in spends.items()},
                unspent=UnspentTrainingPoints(kinship.unspent_training_points),
            )
        except RuleViolation as refusal:
            # Name the character whose training broke the rule, beside their fields.
            for pk, chosen in spends.items():
                try:
                    guild_hall_visit(
                        characters={str(pk): sheets[str(pk)]},
                        training_points={str(pk): points[str(pk)]},
                        spends={str(pk): list(chosen)},
                        unspent=UnspentTrainingPoints.KEPT,
                    )
                except RuleViolation:
                    raise ValidationError(
                        {f"character_{pk}": f"{by_key[str(pk)].name}: {refusal}"}
                    ) from None
            raise
        deltas: dict = {}
        for key, trained in result.characters.items():
            character = by_key[key]
            for stat, value in trained.stats.items():
                change = value - sheets[key].stats[stat]
                if change:
                    deltas[of(character.pk, stat_key(stat))] = change
            for die in trained.skill_dice - sheets[key].skill_dice:
                deltas[of(character.pk, die_key(die))] = 1
            change = result.training_points_after[key] - points[key]
            if change:
                deltas[of(character.pk, TP)] = change
        if result.cubes_removed:
            deltas[TRAINING_POINTS] = -result.cubes_removed
        record_row_change(deltas, "visit", visit.pk, "trained", False, True)
        visit.trained = True
        visit.save(update_fields=["trained"])
        trained_words = "; ".join(
            f"{by_key[str(pk)].name} {_describe(chosen)}" for pk, chosen in spends.items() if chosen
        )
        return record(
            campaign=campaign,
            actor=actor,
            kind=Kind.GUILD_HALL,
            reason=f"Guild Hall training: {trained_words}",
            deltas=deltas,
        )


def training_spends(stat_raises: Mapping[str, int], dice: Sequence[int]) -> list[TrainingSpend]:
    """A character's choices at the Guild Hall as the rules' spends: +1 per stat point and
    one per Skill Die (AGI included, so the rules can refuse it with their message)."""
    spends: list[TrainingSpend] = []
    for stat, count in stat_raises.items():
        if count < 0:
            raise ValidationError({f"raise_{stat}": "Training raises a stat; it never lowers one."})
        spends.extend(RaiseStat(stat) for _ in range(count))
    spends.extend(UnlockSkillDie(int(die)) for die in dice)
    return spends


def _items_held(character) -> int:
    return Item.objects.filter(character=character, status=ItemStatus.HELD).count()


def item_buy(
    *,
    campaign: Campaign,
    actor,
    character,
    name: str,
    item_type: str,
    tier: int,
    buy_price: int | None,
    sell_price: int | None = None,
    armour: bool = False,
    visit_id: int | None = None,
) -> Item:
    """Buy an Item Card at the Mercantile for its buy price: within the character's ITEMS cap,
    from the tiers this chapter's Mercantile draws, with the character's own Tawny."""
    name = clean_name(name)
    if item_type not in ITEM_TYPES:
        raise ValidationError({"item_type": "An item is Instant, Consumable or Permanent."})
    if buy_price is None:
        raise ValidationError({"buy_price": "Enter the buy price printed on the card."})
    with transaction.atomic():
        campaign, kinship = locked_kinship(campaign)
        outpost_visit(kinship, MERCANTILE, visit_id)
        character = kinship_character(kinship, character)
        check_character_player(campaign, character, actor=actor)
        totals = kinship_totals(campaign)
        try:
            trade = item_purchase(
                tawny=totals.of(character).tawny,
                items_held=_items_held(character),
                items_stat=totals.stats(character)["items"],
                buy_price=buy_price,
                tier=tier,
                mercantile_level=level_here(kinship),
            )
        except RuleViolation as refusal:
            field = (
                "tier"
                if "Tier" in str(refusal)
                else "buy_price"
                if "Tawny" in str(refusal)
                else "character"
            )
            raise ValidationError({field: str(refusal)}) from None
        item = Item.objects.create(
            character=character,
            name=name,
            item_type=item_type,
            tier=tier,
            buy_price=buy_price,
            sell_price=sell_price,
            armour=armour,
            game_number=kinship.game_number,
        )
        deltas: dict = {}
        if buy_price:
            deltas[of(character.pk, TAWNY)] = trade.tawny_after - totals.of(character).tawny
        record_row_change(deltas, "item", item.pk, "exists", False, True)
        record(
            campaign=campaign,
            actor=actor,
            kind=Kind.ITEM_BUY,
            subject=character,
            reason=f"{character.name} bought {name} for {buy_price} Tawny at the Mercantile",
            deltas=deltas,
        )
    return item


def item_sell(*, campaign: Campaign, actor, item, visit_id: int | None = None) -> LedgerEntry:
    """Sell a held item at the Mercantile for its sell price; it joins the cards for sale."""
    with transaction.atomic():
        campaign, kinship = locked_kinship(campaign)
        outpost_visit(kinship, MERCANTILE, visit_id)
        item = (
            Item.objects.select_related("character")
            .filter(
                pk=getattr(item, "pk", item), character__kinship=kinship, status=ItemStatus.HELD
            )
            .first()
        )
        if item is None:
            raise ValidationError({"item": "That item is not held by anyone in the Kinship."})
        if item.sell_price is None:
            raise ValidationError(
                {"item": "Enter the item's sell price first (it is printed on the card)."}
            )
        character = item.character
        check_character_player(campaign, character, actor=actor)
        totals = kinship_totals(campaign)
        trade = item_sale(
            tawny=totals.of(character).tawny,
            items_held=_items_held(character),
            sell_price=item.sell_price,
        )
        deltas: dict = {}
        if item.sell_price:
            deltas[of(character.pk, TAWNY)] = trade.tawny_after - totals.of(character).tawny
        record_row_change(deltas, "item", item.pk, "status", ItemStatus.HELD, ItemStatus.SOLD)
        item.status = ItemStatus.SOLD
        item.save(update_fields=["status"])
        return record(
            campaign=campaign,
            actor=actor,
            kind=Kind.ITEM_SELL,
            subject=character,
            reason=f"{character.name} sold {item.name} for {item.sell_price} Tawny",
            deltas=deltas,
        )


def foundry_transmute(
    *,
    campaign: Campaign,
    actor,
    character,
    element: str,
    vaki: int = 1,
    visit_id: int | None = None,
) -> LedgerEntry:
    """Transmute Tawny into väki at the Foundry: 3 Tawny for each Tier I väki drawn from the
    pool (Quest Tiles - Outpost - Foundry)."""
    with transaction.atomic():
        campaign, kinship = locked_kinship(campaign)
        outpost_visit(kinship, FOUNDRY, visit_id)
        character = kinship_character(kinship, character)
        check_character_player(campaign, character, actor=actor)
        totals = kinship_totals(campaign)
        try:
            done = transmute_rule(
                tawny=totals.of(character).tawny,
                element=element,
                vaki=vaki,
                pool=totals.pool,
                level=level_here(kinship),
            )
        except RuleViolation as refusal:
            field = "vaki" if "Tawny" in str(refusal) or "least" in str(refusal) else "element"
            raise ValidationError({field: str(refusal)}) from None
        deltas = {
            of(character.pk, TAWNY): -done.tawny_paid,
            pool_key(element): -vaki,
            of(character.pk, vaki_key(element)): vaki,
        }
        return record(
            campaign=campaign,
            actor=actor,
            kind=Kind.TRANSMUTE,
            subject=character,
            reason=f"{character.name} transmuted {done.tawny_paid} Tawny into {vaki} "
            f"{ELEMENTS[element].name} väki",
            deltas=deltas,
        )


def foundry_buy_cogbot_fighter(
    *, campaign: Campaign, actor, character, visit_id: int | None = None
) -> LedgerEntry:
    """A Cogbot Fighter for 1 Aurelian (10 Tawny) from a level II Foundry, one per player; it
    stays in the character's Battle Stack until it is KO'd."""
    with transaction.atomic():
        campaign, kinship = locked_kinship(campaign)
        outpost_visit(kinship, FOUNDRY, visit_id)
        character = kinship_character(kinship, character)
        check_character_player(campaign, character, actor=actor)
        totals = kinship_totals(campaign)
        try:
            bought = buy_cogbot_fighter(
                tawny=totals.of(character).tawny,
                level=level_here(kinship),
                has_cogbot_fighter=totals.of(character).has_cogbot_fighter,
            )
        except RuleViolation as refusal:
            raise ValidationError({"character": str(refusal)}) from None
        return record(
            campaign=campaign,
            actor=actor,
            kind=Kind.COGBOT_FIGHTER,
            subject=character,
            reason=f"{character.name} bought a Cogbot Fighter for {bought.tawny_paid} Tawny",
            deltas={
                of(character.pk, TAWNY): -bought.tawny_paid,
                of(character.pk, COGBOT_FIGHTER): 1,
            },
        )


def foundry_buy_cogbehemoth(
    *, campaign: Campaign, actor, character, visit_id: int | None = None
) -> LedgerEntry:
    """A Cogbehemoth for 3 Aurelian (30 Tawny) from a level III Foundry, one per Kinship; the
    buyer pays it all and holds a chip for each player until the one battle it lasts."""
    with transaction.atomic():
        campaign, kinship = locked_kinship(campaign)
        outpost_visit(kinship, FOUNDRY, visit_id)
        character = kinship_character(kinship, character)
        check_character_player(campaign, character, actor=actor)
        totals = kinship_totals(campaign)
        characters = list(kinship.characters.all())
        try:
            bought = buy_cogbehemoth(
                tawny=totals.of(character).tawny,
                level=level_here(kinship),
                kinship_has_cogbehemoth=any(totals.of(c).has_cogbehemoth for c in characters),
                players=len(characters),
            )
        except RuleViolation as refusal:
            raise ValidationError({"character": str(refusal)}) from None
        return record(
            campaign=campaign,
            actor=actor,
            kind=Kind.COGBEHEMOTH,
            subject=character,
            reason=f"{character.name} bought the Cogbehemoth for {bought.tawny_paid} Tawny "
            f"({bought.chips} chips)",
            deltas={of(character.pk, TAWNY): -bought.tawny_paid, of(character.pk, COGBEHEMOTH): 1},
        )


def boomshot_shots_taken(campaign, visit, character) -> int:
    """Shots the character has paid for at this Boomshot Gallery visit (one query)."""
    marker = visit_marker(visit, BOOMSHOT_SHOTS)
    paid = LedgerEntry.objects.filter(
        campaign=campaign,
        kind=Kind.BOOMSHOT,
        subject_id=str(character.pk),
        deltas__has_key=marker,
        reversed_by__isnull=True,
    ).values_list("deltas", flat=True)
    return sum(deltas.get(marker, 0) for deltas in paid)


def boomshot_play(
    *, campaign: Campaign, actor, character, shots: int | None, visit_id: int | None = None
) -> LedgerEntry:
    """Pay 1 Tawny a shot at the Boomshot Gallery, up to the level's most shots a visit. The
    targets' prizes are on the physical Gallery: add them as a Tawny change."""
    if shots is None:
        raise ValidationError({"shots": "Enter how many shots."})
    with transaction.atomic():
        campaign, kinship = locked_kinship(campaign)
        visit = outpost_visit(kinship, BOOMSHOT_GALLERY, visit_id)
        character = kinship_character(kinship, character)
        check_character_player(campaign, character, actor=actor)
        totals = kinship_totals(campaign)
        taken = boomshot_shots_taken(campaign, visit, character)
        try:
            entry = boomshot_shots(
                level=level_here(kinship),
                shots=taken + shots,
                tawny=totals.of(character).tawny + taken,
            )
            if shots < 1:
                raise RuleViolation("Take at least one shot, or do not play")
        except RuleViolation as refusal:
            message = str(refusal)
            if taken:
                message += f" ({character.name} has taken {taken} this visit)"
            raise ValidationError({"shots": message}) from None
        return record(
            campaign=campaign,
            actor=actor,
            kind=Kind.BOOMSHOT,
            subject=character,
            reason=f"{character.name} paid {shots} Tawny for {shots} Boomshot shot{'s' if shots > 1 else ''}",
            deltas={
                of(character.pk, TAWNY): -(entry.tawny_paid - taken),
                of(character.pk, BOOMSHOT_SHOTS): shots,
                visit_marker(visit, BOOMSHOT_SHOTS): shots,
            },
        )
