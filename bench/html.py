"""Reading a page the way a phone would: its links, htmx fragments, forms and static assets."""

from dataclasses import dataclass, field
from html.parser import HTMLParser
from urllib.parse import parse_qs, urlsplit


@dataclass
class Fragment:
    url: str
    target: str  # the id htmx names in HX-Target ("" when none)
    live: bool = False  # a live region: reloads itself when the campaign changes


@dataclass
class Form:
    action: str
    htmx: bool
    fields: list[tuple[str, str]] = field(default_factory=list)


class PageReader(HTMLParser):
    """Collects hrefs, hx-get fragments, POST forms (with their default values) and assets."""

    def __init__(self, page_url: str):
        super().__init__(convert_charrefs=True)
        self.page_url = page_url
        self.links: list[str] = []
        self.fragments: list[Fragment] = []
        self.forms: list[Form] = []
        self.assets: list[str] = []
        self.poll_ticket = ""  # the live poller's ticket (`k`), which app.js sends with reloads
        self._form: Form | None = None
        self._select: tuple[str, list[str], list[str]] | None = None  # name, options, selected
        self._textarea: str | None = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "a" and a.get("href"):
            self.links.append(a["href"])
        if a.get("id") == "live-poller" and a.get("hx-get"):
            self.poll_ticket = parse_qs(urlsplit(a["hx-get"]).query).get("k", [""])[0]
        if a.get("hx-get") and tag != "form" and a.get("id") != "live-poller":
            target = a.get("hx-target", "")
            if target in ("", "this"):
                target = a.get("id", "")
            self.fragments.append(
                Fragment(a["hx-get"], target.lstrip("#"), live="data-live-region" in a)
            )
        if tag == "script" and a.get("src"):
            self.assets.append(a["src"])
        if tag == "link" and a.get("href") and a.get("rel") in ("stylesheet", "icon", "manifest"):
            self.assets.append(a["href"])
        if tag == "form" and (a.get("method", "get").lower() == "post" or a.get("hx-post")):
            self._form = Form(a.get("hx-post") or a.get("action") or self.page_url, "hx-post" in a)
            self.forms.append(self._form)
        if self._form is None:
            return
        name = a.get("name")
        if tag == "input" and name:
            kind = a.get("type", "text").lower()
            if kind in ("checkbox", "radio") and "checked" not in a:
                return
            if kind in ("submit", "button", "image", "file"):
                return
            self._form.fields.append((name, a.get("value", "on" if kind == "checkbox" else "")))
        elif tag == "select" and name:
            self._select = (name, [], [])
        elif tag == "option" and self._select is not None:
            value = a.get("value", "")
            self._select[1].append(value)
            if "selected" in a:
                self._select[2].append(value)
        elif tag == "textarea" and name:
            self._textarea = name
            self._form.fields.append((name, ""))

    def handle_data(self, data):
        if self._textarea and self._form is not None:
            name, _ = self._form.fields[-1]
            self._form.fields[-1] = (name, data)

    def handle_endtag(self, tag):
        if tag == "form":
            self._form = None
        elif tag == "select" and self._select is not None and self._form is not None:
            name, options, selected = self._select
            for value in selected or options[:1]:
                self._form.fields.append((name, value))
            self._select = None
        elif tag == "textarea":
            self._textarea = None


def read_page(page_url: str, html: str) -> PageReader:
    reader = PageReader(page_url)
    reader.feed(html)
    reader.close()
    return reader
