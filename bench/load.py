"""The load test (`make load`): game nights replayed against gunicorn, loopback only.

It makes a scratch database of the configured engine, creates N tables of 4 phones through
the services (users, memberships by invite link, each game's demo content), starts gunicorn
itself on free loopback ports (`--servers 2` starts two stateless processes and every phone
sends each request to the next one in turn: no sticky sessions), and replays the table's
pattern: the phones open their game's main page spread over a warm-up that is not timed, then
for a fixed time each phone polls every 2 s, writes every
30 s (a dice roll in the shared log) and, whenever a poll says the campaign changed, reloads
the page's live regions as htmx does (the whole page where it has none). Then it
stops the servers, checks that every acknowledged write is in the database, and prints
requests/s, p50/p95/p99 per request type, errors, and the CPU used.

    python -m bench.load [--tables 50[,100,...]] [--duration 60] [--warmup 15] [--workers 3]
                         [--servers 1] [--worker-class sync]
"""

import argparse
import asyncio
import gzip
import http.client
import os
import random
import re
import signal
import socket
import statistics
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from html import unescape
from pathlib import Path
from urllib.parse import parse_qs, urlencode, urlsplit

from bench.html import read_page
from bench.setup import django_setup, scratch_database, settle_database

ROOT = Path(__file__).resolve().parent.parent
POLL_SECONDS = 2.0
WRITE_SECONDS = 30.0
POLLER = re.compile(r'<div id="live-poller"[^>]*?hx-get="([^"]+)"', re.S)
BREAKING_POLL_P95_MS = 100.0


# --- servers --------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def database_url(settings_dict: dict) -> str:
    """A DATABASE_URL naming the database Django is connected to (the scratch one)."""
    if settings_dict["ENGINE"].endswith("sqlite3"):
        return f"sqlite:///{settings_dict['NAME']}"
    user = settings_dict.get("USER") or ""
    password = f":{settings_dict['PASSWORD']}" if settings_dict.get("PASSWORD") else ""
    auth = f"{user}{password}@" if user else ""
    port = f":{settings_dict['PORT']}" if settings_dict.get("PORT") else ""
    return (
        f"postgres://{auth}{settings_dict.get('HOST') or '127.0.0.1'}{port}/{settings_dict['NAME']}"
    )


def server_environment(db_url: str, secret_key: str, *, debug: bool) -> dict:
    env = {
        **os.environ,
        "DATABASE_URL": db_url,
        "SECRET_KEY": secret_key,
        "DEBUG": "1" if debug else "0",
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "SECURE_SSL_REDIRECT": "0",
        "LOG_LEVEL": "ERROR",
        "PYTHONUNBUFFERED": "1",
    }
    return env


def collect_static(env: dict) -> None:
    """Production settings serve hashed static files: collect them once (into var/static)."""
    subprocess.run(
        [sys.executable, "manage.py", "collectstatic", "--no-input", "-v", "0"],
        cwd=ROOT,
        env=env,
        check=True,
    )


# What production runs (README): a new connection wakes one idle worker, not all of them.
EXCLUSIVE_WAKE_WORKER = "dawn_companion.gunicorn_worker.ExclusiveWakeWorker"


class Servers:
    """gunicorn processes started (and stopped) by this tool, one per port."""

    def __init__(
        self,
        env: dict,
        *,
        count: int,
        workers: int,
        threads: int = 1,
        worker_class: str = EXCLUSIVE_WAKE_WORKER,
    ):
        self.ports = [free_port() for _ in range(count)]
        self.processes = []
        for port in self.ports:
            command = [
                sys.executable,
                "-m",
                "gunicorn",
                "dawn_companion.wsgi",
                "--bind",
                f"127.0.0.1:{port}",
                "--workers",
                str(workers),
                # More than one thread a worker: gunicorn's gthread workers.
                "--threads",
                str(threads),
                # gthread workers are a class of their own; sync workers are ours by default.
                *(["--worker-class", worker_class] if threads == 1 else []),
                "--graceful-timeout",
                "5",
                "--timeout",
                "60",
                "--log-level",
                "warning",
                "--no-control-socket",
            ]
            self.processes.append(subprocess.Popen(command, cwd=ROOT, env=env))
        for port in self.ports:
            self._wait_ready(port)

    def _wait_ready(self, port: int, seconds: float = 30) -> None:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            try:
                status, _, _ = request(port, "GET", "/accounts/login/", {})
                if status == 200:
                    return
            except OSError:
                pass
            time.sleep(0.2)
        self.stop()
        raise RuntimeError(f"gunicorn on port {port} did not start")

    def port_for(self, phone: "Phone") -> int:
        """Round robin over the servers, request by request: no phone sticks to one."""
        phone.sent += 1
        return self.ports[phone.sent % len(self.ports)]

    def pids(self) -> list[int]:
        """Every gunicorn process: the masters and their workers."""
        masters = {p.pid for p in self.processes}
        pids = list(masters)
        for entry in Path("/proc").iterdir():
            if entry.name.isdigit():
                try:
                    fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
                except OSError:
                    continue
                if int(fields[1]) in masters:
                    pids.append(int(entry.name))
        return pids

    def stop(self) -> None:
        for process in self.processes:
            if process.poll() is None:
                process.send_signal(signal.SIGTERM)
        for process in self.processes:
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


