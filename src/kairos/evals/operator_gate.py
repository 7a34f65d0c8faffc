"""`kairos eval operator`: the operator assistant's blocking gate (seed 004 ADR-013), over
scripted conversations through the real app (in-process ASGI), and its staffing windows against
check-ins.

Checks, each over every turn or conversation it applies to:
- format: every answer's last line is a valid action line (`operator/action_line.py`);
- one question: no answer asks more than one (the question line is the only `?`);
- confidence caps: never above any cap the answer reports, never above the cap the script
  expects (a city-level location → medium; no location or every source down → low);
- correction recompute: a corrected baseline changes the answer's baseline and covers at once,
  and logs `assumption_corrected`;
- clarify once: a multi-location baseline asks the scope once, then defaults to the first;
- timeout fallback: with one source slower than its budget, the answer arrives within that
  budget + 100 ms and names the source `timeout`;
- sources truthful: a role with no provider (`not_configured`, or a note saying no source is
  configured) is never `ok`, never cited in the action line and never counted in "N of M sources
  answered"; `high` needs an outside signal (`external`; climatology never is one);
- event chain: every turn's stored events contain `CHAIN` in order;
- first-insight latency: p95 of first turns (ms);
- staffing windows: Spearman of the weekday × daypart demand the card uses against each place's
  own check-ins, with the place's own check-ins held out (places it has never seen), and as run.
"""

from __future__ import annotations

import asyncio
import random
import re
import secrets
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

import httpx
import numpy as np
from pydantic import BaseModel, SecretStr
from rich.console import Console
from rich.table import Table
from sqlalchemy import text

from kairos.evals.gate import Figure
from kairos.evals.operator_resolution import gate_resolution, resolution_passes
from kairos.evals.scratch import Build, build_sample, sample_folder, scratch_runtime
from kairos.ingest.runner import ProgressSink
from kairos.operator.action_line import ActionLineError, parse_last_line
from kairos.operator.agent import CHAIN
from kairos.operator.demand import DemandModel, to_matrix
from kairos.operator.schemas import ActionLine
from kairos.runtime import Runtime
from kairos.signals.client import SignalClient
from kairos.signals.events.models import EventList, EventsQuery
from kairos.store.operator import OperatorStore

__all__ = ["OperatorReport", "evaluate_operator", "operator_figures", "render_operator_report"]

LEVELS = ("low", "medium", "high")
SLOW_BUDGET_SECONDS = 0.3
LATENCY_TARGET_MS = 200.0
TIMEOUT_OVERRUN_MS = 100.0
"""With one source timing out, p95 of (answer time − that source's budget)."""
SPEARMAN_TARGET = 0.7
MIN_RELIABLE_PLACES = 10
"""Fewer graded places than this (the app's sample has 4) and the figure is reported, not gated."""
RELIABLE_CHECKINS = 100
"""Check-ins at which a place's own weekday × daypart ranking is stable enough to grade against
(below it, a random half of its check-ins correlates with the other half less than 0.7)."""


class Check(BaseModel):
    name: str
    passed: int
    total: int
    failures: list[str] = []

    @property
    def rate(self) -> float:
        return self.passed / self.total if self.total else 1.0


class SpearmanFigures(BaseModel):
    places: int
    held_out_mean: float
    held_out_reliable_mean: float
    reliable_places: int
    as_run_mean: float
    split_half_ceiling: float


class OperatorReport(BaseModel):
    catalogue: str
    catalogue_tag: str = "sample"
    conversations: int
    turns: int
    checks: list[Check]
    first_insight_p50_ms: float
    first_insight_p95_ms: float
    timeout_overrun_ms: float
    spearman: SpearmanFigures | None
    passed: bool
    resolution: dict[str, dict[str, float]] = {}
    """The restaurant resolution set (issue 36) per half: resolved, other_city, ..."""


# --- scripted conversations ----------------------------------------------------------------


@dataclass
class Expect:
    max_confidence: str = "high"
    questions: int | None = None
    kind: str | None = None


@dataclass
class Step:
    body: dict[str, Any]
    expect: Expect = field(default_factory=Expect)
    status: int = 200


@dataclass
class Script:
    name: str
    steps: list[Step]


@dataclass(frozen=True)
class CatalogPlaceRef:
    name: str
    city: str


WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
WHEN = ("this weekend", "on Friday", "next week", "tomorrow", "on Saturday")


