"""Measure the week of each kind of place (`kairos.operator.place_kind`) from the shared Yelp
Boston check-ins: every place with at least `MIN_CHECKINS`, each its own check-ins' shares of a
week (weekday × daypart, Boston time), averaged over the places of a kind (one place, one vote).
Then how well the kind's week predicts a place's own weekdays, held out (the place left out of
its kind), against the similar places' week the demand model used before.

    PYTHONPATH=src .venv/bin/python scripts/measure_kind_weeks.py /work/shared/data/yelp
"""

from __future__ import annotations

import gzip
import json
import sys
from pathlib import Path

import numpy as np

from kairos.ingest.adapters.yelp_checkins import local_checkins
from kairos.operator.demand import GENERIC_CATEGORIES, DemandModel, masked, to_matrix
from kairos.operator.place_kind import KINDS, kind_of, kind_week
from kairos.store.operator import PlaceCheckins

MIN_CHECKINS = 30
HELD_OUT_MIN = 50


def main(folder: Path) -> None:
    with gzip.open(folder / "boston_business.jsonl.gz", "rt") as f:
        business = {row["business_id"]: row for row in map(json.loads, f)}
    places: dict[int, PlaceCheckins] = {}
    with gzip.open(folder / "boston_checkin.jsonl.gz", "rt") as f:
        for i, row in enumerate(map(json.loads, f)):
            b = business.get(row["business_id"])
            if b is None:
                continue
            cells, _ = local_checkins(row["checkin_info"])
            places[i] = PlaceCheckins(b["categories"], b.get("hours"), cells, b["latitude"],
                                      b["longitude"], b["name"], "")  # fmt: skip
    counts = {i: to_matrix(p.checkins) for i, p in places.items()}

    def week_of(kind: str, leave_out: int | None = None) -> tuple[np.ndarray, int]:
        shapes = [
            m / m.sum()
            for i, m in counts.items()
            if i != leave_out and m.sum() >= MIN_CHECKINS and kind_of(places[i].categories) == kind
        ]
        return np.mean(shapes, axis=0), len(shapes)

    for kind in KINDS:
        shape, n = week_of(kind)
        print(f"{kind}: {n} places")
        print("  per mille:", np.round(shape * 1000).astype(int).tolist())
        print("  day / Friday:", np.round(shape.sum(axis=1) / shape[4].sum(), 2).tolist())
    model = DemandModel(places)
    errors: dict[str, list[float]] = {"similar places' week": [], "kind's week": []}
    for i, p in places.items():
        truth = counts[i]
        if truth.sum() < HELD_OUT_MIN:
            continue
        own = masked(truth / truth.sum(), p.hours).sum(axis=1)
        cats = frozenset(c.lower() for c in p.categories) - GENERIC_CATEGORIES
        peers, _ = model._peer_shape(i, cats)
        kind_shape, _ = week_of(kind_of(p.categories), leave_out=i)
        for name, shape in (("similar places' week", peers), ("kind's week", kind_shape)):
            week = masked(shape / shape.sum(), p.hours).sum(axis=1)
            ratio = np.clip(week / week[4], 0.05, None)
            true = np.clip(own / max(own[4], 1e-9), 0.05, None)
            errors[name].append(float(np.mean(np.abs(np.log(ratio / true))[[0, 1, 2, 3, 5, 6]])))
    for name, values in errors.items():
        print(f"{name}: {len(values)} places, mean |log(day/Friday) error| {np.mean(values):.3f}")
    weigh_own(places, counts)
    both = [i for i, p in places.items() if counts[i].sum() >= MIN_CHECKINS
            and {"bars", "breakfast & brunch"} <= {c.lower() for c in p.categories}]  # fmt: skip
    for kind in ("bar", "brunch"):
        errs = []
        for i in both:
            own = masked(counts[i] / counts[i].sum(), places[i].hours).sum(axis=1)
            week = masked(kind_week(kind), places[i].hours).sum(axis=1)
            ratio, true = np.clip(week / week[4], 0.5, 1.5), np.clip(own / own[4], 0.05, None)
            errs.append(float(np.mean(np.abs(np.log(ratio / true))[[0, 1, 2, 3, 5, 6]])))
        print(f"{len(both)} places listed as bars and for brunch, by a {kind}'s week: "
              f"{np.mean(errs):.3f}")  # fmt: skip


def weigh_own(places: dict[int, PlaceCheckins], counts: dict[int, np.ndarray]) -> None:
    """How much a place's own few check-ins should weigh against its kind's week: `k` of a
    well-visited place's check-ins drawn at random stand in for a thin place's own, the rest are
    the truth; the own week weighs k / (k + strength) (day ratios held within 0.5–1.5 of Friday,
    as `demand.DAY_RATIO` holds them)."""
    rng = np.random.default_rng(1)
    rich = [(p, counts[i]) for i, p in places.items() if counts[i].sum() >= 80]
    for k in (10, 20, 40, 80):
        said = []
        for strength in (0, 30, 100, 200, 10**9):
            errors = []
            for _ in range(20):
                for place, m in rich:
                    if m.sum() < k + 40:
                        continue
                    flat = np.repeat(np.arange(m.size), m.astype(int).ravel())
                    pick = rng.choice(len(flat), size=k, replace=False)
                    own = np.bincount(flat[pick], minlength=m.size).reshape(m.shape).astype(float)
                    rest = m - own
                    truth = masked(rest / rest.sum(), place.hours).sum(axis=1)
                    kind = masked(kind_week(kind_of(place.categories)), place.hours).sum(axis=1)
                    weight = k / (k + strength)
                    week = weight * masked(own / k, place.hours).sum(axis=1) + (1 - weight) * kind
                    if truth[4] <= 0 or week[4] <= 0:
                        continue
                    ratio = np.clip(week / week[4], 0.5, 1.5)
                    true = np.clip(truth / truth[4], 0.05, None)
                    errors.append(float(np.mean(np.abs(np.log(ratio / true))[[0, 1, 2, 3, 5, 6]])))
            said.append(f"{'kind only' if strength >= 10**9 else strength}: {np.mean(errors):.3f}")
        print(f"{k} own check-ins of {len(rich)} places, own weighed against: " + ", ".join(said))


if __name__ == "__main__":
    main(Path(sys.argv[1]))
