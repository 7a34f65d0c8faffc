"""Running a product's turn: its fixed steps yield typed events; this module owns what every
product's turn shares — errors, the canonical turn record, and the work after the turn.

- Errors. A `KairosError` a step raises on purpose reaches the client as itself (a problem body
  in JSON mode, an `error` event on a stream, with its title and detail). An outage of the
  database is a 503 `NotReady`. Anything else is a 500 "Turn failed" that carries only the
  request id: the traceback goes to the log, redacted, never to the client.
- The turn record. Exactly one `turn_completed` event per turn, streamed or not, on the
  `kairos.turns` logger (seed 004 ADR-016): trace, request, session and turn index, the product,
  the user, latency, fallbacks, the error if any, and the product's own facts.
- After the turn. The product's `after` work (save the interaction, learn) runs in the
  background once a result exists, never delaying or failing the answer.
- Turns first. While any turn of this process is being answered, background work that can wait
  (a feed prewarmed for a changed profile) waits (`until_no_turn`), so it never takes the event
  loop from a person waiting for an answer.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from kairos.errors import KairosError, NotReady, TurnFailed
from kairos.pipeline.events import ErrorEvent, Result, TurnEvent
from kairos.pipeline.request_context import current_request_id
from kairos.store.redaction import redacted_traceback
from kairos.store.unreachable import DATABASE_UNREACHABLE, is_database_unreachable

__all__ = ["TURN_FAILED_DETAIL", "TurnRecord", "TurnRunner"]

turn_log = logging.getLogger("kairos.turns")
logger = logging.getLogger(__name__)

P = TypeVar("P")
TURN_FAILED_DETAIL = (
    "this turn failed on our side; your profile is unchanged. Try again, and quote the "
    "request_id if it keeps failing"
)


@dataclass
class TurnRecord:
    """What a turn did: the canonical turn-completed event, and what the steps share."""

    product: str
    user: str
    session_id: str
    turn_index: int = 1
    turn_id: str = field(default_factory=lambda: uuid.uuid4().hex)
    started: float = field(default_factory=time.perf_counter)
    fallbacks: list[str] = field(default_factory=list)
    facts: dict[str, Any] = field(default_factory=dict)
    """The product's own counts for the log line (ui type, candidates, strategy…)."""
    error: str | None = None
    name: str = "turn_completed"
    """The event's name; the operator assistant keeps its seed's `chat.turn.completed`."""

    def event(self) -> dict[str, Any]:
        return {
            "event": self.name,
            "trace_id": self.turn_id,
            "request_id": current_request_id(),
            "session_id": self.session_id,
            "product": self.product,
            "user": self.user,
            "turn_index": self.turn_index,
            "latency_ms": round((time.perf_counter() - self.started) * 1000, 2),
            **self.facts,
            "fallbacks": self.fallbacks,
            "error": self.error,
        }


_turns_in_flight = 0
BACKGROUND_WAIT_SECONDS = 2.0
"""Background work waits at most this long at one point: under constant turns it still ends."""
_POLL_SECONDS = 0.01


async def until_no_turn(limit: float = BACKGROUND_WAIT_SECONDS) -> None:
    """Returns once no turn is being answered in this process (or after `limit` seconds)."""
    waited = 0.0
    while _turns_in_flight and waited < limit:
        await asyncio.sleep(_POLL_SECONDS)
        waited += _POLL_SECONDS
    await asyncio.sleep(0)


Outage = Callable[[BaseException], None]
Spawn = Callable[[Awaitable[None], str], None]


class TurnRunner(Generic[P]):
    """Runs one product's turns. `outage` counts a database outage (logged once per interval);
    `spawn` runs background work that is awaited at shutdown."""

    def __init__(self, *, outage: Outage, spawn: Spawn) -> None:
        self.outage = outage
        self.spawn = spawn

    async def stream(
        self,
        record: TurnRecord,
        steps: AsyncIterator[TurnEvent],
        *,
        after: Callable[[P], Awaitable[None]] | None = None,
        raised: list[KairosError] | None = None,
    ) -> AsyncIterator[TurnEvent]:
        """The steps' events; a failure ends the stream with one `error` event. `raised`
        receives the error, for a JSON caller that answers with its problem body."""
        global _turns_in_flight
        payload: P | None = None
        _turns_in_flight += 1
        try:
            async for event in steps:
                if isinstance(event, Result):
                    payload = event.payload
                yield event
        except Exception as exc:
            error = self._error(record, exc)
            if raised is not None:
                raised.append(error)
            yield ErrorEvent(
                title=error.title, detail=error.detail, request_id=current_request_id()
            )
            return
        finally:
            _turns_in_flight -= 1
            turn_log.info(json.dumps(record.event(), default=str))
        if payload is not None and after is not None:
            self.spawn(after(payload), f"after-turn-{record.turn_id}")

    async def answer(
        self,
        record: TurnRecord,
        steps: AsyncIterator[TurnEvent],
        *,
        after: Callable[[P], Awaitable[None]] | None = None,
    ) -> P:
        """The same turn for a client that wants one JSON document: its payload, or the error
        raised (a problem body with the request id)."""
        raised: list[KairosError] = []
        payload: P | None = None
        async for event in self.stream(record, steps, after=after, raised=raised):
            if isinstance(event, Result):
                payload = event.payload
        if raised:
            raise raised[0]
        if payload is None:
            record.error = "no result"
            raise TurnFailed(TURN_FAILED_DETAIL)
        return payload

    def _error(self, record: TurnRecord, exc: Exception) -> KairosError:
        if isinstance(exc, KairosError):
            record.error = type(exc).__name__
            return exc
        if is_database_unreachable(exc):
            self.outage(exc)  # counted, and logged once per interval by the outage record
            record.error = NotReady.__name__
            return NotReady(DATABASE_UNREACHABLE)
        record.error = type(exc).__name__
        logger.error(
            "%s turn %s failed (request %s)\n%s",
            record.product, record.turn_id, current_request_id(), redacted_traceback(exc),
        )  # fmt: skip
        return TurnFailed(TURN_FAILED_DETAIL)
