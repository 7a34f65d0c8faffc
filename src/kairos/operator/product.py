"""The operator assistant (seed 004) wired onto the runtime: the agent on the shared signals,
the catalog's reviews and check-ins, the model chain for optional phrasing, and the shared
`TurnRunner` (errors, the canonical turn record, work after the turn).

A turn streams `thinking` steps, then the core `result`; when the operator named a competitor,
a `supplement` event with the competitor snapshot follows (ADR-025: never before the core
answer, never changing it). The JSON answer carries both.
"""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import AsyncIterator, Callable
from datetime import date

from kairos.errors import KairosError
from kairos.operator.agent import OperatorAgent, TurnOutcome
from kairos.operator.compose import Phrasing
from kairos.operator.demand import DemandModel
from kairos.operator.reading import read_message
from kairos.operator.schemas import CompetitorSnapshot, OperatorAnswer, OperatorRequest
from kairos.pipeline.events import ErrorEvent, Result, Supplement, TurnEvent
from kairos.pipeline.turn import TurnRecord, TurnRunner
from kairos.profiles.schemas import UserPublic
from kairos.runtime import Runtime
from kairos.store.operator import OperatorStore

__all__ = ["OperatorProduct"]

DEMAND_REFRESH_SECONDS = 3600.0


class OperatorProduct:
    name = "operator"

    def __init__(self, runtime: Runtime) -> None:
        self.runtime = runtime
        self.store = OperatorStore(runtime.db)
        self.turns: TurnRunner[OperatorAnswer] = TurnRunner(
            outage=runtime.outage.failed, spawn=runtime.spawn
        )
        self._demand: DemandModel | None = None
        self._demand_at = 0.0
        self._agent: OperatorAgent | None = None
        self.today: Callable[[], date] = lambda: runtime.clock.today()

    async def demand(self) -> DemandModel:
        loop = asyncio.get_running_loop()
        if self._demand is None or loop.time() - self._demand_at > DEMAND_REFRESH_SECONDS:
            self._demand = DemandModel(await self.store.all_checkins())
            self._demand_at = loop.time()
        return self._demand

    def agent(self) -> OperatorAgent:
        if self._agent is None:
            signals = self.runtime.signals
            if signals is None:
                raise RuntimeError("the runtime's signals are not built (Runtime.start does it)")
            self._agent = OperatorAgent(
                store=self.store,
                signals=signals,
                demand=lambda: self._demand or DemandModel({}),
                phrasing=Phrasing(self.runtime.chain),
                today=lambda: self.today(),
                now=lambda: self.runtime.clock.now(),
                reviews_timeout_seconds=self.runtime.settings.reviews_timeout_seconds,
            )
        return self._agent

    async def warm(self) -> None:
        await self.demand()

    async def on_profile_changed(self, uid: uuid.UUID, deleted: bool) -> None:
        return None  # sessions read the operator's memory at their first turn

    async def close(self) -> None:
        if self._agent is not None:
            await self._agent.aclose()

    async def _steps(
        self, user: UserPublic, request: OperatorRequest, record: TurnRecord
    ) -> AsyncIterator[TurnEvent]:
        await self.demand()
        agent = self.agent()
        outcome: TurnOutcome | None = None
        async for item in agent.run(user.uid, request, record.turn_id):
            if isinstance(item, TurnOutcome):
                outcome = item
            else:
                yield item
        assert outcome is not None
        answer = outcome.answer
        record.session_id = str(answer.session_id)
        record.turn_index = answer.turn_index
        record.facts.update(
            card=answer.card,
            kind=answer.kind,
            confidence=answer.confidence.level,
            questions=int(answer.question is not None),
            source_timeouts=[s.name for s in answer.sources if s.status == "timeout"],
        )
        if answer.kind == "fallback":
            record.fallbacks.append("no_recommendation")
        yield Result(payload=answer)
        if outcome.competitor_name:
            expand = read_message(request.message, self.today()).expand
            snapshot = await agent.competitor(
                user.uid, answer, outcome.competitor_name, expand=expand
            )
            yield Supplement(kind="competitor", payload=snapshot)

    def _record(self, user: UserPublic, request: OperatorRequest) -> TurnRecord:
        return TurnRecord(
            product=self.name,
            user=str(user.uid),
            session_id=str(request.session_id or "new"),
            name="chat.turn.completed",
        )

    async def stream(self, user: UserPublic, request: OperatorRequest) -> AsyncIterator[TurnEvent]:
        record = self._record(user, request)
        async for event in self.turns.stream(record, self._steps(user, request, record)):
            yield event

    async def answer(self, user: UserPublic, request: OperatorRequest) -> OperatorAnswer:
        """The same turn as one JSON document, the competitor block filled in."""
        record = self._record(user, request)
        answer: OperatorAnswer | None = None
        raised: list[KairosError] = []
        async for event in self.turns.stream(
            record, self._steps(user, request, record), raised=raised
        ):
            if isinstance(event, Result):
                answer = event.payload
            elif isinstance(event, Supplement) and answer is not None:
                answer = with_competitor(answer, event.payload)
            elif isinstance(event, ErrorEvent) and raised:
                raise raised[0]
        if raised:
            raise raised[0]
        assert answer is not None
        return answer


def with_competitor(answer: OperatorAnswer, block: object) -> OperatorAnswer:
    """The JSON answer with its competitor block; the comparison, when there is one, leads the
    text (the core answer below it is as computed, ADR-025): a turn asking how the restaurant
    compares is answered in its text, not only in the block (panel half A, o27, o41)."""
    if not isinstance(block, CompetitorSnapshot):
        return answer.model_copy(update={"competitor": block})
    text = answer.text
    if block.comparison:
        text = f"{block.comparison}\n{text}"
    elif block.status != "ok":
        text = f"No comparison with {block.name}: {block.detail}.\n{text}"
    return answer.model_copy(update={"competitor": block, "text": text})
