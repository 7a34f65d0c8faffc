"""The one orchestrating agent (ADR-001, ADR-003): a fixed graph run once per turn —
read → remember → resolve → fetch → decide → assess → compose → record — with a tool budget,
schema-validated state and payloads, and why / what-if / corrections handled inside the same
pass (never a loop). Competitor analysis (ADR-025) is a separate step after the core answer.
"""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator, Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from typing import Any

from kairos.errors import Forbidden, NotFound
from kairos.operator.action_line import fallback
from kairos.operator.asks import direct_answers
from kairos.operator.cafe_listing import peer_categories
from kairos.operator.competitor import check_competitor
from kairos.operator.compose import Phrasing, compose, evidence_lines
from kairos.operator.confidence import assess
from kairos.operator.demand import DemandModel, DemandShape
from kairos.operator.derivation import covers_read
from kairos.operator.gather import gather
from kairos.operator.locating import Locator, mention_of
from kairos.operator.own_restaurant import own_mentions
from kairos.operator.payload import answer_payload, no_location_answer
from kairos.operator.reading import Reading, read_message, redact, with_window
from kairos.operator.rules import Decision, days_between
from kairos.operator.schemas import (
    CompetitorSnapshot,
    Daypart,
    OperatorAnswer,
    OperatorRequest,
    ResolvedLocation,
    SourceStatus,
)
from kairos.operator.service_kind import front_role
from kairos.operator.sources import (
    MAX_DAYS,
    CatalogReviews,
    ReviewList,
    ReviewsQuery,
    not_configured,
)
from kairos.operator.staff_ask import answer_staff_ask, read_staff_ask
from kairos.operator.stand_ins import stand_ins
from kairos.operator.state import BaselineState, SessionState, preferences_of
from kairos.operator.steps import (
    apply_baseline,
    apply_locations,
    apply_memory,
    apply_scope,
    moved_window,
    session_window,
)
from kairos.operator.turn import (
    CHAIN,
    Turn,
    answer_kind,
    read_note,
    reading_facts,
    resolve_note,
    signal_digest,
)
from kairos.operator.what_if import scenario_lead
from kairos.operator.windows import local_now
from kairos.pipeline.events import Thinking, TurnEvent
from kairos.pipeline.request_context import current_request_id
from kairos.signals.client import SignalClient
from kairos.signals.geocoding.models import check_location_text
from kairos.signals.service import Signals
from kairos.store.operator import OperatorStore

__all__ = ["CHAIN", "OperatorAgent", "TurnOutcome"]


@dataclass
class TurnOutcome:
    answer: OperatorAnswer
    competitor_name: str | None
    events: list[tuple[str, dict[str, Any]]] = field(default_factory=list)


