"""The rows the Dawnshade pages write in Python (the turn page's game log, the save sheet's
quest log, history, Watcher values, Artifacts and results, a character's stat grid, the Väki Mat's tracks, pool, väki held and blessings, the save sheet's characters) read exactly as the template loops they
replaced drew them, with text that needs escaping."""

import re
from types import SimpleNamespace

from django.template import Context, Template

from campaigns.dawnshade.catalog.blessings import BLESSINGS as BLESSING_CATALOGUE
from campaigns.dawnshade.catalog.conditions import CONDITIONS
from campaigns.dawnshade.catalog.vaki import ELEMENTS
from campaigns.dawnshade.catalog.watchers import WATCHERS
from campaigns.dawnshade.queries import AlignmentTrack, QuestLogLine
from campaigns.dawnshade.templatetags.dawnshade import (
    alignment_track_items,
    alignment_values_line,
    artifact_names,
    blessing_items,
    game_log_items,
    held_vaki_items,
    pool_items,
    quest_log_items,
    sheet_character_rows,
    sheet_history_items,
    sheet_result_rows,
    stat_grid,
)

LOAD = "{% load dawnshade %}"
# The loops as the templates had them.
GAME_LOG = Template(
    LOAD
    + """{% for line in visits %}
    <li data-visit="{{ line.seq }}">{{ line.tile.name }}{% if line.hexes %}: {{ line.hexes }} hex{{ line.hexes|pluralize:"es" }}, threat {{ line.threat_after }}{% endif %}{% if line.outcome %}; {{ line.outcome|outcome_name }}{% endif %}{% if line.rewarded %}; {{ line.xp }} XP, {{ line.tawny }} Tawny{% endif %}</li>
    {% endfor %}"""
)
QUEST_LOG = Template(
    LOAD
    + """{% for line in visits %}<li>Game {{ line.game_number }}: {{ line.tile.name }}{% if line.outcome %}, {{ line.outcome|outcome_name }}{% endif %}{% if line.rewarded %}: {{ line.xp }} XP, {{ line.tawny }} Tawny{% endif %}</li>{% endfor %}"""
)
HISTORY = Template(
    """{% for row in rows %}<li{% if row.undone %} class="undone"{% endif %}><strong>{{ row.reason }}</strong> <span class="muted small">{{ row.who }}, <time datetime="{{ row.iso_time }}">{{ row.time }}</time></span></li>{% endfor %}"""
)
STATS = Template(
    """<dl class="stat-grid">{% for key, value in stats %}<div data-stat="{{ key }}"><dt>{{ key|upper }}</dt><dd>{{ value }}</dd></div>{% endfor %}</dl>"""
)

TRACKS = Template(
    LOAD
    + """{% for track in tracks %}
    <li class="{% if track.leading %}leading{% endif %}" data-track="{{ track.watcher.key }}"><strong>{{ track.watcher.name }}</strong><span>{{ track.value }}</span><span class="preview">{{ track.watcher.element|element_name }}: spend one → {{ track.spend_preview }}</span></li>
    {% endfor %}"""
)
POOL = Template(
    """{% for element, chips in pool %}<li data-pool="{{ element.key }}">{{ element.name }} {{ chips }}</li>{% endfor %}"""
)
HELD = Template(
    LOAD
    + """{% for c in characters %}<li>{{ c.name }}: {% for element, held in c.totals.vaki.items %}{% if held %}<span class="chip" data-held="{{ element }}">{{ element|element_name }} {{ held }}</span>{% endif %}{% empty %}none{% endfor %}</li>{% endfor %}"""
)
BLESSINGS = Template(
    LOAD
    + """{% for key, held in blessings.items %}{% if held %}<li data-blessing="{{ key }}">{{ key|blessing_name }} × {{ held }}</li>{% endif %}{% empty %}{% endfor %}"""
)
SHEET_CHARACTERS = Template(
    LOAD
    + """    {% for c in characters %}
      <tr data-sheet-character="{{ c.pk }}"><th scope="row">{{ c.name }}</th>{% for key, value in c.stat_rows %}<td>{{ value }}</td>{% endfor %}<td>{% for die in c.totals.skill_dice %}{{ die }}{% empty %}—{% endfor %}</td><td data-sheet-tawny>{{ c.totals.tawny }} ({{ c.coins.label }})</td></tr>
      <tr><td colspan="9" class="small">Items: {% for item in c.items %}{{ item.name }} ({{ item.get_item_type_display }}{% if item.armour %}, armour{% endif %}){% if not forloop.last %}; {% endif %}{% empty %}none{% endfor %}{% if c.totals.has_cogbot_fighter %} · Cogbot Fighter{% endif %}{% if c.totals.conditions %} · Conditions: {% for key in c.totals.conditions %}{{ key|condition_name }}{% if not forloop.last %}, {% endif %}{% endfor %}{% endif %}</td></tr>
    {% endfor %}"""
)

