"""The ledger kinds of a Dawnshade campaign: one per player action."""

from enum import StrEnum


class Kind(StrEnum):
    KINSHIP_CREATE = "dawnshade.kinship.create"
    SETTINGS = "dawnshade.kinship.settings"
    HOUSE_REWARD = "dawnshade.house_reward"
    CHARACTER_ADD = "dawnshade.character.add"
    CHARACTER_STARTING_STATS = "dawnshade.character.starting_stats"
    CHAPTER_START = "dawnshade.chapter.start"
    CHAPTER_END = "dawnshade.chapter.end"
    MOVE = "dawnshade.turn.move"
    MAJOR_THREAT = "dawnshade.turn.major_threat"
    COMPLETE = "dawnshade.turn.complete"
    REWARDS = "dawnshade.turn.rewards"
    ACTIVE_PLAYER = "dawnshade.turn.active_player"
    TEMPLE_DRAW = "dawnshade.temple.draw"
    GUILD_HALL = "dawnshade.guild_hall.train"
    ITEM_BUY = "dawnshade.item.buy"
    ITEM_SELL = "dawnshade.item.sell"
    ITEM_TAKE = "dawnshade.item.take"
    ITEM_DROP = "dawnshade.item.drop"
    ITEM_USE = "dawnshade.item.use"
    TAWNY_CHANGE = "dawnshade.tawny.change"
    TRANSMUTE = "dawnshade.foundry.transmute"
    COGBOT_FIGHTER = "dawnshade.foundry.cogbot_fighter"
    COGBEHEMOTH = "dawnshade.foundry.cogbehemoth"
    COGBOT_FIGHTER_KO = "dawnshade.cogbot_fighter.ko"
    COGBEHEMOTH_DISCARD = "dawnshade.cogbehemoth.discard"
    BOOMSHOT = "dawnshade.boomshot.shots"
    VAKI_DRAW = "dawnshade.vaki.draw"
    VAKI_COMBINE = "dawnshade.vaki.combine"
    VAKI_SPLIT = "dawnshade.vaki.split"
    VAKI_ALIGNMENT = "dawnshade.vaki.alignment"
    BLESSING_RECEIVE = "dawnshade.blessing.receive"
    BLESSING_USE = "dawnshade.blessing.use"
    CONDITION_ADD = "dawnshade.condition.add"
    CONDITION_REMOVE = "dawnshade.condition.remove"
    ALIGNMENT_RESET = "dawnshade.alignment.reset"
    STAT_ADJUST = "dawnshade.character.stat_adjust"


# Undo of a Kinship's creation would orphan its whole campaign; every other action undoes.
UNDOABLE = tuple(kind for kind in Kind if kind is not Kind.KINSHIP_CREATE)
