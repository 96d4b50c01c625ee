"""Django's PostgreSQL backend, whose per-request health check asks the server only when the
server has said something.

With kept connections and health checks on (settings), Django runs `SELECT 1` at the start of
every request that touches the database: a round trip that was a fifth of a busy worker's
time under `make load`. Between requests a connection in autocommit receives nothing unless
the server is ending it (a restart, an idle timeout, a terminated backend: PostgreSQL sends
its reason and closes) or sends a notice. So the check first looks, without waiting, whether
anything has arrived: nothing means the connection is as the last request left it; anything
(or a connection left inside a transaction) means Django's own check, which reads it and
finds a closed connection closed.
"""

import select

from django.db.backends.postgresql import base
from psycopg.pq import TransactionStatus


class DatabaseWrapper(base.DatabaseWrapper):
    def is_usable(self):
        driver = self.connection
        if driver is None or driver.closed or driver.broken:
            return False
        if driver.info.transaction_status != TransactionStatus.IDLE:
            return super().is_usable()
        try:
            arrived, _, _ = select.select([driver.fileno()], [], [], 0)
        except (OSError, ValueError):
            return False
        return not arrived or super().is_usable()