# --- HTTP --------------------------------------------------------------------------------


def request(port: int, method: str, path: str, headers: dict, body: str | None = None):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    try:
        connection.request(method, path, body=body, headers=headers)
        response = connection.getresponse()
        content = response.read()
        return response.status, dict(response.getheaders()), content
    finally:
        connection.close()


@dataclass
class Phone:
    """One member's phone at one table: its session, what its page shows, what it wrote."""

    campaign_id: int
    page_path: str
    cookie: str
    csrf: str
    poll_path: str = ""
    live_regions: list = field(default_factory=list)  # (url, id) of the page's live regions
    writes: int = 0
    sent: int = 0


@dataclass
class Results:
    timings: dict = field(default_factory=dict)  # request type -> [ms]
    errors: list = field(default_factory=list)
    lag_ms: list = field(default_factory=list)  # how late the generator started requests
    acknowledged: dict = field(default_factory=dict)  # (campaign, kind) -> count

    def add(self, kind: str, elapsed_ms: float) -> None:
        self.timings.setdefault(kind, []).append(elapsed_ms)

    def acknowledge(self, campaign_id: int, kind: str) -> None:
        key = (campaign_id, kind)
        self.acknowledged[key] = self.acknowledged.get(key, 0) + 1


def _poll_path(html: str) -> str:
    match = POLLER.search(html)
    return unescape(match.group(1)) if match else ""


async def fetch(port: int, method: str, path: str, headers: dict, body: str | None = None):
    """One request on its own connection, as a phone's browser meets gunicorn's sync workers
    (which close it after each answer): HTTP/1.0, so the answer is never chunked and ends
    when the server closes. One coroutine a phone rather than a thread: 800 phones need no
    800 threads. (Its CPU per request is about what a thread with http.client cost, 0.7-0.9
    ms, most of it the kernel's loopback work.)"""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        payload = body.encode() if body is not None else b""
        lines = [f"{method} {path} HTTP/1.0", *(f"{k}: {v}" for k, v in headers.items())]
        if body is not None:
            lines.append(f"Content-Length: {len(payload)}")
        writer.write(("\r\n".join(lines) + "\r\n\r\n").encode("latin-1") + payload)
        raw = await reader.read(-1)
    finally:
        writer.close()
    head, _, content = raw.partition(b"\r\n\r\n")
    status_line, *header_lines = head.decode("latin-1").split("\r\n")
    parts = status_line.split(" ", 2)
    if len(parts) < 2 or not parts[1].isdigit():
        raise OSError(f"no HTTP answer ({len(raw)} bytes)")
    response_headers = {}
    for line in header_lines:
        name, _, value = line.partition(":")
        response_headers[name.strip().lower()] = value.strip()
    return int(parts[1]), response_headers, content


