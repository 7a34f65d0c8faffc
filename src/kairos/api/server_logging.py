"""One log format for `kairos serve`, the same in every process it runs.

With `--workers N` several processes write to one log; uvicorn's own format ("INFO:     Shutting
down") says neither when nor which process, and a spawned worker never saw the parent's logging
set-up, so Kairos' own lines there (the drain's, the outage's) were dropped. Every line now
reads `<time> <LEVEL> [main <pid>] ...` or `[worker <pid>] ...`, and uvicorn hands this
configuration to each worker it starts, so a worker's start, drain and stop lines are its own.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
from typing import Any, Final

from uvicorn.logging import AccessFormatter

__all__ = [
    "ACCESS_LINE",
    "LINE",
    "AccessLineFormatter",
    "LineFormatter",
    "OutageLines",
    "server_log_config",
]

LINE: Final = "%(asctime)s %(levelname)s [%(process_name)s] %(message)s"
ACCESS_LINE: Final = (
    '%(asctime)s %(levelname)s [%(process_name)s] %(client_addr)s - "%(request_line)s" '
    "%(status_code)s"
)


def _process_name() -> str:
    """`worker <pid>` in a process uvicorn started to serve, else `main <pid>`."""
    role = "main" if multiprocessing.parent_process() is None else "worker"
    return f"{role} {os.getpid()}"


class OutageLines(logging.Filter):
    """`OutageTracebacks` (a database outage's traceback cut to one line), imported at the first
    record that carries an exception: uvicorn applies this configuration in a new worker before
    the thread that answers its health check starts; importing SQLAlchemy there (about 2 s on a
    busy machine) once pushed a worker past the check's 5 s, and the parent killed it."""

    def filter(self, record: logging.LogRecord) -> bool:
        if not record.exc_info:
            return True
        from kairos.store.outage import OutageTracebacks

        return OutageTracebacks().filter(record)


class LineFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        record.process_name = _process_name()
        return super().format(record)


class AccessLineFormatter(AccessFormatter):
    def format(self, record: logging.LogRecord) -> str:
        record.process_name = _process_name()
        return super().format(record)


def server_log_config(level: str) -> dict[str, Any]:
    """For `logging.config.dictConfig` and uvicorn's `log_config`: Kairos' lines at `level`,
    uvicorn's at INFO, the access log on stdout and the rest on stderr (as uvicorn has them).
    A database outage's traceback is cut to one line on every handler (`OutageTracebacks`)."""
    outage = {"()": f"{__name__}.OutageLines"}
    handler = {"class": "logging.StreamHandler", "filters": ["outage"]}
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "filters": {"outage": outage},
        "formatters": {
            "default": {"()": f"{__name__}.LineFormatter", "fmt": LINE},
            "access": {
                "()": f"{__name__}.AccessLineFormatter",
                "fmt": ACCESS_LINE,
                "use_colors": False,
            },
        },
        "handlers": {
            "default": {**handler, "formatter": "default", "stream": "ext://sys.stderr"},
            "access": {**handler, "formatter": "access", "stream": "ext://sys.stdout"},
        },
        "loggers": {
            "uvicorn": {"handlers": ["default"], "level": "INFO", "propagate": False},
            "uvicorn.error": {"level": "INFO"},
            "uvicorn.access": {"handlers": ["access"], "level": "INFO", "propagate": False},
            # seven "setup plugin" lines per worker, at INFO, as alembic is imported
            "alembic.runtime.plugins": {"level": "WARNING"},
        },
        "root": {"handlers": ["default"], "level": level.upper()},
    }