def scripts(places: list[CatalogPlaceRef], count: int, seed: int = 20261124) -> list[Script]:
    """`count` conversations over the catalog's places, cycling through seven shapes."""
    rng = random.Random(seed)
    made: list[Script] = []
    shapes: list[Callable[[int], Script]] = []

    def pick() -> CatalogPlaceRef:
        return places[rng.randrange(len(places))]

    def staffing(i: int) -> Script:
        p, covers = pick(), rng.choice([90, 120, 150, 180, 220, 260])
        day, when = rng.choice(WEEKDAYS), rng.choice(WHEN)
        corrected = covers + rng.choice([-40, -30, 30, 50])
        return Script(f"staffing-{i}", [
            Step({"message": f"I run {p.name} in {p.city}, usually {covers} covers on a {day}. "
                             f"What should I do about staffing {when}?"}),
            Step({"message": f"actually it's more like {corrected} covers"},
                 Expect(kind="correction")),
            Step({"message": "why?"}, Expect(kind="explanation")),
            Step({"message": "show me the reviews"}),
        ])  # fmt: skip

    def risk(i: int) -> Script:
        p = pick()
        return Script(f"risk-{i}", [
            Step({"message": f"We are {p.name} in {p.city}. Any risks {rng.choice(WHEN)}?",
                  "card": "risk"}),
            Step({"message": "what if it snows?"}, Expect(kind="what_if")),
        ])  # fmt: skip

    def opportunity(i: int) -> Script:
        p, q, r = pick(), pick(), pick()
        return Script(f"opportunity-{i}", [
            Step({"message": f"we're {p.name} in {p.city} — any opportunities {rng.choice(WHEN)}?",
                  "card": "opportunity"}),
            Step({"message": f"how do we compare with {q.name}?"}),
            Step({"message": f"and compared to {r.name}?"}),
        ])  # fmt: skip

    def city_only(i: int) -> Script:
        p = pick()
        return Script(f"city-{i}", [
            Step({"message": f"we're a bistro in {p.city}, 140 covers on a Saturday; staffing "
                             f"{rng.choice(WHEN)}?"}, Expect(max_confidence="medium")),
        ])  # fmt: skip

    def multi(i: int) -> Script:
        p, q = pick(), pick()
        return Script(f"multi-{i}", [
            Step({"message": f"We run {p.name} in {p.city} and {q.name} in {q.city}. Fridays we "
                             "do 200 covers. Staffing this weekend?"},
                 Expect(max_confidence="medium", questions=1)),
            Step({"message": "thanks"}, Expect(max_confidence="medium", questions=0)),
            Step({"message": "all locations"}),
        ])  # fmt: skip

    def no_location(i: int) -> Script:
        return Script(f"nolocation-{i}", [
            Step({"message": "what should I do about staffing this weekend?"},
                 Expect(max_confidence="low", questions=1)),
            Step({"message": "not sure"}, Expect(max_confidence="low", questions=0)),
        ])  # fmt: skip

    def rejected(i: int) -> Script:
        p = pick()
        return Script(f"rejected-{i}", [
            Step({"message": "staffing for friday", "locations": ["x"]}, status=422),
            Step({"message": f"staffing for friday at {p.name} in {p.city}"}),
        ])  # fmt: skip

    shapes = [staffing, risk, opportunity, city_only, multi, no_location, rejected]
    for i in range(count):
        made.append(shapes[i % len(shapes)](i))
    return made


# --- running -------------------------------------------------------------------------------


class SlowEvents:
    """An events source slower than its budget (a provider timing out)."""

    name = "slow-events"
    needs_key: ClassVar[bool] = False
    offline: ClassVar[bool] = True

    async def fetch(self, query: EventsQuery) -> EventList:
        await asyncio.sleep(SLOW_BUDGET_SECONDS * 5)
        return EventList(events=[])

    async def aclose(self) -> None:
        return None


def _level_ok(level: str, cap: str) -> bool:
    return LEVELS.index(level) <= LEVELS.index(cap)


_NO_PROVIDER = re.compile(r"no [\w -]+ source is configured")
_ANSWERED = re.compile(r"(\d+) of (\d+) (?:configured )?sources answered")


