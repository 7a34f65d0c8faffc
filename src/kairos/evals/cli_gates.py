"""`kairos eval …` commands of the products' gates and the whole run: venue safety, trips
(allergy, generated trips, intent), the operator gate, the chat contract, speed and `all`."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Annotated, Any

import typer

from kairos.evals.cli_options import Json, build_progress, emit


def venue_safety(
    shared: Annotated[
        Path | None,
        typer.Option(
            exists=True,
            file_okay=False,
            help="a folder laid out like ../shared/data "
            "(restaurant_reviews/, yelp/, pois/); default: the app's sample",
        ),
    ] = None,
    groups: Annotated[int, typer.Option(min=1, max=5000, help="random groups to plan for")] = 500,
    seed: Annotated[int, typer.Option(help="the groups' random seed")] = 20261124,
    as_json: Json = False,
) -> None:
    """The planner's group safety: no member's anaphylactic allergen known or likely (by
    cuisine or kind of venue, read by the checker's own word lists, not Kairos') at a top-3
    venue without that member named; every venue carries its allergy check."""
    from kairos.evals.venue_safety import render_safety
    from kairos.evals.venues_run import safety_on

    with build_progress() as progress:
        report = asyncio.run(safety_on(shared, groups=groups, seed=seed, progress=progress))
    emit(report, as_json, render_safety)


def trips_allergy(
    travellers: Annotated[int, typer.Option(min=1, max=2000, help="random travellers")] = 100,
    seed: Annotated[int, typer.Option(help="the travellers' random seed")] = 20261129,
    as_json: Json = False,
) -> None:
    """Trips for allergic travellers, on the sample: every slot carries its allergy check, no
    meal at a place with a known risk unless the slot names it and says why, and each meal's
    verdict agrees with the restaurant product's own card for that place and person."""
    from kairos.evals.scratch import build_sample, sample_folder, scratch_runtime
    from kairos.evals.trips_allergy import render_trips_allergy, run_trips_allergy

    async def run() -> Any:
        async with scratch_runtime(sample_folder(), build_sample) as (runtime, _):
            return await run_trips_allergy(runtime, travellers=travellers, seed=seed)

    emit(asyncio.run(run()), as_json, render_trips_allergy)


def trips(
    data: Annotated[
        Path | None,
        typer.Option(
            exists=True,
            dir_okay=False,
            help="points of interest in the format of ../shared/data/pois/pois.jsonl.gz "
            "(default: that file when present, else the sample's)",
        ),
    ] = None,
    requests: Annotated[
        int, typer.Option(min=10, max=5000, help="trip requests to generate")
    ] = 300,
    as_json: Json = False,
) -> None:
    """Generated trips over points of interest: every itinerary verified (or its unmet
    constraint named), none outside opening hours or the city, diversification, speed."""
    from kairos.evals.trips_eval import default_data, evaluate_trips, render_trips_report
    from kairos.settings import get_settings

    path = data or default_data(Path("../shared/data"), get_settings().sample_dir)
    with build_progress() as progress:
        report = asyncio.run(evaluate_trips(path, requests=requests, progress=progress))
    emit(report, as_json, render_trips_report)
    if not report.passed:
        raise typer.Exit(code=1)


def trips_intent(
    data: Annotated[
        Path | None,
        typer.Option(
            exists=True,
            dir_okay=False,
            help="a JSONL file of labelled utterances (text, intent, entities, split); "
            "default: the set shipped in kairos/evals/data/trip_intents.jsonl",
        ),
    ] = None,
    rules_only: Annotated[
        bool, typer.Option("--rules-only", help="classify without the embedding model")
    ] = False,
    as_json: Json = False,
) -> None:
    """Trips intent classification: precision / recall / F1 per class, entity accuracy, latency."""
    from kairos.evals.trips_intent import DEFAULT_DATA, evaluate_intents, render_intent_report
    from kairos.settings import get_settings
    from kairos.text.embeddings import get_embedder

    embedder = None if rules_only else get_embedder(get_settings())
    report = evaluate_intents(data or DEFAULT_DATA, embedder)
    emit(report, as_json, render_intent_report)
    if not report.passed:
        raise typer.Exit(code=1)


