"""The operator's restaurant resolution, measured (issue 36, item 1): openers written as
operators type them (`evals/operator_openers/`), each naming Yelp Boston catalogue places, played
through the operator's own reading and locating code (`read_message`, `Locator.locate`) over a
store that holds those places, in process.

Each opener is one of:
- right: every place it names resolved to its own catalogue row (in any order);
- asked: not right, but one question was asked and every expected place is among the first
  location's choices or resolved (two branches of one name, ADR-004);
- other_city: a location resolved more than `OTHER_CITY_KM` from the place it should be (another
  city than the restaurant's: "Columbus Ave" read as Columbus, Ohio);
- wrong: a location resolved to another catalogue place nearby;
- not_found: a named place resolved to no catalogue place (a street, a ZIP, a city, nothing,
  or dropped).
"""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Final

from sqlalchemy import text

from kairos.core.geo import haversine_km
from kairos.operator.locating import Located, Locator
from kairos.operator.reading import read_message
from kairos.operator.state import SessionState
from kairos.runtime import Runtime
from kairos.store.operator import OperatorStore

__all__ = [
    "Opener",
    "OpenerResult",
    "ResolutionReport",
    "gate_resolution",
    "load_openers",
    "resolution_passes",
    "resolve_openers",
]

OPENERS: Final = Path(__file__).resolve().parents[3] / "evals" / "operator_openers"
"""The set in a checkout: `sample_openers.jsonl` (the sample's places), `openers.jsonl` (the
shared data's); an installed package without the checkout has neither, and the gate skips it."""
GATE_DAY: Final = date(2026, 12, 2)
OTHER_CITY_KM: Final = 30.0
"""Farther than this from the restaurant is outside its metro area: another city."""
OUTCOMES: Final = ("right", "asked", "wrong", "other_city", "not_found")
TARGET: Final = 0.95


@dataclass(frozen=True)
class Opener:
    id: str
    half: str
    form: str
    message: str
    expected: list[str]


@dataclass
class OpenerResult:
    opener: Opener
    outcome: str
    labels: list[str]


@dataclass
class ResolutionReport:
    results: list[OpenerResult] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)
    """Expected business ids the store does not hold (openers skipped)."""

    def rates(self, half: str | None = None, form: str | None = None) -> dict[str, float]:
        rows = [r for r in self.results
                if (half is None or r.opener.half == half)
                and (form is None or r.opener.form == form)]  # fmt: skip
        counts = Counter(r.outcome for r in rows)
        total = len(rows)
        out = {k: round(counts[k] / total, 4) if total else 0.0 for k in OUTCOMES}
        out["resolved"] = round((counts["right"] + counts["asked"]) / total, 4) if total else 0.0
        out["n"] = total
        return out

    def table(self) -> dict[str, dict[str, float]]:
        out = {"all": self.rates()}
        for half in ("A", "B"):
            out[f"half {half}"] = self.rates(half=half)
        for form in sorted({r.opener.form for r in self.results}):
            out[form] = self.rates(form=form)
            for half in ("A", "B"):
                out[f"{form} {half}"] = self.rates(half=half, form=form)
        return out


def load_openers(path: Path) -> list[Opener]:
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]
    return [Opener(r["id"], r["half"], r["form"], r["message"], r["expected"]) for r in rows]


_PLACES = text(
    "SELECT s.source_id, p.id, p.lat, p.lng FROM place_sources s JOIN places p "
    "ON p.id = s.place_id WHERE s.source_id = ANY(:ids)"
)


async def resolve_openers(runtime: Runtime, openers: list[Opener], today: date) -> ResolutionReport:
    """Each opener as a new session's first message, through the operator's own locating."""
    assert runtime.signals is not None
    locator = Locator(signals=runtime.signals, store=OperatorStore(runtime.db))
    await locator.load_names()
    wanted = sorted({b for o in openers for b in o.expected})
    async with runtime.db.reading() as session:
        rows = (await session.execute(_PLACES, {"ids": wanted})).all()
    places = {r.source_id: (int(r.id), float(r.lat), float(r.lng)) for r in rows}
    report = ResolutionReport(missing=[b for b in wanted if b not in places])
    for opener in openers:
        if any(b not in places for b in opener.expected):
            continue
        spotted = locator.spot_restaurants(opener.message)
        reading = read_message(opener.message, today, names=[(s.start, s.end) for s in spotted])
        located = await locator.locate(
            opener.message, reading.locations, spotted, SessionState(), refresh=False
        )
        expected = [places[b] for b in opener.expected]
        found = {loc.place_id for loc in located.locations if loc.place_id is not None}
        fitting = {_key(lat, lng) for lat, lng in located.fitting}
        labels = [f"{loc.kind}: {loc.label}" for loc in located.locations]
        if located.question:
            labels.append(f"asked: {located.question}")
        outcome = _outcome(expected, found, fitting, located)
        report.results.append(OpenerResult(opener, outcome, labels))
    return report


def _key(lat: float, lng: float) -> tuple[float, float]:
    return (round(lat, 5), round(lng, 5))


def _outcome(
    expected: list[tuple[int, float, float]],
    found: set[int],
    fitting: set[tuple[float, float]],
    located: Located,
) -> str:
    """`asked` is judged before `other_city`: the first of the places asked about is assumed
    until the operator says which, and it may be another city's branch of the name."""
    ids = {pid for pid, _, _ in expected}
    if ids <= found:
        return "right"
    unresolved = [(pid, lat, lng) for pid, lat, lng in expected if pid not in found]
    if located.question and all(_key(lat, lng) in fitting for _, lat, lng in unresolved):
        return "asked"
    for loc in located.locations:
        if loc.lat is None:
            continue
        nearest = min(haversine_km(loc.lat, loc.lng or 0.0, lat, lng) for _, lat, lng in expected)
        if nearest > OTHER_CITY_KM:
            return "other_city"
    if found - ids:
        return "wrong"
    return "not_found"


def misses(report: ResolutionReport, half: str | None = None) -> list[OpenerResult]:
    kept = [r for r in report.results if r.outcome not in ("right", "asked")]
    return [r for r in kept if half is None or r.opener.half == half]


def summary_counts(report: ResolutionReport) -> dict[str, Counter[str]]:
    by_form: dict[str, Counter[str]] = defaultdict(Counter)
    for r in report.results:
        by_form[r.opener.form][r.outcome] += 1
    return dict(by_form)


async def gate_resolution(runtime: Runtime, catalogue_tag: str) -> dict[str, dict[str, float]]:
    """The resolution set for `kairos eval operator`: the cut of the catalogue evaluated (the
    sample's, or the shared data's), rates per half; empty when the set is not there."""
    cut = OPENERS / ("sample_openers.jsonl" if catalogue_tag == "sample" else "openers.jsonl")
    if not cut.exists():
        return {}
    report = await resolve_openers(runtime, load_openers(cut), GATE_DAY)
    return {name: report.rates(half=half) for name, half in
            (("all", None), ("half A", "A"), ("half B", "B"))}  # fmt: skip


def resolution_passes(rates: dict[str, dict[str, float]]) -> bool:
    """>= 95 % resolved in each half and none in another city (issue 36)."""
    halves = [r for name, r in rates.items() if name.startswith("half")]
    return all(r["resolved"] >= TARGET and r["other_city"] == 0.0 for r in halves)