def untruthful_sources(answer: dict[str, Any], line: ActionLine | None) -> str | None:
    """What the answer says of its sources against what they are; None when truthful."""
    sources = [s for s in answer["sources"] if s["name"] != "demand"]
    said = " ".join(answer["confidence"]["reasons"])
    none = [s for s in sources if s["status"] == "not_configured"
            or _NO_PROVIDER.search(f"{s.get('note') or ''} {s.get('detail') or ''}")]  # fmt: skip
    shown = [s["name"] for s in none if s["status"] in ("ok", "stale")]
    cited = [n for n, _ in (line.sources if line else []) for s in none
             if n.endswith(s["provider"])]  # fmt: skip
    asked = sum(s["status"] in ("ok", "stale", "error", "timeout") and s not in none
                for s in sources)  # fmt: skip
    counts = [(int(m[1]), int(m[2])) for m in _ANSWERED.finditer(said)]
    outside = [s for s in sources if s.get("external") and s["provider"] != "climatology"]
    if shown:
        return f"no provider, yet {shown} answered ok"
    if cited:
        return f"the action line cites {cited}, which have no provider"
    if any(m != asked or n > m for n, m in counts):
        return f"'{said}' with {asked} sources asked that have a provider"
    if answer["confidence"]["level"] == "high" and not outside:
        return "high confidence with no outside signal behind it"
    return None


@dataclass
class _Tally:
    checks: dict[str, Check] = field(default_factory=dict)
    first_ms: list[float] = field(default_factory=list)
    turns: int = 0

    def record(self, name: str, ok: bool, failure: str) -> None:
        check = self.checks.setdefault(name, Check(name=name, passed=0, total=0))
        check.total += 1
        if ok:
            check.passed += 1
        elif len(check.failures) < 8:
            check.failures.append(failure)


async def _run_script(
    http: httpx.AsyncClient, headers: dict[str, str], script: Script, tally: _Tally
) -> str | None:
    session_id: str | None = None
    previous: dict[str, Any] | None = None
    for index, step in enumerate(script.steps):
        body = {**step.body, **({"session_id": session_id} if session_id else {})}
        started = time.perf_counter()
        response = await http.post("/operator/chat", json=body, headers=headers)
        elapsed = (time.perf_counter() - started) * 1000
        where = f"{script.name} turn {index + 1}"
        tally.record("status", response.status_code == step.status,
                     f"{where}: HTTP {response.status_code} {response.text[:120]}")  # fmt: skip
        if response.status_code != 200:
            continue
        tally.turns += 1
        answer = response.json()
        session_id = answer["session_id"]
        if answer["turn_index"] == 1:
            tally.first_ms.append(elapsed)
        try:
            line = parse_last_line(answer["text"])
            ok = line.confidence == answer["confidence"]["level"]
        except ActionLineError as exc:
            ok, line = False, None
            where += f" ({exc})"
        tally.record("format", ok, f"{where}: {answer['text'][-160:]!r}")
        asked = answer["text"].count("?")
        tally.record("one_question", asked <= 1 and (asked == 0) == (answer["question"] is None),
                     f"{where}: {asked} question marks")  # fmt: skip
        if step.expect.questions is not None:
            expected = step.expect.questions
            tally.record("clarify_once", asked == expected,
                         f"{where}: {asked} questions, expected {expected}")  # fmt: skip
        level = answer["confidence"]["level"]
        caps = [c["level"] for c in answer["confidence"]["caps"]]
        tally.record(
            "confidence_cap",
            all(_level_ok(level, c) for c in caps) and _level_ok(level, step.expect.max_confidence),
            f"{where}: {level} with caps {caps}, expected at most {step.expect.max_confidence}",
        )
        wrong = untruthful_sources(answer, line)
        tally.record("sources_truthful", wrong is None, f"{where}: {wrong}")
        if step.expect.kind == "correction" and previous is not None:
            moved = (
                answer["kind"] == "correction"
                and answer["baseline"] != previous["baseline"]
                and "assumption_corrected" in answer["events"]
            )
            tally.record("correction_recompute", moved, f"{where}: kind {answer['kind']}")
        previous = answer
    return session_id


