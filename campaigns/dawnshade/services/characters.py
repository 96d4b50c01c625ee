"""What happens to a character outside the Outposts: items won, dropped or used; Tawny
from the Logbook, the Tavern or a Boomshot prize; conditions carried into the next battle;
Cataclysms that change a stat; the Cogbot Fighter KO'd and the Cogbehemoth discarded.

Set-up - Currency; Events - Loot Shoot; Quest Tiles - Outpost - Mercantile and Foundry;
Watchers Temple - Cataclysm; Let The Battle Begin! - Conditions.
"""

from django.db import transaction

from campaigns.dawnshade.catalog.characters import STATS
from campaigns.dawnshade.catalog.conditions import CONDITIONS
from campaigns.dawnshade.catalog.items import ITEM_TYPES
from campaigns.dawnshade.rules.currency import tawny_transfer
from campaigns.dawnshade.rules.errors import RuleViolation
from campaigns.dawnshade.rules.items import item_discarded_after_use, item_pickup, item_transfer
from campaigns.table.errors import ValidationError
from campaigns.table.ledger import record_row_change
from campaigns.table.models import Campaign, LedgerEntry

from ..models import Item, ItemStatus
from ._common import check_character_player, clean_name, kinship_character, locked_kinship, record
from .kinds import Kind
from .totals import COGBEHEMOTH, COGBOT_FIGHTER, TAWNY, condition_key, kinship_totals, of, stat_key

REASON_MAX_LENGTH = 120


def _clean_reason(reason: str) -> str:
    reason = " ".join((reason or "").split())[:REASON_MAX_LENGTH]
    if not reason:
        raise ValidationError({"reason": "Say where it came from (the Logbook, the Tavern...)."})
    return reason


def item_take(
    *,
    campaign: Campaign,
    actor,
    character,
    name: str,
    item_type: str,
    tier: int = 1,
    sell_price: int | None = None,
    buy_price: int | None = None,
    armour: bool = False,
    reason: str = "",
) -> Item:
    """A character takes an item won or given (Loot Shoot, a Logbook reward, Divine
    Guidance), if its ITEMS stat leaves room; otherwise drop one first."""
    name = clean_name(name)
    reason = _clean_reason(reason)
    if item_type not in ITEM_TYPES:
        raise ValidationError({"item_type": "An item is Instant, Consumable or Permanent."})
    with transaction.atomic():
        campaign, kinship = locked_kinship(campaign)
        character = kinship_character(kinship, character)
        check_character_player(campaign, character, actor=actor)
        totals = kinship_totals(campaign)
        held = Item.objects.filter(character=character, status=ItemStatus.HELD).count()
        try:
            item_pickup(items_held=held, items_stat=totals.stats(character)["items"])
        except RuleViolation as refusal:
            raise ValidationError({"name": str(refusal)}) from None
        item = Item.objects.create(
            character=character,
            name=name,
            item_type=item_type,
            tier=tier,
            sell_price=sell_price,
            buy_price=buy_price,
            armour=armour,
            game_number=kinship.game_number,
        )
        deltas: dict = {}
        record_row_change(deltas, "item", item.pk, "exists", False, True)
        record(
            campaign=campaign,
            actor=actor,
            kind=Kind.ITEM_TAKE,
            subject=character,
            reason=f"{character.name} took {name} ({reason})",
            deltas=deltas,
        )
    return item


def _held_item(kinship, item) -> Item:
    found = (
        Item.objects.select_related("character")
        .filter(pk=getattr(item, "pk", item), character__kinship=kinship, status=ItemStatus.HELD)
        .first()
    )
    if found is None:
        raise ValidationError({"item": "That item is not held by anyone in the Kinship."})
    return found


def _item_status(*, campaign, actor, item, status: str, kind: str, reason: str) -> LedgerEntry:
    deltas: dict = {}
    record_row_change(deltas, "item", item.pk, "status", item.status, status)
    item.status = status
    item.save(update_fields=["status"])
    return record(
        campaign=campaign,
        actor=actor,
        kind=kind,
        subject=item.character,
        reason=reason,
        deltas=deltas,
    )


