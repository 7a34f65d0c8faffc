"""The operator's baseline anchors its weekday (issue 36): with a weekday profile read from too
few check-ins of a place's own, no day quieter than the baseline day has a busier window than
it. Used by `demand.DemandShape.covers`."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

__all__ = ["anchor_days", "anchor_week"]

Matrix = npt.NDArray[np.float64]


def anchor_days(out: Matrix, baseline_weekday: int) -> None:
    """With a weekday profile read from too few check-ins of its own, a day that holds fewer
    guests than the baseline day never has a busier window than it (panel half A, o37: a
    Wednesday dinner ≈80 above the ≈62 Friday dinner of a 110-covers Friday, from a split read
    from 4 similar places). Such a day's windows are held to the baseline day's busiest share
    of its day (or an even split, when it is open in too few windows for that), the rest going
    to its other open windows by their own shares; its total is unchanged, and a window it is
    closed in stays closed; a window at the cap takes no more."""
    anchor = out[baseline_weekday]
    whole = float(anchor.sum())
    if whole <= 0:
        return
    cap = float(anchor.max()) / whole  # the busiest share of a day the baseline day holds
    for day in range(7):
        total = float(out[day].sum())
        if day == baseline_weekday or total <= 0 or total > whole:
            continue
        split: Matrix = out[day] / total
        most = max(cap, 1 / int((split > 0).sum()))  # a day open in few windows: even at most
        out[day] = total * _held_to(split, most)


def _held_to(split: Matrix, most: float) -> Matrix:
    """A day's split with no window above `most`, the excess going to its other open windows
    by their own shares; a window at the cap takes no more."""
    held = np.zeros(len(split), dtype=bool)
    for _ in range(len(split)):
        over = split > most
        held |= over
        free = (split > 0) & ~held
        if not over.any() or not free.any():
            break
        excess = float((split[over] - most).sum())
        split[over] = most
        split[free] += excess * split[free] / float(split[free].sum())
    return split


def anchor_week(out: Matrix, busiest_day: int, baseline_weekday: int) -> None:
    """No day's window rises above the busiest day's busiest one, as it never does before a
    baseline is given (`DemandShape.relative`): the busiest window stays where it was once the
    operator gives covers for another day (panel half A, o51: Sat dinner became Fri dinner once
    "100 on a friday" was said). A day over it gives only the excess to its other open windows,
    so the baseline day keeps its own split otherwise; then the baseline day anchors the days
    quieter than it (`anchor_days`)."""
    top = float(out[busiest_day].max()) * (1 - 1e-6)  # a tie stays with the busiest day
    for day in range(7):
        total = float(out[day].sum())
        if day == busiest_day or total <= 0 or float(out[day].max()) <= top:
            continue
        split: Matrix = out[day] / total
        out[day] = total * _held_to(split, max(top / total, 1 / int((split > 0).sum())))
    anchor_days(out, baseline_weekday)  # after: its cap is the baseline day's final busiest
