"""Lists the Occulites pages draw in Python (refused purchases, token buttons): what players
typed is escaped, and each item says what it is."""

from types import SimpleNamespace

from campaigns.occulites.templatetags.occulites import refusal_items
from campaigns.occulites.tokens.panel import figure_buttons

TYPED = "Pim <b>\"&'"


def test_each_refused_purchase_names_the_ability_and_the_rules_reason_escaped():
    html = refusal_items(
        [
            SimpleNamespace(label=TYPED, reason="costs 4 VP < 5"),
            SimpleNamespace(label="B", reason="r"),
        ]
    )
    assert html == (
        "<li><strong>Pim &lt;b&gt;&quot;&amp;&#x27;</strong>: costs 4 VP &lt; 5</li>"
        "<li><strong>B</strong>: r</li>"
    )
    assert refusal_items([]) == ""


def test_a_token_button_names_its_figure_escaped_and_marks_one_already_spent_on():
    html = figure_buttons([{"name": TYPED, "spent": False}, {"name": "Tam", "spent": True}])
    fresh, spent = html.split("\n")
    name = "Pim &lt;b&gt;&quot;&amp;&#x27;"
    assert fresh == (
        f'<button type="submit" name="figure" value="{name}" class="" '
        f'aria-label="Spend on {name}">{name}</button>'
    )
    assert spent == (
        '<button type="submit" name="figure" value="Tam" class="secondary spent" '
        'aria-label="Spend on Tam (already had one this turn)">Tam ✓</button>'
    )