class Replay:
    """Every phone a coroutine, sequential like a browser tab, for a fixed time."""

    def __init__(
        self,
        servers: Servers,
        phones: list[Phone],
        duration: float,
        *,
        poll_seconds: float = POLL_SECONDS,
        write_seconds: float = WRITE_SECONDS,
        warmup: float = 0.0,
        seed: int = 7,
    ):
        self.servers = servers
        self.phones = phones
        self.duration = duration
        self.warmup = warmup
        self.measure_from = 0.0  # requests started before this are not timed (the warm-up)
        self.poll_seconds = poll_seconds
        self.write_seconds = write_seconds
        self.results = Results()
        self.rng = random.Random(seed)

    async def _send(self, phone: Phone, kind: str, method: str, path: str, data=None, target=""):
        headers = {
            "Host": "127.0.0.1",
            "Cookie": f"sessionid={phone.cookie}; csrftoken={phone.csrf}",
            "Accept-Encoding": "gzip",
        }
        body = None
        if kind != "page":
            headers["HX-Request"] = "true"
        if target:
            headers["HX-Target"] = target
        if kind == "live region":  # as app.js sends a reload: with the poller's ticket
            ticket = parse_qs(urlsplit(phone.poll_path).query).get("k", [""])[0]
            if ticket:
                headers["X-Dawn-Ticket"] = ticket
        if method == "POST":
            headers["X-CSRFToken"] = phone.csrf
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            body = urlencode(data or {})
        start = time.monotonic()
        try:
            status, response_headers, content = await asyncio.wait_for(
                fetch(self.servers.port_for(phone), method, path, headers, body), 60
            )
        except (TimeoutError, OSError) as error:
            self.results.errors.append(f"{kind}: {error!r}")
            return None, b""
        elapsed = (time.monotonic() - start) * 1000
        measured = start >= self.measure_from
        if status >= 300 and not (kind == "poll" and status == 204):
            self.results.errors.append(f"{kind} {path}: HTTP {status}")
            return status, b""
        if response_headers.get("content-encoding") == "gzip":
            content = gzip.decompress(content)
        label = "poll (204)" if status == 204 else ("poll (changed)" if kind == "poll" else kind)
        if measured:
            self.results.add(label, elapsed)
        return status, content

    async def _load_page(self, phone: Phone) -> None:
        status, content = await self._send(phone, "page", "GET", phone.page_path)
        if status == 200:
            html = content.decode()
            phone.poll_path = _poll_path(html) or phone.poll_path
            phone.live_regions = [
                (fragment.url, fragment.target)
                for fragment in read_page(phone.page_path, html).fragments
                if fragment.live
            ]

    async def _refresh(self, phone: Phone) -> None:
        """What the page does when a poll says the campaign changed: each live region
        reloads itself (an htmx fragment); a page without any is reloaded whole."""
        if not phone.live_regions:
            await self._load_page(phone)
        for url, target in phone.live_regions:
            await self._send(phone, "live region", "GET", url, target=target)

    async def _write(self, phone: Phone) -> None:
        # A roll in the shared log: a locked read-modify-write of the campaign (row and
        # version) that every game's table makes, and whose rows can be counted afterwards.
        path = f"/c/{phone.campaign_id}/dice/"
        phone.writes += 1
        status, _ = await self._send(phone, "write", "POST", path, {"count": 3, "sides": 10})
        if status == 200:
            self.results.acknowledge(phone.campaign_id, "dice")

    async def _poll(self, phone: Phone) -> None:
        status, content = await self._send(phone, "poll", "GET", phone.poll_path)
        if status == 200:
            phone.poll_path = _poll_path(content.decode()) or phone.poll_path
            await self._refresh(phone)

    async def _run_phone(self, phone: Phone, start: float, end: float, offset: float) -> None:
        rng = random.Random(offset)
        poll_seconds, write_seconds = self.poll_seconds, self.write_seconds
        # Phones open their pages spread over the warm-up (or the first poll interval), as a
        # table's phones do not all open the app in the same second.
        opens_at = start + offset * max(self.warmup, poll_seconds)
        await asyncio.sleep(max(0.0, opens_at - time.monotonic()))
        await self._load_page(phone)
        next_poll = time.monotonic() + poll_seconds
        next_write = start + rng.uniform(0, write_seconds)
        while True:
            due = min(next_poll, next_write)
            if due >= end:
                return
            await asyncio.sleep(max(0.0, due - time.monotonic()))
            if due >= self.measure_from:
                self.results.lag_ms.append((time.monotonic() - due) * 1000)
            if next_write <= next_poll:
                await self._write(phone)
                next_write += write_seconds
                continue
            if not phone.poll_path:
                await self._load_page(phone)
            else:
                await self._poll(phone)
            next_poll = max(next_poll + poll_seconds, time.monotonic())

    async def _run_all(self, on_measuring) -> float:
        start = time.monotonic() + 0.5
        self.measure_from = start + self.warmup
        end = self.measure_from + self.duration
        phones = [
            asyncio.ensure_future(self._run_phone(phone, start, end, n / len(self.phones)))
            for n, phone in enumerate(self.phones)
        ]
        await asyncio.sleep(max(0.0, self.measure_from - time.monotonic()))
        if on_measuring:
            on_measuring()
        await asyncio.wait(phones, timeout=max(1.0, end - time.monotonic() + 30))
        for phone in phones:
            phone.cancel()
        return time.monotonic() - self.measure_from

    def run(self, on_measuring=None) -> float:
        """Replays the warm-up, then `duration` seconds timed; calls `on_measuring()` as the
        timed part starts and returns its length in seconds."""
        return _in_own_event_loop(lambda: self._run_all(on_measuring))


