"""gunicorn's sync worker, woken one at a time for a new connection.

Idle sync workers wait in `select()` on the one listening socket they share, so every new
connection wakes all of them: one accepts it, the others find nothing to accept and go back
to waiting. Each wasted wake-up costs a worker a turn through Python (a heartbeat, a failed
accept, a select) on a machine whose cores the busy worker needs. Here each worker waits in
an epoll set of its own with the listener registered `EPOLLEXCLUSIVE` (Linux 4.5+), so the
kernel wakes one waiting worker a connection; everything else (the heartbeat, the arbiter's
wake-up pipe, signals, the accept loop) is the sync worker's own.

After an answer it closes the connection at once when nothing of the request is left
unread (`close_once_answered`), rather than waiting for the client to close first.

Use with `--worker-class dawn_companion.gunicorn_worker.ExclusiveWakeWorker`. Where epoll or
the flag is missing (not Linux), it falls back to the sync worker's select.
"""

import errno
import os
import select
import socket

from gunicorn import util
from gunicorn.workers.sync import StopWaiting, SyncWorker

EXCLUSIVE = getattr(select, "EPOLLEXCLUSIVE", None)

_close_graceful = util.close_graceful


def close_once_answered(sock, timeout=2.0, max_drain=65536):
    """gunicorn's close after an answer (`util.close_graceful`), without its wait when nothing
    of the request is left unread. gunicorn half-closes and then reads until the client closes
    its end (up to 2 s), because closing a socket with unread data makes the kernel reset the
    connection, which can cut the answer short for the client (RFC 9112, 9.6). With nothing
    unread, closing sends a plain end of stream and no reset, and the wait only held the worker
    for a round trip through the client (under `make load`, a seventh of a busy worker's
    time). Anything unread (or a TLS socket, which cannot peek) still gets gunicorn's
    graceful close."""
    try:
        unread = sock.recv(1, socket.MSG_PEEK | socket.MSG_DONTWAIT)
    except BlockingIOError:
        unread = b""
    except (OSError, ValueError):
        unread = None
    if unread == b"":
        sock.close()
    else:
        _close_graceful(sock, timeout, max_drain)


class ExclusiveWakeWorker(SyncWorker):
    _poller = None

    def init_process(self):
        # The sync worker closes each connection through gunicorn's util module; this
        # process runs only this worker.
        util.close_graceful = close_once_answered
        super().init_process()

    def _build_poller(self):
        poller = select.epoll()
        for listener in self.sockets:
            poller.register(listener.fileno(), select.EPOLLIN | EXCLUSIVE)
        poller.register(self.PIPE[0], select.EPOLLIN)
        return poller

    def wait(self, timeout):
        if EXCLUSIVE is None:
            return super().wait(timeout)
        if self._poller is None:
            self._poller = self._build_poller()
        self.notify()
        try:
            events = self._poller.poll(timeout)
        except OSError as error:
            if error.errno == errno.EBADF:
                raise StopWaiting from error
            raise
        ready = []
        for fd, _ in events:
            if fd == self.PIPE[0]:
                os.read(self.PIPE[0], 1)
                ready.append(self.PIPE[0])
            else:
                ready.extend(s for s in self.sockets if s.fileno() == fd)
        return ready