def item_drop(*, campaign: Campaign, actor, item) -> LedgerEntry:
    """Drop an item (to make room, or by choice); no one else may pick it up."""
    with transaction.atomic():
        campaign, kinship = locked_kinship(campaign)
        item = _held_item(kinship, item)
        check_character_player(campaign, item.character, actor=actor)
        return _item_status(
            campaign=campaign,
            actor=actor,
            item=item,
            status=ItemStatus.DROPPED,
            kind=Kind.ITEM_DROP,
            reason=f"{item.character.name} dropped {item.name}",
        )


def item_use(*, campaign: Campaign, actor, item) -> LedgerEntry:
    """Use an Instant or Consumable item: it is discarded. A Permanent item stays."""
    with transaction.atomic():
        campaign, kinship = locked_kinship(campaign)
        item = _held_item(kinship, item)
        check_character_player(campaign, item.character, actor=actor)
        if not item_discarded_after_use(item.item_type):
            raise ValidationError(
                {"item": f"{item.name} is Permanent: it stays until it is dropped or sold"}
            )
        return _item_status(
            campaign=campaign,
            actor=actor,
            item=item,
            status=ItemStatus.USED,
            kind=Kind.ITEM_USE,
            reason=f"{item.character.name} used {item.name}",
        )


def item_give(*, campaign: Campaign, actor, item, to_character) -> None:
    """Always refused: players may not transfer or trade items (Mercantile)."""
    item_transfer(giver=str(item), receiver=str(to_character))


def character_tawny_change(
    *, campaign: Campaign, actor, character, amount: int | None, reason: str
) -> LedgerEntry:
    """Tawny a character gains or pays outside the Outposts' prices (a Logbook reward, the
    Tavern, a Boomshot prize); a character never goes below 0."""
    reason = _clean_reason(reason)
    if not amount:
        raise ValidationError({"amount": "Enter how much Tawny was gained (or lost, below 0)."})
    with transaction.atomic():
        campaign, kinship = locked_kinship(campaign)
        character = kinship_character(kinship, character)
        check_character_player(campaign, character, actor=actor)
        held = kinship_totals(campaign).of(character).tawny
        if held + amount < 0:
            raise ValidationError({"amount": f"{character.name} has only {held} Tawny"})
        return record(
            campaign=campaign,
            actor=actor,
            kind=Kind.TAWNY_CHANGE,
            subject=character,
            reason=f"{character.name} {amount:+d} Tawny: {reason}",
            deltas={of(character.pk, TAWNY): amount},
        )


def character_tawny_give(*, campaign: Campaign, actor, character, to_character, amount: int):
    """Always refused, writing nothing: Tawny cannot be shared among characters (Set-up -
    Currency)."""
    try:
        tawny_transfer(giver=str(character), receiver=str(to_character), amount=amount)
    except RuleViolation as refusal:
        raise ValidationError({"to_character": str(refusal)}) from None


def character_condition_add(
    *, campaign: Campaign, actor, character, condition: str, reason: str
) -> LedgerEntry:
    """A condition placed on the character's Battle Stack for the next battle (a shift's
    benefit, Divine Guidance, a Logbook outcome). The same condition twice does not stack."""
    reason = _clean_reason(reason)
    if condition not in CONDITIONS:
        raise ValidationError({"condition": "Choose a condition."})
    with transaction.atomic():
        campaign, kinship = locked_kinship(campaign)
        character = kinship_character(kinship, character)
        check_character_player(campaign, character, actor=actor)
        if kinship_totals(campaign).of(character).value(condition_key(condition)):
            raise ValidationError(
                {
                    "condition": "The character has this condition already; the same condition does not stack"
                }
            )
        name = CONDITIONS[condition].name or "an unnamed condition"
        return record(
            campaign=campaign,
            actor=actor,
            kind=Kind.CONDITION_ADD,
            subject=character,
            reason=f"{character.name} carries {name} ({reason})",
            deltas={of(character.pk, condition_key(condition)): 1},
        )


