"""The Table tools page's live region, drawn in Python (``table_tools/region.py``), read
through the page: each tool before, while and after it runs (its figures, the forms it
offers and their panels), what a viewer sees, a refusal atop the region and names escaped."""

import random
import re

import pytest
from django.urls import reverse

from campaigns.dawnshade import services
from tests.dawnshade.conftest import ASH
from tests.dawnshade.regions import action_forms, region_html

from .tools import give_tawny, to_tavern, to_temple

pytestmark = pytest.mark.django_db

REGION = "dawnshade-tools"


def url(campaign, name="tools"):
    return reverse(f"dawnshade:{name}", args=[campaign.pk])


def region(client, campaign) -> str:
    return region_html(client, url(campaign), REGION)


def tool(html: str, name: str) -> str:
    """One tool's section of the region."""
    return re.search(rf'<section class="card" id="tool-{name}".*?</section>', html, re.S)[0]


def test_before_the_kinship_the_region_asks_for_it(owner_client, campaign):
    html = region(owner_client, campaign)
    assert "data-no-kinship" in html and "data-tool=" not in html
    assert action_forms(html) == []


def test_a_stat_challenge_from_its_panel_to_its_outcome(owner_client, campaign, user, playing):
    html = region(owner_client, campaign)
    assert [f"tool-{name}" for name in re.findall(r'data-tool="(\w+)"', html)] == re.findall(
        r'<li><a href="#(tool-\w+)">', html
    )
    challenge = tool(html, "challenge")
    # Closed until opened: the loader, not the form, and no figures before a challenge.
    assert 'data-panel-loader="challenge"' in challenge and "data-threshold" not in challenge
    opened = owner_client.get(url(campaign) + "?open=challenge").content.decode()
    assert 'id="panel-challenge" open' in opened
    assert "challenge-start" in action_forms(tool(opened, "challenge"))

    services.challenge_start(campaign=campaign, actor=user, stat="def")
    services.challenge_hits(campaign=campaign, actor=user, character=1, hits=3, zone_modifier=1)
    services.challenge_hits(campaign=campaign, actor=user, character=1, hits=1, zone_modifier=-1)
    challenge = tool(region(owner_client, campaign), "challenge")
    assert "DEF challenge (" in challenge
    assert "<strong data-threshold>4</strong>" in challenge
    assert "<span data-challenge-total>4</span> so far" in challenge
    rows = re.findall(r'<tr data-challenge-player="(\d+)">(.*?)</tr>', challenge)
    assert [seat for seat, _ in rows] == ["1", "2", "3"]
    assert "<td>3 (+1), 1 (-1)</td><td>4</td>" in rows[0][1]
    assert "<td>—</td><td>0</td>" in rows[1][1]
    assert action_forms(challenge) == ["challenge-hits", "challenge-decide"]
    assert "panel-challenge" not in challenge

    services.challenge_decide(campaign=campaign, actor=user)
    challenge = tool(region(owner_client, campaign), "challenge")
    assert '<strong data-challenge-outcome="succeed">Succeed</strong>' in challenge
    assert action_forms(challenge) == [] and 'data-panel-loader="challenge"' in challenge


def test_divine_guidance_at_a_temple(owner_client, campaign, user, playing):
    temple = tool(region(owner_client, campaign), "temple")
    assert "<strong data-alignment-status>" in temple
    assert "<p data-cataclysm>Cataclysm: none (Balanced)." in temple
    assert "drawn while the Kinship is at a Watchers Temple" in temple
    assert action_forms(temple) == []

    to_temple(campaign, user)
    temple = tool(region(owner_client, campaign), "temple")
    assert action_forms(temple) == ["temple"]
    assert re.search(r'name="temple-visit_id" value="\d+"', temple)
    assert "one condition token of each Watcher goes in" in temple

    services.temple_guidance(campaign=campaign, actor=user, rng=random.Random(2))
    temple = tool(region(owner_client, campaign), "temple")
    draws = re.findall(r"<li>(Ash|Flash|Wysp): [^<]+</li>", temple)
    assert draws == ["Ash", "Flash", "Wysp"]
    assert re.search(r'<p class="small">Left in the bag: (\w+ ×\d+)(, \w+ ×\d+)*</p>', temple)
    assert "Divine Guidance has been drawn at this Temple." in temple
    assert action_forms(temple) == []


