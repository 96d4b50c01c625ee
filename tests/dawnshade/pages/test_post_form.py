"""`{% post_form %}` draws an action's form exactly as the templates' `{% url %}`, `<form>` and
`{% csrf_token %}` did, with or without `data-form`, with URL arguments, and without a CSRF
token where the context has none."""

from django.template import Context, Template

LOAD = "{% load dawnshade %}"
OLD = Template(
    "{% url 'dawnshade:battle_damage' campaign_id as u %}"
    '<form method="post" action="{{ u }}" hx-post="{{ u }}" data-form="damage">{% csrf_token %}'
    "<button>{{ label }}</button></form>"
    "{% url 'dawnshade:item_sell' campaign_id item_id as v %}"
    '<form method="post" action="{{ v }}" hx-post="{{ v }}">{% csrf_token %}</form>'
)
NEW = Template(
    LOAD + "{% post_form 'dawnshade:battle_damage' campaign_id data_form='damage' %}"
    "<button>{{ label }}</button>{% endpost_form %}"
    "{% post_form 'dawnshade:item_sell' campaign_id item_id %}{% endpost_form %}"
)


def _context(**extra):
    return {"campaign_id": 3, "item_id": 7, "label": 'Go <"now">', **extra}


def test_a_post_form_reads_as_the_template_drew_it():
    context = _context(csrf_token='tok"en<')
    assert NEW.render(Context(context)) == OLD.render(Context(context))
    assert "tok&quot;en&lt;" in NEW.render(Context(context))
    assert "Go &lt;&quot;now&quot;&gt;" in NEW.render(Context(context))


def test_a_post_form_without_a_csrf_token_draws_none():
    assert NEW.render(Context(_context())) == OLD.render(Context(_context()))
    for token in ({}, {"csrf_token": "NOTPROVIDED"}):  # as {% csrf_token %} draws nothing
        assert "csrfmiddlewaretoken" not in NEW.render(Context(_context(**token)))