def operator_gate(
    shared: Annotated[
        Path | None,
        typer.Option(
            exists=True,
            file_okay=False,
            help="a folder laid out like ../shared/data (restaurant_reviews/, yelp/, pois/); "
            "default: the app's sample",
        ),
    ] = None,
    conversations: Annotated[
        int, typer.Option(min=7, max=2000, help="scripted conversations to run")
    ] = 168,
    as_json: Json = False,
) -> None:
    """The operator assistant's blocking gate: action lines, one question, confidence caps,
    corrections, timeouts, event chains, first-insight latency, staffing windows."""
    from kairos.evals.operator_gate import evaluate_operator, render_operator_report

    with build_progress() as progress:
        report = asyncio.run(
            evaluate_operator(shared, conversations=conversations, progress=progress)
        )
    emit(report, as_json, render_operator_report)
    if not report.passed:
        raise typer.Exit(code=1)


def contract(
    messages: Annotated[int | None, typer.Option(min=1, help="first N messages only")] = None,
    profiles: Annotated[int | None, typer.Option(min=1, help="first N profiles only")] = None,
    as_json: Json = False,
) -> None:
    """Every chat turn of the fixed set: stream, schema, clarification, allergens, turn log."""
    import asyncio

    from kairos.evals.contract import evaluate_contract, render_contract_report

    report = asyncio.run(evaluate_contract(messages=messages, profiles=profiles))
    emit(report, as_json, render_contract_report)
    if not report.all_passed:
        raise typer.Exit(code=1)


def speed(
    full: Annotated[
        bool, typer.Option("--full", help="also the full restaurant_reviews + metadata size")
    ] = False,
    shared: Annotated[
        Path, typer.Option(file_okay=False, help="the shared data folder (for --full)")
    ] = Path("../shared/data"),
    scale: Annotated[
        float, typer.Option(min=0.05, max=10, help="multiply every request count")
    ] = 1.0,
    replicas: Annotated[
        list[int] | None,
        typer.Option(min=2, max=1000, help="search scaling curve: restaurant_reviews × k"),
    ] = None,
    sample: Annotated[bool, typer.Option(help="measure the sample size")] = True,
    workers: Annotated[
        int, typer.Option(min=1, max=8, help="`kairos serve --workers` of the measured server")
    ] = 1,
    as_json: Json = False,
) -> None:
    """p50/p95/p99 of chat, feed, expand and search at 1, 8 and 32 clients, and memory."""
    import asyncio

    from kairos.evals.speed import evaluate_speed, render_speed_report

    with build_progress() as progress:
        report = asyncio.run(
            evaluate_speed(
                full=full,
                shared=shared,
                scale=scale,
                replicas=tuple(replicas or ()),
                sample=sample,
                progress=progress,
                workers=workers,
            )
        )
    emit(report, as_json, render_speed_report)


def all_suites(
    shared: Annotated[
        Path, typer.Option(file_okay=False, help="the shared data folder, used when present")
    ] = Path("../shared/data"),
    baselines: Annotated[Path, typer.Option(help="recorded baselines")] = Path(
        "bench/baselines.json"
    ),
    raise_baselines: Annotated[
        bool,
        typer.Option(
            "--raise-baselines",
            help="raise the baselines of improved figures and add new ones (never lowers one)",
        ),
    ] = False,
    as_json: Json = False,
) -> None:
    """The fast suites; exits 1 when a safety floor is missed or a figure regresses."""
    import asyncio
    import time

    from kairos.evals import gate
    from kairos.evals.all_suites import AllReport, collect, render_all
    from kairos.settings import get_settings

    started = time.perf_counter()
    figures, runs = asyncio.run(collect(shared, get_settings().sample_dir))
    recorded = gate.load_baselines(baselines)
    verdicts = gate.judge(figures, recorded)
    raised: list[str] = []
    if raise_baselines:
        updated, raised = gate.raise_baselines(recorded, figures)
        gate.save_baselines(baselines, updated)
    report = AllReport(
        passed=gate.passed(verdicts),
        verdicts=verdicts,
        suites=runs,
        baselines_file=str(baselines),
        tolerance_points=recorded.tolerance_points,
        raised_baselines=raised,
        seconds=round(time.perf_counter() - started, 1),
    )
    emit(report, as_json, render_all)
    if not report.passed:
        raise typer.Exit(code=1)
