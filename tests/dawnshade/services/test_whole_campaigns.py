"""Whole campaigns played through the services, checked against a hand count written here
(Issue 9, "Done when"): a Trilogy campaign of three games, one Full Chapter game and one
Power Level game."""

from campaigns.dawnshade import services
from campaigns.dawnshade.models import ChapterResult, Kinship, Tile, UnlockedArtifact
from campaigns.dawnshade.rules.training import RaiseStat, UnlockSkillDie
from tests.dawnshade.conftest import make_kinship
from tests.dawnshade.services.play import each, turn, village


def _stats(totals, character):
    character.refresh_from_db()
    return totals.stats(character)


def test_a_trilogy_campaign_matches_the_hand_count(campaign, user):
    ash, flash, wysp = make_kinship(campaign, user)

    def go(**kw):
        # Trilogy takes every Tawny and item from the Logbook: entered, here none were won.
        turn(campaign, user, **{"loot": 0, **kw})

    # Game 1 (Chapter I, Outposts at level I). Threat 0; each line: hexes, tile, XP, Tawny.
    services.chapter_start(campaign=campaign, actor=user)
    go(hexes=2, tile_type="journey", tawny=each([ash, flash, wysp], 1, 0, 2))  # XP 4, threat 2
    go(
        hexes=3, tile_type="outpost", outpost="guild_hall", tawny=each([ash, flash, wysp], 0, 0, 0)
    )  # 6, 5
    go(
        hexes=1,
        tile_type="event",
        label="7",
        outcome="succeed",
        tawny=each([ash, flash, wysp], 3, 3, 3),
    )  # 12 XP: level 1, 1 training point each; threat 6

    def train_game_1():
        services.guild_hall_train(
            campaign=campaign,
            actor=user,
            spends={ash.pk: [RaiseStat("atk")], flash.pk: [UnlockSkillDie(1)], wysp.pk: []},
        )

    go(
        hexes=2,
        back_to=village(campaign),
        visit_outpost="guild_hall",
        between=train_game_1,
        tawny=each([ash, flash, wysp], 0, 0, 0),
    )  # 14 XP, threat 8

    def temple_game_1():
        # Balanced: one token of each Watcher in the bag, positive side.
        services.temple_draw(campaign=campaign, actor=user, character=ash, token="danu")
        services.temple_draw(campaign=campaign, actor=user, character=flash, token="surea")
        services.temple_draw(campaign=campaign, actor=user, character=wysp, token="jarus")

    go(
        hexes=2,
        tile_type="watchers_temple",
        blessing="wild",
        between=temple_game_1,
        tawny=each([ash, flash, wysp], 0, 0, 0),
    )  # 22 XP: level 2; threat 10
    services.vaki_draw(campaign=campaign, actor=user, character=wysp, element="water")
    services.vaki_spend_for_alignment(
        campaign=campaign, actor=user, character=wysp, element="water", condition_to=flash
    )  # Aligned with Danu: ACCURATE to Flash
    go(
        hexes=3, tile_type="battle", outcome="foe_ko", tawny=each([ash, flash, wysp], 5, 5, 5)
    )  # 36 XP: level 3
    # Three more hexes reach Max Threat 16: the Major Threat is placed where the Kinship is.
    go(
        hexes=3,
        tile_type="event",
        label="12",
        outcome="foe_retreat",
        xp=10,
        loot=0,
        tawny=each([ash, flash, wysp], 4, 4, 4),
    )  # 46 XP: level 4
    services.chapter_end(campaign=campaign, actor=user)

    totals = services.kinship_totals(campaign)
    assert (totals.xp, totals.level, totals.threat, totals.training_points) == (46, 4, 16, 4)
    assert [totals.of(c).tawny for c in (ash, flash, wysp)] == [13, 12, 14]
    assert [totals.of(c).training_points for c in (ash, flash, wysp)] == [3, 3, 4]
    assert totals.alignment_status.label == "Aligned with Danu"
    assert totals.blessings["wild"] == 0  # discarded at the chapter's end
    assert set(totals.of(flash).conditions) == {"focused", "accurate"}
    assert sorted(Tile.objects.filter(set_aside=True).values_list("label", flat=True)) == [
        "12",
        "7",
    ]

    # Game 2 reads one of Chapters II-V; Outposts at level II. Threat back to 0.
    services.chapter_start(campaign=campaign, actor=user, narrative_chapter=3)

    def shop():
        services.item_buy(
            campaign=campaign,
            actor=user,
            character=ash,
            name="Iron Vest",
            item_type="permanent",
            tier=2,
            buy_price=6,
            sell_price=3,
            armour=True,
        )
        services.item_buy(
            campaign=campaign,
            actor=user,
            character=flash,
            name="Lesser Nimble Potion",
            item_type="consumable",
            tier=1,
            buy_price=2,
            sell_price=1,
        )

    go(
        hexes=2,
        tile_type="outpost",
        outpost="mercantile",
        between=shop,
        tawny=each([ash, flash, wysp], 0, 0, 0),
    )  # 48 XP, threat 2

    def foundry():
        services.foundry_buy_cogbot_fighter(campaign=campaign, actor=user, character=flash)
        services.foundry_transmute(
            campaign=campaign, actor=user, character=wysp, element="sun", vaki=2
        )

    go(
        hexes=1,
        tile_type="outpost",
        outpost="foundry",
        between=foundry,
        tawny=each([ash, flash, wysp], 0, 0, 0),
    )  # 50 XP: level 5; threat 3

    def train_game_2():
        services.guild_hall_train(
            campaign=campaign,
            actor=user,
            spends={
                ash.pk: [RaiseStat("hp"), RaiseStat("hp"), RaiseStat("def"), UnlockSkillDie(1)],
                flash.pk: [
                    RaiseStat("items"),
                    UnlockSkillDie(2),
                    UnlockSkillDie(3),
                    RaiseStat("atk"),
                ],
                wysp.pk: [RaiseStat("dev")],
            },
        )

    go(
        hexes=2,
        back_to=village(campaign),
        visit_outpost="guild_hall",
        between=train_game_2,
        tawny=each([ash, flash, wysp], 1, 1, 1),
    )  # 52 XP, threat 5
    go(hexes=4, tile_type="journey", tawny=each([ash, flash, wysp], 0, 0, 0))  # 56, threat 9
    go(
        hexes=3, tile_type="battle", outcome="ally_retreat", tawny=each([ash, flash, wysp], 2, 2, 2)
    )  # 63: level 6
    go(
        hexes=2,
        tile_type="event",
        label="3",
        outcome="fail",
        tawny=each([ash, flash, wysp], 1, 1, 1),
    )  # 69, 14
    go(
        hexes=2,
        tile_type="journey",
        outcome="ally_ko",
        xp=3,
        loot=0,
        tawny=each([ash, flash, wysp], 0, 0, 0),
    )  # Major Threat at 16; 72 XP: level 7
    services.chapter_end(campaign=campaign, actor=user)

    totals = services.kinship_totals(campaign)
    assert (totals.xp, totals.level, totals.threat, totals.training_points) == (72, 7, 16, 6)
    assert [totals.of(c).tawny for c in (ash, flash, wysp)] == [11, 4, 12]
    assert [totals.of(c).training_points for c in (ash, flash, wysp)] == [2, 2, 6]

    # Game 3: Chapter VI, Outposts at level III.
    services.chapter_start(campaign=campaign, actor=user)

    def train_game_3():
        services.guild_hall_train(
            campaign=campaign,
            actor=user,
            spends={
                ash.pk: [RaiseStat("atk"), RaiseStat("dev")],
                flash.pk: [RaiseStat("hp"), RaiseStat("def")],
                wysp.pk: [UnlockSkillDie(1), UnlockSkillDie(2), RaiseStat("atk"), RaiseStat("hp")],
            },
        )

    go(
        hexes=3,
        tile_type="outpost",
        outpost="guild_hall",
        between=train_game_3,
        tawny=each([ash, flash, wysp], 0, 0, 0),
    )  # 74 XP, threat 3
    go(
        hexes=2, tile_type="battle", outcome="foe_ko", tawny=each([ash, flash, wysp], 3, 3, 3)
    )  # 88: level 8

    def temple_game_3():
        # Aligned with Danu: 6 Tawny and Danu's tokens in the bag.
        services.temple_draw(campaign=campaign, actor=user, character=ash, token="tawny")
        services.temple_draw(campaign=campaign, actor=user, character=flash, token="danu")
        services.temple_draw(campaign=campaign, actor=user, character=wysp, token="tawny")

    go(
        hexes=1,
        tile_type="watchers_temple",
        between=temple_game_3,
        tawny=each([ash, flash, wysp], 0, 0, 0),
    )  # 96 XP: level 9; threat 6
    services.vaki_spend_for_alignment(
        campaign=campaign, actor=user, character=wysp, element="sun"
    )  # Unaligned
    services.vaki_spend_for_alignment(
        campaign=campaign, actor=user, character=wysp, element="sun", condition_to=ash
    )  # Aligned with Surea: FOCUSED to Ash
    # Ten hexes reach Max Threat; the campaign's last Major Threat ignores the Logbook's rewards.
    go(hexes=10, tile_type="journey", outcome="foe_ko")
    services.chapter_end(campaign=campaign, actor=user)

    totals = services.kinship_totals(campaign)
    assert (totals.xp, totals.level, totals.threat, totals.training_points) == (96, 9, 16, 4)
    assert [totals.of(c).tawny for c in (ash, flash, wysp)] == [15, 7, 16]
    assert [totals.of(c).training_points for c in (ash, flash, wysp)] == [2, 2, 4]
    assert totals.alignment == {
        "surea": 2,
        "xolot": 0,
        "jarus": 0,
        "brecea": 0,
        "danu": 1,
        "arborea": 0,
    }
    assert totals.alignment_status.label == "Aligned with Surea"
    # AGI +1 at levels 3, 6 and 9.
    assert _stats(totals, ash) == {"agi": 5, "atk": 4, "items": 2, "hp": 7, "def": 2, "dev": 2}
    assert _stats(totals, flash) == {"agi": 6, "atk": 2, "items": 4, "hp": 5, "def": 3, "dev": 2}
    assert _stats(totals, wysp) == {"agi": 5, "atk": 2, "items": 2, "hp": 5, "def": 1, "dev": 4}
    assert [sorted(totals.of(c).skill_dice) for c in (ash, flash, wysp)] == [[1], [1, 2, 3], [1, 2]]
    assert totals.of(flash).has_cogbot_fighter
    kinship = Kinship.objects.get(campaign=campaign)
    assert (
        kinship.concluded
        and kinship.conclusion_alignment == "surea"
        and kinship.artifact == "surea"
    )
    assert list(UnlockedArtifact.objects.filter(user=user).values_list("key", flat=True)) == [
        "surea"
    ]
    assert list(ChapterResult.objects.values_list("outcome", "xp", "level")) == [
        ("foe_retreat", 46, 4),
        ("ally_ko", 72, 7),
        ("foe_ko", 96, 9),
    ]


