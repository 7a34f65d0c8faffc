"""A trip's stored forms and the planner's input they give: answers stored or cached before
(read back as `TripView`, or None when they predate the current shape), the retrieval set kept in
the cache, and the edits replayed as locks and the candidate pool."""

from __future__ import annotations

from dataclasses import fields as dataclass_fields
from typing import Any

from pydantic import ValidationError

from kairos.core.opening_hours import weekly_from_json, weekly_to_json
from kairos.trips.cache import RetrievalSet
from kairos.trips.models import Candidate, Lock, closed_spans
from kairos.trips.retrieval import Retrieved
from kairos.trips.schemas import TripView

__all__ = [
    "POOL", "REPLANNED_ALLERGIES", "REPLANNED_CHECKS", "REPLANNED_HOURS", "SNAPSHOT_SHAPE",
    "candidate_pool", "from_set", "locks_after", "minutes_of", "replanned_why", "stored_view",
    "to_set",
]  # fmt: skip

POOL = 240
"""Candidates handed to the planner, best first: room for every day's stops and for swaps."""


REPLANNED_ALLERGIES = (
    "Planned again when read: your allergies changed since this trip was planned, so every place "
    "to eat was checked again."
)
REPLANNED_CHECKS = (
    "Planned again when read: this trip was stored before each of its places carried its allergy "
    "check."
)
REPLANNED_HOURS = (
    "Planned again when read: this trip was stored when it could be called verified with "
    "opening hours nobody had checked; it now says which places' hours to check."
)
SNAPSHOT_SHAPE = 10
"""The cached candidates' shape: 10 carries a flagship's full visit (`full_minutes`), 9 carries
whether a place is reached by boat (`by_boat`), 8 shows wax figures and selfie rooms filed as
museums as attractions, names the sites a World Heritage listing's description lists and keeps
places that share a postal centroid apart, 7 leaves out schools and stages, puts art museums
before galleries that sell and keeps one of a sight listed under two names, 6 chooses places
whose names say the kind asked for (temples, gardens) and leaves out a listing of several World
Heritage sites, 5 carries whether a place is of little note (`minor`) and the visit lengths and
one-stop-per-sight choice of issue 35's fifth round, 4 step-free access and whether a place has
a position (2 carried what is known closed and the hours' text); a set cached in an older shape
is a miss."""


def replanned_why(stored: dict[str, Any]) -> str:
    """Why a stored answer that no longer validates is planned again."""
    days = stored.get("days") or [{}]
    slots = [s for d in days if isinstance(d, dict) for s in d.get("slots") or ()]
    if slots and all(isinstance(s, dict) and "allergy" in s for s in slots):
        return REPLANNED_HOURS
    return REPLANNED_CHECKS


def stored_view(stored: dict[str, Any]) -> TripView | None:
    """A stored or cached answer, or None when it predates the current shape (a slot without
    its allergy check)."""
    try:
        return TripView.model_validate(stored)
    except ValidationError:
        return None


def to_set(retrieved: Retrieved) -> RetrievalSet:
    snapshot: dict[str, dict[str, Any]] = {}
    for c in retrieved.candidates:
        # shallow: a place to visit holds no nested dataclass (`allergy` is None), and
        # `asdict`'s deep copy was a third of a cold retrieval's time
        fields = {f.name: getattr(c, f.name) for f in dataclass_fields(c)}
        fields["hours"] = weekly_to_json(c.hours) if c.hours is not None else None
        fields["closed"] = [[list(s) for s in day] for day in c.closed] if c.closed else None
        fields["scores"] = list(retrieved.scores.get(c.id, ()))
        snapshot[c.id] = fields
    snapshot["_meta"] = {"diversified": retrieved.diversified, "broadened": retrieved.broadened,
                         "considered": retrieved.considered,
                         "out_of_season": [list(o) for o in retrieved.out_of_season],
                         "favourites_matched": retrieved.favourites_matched,
                         "not_sights": retrieved.not_sights, "notable": retrieved.notable,
                         "shape": SNAPSHOT_SHAPE}  # fmt: skip
    return RetrievalSet(place_ids=[c.id for c in retrieved.candidates], snapshot=snapshot)


def from_set(found: RetrievalSet) -> Retrieved | None:
    """The cached set, or None when it was cached in an older shape (a miss)."""
    if found.snapshot.get("_meta", {}).get("shape") != SNAPSHOT_SHAPE:
        return None
    candidates, scores = [], {}
    for pid in found.place_ids:
        fields = dict(found.snapshot[pid])
        raw_scores = fields.pop("scores", [])
        fields["hours"] = weekly_from_json(fields["hours"]) if fields.get("hours") else None
        fields["closed"] = closed_spans(fields.get("closed"))
        candidates.append(Candidate(**fields))
        if len(raw_scores) == 4:
            scores[pid] = (raw_scores[0], raw_scores[1], raw_scores[2], raw_scores[3])
    meta = found.snapshot.get("_meta", {})
    return Retrieved(candidates, scores, bool(meta.get("diversified")),
                     bool(meta.get("broadened")), int(meta.get("considered", 0)),
                     [(str(n), str(e)) for n, e in meta.get("out_of_season", [])],
                     int(meta.get("favourites_matched", 0)), int(meta.get("not_sights", 0)),
                     int(meta.get("notable", 0)))  # fmt: skip


def locks_after(edits: list[dict[str, Any]]) -> dict[str, Lock]:
    """The locks in force after the edits, in order: a lock fixes a place, an unlock frees it."""
    locks: dict[str, Lock] = {}
    for e in edits:
        if e["kind"] == "lock":
            start = minutes_of(e["start"]) if e.get("start") else None
            locks[str(e["place_id"])] = Lock(str(e["place_id"]), int(e["day"]) - 1, start)
        elif e["kind"] == "unlock":
            locks.pop(str(e["place_id"]), None)
    return locks


def candidate_pool(retrieved: Retrieved, edits: list[dict[str, Any]]) -> list[Candidate]:
    """The best `POOL` candidates, and every locked place wherever it ranks."""
    locked = set(locks_after(edits))
    best = retrieved.candidates[:POOL]
    return best + [c for c in retrieved.candidates[POOL:] if c.id in locked]


def minutes_of(hhmm: str) -> int:
    hours, minutes = hhmm.split(":")
    return int(hours) * 60 + int(minutes)
