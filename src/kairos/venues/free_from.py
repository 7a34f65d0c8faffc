"""The venue planner's words for the engine's free-from rule (`pipeline.free_from`, issue 39:
chat and group plans decide alike which places a coeliac's request keeps). A request keeping
out an allergen as a diet ("Jen is coeliac so it really has to be gluten free") keeps the
venues that show options free of it, the risk named (`scoring.beside_free_evidence` says the
free-from evidence after it), ranked before those that show none (issue 38, round 7).
"""

from __future__ import annotations

from collections.abc import Sequence

from kairos.pipeline.free_from import (
    EASED_SEVERITY,
    covered,
    free_said,
    guard_free_said,
    hard_sets,
)

__all__ = ["EASED_SEVERITY", "covered", "eased_clause", "free_said", "guard_free_said", "hard_sets"]


def eased_clause(labels: Sequence[str]) -> str:
    """What the plan's "Left out every venue known to contain gluten, which Jen (severe) must
    avoid" adds when the venues listing options free of it were kept."""
    if not labels:
        return ""
    return f", save those listing {' or '.join(labels)} options: kept, the risk named on each"
