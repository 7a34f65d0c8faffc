"""The order of one day's stops: nearest neighbour, then 2-opt, so a day does not double back.

With a start point (the hotel) the day is a loop from it and back; without one, an open path,
tried from every stop (a day has at most 7) and the shortest kept. Distances are straight-line
km; ties break by index, so the order is deterministic.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from kairos.core.geo import haversine_km

__all__ = ["order_stops", "path_km", "shortest_km"]

Point = tuple[float, float]


def _km(a: Point, b: Point) -> float:
    return haversine_km(a[0], a[1], b[0], b[1])


def path_km(points: Sequence[Point], order: Sequence[int], home: Point | None) -> float:
    route = [points[i] for i in order]
    if home is not None:
        route = [home, *route, home]
    return sum(_km(a, b) for a, b in itertools.pairwise(route))


def _matrix(points: Sequence[Point], home: Point | None) -> list[list[float]]:
    """Distances once for a day's ordering: index len(points) is the home, when there is one."""
    nodes = [*points, home] if home is not None else list(points)
    return [[_km(a, b) for b in nodes] for a in nodes]


def _nearest_neighbour(dist: list[list[float]], first: int, todo: list[int]) -> list[int]:
    order: list[int] = []
    here = first
    while todo:
        row = dist[here]
        nxt = min(todo, key=lambda i: (row[i], i))
        order.append(nxt)
        todo.remove(nxt)
        here = nxt
    return order


def _two_opt(dist: list[list[float]], order: list[int], home: bool) -> list[int]:
    h = len(order)

    def length(route: Sequence[int]) -> float:
        full = [h, *route, h] if home else list(route)
        return sum(dist[a][b] for a, b in itertools.pairwise(full))

    best, best_km = order, length(order)
    improved = True
    while improved:
        improved = False
        for i in range(len(best) - 1):
            for j in range(i + 1, len(best)):
                candidate = best[:i] + best[i : j + 1][::-1] + best[j + 1 :]
                km = length(candidate)
                if km < best_km - 1e-9:
                    best, best_km, improved = candidate, km, True
    return best


def order_stops(points: Sequence[Point], home: Point | None = None) -> list[int]:
    """Indexes of `points` in visiting order."""
    if len(points) <= 1:
        return list(range(len(points)))
    dist = _matrix(points, home)
    if home is not None:
        return _two_opt(dist, _nearest_neighbour(dist, len(points), list(range(len(points)))), True)
    tries = []
    for first in range(len(points)):
        rest = [i for i in range(len(points)) if i != first]
        order = _two_opt(dist, [first, *_nearest_neighbour(dist, first, rest)], False)
        tries.append((sum(dist[a][b] for a, b in itertools.pairwise(order)), order))
    return min(tries)[1]


def shortest_km(points: Sequence[Point], home: Point | None = None) -> float:
    """The length of the shortest route `order_stops` finds through `points` (from and back to
    `home` when given): what a day's route is measured against for backtracking."""
    return path_km(points, order_stops(points, home), home)
