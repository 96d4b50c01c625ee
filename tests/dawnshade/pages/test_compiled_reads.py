"""The Dawnshade reads whose SQL is built once give what the ORM gives: the game's visits
and the whole quest log with their tiles, the tiles, house rewards, the owner's Artifacts, the
save sheet's history, and the battle's visit, foes and draws."""

import pytest
from django.db.models import Q
from django.urls import reverse

from campaigns.dawnshade import services
from campaigns.dawnshade.models import Foe, HouseReward, Tile, UnlockedArtifact, Visit
from campaigns.dawnshade.queries import (
    HISTORY_WINDOW,
    kinship_history,
    kinship_view,
    owner_artifacts,
    quest_log,
)
from campaigns.dawnshade.queries_battle import battle_view
from campaigns.dawnshade.services._common import current_visit
from campaigns.dawnshade.services.battle import BATTLE_TOOL_ID
from campaigns.table.history import history_rows, listed_entries
from campaigns.table.ledger import ledger_undo
from campaigns.table.models import DrawLogEntry, LedgerEntry
from tests.dawnshade.battle_services.fight import library, setup, to_battle
from tests.dawnshade.services.play import each, turn

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(campaign, user, playing):
    """Game 1 under way: the village done, an Event, a house reward, a battle set up."""
    services.visit_complete(campaign=campaign, actor=user, outcome="completed")
    services.visit_earn_rewards(
        campaign=campaign, actor=user, tawny=each(playing, 1, 1, 1), loot_shoot_items=0
    )
    turn(
        campaign,
        user,
        hexes=2,
        tile_type="event",
        label="4",
        outcome="succeed",
        tawny=each(playing, 0, 0, 0),
        loot=0,
    )
    services.house_reward_set(
        campaign=campaign, actor=user, tile_type="battle", outcome="foe_retreat", tawny=3
    )
    UnlockedArtifact.objects.create(user=user, key="danu", campaign=campaign)
    foes = library(campaign, user)
    to_battle(campaign, user)
    setup(campaign, user, foes)
    return playing


def _visits(visits) -> list[tuple]:
    return [(v.pk, v.game_number, v.seq, v.outcome, v.tile.pk, v.tile.name) for v in visits]


def test_the_kinship_reads_match_the_orm(campaign, played):
    view = kinship_view(campaign)
    kinship = view.kinship
    game = Visit.objects.filter(kinship=kinship, game_number=kinship.game_number)
    assert _visits(view.visits) == _visits(game.select_related("tile").order_by("seq"))
    assert len(view.visits) > 2
    everything = Visit.objects.filter(kinship=kinship).select_related("tile")
    assert quest_log(kinship) == [
        (v.game_number, v.tile.name, v.outcome, v.rewarded, v.xp, v.tawny)
        for v in everything.order_by("game_number", "seq")
    ]
    assert view.all_tiles == list(Tile.objects.filter(kinship=kinship))
    assert view.house_rewards == list(HouseReward.objects.filter(kinship=kinship))
    assert view.house_rewards
    assert view.results == list(kinship.chapter_results.all())


def test_the_totals_read_takes_the_kinships_and_characters_sums_only(campaign, played):
    from campaigns.dawnshade.services.totals import kinship_totals_query
    from campaigns.table.models import LedgerTotal

    every = LedgerTotal.objects.filter(campaign=campaign)
    # A visit's marker (as a visit's entries write them) and a key with a dot further on.
    for key in ("visit.9.xp", "xp.spare", "characters"):
        LedgerTotal.objects.create(
            campaign=campaign, subject_type="kinship", subject_id="1", key=key, total=2
        )
    expected = every.filter(Q(key__startswith="character.") | ~Q(key__contains="."))
    read = sorted(kinship_totals_query(campaign.pk))
    assert read == sorted(expected.values_list("key", "total"))
    keys = {key for key, _ in read}
    assert {"xp", "characters"} <= keys and not {"visit.9.xp", "xp.spare"} & keys
    assert any(key.startswith("character.") for key in keys)


