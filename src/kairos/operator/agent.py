"""The one orchestrating agent (ADR-001, ADR-003): a fixed graph run once per turn —
read → remember → resolve → fetch → decide → assess → compose → record — with a tool budget,
schema-validated state and payloads, and why / what-if / corrections handled inside the same
pass (never a loop). Competitor analysis (ADR-025) is a separate step after the core answer.
"""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta
from typing import Any, Final

from kairos.core.venue_identity import name_key as normalize_name
from kairos.errors import Forbidden, InvalidInput, NotFound
from kairos.operator.compose import Composed, Phrasing, checkable, compose
from kairos.operator.confidence import assess
from kairos.operator.demand import DAYPARTS, DemandModel, DemandShape
from kairos.operator.guest_signals import snapshot
from kairos.operator.reading import LocationMention, Reading, read_message, redact
from kairos.operator.rules import SCENARIO, Decision, SignalPack, days_between, decide
from kairos.operator.schemas import (
    CompetitorSnapshot,
    DaypartDemand,
    OperatorAnswer,
    OperatorRequest,
    ResolvedLocation,
    SourceStatus,
)
from kairos.operator.sources import (
    MAX_DAYS,
    CatalogReviews,
    ReviewList,
    ReviewsQuery,
    ToolBudget,
    fetch_pack,
    not_configured,
)
from kairos.operator.state import BaselineState, SessionState, preferences_of
from kairos.pipeline.events import Thinking, TurnEvent
from kairos.pipeline.request_context import current_request_id
from kairos.signals.client import SignalClient
from kairos.signals.events.models import Event, EventList
from kairos.signals.geocoding.models import check_location_text
from kairos.signals.service import Signals
from kairos.signals.weather.models import WeatherReport
from kairos.store.operator import CatalogPlace, OperatorStore

__all__ = ["OperatorAgent", "TurnOutcome"]

DEFAULT_DAYS: Final = 3
PRECISE: Final = frozenset({"place", "address"})
CHAIN: Final = ("turn.started", "input.read", "recommendation.computed", "answer.composed",
                "chat.turn.completed")  # fmt: skip
"""Every turn records these, in this order (the gate's event-chain completeness)."""


@dataclass
class TurnOutcome:
    answer: OperatorAnswer
    competitor_name: str | None
    events: list[tuple[str, dict[str, Any]]] = field(default_factory=list)


@dataclass
class _Turn:
    """What one turn accumulates while it runs."""

    trace_id: str
    events: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    assumptions: list[str] = field(default_factory=list)
    leads: list[str] = field(default_factory=list)
    question: str | None = None
    known: dict[str, str] = field(default_factory=dict)
    """The session's standing assumptions (key → value): each is stated and logged once."""

    def event(self, name: str, **payload: Any) -> None:
        self.events.append((name, payload))

    def assume(self, key: str, value: str, text: str, **extra: Any) -> None:
        if self.known.get(key) == value:
            return
        self.known[key] = value
        self.assumptions.append(text)
        self.event("assumption_set", key=key, value=value, **extra)

    def corrected(self, key: str, old: str, new: str) -> None:
        self.event("assumption_corrected", key=key, old=old, new=new)


