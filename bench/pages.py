"""The page benchmark (`make bench`): every page and htmx fragment of every registered game.

On a scratch database of the configured engine it builds, through the services, a table per
game with about 50 ledger entries, the same with 5,000, and then 1,000 other groups'
campaigns. Pages, fragments, the live-refresh poll, the main writes and the rules search are
found by walking each game's tabs (so a new game is measured without changes here) and each
is timed in process, interleaved request by request with a bare view that pays the same
session and authentication cost. It prints p50/p95, the ratio to the bare view, the SQL
queries per request, how each page's time moves with history and with other campaigns, and
the bytes a phone downloads (gzip) for a cold load of each game's main page.

    python -m bench.pages [--rounds 60] [--history 5000] [--others 1000] [--profile 3]
                          [--server]

With --server the timings are taken through gunicorn on loopback (one worker, production
settings, gzip accepted like a phone), the way a phone meets them, the bare view included;
SQL counts and discovery stay in process.
"""

import argparse
import cProfile
import gzip
import math
import pstats
import random
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urljoin, urlsplit

from bench.setup import django_setup, scratch_database, settle_database

SMALL_HISTORY = 50
POLL_LABEL = "live-refresh poll (204)"


@dataclass
class Probe:
    """One request to time: a page, a fragment, the poll, a write or a search."""

    label: str
    kind: str  # page | fragment | poll | write | search
    path: str
    method: str = "GET"
    headers: dict = field(default_factory=dict)
    data: object = None  # a dict, or a function returning the next request's dict


@dataclass
class Timing:
    p50: float
    p95: float
    bare_p50: float
    bare_p95: float
    queries: int
    statuses: dict

    @property
    def ratio50(self) -> float:
        return self.p50 / self.bare_p50

    @property
    def ratio95(self) -> float:
        return self.p95 / self.bare_p95


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[max(0, math.ceil(q * len(ordered)) - 1)]


HTMX = {"HX-Request": "true"}
TICKET_HEADER = "X-Dawn-Ticket"  # a campaign page's htmx reads carry the poll ticket (access.py)


def route_label(url: str) -> str:
    """The URL's view name, plus its non-id arguments ("occulites:helper ridge")."""
    from django.urls import Resolver404, resolve

    try:
        match = resolve(urlsplit(url).path)
    except Resolver404:
        return urlsplit(url).path
    words = [str(v) for v in match.kwargs.values() if not isinstance(v, int)]
    return " ".join([match.view_name, *words])


class HttpTimer:
    """Sends a probe to a gunicorn server over loopback as the phone's session would (one
    connection a request, as gunicorn's sync workers close it)."""

    CSRF = "benchbenchbenchbenchbenchbench12"  # a CSRF secret of our own, cookie and header

    def __init__(self, port: int, session_key: str):
        self.port = port
        self.cookies = f"sessionid={session_key}; csrftoken={self.CSRF}"

    def send(self, probe: Probe, data) -> int:
        from urllib.parse import urlencode

        from bench.load import request

        headers = {
            **probe.headers,
            "Cookie": self.cookies,
            "Accept-Encoding": "gzip",
            "Host": "127.0.0.1",
        }
        path, body = probe.path, None
        if probe.method == "POST":
            headers["X-CSRFToken"] = self.CSRF
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            # The form's own token was minted for the in-process client's session.
            fields = {k: v for k, v in (data or {}).items() if k != "csrfmiddlewaretoken"}
            body = urlencode(fields, doseq=True)
        elif data:
            path = f"{path}{'&' if '?' in path else '?'}{urlencode(data, doseq=True)}"
        status, _, _ = request(self.port, probe.method, path, headers, body)
        return status


