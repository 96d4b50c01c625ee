"""The new-play form's seat rows (`seat_rows`) and the plays' dates (`played_on`), written in
Python, read exactly as the template loop of `{% field %}` and the `date_format` they replaced
drew them: an unbound form (written without the widgets), a refused one (through
`{% field %}`), and names that need escaping."""

import datetime

from django.template import Context, Template
from django.utils.formats import date_format

from campaigns.glow.pad.forms import PlayForm
from campaigns.glow.templatetags.glow import played_on, seat_rows

# The loop as plays.html had it (`form.seat_fields` was each row with its bound fields).
SEAT_LOOP = Template(
    """{% for row, fields in seat_fields %}
        <fieldset data-seat-row="{{ row }}">
          <legend>Seat {{ row }}</legend>
          <div class="glow-grid">{% for field in fields %}{% field field %}{% endfor %}</div>
        </fieldset>
      {% endfor %}"""
)
ODD = '<b>Mia & "Jo"</b>'
MEMBERS = ((7, ODD), (8, "Tam"))
ADVENTURERS = [("", "— choose —"), ("hulios", "Hulios"), ("zay_drel", "Zay'Drel"), (ODD, ODD)]


def _form(data=None) -> PlayForm:
    return PlayForm(data, members=MEMBERS, adventurers=ADVENTURERS, auto_id="id_new_%s")


def _loop(form) -> str:
    rows = [(row, [form[name] for name in names]) for row, names in form.seat_rows]
    return SEAT_LOOP.render(Context({"seat_fields": rows}))


def _forms():
    yield _form()
    refused = _form(
        {
            "played_on": "2026-03-07",
            "journey_board": "province_of_shadows",
            "seat1_member": "7",
            "seat1_guest": '<i>G&"</i>',  # a member and a guest: refused
            "seat2_guest": "Ann",  # no adventurer: refused
            "seat3_member": "8",
            "seat3_adventurer": ODD,
            "seat4_member": "999",  # not a member: refused
        }
    )
    assert not refused.is_valid()
    yield refused


def test_seat_rows_read_as_the_template_loop_drew_them():
    for form in _forms():
        assert seat_rows(form) == _loop(form), form.is_bound


def test_the_unbound_rows_escape_names_and_select_nothing():
    drawn = seat_rows(_form())
    # Six member labels, and six adventurers' values and labels.
    assert drawn.count("&lt;b&gt;Mia &amp; &quot;Jo&quot;&lt;/b&gt;") == 18
    assert ODD not in drawn
    assert drawn.count('<option value="" selected>') == 12
    assert drawn.count('maxlength="40"') == 6


def test_the_refused_rows_keep_what_was_typed_and_each_error():
    *_, refused = _forms()
    drawn = seat_rows(refused)
    assert '<option value="7" selected>' in drawn
    assert 'value="&lt;i&gt;G&amp;&quot;&lt;/i&gt;"' in drawn
    assert drawn.count('aria-invalid="true"') == 3


def test_played_on_reads_as_date_format():
    for month in range(1, 13):
        for day in (datetime.date(2026, month, 1), datetime.date(987, month, 28)):
            assert played_on(day) == date_format(day, "j M Y")
