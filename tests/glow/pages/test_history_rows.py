"""The history's statistics rows, written in Python (`player_stat_rows`, `adventurer_stat_rows`,
`one_decimal`), read exactly as the template loops and the floatformat filter they replaced
drew them, names that need escaping included."""

import re

from django.template import Context, Template
from django.template.defaultfilters import floatformat

from campaigns.glow.history.views import PlayerRow, one_decimal
from campaigns.glow.templatetags.glow import adventurer_stat_rows, player_stat_rows

# The loops as history.html had them.
PLAYERS_LOOP = Template(
    """{% for player in players %}
      <tr data-player="{{ player.name }}"><th scope="row">{{ player.name }}</th><td>{{ player.plays }}</td><td>{{ player.wins }}</td>
        <td>{{ player.win_rate }}%</td><td>{{ player.best }}</td><td>{{ player.average }}</td><td>{{ player.average_butterflies }}</td></tr>
    {% empty %}<tr><td colspan="7" class="muted">Nobody has finished a play yet.</td></tr>
    {% endfor %}"""
)
ADVENTURERS_LOOP = Template(
    """{% for name, plays, wins in adventurers %}<tr><th scope="row">{{ name }}</th><td>{{ plays }}</td><td>{{ wins }}</td></tr>{% empty %}<tr><td colspan="3" class="muted">None yet.</td></tr>{% endfor %}"""
)


def _between_tags(html: str) -> str:
    return re.sub(r">\s+<", "><", str(html)).strip()


PLAYERS = [
    PlayerRow("owner", 2, 1, "50", 61, one_decimal(50.5), one_decimal(1.25)),
    PlayerRow('<b>Mia & "Jo"</b>', 12, 0, "0", 1200, one_decimal(0.05), one_decimal(3.0)),
]
ADVENTURERS = [("Hulios", 3, 1), ('<i>Tam\'s & "co"</i>', 1, 0)]


def test_player_rows_read_as_the_template_loop_drew_them():
    for players in (PLAYERS, []):
        drawn = PLAYERS_LOOP.render(Context({"players": players}))
        assert _between_tags(player_stat_rows(players)) == _between_tags(drawn)
    assert "&lt;b&gt;Mia &amp; &quot;Jo&quot;&lt;/b&gt;" in player_stat_rows(PLAYERS)


def test_adventurer_rows_read_as_the_template_loop_drew_them():
    for adventurers in (ADVENTURERS, []):
        drawn = ADVENTURERS_LOOP.render(Context({"adventurers": adventurers}))
        assert adventurer_stat_rows(adventurers) == drawn


def test_one_decimal_rounds_as_floatformat_did():
    values = [0.0, 0.05, 0.15, 0.25, 1.25, 2.35, 2 / 3, 1 / 3, 10.0, 49.95, 123.456, 999.99]
    values += [n / d for n in range(0, 400, 7) for d in (1, 2, 3, 4, 6, 7, 8, 9, 12)]
    for value in values:
        assert one_decimal(value) == floatformat(value, 1), value
