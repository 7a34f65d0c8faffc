"""The contract suite: every chat turn keeps the product's promises, whatever is asked.

A fixed set (`data/contract_set.json`: 100 messages × 10 profiles) is sent to the real app over
the real HTTP stack (in-process ASGI) on the sample catalog. For every turn it checks:

- stream: HTTP 200, `text/event-stream`, every block is `event:` + JSON `data:`, only `thinking`,
  `result` and `error` events, exactly one `result`, no `error`;
- schema: the `result` validates against `GenerativeUIPayload`;
- clarification: a turn that answers without searching (no `searching` step) asks at most one
  question, and never asks again right after the assistant asked one (seed 004, ADR-004);
- allergen safety: no place in `restaurants` has an anaphylactic allergen of the profile with
  high confidence, and every turn that searched hard-excluded all of them;
- turn log: exactly one canonical `turn_completed` JSON record on logger `kairos.turns` per turn,
  with trace_id (= payload.turn_id), request_id (= the response's `X-Request-ID`, which is the
  client's when it sent one), session_id (= the client's, echoed in the payload), product, user,
  turn_index (1 + the user turns of the history), latency_ms, ui_type and counts that match the
  payload, and the fallbacks list (seed 004, ADR-016). Every message is its own session (its
  history is the whole conversation); every other turn sends its own request id, the rest let the
  server make one.
"""

from __future__ import annotations

import json
import logging
import statistics
import time
import uuid
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

import httpx
from pydantic import BaseModel, ValidationError
from rich.console import Console
from rich.table import Table

from kairos.core.allergy_profile import AllergyProfile, anaphylactic_allergens
from kairos.evals.scratch import build_sample, sample_folder, scratch_runtime
from kairos.restaurants.schemas import GenerativeUIPayload
from kairos.runtime import Runtime

CHECKS = ("stream", "schema", "clarification", "allergen_safety", "turn_log")
EVENTS = frozenset({"thinking", "result", "error"})
LOG_FIELDS: dict[str, type | tuple[type, ...]] = {
    "trace_id": str, "request_id": str, "session_id": str, "product": str, "user": str,
    "turn_index": int,
    "latency_ms": (int, float), "ui_type": str, "restaurants": int, "flagged": int,
    "fallbacks": list,
}  # fmt: skip
MAX_FAILURE_EXAMPLES = 25


class ContractFailure(BaseModel):
    check: str
    profile: str
    message: str
    detail: str


class CheckFigure(BaseModel):
    passed: int
    failed: int


class ContractReport(BaseModel):
    turns: int
    messages: int
    profiles: int
    checks: dict[str, CheckFigure]
    all_passed: bool
    turn_ms_p50: float
    turn_ms_p95: float
    logged_latency_ms_p50: float
    logged_latency_ms_p95: float
    clarification_turns: int
    failures: list[ContractFailure]
    failures_total: int
    seconds: float


def load_contract_set() -> dict[str, Any]:
    text = resources.files("kairos.evals").joinpath("data/contract_set.json").read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


class TurnLogCapture(logging.Handler):
    """Collects the JSON records of `kairos.turns` while the suite runs."""

    def __init__(self) -> None:
        super().__init__(level=logging.INFO)
        self.records: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record.getMessage())


def parse_stream(raw: str) -> tuple[list[tuple[str, Any]], list[str]]:
    """(event, data) pairs and the problems found; heartbeat comments are allowed."""
    events: list[tuple[str, Any]] = []
    problems: list[str] = []
    for block in raw.replace("\r\n", "\n").split("\n\n"):
        lines = [ln for ln in block.split("\n") if ln and not ln.startswith(":")]
        if not lines:
            continue
        name = next((ln[6:].strip() for ln in lines if ln.startswith("event:")), None)
        data = "\n".join(ln[5:].strip() for ln in lines if ln.startswith("data:"))
        if name is None or not data:
            problems.append(f"block without event or data: {block[:80]!r}")
            continue
        if name not in EVENTS:
            problems.append(f"unknown event {name!r}")
        try:
            events.append((name, json.loads(data)))
        except json.JSONDecodeError:
            problems.append(f"{name} data is not JSON: {data[:80]!r}")
    return events, problems


@dataclass
class Turn:
    profile: str
    message: str
    history: list[dict[str, str]]
    anaphylactic: frozenset[str]
    uid: str
    session_id: str = ""
    request_id: str | None = None
    response: httpx.Response | None = None
    records: list[str] = field(default_factory=list)
    events: list[tuple[str, Any]] = field(default_factory=list)
    payload: GenerativeUIPayload | None = None


def check_stream(turn: Turn) -> str | None:
    response = turn.response
    assert response is not None
    if response.status_code != 200:
        return f"HTTP {response.status_code}: {response.text[:200]}"
    if not response.headers.get("content-type", "").startswith("text/event-stream"):
        return f"content-type {response.headers.get('content-type')!r}"
    turn.events, problems = parse_stream(response.text)
    names = [name for name, _ in turn.events]
    if names.count("result") != 1:
        problems.append(f"{names.count('result')} result events")
    if "error" in names:
        problems.append(f"error event: {turn.events[names.index('error')][1]}")
    return "; ".join(problems) or None