def test_the_owners_artifacts_and_the_sheets_history_match_the_orm(campaign, user, played):
    artifacts = owner_artifacts(campaign.pk)
    assert [(a.pk, a.key, a.user.get_username()) for a in artifacts] == [
        (a.pk, a.key, a.user.get_username())
        for a in UnlockedArtifact.objects.filter(user=user).select_related("user")
    ]
    entries = LedgerEntry.objects.filter(campaign=campaign).filter(
        Q(kind__startswith="dawnshade.") | Q(kind="undo")
    )
    newest = entries.latest("id")
    ledger_undo(campaign=campaign, actor=user, entry_id=newest.pk)
    rows = kinship_history(campaign.pk)
    assert rows == history_rows(listed_entries(entries).order_by("-id")[:40])
    assert rows[0]["reversal"] and not rows[0]["undone"]  # the undo, then what it undid
    assert rows[1]["undone"] and rows[1]["reason"] == newest.reason
    assert not any(row["undone"] for row in rows[2:])


def _platform_entries(campaign, user, count: int) -> None:
    LedgerEntry.objects.bulk_create(
        LedgerEntry(
            campaign=campaign,
            actor=user,
            kind="campaign.rename",
            subject_type="campaign",
            subject_id=str(campaign.pk),
            subject_label=campaign.name,
            reason=f"Renamed, night {n}",
        )
        for n in range(count)
    )


def test_the_sheets_history_looks_only_among_the_tables_newest_entries(
    campaign, user, played, client
):
    kinships_own = list(
        LedgerEntry.objects.filter(campaign=campaign, kind__startswith="dawnshade.")
        .order_by("-id")
        .values_list("reason", flat=True)
    )
    assert len(kinships_own) > 3
    # Renames fill the window but for its two oldest places: the two newest Dawnshade entries.
    _platform_entries(campaign, user, HISTORY_WINDOW - 2)
    assert [row["reason"] for row in kinship_history(campaign.pk)] == kinships_own[:2]
    _platform_entries(campaign, user, 2)
    assert kinship_history(campaign.pk) == []

    client.force_login(user)
    page = client.get(reverse("dawnshade:sheet", args=[campaign.pk])).content.decode()
    assert f'data-history-window="{HISTORY_WINDOW}"' in page
    assert reverse("history", args=[campaign.pk]) in page


def test_the_battle_read_matches_the_orm(campaign, played):
    view = battle_view(campaign)
    assert view.battle is not None
    assert _visits([view.visit]) == _visits([current_visit(view.kinship)])
    assert view.foes == list(Foe.objects.filter(kinship=view.kinship))
    draws = DrawLogEntry.objects.filter(campaign=campaign, tool=BATTLE_TOOL_ID).order_by("-id")
    assert view.draw_summaries == [draw.summary for draw in draws[:8]]
    assert view.draw_summaries


def test_each_character_comes_with_the_items_it_holds_in_the_kinships_one_read(
    campaign, user, playing, django_assert_num_queries
):
    first, second, third = playing

    def take(character, name):
        return services.item_take(
            campaign=campaign,
            actor=user,
            character=character,
            name=name,
            item_type="permanent",
            reason="Loot Shoot",
        )

    take(first, "Vest")
    take(first, "Lantern")
    dropped = take(second, "Rope")
    take(second, "Map")
    services.item_drop(campaign=campaign, actor=user, item=dropped)
    with django_assert_num_queries(2):  # the Kinship with characters and items; the totals
        view = kinship_view(campaign)
    assert [c.character.pk for c in view.characters] == [c.pk for c in playing]
    for shown, character in zip(view.characters, playing, strict=True):
        held = character.items.filter(status="held").order_by("pk")
        assert [(i.pk, i.name) for i in shown.items] == [(i.pk, i.name) for i in held]
    assert [[i.name for i in c.items] for c in view.characters] == [
        ["Vest", "Lantern"],
        ["Map"],
        [],
    ]
