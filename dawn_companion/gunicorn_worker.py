"""gunicorn's sync worker, woken one at a time for a new connection.

Idle sync workers wait in `select()` on the one listening socket they share, so every new
connection wakes all of them: one accepts it, the others find nothing to accept and go back
to waiting. Each wasted wake-up costs a worker a turn through Python (a heartbeat, a failed
accept, a select) on a machine whose cores the busy worker needs. Here each worker waits in
an epoll set of its own with the listener registered `EPOLLEXCLUSIVE` (Linux 4.5+), so the
kernel wakes one waiting worker a connection; everything else (the heartbeat, the arbiter's
wake-up pipe, signals, the accept loop) is the sync worker's own.

Use with `--worker-class dawn_companion.gunicorn_worker.ExclusiveWakeWorker`. Where epoll or
the flag is missing (not Linux), it falls back to the sync worker's select.
"""

import errno
import os
import select

from gunicorn.workers.sync import StopWaiting, SyncWorker

EXCLUSIVE = getattr(select, "EPOLLEXCLUSIVE", None)


class ExclusiveWakeWorker(SyncWorker):
    _poller = None

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
