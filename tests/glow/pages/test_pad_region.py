"""The score pad's live region, drawn in Python (``pad/region.py``), read through the page in
the states a game passes: a group pad being filled in and its tie, finished and reopened;
the butterfly reserve offered, in use and refused; a solo game against Tom from the first
Morning to his final count, on both journey boards; and what a viewer sees. Whatever a
player typed (a guest's name, an island) stays escaped."""

import random
import re

import pytest
from django.urls import reverse

from campaigns.glow import services
from campaigns.glow.models import Play
from campaigns.glow.rules.reserve import KEPT_SPECIALS, TOKEN_KINDS, ButterflyReserve
from campaigns.glow.rules.tom import ArchipelagoMap, Island, SeaPath, TomState
from campaigns.glow.services import SeatEntry
from campaigns.glow.services.reserve import reserve_seat_key
from tests.factories import HTMX
from tests.glow.conftest import PLAYED_ON, SPECIAL_COUNTS, NoShuffle

TYPED_NAME = '<b>Ana & "Kai"</b>'
ESCAPED_NAME = "&lt;b&gt;Ana &amp; &quot;Kai&quot;&lt;/b&gt;"


def _url(name, play, *extra):
    return reverse(f"glow:{name}", args=[play.campaign_id, play.pk, *extra])


def region(client, play, status=200, response=None) -> str:
    response = response or client.get(_url("pad", play), headers=HTMX)
    assert response.status_code == status
    html = response.content.decode()
    assert html.startswith('<div id="glow-pad"') and html.endswith("</div>")
    assert f'hx-get="{_url("pad", play)}"' in html  # it reloads itself
    return html


def posts_to(html: str) -> list[str]:
    """The URL names' last parts every form of the region posts to, in order."""
    return re.findall(r'<form method="post" action="/c/\d+/glow/plays/\d+/([^"]*?)/?"', html)


def test_a_group_pad_from_the_first_tap_to_finished(
    make_play, user, player, owner_client, viewer_client
):
    play = make_play((user, "hulios"), (TYPED_NAME, "elldir"))
    first, second = play.seats.all()
    html = region(owner_client, play)
    assert f'data-play="{play.pk}" data-status="open"' in html
    assert "Score pad: 1 May 2026" in html and "being filled in" in html
    assert "Still to enter: the core score of owner, " + ESCAPED_NAME in html
    # Steppers and a core score per seat, the reserve offered, then finishing.
    assert html.count("data-every-tap") == 2 and html.count('name="core_score"') == 2
    assert posts_to(html)[-2:] == ["reserve/start", "finish"]
    assert TYPED_NAME not in html and f"{ESCAPED_NAME}</strong>" in html

    for seat in (first, second):
        owner_client.post(_url("seat_core", play, seat.pk), {"core_score": "40", "expected": ""})
    html = region(owner_client, play)
    ranking = re.search(r"<ol [^>]*data-ranking>(.*?)</ol>", html)[1]
    assert ranking.count("data-tied") == 2 and "tied for place 1" in ranking
    assert "/rules/glow/ties-on-the-score-pad/" in html and "Still to enter" not in html
    picks = re.findall(r'name="seat" value="(\d*)" class="secondary">([^<]*)<', html)
    assert picks == [(str(first.pk), "Pick owner"), (str(second.pk), f"Pick {ESCAPED_NAME}")]
    viewer = region(viewer_client, play)
    assert "data-ranking" in viewer and "Pick owner" not in viewer and "<form" not in viewer

    html = region(
        owner_client,
        play,
        response=owner_client.post(_url("winner", play), {"seat": str(second.pk)}, headers=HTMX),
    )
    assert (
        "winner (picked by the group)" in html
        and 'value="" class="secondary">Keep it a tie' in html
    )

    html = region(
        owner_client, play, response=owner_client.post(_url("finish", play), headers=HTMX)
    )
    assert 'data-status="finished"' in html and "<strong data-finished>" in html
    assert "This play is finished" in html and "data-bgstats" in html
    assert posts_to(html) == ["reopen"]  # no steppers, no tie pick, no reserve, no finish
    assert "data-every-tap" not in html and "<strong data-core-score>40</strong>" in html
    assert "Butterfly reserve" not in html
    viewer = region(viewer_client, play)
    assert "data-bgstats" in viewer and "<form" not in viewer


def test_a_refusal_shows_where_it_belongs_and_a_conflict_at_the_top(
    duel, owner_client, player_client
):
    seat = duel.seats.first()
    response = owner_client.post(_url("finish", duel), headers=HTMX)
    html = region(owner_client, duel, 422, response)
    assert re.search(r'<p class="error" role="alert" data-pad-error>[^<]*final count first', html)
    owner_client.post(_url("seat_core", duel, seat.pk), {"core_score": "70", "expected": ""})
    response = player_client.post(
        _url("seat_core", duel, seat.pk), {"core_score": "72", "expected": ""}, headers=HTMX
    )
    html = region(player_client, duel, 409, response)
    assert re.search(r"data-pad-error data-conflict>[^<]*meanwhile", html)
    # The refusal is at the top; the fresh pad under it shows the newer score.
    assert f'id="id_seat{seat.pk}_core_score" value="70"' in html


