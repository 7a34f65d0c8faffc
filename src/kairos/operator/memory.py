"""The operator's light memory across sessions: the restaurant and the baseline remembered
from the last session, applied to a new one (issue 36: a newly named restaurant replaces the
remembered one, and the answer says so)."""

from __future__ import annotations

from typing import Any

from kairos.operator.schemas import ResolvedLocation
from kairos.operator.state import BaselineState, SessionState

__all__ = ["remember", "same_place"]


def same_place(a: ResolvedLocation, b: ResolvedLocation) -> bool:
    if a.place_id is not None and b.place_id is not None:
        return a.place_id == b.place_id
    return a.label == b.label


def remember(
    state: SessionState, prefs: dict[str, Any], *, named: bool, baseline_said: bool
) -> list[tuple[str, str]]:
    """Apply the light cross-session memory to a new session. Returns (kind, text) notes:
    ("location", …) when the remembered restaurant is assumed, ("baseline", …) when its baseline
    is, ("replaced", …) when the operator named another restaurant than last time and
    ("baseline_dropped", covers) when the baseline remembered was that other one's."""
    notes: list[tuple[str, str]] = []
    remembered = [ResolvedLocation.model_validate(x) for x in prefs.get("locations") or []]
    if remembered and not named and not state.locations:
        state.locations = remembered
        state.location_origin = "memory"
        notes.append(("location", state.locations[0].label))
    elif remembered and state.locations and not same_place(remembered[0], state.locations[0]):
        notes.append(("replaced", remembered[0].label))
    baseline = prefs.get("baseline")
    if baseline and state.baseline is None and not baseline_said:
        stated_for = baseline.get("location")
        here = state.locations[0].label if state.locations else None
        old = remembered[0] if remembered else None
        same = (
            here is None
            or (stated_for is not None and stated_for == here)
            or (stated_for is None and old is not None and same_place(old, state.locations[0]))
        )
        if same:
            state.baseline = BaselineState.model_validate({**baseline, "origin": "memory"})
            notes.append(("baseline", str(state.baseline.covers)))
        else:
            notes.append(("baseline_dropped", str(baseline.get("covers"))))
    return notes
