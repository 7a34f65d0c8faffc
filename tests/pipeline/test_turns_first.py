"""Turns first: while a person's turn is being answered, a feed built ahead of time for a changed
profile waits, so it never takes the event loop from them. A feed prewarmed for each new profile
held the operator's first turns in the same process for up to 2 s on a loaded machine (first
insight p95 2.2 s over 84 first turns; 0.15 s with no prewarm)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

from kairos.pipeline.events import TurnEvent
from kairos.pipeline.turn import TurnRecord, TurnRunner, until_no_turn
from kairos.restaurants import feed


def _runner() -> TurnRunner[object]:
    return TurnRunner(outage=lambda exc: None, spawn=lambda work, name: None)


async def _waiting_steps(release: asyncio.Event) -> AsyncIterator[TurnEvent]:
    await release.wait()
    if False:  # an async generator that yields nothing
        yield


async def _prewarm_step() -> None:
    feed.PREWARMING.set(True)
    await feed._let_others_run()


async def test_a_prewarmed_feed_waits_while_a_turn_is_answered() -> None:
    release = asyncio.Event()
    record = TurnRecord(product="test", user="u", session_id="s", name="chat.turn.completed")
    turn = asyncio.create_task(_consume(_runner().stream(record, _waiting_steps(release))))
    await asyncio.sleep(0.02)  # the turn has started
    background = asyncio.create_task(_prewarm_step())  # its own context, as spawned work
    await asyncio.sleep(0.1)
    assert not background.done(), "a prewarm went on while a turn was being answered"
    foreground = asyncio.create_task(feed._let_others_run())  # a feed someone asked for
    await asyncio.sleep(0.02)
    assert foreground.done(), "a feed asked for must not wait for other turns"
    release.set()
    await turn
    await asyncio.wait_for(background, 1.0)


async def test_a_failed_turn_still_lets_background_work_run() -> None:
    async def failing() -> AsyncIterator[TurnEvent]:
        raise RuntimeError("boom")
        yield

    record = TurnRecord(product="test", user="u", session_id="s", name="chat.turn.completed")
    await _consume(_runner().stream(record, failing()))
    await asyncio.wait_for(until_no_turn(), 0.05)


async def _consume(events: AsyncIterator[TurnEvent]) -> None:
    async for _ in events:
        pass