def test_the_butterfly_reserve_offered_in_use_and_refused(
    make_play, campaign, user, player, owner_client, player_client, viewer_client
):
    play = make_play((user, "hulios"), ("Mira", "elldir"), (player, "zay_drel"))
    first, second, third = play.seats.all()
    assert "Butterfly reserve (optional)" in region(owner_client, play)
    assert "Butterfly reserve" not in region(viewer_client, play)
    response = owner_client.post(_url("reserve_start", play), headers=HTMX)
    html = region(owner_client, play, 422, response)
    assert re.search(r"data-reserve-error>[^<]*special tokens are of each kind", html)

    services.settings_special_counts_set(campaign=campaign, actor=user, counts=SPECIAL_COUNTS)
    assert owner_client.post(_url("reserve_start", play)).status_code == 302
    html = region(owner_client, play)
    assert 'data-face-down="60"' in html and "60 tokens face down." in html
    assert "Face up beside it" not in html and "data-reserve-draws" not in html
    reserve_forms = [url for url in posts_to(html) if url.startswith("reserve")]
    assert reserve_forms == ["reserve/draw", "reserve/return", "reserve/noon"]
    # The steppers give way to the reserve; each seat's draw offers the seats one may change.
    assert "data-every-tap" not in html
    seats = re.search(r'<select name="seat" id="id_seat">(.*?)</select>', html, re.S)[1]
    assert re.findall(r'value="(\d+)"', seats) == [str(s.pk) for s in (first, second, third)]
    assert html.count('name="return_') == 11  # six colours and five kinds of special

    # Draws for the seats until one keeps a special token it may play later.
    rng = random.Random(3)
    for seat in (first, second, third) * 2:
        services.butterfly_reserve_draw(play=play, actor=user, seat_id=seat.pk, count=10, rng=rng)
    play.refresh_from_db()
    reserve = ButterflyReserve.from_dict(play.reserve)
    html = region(owner_client, play)
    assert f'data-face-down="{reserve.face_down_total}"' in html
    draws = re.search(r"<ul class=\"draw-log\" data-reserve-draws>(.*?)</ul>", html)[1]
    assert draws.count("<li>") == 5 and "draws 10 butterfly tokens" in draws
    # A special token a seat keeps can be played from the pad (in seat order).
    kept = [
        (str(seat.pk), kind)
        for seat in (first, second, third)
        for kind in KEPT_SPECIALS
        if reserve.held(reserve_seat_key(seat))[TOKEN_KINDS.index(kind)]
    ]
    plays = re.findall(
        r'name="seat" value="(\d+)"><input type="hidden" name="kind" value="([a-z_]+)"', html
    )
    assert kept and plays == kept

    # A refused draw keeps what was typed, with the error beside the count.
    response = owner_client.post(
        _url("reserve_draw", play), {"seat": first.pk, "count": "20"}, headers=HTMX
    )
    html = region(owner_client, play, 422, response)
    assert re.search(r'<div class="field has-error">\s*<label for="id_count">', html)
    assert 'value="20"' in html and "1 to 10" in html

    # A player who may change only their own seat (and the guests') is offered those.
    campaign.edit_policy = "own"
    campaign.save()
    html = region(player_client, play)
    seats = re.search(r'<select name="seat" id="id_seat">(.*?)</select>', html, re.S)[1]
    assert re.findall(r'value="(\d+)"', seats) == [str(second.pk), str(third.pk)]
    assert "<form" not in region(viewer_client, play)


def _take_first_tile(play, client):
    play.refresh_from_db()
    state = TomState.from_dict(play.tom_state)
    section = next(s for s in range(1, 6) if state.tile_at(s) is not None)
    return client.post(
        _url("tom_take", play), {"section": str(section), "track_bonus": "0"}, headers=HTMX
    )


