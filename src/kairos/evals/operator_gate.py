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

import secrets
import uuid
from pathlib import Path

import httpx
import numpy as np
from pydantic import BaseModel, SecretStr
from rich.console import Console
from rich.table import Table

from kairos.evals.gate import Figure
from kairos.evals.operator_checks import Check, Tally, chain_complete, run_script, timeout_case
from kairos.evals.operator_resolution import gate_resolution, resolution_passes
from kairos.evals.operator_scripts import catalog_places, scripts
from kairos.evals.operator_staffing import RELIABLE_CHECKINS, SpearmanFigures, staffing_windows
from kairos.evals.scratch import Build, build_sample, sample_folder, scratch_runtime
from kairos.ingest.runner import ProgressSink
from kairos.runtime import Runtime
from kairos.store.operator import OperatorStore

__all__ = ["OperatorReport", "evaluate_operator", "operator_figures", "render_operator_report"]

LATENCY_TARGET_MS = 200.0
TIMEOUT_OVERRUN_MS = 100.0
"""With one source timing out, p95 of (answer time − that source's budget)."""
SPEARMAN_TARGET = 0.7
MIN_RELIABLE_PLACES = 10
"""Fewer graded places than this (the app's sample has 4) and the figure is reported, not gated."""


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
    tally = Tally()
    places = await catalog_places(runtime)
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
            session_id = await run_script(http, headers, script, tally)
            if session_id is not None:
                await chain_complete(http, headers, session_id, tally, script.name)
        uid = str(uuid.uuid4())
        await http.post(f"/users/{uid}", json={}, headers=base)
        overrun = await timeout_case(
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
