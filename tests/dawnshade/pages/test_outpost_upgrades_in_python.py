"""The Outposts page's list of what each upgrade allows, written in Python
(``outpost_upgrade_items``), reads exactly as the template loop it replaced drew it, at every
level and with text that needs escaping."""

from types import MappingProxyType, SimpleNamespace

import pytest
from django.template import Context, Template

from campaigns.dawnshade.catalog.outposts import outpost_upgrade
from campaigns.dawnshade.catalog.quest_deck import OUTPOST_TYPES
from campaigns.dawnshade.templatetags.dawnshade import outpost_upgrade_items

# The loop as templates/dawnshade/outposts.html had it.
LOOP = Template(
    """{% load dawnshade %}{% for outpost, upgrade in upgrades %}
    <li data-outpost="{{ outpost.key }}"><strong>{{ outpost.name }}: {{ upgrade.name }}</strong> —
      {% if outpost.key == "guild_hall" %}skills of tiers {{ upgrade.skill_tiers|join:", " }}{% elif outpost.key == "tavern" %}Double Doubler's Dice ante {{ upgrade.doublers_dice_ante }}, Watchers Runes ante {{ upgrade.watchers_runes_ante }} (+{{ upgrade.watchers_runes_extra_tawny_cards }} 2-Tawny cards){% elif outpost.key == "mercantile" %}{% for tier, cards in upgrade.item_draws.items %}{{ cards }} Tier {{ tier|roman }}{% if not forloop.last %}, {% endif %}{% endfor %} items a visit{% elif outpost.key == "foundry" %}transmute 3 Tawny → 1 Tier I väki{% if upgrade.can_buy_cogbot_fighter %}, Cogbot Fighter 10 Tawny{% endif %}{% if upgrade.can_buy_cogbehemoth %}, Cogbehemoth 30 Tawny{% endif %}{% else %}up to {{ upgrade.max_shots }} shot{{ upgrade.max_shots|pluralize }} at 1 Tawny{% endif %}</li>
    {% endfor %}"""
)


@pytest.mark.parametrize("level", [1, 2, 3])
def test_upgrades_read_as_the_template_loop_drew_them(level):
    upgrades = [(OUTPOST_TYPES[key], outpost_upgrade(key, level)) for key in OUTPOST_TYPES]
    drawn = outpost_upgrade_items(upgrades)
    assert drawn == LOOP.render(Context({"upgrades": upgrades}))
    assert drawn.count("<li data-outpost=") == len(OUTPOST_TYPES)


def test_upgrade_text_stays_escaped():
    def outpost(key):
        return SimpleNamespace(key=key, name=f'<{key}> & "co"')

    upgrade = SimpleNamespace(
        name="Big <Ticket> & 'Co'",
        skill_tiers=("I <a>", "II & III"),
        doublers_dice_ante="<1>",
        watchers_runes_ante=2,
        watchers_runes_extra_tawny_cards="&",
        item_draws=MappingProxyType({1: "<6>", 2: 3}),
        can_buy_cogbot_fighter=True,
        can_buy_cogbehemoth=False,
        max_shots=1,
    )
    keys = ["guild_hall", "tavern", "mercantile", "foundry", "boomshot_gallery", '"x"']
    upgrades = [(outpost(key), upgrade) for key in keys]
    drawn = outpost_upgrade_items(upgrades)
    assert drawn == LOOP.render(Context({"upgrades": upgrades}))
    assert "&lt;guild_hall&gt;" in drawn and "I &lt;a&gt;" in drawn