class OperatorAgent:
    def __init__(
        self,
        *,
        store: OperatorStore,
        signals: Signals,
        demand: Callable[[], DemandModel],
        phrasing: Phrasing,
        today: Callable[[], date] = date.today,
        now: Callable[[], datetime] | None = None,
        reviews_timeout_seconds: float = 2.0,
    ) -> None:
        """`now`: the service's clock (aware), read on the restaurant's own day and hour; None:
        `today` alone, the hour unknown."""
        self.store = store
        self.signals = signals
        self.demand = demand
        self.phrasing = phrasing
        self.today = today
        self.now = now
        self.locator = Locator(signals=signals, store=store)
        self.reviews: SignalClient[ReviewsQuery, ReviewList] = SignalClient(
            CatalogReviews(store),
            timeout_seconds=reviews_timeout_seconds,
            fresh_seconds=6 * 3600.0,
            keep_seconds=7 * 24 * 3600.0,
        )

    async def aclose(self) -> None:
        await self.reviews.aclose()

    # --- the turn ----------------------------------------------------------------------------

    async def run(
        self, owner: uuid.UUID, request: OperatorRequest, trace_id: str
    ) -> AsyncIterator[TurnEvent | TurnOutcome]:
        """Progress events, then one `TurnOutcome` (saved by then)."""
        checked = [check_location_text(t) for t in request.locations or []]  # 422 before work
        session_id = request.session_id
        if session_id is None:
            session_id = (await self.store.create_session(owner=owner)).id
        elif (row := await self.store.get_session(session_id=session_id)) is None:
            raise NotFound(f"no operator session {session_id}; omit session_id to start one")
        elif row.owner != owner:
            raise Forbidden("this session belongs to another user")
        async with self.store.locked(session_id=session_id) as (db, row):
            if row is None:
                raise NotFound(f"no operator session {session_id}; omit session_id to start one")
            turn_index = row.turns + 1
            turn = Turn(trace_id=trace_id)
            turn.event("turn.started", turn_index=turn_index, card=request.card)
            today = self.today()
            await self.locator.load_names()
            spotted = self.locator.spot_restaurants(request.message)
            reading = read_message(
                request.message, today, names=[(s.start, s.end) for s in spotted]
            )
            turn.event("input.read", **reading_facts(reading))
            yield Thinking(step="read", message=read_note(reading))
            state = SessionState.model_validate(row.state)
            turn.known = state.assumed
            if checked:
                reading.locations = [mention_of(t) for t in checked]
                spotted = [s for t in checked for s in self.locator.spot_restaurants(t)
                           if s.text == t]  # fmt: skip
            else:  # a venue, a supposed place, one not said to be theirs: not where we are
                reading.locations = own_mentions(request.message, reading.locations, state,
                                                 turn.leads)  # fmt: skip
            prefs = await self.store.preferences(owner=owner) if turn_index == 1 else {}
            if prefs.get("card") in ("staffing", "risk", "opportunity"):
                state.card = prefs["card"]
            remembered = preferences_of(state) if turn_index > 1 else {}
            # a what-if is hypothetical: it never moves the session's card (issue 36)
            said_card = None if reading.what_if is not None else reading.card
            card = request.card or said_card or state.card
            if card != state.card:
                turn.event("card.changed", old=state.card, new=card)
            state.card = card
            await apply_locations(
                self.locator, request.message, reading, spotted, state, turn, request.refresh
            )
            if turn_index == 1:
                apply_memory(prefs, state, turn, reading)
            apply_baseline(reading, state, turn)
            state.events_said += [d for d in reading.stated_events if d not in state.events_said]
            state.event_venues.update(reading.stated_venues)
            apply_scope(reading, state, turn)
            today = self._restaurant_day(reading, state, today)
            window, window_text = session_window(reading, state, turn, today)
            yield Thinking(step="resolve", message=resolve_note(state))
            answer = await self._answer(
                request, reading, state, turn, session_id, turn_index, window, window_text, today
            )
            yield Thinking(step="compose", message=f"{answer.kind}: {answer.action_line.action}")
            turn.event(
                "chat.turn.completed",
                trace_id=trace_id,
                request_id=current_request_id(),
                session_id=str(session_id),
                turn_index=turn_index,
                card=card,
                kind=answer.kind,
                confidence=answer.confidence.level,
                questions=int(answer.question is not None),
                fallback=answer.kind == "fallback",
                source_timeouts=[s.name for s in answer.sources if s.status == "timeout"],
            )
            answer.events = [name for name, _ in turn.events]
            await self.store.save_turn(
                db,
                session_id=session_id,
                turn_index=turn_index,
                state=state.model_dump(mode="json"),
                message=redact(request.message),
                summary={
                    "card": card,
                    "kind": answer.kind,
                    "action": answer.action_line.action,
                    "confidence": answer.confidence.level,
                    "question": answer.question,
                    "assumptions": answer.assumptions,
                },
                events=[(n, trace_id, current_request_id(), p) for n, p in turn.events],
            )
            if preferences_of(state) != remembered:
                await self.store.save_preferences(
                    db, owner=owner, preferences=preferences_of(state)
                )
        yield TurnOutcome(answer=answer, competitor_name=reading.competitor or None,
                          events=turn.events)  # fmt: skip

    def _restaurant_day(self, reading: Reading, state: SessionState, today: date) -> date:
        """Today where the restaurant is, with the window read again on its day and hour
        ("this weekend" late on a Sunday evening is the next one, issue 36)."""
        if self.now is None:
            return today
        here = state.locations[0] if state.locations else None
        local = local_now(self.now().astimezone(UTC), here.lat if here else None,
                          here.lng if here else None)  # fmt: skip
        hour = local.hour if here is not None and here.lng is not None else None
        with_window(reading, local.date() if hour is not None else today, hour)
        return local.date() if hour is not None else today

    async def _answer(
        self,
        request: OperatorRequest,
        reading: Reading,
        state: SessionState,
        turn: Turn,
        session_id: uuid.UUID,
        turn_index: int,
        window: tuple[date, date],
        window_text: str,
        today: date | None = None,
    ) -> OperatorAnswer:
        window_label = f"{window[0]:%a %d %b} – {window[1]:%a %d %b}"
        usable_locations = [loc for loc in state.locations if loc.lat is not None]
        if not usable_locations:
            unknown = not_configured(self.signals, state.card)  # said now: no lookup needed
            return no_location_answer(unknown, state, turn, session_id, turn_index, window)
        targets = usable_locations if state.scope == "all" else usable_locations[:1]
        if state.scope != "all" and len(usable_locations) > 1 and state.baseline:
            turn.event("scope.applied", scope="first", location=targets[0].label)
        days = days_between(window[0], window[1], MAX_DAYS)
        if (window[1] - window[0]).days + 1 > MAX_DAYS:
            turn.assumptions.append(f"only the first {MAX_DAYS} days are checked in detail")
        gathered = await gather(
            store=self.store,
            signals=self.signals,
            reviews=self.reviews,
            catalog=self.locator.catalog,
            model=self.demand(),
            targets=targets,
            reading=reading,
            state=state,
            turn=turn,
            days=days,
            window=window,
            refresh=request.refresh,
            today=today,
        )
        decisions, shapes, statuses = gathered.decisions, gathered.shapes, gathered.statuses
        guests, budget = gathered.guests, gathered.budget
        sources = [statuses[n] for n in ("weather", "events", "closures", "school_calendar",
                                         "reviews") if n in statuses]  # fmt: skip
        sources.append(
            SourceStatus(
                name="demand",
                provider="checkins",
                status="ok",
                freshness="catalog",
                note=shapes[0].basis,
            )
        )
        turn.event(
            "sources.fetched",
            statuses={s.name: s.status for s in sources},
            tool_calls=budget.used,
        )
        uses_reviews = any(d.uses_reviews for d in decisions)
        confidence = assess(
            card=state.card,
            sources=[s for s in sources if s.name != "demand"],
            location_resolved=all(loc.resolved for loc in targets),
            location_assumed=state.location_origin != "explicit",
            baseline_given=state.baseline is not None,
            baseline_assumed=(state.baseline is not None and state.baseline.origin != "explicit")
            or (state.scope_origin == "default" or (len(usable_locations) > 1 and state.scope
                                                     is None and state.baseline is not None)),
            reviews_used_sparse=uses_reviews and guests is not None and guests.sparse,
        )  # fmt: skip
        turn.event(
            "recommendation.computed",
            actions=sum(len(d.actions) for d in decisions),
            confidence=confidence.level,
            caps=[c.reason for c in confidence.caps],
        )
        has_insight = any(d.actions for d in decisions) or bool(decisions)
        if has_insight and state.first_insight_turn is None:
            state.first_insight_turn = turn_index
            turn.event("first_insight", turn_index=turn_index)
        elif turn_index > 1:
            turn.event("follow_up", turn_index=turn_index)
        top = decisions[0].busiest[0] if decisions and decisions[0].busiest else None
        moved_window(reading, state, window, (top[0], top[1]) if top else None, turn)
        await self._stand_ins(state, targets, turn)
        offer = next((a for d in decisions for a in d.actions if a.kind == "promote"), None)
        turn.leads += direct_answers(reading.ask, shapes[0], state.baseline, days, guests, offer,
                                     today, decisions[0].categories if decisions else None
        ) + answer_staff_ask(read_staff_ask(request.message), shapes[0], state.baseline,
                             days, decisions[0] if decisions else None, guests,
                             reading.daypart)  # fmt: skip
        kind = answer_kind(reading, turn)
        composed = compose(
            decisions=decisions,
            confidence=confidence,
            sources=sources if any(s.status in ("ok", "stale") for s in sources if s.name !=
                                   "demand") else [s for s in sources if s.name != "demand"],
            window=window_label,
            assumptions=turn.assumptions,
            question=turn.question,
            snapshot=guests,
            verbose=reading.why,
            lead=" ".join(turn.leads) or scenario_lead(reading, turn.scenario),
            evidence=evidence_lines(guests, targets[0], state.unknown_name, reading.complaints,
                                    reading.themes)
            if reading.expand else None,
            demand_basis=shapes[0].basis + _read(shapes[0], state.baseline, top, decisions),
            said_before=(state.last_recommendation, state.last_plan),
        )  # fmt: skip
        composed = await self.phrasing.phrase(composed, signal_digest(decisions))
        if composed.action_line.sources == fallback("").sources:
            turn.event("fallback.used", reason="no source answered")
            kind = "fallback"
        turn.event("answer.composed", kind=kind, phrased_by=composed.phrased_by)
        state.last_recommendation = composed.recommendation  # said in full once (o53, o27)
        if reading.what_if is None:
            state.last_action = composed.action_line.action
            state.last_plan = composed.recommendation
        return answer_payload(
            composed,
            kind=kind,
            state=state,
            session_id=session_id,
            turn_index=turn_index,
            decisions=decisions,
            confidence=confidence,
            targets=targets,
            window=window,
            sources=sources,
            shape=shapes[0],
            guests=guests,
            turn=turn,
        )

    async def _stand_ins(
        self, state: SessionState, targets: list[ResolvedLocation], turn: Turn
    ) -> None:
        """Said once a session for a place with no check-ins of its own (`stand_ins.py`)."""
        pid = targets[0].place_id if len(targets) == 1 else None
        if pid is None or pid in state.stand_ins_said:
            return
        place = await self.store.place_by_id(place_id=pid)
        peers = peer_categories(place.categories, place.name, state.lean) if place else []
        said = stand_ins(self.demand(), pid, place.name, peers) if place else None
        if said:
            state.stand_ins_said.append(pid)
            turn.leads.append(said)

    # --- competitor (ADR-025) ----------------------------------------------------------------

    async def competitor(
        self, owner: uuid.UUID, answer: OperatorAnswer, name: str, *, expand: bool
    ) -> CompetitorSnapshot:
        """After the core answer, on its own budget; failures stay in this block."""
        del owner  # the session is the answer's, already checked to be the owner's
        return await check_competitor(
            store=self.store,
            signals=self.signals,
            reviews=self.reviews,
            answer=answer,
            name=name,
            expand=expand,
            checkins=self.demand().checkins_of,
        )


def _read(
    shape: DemandShape,
    baseline: BaselineState | None,
    top: tuple[date, Daypart, int | None] | None,
    decisions: Sequence[Decision],
) -> str:
    """How the staffed window's covers come from the usual day given (`derivation.py`), for
    one restaurant's plan."""
    if top is None or top[2] is None or len(decisions) != 1:
        return ""
    guests = front_role(decisions[0].categories)[2]  # customers at a counter (half A, o03)
    said = covers_read(shape, baseline, top[0], top[1], guests)
    return f"; {said}" if said else ""