class Bench:
    def __init__(self, client, rounds: int, timer: HttpTimer | None = None):
        from bench.urls import BARE_PATH

        self.client = client
        self.rounds = rounds
        self.timer = timer
        self.bare = Probe("bare view", "bare", BARE_PATH)

    def send(self, probe: Probe):
        data = probe.data() if callable(probe.data) else probe.data
        if probe.method == "POST":
            return self.client.post(probe.path, data or {}, headers=probe.headers)
        return self.client.get(probe.path, data or {}, headers=probe.headers)

    def _timed(self, probe: Probe) -> tuple[float, int]:
        if callable(probe.data):
            data = probe.data()
            probe = Probe(probe.label, probe.kind, probe.path, probe.method, probe.headers, data)
        start = time.perf_counter()
        if self.timer is not None:
            status = self.timer.send(probe, probe.data)
        else:
            status = self.send(probe).status_code
        return (time.perf_counter() - start) * 1000, status

    def queries(self, probe: Probe) -> int:
        from django.db import connection
        from django.test.utils import CaptureQueriesContext

        if callable(probe.data):  # the next request's data is read before, not counted
            probe = Probe(
                probe.label, probe.kind, probe.path, probe.method, probe.headers, probe.data()
            )
        with CaptureQueriesContext(connection) as captured:
            self.send(probe)
        return len(captured)

    def measure(self, probe: Probe, rounds: int | None = None) -> Timing:
        rounds = rounds or self.rounds
        page_ms, bare_ms, statuses = [], [], {}
        queries = self.queries(probe)
        for _ in range(3):
            self._timed(self.bare)
            self._timed(probe)
        for n in range(rounds):
            # Alternate which goes first, so neither always meets a warm cache.
            order = (self.bare, probe) if n % 2 else (probe, self.bare)
            for current in order:
                elapsed, status = self._timed(current)
                if current is probe:
                    page_ms.append(elapsed)
                    statuses[status] = statuses.get(status, 0) + 1
                else:
                    bare_ms.append(elapsed)
        return Timing(
            statistics.median(page_ms),
            percentile(page_ms, 0.95),
            statistics.median(bare_ms),
            percentile(bare_ms, 0.95),
            queries,
            statuses,
        )

    def profile(self, probe: Probe, requests: int = 40) -> str:
        """Where one request's time goes (cProfile): the whole request, then the parts."""
        profiler = cProfile.Profile()
        profiler.enable()
        for _ in range(requests):
            self.send(probe)
        profiler.disable()
        stats = pstats.Stats(profiler).stats
        lines = []
        total = sum(
            row[3] for (path, _, name), row in stats.items() if name == "send" and "bench" in path
        )
        for part, dotted in PROFILE_PARTS.items():
            row = stats.get(_profile_key(dotted))
            spent = row[3] if row else 0.0
            share = 100 * spent / total if total else 0
            lines.append(f"  {part:<52} {1000 * spent / requests:>7.2f} ms {share:>4.0f}%")
        own = sorted(stats.items(), key=lambda item: item[1][2], reverse=True)[:8]
        lines.append("  most time in the function itself (tottime per request):")
        for (path, line, name), row in own:
            where = path.split("site-packages/")[-1].replace(str(ROOT) + "/", "")
            lines.append(f"    {1000 * row[2] / requests:>6.2f} ms  {name}  ({where}:{line})")
        return f"  whole request {1000 * total / requests:.2f} ms\n" + "\n".join(lines) + "\n"


ROOT = Path(__file__).resolve().parent.parent
# Parts of a request, by the function whose cumulative time they are (they can overlap:
# a query run lazily from a template counts in both).
PROFILE_PARTS = {
    "session and user (auth middleware)": "django.contrib.auth:get_user",
    "membership lookup (campaign_view)": "campaigns.table.access:get_membership_or_404",
    "SQL: building queries (compiler.as_sql)": "django.db.models.sql.compiler:SQLCompiler.as_sql",
    "SQL: running queries (cursor execute)": "django.db.backends.utils:CursorWrapper._execute",
    "SQL: reads built once (on the driver's cursor)": "campaigns.table.compiled_sql:_run_on_driver",
    # The site's template backend (numbers printed without locale lookups).
    "template rendering, all": "campaigns.table.template_backend:PlainNumberTemplate.render",
    "  of which form fields (BoundField.as_widget)": "django.forms.boundfield:BoundField.as_widget",
    "  of which {% include %}": "django.template.loader_tags:IncludeNode.render",
    "  of which {% url %}": "campaigns.table.url_cache:CachedURLNode.render",
    "  of which {% csrf_token %}": "django.template.defaulttags:CsrfTokenNode.render",
    "gzip (GZipMiddleware)": "campaigns.table.compression:GZipMiddleware.process_response",
}


def _profile_key(dotted: str) -> tuple:
    import importlib

    module_name, _, qualname = dotted.partition(":")
    target = importlib.import_module(module_name)
    for part in qualname.split("."):
        target = getattr(target, part)
    code = target.__code__
    return (code.co_filename, code.co_firstlineno, code.co_name)


BROKEN: list[str] = []  # pages that answered an error while discovering