def test_a_solo_game_against_tom_from_the_first_morning_to_his_count(
    solo_play, user, owner_client, viewer_client, monkeypatch
):
    rng = random.Random(5)
    monkeypatch.setattr("campaigns.glow.services.tom.default_rng", lambda: rng)
    html = region(owner_client, solo_play)
    assert "Solo game: 1 May 2026" in html and "data-ranking" not in html
    tom = re.search(r'<section class="card" id="tom"[^>]*>', html)[0]
    assert 'data-tom-score="10"' in tom and 'data-round="1"' in tom and 'data-deck="A"' in tom
    assert "yellow and red dice · his colour red" in html and "· camp: Start</p>" in html
    tiles = re.findall(r'<li data-section="(\d)"><span>Section \d: <strong>(→+) ([+-])<', html)
    assert [(s, len(a), side) for s, a, side in tiles] == [
        ("1", 1, "+"),
        ("2", 2, "-"),
        ("3", 3, "+"),
        ("4", 1, "-"),
        ("5", 2, "+"),
    ]
    # A number beside the score track is asked for where the group has not entered it.
    assert '<label for="tom-bonus-1">Number beside space 1 (0 if none)</label>' in html
    assert "boat_from" not in html and "data-last-turn" not in html
    assert posts_to(html)[-1] == "finish" and "tom/evening" not in posts_to(html)
    assert "<form" not in region(viewer_client, solo_play)

    html = region(owner_client, solo_play, response=_take_first_tile(solo_play, owner_client))
    turn = re.search(r"<div class=\"outcome\" data-last-turn>(.*?)</div>", html)[1]
    assert "Round 1: you took section 1</strong>; Tom's tile there shows 1 arrow and “+”" in turn
    assert "Band 0 → 1; score 10 + 1 = <strong>11</strong>" in turn
    assert "<p>Camp Start → village 3.</p>" in turn
    assert 'name="section"' not in html and "Evening: reroll Tom&#x27;s dice" not in html
    assert "Evening: reroll Tom's dice, next round" in html
    assert owner_client.post(_url("tom_evening", solo_play)).status_code == 302

    switched = last_round = False
    for _ in range(40):
        solo_play.refresh_from_db()
        if TomState.from_dict(solo_play.tom_state).finished:
            break
        html = region(owner_client, solo_play, response=_take_first_tile(solo_play, owner_client))
        switched = switched or "data-deck-switched" in html
        if "data-last-round" in html:
            last_round = True
            assert "End the last round" in html
        owner_client.post(_url("tom_evening", solo_play))
    assert switched and last_round
    html = region(owner_client, solo_play)
    assert "data-game-over" in html and "Count Tom's points" in html
    html = region(
        owner_client,
        solo_play,
        response=owner_client.post(_url("tom_count", solo_play), headers=HTMX),
    )
    solo_play.refresh_from_db()
    final = re.search(r'<div class="outcome" data-tom-final="(\d+)">(.*?)</div>', html, re.S)
    assert int(final[1]) == solo_play.tom_score
    assert f"for footprints left = <strong>{solo_play.tom_score}</strong>" in final[2]
    assert f'data-solo-result="lost">You 0 – Tom {solo_play.tom_score}: Tom wins.' in final[2]
    viewer = region(viewer_client, solo_play)
    assert "data-tom-final" in viewer and "<form" not in viewer


def test_tom_on_the_archipelago_offers_the_islands_escaped(
    solo_settings, campaign, user, owner_client
):
    archipelago = ArchipelagoMap(
        (Island("central", 0), Island("east", 4), Island("<west>", 2)),
        (SeaPath("central", "east", 4), SeaPath("central", "<west>", 2)),
    )
    services.settings_archipelago_set(campaign=campaign, actor=user, archipelago=archipelago)
    play = services.solo_play_create(
        campaign=campaign,
        actor=user,
        played_on=PLAYED_ON,
        journey_board="archipelago_of_darkness",
        seat=SeatEntry(adventurer="hulios", guest_name=TYPED_NAME),
        sets=(),
        dice_colours=("purple", "red"),
        tom_colour="red",
        rng=NoShuffle(),
    )
    html = region(owner_client, play)
    assert "· boats: " in html and "camp:" not in html
    options = '<option value="">—</option><option>central</option><option>east</option>'
    assert html.count(options + "<option>&lt;west&gt;</option></select>") == 10  # 5 tiles, 2 each
    assert '<label for="tom-from-3">Boat from (if asked)</label>' in html
    assert f'-name">{ESCAPED_NAME} <span' in html and TYPED_NAME not in html


def test_a_solo_play_with_no_game_against_tom_on_record(solo_play, campaign, owner_client):
    Play.objects.filter(pk=solo_play.pk).update(tom_state=None, tom_last_turn=None)
    html = region(owner_client, solo_play)
    assert 'id="tom"' not in html
    assert "This solo play was not set up against Tom. Start a solo game" in html
    campaign.glow.villages = None
    campaign.glow.save()
    html = region(owner_client, solo_play)
    assert re.search(r"not set up against Tom; the group still needs to enter [^.]*villages", html)


@pytest.mark.parametrize("finished", [False, True])
def test_the_page_draws_the_same_region_as_its_fragment(duel, owner_client, finished):
    if finished:
        for seat in duel.seats.all():
            owner_client.post(_url("seat_core", duel, seat.pk), {"core_score": "5", "expected": ""})
        owner_client.post(_url("finish", duel))
    page = owner_client.get(_url("pad", duel)).content.decode()
    fragment = region(owner_client, duel)
    strip = re.compile(r'value="[A-Za-z0-9]{64}"')
    assert strip.sub("", fragment) in strip.sub("", page)