def character_condition_remove(*, campaign: Campaign, actor, character, condition: str):
    """A carried condition resolves or is removed (after its battle, or by an effect)."""
    with transaction.atomic():
        campaign, kinship = locked_kinship(campaign)
        character = kinship_character(kinship, character)
        check_character_player(campaign, character, actor=actor)
        if condition not in CONDITIONS or not kinship_totals(campaign).of(character).value(
            condition_key(condition)
        ):
            raise ValidationError({"condition": "The character does not carry that condition."})
        name = CONDITIONS[condition].name or "an unnamed condition"
        return record(
            campaign=campaign,
            actor=actor,
            kind=Kind.CONDITION_REMOVE,
            subject=character,
            reason=f"{character.name}'s {name} is removed",
            deltas={of(character.pk, condition_key(condition)): -1},
        )


def character_stat_adjust(
    *, campaign: Campaign, actor, character, stat: str, amount: int | None, reason: str
) -> LedgerEntry:
    """A stat changed by a Cataclysm tile or the Logbook (not training: that is the Guild
    Hall's); a stat never goes below 0."""
    reason = _clean_reason(reason)
    if stat not in STATS:
        raise ValidationError({"stat": "Choose a stat."})
    if not amount:
        raise ValidationError({"amount": "Enter the change (below 0 to reduce the stat)."})
    with transaction.atomic():
        campaign, kinship = locked_kinship(campaign)
        character = kinship_character(kinship, character)
        check_character_player(campaign, character, actor=actor)
        value = kinship_totals(campaign).stats(character)[stat]
        if value + amount < 0:
            raise ValidationError(
                {"amount": f"{STATS[stat].abbreviation} is {value}; it cannot go below 0"}
            )
        return record(
            campaign=campaign,
            actor=actor,
            kind=Kind.STAT_ADJUST,
            subject=character,
            reason=f"{character.name} {amount:+d} {STATS[stat].abbreviation}: {reason}",
            deltas={of(character.pk, stat_key(stat)): amount},
        )


def cogbot_fighter_ko(*, campaign: Campaign, actor, character) -> LedgerEntry:
    """The character's Cogbot Fighter is KO'd in battle and leaves the campaign."""
    with transaction.atomic():
        campaign, kinship = locked_kinship(campaign)
        character = kinship_character(kinship, character)
        check_character_player(campaign, character, actor=actor)
        if not kinship_totals(campaign).of(character).has_cogbot_fighter:
            raise ValidationError({"character": f"{character.name} has no Cogbot Fighter."})
        return record(
            campaign=campaign,
            actor=actor,
            kind=Kind.COGBOT_FIGHTER_KO,
            subject=character,
            reason=f"{character.name}'s Cogbot Fighter was KO'd",
            deltas={of(character.pk, COGBOT_FIGHTER): -1},
        )


def cogbehemoth_discard(*, campaign: Campaign, actor, character) -> LedgerEntry:
    """The Cogbehemoth's chips are discarded after the one battle it lasts (or its KO)."""
    with transaction.atomic():
        campaign, kinship = locked_kinship(campaign)
        character = kinship_character(kinship, character)
        check_character_player(campaign, character, actor=actor)
        if not kinship_totals(campaign).of(character).has_cogbehemoth:
            raise ValidationError({"character": f"{character.name} holds no Cogbehemoth."})
        return record(
            campaign=campaign,
            actor=actor,
            kind=Kind.COGBEHEMOTH_DISCARD,
            subject=character,
            reason="The Cogbehemoth's battle is over: its chips are discarded",
            deltas={of(character.pk, COGBEHEMOTH): -1},
        )