def test_watchers_runes_from_the_ante_to_the_end(owner_client, campaign, user, playing):
    give_tawny(campaign, user, playing, 5)
    to_tavern(campaign, user)
    runes = tool(region(owner_client, campaign), "runes")
    assert "Tavern level I." in runes and 'data-panel-loader="runes"' in runes
    services.runes_begin(campaign=campaign, actor=user, players=[1, 2], rng=random.Random(4))
    runes = tool(region(owner_client, campaign), "runes")
    assert "<span data-runes-revealed>none yet</span>" in runes
    assert "<span data-runes-left>20</span> left" in runes
    assert "<span data-runes-still-in>Ash, Flash</span>" in runes
    # No one may stop before a card is turned.
    assert action_forms(runes) == ["runes-reveal"]

    services.runes_turn(campaign=campaign, actor=user)
    runes = tool(region(owner_client, campaign), "runes")
    assert "<span data-runes-left>19</span> left" in runes
    assert re.search(r"<span data-runes-revealed>[^<,]+</span>", runes)
    assert action_forms(runes) == ["runes-reveal", "runes-stop"]
    stop = re.search(
        r'<fieldset class="field"><legend>Who stops and collects</legend>.*?'
        r"</fieldset>",
        runes,
        re.S,
    )[0]
    assert re.findall(r'name="stop-players" value="(\d+)"', stop) == ["1", "2", "3"]

    services.runes_players_stop(campaign=campaign, actor=user, players=[1, 2])
    runes = tool(region(owner_client, campaign), "runes")
    assert re.search(r"<p>Stopped: Ash \(\d+\), Flash \(\d+\)</p>", runes)
    assert "<p data-runes-over>The game is over" in runes
    assert "data-runes-busted" not in runes
    assert 'data-panel-loader="runes"' in runes


def test_the_tavern_games_wait_for_a_game(owner_client, campaign, user, trio):
    html = region(owner_client, campaign)
    assert "The Tavern games are played during a game." in tool(html, "runes")
    assert "panel-doublers" not in tool(html, "doublers")
    # Cogrushing and the Quest Deck are not Tavern games.
    assert 'data-panel-loader="cogrushing"' in tool(html, "cogrushing")


def test_double_doublers_dice_rolls_and_collects(owner_client, campaign, user, playing):
    give_tawny(campaign, user, [playing[0]], 3)
    to_tavern(campaign, user)
    services.doublers_begin(campaign=campaign, actor=user, character=1)
    doublers = tool(region(owner_client, campaign), "doublers")
    assert (
        "<p>Ash: ante 1, <strong data-doublers-riding>1</strong> Tawny riding, 0 collected;"
        in doublers
    )
    assert "<span data-doublers-rolls>none yet</span>" in doublers
    assert action_forms(doublers) == ["doublers-roll"]
    services.doublers_roll(campaign=campaign, actor=user, first="dawn", second="shade")
    doublers = tool(region(owner_client, campaign), "doublers")
    assert "<span data-doublers-rolls>succeed</span>" in doublers
    assert "<strong data-doublers-riding>2</strong>" in doublers
    assert action_forms(doublers) == ["doublers-roll", "doublers-collect"]
    services.doublers_roll(campaign=campaign, actor=user, first="dawn", second="dawn")
    doublers = tool(region(owner_client, campaign), "doublers")
    assert "The game is over." in doublers and action_forms(doublers) == []
    assert 'data-panel-loader="doublers"' in doublers


