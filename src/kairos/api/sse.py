"""Server-sent events: `event:` + `data:` lines, heartbeats while work is slow, the pipeline
cancelled when the client goes away, and an error event that ends a stream still open when a
stopping server's grace runs out (`api/drain.py`)."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from contextlib import nullcontext
from typing import Final

from starlette.requests import Request

from kairos.api.drain import SHUTTING_DOWN, Drain
from kairos.pipeline.events import ErrorEvent, TurnEvent

HEARTBEAT_SECONDS = 10.0
SSE_HEADERS = {"Cache-Control": "no-cache", "X-Accel-Buffering": "no", "Connection": "keep-alive"}
GRACE_OVER: Final = ErrorEvent(title="Service unavailable", detail=SHUTTING_DOWN)


def encode_event(event: TurnEvent) -> str:
    data = json.dumps(event.model_dump(mode="json", exclude={"event"}), ensure_ascii=False)
    if event.event == "result":
        data = json.dumps(event.model_dump(mode="json")["payload"], ensure_ascii=False)
    return f"event: {event.event}\ndata: {data}\n\n"


async def sse_stream(
    request: Request, events: AsyncIterator[TurnEvent], heartbeat: float = HEARTBEAT_SECONDS
) -> AsyncIterator[str]:
    """Relay events; a comment line every `heartbeat` seconds keeps proxies from closing the
    stream; a disconnected client cancels the producer."""
    queue: asyncio.Queue[TurnEvent | None] = asyncio.Queue()
    state = getattr(getattr(request, "app", None), "state", None)
    drain: Drain | None = getattr(state, "drain", None)

    async def produce() -> None:
        try:
            async for event in events:
                await queue.put(event)
        finally:
            await queue.put(None)

    producer = asyncio.create_task(produce())
    try:
        with drain.stream(lambda: queue.put_nowait(GRACE_OVER)) if drain else nullcontext():
            while True:
                try:
                    # a timeout scope, not `wait_for`: that wrapped every event's wait in a task
                    async with asyncio.timeout(heartbeat):
                        event = await queue.get()
                except TimeoutError:
                    if await request.is_disconnected():
                        return
                    yield ": heartbeat\n\n"
                    continue
                if event is None:
                    break
                yield encode_event(event)
                if event is GRACE_OVER:
                    return
        await producer
    finally:
        if not producer.done():
            producer.cancel()
