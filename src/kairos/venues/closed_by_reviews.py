"""A venue its own latest reviews say has closed (issue 38: "closed" scores a venue 0).

A source's `is_open` flag is read first (`facts.Attributes.closed`); many listings carry none,
and a place that closed after its source was written keeps its last reviews: "SO sad to hear
that this place has closed", "Oh B, how I will miss you". The phrases alone are weak: over the
shared reviews (41,752), 40 random hits of "I'll miss", "closed its doors", "permanently
closed", "RIP", "has closed", "closed down", "out of business" meant this venue's closure 9
times (22%): "RIP OFF!", "I'll miss this place when I graduate", "the Indian place next door
closed down", "would be out of business if". So the rule reads only phrases that point at the
venue itself ("this place has closed", "will miss you", a leading "RIP"), and only in a
place's latest dated reviews: a place whose later reviews go on was not closed then (a
review "App says this place has closed, but I had some great pizza there today" is followed
by others). Undated reviews (some sources date none) are not read: nothing says they are last.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from datetime import date
from typing import TYPE_CHECKING, Final

from kairos.store.database import Database
from kairos.text.closures import closure_said
from kairos.venues.leftout import left_out
from kairos.venues.schemas import ExcludedVenue

if TYPE_CHECKING:
    from kairos.venues.scouted import Candidate

__all__ = ["LATEST", "closed_by_reviews", "closure_quotes", "closure_said", "open_by_reviews"]

LATEST: Final = 2
"""How many of a place's latest dated reviews are read for a closure."""


def closed_by_reviews(latest: Sequence[tuple[date, str]]) -> str | None:
    """The closure one of a place's `LATEST` latest dated reviews says, as a short quote."""
    for _, text in sorted(latest, key=lambda r: r[0], reverse=True)[:LATEST]:
        said = closure_said(text)
        if said:
            return _quote(text, said)
    return None


def _quote(text: str, said: str) -> str:
    at = text.find(said)
    start = max(0, text.rfind(".", 0, max(at, 0)) + 1) if at > 0 else 0
    sentence = text[start:].strip()
    end = re.search(r"[.!?](?:\s|$)", sentence[len(said) :] if at == 0 else sentence)
    cut = sentence[: (end.end() + (len(said) if at == 0 else 0))] if end else sentence
    return cut.strip()[:140]


_LATEST_SQL: Final = (
    "SELECT place_id, review_date, text FROM ("
    "  SELECT place_id, review_date, text, row_number() OVER ("
    "    PARTITION BY place_id ORDER BY review_date DESC, id DESC) AS n"
    "  FROM reviews WHERE place_id = ANY(CAST(:ids AS bigint[])) AND review_date IS NOT NULL"
    ") latest WHERE n <= :latest"
)


async def closure_quotes(db: Database, ids: Sequence[int]) -> Mapping[int, str]:
    """Place id → the quote of its latest reviews saying it has closed (none for most)."""
    if not ids:
        return {}
    rows = await db.fetch(_LATEST_SQL, {"ids": list(ids), "latest": LATEST})
    latest: dict[int, list[tuple[date, str]]] = {}
    for r in rows:
        latest.setdefault(int(r["place_id"]), []).append((r["review_date"], str(r["text"])))
    found = {i: closed_by_reviews(reviews) for i, reviews in latest.items()}
    return {i: q for i, q in found.items() if q}


async def open_by_reviews(
    db: Database, candidates: Sequence[Candidate]
) -> tuple[list[Candidate], list[ExcludedVenue]]:
    """`candidates` without those their own latest reviews say have closed, and those left
    out, each with the quote: a closed venue is no alternative, however few the others."""
    said = await closure_quotes(db, [c.place_id for c in candidates])
    out = [
        left_out(c.record.place, f'its latest reviews say it has closed: "{q}"', "closed")
        for c in candidates
        if (q := said.get(c.place_id))
    ]
    return [c for c in candidates if c.place_id not in said], out