def discover(client, campaign) -> tuple[list[Probe], list]:
    """The campaign's pages (its tabs and the campaign pages reached from them in up to two
    links, one of each route), the htmx fragments those pages load, and the game's POST
    forms on its tabs."""
    from django.urls import reverse

    from bench.html import read_page
    from campaigns.table.games import games

    registration = games()[campaign.game]
    prefix = f"/c/{campaign.pk}/"
    game_prefix = f"{prefix}{campaign.game}/"
    tab_paths = [reverse(tab.url_name, args=[campaign.pk]) for tab in registration.nav]
    queue = [(path, 0) for path in tab_paths]  # (path, links followed to reach it)
    probes: dict[str, Probe] = {}
    forms = {}
    seen = set()
    for path, depth in queue:
        label = route_label(path)
        if label in seen:
            continue
        seen.add(label)
        response = client.get(path)
        if response.status_code >= 400:
            BROKEN.append(f"{label} ({response.status_code})")
        if response.status_code != 200 or "html" not in response.get("Content-Type", ""):
            continue
        probes[label] = Probe(label, "page", path)
        reader = read_page(path, response.content.decode())
        for fragment in reader.fragments:
            url = urljoin(path, fragment.url)
            if not url.startswith(prefix):
                continue
            query = urlsplit(url).query
            flabel = f"{route_label(url)}{'?' + query if query else ''} #{fragment.target}"
            headers = {**HTMX, "HX-Target": fragment.target, "HX-Current-URL": path}
            if reader.poll_ticket:
                headers[TICKET_HEADER] = reader.poll_ticket  # as app.js sends an htmx read
            probes.setdefault(flabel, Probe(flabel, "fragment", url, headers=headers))
        if depth < 2:
            for href in reader.links:
                url = urljoin(path, href).split("#")[0].split("?")[0]
                if url.startswith(prefix) and not url.endswith((".json", ".svg", ".csv")):
                    queue.append((url, depth + 1))
            if depth == 0 and path.startswith(game_prefix):
                for form in reader.forms:
                    action = urljoin(path, form.action)
                    if action.startswith(game_prefix) and form.htmx:
                        forms.setdefault(route_label(action), (action, form.fields, path))
    return list(probes.values()), list(forms.items())


def platform_writes(campaign, member) -> list[Probe]:
    """The table's own writes: a dice roll, a rename, and undoing the newest change."""
    from django.urls import reverse

    from campaigns.table.ledger import last_undoable_entry
    from campaigns.table.models import Campaign

    def rename_data():
        current = Campaign.objects.values_list("name", flat=True).get(pk=campaign.pk)
        name = f"Bench night {random.randrange(10**6)}"
        return {"name": name, "expected_name": current}

    def undo_data():
        entry = last_undoable_entry(campaign)
        return {"entry_id": entry.pk if entry else ""}

    return [
        Probe(
            "dice roll",
            "write",
            reverse("dice_roll", args=[campaign.pk]),
            "POST",
            HTMX,
            {"count": 3, "sides": 10},
        ),
        Probe(
            "rename",
            "write",
            reverse("campaign_rename", args=[campaign.pk]),
            "POST",
            HTMX,
            rename_data,
        ),
        Probe(
            "undo last", "write", reverse("undo_last", args=[campaign.pk]), "POST", {}, undo_data
        ),
    ]


def game_writes(bench: Bench, forms) -> tuple[list[Probe], list[str]]:
    """The game's forms on its tabs, posted with the values they show; those refused as they
    stand (a required choice left empty) are listed as skipped."""
    probes, skipped = [], []
    for label, (action, fields, page) in forms:
        data = {}
        for name, value in fields:
            data.setdefault(name, []).append(value)
        probe = Probe(
            f"{label} (post)", "write", action, "POST", {**HTMX, "HX-Current-URL": page}, data
        )
        status = bench.send(probe).status_code
        (probes.append(probe) if status < 400 else skipped.append(f"{label} ({status})"))
    return probes, skipped


def cold_load_bytes(client, path: str) -> tuple[int, int, int]:
    """(HTML bytes, HTML bytes gzip as served, static assets gzip) for a first visit."""
    from django.conf import settings
    from django.contrib.staticfiles import finders

    from bench.html import read_page

    plain = client.get(path)
    served = client.get(path, headers={"Accept-Encoding": "gzip, deflate, br"})
    html_gz = len(served.content)
    assets = 0
    for src in read_page(path, plain.content.decode()).assets:
        src = urlsplit(src).path
        if not src.startswith("/" + settings.STATIC_URL.strip("/") + "/"):
            continue
        found = finders.find(src.split("/", 2)[2])
        if found:
            with open(found, "rb") as asset:
                assets += len(gzip.compress(asset.read(), compresslevel=9))
    return len(plain.content), html_gz, assets


