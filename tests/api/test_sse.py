"""SSE transport: framing, heartbeats while work is slow, cancellation when the client leaves."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator

from kairos.api.sse import encode_event, sse_stream
from kairos.pipeline.events import ErrorEvent, Result, Thinking, TurnEvent


class FakeRequest:
    def __init__(self) -> None:
        self.disconnected = False

    async def is_disconnected(self) -> bool:
        return self.disconnected


def test_events_are_encoded_as_event_and_data_lines() -> None:
    thinking = encode_event(Thinking(step="searching", message="Searching"))
    assert thinking == 'event: thinking\ndata: {"step": "searching", "message": "Searching"}\n\n'
    result = encode_event(Result(payload={"ui_type": "text", "message": "hi"}))
    assert result.startswith("event: result\ndata: ")
    assert json.loads(result.split("data: ", 1)[1]) == {"ui_type": "text", "message": "hi"}
    error = encode_event(ErrorEvent(title="Turn failed", detail="boom"))
    assert error.startswith("event: error\n")


async def test_heartbeats_flow_while_the_pipeline_is_slow() -> None:
    async def slow() -> AsyncIterator[TurnEvent]:
        yield Thinking(step="searching", message="…")
        await asyncio.sleep(1.0)  # ten heartbeat periods: two arrive even on a loaded machine
        yield Result(payload={"ok": True})

    chunks = [c async for c in sse_stream(FakeRequest(), slow(), heartbeat=0.1)]  # type: ignore[arg-type]
    assert chunks[0].startswith("event: thinking")
    assert chunks[-1].startswith("event: result")
    assert chunks.count(": heartbeat\n\n") >= 2


async def test_a_client_that_leaves_cancels_the_work() -> None:
    request = FakeRequest()
    cancelled = asyncio.Event()

    async def endless() -> AsyncIterator[TurnEvent]:
        try:
            yield Thinking(step="evaluating", message="…")
            await asyncio.sleep(60)
            yield Result(payload={})
        except asyncio.CancelledError:
            cancelled.set()
            raise

    stream = sse_stream(request, endless(), heartbeat=0.05)  # type: ignore[arg-type]
    first = await stream.__anext__()
    assert first.startswith("event: thinking")
    request.disconnected = True
    rest = [c async for c in stream]
    assert rest == []
    await asyncio.wait_for(cancelled.wait(), 1.0)
