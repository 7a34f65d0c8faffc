"""Stops into one geographic cluster per day, so a day stays in one part of the city.

Method: balanced k-means (k = the number of days) on an equirectangular projection (km, exact
enough within a city). Seeds: a locked stop's position for its day; then, for the other days,
farthest-first from the seeds chosen so far (the first from the best-ranked stop), which is
deterministic. Each of `ITERATIONS` rounds assigns stops in order of their regret (how much
farther their second-best centre is), each to its nearest centre that still has room
(`capacity` stops), locked stops to their day; centres move to their stops' mean.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Final

__all__ = ["ITERATIONS", "cluster_by_day"]

ITERATIONS: Final = 8

Point = tuple[float, float]


def _project(points: Sequence[Point]) -> list[Point]:
    lat0 = sum(p[0] for p in points) / len(points)
    kx = 111.32 * math.cos(math.radians(lat0))
    return [(p[1] * kx, p[0] * 110.57) for p in points]


def _d2(a: Point, b: Point) -> float:
    return (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2


def _regret(p: Point, centres: Sequence[Point], i: int) -> tuple[float, int]:
    ds = sorted(_d2(p, c) for c in centres)
    return (-(ds[1] - ds[0]) if len(ds) > 1 else 0.0, i)


def cluster_by_day(
    points: Sequence[Point], days: int, capacity: int, pinned: Mapping[int, int] | None = None
) -> list[list[int]]:
    """Indexes of `points` per day (each list at most `capacity`, unless pins exceed it);
    `pinned` maps a point's index to its day. Points beyond days × capacity are left out."""
    pinned = dict(pinned or {})
    if not points or days <= 0:
        return [[] for _ in range(max(days, 0))]
    xy = _project(points)
    centres: list[Point | None] = [None] * days
    for day in range(days):
        own = [xy[i] for i, d in pinned.items() if d == day]
        if own:
            centres[day] = (sum(p[0] for p in own) / len(own), sum(p[1] for p in own) / len(own))
    for day in range(days):
        if centres[day] is not None:
            continue
        chosen = [c for c in centres if c is not None]
        if not chosen:
            centres[day] = xy[0]
            continue
        far = max(range(len(xy)), key=lambda i: (min(_d2(xy[i], c) for c in chosen), -i))
        centres[day] = xy[far]
    fixed: list[Point] = [c for c in centres if c is not None]
    groups: list[list[int]] = [[] for _ in range(days)]
    for _ in range(ITERATIONS):
        groups = [[i for i, d in pinned.items() if d == day] for day in range(days)]
        free = [i for i in range(len(xy)) if i not in pinned]

        centres_now = list(fixed)
        regrets = {i: _regret(xy[i], centres_now, i) for i in free}
        for i in sorted(free, key=regrets.__getitem__):
            open_days = [d for d in range(days) if len(groups[d]) < capacity]
            if not open_days:
                break
            best = min(open_days, key=lambda d: (_d2(xy[i], fixed[d]), d))
            groups[best].append(i)
        moved = [
            (sum(xy[i][0] for i in g) / len(g), sum(xy[i][1] for i in g) / len(g)) if g else c
            for g, c in zip(groups, fixed, strict=True)
        ]
        if moved == fixed:
            break
        fixed = moved
    return [sorted(g) for g in groups]