class OperatorAgent:
    def __init__(
        self,
        *,
        store: OperatorStore,
        signals: Signals,
        demand: Callable[[], DemandModel],
        phrasing: Phrasing,
        today: Callable[[], date] = date.today,
        reviews_timeout_seconds: float = 2.0,
    ) -> None:
        self.store = store
        self.signals = signals
        self.demand = demand
        self.phrasing = phrasing
        self.today = today
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
            turn = _Turn(trace_id=trace_id)
            turn.event("turn.started", turn_index=turn_index, card=request.card)
            today = self.today()
            reading = read_message(request.message, today)
            turn.event("input.read", **_reading_facts(reading))
            yield Thinking(step="read", message=_read_message(reading))
            state = SessionState.model_validate(row.state)
            turn.known = state.assumed
            if checked:
                reading.locations = [_mention_of(t) for t in checked]
            if turn_index == 1:
                await self._remembered(owner, state, turn, reading)
            remembered = preferences_of(state) if turn_index > 1 else {}
            card = request.card or reading.card or state.card
            if card != state.card:
                turn.event("card.changed", old=state.card, new=card)
            state.card = card
            await self._locations(reading, state, turn, request.refresh)
            self._baseline(reading, state, turn)
            self._scope(reading, state, turn)
            window, window_text = self._window(reading, state, turn, today)
            yield Thinking(step="resolve", message=_resolve_message(state))
            answer = await self._answer(
                request, reading, state, turn, session_id, turn_index, window, window_text
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
        competitor = reading.competitor if reading.competitor else None
        yield TurnOutcome(answer=answer, competitor_name=competitor, events=turn.events)

    async def _remembered(
        self, owner: uuid.UUID, state: SessionState, turn: _Turn, reading: Reading
    ) -> None:
        """A new session starts from the operator's stated preferences of past sessions, as
        assumptions (capped) until confirmed; what the first message says wins."""
        prefs = await self.store.preferences(owner=owner)
        if prefs.get("locations") and not state.locations and not reading.locations:
            state.locations = [ResolvedLocation.model_validate(x) for x in prefs["locations"]]
            state.location_origin = "memory"
            turn.assume(
                "location",
                state.locations[0].label,
                f"you are at {state.locations[0].label}, as in your last session",
                origin="memory",
            )
        if prefs.get("baseline") and state.baseline is None and reading.baseline is None:
            state.baseline = BaselineState.model_validate({**prefs["baseline"], "origin": "memory"})
            turn.assume(
                "baseline",
                str(state.baseline.covers),
                f"your usual {_baseline_text(state.baseline)}, as in your last session",
                origin="memory",
            )
        if prefs.get("card") in ("staffing", "risk", "opportunity"):
            state.card = prefs["card"]

    async def _locations(
        self, reading: Reading, state: SessionState, turn: _Turn, refresh: bool
    ) -> None:
        if not reading.locations:
            return
        resolved: list[ResolvedLocation] = []
        for mention in reading.locations:
            try:
                check_location_text(mention.text)
            except InvalidInput as exc:
                turn.leads.append(f"I couldn't look that location up: {exc.detail}.")
                turn.event("input.rejected", field="location", reason=exc.detail)
                continue
            resolved.append(await self._resolve(mention, refresh))
        if not resolved:
            return
        old = ", ".join(loc.label for loc in state.locations)
        new = ", ".join(loc.label for loc in resolved)
        if state.locations and old != new:
            turn.corrected("location", old, new)
            turn.leads.append(f"Updated: location {new}; recomputed.")
        if len(resolved) != len(state.locations):
            state.scope, state.scope_origin, state.scope_asked = None, None, False
        state.locations = resolved
        state.location_origin = "explicit"
        for loc in resolved:
            if not loc.resolved:
                turn.assume(
                    "location_precision",
                    loc.label,
                    f"{loc.label} is only approximate ({loc.kind}); an address or the "
                    "restaurant's name makes this sharper",
                )

    async def _resolve(self, mention: LocationMention, refresh: bool) -> ResolvedLocation:
        """The place's name first (its reviews and check-ins), then the address or street, then
        the ZIP or city."""
        tries = [t for t in (mention.text, mention.where) if t]
        for text in dict.fromkeys(tries):
            answer = await self.signals.geocode(text, limit=1, refresh=refresh)
            if answer.data is None or not answer.data.matches:
                continue
            match = answer.data.matches[0]
            place: CatalogPlace | None = None
            if match.kind == "place":
                name = match.label.split(",")[0]
                place = await self.store.place_named_near(name=name, lat=match.lat, lng=match.lng)
            return ResolvedLocation(
                label=match.label,
                kind=match.kind,
                lat=match.lat,
                lng=match.lng,
                place_id=place.id if place else None,
                resolved=match.kind in PRECISE,
            )
        return ResolvedLocation(label=mention.text, kind="unresolved", resolved=False)

    def _baseline(self, reading: Reading, state: SessionState, turn: _Turn) -> None:
        if reading.baseline is None or reading.what_if is not None:
            if state.baseline is None:
                turn.assume(
                    "baseline",
                    "relative",
                    "your usual staffing as the baseline (tell me your usual covers, e.g. "
                    "'180 covers on a Friday', for staff numbers)",
                )
            return
        new = BaselineState(covers=reading.baseline.covers, weekday=reading.baseline.weekday)
        if new.weekday is None and state.baseline is not None and reading.correction:
            new.weekday = state.baseline.weekday  # "actually 150 covers": same day as before
        if state.baseline is not None and (state.baseline.covers, state.baseline.weekday) != (
            new.covers,
            new.weekday,
        ):
            turn.corrected("baseline", _baseline_text(state.baseline), _baseline_text(new))
            turn.leads.append(f"Updated: {_baseline_text(new)}; recomputed.")
        state.baseline = new
        turn.known["baseline"] = _baseline_text(new)

    def _scope(self, reading: Reading, state: SessionState, turn: _Turn) -> None:
        """ADR-005: a baseline with several locations: ask once, then default to the first."""
        if len(state.locations) < 2 or state.baseline is None:
            return
        if reading.scope is not None:
            if state.scope is not None and state.scope != reading.scope:
                turn.corrected("scope", state.scope, reading.scope)
            elif state.scope is None:
                turn.event("assumption_set", key="scope", value=reading.scope, origin="explicit")
            state.scope, state.scope_origin = reading.scope, "explicit"
            return
        if state.scope is not None:
            return
        first = state.locations[0].label
        if not state.scope_asked:
            state.scope_asked = True
            turn.question = (
                f"Should the {state.baseline.covers}-cover baseline apply to all locations or "
                f"just the first one ({first})?"
            )
            turn.event("clarification.asked", key="scope")
            turn.assume(
                "scope",
                "first",
                f"the baseline is for {first} until you say otherwise",
                origin="default",
            )
            return
        state.scope, state.scope_origin = "first", "default"
        turn.assume("scope", "first", f"the baseline is for {first} (no answer, so the first)",
                    origin="default")  # fmt: skip

    def _window(
        self, reading: Reading, state: SessionState, turn: _Turn, today: date
    ) -> tuple[tuple[date, date], str]:
        if reading.window is not None:
            state.window, state.window_text = reading.window, reading.window_text
        if state.window is not None and state.window[1] >= today:
            start = max(state.window[0], today)
            return (start, state.window[1]), state.window_text or "the period you asked about"
        end = today + timedelta(days=DEFAULT_DAYS - 1)
        turn.assume("window", "next 3 days", "the next 3 days (name a day or 'this weekend')")
        return (today, end), "the next 3 days"

    async def _answer(
        self,
        request: OperatorRequest,
        reading: Reading,
        state: SessionState,
        turn: _Turn,
        session_id: uuid.UUID,
        turn_index: int,
        window: tuple[date, date],
        window_text: str,
    ) -> OperatorAnswer:
        window_label = f"{window[0]:%a %d %b} – {window[1]:%a %d %b}"
        usable_locations = [loc for loc in state.locations if loc.lat is not None]
        if not usable_locations:
            return self._no_location(request, reading, state, turn, session_id, turn_index,
                                     window, window_label)  # fmt: skip
        targets = usable_locations if state.scope == "all" else usable_locations[:1]
        if state.scope != "all" and len(usable_locations) > 1 and state.baseline:
            turn.event("scope.applied", scope="first", location=targets[0].label)
        budget = ToolBudget()
        days = days_between(window[0], window[1], MAX_DAYS)
        if (window[1] - window[0]).days + 1 > MAX_DAYS:
            turn.assumptions.append(f"only the first {MAX_DAYS} days are checked in detail")
        model = self.demand()
        decisions: list[Decision] = []
        statuses: dict[str, SourceStatus] = {}
        shapes: list[DemandShape] = []
        guests = None
        for loc in targets:
            assert loc.lat is not None and loc.lng is not None
            place = (
                await self.store.place_by_id(place_id=loc.place_id)
                if loc.place_id is not None
                else None
            )
            fetched = await fetch_pack(
                signals=self.signals,
                reviews=self.reviews,
                card=state.card,
                lat=loc.lat,
                lng=loc.lng,
                days=days,
                place_id=loc.place_id,
                want_reviews=reading.expand or reading.why,
                refresh=request.refresh,
                budget=budget,
            )
            for name, status in fetched.statuses.items():
                statuses.setdefault(name, status)
                if status.status in ("timeout", "error"):
                    statuses[name] = status
            for name in fetched.timeouts:
                turn.event("source.timeout", source=name)
            shape = model.shape(place_id=loc.place_id, categories=place.categories if place else [])
            shapes.append(shape)
            if fetched.reviews is not None and place is not None:
                guests = guests or snapshot(
                    place=place.name,
                    place_id=place.id,
                    reviews=fetched.reviews,
                    as_of=window[0],
                    expand=reading.expand,
                )
            pack = SignalPack(
                location=loc.label,
                days=days,
                demand=shape,
                baseline_covers=state.baseline.covers if state.baseline else None,
                baseline_weekday=state.baseline.weekday if state.baseline else None,
                weather=fetched.weather,
                school=fetched.school,
                events=fetched.events.events if fetched.events else None,
                closures=fetched.closures.closures if fetched.closures else None,
                guests=guests if place is not None and guests and guests.place_id == place.id
                else None,
            )  # fmt: skip
            if reading.what_if is not None:
                pack = _what_if(pack, reading, turn)
            label = loc.label if len(targets) > 1 else None
            decisions.append(decide(pack, state.card, location_label=label))
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
        kind = _kind(reading, turn)
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
            lead=" ".join(turn.leads) or _what_if_lead(reading),
            demand_basis=shapes[0].basis,
        )  # fmt: skip
        composed = await self.phrasing.phrase(composed, _signal_digest(decisions))
        if composed.action_line.sources == [("system", "live")]:
            turn.event("fallback.used", reason="no source answered")
            kind = "fallback"
        turn.event("answer.composed", kind=kind, phrased_by=composed.phrased_by)
        if reading.what_if is None:
            state.last_action = composed.action_line.action
        return _payload(
            composed,
            kind=kind,
            request=request,
            state=state,
            session_id=session_id,
            turn_index=turn_index,
            trace_id=turn.trace_id,
            decisions=decisions,
            confidence=confidence,
            targets=targets,
            window=window,
            sources=sources,
            shape=shapes[0],
            guests=guests,
            turn=turn,
        )

    def _no_location(
        self,
        request: OperatorRequest,
        reading: Reading,
        state: SessionState,
        turn: _Turn,
        session_id: uuid.UUID,
        turn_index: int,
        window: tuple[date, date],
        window_label: str,
    ) -> OperatorAnswer:
        unresolved = [loc.label for loc in state.locations if loc.lat is None]
        unknown = not_configured(self.signals, state.card)  # said now: no lookup needed
        if unresolved:
            turn.leads.append(
                f"I couldn't find {unresolved[0]!r} among the places and cities I know."
            )
        if not state.location_asked and not turn.question:
            state.location_asked = True
            turn.question = (
                "Where is the restaurant: its name, a street address such as 350 Atlantic Ave, "
                "Brooklyn, or a ZIP code?"
            )
            turn.event("clarification.asked", key="location")
        else:
            turn.leads.append(
                "Tell me the restaurant's name, a street address or a ZIP code and I'll check "
                f"{checkable(unknown)} around it."
            )
        turn.event("recommendation.computed", actions=0, confidence="low", caps=["no location"])
        confidence = assess(
            card=state.card, sources=unknown, location_resolved=False, location_assumed=True,
            baseline_given=state.baseline is not None, baseline_assumed=False,
            reviews_used_sparse=False,
        )  # fmt: skip
        composed = compose(
            decisions=[],
            confidence=confidence,
            sources=unknown,
            window=window_label,
            assumptions=turn.assumptions,
            question=turn.question,
            snapshot=None,
            verbose=False,
            lead=" ".join(turn.leads) or None,
        )
        turn.event("fallback.used", reason="no location")
        turn.event("answer.composed", kind="fallback", phrased_by="rules")
        return _payload(
            composed,
            kind="clarification" if turn.question else "fallback",
            request=request,
            state=state,
            session_id=session_id,
            turn_index=turn_index,
            trace_id=turn.trace_id,
            decisions=[],
            confidence=confidence,
            targets=state.locations,
            window=window,
            sources=unknown,
            shape=None,
            guests=None,
            turn=turn,
        )

    # --- competitor (ADR-025) ----------------------------------------------------------------

    async def competitor(
        self, owner: uuid.UUID, answer: OperatorAnswer, name: str, *, expand: bool
    ) -> CompetitorSnapshot:
        """After the core answer, on its own budget; failures stay in this block."""
        async with self.store.locked(session_id=answer.session_id) as (db, row):
            if row is None:
                raise NotFound("the session disappeared")
            state = SessionState.model_validate(row.state)
            used = state.competitor_used
            if used is not None and normalize_name(used) != normalize_name(name):
                result = CompetitorSnapshot(
                    name=name,
                    status="already_used",
                    detail=(
                        f"one competitor per session: this one compares with {used}; start a "
                        "new session to compare with another"
                    ),
                )
            else:
                result = await self._competitor_snapshot(answer, name, expand=expand)
                if result.status == "ok":
                    state.competitor_used = name
            await db.execute(*_competitor_update(answer.session_id, state))
            await self.store.record_event(
                db,
                session_id=answer.session_id,
                turn_index=answer.turn_index,
                name="competitor.checked",
                trace_id=answer.trace_id,
                request_id=current_request_id(),
                payload={"status": result.status},
            )
        return result

    async def _competitor_snapshot(
        self, answer: OperatorAnswer, name: str, *, expand: bool
    ) -> CompetitorSnapshot:
        near = answer.locations[0] if answer.locations else None
        try:
            async with asyncio.timeout(self.reviews.timeout_seconds):
                geo = await self.signals.geocode(name, limit=5)
                matches = [m for m in (geo.data.matches if geo.data else []) if m.kind == "place"]
                if near is not None and near.lat is not None and near.lng is not None:
                    matches.sort(key=lambda m: _km(m.lat, m.lng, near.lat or 0, near.lng or 0))
                if not matches:
                    return CompetitorSnapshot(
                        name=name,
                        status="not_found",
                        detail=f"no place called {name} in the catalog",
                    )
                match = matches[0]
                place = await self.store.place_named_near(
                    name=match.label.split(",")[0], lat=match.lat, lng=match.lng
                )
                if place is None:
                    return CompetitorSnapshot(
                        name=name, status="not_found", detail=f"{name} has no catalog entry"
                    )
                got = await self.reviews.get(ReviewsQuery(place_id=place.id))
        except TimeoutError:
            return CompetitorSnapshot(
                name=name, status="timeout", detail="the competitor's reviews took too long"
            )
        if got.data is None:
            return CompetitorSnapshot(
                name=name, status="error", detail=got.detail or "the reviews are unavailable"
            )
        snap = snapshot(
            place=place.name,
            place_id=place.id,
            reviews=got.data.reviews,
            as_of=answer.window_start,
            expand=expand,
        )
        return CompetitorSnapshot(name=place.name, status="ok", detail=snap.summary, snapshot=snap)