WATCHER_VALUES = Template(
    """{% for watcher, value in values %}{{ watcher.name }} {{ value }}{% if not forloop.last %} · {% endif %}{% endfor %}"""
)
ARTIFACTS = Template(
    LOAD
    + """{% for a in artifacts %}{{ a.key|alignment_name }}{% if not forloop.last %}, {% endif %}{% empty %}none yet{% endfor %}"""
)
SHEET_RESULTS = Template(
    LOAD
    + """{% for r in results %}<tr><td>{{ r.game_number }}</td><td>{{ r.narrative_chapter|roman }}</td><td>{{ r.outcome|outcome_name }}</td><td>{{ r.level }}</td><td>{{ r.xp }}</td><td>{{ r.threat }}</td><td>{{ r.alignment|alignment_name }}</td><td>{{ r.events_set_aside|default:"—" }}</td></tr>{% endfor %}"""
)


def _visit(seq, name, *, hexes=0, outcome="", rewarded=False, xp=None, tawny=None):
    return SimpleNamespace(
        seq=seq,
        game_number=2,
        tile=SimpleNamespace(name=name),
        hexes=hexes,
        threat_after=seq + 3,
        outcome=outcome,
        rewarded=rewarded,
        xp=xp,
        tawny=tawny,
    )


VISITS = [
    _visit(0, "Starting Village", outcome="completed", rewarded=True, xp=1, tawny=5),
    _visit(1, 'Event "4" <&>', hexes=1, outcome="succeed", rewarded=True, xp=None, tawny=0),
    _visit(2, "Battle", hexes=3, outcome="foe_retreat"),
    _visit(3, "Tavern", hexes=2),
]
ROWS = [
    {"undone": False, "reason": "Moved <3> & more", "who": "ash", "iso_time": "t1", "time": "1"},
    {"undone": True, "reason": 'Said "hi"', "who": "someone", "iso_time": "t2", "time": "2"},
]


def _between_tags(html) -> str:
    return re.sub(r">\s+<", "><", str(html)).strip()


def test_the_game_log_reads_as_the_template_drew_it():
    drawn = GAME_LOG.render(Context({"visits": VISITS}))
    assert _between_tags(game_log_items(VISITS)) == _between_tags(drawn)


def test_the_quest_log_reads_as_the_template_drew_it():
    drawn = QUEST_LOG.render(Context({"visits": VISITS}))
    lines = [
        QuestLogLine(v.game_number, v.tile.name, v.outcome, v.rewarded, v.xp, v.tawny)
        for v in VISITS
    ]
    assert _between_tags(quest_log_items(lines)) == _between_tags(drawn)


def test_the_history_reads_as_the_template_drew_it():
    drawn = HISTORY.render(Context({"rows": ROWS}))
    assert _between_tags(sheet_history_items(ROWS)) == _between_tags(drawn)


def test_the_stat_grid_reads_as_the_template_drew_it():
    stats = [("agi", 3), ("atk", 2), ("items", 0)]
    drawn = STATS.render(Context({"stats": stats}))
    assert _between_tags(stat_grid(stats)) == _between_tags(drawn)


def test_the_alignment_tracks_read_as_the_template_drew_them():
    watchers = list(WATCHERS.values())
    tracks = [
        AlignmentTrack(watchers[0], 3, True, 'Aligned <with> "Danu"'),
        AlignmentTrack(watchers[1], 0, False, "no shift"),
    ]
    drawn = TRACKS.render(Context({"tracks": tracks}))
    assert _between_tags(alignment_track_items(tracks)) == _between_tags(drawn)


def test_the_pool_reads_as_the_template_drew_it():
    pool = [(element, n) for n, element in enumerate(ELEMENTS.values())]
    drawn = POOL.render(Context({"pool": pool}))
    assert _between_tags(pool_items(pool)) == _between_tags(drawn)


def test_the_vaki_held_reads_as_the_template_drew_it():
    elements = list(ELEMENTS)
    characters = [
        SimpleNamespace(
            name='Ash <"&">', totals=SimpleNamespace(vaki={elements[0]: 2, elements[1]: 0})
        ),
        SimpleNamespace(name="Birch", totals=SimpleNamespace(vaki={})),
        SimpleNamespace(name="Cedar", totals=SimpleNamespace(vaki={elements[2]: 0})),
    ]
    drawn = HELD.render(Context({"characters": characters}))
    assert _between_tags(held_vaki_items(characters)) == _between_tags(drawn)


def test_the_blessings_held_read_as_the_template_drew_them():
    blessings = {"not-a-blessing <b>": 1, **{key: n for n, key in enumerate(BLESSING_CATALOGUE)}}
    drawn = BLESSINGS.render(Context({"blessings": blessings}))
    assert _between_tags(blessing_items(blessings)) == _between_tags(drawn)


