"""The one question a window planned at a quarter of the usual day asks (`named_service.py`):
that window's own usual covers, once per session, and only when the turn asks nothing else
(ADR-004)."""

from __future__ import annotations

from datetime import date

from kairos.operator.demand import DemandShape
from kairos.operator.derivation import borrowed
from kairos.operator.schemas import Daypart
from kairos.operator.state import SessionState
from kairos.operator.turn import Turn

__all__ = ["ask_usual"]


def ask_usual(
    state: SessionState,
    shape: DemandShape,
    top: tuple[date, Daypart, int | None] | None,
    turn: Turn,
    unit: str = "covers",
) -> None:
    """'How many covers does a usual Sunday lunch bring?' when the planned window was lifted;
    `unit`: what the place's guests are called (customers at a counter, orders)."""
    base = state.baseline
    if top is None or base is None or turn.question is not None:
        return
    day, part, _ = top
    if borrowed(shape, (base.covers, base.weekday, base.daypart), day, part) is None:
        return
    key = f"{day:%A} {part}"
    if state.usual_asked == key:
        return
    state.usual_asked = key
    unit = "orders" if base.unit == "orders" else unit
    turn.question = f"How many {unit} does a usual {key} bring?"