def fmt_row(label: str, t: Timing, extra: str = "") -> str:
    bad = {s: n for s, n in t.statuses.items() if s >= 400}
    flag = f"  status {bad}" if bad else ""
    return (
        f"  {label[:52]:<52} {t.queries:>3} {t.p50:>7.2f} {t.p95:>7.2f} {t.bare_p95:>6.2f}"
        f" {t.ratio50:>5.1f}x {t.ratio95:>5.1f}x{extra}{flag}"
    )


HEADER = (
    f"  {'page / fragment':<52} {'SQL':>3} {'p50 ms':>7} {'p95 ms':>7} {'bare95':>6}"
    f" {'x p50':>6} {'x p95':>6}"
)


def growth(base: Timing, other: Timing | None) -> str:
    if other is None:
        return f" {'-':>17}"
    # Compared as ratios to the bare view measured alongside, so a machine busier now than
    # when the base row was timed does not pass for growth.
    change = (other.ratio50 / base.ratio50 - 1) * 100
    return f" {other.p50:>7.2f} {change:>+5.0f}% {other.queries:>3}"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=60, help="timed requests per page")
    parser.add_argument("--history", type=int, default=5000, help="ledger entries, big table")
    parser.add_argument("--others", type=int, default=1000, help="other groups' campaigns")
    parser.add_argument("--profile", type=int, default=0, help="profile the N slowest pages")
    parser.add_argument("--games", default="", help="comma-separated game keys (default all)")
    parser.add_argument(
        "--server", action="store_true", help="time through gunicorn instead of in process"
    )
    args = parser.parse_args(argv)

    django_setup()
    import logging

    from django.db import connection
    from django.test import Client
    from django.test.utils import override_settings

    settings_for_bench = override_settings(
        DEBUG=False,
        ROOT_URLCONF="bench.urls",
        ALLOWED_HOSTS=["testserver"],
        PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"],
    )
    # A failing page is reported in the table, not as a traceback per request.
    logging.getLogger("django.request").setLevel(logging.CRITICAL)
    with scratch_database(), settings_for_bench:
        return run(args, connection, Client)


def run(args, connection, Client) -> int:

    from bench import data
    from campaigns.table.games import games
    from rulesref.loading import sync_reference

    out = sys.stdout
    started = time.perf_counter()
    keys = [k for k in args.games.split(",") if k] or list(games())
    out.write(
        f"Page benchmark on {connection.vendor} ({connection.settings_dict['NAME']}), "
        f"{args.rounds} timed requests per row, each interleaved with the bare view.\n"
    )
    sync_reference()
    owner, friend = data.new_user("bench-owner"), data.new_user("bench-friend")
    players = [friend, data.new_user("bench-p3"), data.new_user("bench-p4")]
    small, large = {}, {}
    for key in keys:
        small[key] = data.new_table(game=key, name=f"Bench {key}", owner=owner, players=players)
        data.grow_history(small[key], actor=owner, entries=SMALL_HISTORY)
        large[key] = data.new_table(
            game=key, name=f"Bench {key} (long)", owner=owner, players=players
        )
        data.grow_history(large[key], actor=friend, entries=args.history)
    out.write(f"data: {time.perf_counter() - started:.0f} s to build\n")
    settle_database()

    client = Client(raise_request_exception=False)
    client.force_login(friend)
    server = start_server(connection) if args.server else None
    timer = HttpTimer(server.ports[0], client.cookies["sessionid"].value) if server else None
    bench = Bench(client, args.rounds, timer)
    out.write(
        "timed through gunicorn (1 worker, loopback, gzip)\n" if server else "timed in process\n"
    )
    try:
        return measure_tables(args, out, started, keys, small, large, friend, client, bench)
    finally:
        if server:
            server.stop()


def start_server(connection):
    """gunicorn with production settings and the bare view, on the scratch database."""
    from django.conf import settings

    from bench.load import Servers, collect_static, database_url, server_environment

    env = server_environment(
        database_url(connection.settings_dict), settings.SECRET_KEY, debug=False
    )
    env["DJANGO_SETTINGS_MODULE"] = "bench.server_settings"
    collect_static(env)
    return Servers(env, count=1, workers=1)


