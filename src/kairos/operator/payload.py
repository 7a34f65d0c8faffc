"""The turn's answer as the API sends it (`OperatorAnswer`), from the composed text and what the
turn computed; and the answer when no location is known yet (one question, then a standing
request for the restaurant's name, address or ZIP)."""

from __future__ import annotations

import uuid
from datetime import date
from typing import Any

from kairos.operator.compose import Composed, checkable, compose
from kairos.operator.confidence import assess
from kairos.operator.demand import DAYPARTS, DemandShape
from kairos.operator.rules import Decision
from kairos.operator.schemas import (
    DaypartDemand,
    OperatorAnswer,
    ResolvedLocation,
    SourceStatus,
)
from kairos.operator.state import SessionState
from kairos.operator.turn import Turn

__all__ = ["answer_payload", "no_location_answer"]


def answer_payload(
    composed: Composed,
    *,
    kind: Any,
    state: SessionState,
    session_id: uuid.UUID,
    turn_index: int,
    decisions: list[Decision],
    confidence: Any,
    targets: list[ResolvedLocation],
    window: tuple[date, date],
    sources: list[SourceStatus],
    shape: DemandShape | None,
    guests: Any,
    turn: Turn,
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
         "daypart": state.baseline.daypart, "origin": state.baseline.origin}
        if state.baseline else None
    )  # fmt: skip
    return OperatorAnswer(
        session_id=session_id,
        turn_index=turn_index,
        trace_id=turn.trace_id,
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


def no_location_answer(
    unknown: list[SourceStatus],
    state: SessionState,
    turn: Turn,
    session_id: uuid.UUID,
    turn_index: int,
    window: tuple[date, date],
) -> OperatorAnswer:
    """No usable location: asked once (ADR-004), then said what is needed; low confidence.
    `unknown`: the roles with no provider, said now (no lookup is needed to know them)."""
    unresolved = [loc.label for loc in state.locations if loc.lat is None]
    if unresolved:
        turn.leads.append(f"I couldn't find {unresolved[0]!r} among the places and cities I know.")
    if not state.location_asked and not turn.question:
        state.location_asked = True
        turn.question = (
            "Where is the restaurant: its name, a street address such as 350 Atlantic Ave, "
            "Brooklyn, a ZIP code, or a station or landmark near it?"
        )
        turn.event("clarification.asked", key="location")
    else:
        turn.leads.append(
            "Tell me the restaurant's name, a street address, a ZIP code or a station near it "
            "and I'll check "
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
        window=f"{window[0]:%a %d %b} – {window[1]:%a %d %b}",
        assumptions=turn.assumptions,
        question=turn.question,
        snapshot=None,
        verbose=False,
        lead=" ".join(turn.leads) or None,
    )
    turn.event("fallback.used", reason="no location")
    turn.event("answer.composed", kind="fallback", phrased_by="rules")
    return answer_payload(
        composed,
        kind="clarification" if turn.question else "fallback",
        state=state,
        session_id=session_id,
        turn_index=turn_index,
        decisions=[],
        confidence=confidence,
        targets=state.locations,
        window=window,
        sources=unknown,
        shape=None,
        guests=None,
        turn=turn,
    )
