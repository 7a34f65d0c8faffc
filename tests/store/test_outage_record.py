"""The outage record logs an outage when it starts, once per interval while it lasts, and once
when it ends, however many requests it refuses (the clock is a plain number here)."""

from __future__ import annotations

import io
import logging
import re

import pytest

from kairos.store.database import Database
from kairos.store.outage import DatabaseOutage, quiet_outage_tracebacks

NOWHERE = "postgresql+asyncpg://postgres@/kairos?host=/nonexistent-socket-dir"


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_one_line_per_interval_whatever_the_number_of_requests(
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.INFO, logger="kairos.store.outage")
    clock = Clock()
    outage = DatabaseOutage(log_every=30, clock=clock)
    refused = ConnectionRefusedError(111, "Connect call failed")

    for _ in range(95):  # 95 s of outage, 10 refused requests a second
        for _ in range(10):
            outage.failed(refused)
        clock.now += 1
    outage.background_failed(refused)
    assert outage.unreachable_seconds() == 95
    outage.recovered()
    outage.recovered()  # the watch says so every second: logged once

    lines = [re.sub(r"since \d\d:\d\d:\d\d", "since T", r.getMessage()) for r in caplog.records]
    assert lines == [
        "database unreachable (ConnectionRefusedError: [Errno 111] Connect call failed); "
        "requests get 503 until it answers again",
        "database unreachable since T (30 s), 301 request(s) refused",
        "database unreachable since T (60 s), 601 request(s) refused",
        "database unreachable since T (90 s), 901 request(s) refused",
        "database reachable again after 95.0 s; 950 request(s) refused, "
        "1 background task(s) failed",
    ]
    assert not outage.ongoing and outage.unreachable_seconds() == 0


async def test_a_library_logging_an_outage_error_logs_one_line_without_its_traceback() -> None:
    stream = io.StringIO()
    logger = logging.getLogger("tests.outage_tracebacks")
    logger.propagate = False
    logger.addHandler(logging.StreamHandler(stream))
    quiet_outage_tracebacks(logger)
    db = Database(NOWHERE)
    try:
        await db.ping()
    except Exception as exc:
        logger.error("Exception during reset or similar", exc_info=exc)
    finally:
        await db.dispose()
    try:
        raise ValueError("a real bug")
    except ValueError as exc:
        logger.error("background task failed", exc_info=exc)

    lines = stream.getvalue().splitlines()
    assert lines[0].startswith("Exception during reset or similar (FileNotFoundError: ")
    assert lines[1] == "background task failed"  # any other error keeps its traceback
    assert lines[2] == "Traceback (most recent call last):"


def test_requests_are_refused_at_once_only_when_the_watch_and_a_request_both_met_the_outage() -> (
    None
):
    outage = DatabaseOutage(clock=Clock())
    outage.check_failed(TimeoutError("ping took longer than 2 s"))
    assert outage.ongoing and not outage.confirmed, "a slow ping under load alone refuses nothing"
    outage.failed(TimeoutError("a statement got no answer in 5 s"))
    assert outage.confirmed
    outage.recovered()
    assert not outage.ongoing and not outage.confirmed
    outage.failed(TimeoutError("one request timed out"))
    assert not outage.confirmed, "requests alone never close the gate: the watch decides"