async def _chain_complete(
    http: httpx.AsyncClient, headers: dict[str, str], session_id: str, tally: _Tally, name: str
) -> None:
    response = await http.get(f"/operator/sessions/{session_id}", headers=headers)
    if response.status_code != 200:
        tally.record("event_chain", False, f"{name}: HTTP {response.status_code}")
        return
    by_turn: dict[int, list[str]] = {}
    for event in response.json()["events"]:
        by_turn.setdefault(event["turn_index"], []).append(event["name"])
    for turn, names in sorted(by_turn.items()):
        positions = [names.index(n) if n in names else -1 for n in CHAIN]
        ok = -1 not in positions and positions == sorted(positions)
        tally.record("event_chain", ok, f"{name} turn {turn}: {names}")


async def _timeout_case(
    runtime: Runtime, http: httpx.AsyncClient, headers: dict[str, str], tally: _Tally,
    place: CatalogPlaceRef, runs: int,
) -> float:  # fmt: skip
    """Events slower than a 0.3 s budget: the answer still comes, within budget + 100 ms."""
    signals = runtime.signals
    assert signals is not None
    real = signals.events
    signals.events = SignalClient(
        SlowEvents(), timeout_seconds=SLOW_BUDGET_SECONDS, fresh_seconds=60, keep_seconds=60
    )
    overruns: list[float] = []
    try:
        for i in range(runs):
            body = {"message": f"I run {place.name} in {place.city}; staffing for day {i} of "
                               "next week?", "card": "opportunity", "refresh": True}  # fmt: skip
            started = time.perf_counter()
            response = await http.post("/operator/chat", json=body, headers=headers)
            elapsed = time.perf_counter() - started
            ok = response.status_code == 200
            if ok:
                answer = response.json()
                events = next(s for s in answer["sources"] if s["name"] == "events")
                ok = events["status"] == "timeout" and "source.timeout" in answer["events"]
            overruns.append((elapsed - SLOW_BUDGET_SECONDS) * 1000)
            tally.record("timeout_fallback", ok, f"run {i}: HTTP {response.status_code}")
    finally:
        signals.events = real
    return float(np.percentile(overruns, 95)) if overruns else 0.0


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


async def _catalog_places(runtime: Runtime, limit: int = 60) -> list[CatalogPlaceRef]:
    async with runtime.db.reading() as session:
        rows = await session.execute(
            text(
                "SELECT name, city FROM places WHERE is_active AND review_count > 0 AND city IS "
                "NOT NULL AND lat IS NOT NULL AND name ~ '^[A-Z]' ORDER BY review_count DESC, id "
                "LIMIT :n"
            ),
            {"n": limit},
        )
        return [CatalogPlaceRef(r.name, r.city) for r in rows]


async def run_operator_eval(
    runtime: Runtime, *, conversations: int = 168, catalogue: str = "sample"
) -> OperatorReport:
    from kairos.api.app import create_app

    token = (
        runtime.settings.service_token.get_secret_value()
        if runtime.settings.service_token
        else secrets.token_hex(16)
    )
    settings = runtime.settings.model_copy(
        update={
            "chat_limit_per_user": 0,
            "chat_limit_per_address": 0,
            "service_token": SecretStr(token),
        }
    )
    app = create_app(settings, runtime=runtime)
    tally = _Tally()
    places = await _catalog_places(runtime)
    if not places:
        raise RuntimeError("the catalog has no places with reviews to script conversations on")
    made = scripts(places, conversations)
    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(transport=transport, base_url="http://kairos.eval") as http:
        base = {"X-Service-Token": token, "Accept": "application/json"}
        for script in made:
            uid = str(uuid.uuid4())
            created = await http.post(f"/users/{uid}", json={}, headers=base)
            if created.status_code != 201:
                raise RuntimeError(f"creating an evaluation user failed: {created.text}")
            headers = {**base, "X-User-ID": uid}
            session_id = await _run_script(http, headers, script, tally)
            if session_id is not None:
                await _chain_complete(http, headers, session_id, tally, script.name)
        uid = str(uuid.uuid4())
        await http.post(f"/users/{uid}", json={}, headers=base)
        overrun = await _timeout_case(
            runtime, http, {**base, "X-User-ID": uid}, tally, places[0], runs=20
        )
    figures = await staffing_windows(OperatorStore(runtime.db))
    checks = sorted(tally.checks.values(), key=lambda c: c.name)
    p50 = float(np.percentile(tally.first_ms, 50)) if tally.first_ms else 0.0
    p95 = float(np.percentile(tally.first_ms, 95)) if tally.first_ms else 0.0
    passed = (
        all(c.passed == c.total for c in checks)
        and p95 <= LATENCY_TARGET_MS
        and overrun <= TIMEOUT_OVERRUN_MS
        and (
            figures is None
            or figures.reliable_places < MIN_RELIABLE_PLACES
            or figures.held_out_reliable_mean >= SPEARMAN_TARGET
        )
    )
    return OperatorReport(
        catalogue=catalogue,
        conversations=len(made),
        turns=tally.turns,
        checks=checks,
        first_insight_p50_ms=round(p50, 1),
        first_insight_p95_ms=round(p95, 1),
        timeout_overrun_ms=round(overrun, 1),
        spearman=figures,
        passed=passed,
    )