def measure_tables(args, out, started, keys, small, large, friend, client, bench) -> int:
    from django.urls import reverse

    from bench import data
    from campaigns.table import poll_ticket
    from campaigns.table.games import games
    from campaigns.table.models import LedgerEntry

    results: dict[str, list[tuple[Probe, Timing, Timing | None]]] = {}
    for key in keys:
        probes, _ = discover(client, small[key])
        sys.stderr.write(f"measuring {len(probes)} pages and fragments of {key}...\n")
        large_probes = {p.label: p for p in discover(client, large[key])[0]}
        rows = []
        for probe in probes:
            base = bench.measure(probe)
            big = large_probes.get(probe.label)
            rows.append((probe, base, bench.measure(big) if big else None))
        results[key] = rows

    build = time.perf_counter()
    sys.stderr.write(f"building {args.others} other groups' campaigns...\n")
    data.other_campaigns(args.others)
    settle_database()
    out.write(
        f"others: {args.others} campaigns of other groups in {time.perf_counter() - build:.0f} s "
        f"({LedgerEntry.objects.count()} ledger entries on the server)\n"
    )
    slowest = []
    for key in keys:
        campaign = small[key]
        entries = LedgerEntry.objects.filter(campaign=campaign).count()
        big_entries = LedgerEntry.objects.filter(campaign=large[key]).count()
        out.write(
            f"\n== {games()[key].name}: table of 4 phones, {entries} entries "
            f"(x = ratio to the bare view; Δ: change of the p50 ratio)\n"
        )
        out.write(
            f"{HEADER} | {big_entries} entries: p50 Δ SQL | +{args.others} campaigns: p50 Δ\n"
        )
        for probe, base, big in results[key]:
            others = bench.measure(probe)
            out.write(fmt_row(probe.label, base, growth(base, big) + " |" + growth(base, others)))
            out.write("\n")
            slowest.append((base.ratio95, f"[{key}] {probe.label}", probe))

    out.write("\n== the poll, writes and rules search (first game's table)\n" + HEADER + "\n")
    campaign = small[keys[0]]
    campaign.refresh_from_db()
    poll = Probe(
        POLL_LABEL,
        "poll",
        reverse("campaign_version", args=[campaign.pk]),
        headers=HTMX,
        # As the page hands it to its poller: the version shown and the member's ticket.
        data=lambda: {
            "v": str(type(campaign).objects.get(pk=campaign.pk).version),
            "k": poll_ticket.issue(friend, campaign.pk, client.cookies["sessionid"].value),
        },
    )
    specials = [poll]
    for query in ("sungem", "long dark", "initiative", "butterfly"):
        specials.append(
            Probe(
                f"rules search '{query}' (fragment)",
                "search",
                reverse("rules_search"),
                headers={**HTMX, "HX-Target": "rules-results"},
                data={"q": query},
            )
        )
    specials.append(
        Probe("rules search page", "search", reverse("rules_search"), data={"q": "d10"})
    )
    specials.append(Probe("home", "page", reverse("home")))
    for probe in specials:
        out.write(fmt_row(probe.label, bench.measure(probe)) + "\n")
    for key in keys:
        campaign = small[key]
        writes = platform_writes(campaign, friend)
        game_probes, skipped = game_writes(bench, discover(client, campaign)[1])
        for probe in writes + game_probes:
            label = probe.label if probe in game_probes else f"[{key}] {probe.label}"
            out.write(fmt_row(label, bench.measure(probe, max(20, args.rounds // 2))) + "\n")
        if skipped:
            out.write(f"  [{key}] not posted (refused with the values shown): {skipped}\n")

    out.write(
        "\n== bytes on the wire: cold load of each game's main page (HTML gzip as served + "
        "static assets gzip -9), and each tab after that (HTML gzip)\n"
    )
    for key in keys:
        campaign = small[key]
        nav = games()[key].nav
        main_path = reverse(nav[0].url_name, args=[campaign.pk])
        html, html_gz, assets = cold_load_bytes(client, main_path)
        tab_sizes = []
        for tab in nav:
            _, tab_gz, _ = cold_load_bytes(client, reverse(tab.url_name, args=[campaign.pk]))
            tab_sizes.append((tab_gz, tab.label))
        biggest = max(tab_sizes)
        out.write(
            f"  {games()[key].name}: {nav[0].label} {html / 1024:.1f} KB HTML -> "
            f"{html_gz / 1024:.1f} KB gzip; first visit {(html_gz + assets) / 1024:.1f} KB "
            f"(assets {assets / 1024:.1f} KB); later pages up to {biggest[0] / 1024:.1f} KB "
            f"({biggest[1]})\n"
        )

    if BROKEN:
        out.write(f"\nnot measured, the page failed: {sorted(set(BROKEN))}\n")
    if args.profile:
        slowest.sort(reverse=True, key=lambda row: row[0])
        for ratio, label, probe in slowest[: args.profile]:
            out.write(f"\n== where the time goes: {label} ({ratio:.1f}x bare at p95)\n")
            out.write(bench.profile(probe))
    out.write(f"\nbenchmark took {time.perf_counter() - started:.0f} s\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
