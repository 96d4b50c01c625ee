"""The battle stacks' rows, written in Python by `battle_stack_rows`, read exactly as the
template loop they replaced drew them, for every kind of row (KO'd, Cogbot Fighter,
Cogbehemoth, conditions, a combo meter, a foe's detail) and text that needs escaping."""

import re

from django.template import Context, Template

from campaigns.dawnshade.queries_battle import StackRow
from campaigns.dawnshade.templatetags.dawnshade import battle_stack_rows

# The loop as battle.html had it.
TEMPLATE_LOOP = Template(
    """{% for row in rows %}
    <tr data-stack="{{ row.key }}" data-knocked-out="{{ row.knocked_out|yesno:'true,false' }}">
      <th scope="row">{{ row.name }}{% if row.knocked_out %} <strong>KO'd</strong>{% endif %}{% if row.detail %}<br><span class="small">{{ row.detail }}</span>{% endif %}</th>
      <td data-live-value="{{ row.key }}-hp"><span data-hp>{{ row.hp }}</span>/{{ row.hp_stat }}{% if row.cogbot_fighter %}<br><span class="small">Cogbot Fighter</span>{% endif %}</td>
      <td data-live-value="{{ row.key }}-shields"><span data-shields>{{ row.shields }}</span>{% if row.cogbehemoth %}<br><span class="small">Cogbehemoth {{ row.cogbehemoth_shields }}</span>{% endif %}</td>
      <td>{% for key, name in row.conditions %}<span data-condition="{{ key }}">{{ name }}</span>{% if not forloop.last %}, {% endif %}{% empty %}—{% endfor %}</td>
      <td>{% if row.flame is not None %}<span data-flame>{{ row.flame }}</span> flame, <span data-thorn>{{ row.thorn }}</span> thorn{% else %}—{% endif %}</td>
    </tr>
    {% endfor %}"""
)


def _row(**changes) -> StackRow:
    row = {
        "key": "s1",
        "name": "Ash",
        "side": "ally",
        "hp": 5,
        "hp_stat": 7,
        "shields": 1,
        "cogbehemoth_shields": 0,
        "cogbot_fighter": False,
        "cogbehemoth": False,
        "conditions": [],
        "knocked_out": False,
    }
    return StackRow(**{**row, **changes})


ROWS = [
    _row(),
    _row(key="s2", name='Bo <"the" & Brute>', flame=2, thorn=0),
    _row(
        key="s3",
        knocked_out=True,
        hp=0,
        cogbot_fighter=True,
        cogbehemoth=True,
        cogbehemoth_shields=2,
        conditions=[("burning", "Burning"), ("x", "not printed")],
        flame=0,
        thorn=3,
    ),
    _row(key="foe:I", name="Magus (I)", side="foe", detail="ATK 2, DEF 1; special: <b>boom</b>"),
]


def _between_tags(html: str) -> str:
    return re.sub(r">\s+<", "><", str(html)).strip()


def test_rows_read_as_the_template_drew_them():
    drawn = TEMPLATE_LOOP.render(Context({"rows": ROWS}))
    assert _between_tags(battle_stack_rows(ROWS)) == _between_tags(drawn)


# The battle page's other loops as battle.html had them.
FOE_LOOP = Template(
    """{% for foe in foes %}<li>{{ foe.name }} ({{ foe.get_faction_display }}): HP {{ foe.hp }}, SLD {{ foe.sld }}, ATK {{ foe.atk }}, DEF {{ foe.defense }}{% if foe.special %}; {{ foe.special }}{% endif %}</li>{% endfor %}"""
)
DRAWS_LOOP = Template("""{% for summary in draws %}<li>{{ summary }}</li>{% endfor %}""")
CHIPS = Template(
    """{{ stack|join:", "|default:"empty" }}|{% for name, count in counts %}{{ name }} ×{{ count }}{% if not forloop.last %}, {% endif %}{% empty %}empty{% endfor %}"""
)


def test_the_foe_library_reads_as_the_template_drew_it():
    from campaigns.dawnshade.models import Foe
    from campaigns.dawnshade.templatetags.dawnshade import foe_library_items

    foes = [
        Foe(name="Razorback", faction="might", hp=3, sld=1, atk=1, defense=1, special=""),
        Foe(name='<b>"Magus"</b>', faction="neutral", hp=4, sld=0, atk=2, defense=1),
        Foe(name="Odd", faction="not-a-faction", hp=1, sld=0, atk=0, defense=0, special="<&>"),
    ]
    assert foe_library_items(foes) == FOE_LOOP.render(Context({"foes": foes}))
    assert "&lt;b&gt;&quot;Magus&quot;&lt;/b&gt;" in foe_library_items(foes)


def test_the_battle_draws_read_as_the_template_drew_them():
    from campaigns.table.templatetags.table import list_items

    draws = ["Round 2: ally, ally (top first)", 'Target Card: <i>"Flash"</i> & co']
    assert list_items(draws) == DRAWS_LOOP.render(Context({"draws": draws}))
    assert list_items([]) == ""


def test_the_initiative_chips_read_as_the_template_drew_them():
    from collections import Counter

    from campaigns.dawnshade.queries_battle import _chip_name, _chip_summary

    for chips in [(), ("ally",), ("ally", "I", "ally", "III", "I")]:
        counts = Counter(chips)
        names = [(_chip_name(c), counts[c]) for c in dict.fromkeys(chips)]
        drawn = CHIPS.render(Context({"stack": [_chip_name(c) for c in chips], "counts": names}))
        stack = ", ".join(_chip_name(c) for c in chips) or "empty"
        assert f"{stack}|{_chip_summary(chips)}" == drawn
