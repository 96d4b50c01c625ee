"""What a Dawnshade live region drawn in Python (each page's ``region.py``: battle, Mat,
Characters, chapter, turn, Outposts, table tools, save sheet, and
``characters/sheet_region.py`` for one character) reads of its page's context, and the parts
such regions share: the conflict and one-tap undo at the top, refused forms' messages,
closed panels of forms, the no-Kinship card."""

from campaigns.table.form_renderer import fast_escape as e
from campaigns.table.post_form import post_form_markup
from campaigns.table.templatetags.table import panel_loader, undo_last
from campaigns.table.url_cache import cached_reverse


class RegionPage:
    """The page's context, with what every section reads looked up once."""

    def __init__(self, context, url_name: str, args=()):
        self.context = context
        self.campaign = context["campaign"]
        self.membership = context["membership"]
        self.can_write = self.membership.can_write
        self.panels = context.get("panels") or {}
        self.page_url = cached_reverse(url_name, (self.campaign.id, *args))

    def form(self, prefix: str):
        """The page's ``prefix`` form: the refused one, or the fresh one made on first use
        (``pages.pick``)."""
        form = self.context[f"{prefix}_form"]
        return form() if callable(form) else form

    def post_form(self, url_name: str, inner: str, data_form: str | None = None) -> str:
        url = cached_reverse(url_name, (self.campaign.id,))
        return post_form_markup(self.context, url, inner, data_form)

    def url(self, url_name: str) -> str:
        return e(cached_reverse(url_name, (self.campaign.id,)))


def region_top(page: RegionPage) -> str:
    """A conflict (409) the region answers with, then one-tap undo back to this page."""
    return top_of_region(page.context, page.page_url)


def top_of_region(context, page_url: str) -> str:
    """What tops every Dawnshade live region: a conflict (409) and one-tap undo back to
    `page_url` (``{% region_top %}`` in the regions still drawn by templates)."""
    conflict = context.get("conflict")
    top = f'<p class="conflict" role="alert" data-conflict>{e(conflict)}</p>' if conflict else ""
    return top + undo_last(context, next=page_url)


def refusals(context) -> str:
    """Each refused form's messages, one alert per form, atop a region whose forms sit in
    several sections (the battle's, the table tools')."""
    lines = []
    for prefix, form in context["refused"].items():
        if form.errors:
            messages = "".join(
                f"{e(' '.join(str(error) for error in errors))} " for errors in form.errors.values()
            )
            lines.append(f'<p class="error" role="alert" data-refused="{e(prefix)}">{messages}</p>')
    return "".join(lines)


def details_panel(page: RegionPage, name: str, summary: str, forms, *, card=False) -> str:
    """A closed panel (``campaigns.table.panels``): a ``<details>`` holding ``forms(page)``
    when it is drawn open, else the loader that fetches them when the player opens it."""
    card_class = ' class="card"' if card else ""
    open_attribute = " open" if page.panels.get(name) else ""
    return (
        f'<details{card_class} id="panel-{name}"{open_attribute}><summary>{summary}</summary>'
        f"\n  {panel_body(page, name, forms)}\n</details>"
    )


def panel_body(page: RegionPage, name: str, forms) -> str:
    """A closed panel's forms when it is drawn open, else the loader that fetches them."""
    if page.panels.get(name):
        return forms(page)
    return panel_loader(page.page_url, name)


def no_kinship(page: RegionPage) -> str:
    """What a region shows before the Kinship is set up (``_no_kinship.html`` for templates)."""
    return (
        '<section class="card" data-no-kinship>\n  <p>The Kinship is not set up yet.</p>\n'
        f'  <p><a class="button" href="{page.url("dawnshade:chapter")}">Set up the Kinship</a>'
        "</p>\n</section>"
    )