def test_a_full_chapter_game_matches_the_hand_count(campaign, user):
    ash, flash = make_kinship(
        campaign,
        user,
        mode="full_chapter",
        difficulty="hard",
        names=("Ash", "Flash"),
        tawny_rewards="shared",
    )
    go = lambda **kw: turn(campaign, user, **kw)  # noqa: E731
    services.chapter_start(campaign=campaign, actor=user)
    # The Chapter I Starting Village: 1 XP, 5 Tawny shared out.
    services.visit_complete(campaign=campaign, actor=user, outcome="completed")
    services.visit_earn_rewards(campaign=campaign, actor=user, tawny=each([ash, flash], 3, 2))
    go(
        hexes=2, tile_type="event", label="4", outcome="succeed", tawny=each([ash, flash], 1, 1)
    )  # 4 XP
    # Foe Retreat's row is printed empty: the group remembers a house value.
    services.house_reward_set(
        campaign=campaign,
        actor=user,
        tile_type="battle",
        outcome="foe_retreat",
        xp=4,
        tawny=3,
        loot_shoot_items=0,
    )
    go(
        hexes=3, tile_type="battle", outcome="foe_retreat", tawny=each([ash, flash], 2, 1)
    )  # 8 XP, threat 5

    def gallery():
        services.boomshot_play(campaign=campaign, actor=user, character=ash, shots=1)

    go(hexes=2, tile_type="outpost", outpost="boomshot_gallery", between=gallery)  # 9 XP, threat 7
    go(hexes=3, tile_type="journey")  # 11 XP: level 1; threat 10
    go(
        hexes=3, tile_type="watchers_temple", outcome="foe_ko", tawny=each([ash, flash], 3, 2)
    )  # Max 13: 17 XP
    services.chapter_end(campaign=campaign, actor=user)

    totals = services.kinship_totals(campaign)
    assert (totals.xp, totals.level, totals.threat) == (17, 1, 13)
    assert [totals.of(c).tawny for c in (ash, flash)] == [8, 6]
    assert [totals.of(c).training_points for c in (ash, flash)] == [1, 1]
    assert totals.alignment_status.label == "Balanced"
    assert not Kinship.objects.get(campaign=campaign).concluded  # game 1 of 6