async def evaluate_operator(
    shared: Path | None,
    *,
    conversations: int = 168,
    progress: ProgressSink | None = None,
) -> OperatorReport:
    """On the app's sample, or on a scratch venue catalog built from a shared-data folder."""
    from kairos.evals.venues_catalogue import VenueFiles, venue_build, venue_folder

    build: Build
    if shared is None:
        folder, build, name = sample_folder(), build_sample, "sample"
    else:
        files = VenueFiles.under(shared)
        folder, name = venue_folder(files), str(shared)
        build = venue_build(files, folder, progress)
    async with scratch_runtime(folder, build, progress=progress) as (runtime, _):
        report = await run_operator_eval(runtime, conversations=conversations, catalogue=name)
        report.catalogue_tag = "sample" if shared is None else "shared"
        report.resolution = await gate_resolution(runtime, report.catalogue_tag)
        if report.resolution and not resolution_passes(report.resolution):
            report.passed = False
        return report


def operator_figures(report: OperatorReport) -> list[Figure]:
    """ADR-013's blocking checks are floors at 1.0; the staffing windows are compared with
    their baseline and reported against the target (latency is in the run's note)."""
    found = [
        Figure(key=f"operator.{c.name}", suite="operator", value=round(c.rate, 4), floor=1.0)
        for c in report.checks
    ]
    if resolved := report.resolution.get("all"):
        found.append(
            Figure(
                key=f"operator.{report.catalogue_tag}.restaurant_resolved",
                suite="operator",
                value=resolved["resolved"],
                target=0.95,
                gated=False,
            )
        )
    if report.spearman is not None:
        found.append(
            Figure(
                key=f"operator.{report.catalogue_tag}.staffing_windows_spearman",
                suite="operator",
                value=report.spearman.held_out_reliable_mean,
                target=SPEARMAN_TARGET,
            )
        )
    return found


def render_operator_report(report: OperatorReport, console: Console) -> None:
    table = Table(title=f"Operator gate — {report.catalogue}: {report.conversations} "
                        f"conversations, {report.turns} turns")  # fmt: skip
    table.add_column("check")
    table.add_column("passed", justify="right")
    table.add_column("first failures")
    for check in report.checks:
        table.add_row(check.name, f"{check.passed}/{check.total}", "; ".join(check.failures[:2]))
    console.print(table)
    console.print(
        f"first insight p50 {report.first_insight_p50_ms} ms, p95 {report.first_insight_p95_ms} "
        f"ms (target ≤ {LATENCY_TARGET_MS:.0f}); a source timing out overruns its budget by "
        f"{report.timeout_overrun_ms} ms at p95 (≤ 100)"
    )
    for name, rates in report.resolution.items():
        console.print(
            f"restaurant resolution set, {name}: {rates['resolved']:.1%} resolved "
            f"({rates['right']:.1%} right, {rates['asked']:.1%} asked among those that fit), "
            f"{rates['other_city']:.1%} other city, {rates['not_found']:.1%} not found "
            f"(n={rates['n']:.0f}; target >= 95 % per half, 0 other city)"
        )
    if report.spearman is not None:
        s = report.spearman
        console.print(
            f"staffing windows vs check-ins (Spearman, weekday × daypart): held out "
            f"{s.held_out_mean} over {s.places} places with ≥ 30 check-ins; "
            f"{s.held_out_reliable_mean} over the {s.reliable_places} with ≥ "
            f"{RELIABLE_CHECKINS} (target ≥ {SPEARMAN_TARGET}); as run (own check-ins) "
            f"{s.as_run_mean}; split-half ceiling {s.split_half_ceiling}"
        )
    console.print("PASSED" if report.passed else "FAILED")