def request_costs(replay: "Replay", phone: Phone, meter: "CpuMeter", count: int) -> dict:
    """The server's CPU (ms) for one request of each type, sent one at a time by a single
    phone on an otherwise idle server: what a table costs before the machine is contended
    (under load the same work takes more CPU time, both cores sharing caches)."""
    return _in_own_event_loop(lambda: _request_costs(replay, phone, meter, count))


def _in_own_event_loop(make_coroutine):
    """Runs the coroutine to its end in an event loop of its own thread, so a caller whose
    thread already runs one (a test process that drove a browser) can use the replay too."""
    outcome = {}

    def run():
        try:
            outcome["value"] = asyncio.run(make_coroutine())
        except BaseException as error:  # handed back to the caller's thread below
            outcome["error"] = error

    thread = threading.Thread(target=run, name="load-replay")
    thread.start()
    thread.join()
    if "error" in outcome:
        raise outcome["error"]
    return outcome["value"]


async def _request_costs(replay: "Replay", phone: Phone, meter: "CpuMeter", count: int) -> dict:
    await replay._load_page(phone)
    changed = re.sub(r"([?&])v=\d+", r"\1v=-1", phone.poll_path)
    url, target = phone.live_regions[0] if phone.live_regions else (phone.page_path, "")
    probes = {
        "poll (204)": lambda: replay._send(phone, "poll", "GET", phone.poll_path),
        "poll (changed)": lambda: replay._send(phone, "poll", "GET", changed),
        "live region": lambda: replay._send(phone, "live region", "GET", url, target=target),
        "page": lambda: replay._send(phone, "page", "GET", phone.page_path),
        "write": lambda: replay._write(phone),
    }
    costs = {}
    for kind, send in probes.items():
        for _ in range(5):
            await send()
        before = meter.sample()["server"]
        for _ in range(count):
            await send()
        after = meter.sample()["server"]
        ticks = sum(t - before.get(pid, 0) for pid, t in after.items())
        costs[kind] = 1000 * ticks / meter.hz / count
    return costs


# --- CPU ---------------------------------------------------------------------------------


def _ticks(pid: int) -> int:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0
    return int(fields[11]) + int(fields[12])


def _postgres_pids() -> list[int]:
    pids = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if (entry / "comm").read_text().startswith("postgres"):
                    pids.append(int(entry.name))
            except OSError:
                continue
    return pids


def _machine_busy() -> tuple[int, int]:
    values = [int(v) for v in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    idle = values[3] + values[4]
    return sum(values) - idle, sum(values)


class CpuMeter:
    def __init__(self, servers: Servers):
        self.servers = servers
        self.hz = os.sysconf("SC_CLK_TCK")

    def sample(self) -> dict:
        own = os.times()
        return {
            "server": {pid: _ticks(pid) for pid in self.servers.pids()},
            "postgres": {pid: _ticks(pid) for pid in _postgres_pids()},
            "generator": own.user + own.system,
            "machine": _machine_busy(),
        }

    def used(self, before: dict, after: dict, wall: float) -> str:
        def cores(group: str) -> float:
            ticks = sum(t - before[group].get(pid, 0) for pid, t in after[group].items())
            return ticks / self.hz / wall

        busy = after["machine"][0] - before["machine"][0]
        total = after["machine"][1] - before["machine"][1]
        generator = (after["generator"] - before["generator"]) / wall
        text = (
            f"CPU (cores busy on average): gunicorn {cores('server'):.2f}, "
            f"postgres {cores('postgres'):.2f}, load generator {generator:.2f}; "
            f"machine {100 * busy / max(1, total):.0f}% busy of {os.cpu_count()} cores"
        )
        return text, cores("server") + cores("postgres")


# --- the run -----------------------------------------------------------------------------


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, int(round(q * len(ordered))) - 1))]


