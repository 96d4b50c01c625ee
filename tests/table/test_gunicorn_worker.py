"""The gunicorn worker that production and `make load` run (dawn_companion.gunicorn_worker):
a new connection wakes one idle worker, not all of them, and it still serves and stops like
gunicorn's own sync worker."""

import os
import signal
import socket
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from gunicorn import util
from gunicorn.workers.sync import SyncWorker

from bench.load import free_port, request
from dawn_companion.gunicorn_worker import EXCLUSIVE, ExclusiveWakeWorker, close_once_answered

ROOT = Path(__file__).resolve().parents[2]

needs_exclusive_epoll = pytest.mark.skipif(EXCLUSIVE is None, reason="EPOLLEXCLUSIVE is Linux-only")


def idle_worker(worker_class, listener):
    """A worker as it waits between requests: its listener and its wake-up pipe, nothing else
    of gunicorn's start-up (which forks and installs signal handlers)."""
    worker = worker_class.__new__(worker_class)
    worker.sockets = [listener]
    worker.PIPE = os.pipe()
    worker.wait_fds = [listener, worker.PIPE[0]]
    worker.notify = lambda: None
    return worker


def workers_woken_by_one_connection(worker_class, count=3) -> int:
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(8)
    listener.setblocking(False)
    workers = [idle_worker(worker_class, listener) for _ in range(count)]
    woken = []
    waiting = threading.Barrier(count + 1)

    def wait_for_listener(worker):
        waiting.wait()
        ready = worker.wait(1.5)
        if ready and any(r is listener for r in ready):
            woken.append(worker)

    threads = [threading.Thread(target=wait_for_listener, args=(w,)) for w in workers]
    for thread in threads:
        thread.start()
    waiting.wait()
    time.sleep(0.2)  # every worker is inside its wait
    client = socket.create_connection(listener.getsockname())
    for thread in threads:
        thread.join()
    client.close()
    listener.close()
    for worker in workers:
        for fd in worker.PIPE:
            os.close(fd)
    return len(woken)


@needs_exclusive_epoll
def test_a_new_connection_wakes_one_idle_worker():
    assert workers_woken_by_one_connection(ExclusiveWakeWorker) == 1


def test_gunicorns_own_sync_worker_wakes_every_idle_worker():
    # What the worker is for: with select() on a shared listener all three wake for one
    # connection, and two find nothing to accept.
    assert workers_woken_by_one_connection(SyncWorker) == 3


@needs_exclusive_epoll
def test_a_signal_on_the_wake_up_pipe_ends_the_wait():
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(1)
    worker = idle_worker(ExclusiveWakeWorker, listener)
    os.write(worker.PIPE[1], b"1")
    started = time.monotonic()
    assert worker.wait(5.0) == [worker.PIPE[0]]
    assert time.monotonic() - started < 1
    listener.close()


def answered_connection(request_bytes: bytes, read: int):
    """A client's connection to a server socket that has read `read` bytes of the request
    and sent its answer: (client, server side)."""
    listener = socket.create_server(("127.0.0.1", 0))
    client = socket.create_connection(listener.getsockname())
    server_side, _ = listener.accept()
    listener.close()
    client.sendall(request_bytes)
    received = b""
    while len(received) < read:
        received += server_side.recv(read - len(received))
    server_side.sendall(b"HTTP/1.0 200 OK\r\n\r\nanswer")
    return client, server_side


def closing(close, server_side) -> threading.Thread:
    thread = threading.Thread(target=close, args=(server_side,), kwargs={"timeout": 30})
    thread.start()
    return thread


def read_to_end(client) -> bytes:
    answer = b""
    while chunk := client.recv(4096):
        answer += chunk
    return answer


def test_an_answered_request_closes_at_once_while_the_client_keeps_its_end_open():
    client, server_side = answered_connection(b"GET / HTTP/1.0\r\n\r\n", read=18)
    close = closing(close_once_answered, server_side)
    close.join(5)
    assert not close.is_alive()  # the worker is free before the client closes
    assert read_to_end(client).endswith(b"answer")
    client.close()


def test_gunicorns_own_close_holds_the_worker_until_the_client_closes():
    # What the close is for: gunicorn's waits for the client's end (up to its timeout).
    client, server_side = answered_connection(b"GET / HTTP/1.0\r\n\r\n", read=18)
    close = closing(util.close_graceful, server_side)
    assert read_to_end(client).endswith(b"answer")
    close.join(1)
    assert close.is_alive()
    client.close()
    close.join(5)
    assert not close.is_alive()


def test_a_request_left_partly_unread_is_drained_so_the_answer_arrives_whole():
    # Closing with unread data would reset the connection; the graceful close drains it.
    client, server_side = answered_connection(b"POST / HTTP/1.0\r\n\r\n" + b"x" * 5000, 19)
    close = closing(close_once_answered, server_side)
    assert read_to_end(client).endswith(b"answer")  # no ConnectionResetError
    client.close()
    close.join(5)
    assert not close.is_alive()


def gunicorn(port: int, workers: int) -> subprocess.Popen:
    return subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gunicorn",
            "tests.table.hello_wsgi",
            "--bind",
            f"127.0.0.1:{port}",
            "--workers",
            str(workers),
            "--worker-class",
            "dawn_companion.gunicorn_worker.ExclusiveWakeWorker",
            "--graceful-timeout",
            "5",
            "--log-level",
            "warning",
            "--no-control-socket",
        ],
        cwd=ROOT,
    )


def wait_until_serving(port: int) -> None:
    deadline = time.monotonic() + 20
    while True:
        try:
            request(port, "GET", "/", {})
            return
        except OSError:
            assert time.monotonic() < deadline, "gunicorn did not start"
            time.sleep(0.1)


def test_gunicorn_with_these_workers_answers_every_request_and_stops_cleanly():
    port = free_port()
    server = gunicorn(port, workers=3)
    try:
        wait_until_serving(port)
        with ThreadPoolExecutor(max_workers=12) as pool:
            answers = list(pool.map(lambda _: request(port, "GET", "/", {}), range(240)))
        assert {status for status, _, _ in answers} == {200}
        # More than one worker served: the one woken is not always the same.
        assert len({body for _, _, body in answers}) > 1
    finally:
        server.send_signal(signal.SIGTERM)
        assert server.wait(timeout=15) == 0


def test_a_client_that_keeps_its_connection_open_does_not_hold_the_only_worker():
    port = free_port()
    server = gunicorn(port, workers=1)
    try:
        wait_until_serving(port)
        lingering = socket.create_connection(("127.0.0.1", port))
        lingering.sendall(b"GET / HTTP/1.0\r\n\r\n")
        assert read_to_end(lingering).startswith(b"HTTP/1.0 200")
        # gunicorn's own close would keep the worker reading `lingering` for 2 s.
        nxt = socket.create_connection(("127.0.0.1", port), timeout=1.9)
        nxt.sendall(b"GET / HTTP/1.0\r\n\r\n")
        assert read_to_end(nxt).startswith(b"HTTP/1.0 200")
        nxt.close()
        lingering.close()
    finally:
        server.send_signal(signal.SIGTERM)
        assert server.wait(timeout=15) == 0