def test_a_power_level_game_matches_the_hand_count(campaign, user):
    ash, flash = make_kinship(
        campaign,
        user,
        mode="power_level",
        difficulty="easy",
        names=("Ash", "Flash"),
        unspent_training_points="lost",
    )
    go = lambda **kw: turn(campaign, user, **kw)  # noqa: E731
    services.chapter_start(campaign=campaign, actor=user)
    go(hexes=2, tile_type="journey")  # 12 XP: level 1; threat 2

    def train():  # under "lost", Flash's unspent point goes with the cube Ash spent
        services.guild_hall_train(
            campaign=campaign, actor=user, spends={ash.pk: [RaiseStat("atk")]}
        )

    go(hexes=2, tile_type="outpost", outpost="guild_hall", between=train)  # 18 XP, threat 4
    go(hexes=3, tile_type="event", label="5", outcome="succeed")  # 36 XP: level 3; 10 Tawny each

    def foundry():  # every level unlocked
        services.foundry_buy_cogbot_fighter(campaign=campaign, actor=user, character=flash)
        services.foundry_transmute(
            campaign=campaign, actor=user, character=ash, element="water", vaki=3
        )

    go(hexes=2, tile_type="outpost", outpost="foundry", between=foundry)  # 42 XP: level 4; threat 9
    go(hexes=3, tile_type="battle", outcome="foe_ko")  # 114 XP: level 11; 15 Tawny each, 1 item
    # Max Threat 19; the Major Threat's cells are not printed in Power Level: entered.
    go(
        hexes=7,
        tile_type="watchers_temple",
        outcome="foe_ko",
        xp=20,
        loot=0,
        tawny=each([ash, flash], 5, 5),
    )
    services.chapter_end(campaign=campaign, actor=user)

    totals = services.kinship_totals(campaign)
    assert (totals.xp, totals.level, totals.threat, totals.training_points) == (134, 13, 19, 12)
    assert [totals.of(c).tawny for c in (ash, flash)] == [21, 20]
    assert [totals.of(c).training_points for c in (ash, flash)] == [12, 12]
    assert _stats(totals, ash)["agi"] == 2 + 4 and _stats(totals, ash)["atk"] == 3
    kinship = Kinship.objects.get(campaign=campaign)
    assert kinship.concluded and kinship.artifact == "balanced"
