"""A demo Glow group for `manage.py demo_data`: a few finished plays (one of 5 players),
and one solo game against Tom played to its end.

Everything goes through the services, so the demo's history is a real ledger. The values
the expansion does not print (Tom's tiles, villages, score-track numbers) are the demo
group's own entries, not the printed game's.
"""

import datetime
import random

from campaigns.glow import services
from campaigns.glow.models import Play
from campaigns.glow.rules.tom import TomState
from campaigns.glow.services import SeatEntry

TILE_FACES = [(1, "+"), (2, "-"), (3, "+"), (1, "-"), (2, "+"), (3, "-"), (2, "+"), (1, "+")]
VILLAGES = [(3, 1), (5, 1), (8, 1), (12, 2), (15, 2), (18, 3), (21, 4), (25, 5), (30, 3)]
TRACK_BONUSES = {6: 1, 12: 2, 15: 3, 20: 2}
SPECIAL_COUNTS = {
    "footprint": 3,
    "cluster": 2,
    "yellow_creature": 2,
    "cemetery": 3,
    "cancel_element": 2,
}
CORE_NAMES = ["Core: yellow dice", "Core: purple dice"]


def _fill(play: Play, actor, scores: list[tuple[int, dict[str, int]]]) -> None:
    for seat, (core, butterflies) in zip(play.seats.all(), scores, strict=True):
        services.seat_core_score_set(seat=seat, actor=actor, core_score=core)
        for colour, count in butterflies.items():
            for _ in range(count):
                services.seat_butterflies_step(seat=seat, actor=actor, colour=colour, delta=1)


def _solo_game(campaign, owner, rng) -> None:
    play = services.solo_play_create(
        campaign=campaign,
        actor=owner,
        played_on=datetime.date(2026, 3, 21),
        journey_board="province_of_shadows",
        seat=SeatEntry(adventurer="elldir", member_id=owner.pk),
        sets=("anibloom",),
        dice_colours=("yellow", "red"),
        tom_colour="red",
        rng=rng,
    )
    services.tom_special_apply(play=play, actor=owner, effect="score")
    while True:
        play.refresh_from_db()
        state = TomState.from_dict(play.tom_state)
        if state.finished:
            break
        section = next(s for s in range(1, 6) if state.tile_at(s) is not None)
        space = state.band + state.tile_at(section).arrows
        services.tom_tile_take(
            play=play,
            actor=owner,
            section=section,
            track_bonus=TRACK_BONUSES.get(space, 0),
            rng=rng,
        )
        services.tom_round_end(play=play, actor=owner)
        if state.round == 3:
            services.tom_special_apply(play=play, actor=owner, effect="footprints")
    services.tom_points_count(play=play, actor=owner)
    _fill(play, owner, [(96, {"green": 3, "red": 2, "purple": 1})])
    services.play_finish(play=play, actor=owner)


def populate_demo_group(*, campaign, owner, friend) -> None:
    """Settings entered once, three finished plays (2, 5 and 3 seats), a solo game against
    Tom, and an open pad waiting for the next game."""
    rng = random.Random(2026)
    services.settings_adventurers_set(campaign=campaign, actor=owner, names=CORE_NAMES)
    services.settings_tile_faces_set(campaign=campaign, actor=owner, faces=TILE_FACES)
    services.settings_villages_set(campaign=campaign, actor=owner, villages=VILLAGES)
    services.settings_special_counts_set(campaign=campaign, actor=owner, counts=SPECIAL_COUNTS)

    duel = services.play_create(
        campaign=campaign,
        actor=owner,
        played_on=datetime.date(2026, 2, 7),
        journey_board="province_of_shadows",
        sets=("anibloom",),
        seats=[
            SeatEntry(adventurer="hulios", member_id=owner.pk),
            SeatEntry(adventurer=CORE_NAMES[0], member_id=friend.pk),
        ],
    )
    _fill(duel, owner, [(71, {"green": 2, "orange": 3}), (68, {"red": 4, "purple": 1})])
    services.play_finish(play=duel, actor=owner)

    big = services.play_create(
        campaign=campaign,
        actor=friend,
        played_on=datetime.date(2026, 2, 28),
        journey_board="archipelago_of_darkness",
        sets=("elemental", "draconic"),
        seats=[
            SeatEntry(adventurer="zay_drel", member_id=owner.pk),
            SeatEntry(adventurer="elldir", member_id=friend.pk),
            SeatEntry(adventurer=CORE_NAMES[0], guest_name="Mira"),
            SeatEntry(adventurer=CORE_NAMES[1], guest_name="Tobias"),
            SeatEntry(adventurer="hulios", guest_name="Ines"),
        ],
    )
    _fill(
        big,
        friend,
        [
            (64, {"green": 1, "light_blue": 1, "red": 1, "dark_blue": 1, "orange": 1, "purple": 1}),
            (70, {"red": 3}),
            (58, {"dark_blue": 2, "orange": 2}),
            (66, {"light_blue": 1}),
            (61, {"purple": 3, "green": 1}),
        ],
    )
    services.play_finish(play=big, actor=friend)

    _solo_game(campaign, owner, rng)

    trio = services.play_create(
        campaign=campaign,
        actor=owner,
        played_on=datetime.date(2026, 4, 4),
        journey_board="province_of_shadows",
        sets=(),
        seats=[
            SeatEntry(adventurer="elldir", member_id=owner.pk),
            SeatEntry(adventurer="hulios", member_id=friend.pk),
            SeatEntry(adventurer=CORE_NAMES[1], guest_name="Mira"),
        ],
    )
    _fill(trio, owner, [(75, {"orange": 2}), (74, {"green": 2}), (69, {"red": 3})])
    services.play_finish(play=trio, actor=owner)

    services.play_create(
        campaign=campaign,
        actor=owner,
        played_on=datetime.date(2026, 4, 18),
        journey_board="province_of_shadows",
        sets=("anibloom",),
        seats=[
            SeatEntry(adventurer="hulios", member_id=owner.pk),
            SeatEntry(adventurer="zay_drel", member_id=friend.pk),
        ],
    )