# --- helpers ------------------------------------------------------------------------------


def _km(lat1: float, lng1: float, lat2: float, lng2: float) -> float:
    from kairos.core.geo import haversine_km

    return haversine_km(lat1, lng1, lat2, lng2)


def _competitor_update(session_id: uuid.UUID, state: SessionState) -> tuple[Any, dict[str, Any]]:
    import json

    from sqlalchemy import text

    return (
        text("UPDATE operator_sessions SET state = CAST(:s AS jsonb) WHERE id = :id"),
        {"s": json.dumps(state.model_dump(mode="json")), "id": session_id},
    )


def _mention_of(text: str) -> LocationMention:
    return LocationMention(name=text) if not any(ch.isdigit() for ch in text) else (
        LocationMention(address=text))  # fmt: skip


_WEEKDAY_NAMES = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")


def _baseline_text(baseline: BaselineState) -> str:
    day = f" on a {_WEEKDAY_NAMES[baseline.weekday]}" if baseline.weekday is not None else " a day"
    return f"{baseline.covers} covers{day}"


def _reading_facts(reading: Reading) -> dict[str, Any]:
    """What the message said, without the words (ADR-015: no raw address in events)."""
    return {
        "card": reading.card,
        "locations": len(reading.locations),
        "baseline": reading.baseline is not None,
        "window": reading.window_text,
        "competitor": reading.competitor is not None,
        "why": reading.why,
        "what_if": reading.what_if.kind if reading.what_if else None,
        "correction": reading.correction,
        "scope": reading.scope,
        "refresh": reading.refresh,
        "expand": reading.expand,
    }