def build_tables(count: int, game: str, prefix: str = "t") -> list[tuple]:
    """`count` tables of 4 phones; returns (campaign, [users]) for each."""
    from bench import data

    tables = []
    for n in range(count):
        users = [data.new_user(f"{prefix}{n}-phone{k}") for k in range(4)]
        campaign = data.new_table(game=game, name=f"Table {n}", owner=users[0], players=users[1:])
        tables.append((campaign, users))
    return tables


def phones_for(tables, page_url_name: str) -> list[Phone]:
    """A logged-in session (made as the login view would) and CSRF secret per phone."""
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.sessions.backends.db import SessionStore
    from django.urls import reverse
    from django.utils.crypto import get_random_string

    phones = []
    for campaign, users in tables:
        page = reverse(page_url_name, args=[campaign.pk])
        for user in users:
            session = SessionStore()
            session[SESSION_KEY] = str(user.pk)
            session[BACKEND_SESSION_KEY] = "campaigns.table.auth_backend.MemberBackend"
            session[HASH_SESSION_KEY] = user.get_session_auth_hash()
            session.create()
            phones.append(Phone(campaign.pk, page, session.session_key, get_random_string(32)))
    return phones


def lost_writes(tables, results: Results, before: dict) -> tuple[int, int]:
    """(acknowledged writes, those missing from the database), from the rows and versions."""
    from campaigns.table.models import Campaign, DrawLogEntry

    acknowledged = missing = 0
    for campaign, _ in tables:
        dice = results.acknowledged.get((campaign.pk, "dice"), 0)
        acknowledged += dice
        version, draws = before[campaign.pk]
        now = Campaign.objects.get(pk=campaign.pk).version
        draws_now = DrawLogEntry.objects.filter(campaign=campaign).count()
        # Each roll is one row and one version step; fewer of either is a lost write.
        missing += max(0, dice - (draws_now - draws), dice - (now - version))
    return acknowledged, missing


def snapshot(tables) -> dict:
    from campaigns.table.models import Campaign, DrawLogEntry

    return {
        campaign.pk: (
            Campaign.objects.get(pk=campaign.pk).version,
            DrawLogEntry.objects.filter(campaign=campaign).count(),
        )
        for campaign, _ in tables
    }