def test_cogrushing_bets_drudges_and_result(owner_client, campaign, user, playing):
    give_tawny(campaign, user, playing[1:], 2)
    services.cogrushing_begin(campaign=campaign, actor=user, active=1, bets={2: 2, 3: 1})
    services.cogrushing_send(campaign=campaign, actor=user)
    cog = tool(region(owner_client, campaign), "cogrushing")
    assert "<p>Ash launches. Bets: Flash 2, Wysp 1.</p>" in cog
    where = re.findall(
        r'<tr data-drudge="(\d+)"><th scope="row">\d+</th><td>\d+</td>'
        r"<td>([^<]+)</td></tr>",
        cog,
    )
    assert where[0] == ("1", "on the Battle Mat")
    assert all(place == "in the stack" for _, place in where[1:])
    assert action_forms(cog) == ["cogrushing-deploy", "cogrushing-hit", "cogrushing-turret"]
    assert 'name="strike-drudge_1"' in cog
    services.cogrushing_turret(campaign=campaign, actor=user)
    cog = tool(region(owner_client, campaign), "cogrushing")
    assert '<strong data-cogrushing-result="fail">Ash fails</strong>; bets settled.' in cog
    assert action_forms(cog) == [] and 'data-panel-loader="cogrushing"' in cog
    opened = owner_client.get(url(campaign) + "?panel=cogrushing", HTTP_HX_REQUEST="true")
    panel = opened.content.decode()
    assert action_forms(panel) == ["cogrushing-start"]
    assert re.findall(r'name="cogrushing-(bet_\d)"', panel) == ["bet_1", "bet_2", "bet_3"]


def test_the_quest_deck_first_entry_is_a_plain_form(owner_client, campaign, user, playing):
    quest = tool(region(owner_client, campaign), "quest")
    # An open <details> holding a form would hold up live refresh: the first entry is plain.
    assert "<h3>Tile numbers the group owns</h3>" in quest and "<details" not in quest
    assert action_forms(quest) == ["quest-owned"]
    owned = {
        "starting_village": [1],
        "watchers_temple": [2],
        "battle": [3],
        "major_threat": [4],
        "outpost": [5, 6],
        "event": [7, 8],
        "journey": [9, 10],
    }
    services.quest_tiles_owned(campaign=campaign, actor=user, owned=owned)
    quest = tool(region(owner_client, campaign), "quest")
    assert action_forms(quest) == ["quest-build"] and 'data-panel-loader="owned"' in quest
    services.quest_deck_build(campaign=campaign, actor=user, rng=random.Random(1))
    quest = tool(region(owner_client, campaign), "quest")
    assert "<strong data-quest-village>1</strong>" in quest
    deck = re.search(r"<ol data-quest-deck>(.*?)</ol>", quest)[1]
    assert deck.endswith("<li>Major Threat 4</li>")
    html = region(owner_client, campaign)
    assert re.search(r'<ol class="small" data-tool-draws><li>[^<]+</li>', html)


def test_a_viewer_sees_the_tools_without_their_forms(viewer_client, campaign, user, playing):
    give_tawny(campaign, user, playing, 4)
    to_tavern(campaign, user)
    services.challenge_start(campaign=campaign, actor=user, stat="atk")
    services.runes_begin(campaign=campaign, actor=user, players=[1, 2], rng=random.Random(4))
    html = region(viewer_client, campaign)
    assert "data-threshold" in html and "data-runes-still-in" in html
    assert action_forms(html) == [] and "data-panel-loader" not in html
    assert "<h3>Tile numbers the group owns</h3>" not in html


def test_a_refusal_tops_the_region_and_names_are_escaped(
    owner_client, campaign, user, nothing_written
):
    services.kinship_create(campaign=campaign, actor=user, mode="trilogy", difficulty="normal")
    services.character_add(campaign=campaign, actor=user, name="<b>Ash", stats=ASH)
    services.chapter_start(campaign=campaign, actor=user)
    services.challenge_start(campaign=campaign, actor=user, stat="atk")
    with nothing_written(campaign):
        response = owner_client.post(
            url(campaign, "tools_challenge_hits"),
            {"hits-character": "1", "hits-hits": "-1", "hits-seen": "1"},
            HTTP_HX_REQUEST="true",
        )
    html = region_html(owner_client, "", REGION, response=response, status=422)
    assert re.search(r'<p class="error" role="alert" data-refused="hits">[^<]+ </p>', html)
    assert "&lt;b&gt;Ash" in html and "<b>Ash" not in html
    hits = re.search(r'<form [^>]*data-form="challenge-hits".*?</form>', html, re.S)[0]
    assert 'class="field has-error"' in hits and 'value="-1"' in hits
