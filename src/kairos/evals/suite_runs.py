"""How `kairos eval all` records a suite's run (`SuiteRun`: timed, or not run and why), and
the product suites it runs: venue vibes, the operator gate and trips."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from pydantic import BaseModel

from kairos.evals.gate import Figure
from kairos.evals.suite_figures import vibe_figures

REVIEWS_SHARED = Path("restaurant_reviews")
YELP_2015_SHARED = Path("yelp/boston_business.jsonl.gz")


class SuiteRun(BaseModel):
    suite: str
    input: str
    seconds: float
    ran: bool
    note: str = ""


def ran(
    suite: str, source: Path | str, runs: list[SuiteRun], started: float, note: str = ""
) -> None:
    """Records a suite that ran from `started` (a `time.perf_counter()` reading) until now."""
    seconds = round(time.perf_counter() - started, 1)
    runs.append(SuiteRun(suite=suite, input=str(source), ran=True, seconds=seconds, note=note))


def timed(
    suite: str, source: Path | str, runs: list[SuiteRun], work: Callable[[], list[Figure]]
) -> list[Figure]:
    started = time.perf_counter()
    figures = work()
    ran(suite, source, runs, started)
    return figures


def skipped(suite: str, source: Path | str, runs: list[SuiteRun], why: str) -> None:
    runs.append(SuiteRun(suite=suite, input=str(source), ran=False, seconds=0.0, note=why))


async def trips_suite(shared: Path, sample_dir: Path, runs: list[SuiteRun]) -> list[Figure]:
    """Trips (seed 003): generated trips over the sample's points of interest, and the intent
    set; the shared points of interest too when present."""
    from kairos.evals.trips_eval import evaluate_trips, trips_figures
    from kairos.evals.trips_intent import DEFAULT_DATA, evaluate_intents, intent_figures
    from kairos.settings import get_settings
    from kairos.text.embeddings import get_embedder

    figures: list[Figure] = []
    inputs = (("sample", sample_dir / "pois" / "pois.jsonl.gz"),
              ("pois", shared / "pois" / "pois.jsonl.gz"))  # fmt: skip
    for tag, path in inputs:
        if not path.is_file():
            skipped("trips", path, runs, "file absent")
            continue
        started = time.perf_counter()
        report = await evaluate_trips(path, requests=300)
        figures += trips_figures(report, tag)
        note = (
            f"{report.answered} trips, {report.verified} verified; 3-day p95 "
            f"{report.three_day_p95_ms:.0f} ms; diversification {report.diversification_rate:.0%}"
        )
        ran("trips", path, runs, started, note)
    intents = evaluate_intents(DEFAULT_DATA, get_embedder(get_settings()))
    figures += intent_figures(intents)
    runs.append(SuiteRun(suite="trips-intent", input=str(DEFAULT_DATA), ran=True, seconds=0.0))
    return figures


async def operator_suite(runs: list[SuiteRun]) -> list[Figure]:
    """The operator gate on the app's sample (seed 004 ADR-013: blocking)."""
    from kairos.evals.operator_gate import evaluate_operator, operator_figures

    started = time.perf_counter()
    report = await evaluate_operator(None)
    note = (
        f"{report.conversations} conversations, {report.turns} turns; first insight p95 "
        f"{report.first_insight_p95_ms:.0f} ms; timeout overrun p95 "
        f"{report.timeout_overrun_ms:.0f} ms"
    )
    ran("operator", "the app's sample", runs, started, note)
    return operator_figures(report)


def venue_suites(shared: Path, sample_dir: Path, runs: list[SuiteRun]) -> list[Figure]:
    """Vibe AUCs: the sample (cross-validated) always, the shared files when present."""
    from kairos.evals.vibes import evaluate_vibes
    from kairos.settings import get_settings
    from kairos.text.embeddings import get_embedder

    settings = get_settings()
    embedder = get_embedder(settings)
    cache = settings.data_dir / "eval-cache" / "embeddings"
    shipped = [sample_dir / "embeddings.npz"]
    inputs = (
        ("sample", sample_dir / "restaurant_reviews" / "restaurants.jsonl.gz"),
        ("restaurant_reviews", shared / REVIEWS_SHARED / "restaurants.jsonl.gz"),
        ("yelp_2015", shared / YELP_2015_SHARED),
    )
    figures: list[Figure] = []
    for tag, path in inputs:
        if not path.is_file():
            skipped("venues", path, runs, "file absent")
            continue

        def work(path: Path = path, tag: str = tag) -> list[Figure]:
            report = evaluate_vibes(path, embedder, cache, seed_files=shipped)
            return vibe_figures(report, tag)

        figures += timed("venues", path, runs, work)
    return figures
