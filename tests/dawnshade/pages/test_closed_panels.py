"""Closed panels (``campaigns.table.panels``): a ``<details>`` closed by default draws its forms
only when opened. The page and its live region hold a loader; htmx's ``?panel=NAME`` answers
with the panel's forms alone, exactly as the page opened on it (``?open=NAME``, the way
without JavaScript) draws them; a refused form's panel is drawn open with its errors; a
member who may not use the forms gets none."""

import re

import pytest
from django.urls import reverse
from pytest_django.asserts import assertContains, assertNotContains

from campaigns.dawnshade import services
from campaigns.dawnshade.catalog.modes import MODES
from campaigns.dawnshade.kinship.forms import HouseRewardForm, house_reward_cells
from campaigns.dawnshade.queries import kinship_view
from campaigns.table.templatetags.table import panel_loader
from tests.dawnshade.battle_services.fight import library, setup, to_battle
from tests.dawnshade.conftest import make_kinship

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
CSRF = re.compile(r'name="csrfmiddlewaretoken" value="[^"]*"')

# Page -> {panel: a form (its action's URL name) the panel holds}.
PANELS = {
    "battle": {
        "shields": "battle_shields",
        "conditions": "battle_condition",
        "foes": "battle_foe_add",
    },
    "mat": {
        "draw": "vaki_draw",
        "combine": "vaki_split",
        "align": "vaki_alignment",
        "reset": "alignment_reset",
    },
    "turn": {"active": "active_player"},
    # The forms that start each tool, while it is not running.
    "tools": {
        "challenge": "tools_challenge_start",
        "runes": "tools_runes_start",
        "doublers": "tools_doublers_start",
        "cogrushing": "tools_cogrushing_start",
    },
    "chapter": {"settings": "settings", "house": "house_reward"},
    "character": {
        "take": "item_take",
        "tawny": "tawny_change",
        "condition": "condition_add",
        "adjust": "stat_adjust",
        "stats": "starting_stats",
    },
}


@pytest.fixture
def fighting(campaign, user, playing):
    foes = library(campaign, user)
    to_battle(campaign, user)
    setup(campaign, user, foes)
    return playing


def _page(campaign, page, character):
    if page == "character":
        return reverse("dawnshade:character", args=[campaign.pk, character.pk])
    return reverse(f"dawnshade:{page}", args=[campaign.pk])


def _action(campaign, name, character):
    if name in {"item_take", "tawny_change", "condition_add", "stat_adjust", "starting_stats"}:
        return reverse(f"dawnshade:{name}", args=[campaign.pk, character.pk])
    return reverse(f"dawnshade:{name}", args=[campaign.pk])


def _text(response) -> str:
    return CSRF.sub("CSRF", response.content.decode())


@pytest.mark.parametrize(
    ("page", "panel"), [(page, panel) for page, panels in PANELS.items() for panel in panels]
)
def test_a_closed_panel_is_drawn_when_opened_as_the_open_page_draws_it(
    page, panel, campaign, owner_client, fighting
):
    url = _page(campaign, page, fighting[0])
    action = _action(campaign, PANELS[page][panel], fighting[0])
    for closed in (owner_client.get(url), owner_client.get(url, **HTMX)):
        assert f'id="panel-{panel}" open' not in closed.content.decode()
        assertContains(closed, f'data-panel-loader="{panel}"')
        assertContains(closed, f'href="{url}?open={panel}#panel-{panel}"')
        assertNotContains(closed, f'action="{action}"')
    opened = owner_client.get(f"{url}?open={panel}")
    assert re.search(rf'<details[^>]* id="panel-{panel}" open>', opened.content.decode())
    assertNotContains(opened, f'data-panel-loader="{panel}"')
    assertContains(opened, f'action="{action}"')
    body = owner_client.get(f"{url}?panel={panel}", **HTMX)
    assert body.status_code == 200
    assertContains(body, f'action="{action}"')
    assertNotContains(body, "data-live-region")
    assert _text(body).strip() in _text(opened)


def test_the_battle_panel_of_a_refused_form_is_drawn_open_with_its_errors(
    campaign, owner_client, fighting, nothing_written
):
    url = reverse("dawnshade:battle_condition", args=[campaign.pk])
    data = {"condition-target": "nobody", "condition-condition": ""}
    with nothing_written(campaign):
        for headers in (HTMX, {}):  # the live region (htmx) and the page (no JavaScript)
            response = owner_client.post(url, data, **headers)
            assert response.status_code == 422
            page = response.content.decode()
            assert re.search(r'<details[^>]* id="panel-conditions" open>', page)
            assert 'data-refused="condition"' in page
            assert 'data-panel-loader="conditions"' not in page
            form = page[page.index('data-form="condition"') :]
            form = form[: form.index("</form>")]
            assert 'class="error"' in form
            # The other closed panels stay closed.
            assert 'data-panel-loader="shields"' in page


def test_the_tools_panel_of_a_refused_start_is_drawn_open_with_its_errors(
    campaign, owner_client, fighting, nothing_written
):
    url = reverse("dawnshade:tools_cogrushing_start", args=[campaign.pk])
    data = {"cogrushing-active": 1, "cogrushing-bet_2": 3, "cogrushing-bet_3": 0}
    with nothing_written(campaign):
        for headers in (HTMX, {}):  # the live region (htmx) and the page (no JavaScript)
            response = owner_client.post(url, data, **headers)
            assert response.status_code == 422
            page = response.content.decode()
            assert re.search(r'<details[^>]* id="panel-cogrushing" open>', page)
            assert 'data-refused="cogrushing"' in page
            assert 'data-panel-loader="cogrushing"' not in page
            form = page[page.index('data-form="cogrushing-start"') :]
            form = form[: form.index("</form>")]
            assert 'name="cogrushing-bet_2" value="3"' in form
            # The other start forms stay closed.
            for other in ("challenge", "runes", "doublers"):
                assert f'data-panel-loader="{other}"' in page


