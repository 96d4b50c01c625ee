"""The record wizard's status, written in Python: the tribe and timeslot, its totals, the
steps with where each stands, one-tap undo and what was written for this result. A live
region of its own (``?part=status``): every change at the table redraws it on the phone
recording a result. Every value is escaped (``e``).
tests/occulites/results/test_wizard_status.py reads it.
"""

from django.utils.safestring import mark_safe

from campaigns.occulites.templatetags.occulites import scenario_name
from campaigns.table.form_renderer import fast_escape as e
from campaigns.table.templatetags.table import live_region, undo_last
from campaigns.table.url_cache import cached_reverse

# A step's class in the list, by where it stands (the others: none).
_STEP_CLASS = {"done": "done", "locked": "locked"}
_CURRENT = ' aria-current="step"'


def draw_status(context) -> str:
    """The whole status (``<section id="wizard-status">``), as the wizard page and its live
    refresh draw it."""
    tribe, state, totals = context["tribe"], context["state"], context["totals"]
    here = context["here"]
    scenario = f" · {e(scenario_name(state.scenario.key))}" if state.scenario else ""
    membership = context["membership"]
    not_theirs = ""
    if membership.can_write and not context.get("may_change_tribe"):
        not_theirs = (
            f'\n  <p class="small" data-not-theirs>Only {e(tribe.name)}’s player or an owner'
            " may change it: the owner has set “players change only what is theirs”.</p>"
        )
    steps_url = e(cached_reverse("occulites:record_tribe", (context["campaign"].id, tribe.pk)))
    current = context.get("step")
    steps = "".join(
        f'\n      <li class="{_STEP_CLASS.get(item["status"], "")}">\n'
        f'        <a href="{steps_url}?step={e(item["key"])}"'
        f"{_CURRENT if item['key'] == current else ''}>"
        f"{number}. {e(item['label'])}</a>\n"
        f'        <span class="badge">{e(item["status"])}</span>\n      </li>'
        for number, item in enumerate(context["steps"], start=1)
    )
    written = ""
    if state.entries:
        reasons = "".join(f"<li>{e(entry.reason)}</li>" for entry in state.entries)
        written = (
            '\n  <details class="since-result">\n'
            f"    <summary>Written for this result ({len(state.entries)})</summary>\n"
            f'    <ul class="history">{reasons}</ul>\n  </details>'
        )
    return mark_safe(
        '<section id="wizard-status" class="card wizard-status" aria-labelledby="wizard-title"\n'
        f"         {live_region(context, here, query='part=status')}>\n"
        f'  <h2 id="wizard-title">{e(tribe.name)}\n'
        f'    <span class="muted small">timeslot {e(context["season"].timeslot)}{scenario}'
        "</span></h2>\n"
        '  <dl class="totals">\n'
        '    <div><dt>Total VP</dt><dd data-total="total_vp">'
        f"{e(totals.get('total_vp', ''))}</dd></div>\n"
        '    <div><dt>Available to spend</dt><dd data-total="available_spend_total">'
        f"{e(totals.get('available_spend_total', ''))}</dd></div>\n"
        '    <div><dt>Sungems</dt><dd data-total="sungems">'
        f"{e(totals.get('sungems', ''))}</dd></div>\n"
        f"  </dl>{not_theirs}\n"
        f'  <nav aria-label="Steps">\n    <ol class="wizard-steps">{steps}\n    </ol>\n  </nav>\n'
        f"  {undo_last(context, next=here)}{written}\n</section>"
    )
