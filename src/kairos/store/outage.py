"""The one record of a database outage in this process: since when, and how much it refused.

During an outage every request fails the same way; a traceback per request buried the first,
useful line under megabytes. So an outage is logged when it starts, then once per
`LOG_EVERY_SECONDS` with its running count, and once when the database answers again. `/health`
reads `unreachable_seconds` to tell an orchestrator when to restart the service.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from datetime import datetime

from kairos.store.unreachable import describe, is_database_unreachable

logger = logging.getLogger(__name__)

LOG_EVERY_SECONDS = 30.0


class DatabaseOutage:
    def __init__(
        self,
        *,
        log_every: float = LOG_EVERY_SECONDS,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.log_every = log_every
        self.clock = clock
        self.started: float | None = None
        self.started_at: datetime | None = None
        self.refused = 0
        self.background_failures = 0
        self._last_logged = 0.0
        self._check_failing = False
        self._suspected = False

    @property
    def ongoing(self) -> bool:
        return self.started is not None

    def unreachable_seconds(self) -> float:
        return 0.0 if self.started is None else self.clock() - self.started

    def failed(self, error: BaseException, *, request: bool = True) -> None:
        """The database could not be reached: by a request (refused with a 503), by background
        work, or by the watch's own check (`request=False`)."""
        now = self.clock()
        if self.started is None:
            self.started, self.started_at, self._last_logged = now, datetime.now(), now
            self.refused = self.background_failures = 0
            logger.warning(
                "database unreachable (%s); requests get 503 until it answers again",
                describe(error),
            )
        if request:
            self.refused += 1
        self.tick()

    @property
    def confirmed(self) -> bool:
        """The watch's own check failed last and requests met the outage too: requests are then
        refused at once, not after their timeouts, until a check answers again (a request that
        found no connection in time counts: `suspect`). Both, because
        under heavy load the watch's ping can miss its 2 s while requests still succeed (load 12
        on 2 cores refused whole panel runs when the ping alone decided)."""
        return self._check_failing and (self.refused > 0 or self._suspected)

    @property
    def doubted(self) -> bool:
        """Requests met an outage, or waited out their limit for a connection: the watch then
        asks on a new connection (`DatabaseWatch.check`)."""
        return self.started is not None or self._suspected

    def suspect(self) -> None:
        """A request found no connection in time: a busy pool, or a server that takes no new
        connection (its postmaster hung) while the open ones still answer. Not an outage until
        the watch's own check fails too."""
        self._suspected = True

    def check_failed(self, error: BaseException) -> None:
        """The watch's own ping did not answer."""
        self.failed(error, request=False)
        self._check_failing = True

    def background_failed(self, error: BaseException) -> None:
        self.failed(error, request=False)
        self.background_failures += 1

    def tick(self) -> None:
        """Log the running outage if the last line is `log_every` old."""
        now = self.clock()
        if self.started is None or now - self._last_logged < self.log_every:
            return
        self._last_logged = now
        logger.warning(
            "database unreachable since %s (%.0f s), %s",
            f"{self.started_at:%H:%M:%S}", now - self.started, self._counts(),
        )  # fmt: skip

    def recovered(self) -> None:
        self._check_failing = self._suspected = False
        if self.started is None:
            return
        logger.warning(
            "database reachable again after %.1f s; %s",
            self.clock() - self.started, self._counts(),
        )  # fmt: skip
        self.started = self.started_at = None

    def _counts(self) -> str:
        counts = f"{self.refused} request(s) refused"
        if self.background_failures:
            counts += f", {self.background_failures} background task(s) failed"
        return counts


class OutageTracebacks(logging.Filter):
    """On a log handler: a record whose exception is a database outage keeps one line and loses
    its traceback. Libraries log some outage errors themselves (SQLAlchemy's pool: "Exception
    during reset or similar" for a connection that died after its last statement); the outage
    record already tells that story once."""

    def filter(self, record: logging.LogRecord) -> bool:
        error = record.exc_info[1] if record.exc_info else None
        if error is not None and is_database_unreachable(error):
            record.msg, record.args = f"{record.getMessage()} ({describe(error)})", None
            record.exc_info, record.exc_text = None, None
        return True


def quiet_outage_tracebacks(logger: logging.Logger | None = None) -> None:
    """Install `OutageTracebacks` on the handlers of `logger` (the root logger by default)."""
    for handler in (logger or logging.getLogger()).handlers:
        handler.addFilter(OutageTracebacks())
