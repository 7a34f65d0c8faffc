"""A cold retrieval's shortcuts give what the long way gives: the cached set read back (through
JSON, as Redis holds it) is the retrieval itself, and the per-row sight judgement cache keeps
and drops the same rows as judging each row afresh."""

from __future__ import annotations

import json

from kairos.trips.cache import RetrievalSet
from kairos.trips.models import Candidate
from kairos.trips.retrieval import Retrieved, TripRetrieval
from kairos.trips.retrieval_rules import Row, judged, sights
from kairos.trips.stored import from_set, to_set


def _candidate(i: int) -> Candidate:
    weekday = ((540, 1020),)
    return Candidate(
        id=str(i), name=f"Museum {i}", kind="museum", lat=27.7 + i / 100, lng=85.3,
        city="Kathmandu",
        duration=90, hours=(weekday, weekday, weekday, weekday, weekday, None, ()), source="osm",
        licence="ODbL", category="museum", rank=float(i),
        closed=((), ((720, 780),), (), (), (), (), ()), hours_text="Mo-Fr 09:00-17:00",
        weekdays_given=True, step_free="yes", positioned=i % 2 == 0,
        address=None if i % 2 == 0 else "12 Durbar Marg",
    )  # fmt: skip


def test_a_cached_retrieval_reads_back_as_itself() -> None:
    retrieved = Retrieved(
        candidates=[_candidate(i) for i in range(3)],
        scores={str(i): (0.5 + i, 0.1, 0.2, 0.3) for i in range(3)},
        diversified=True, broadened=False, considered=12,
        out_of_season=[("Garden", "closed in winter")], favourites_matched=1, not_sights=4,
        notable=2,
    )  # fmt: skip
    stored = RetrievalSet.model_validate(json.loads(to_set(retrieved).model_dump_json()))
    back = from_set(stored)
    assert back is not None
    assert back.candidates == retrieved.candidates
    assert [c.hours for c in back.candidates] == [c.hours for c in retrieved.candidates]
    assert [c.closed for c in back.candidates] == [c.closed for c in retrieved.candidates]
    assert back.scores == retrieved.scores
    assert (back.not_sights, back.notable, back.out_of_season) == (
        4,
        2,
        [("Garden", "closed in winter")],
    )


def _row(i: int, name: str, kind: str = "attraction", votes: int = 0) -> Row:
    return Row(i, name, kind, "Kathmandu", 27.70 + i / 50, 85.30, {}, votes)


def test_the_judgement_cache_keeps_what_judging_afresh_keeps() -> None:
    rows = [
        _row(1, "Pashupatinath Temple", "place_of_worship", 900),
        _row(2, "Anup Home"),
        _row(3, "Florid human resources"),
        _row(4, "Kathmandu Valley", "attraction", 50),
        _row(5, "Swayambhunath", "attraction", 700),
        _row(6, "A"),
    ]
    retrieval = TripRetrieval.__new__(TripRetrieval)
    retrieval._judged = {}
    fresh = sights(rows)
    assert sights(rows, retrieval._judge) == fresh
    assert sights(rows, retrieval._judge) == fresh  # the second time, from the cache
    kept = [r.name for r in fresh[0]]
    assert "Anup Home" not in kept and "Kathmandu Valley" not in kept
    assert "Pashupatinath Temple" in kept and "Swayambhunath" in kept
    assert set(retrieval._judged.values()) == {judged(r) for r in rows}
    # a row whose name or votes changed is judged again, not read from the cache
    renamed = _row(2, "Narayanhiti Palace Museum", "museum", 400)
    assert retrieval._judge(renamed) == judged(renamed) is not None