def _read_message(reading: Reading) -> str:
    said = [f"card {reading.card}" if reading.card else None,
            f"{len(reading.locations)} location(s)" if reading.locations else None,
            f"baseline {reading.baseline.covers} covers" if reading.baseline else None,
            reading.window_text]  # fmt: skip
    return "Read: " + (", ".join(s for s in said if s) or "a follow-up")


def _resolve_message(state: SessionState) -> str:
    if not state.locations:
        return "No location yet"
    return "Location: " + "; ".join(f"{loc.label} ({loc.kind})" for loc in state.locations)


def _kind(reading: Reading, turn: _Turn) -> Any:
    if reading.what_if is not None:
        return "what_if"
    if any(n == "assumption_corrected" for n, _ in turn.events):
        return "correction"
    if reading.why:
        return "explanation"
    return "insight"


def _what_if_lead(reading: Reading) -> str | None:
    if reading.what_if is None:
        return None
    what = {
        "rain": "rain all day",
        "snow": "snow",
        "event": "a large event nearby",
        "covers": f"{reading.what_if.covers} covers",
    }[reading.what_if.kind]
    return f"What if: {what} (a scenario; your saved plan is unchanged)."


def _what_if(pack: SignalPack, reading: Reading, turn: _Turn) -> SignalPack:
    """A scenario for this turn only: the signals as the operator supposes them."""
    assert reading.what_if is not None
    kind = reading.what_if.kind
    turn.event("what_if", kind=kind)
    if kind == "covers" and reading.what_if.covers is not None:
        pack.baseline_covers = reading.what_if.covers
        pack.baseline_weekday = (
            reading.baseline.weekday if reading.baseline else pack.baseline_weekday
        )
    elif kind in ("rain", "snow"):
        pack.weather = {
            day: WeatherReport(
                day=day,
                kind="forecast",
                known=True,
                precip_chance=1.0,
                heavy_precip_chance=0.5 if kind == "rain" else 0.0,
                snow_chance=1.0 if kind == "snow" else 0.0,
                summary=f"supposed {kind}",
                basis=SCENARIO,
            )
            for day in pack.days
        }
    elif kind == "event":
        pack.events = [
            *(pack.events or []),
            Event(
                id="what-if",
                name="a large event (your scenario)",
                day=pack.days[0],
                start_time=time(19, 0),
                distance_km=0.5,
            ),
        ]
    return pack