def test_the_watcher_values_read_as_the_template_drew_them():
    values = [
        (SimpleNamespace(name='Danu <"&">'), 3),
        *((w, n) for n, w in enumerate(WATCHERS.values())),
    ]
    for shown in (values, values[:1], []):
        assert alignment_values_line(shown) == WATCHER_VALUES.render(Context({"values": shown}))


def test_the_artifacts_read_as_the_template_drew_them():
    keys = ["balanced", *WATCHERS, 'not-a-watcher <"&">']
    artifacts = [SimpleNamespace(key=key) for key in keys]
    for shown in (artifacts, artifacts[:1], []):
        drawn = ARTIFACTS.render(Context({"artifacts": shown}))
        assert artifact_names(shown) == drawn
    assert artifact_names([]) == "none yet"


def _result(game_number, chapter, **columns):
    return SimpleNamespace(
        game_number=game_number,
        narrative_chapter=chapter,
        outcome=columns.get("outcome", "major_victory"),
        level=2,
        xp=14,
        threat=columns.get("threat", 0),
        alignment=columns.get("alignment", "balanced"),
        events_set_aside=columns.get("events_set_aside", ""),
    )


def test_the_sheet_results_read_as_the_template_drew_them():
    results = [
        _result(1, 1, events_set_aside='4, 12 <"&">', threat=5),
        _result(2, 99, outcome='defeat <"&">', alignment=next(iter(WATCHERS))),
        _result(3, 0, alignment='not-a-watcher <"&">'),
    ]
    drawn = SHEET_RESULTS.render(Context({"results": results}))
    assert sheet_result_rows(results) == drawn
    assert "—" in drawn and "&lt;" in drawn


def _sheet_character(pk, name, *, dice=(), items=(), cogbot=False, conditions=()):
    return SimpleNamespace(
        pk=pk,
        name=name,
        stat_rows=[("agi", 2), ("hp", None)],
        coins=SimpleNamespace(label="1·2·<3>"),
        items=[
            SimpleNamespace(name=n, armour=armour, get_item_type_display=lambda t=t: t)
            for n, t, armour in items
        ],
        totals=SimpleNamespace(
            skill_dice=frozenset(dice),
            tawny=7,
            has_cogbot_fighter=cogbot,
            conditions=conditions,
        ),
    )


def test_the_sheet_characters_read_as_the_template_drew_them():
    conditions = tuple(CONDITIONS)[:2]
    characters = [
        _sheet_character(1, 'Ash <"&">', dice=(3, 1), cogbot=True, conditions=conditions),
        _sheet_character(
            2, "Birch", items=[("Iron <Vest>", "Armour & co", True), ("Rope", "Tool", False)]
        ),
        _sheet_character(3, "Cedar", conditions=("not-a-condition <b>",)),
    ]
    drawn = SHEET_CHARACTERS.render(Context({"characters": characters}))
    assert _between_tags(sheet_character_rows(characters)) == _between_tags(drawn)


def test_a_remembered_rule_link_reads_as_drawn_and_escapes_its_label():
    from django.urls import reverse

    from campaigns.dawnshade.templatetags.dawnshade import rule

    url = reverse("rules_entry", args=("dawnshade", "battles"))
    expected = (
        f'<a class="rule-link" href="{url}" data-rule="battles">A &lt;b&gt; &amp; &quot;c&quot;</a>'
    )
    assert rule("battles", 'A <b> & "c"') == expected
    assert rule("battles", 'A <b> & "c"') == expected  # the second time from memory


def test_the_rule_tag_draws_the_remembered_link_under_each_renders_prefix():
    from django.urls import get_script_prefix, set_script_prefix

    from campaigns.dawnshade.templatetags.dawnshade import rule

    drawn = Template(LOAD + "{% rule 'battles' %} {% rule 'battles' 'A <b>' %}")
    expected = f"{rule('battles')} {rule('battles', 'A <b>')}"
    assert drawn.render(Context()) == expected
    assert "A &lt;b&gt;" in expected
    before = get_script_prefix()
    set_script_prefix("/under/")
    try:
        assert 'href="/under/' in drawn.render(Context())
    finally:
        set_script_prefix(before)
    assert drawn.render(Context()) == expected


def test_the_game_stylesheet_reads_as_the_static_tag_drew_it(settings):
    static_tag = Template(
        '{% load static %}<link rel="stylesheet" href="{% static \'dawnshade/dawnshade.css\' %}">'
    )
    remembered = Template("{% load table %}{% game_stylesheet 'dawnshade/dawnshade.css' %}")
    assert remembered.render(Context()) == static_tag.render(Context())
    settings.STATIC_URL = '/assets/"a&b"/'  # a change of setting draws it anew
    drawn = remembered.render(Context())
    assert drawn == static_tag.render(Context())
    assert 'href="/assets/&quot;a&amp;b&quot;/dawnshade/' in drawn
