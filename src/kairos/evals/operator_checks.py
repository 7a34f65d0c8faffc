"""The operator gate's per-turn checks: the answer's format, its questions, its confidence caps,
the truth of what it says of its sources, the event chain, and the fallback when a source times
out."""

from __future__ import annotations

import asyncio
import re
import time
from dataclasses import dataclass, field
from typing import Any, ClassVar

import httpx
import numpy as np
from pydantic import BaseModel

from kairos.evals.operator_scripts import CatalogPlaceRef, Script
from kairos.operator.action_line import ActionLineError, parse_last_line
from kairos.operator.agent import CHAIN
from kairos.operator.schemas import ActionLine
from kairos.runtime import Runtime
from kairos.signals.client import SignalClient
from kairos.signals.events.models import EventList, EventsQuery

LEVELS = ("low", "medium", "high")
SLOW_BUDGET_SECONDS = 0.3


class Check(BaseModel):
    name: str
    passed: int
    total: int
    failures: list[str] = []

    @property
    def rate(self) -> float:
        return self.passed / self.total if self.total else 1.0


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
class Tally:
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


async def run_script(
    http: httpx.AsyncClient, headers: dict[str, str], script: Script, tally: Tally
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


async def chain_complete(
    http: httpx.AsyncClient, headers: dict[str, str], session_id: str, tally: Tally, name: str
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


async def timeout_case(
    runtime: Runtime, http: httpx.AsyncClient, headers: dict[str, str], tally: Tally,
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
