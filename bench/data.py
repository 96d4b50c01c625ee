"""Campaigns for the measuring tools, built only through the services (as players make them).

A table is a campaign of any registered game with its owner and players, filled by the game's
demo hook. History grows through the platform's own writes (renames) and, where a game's
sheet sums its ledger, through that game's services too, so its totals have entries to read.
"""

import random

from django.contrib.auth import get_user_model

from campaigns.table import services
from campaigns.table.games import games
from campaigns.table.models import Campaign, LedgerEntry


def new_user(username: str):
    """A user with no usable password (the tools log in through sessions, not the form)."""
    return get_user_model().objects.create_user(username=username, password=None)


def new_table(*, game: str, name: str, owner, players, seed: int = 2026) -> Campaign:
    """A campaign of `game` that `owner` started and `players` joined by the invite link,
    one roll in the shared log, and the game's demo content."""
    campaign = services.campaign_create(owner=owner, game=game, name=name)
    for player in players:
        services.membership_join(token=campaign.invite_token, user=player)
    friend = players[0] if players else owner
    services.dice_roll(campaign=campaign, actor=friend, count=3, sides=10, rng=random.Random(seed))
    registration = games()[game]
    if registration.demo:
        registration.demo(campaign=campaign, owner=owner, friend=friend)
    campaign.refresh_from_db()
    return campaign


def _occulites_writer(campaign: Campaign):
    """Sungems found and spent in turn by each tribe (+1 then -1), so totals stay sane."""
    from campaigns.occulites.models import Tribe
    from campaigns.occulites.services import tribe_sungems_change

    tribes = list(Tribe.objects.filter(campaign=campaign).order_by("pk"))
    if not tribes:
        return None

    def write(index: int, actor) -> None:
        tribe = tribes[index % len(tribes)]
        found = (index // len(tribes)) % 2 == 0
        tribe_sungems_change(
            tribe=tribe,
            actor=actor,
            amount=1 if found else -1,
            reason="A Sungem found on the way home" if found else "A Sungem traded away",
        )

    return write


def _dawnshade_writer(campaign: Campaign):
    """Tawny gained and paid in turn by each character (+1 then -1), so totals stay sane."""
    from campaigns.dawnshade.models import Character
    from campaigns.dawnshade.services import character_tawny_change

    characters = list(Character.objects.filter(kinship__campaign=campaign).order_by("pk"))
    if not characters:
        return None

    def write(index: int, actor) -> None:
        character = characters[index % len(characters)]
        found = (index // len(characters)) % 2 == 0
        character_tawny_change(
            campaign=campaign,
            actor=actor,
            character=character,
            amount=1 if found else -1,
            reason="A Logbook reward" if found else "A round at the Tavern",
        )

    return write


# Games whose pages sum their own ledger entries; the others get platform entries only.
GAME_HISTORY_WRITERS = {"occulites": _occulites_writer, "dawnshade": _dawnshade_writer}


def grow_history(campaign: Campaign, *, actor, entries: int) -> int:
    """Append ledger entries until the campaign has `entries`: half renames (platform), half
    the game's own writes where it has any. Returns the count reached."""
    have = LedgerEntry.objects.filter(campaign=campaign).count()
    writer_factory = GAME_HISTORY_WRITERS.get(campaign.game)
    game_write = writer_factory(campaign) if writer_factory else None
    base_name = campaign.name
    index = 0
    while have < entries:
        if game_write is not None and index % 2:
            game_write(index // 2, actor)
        else:
            name = base_name if (index // 2) % 2 else f"{base_name} (night {index})"
            services.campaign_rename(campaign=campaign, actor=actor, name=name[:80])
        index += 1
        have = LedgerEntry.objects.filter(campaign=campaign).count()
    campaign.refresh_from_db()
    return have


def other_campaigns(count: int, *, players_per_table: int = 3, prefix: str = "other") -> None:
    """`count` campaigns of other groups, round-robin over every registered game, each with
    its own owner and players and its game's demo content."""
    keys = list(games())
    users = [new_user(f"{prefix}-{n}") for n in range(max(4, count // 5))]
    for n in range(count):
        owner = users[n % len(users)]
        players = [users[(n + k) % len(users)] for k in range(1, players_per_table + 1)]
        new_table(game=keys[n % len(keys)], name=f"Group {n}", owner=owner, players=players)
