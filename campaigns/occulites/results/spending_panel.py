"""Spending Victory Points, written in Python: the running totals (a live region) and the
four spending forms (learn an ability, teach the Luftle Chief, recruit a Luftle, buy back
Defence), each with the purchases the rules refuse and why. The spending page and the
record wizard's last step draw it; each purchase redraws it.

Every value is escaped (``e``). tests/occulites/results/test_spending_panel.py reads it.
"""

from django.utils.safestring import mark_safe

from campaigns.occulites.templatetags.occulites import refusal_items, tribe_type_name
from campaigns.table.field_tags import checkbox_field, field, form_errors
from campaigns.table.form_renderer import control
from campaigns.table.form_renderer import fast_escape as e
from campaigns.table.post_form import csrf_input
from campaigns.table.templatetags.table import live_region, message_items
from campaigns.table.url_cache import cached_reverse


def _rule(slug: str, label: str = "Rule") -> str:
    return f'<a href="{e(cached_reverse("rules_entry", ("occulites", slug)))}">{label}</a>'


def draw_totals(context) -> str:
    """The running totals (``<section id="spend-totals">``): what is left to spend, and the
    Learned Abilities this scenario allows; their own live region."""
    spending, tribe = context["spending"], context["tribe"]
    if spending.allowance is None:
        allowance = (
            f"{e(tribe.name)} has played no scenario yet: only the Available Spend Total limits"
            " Learned Abilities."
        )
    else:
        allowed, bought = e(spending.allowance), e(spending.bought)
        allowance = (
            f'<span data-learned-allowed="{allowed}" data-learned-bought="{bought}">Learned'
            f" Abilities after this scenario: {bought} of {allowed} allowed.</span>"
        )
    live = live_region(context, "occulites:spend", context["campaign"].id, tribe.pk)
    return mark_safe(
        '<section id="spend-totals" class="card spend-totals" aria-label="Available Spend'
        f' Total" aria-live="polite"\n           {live}>\n'
        '    <p class="big">Available Spend Total: <strong data-total="available_spend_total">'
        f"{e(spending.available_spend_total)}</strong> VP</p>\n"
        f'    <p class="muted small">Total VP {e(spending.totals.get("total_vp", ""))} · Sungems'
        f" {e(spending.totals.get('sungems', ''))} ·\n      {_rule('spending-victory-points')}</p>\n"
        f'    <p class="small">{allowance}</p>\n  </section>'
    )


def draw_panel(context) -> str:
    """The whole panel (``<div id="spending">``): the totals, then the forms for a member
    who may change this tribe."""
    tribe = context["tribe"]
    membership = context.get("membership")
    may_change = context.get("may_change_tribe")
    parts = []
    if context.get("panel_messages"):
        parts.append(message_items(context))
    parts.append(draw_totals(context))
    if membership is not None and membership.can_write and not may_change:
        parts.append(
            f'<p class="small" data-not-theirs>Only {e(tribe.name)}’s player or an owner may'
            " change it: the owner has set “players change only what is theirs”.</p>"
        )
    if may_change:
        page = _Panel(context)
        parts.append(_learn(page))
        if page.spending.luftle_chief:
            parts.append(_luftle_chief(page))
        parts.append(_recruit(page))
        parts.append(_defence(page))
    body = "\n  ".join(parts)
    return mark_safe(f'<div id="spending" class="spending">\n  {body}\n</div>')


class _Panel:
    """What each section reads: the state, the forms and the tribe's action URLs."""

    def __init__(self, context):
        self.context = context
        self.spending = context["spending"]
        self.tribe = context["tribe"]
        self.csrf = csrf_input(context)
        self.args = (context["campaign"].id, self.tribe.pk)

    def form(self, name: str):
        return self.context.get(name)

    def post_form(self, url_name: str, inner: str) -> str:
        url = e(cached_reverse(f"occulites:{url_name}", self.args))
        return (
            f'<form method="post" action="{url}"\n          hx-post="{url}" hx-target="#spending"'
            f' hx-swap="outerHTML" hx-disabled-elt="find button">\n      {self.csrf}{inner}\n'
            "    </form>"
        )


def _errors(form) -> bool:
    return bool(form is not None and form.errors)


def _fields(form, *names) -> str:
    return f"{control(form['back'])}\n{form_errors(form)}" + "".join(
        field(form[name]) for name in names
    )


