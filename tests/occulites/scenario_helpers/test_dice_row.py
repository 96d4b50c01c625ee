"""The helpers' row of dice, written in Python by the `dice_row` tag."""

from campaigns.occulites.scenario_helpers.pages import _dice
from campaigns.occulites.templatetags.occulites import dice_row


def test_a_hit_says_what_it_does_and_a_label_names_its_die():
    html = dice_row(_dice([3, 9], [True, False], ["Grublic", "<Pim>"]), "Lightning dice", "struck")
    assert html.startswith('<ol class="dice-row" aria-label="Lightning dice">')
    assert '<li class="die success">' in html and '<li class="die miss">' in html
    assert '<span class="face" aria-label="Grublic: 3, struck">3</span>' in html
    assert '<small class="die-label">&lt;Pim&gt;</small>' in html
    assert "<Pim>" not in html


def test_no_dice_is_an_empty_row():
    assert dice_row(None, "Tentacle dice", "activates") == (
        '<ol class="dice-row" aria-label="Tentacle dice">\n</ol>'
    )
