"""The operator gate's staffing windows: Spearman of the weekday × daypart demand the card uses
against each place's own check-ins, held out and as run, with the split-half ceiling."""

from __future__ import annotations

import numpy as np
from pydantic import BaseModel

from kairos.operator.demand import DemandModel, to_matrix
from kairos.store.operator import OperatorStore

RELIABLE_CHECKINS = 100
"""Check-ins at which a place's own weekday × daypart ranking is stable enough to grade against
(below it, a random half of its check-ins correlates with the other half less than 0.7)."""


class SpearmanFigures(BaseModel):
    places: int
    held_out_mean: float
    held_out_reliable_mean: float
    reliable_places: int
    as_run_mean: float
    split_half_ceiling: float


def _rank(x: np.ndarray) -> np.ndarray:
    order = np.argsort(x, kind="stable")
    ranks = np.empty(len(x))
    ranks[order] = np.arange(len(x))
    for value in np.unique(x):
        same = x == value
        ranks[same] = ranks[same].mean()
    return ranks


def spearman(a: np.ndarray, b: np.ndarray) -> float:
    ra, rb = _rank(np.asarray(a, dtype=float)), _rank(np.asarray(b, dtype=float))
    if ra.std() == 0 or rb.std() == 0:
        return 0.0
    return float(np.corrcoef(ra, rb)[0, 1])


async def staffing_windows(store: OperatorStore, seed: int = 7) -> SpearmanFigures | None:
    places = await store.all_checkins()
    model = DemandModel(places)
    held, reliable, as_run, halves = [], [], [], []
    rng = np.random.default_rng(seed)
    for pid, place in places.items():
        categories, truth = place.categories, to_matrix(place.checkins)
        if truth.sum() < 30:
            continue
        held_out = model.shape(place_id=pid, categories=categories, exclude_own=True)
        r = spearman(held_out.shares.ravel(), truth.ravel())
        held.append(r)
        if truth.sum() >= RELIABLE_CHECKINS:
            reliable.append(r)
            half = rng.binomial(truth.astype(int), 0.5)
            halves.append(spearman(half.ravel(), (truth - half).ravel()))
        own = model.shape(place_id=pid, categories=categories)
        as_run.append(spearman(own.shares.ravel(), truth.ravel()))
    if not held:
        return None
    return SpearmanFigures(
        places=len(held),
        held_out_mean=round(float(np.mean(held)), 4),
        held_out_reliable_mean=round(float(np.mean(reliable)), 4) if reliable else 0.0,
        reliable_places=len(reliable),
        as_run_mean=round(float(np.mean(as_run)), 4),
        split_half_ceiling=round(float(np.mean(halves)), 4) if halves else 0.0,
    )