def report(
    level: int,
    results: Results,
    wall: float,
    cpu: tuple[str, float],
    writes: tuple[int, int],
    costs: dict | None = None,
) -> dict:
    out = sys.stdout
    total = sum(len(v) for v in results.timings.values())
    out.write(
        f"\n{level} tables ({level * 4} phones): {total} requests in {wall:.0f} s = "
        f"{total / wall:.0f} req/s, errors {len(results.errors)}, "
        f"writes acknowledged {writes[0]}, lost {writes[1]}\n"
    )
    out.write(f"  {'request':<16}{'count':>7}{'p50 ms':>9}{'p95 ms':>9}{'p99 ms':>9}{'max':>9}\n")
    summary = {}
    for kind in ("poll (204)", "poll (changed)", "live region", "page", "write"):
        values = results.timings.get(kind, [])
        if not values:
            continue
        summary[kind] = pct(values, 0.95)
        out.write(
            f"  {kind:<16}{len(values):>7}{statistics.median(values):>9.1f}"
            f"{pct(values, 0.95):>9.1f}{pct(values, 0.99):>9.1f}{max(values):>9.1f}\n"
        )
    lag = results.lag_ms
    if lag:
        out.write(f"  generator started requests late by p95 {pct(lag, 0.95):.0f} ms\n")
    cpu_text, app_cores = cpu
    out.write(f"  {cpu_text}\n")
    if app_cores:
        # What the app itself burns per table, so a busy machine's figures still project.
        per_table = app_cores / level
        out.write(
            f"  app CPU per table {1000 * per_table:.0f} ms/s (gunicorn + postgres): "
            f"{os.cpu_count()} free cores would be full at about "
            f"{os.cpu_count() / per_table:.0f} tables\n"
        )
    if costs:
        rates = {kind: len(results.timings.get(kind, [])) / wall / level for kind in costs}
        per_table = sum(rates[kind] * costs[kind] for kind in costs)
        parts = ", ".join(
            f"{kind} {rates[kind]:.2f}/s x {costs[kind]:.1f} ms" for kind in costs if rates[kind]
        )
        out.write(
            f"  a table at these rates, costed alone: {per_table:.1f} ms/s of gunicorn CPU "
            f"({parts})\n"
        )
    for error in results.errors[:5]:
        out.write(f"  error: {error}\n")
    polls = results.timings.get("poll (204)", []) + results.timings.get("poll (changed)", [])
    return {
        "poll_p95": pct(polls, 0.95) if polls else 0.0,
        "errors": len(results.errors),
        "lost": writes[1],
    }


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", default="50", help="tables per run, e.g. 50,100,150,200")
    parser.add_argument("--duration", type=float, default=60, help="seconds timed per run")
    parser.add_argument(
        "--warmup",
        type=float,
        default=15,
        help="seconds before each timed run while the phones open their pages (not timed)",
    )
    parser.add_argument("--workers", type=int, default=3, help="gunicorn workers per server")
    parser.add_argument("--threads", type=int, default=1, help="threads per gunicorn worker")
    parser.add_argument("--servers", type=int, default=1, help="gunicorn processes (ports)")
    parser.add_argument(
        "--worker-class",
        default=EXCLUSIVE_WAKE_WORKER,
        help="gunicorn --worker-class for sync workers (gunicorn's own: sync)",
    )
    parser.add_argument("--game", default="", help="game of the tables (default: the first)")
    parser.add_argument(
        "--cost",
        type=int,
        default=300,
        help="requests of each type sent alone first to cost them (0: skip)",
    )
    args = parser.parse_args(argv)
    levels = sorted({int(n) for n in args.tables.split(",")})

    django_setup()
    from django.conf import settings
    from django.db import connection

    from campaigns.table.games import games

    game = args.game or next(iter(games()))
    page = games()[game].nav[0].url_name
    with scratch_database():
        started = time.perf_counter()
        tables = build_tables(levels[-1], game)
        settle_database()
        db_url = database_url(connection.settings_dict)
        sys.stdout.write(
            f"Load test on {connection.vendor}: {levels[-1]} tables of 4 phones of "
            f"{games()[game].name} built in {time.perf_counter() - started:.0f} s; "
            f"{args.servers} gunicorn server(s) x {args.workers} workers "
            f"({'gthread' if args.threads > 1 else args.worker_class.rsplit('.', 1)[-1]}) "
            "on loopback, "
            f"{args.duration:.0f} s timed per run after {args.warmup:.0f} s of phones opening "
            f"their pages; each phone polls every {POLL_SECONDS:.0f} s, "
            f"writes every {WRITE_SECONDS:.0f} s, reloads {page}'s live regions after each change\n"
        )
        env = server_environment(db_url, settings.SECRET_KEY, debug=False)
        collect_static(env)
        phones_all = phones_for(tables, page)
        connection.close()
        servers = Servers(
            env,
            count=args.servers,
            workers=args.workers,
            threads=args.threads,
            worker_class=args.worker_class,
        )
        broke_at = None
        try:
            meter = CpuMeter(servers)
            costs = {}
            if args.cost:
                # A spare table of its own, so its writes touch no table being replayed.
                costs_table = build_tables(1, game, prefix="cost")
                connection.close()
                (costs_phone, *_) = phones_for(costs_table, page)
                connection.close()
                costs = request_costs(
                    Replay(servers, [costs_phone], 0), costs_phone, meter, args.cost
                )
                sys.stdout.write(
                    "server CPU per request, one phone alone: "
                    + ", ".join(f"{kind} {ms:.2f} ms" for kind, ms in costs.items())
                    + "\n"
                )
            for level in levels:
                before = snapshot(tables[:level])
                connection.close()
                replay = Replay(servers, phones_all[: level * 4], args.duration, warmup=args.warmup)
                cpu_before = {}
                wall = replay.run(
                    on_measuring=lambda sample=cpu_before: sample.update(meter.sample())
                )
                cpu = meter.used(cpu_before, meter.sample(), wall)
                writes = lost_writes(tables[:level], replay.results, before)
                connection.close()
                outcome = report(level, replay.results, wall, cpu, writes, costs)
                if broke_at is None and (
                    outcome["poll_p95"] > BREAKING_POLL_P95_MS
                    or outcome["errors"]
                    or outcome["lost"]
                ):
                    broke_at = level
        finally:
            servers.stop()
            connection.close()
    held = [level for level in levels if broke_at is None or level < broke_at]
    sys.stdout.write(
        f"\nheld (poll p95 under {BREAKING_POLL_P95_MS:.0f} ms, 0 errors, 0 lost writes): "
        + (f"{', '.join(map(str, held))} tables" if held else "no level")
        + (f"; broke at {broke_at}\n" if broke_at else "\n")
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