def test_a_running_tool_shows_its_turn_forms_not_a_closed_start(
    campaign, user, owner_client, fighting
):
    services.challenge_start(campaign=campaign, actor=user, stat="def")
    page = owner_client.get(reverse("dawnshade:tools", args=[campaign.pk])).content.decode()
    assert 'data-form="challenge-hits"' in page
    assert 'id="panel-challenge"' not in page
    assert 'data-panel-loader="runes"' in page


def test_the_mat_panel_of_a_refused_form_is_drawn_open(campaign, owner_client, playing):
    url = reverse("dawnshade:vaki_split", args=[campaign.pk])
    response = owner_client.post(url, {"split-element": "nothing"}, **HTMX)
    assert response.status_code == 422
    page = response.content.decode()
    assert re.search(r'<details[^>]* id="panel-combine" open>', page)
    assert 'data-panel-loader="draw"' in page


def test_the_foe_library_is_open_while_the_set_up_has_no_foes(
    campaign, user, owner_client, playing
):
    to_battle(campaign, user)
    page = owner_client.get(reverse("dawnshade:battle", args=[campaign.pk]))
    assert re.search(r'<details[^>]* id="panel-foes" open>', page.content.decode())
    assertContains(page, 'data-form="foe"')


def test_a_viewer_gets_no_loader_and_no_panel(campaign, viewer_client, fighting):
    url = reverse("dawnshade:battle", args=[campaign.pk])
    page = viewer_client.get(url)
    assertNotContains(page, "data-panel-loader")
    assertContains(page, "data-foe-library")  # the library's list is for every member
    answer = viewer_client.get(f"{url}?panel=conditions", **HTMX)
    assertContains(answer, 'id="dawnshade-battle"')  # the live region, not the forms
    assertNotContains(answer, 'data-form="condition"')
    assertNotContains(viewer_client.get(f"{url}?open=conditions"), 'data-form="condition"')


def test_an_unknown_panel_is_the_live_region(campaign, owner_client, fighting):
    url = reverse("dawnshade:battle", args=[campaign.pk])
    answer = owner_client.get(f"{url}?panel=region", **HTMX)
    assertContains(answer, 'id="dawnshade-battle"')


@pytest.mark.parametrize(
    ("page", "panel"),
    [(page, panel) for page, panels in PANELS.items() if page != "character" for panel in panels],
)
def test_a_panel_asked_for_before_the_kinship_is_set_up_answers_without_error(
    campaign, owner_client, page, panel
):
    """No page shows a panel before the Kinship exists (an old tab or a typed address may
    still ask for one). The Mat's, the turn's and the chapter's forms need the Kinship: they
    answer with the region, which says to set it up; the battle's and the tools' do not."""
    url = reverse(f"dawnshade:{page}", args=[campaign.pk])
    answer = owner_client.get(f"{url}?panel={panel}", **HTMX)
    assert answer.status_code == 200
    if page in ("mat", "turn", "chapter"):
        assertContains(answer, f'id="dawnshade-{page}"')
        assertContains(answer, "data-no-kinship" if page != "chapter" else "Set up the Kinship")
    assertContains(owner_client.get(f"{url}?open={panel}"), "<html")


def test_the_loader_markup_escapes_what_it_is_given():
    assert panel_loader('/c/1/<b>"x"</b>/', "a&b") == (
        '<form data-panel-loader="a&amp;b" hx-get="/c/1/&lt;b&gt;&quot;x&quot;&lt;/b&gt;/'
        '?panel=a&amp;b" hx-trigger="toggle once from:closest details" hx-target="this" '
        'hx-swap="outerHTML"><a href="/c/1/&lt;b&gt;&quot;x&quot;&lt;/b&gt;/?open=a&amp;b'
        '#panel-a&amp;b">Show these forms</a></form>'
    )


@pytest.mark.parametrize("mode", list(MODES))
def test_the_house_reward_panel_shows_when_the_form_has_choices(campaign, user, mode):
    make_kinship(campaign, user, mode=mode)
    view = kinship_view(campaign)
    form = HouseRewardForm(prefix="house", view=view)
    assert house_reward_cells(view) == bool(form.fields["tile_outcome"].choices)


def test_a_character_panel_with_a_name_that_needs_escaping(campaign, owner_client, user):
    services.kinship_create(campaign=campaign, actor=user, mode="trilogy", difficulty="normal")
    stats = {"agi": 2, "atk": 2, "items": 2, "hp": 5, "def": 1, "dev": 1}
    mia = services.character_add(
        campaign=campaign, actor=user, name='<b>Mia & "Jo"</b>', stats=stats
    )
    url = reverse("dawnshade:character", args=[campaign.pk, mia.pk])
    body = owner_client.get(f"{url}?panel=tawny", **HTMX)
    assertContains(body, 'data-form="tawny"')
    assert _text(body).strip() in _text(owner_client.get(f"{url}?open=tawny"))
    page = owner_client.get(url).content.decode()
    assert "&lt;b&gt;Mia &amp; &quot;Jo&quot;&lt;/b&gt;" in page
    assert '<b>Mia & "Jo"</b>' not in page