def _section(name: str, title: str, body: str) -> str:
    return (
        f'<section class="card" aria-labelledby="{name}-title">\n'
        f'    <h3 id="{name}-title">{title}</h3>\n    {body}\n  </section>'
    )


def _offer(page, form_name: str, shown: bool, url_name: str, names, button: str, empty: str):
    """A section's form while it has something to offer (or a refused copy to show), else
    the muted line saying there is nothing."""
    form = page.form(form_name)
    if not (shown or _errors(form)):
        return f'<p class="muted">{empty}</p>'
    return page.post_form(url_name, _fields(form, *names) + button)


def _refusals(items: str) -> str:
    return (
        '<details class="refusals"><summary>Why not the others?</summary>\n'
        f"      <ul>{items}</ul>\n    </details>"
    )


def _learn(page) -> str:
    spending = page.spending
    offer = _offer(
        page,
        "ability_form",
        spending.any_ability_offer,
        "spend_ability",
        ("purchase",),
        '<button type="submit">Learn it</button>',
        "Nothing can be learned right now.",
    )
    reasons = "".join(
        f"\n        <h4>{e(group.occulite.name)}</h4>\n"
        f"        <ul>{refusal_items(group.refusals)}</ul>"
        for group in spending.ability_offers
        if group.refusals
    )
    pool = ""
    if spending.pool_slug:
        pool = f" ·\n      {_rule(spending.pool_slug, f'{e(tribe_type_name(page.tribe.tribe_type))} pool')}"
    links = (
        f'<p class="small">{_rule("abilities-in-a-campaign")} ·\n'
        f"      {_rule('general-ability-pool', 'General pool')}{pool}</p>"
    )
    body = (
        f'{offer}\n    <details class="refusals">\n      <summary>Why not the others?</summary>'
        f"{reasons}\n    </details>\n    {links}"
    )
    return _section("learn", "Learn an ability", body)


def _luftle_chief(page) -> str:
    spending = page.spending
    offer = _offer(
        page,
        "luftle_chief_form",
        bool(spending.luftle_chief_offers),
        "spend_luftle_chief",
        ("ability",),
        '<button type="submit">Teach it</button>',
        "Nothing the Luftle Chief can learn right now.",
    )
    if spending.luftle_chief_refusals:
        offer += f"\n    {_refusals(refusal_items(spending.luftle_chief_refusals))}"
    title = f"Teach the Luftle Chief ({e(spending.luftle_chief.base_letter)})"
    body = f'{offer}\n    <p class="small">{_rule("luftle-chief-ability-pool")}</p>'
    return _section("luftle-chief", title, body)


def _recruit(page) -> str:
    spending = page.spending
    form = page.form("recruit_form")
    if spending.caste_offers or _errors(form):
        free = checkbox_field(form["free"]) if spending.free_recruits_left else ""
        inner = (
            _fields(form, "caste", "base_letter") + free + '<button type="submit">Recruit</button>'
        )
        offer = page.post_form("spend_recruit", inner)
    else:
        offer = '<p class="muted">No Luftle can be recruited right now.</p>'
    if spending.caste_refusals:
        offer += f"\n    {_refusals(refusal_items(spending.caste_refusals))}"
    body = f'{offer}\n    <p class="small">{_rule("luftle-castes")}</p>'
    return _section("recruit", "Recruit a Luftle", body)


def _defence(page) -> str:
    spending = page.spending
    form = page.form("defence_form")
    if spending.defence_offers or _errors(form):
        offers = "".join(
            f"\n      <li>{e(offer.occulite.name)}: Defence {e(offer.occulite.defence)}, up to"
            f" {e(offer.occulite.defence_before_scenario)} before the scenario"
            f" ({e(offer.vp_per_point)} VP a point)</li>"
            for offer in spending.defence_offers
        )
        inner = _fields(form, "occulite", "points") + '<button type="submit">Buy it back</button>'
        offer = f'<ul class="defence-offers">{offers}\n    </ul>\n    ' + page.post_form(
            "spend_defence", inner
        )
    else:
        offer = '<p class="muted">No Occulite has lost Defence since this scenario began.</p>'
    body = f'{offer}\n    <p class="small">{_rule("spending-victory-points")}</p>'
    return _section("defence", "Buy back Defence", body)
