"""``{% choice_forms %}`` (a post form per choice, the helpers' one-tap rows) and the
Occulites helpers' ``{% reset_form %}`` draw what the template loops and the included
partial they replaced drew, every value escaped."""

from types import SimpleNamespace

from django.template import Context, Template

CSRF = "t0k3n"
LOOP = Template(
    "{% for value, label in choices %}"
    '<form method="post" action="{{ url }}" hx-post="{{ url }}">'
    '<input type="hidden" name="csrfmiddlewaretoken" value="{{ csrf_token }}">'
    '<input type="hidden" name="kind" value="{{ value }}">'
    '<input type="hidden" name="expected" value="{{ expected }}">'
    '<button type="submit" class="secondary">{{ label }}</button></form>'
    "{% endfor %}"
)
TAG = Template(
    "{% load table %}{% choice_forms url 'kind' choices button_class='secondary' "
    "expected=expected %}"
)


def test_a_form_per_choice_as_the_loop_drew_it_escaped():
    context = {
        "url": "/c/1/helpers/cards/reveal/?a=1&b=2",
        "choices": [("event", "Event card"), ('<x">', "Dawn & <Dusk>")],
        "expected": 3,
        "csrf_token": CSRF,
    }
    drawn = TAG.render(Context(context))
    assert drawn == LOOP.render(Context(context))
    assert drawn.count("<form ") == 2 and "Dawn &amp; &lt;Dusk&gt;" in drawn
    assert 'value="&lt;x&quot;&gt;"' in drawn and "?a=1&amp;b=2" in drawn


def test_no_choices_draw_nothing():
    assert TAG.render(Context({"url": "/x/", "choices": [], "csrf_token": CSRF})) == ""


def test_the_reset_form_only_for_a_member_who_may_write():
    reset = Template('{% load occulites %}{% reset_form url "New game: the tribe\'s" %}')
    # A label written in the template is the template's own text: Django leaves literals
    # unescaped, as the included partial drew them.
    writer = {"url": "/c/1/r/", "csrf_token": CSRF, "membership": SimpleNamespace(can_write=True)}
    assert reset.render(Context(writer)) == (
        '<form method="post" action="/c/1/r/" hx-post="/c/1/r/" class="reset-form">'
        f'<input type="hidden" name="csrfmiddlewaretoken" value="{CSRF}">'
        '<button type="submit" class="secondary">New game: the tribe\'s</button></form>'
    )
    viewer = {**writer, "membership": SimpleNamespace(can_write=False)}
    assert reset.render(Context(viewer)) == ""