def check_schema(turn: Turn) -> str | None:
    results = [data for name, data in turn.events if name == "result"]
    if len(results) != 1:
        return "no single result to validate"
    try:
        turn.payload = GenerativeUIPayload.model_validate(results[0])
    except ValidationError as exc:
        return str(exc)[:300]
    return None


def check_clarification(turn: Turn) -> str | None:
    payload = turn.payload
    if payload is None:
        return "no payload"
    searched = any(name == "thinking" and data.get("step") == "searching"
                   for name, data in turn.events)  # fmt: skip
    questions = payload.follow_up_questions or []
    if searched or payload.ui_type != "text" or not questions:
        return None
    if len(questions) > 1:
        return f"{len(questions)} clarifying questions: {questions}"
    last = next((m["content"] for m in reversed(turn.history) if m["role"] == "assistant"), "")
    if last.strip().endswith("?"):
        return f"asked again after the assistant's question {last!r}: {questions[0]!r}"
    return None


def is_clarification(turn: Turn) -> bool:
    searched = any(n == "thinking" and d.get("step") == "searching" for n, d in turn.events)
    return bool(turn.payload and turn.payload.follow_up_questions and not searched)


def check_allergens(turn: Turn) -> str | None:
    payload = turn.payload
    if payload is None:
        return "no payload"
    problems = []
    for place in payload.restaurants:
        high = place.allergen_confidence == "high"
        leaked = set(place.known_allergens) & turn.anaphylactic if high else set()
        leaked |= {
            s.allergen
            for s in place.allergen_status
            if s.allergen in turn.anaphylactic
            and s.status != "unverified"
            and s.confidence == "high"
        }
        if leaked:
            problems.append(f"{place.name} (id {place.id}) lists {sorted(leaked)} in the safe list")
    searched = bool(payload.restaurants or payload.flagged_restaurants or payload.relaxed_filters)
    missing = turn.anaphylactic - set(payload.hard_excluded_allergens)
    if searched and missing:
        problems.append(f"anaphylactic {sorted(missing)} not hard-excluded")
    return "; ".join(problems) or None


def check_turn_log(turn: Turn) -> str | None:
    records = []
    for raw in turn.records:
        try:
            records.append(json.loads(raw))
        except json.JSONDecodeError:
            return f"turn log record is not JSON: {raw[:120]!r}"
    completed = [r for r in records if r.get("event") == "turn_completed"]
    if len(completed) != 1:
        return f"{len(completed)} turn_completed records"
    record = completed[0]
    problems = [
        f"{key}: {record.get(key)!r}" for key, kind in LOG_FIELDS.items()
        if not isinstance(record.get(key), kind) or isinstance(record.get(key), bool)
    ]  # fmt: skip
    payload = turn.payload
    header = turn.response.headers.get("x-request-id") if turn.response is not None else None
    expected_ids = {
        "request_id": turn.request_id or header, "session_id": turn.session_id,
        "turn_index": 1 + sum(1 for m in turn.history if m.get("role") == "user"),
    }  # fmt: skip
    problems += [f"{k} {record.get(k)!r} != {v!r}" for k, v in expected_ids.items()
                 if record.get(k) != v]  # fmt: skip
    if header != record.get("request_id"):
        problems.append(f"X-Request-ID {header!r} != logged {record.get('request_id')!r}")
    if payload is not None:
        expected = {
            "trace_id": payload.turn_id, "user": turn.uid, "product": "restaurants",
            "ui_type": payload.ui_type, "restaurants": len(payload.restaurants),
            "flagged": len(payload.flagged_restaurants), "session_id": payload.session_id,
        }  # fmt: skip
        problems += [f"{k} {record.get(k)!r} != {v!r}" for k, v in expected.items()
                     if record.get(k) != v]  # fmt: skip
    return "; ".join(problems) or None


CHECKERS = {
    "stream": check_stream,
    "schema": check_schema,
    "clarification": check_clarification,
    "allergen_safety": check_allergens,
    "turn_log": check_turn_log,
}


def _percentile(values: list[float], q: int) -> float:
    if len(values) < 2:
        return round(values[0], 2) if values else 0.0
    return round(statistics.quantiles(values, n=100, method="inclusive")[q - 1], 2)