def _signal_digest(decisions: list[Decision]) -> dict[str, object]:
    return {
        "actions": [a.text for d in decisions for a in d.actions][:5],
        "drivers": [drv.summary for d in decisions for drv in d.drivers][:5],
    }


def _payload(
    composed: Composed,
    *,
    kind: Any,
    request: OperatorRequest,
    state: SessionState,
    session_id: uuid.UUID,
    turn_index: int,
    trace_id: str,
    decisions: list[Decision],
    confidence: Any,
    targets: list[ResolvedLocation],
    window: tuple[date, date],
    sources: list[SourceStatus],
    shape: DemandShape | None,
    guests: Any,
    turn: _Turn,
) -> OperatorAnswer:
    demand = (
        [
            DaypartDemand(weekday=w, daypart=DAYPARTS[p], share=round(float(shape.shares[w, p]), 4))
            for w in range(7)
            for p in range(len(DAYPARTS))
        ]
        if shape is not None
        else []
    )
    baseline = (
        {"covers": state.baseline.covers, "weekday": state.baseline.weekday,
         "origin": state.baseline.origin}
        if state.baseline else None
    )  # fmt: skip
    return OperatorAnswer(
        session_id=session_id,
        turn_index=turn_index,
        trace_id=trace_id,
        card=state.card,
        kind=kind,
        text=composed.text,
        recommendation=composed.recommendation,
        why=composed.why[:2],
        trigger=composed.trigger,
        question=turn.question,
        action_line=composed.action_line,
        actions=[a for d in decisions for a in d.actions],
        confidence=confidence,
        locations=targets,
        scope=state.scope,
        window_start=window[0],
        window_end=window[1],
        baseline=baseline,
        assumptions=turn.assumptions,
        sources=sources,
        demand=demand,
        demand_basis=shape.basis if shape else None,
        guest_snapshot=guests,
        competitor=None,
        events=[],
        phrased_by=composed.phrased_by,
    )


_ = (datetime, EventList)