async def run_contract(
    runtime: Runtime, *, messages: int | None = None, profiles: int | None = None
) -> ContractReport:
    from kairos.api.app import create_app

    data = load_contract_set()
    chosen_messages = data["messages"][:messages]
    chosen_profiles = data["profiles"][:profiles]
    # an evaluation sends many turns per user from one address: no rate limit applies to it
    unlimited = runtime.settings.model_copy(
        update={"chat_limit_per_user": 0, "chat_limit_per_address": 0}
    )
    app = create_app(unlimited, runtime=runtime)
    token = {"X-Service-Token": runtime.settings.service_token.get_secret_value()}
    capture = TurnLogCapture()
    turn_log = logging.getLogger("kairos.turns")
    previous_level = turn_log.level
    turn_log.setLevel(logging.INFO)
    turn_log.addHandler(capture)
    tallies = {c: CheckFigure(passed=0, failed=0) for c in CHECKS}
    failures: list[ContractFailure] = []
    client_ms: list[float] = []
    logged_ms: list[float] = []
    clarifications = 0
    started = time.perf_counter()
    transport = httpx.ASGITransport(app=app)
    try:
        async with httpx.AsyncClient(transport=transport, base_url="http://kairos.eval") as client:
            for profile in chosen_profiles:
                uid = str(uuid.uuid4())
                body = {"allergies": profile["allergies"], "preferences": profile["preferences"]}
                created = await client.post(f"/users/{uid}", json=body, headers=token)
                created.raise_for_status()
                anaphylactic = anaphylactic_allergens(AllergyProfile.model_validate(
                    created.json()["allergies"]))  # fmt: skip
                for index, item in enumerate(chosen_messages):
                    session = f"contract-{uuid.uuid4().hex[:12]}"
                    turn = Turn(profile["name"], item["message"], item.get("history", []),
                                anaphylactic, uid, session,
                                f"contract-turn-{index}" if index % 2 else None)  # fmt: skip
                    before = len(capture.records)
                    headers = {**token, "X-User-ID": uid, "Accept": "text/event-stream"}
                    if turn.request_id:
                        headers["X-Request-ID"] = turn.request_id
                    t0 = time.perf_counter()
                    turn.response = await client.post(
                        "/chat",
                        json={"message": turn.message, "conversation_history": turn.history,
                              "session_id": session},
                        headers=headers,
                    )  # fmt: skip
                    client_ms.append((time.perf_counter() - t0) * 1000)
                    turn.records = capture.records[before:]
                    for name in CHECKS:
                        problem = CHECKERS[name](turn)
                        tally = tallies[name]
                        if problem is None:
                            tally.passed += 1
                        else:
                            tally.failed += 1
                            failures.append(ContractFailure(
                                check=name, profile=turn.profile, message=turn.message,
                                detail=problem))  # fmt: skip
                    clarifications += is_clarification(turn)
                    logged_ms.extend(_logged_latency(turn))
                await runtime.drain()
                await client.delete(f"/users/{uid}", headers=token)
    finally:
        turn_log.removeHandler(capture)
        turn_log.setLevel(previous_level)
        await runtime.drain()
    return ContractReport(
        turns=len(client_ms),
        messages=len(chosen_messages),
        profiles=len(chosen_profiles),
        checks=tallies,
        all_passed=all(t.failed == 0 for t in tallies.values()) and bool(client_ms),
        turn_ms_p50=_percentile(client_ms, 50),
        turn_ms_p95=_percentile(client_ms, 95),
        logged_latency_ms_p50=_percentile(logged_ms, 50),
        logged_latency_ms_p95=_percentile(logged_ms, 95),
        clarification_turns=clarifications,
        failures=failures[:MAX_FAILURE_EXAMPLES],
        failures_total=len(failures),
        seconds=round(time.perf_counter() - started, 1),
    )


def _logged_latency(turn: Turn) -> list[float]:
    latencies = []
    for raw in turn.records:
        try:
            record = json.loads(raw)
        except json.JSONDecodeError:
            continue
        if record.get("event") == "turn_completed" and isinstance(
            record.get("latency_ms"), int | float
        ):
            latencies.append(float(record["latency_ms"]))
    return latencies


async def evaluate_contract(
    *, messages: int | None = None, profiles: int | None = None
) -> ContractReport:
    async with scratch_runtime(sample_folder(), build_sample) as (runtime, _):
        return await run_contract(runtime, messages=messages, profiles=profiles)


def render_contract_report(report: ContractReport, console: Console) -> None:
    table = Table(
        title=f"Contract — {report.turns} turns ({report.messages} messages × "
        f"{report.profiles} profiles) on the sample catalog"
    )
    for column in ("check", "passed", "failed", "gated"):
        table.add_column(column, justify="left" if column == "check" else "right")
    for name, figure in report.checks.items():
        colour = "green" if figure.failed == 0 else "red"
        table.add_row(name, str(figure.passed), f"[{colour}]{figure.failed}[/]", "yes")
    console.print(table)
    console.print(
        f"turn latency (request → full stream, in-process): p50 {report.turn_ms_p50:.1f} ms, "
        f"p95 {report.turn_ms_p95:.1f} ms; logged latency_ms p50 "
        f"{report.logged_latency_ms_p50:.1f}, p95 {report.logged_latency_ms_p95:.1f}; "
        f"{report.clarification_turns} clarification turns; {report.seconds:.0f} s"
    )
    for failure in report.failures:
        console.print(f"  [red]FAIL[/] {failure.check} [{failure.profile}] "
                      f"{failure.message!r}: {failure.detail}")  # fmt: skip
    if report.failures_total > len(report.failures):
        console.print(f"  … {report.failures_total - len(report.failures)} more failures")
    verdict = "[green]all checks pass[/]" if report.all_passed else "[red]contract broken[/]"
    console.print(verdict)
