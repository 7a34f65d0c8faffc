"""`kairos eval …`: one command per suite; each prints a table, or one JSON object with --json."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

eval_app = typer.Typer(help="Measure Kairos against real labels.", no_args_is_help=True)
console = Console()

Json = Annotated[bool, typer.Option("--json", help="print one JSON object of the figures")]
ExistingFile = Annotated[Path, typer.Option(exists=True, dir_okay=False, readable=True)]


@contextmanager
def _build_progress() -> Iterator[Any]:
    """Progress of long database builds, on stderr so that --json output stays clean."""
    from kairos.progress_bar import RichProgress, progress_bar

    with progress_bar(Console(stderr=True), transient=True) as bar:
        yield RichProgress(bar)


def _emit(report: Any, as_json: bool, render: Any) -> None:
    if as_json:
        print(json.dumps(report.model_dump(mode="json"), ensure_ascii=False))
    else:
        render(report, console)


@eval_app.command()
def allergens(
    data: ExistingFile,
    read: Annotated[
        str,
        typer.Option(
            help="ingredients: ingredients_text_en only; label: also the product name and the "
            "ingredients in the label's own language; original: only the label's own language, "
            "on products whose label is not in English",
        ),
    ] = "ingredients",
    half: Annotated[
        str | None,
        typer.Option(
            help="only one half of the products, split by a hash of the barcode: A is where "
            "lexicon changes are chosen, B is held out to judge them",
        ),
    ] = None,
    as_json: Json = False,
) -> None:
    """Allergen detection from a product's text against Open Food Facts allergens_tags."""
    from kairos.evals.allergens import (
        HALVES,
        READINGS,
        evaluate_allergens,
        render_allergen_report,
    )

    if read not in READINGS:
        raise typer.BadParameter(f"use one of {', '.join(READINGS)}", param_hint="--read")
    part = None if half is None else half.upper()
    if part is not None and part not in HALVES:
        raise typer.BadParameter(f"use one of {', '.join(HALVES)}", param_hint="--half")
    report = evaluate_allergens(data, read, part)
    _emit(report, as_json, render_allergen_report)


@eval_app.command("allergen-lines")
def allergen_lines(
    data: Annotated[Path, typer.Option(exists=True, dir_okay=False, help="labelled lines")] = Path(
        "evals/allergen_lines/lines.jsonl"
    ),
    half: Annotated[
        str | None, typer.Option(help="A: where rules are chosen; B: held out to judge them")
    ] = None,
    as_json: Json = False,
) -> None:
    """Allergen reading on hand-labelled recipe and menu lines (contains / likely, per allergen)."""
    from kairos.evals.allergen_lines import evaluate_lines, render_lines_report

    part = None if half is None else half.upper()
    if part not in (None, "A", "B"):
        raise typer.BadParameter("use A or B", param_hint="--half")
    _emit(evaluate_lines(data, part), as_json, render_lines_report)


@eval_app.command()
def absa(data: ExistingFile, as_json: Json = False) -> None:
    """SemEval-2014 aspect-category detection and polarity, with the radar's aspect machinery."""
    from kairos.evals.absa import evaluate_absa, render_absa_report

    _emit(evaluate_absa(data), as_json, render_absa_report)


SAMPLE_REVIEWS_DIR = Path("data/sample/restaurant_reviews")
Restaurants = Annotated[
    Path,
    typer.Option(exists=True, dir_okay=False, help="restaurants.jsonl(.gz) of restaurant_reviews"),
]
Reviews = Annotated[
    Path, typer.Option(exists=True, dir_okay=False, help="reviews.jsonl(.gz) of restaurant_reviews")
]


@eval_app.command()
def aspects(
    restaurants: Restaurants = SAMPLE_REVIEWS_DIR / "restaurants.jsonl.gz",
    reviews: Reviews = SAMPLE_REVIEWS_DIR / "reviews.jsonl.gz",
    as_json: Json = False,
) -> None:
    """ROC AUC / Spearman of the review-derived radar scores against Yelp's labels."""
    from kairos.evals.aspects import evaluate_aspects, render_aspect_report

    _emit(evaluate_aspects(restaurants, reviews), as_json, render_aspect_report)


@eval_app.command()
def decomposition(
    cases: Annotated[
        Path, typer.Option(exists=True, dir_okay=False, help="a module defining CASES")
    ] = Path("tests/restaurants/decomposition_cases.py"),
    vocabulary: Annotated[
        Path, typer.Option(exists=True, dir_okay=False, help="catalog vocabulary JSON")
    ] = Path("tests/restaurants/vocabulary.json"),
    as_json: Json = False,
) -> None:
    """Field accuracy of the offline decomposer and the share of messages it clarified."""
    from kairos.evals.decomposition import evaluate_decomposition, load_cases
    from kairos.text.query.catalog_words import CatalogVocabulary

    report = evaluate_decomposition(load_cases(cases), CatalogVocabulary.from_json(vocabulary))
    if as_json:
        print(json.dumps(report.model_dump(mode="json"), ensure_ascii=False))
    else:
        console.print(report.summary(), soft_wrap=True)


SHARED_VIBES = Path("../shared/data/restaurant_reviews/restaurants.jsonl.gz")


@eval_app.command()
def venues(
    data: Annotated[
        Path | None,
        typer.Option(
            exists=True,
            dir_okay=False,
            help="restaurants.jsonl.gz (restaurant_reviews format) or boston_business.jsonl.gz "
            "(2015 Yelp format, tips beside it), or a split of either "
            "(restaurants_holdout.jsonl.gz with reviews_holdout.jsonl.gz beside it); "
            "default: the shared file, else the sample",
        ),
    ] = None,
    as_json: Json = False,
) -> None:
    """AUC of the vibe dimensions against Yelp's Ambience labels: cross-validated on the places
    the shipped model was fitted on, the shipped model as it is on any other places."""
    from kairos.evals.vibes import evaluate_vibes, render_vibe_report
    from kairos.settings import get_settings
    from kairos.text.embeddings import get_embedder

    settings = get_settings()
    path = data or (
        SHARED_VIBES if SHARED_VIBES.is_file() else SAMPLE_REVIEWS_DIR / "restaurants.jsonl.gz"
    )
    cache = settings.data_dir / "eval-cache" / "embeddings"
    shipped = [settings.sample_dir / "embeddings.npz"]
    report = evaluate_vibes(path, get_embedder(settings), cache, seed_files=shipped)
    _emit(report, as_json, render_vibe_report)


@eval_app.command()
def retrieval(
    restaurants: Restaurants = SAMPLE_REVIEWS_DIR / "restaurants.jsonl.gz",
    reviews: Reviews = SAMPLE_REVIEWS_DIR / "reviews.jsonl.gz",
    as_json: Json = False,
) -> None:
    """nDCG@10 and recall@50 of hybrid, text, vector and rating ranking against hidden labels."""
    import asyncio

    from kairos.evals.retrieval import evaluate_retrieval, render_retrieval_report

    with _build_progress() as progress:
        report = asyncio.run(evaluate_retrieval(restaurants, reviews, progress=progress))
    _emit(report, as_json, render_retrieval_report)


SAMPLE_METADATA = Path("data/sample/yelp_metadata/yelp_restaurants_metadata.jsonl.gz")


SHARED_RECIPES = Path("../shared/data/recipes/recipes.jsonl.gz")
SAMPLE_RECIPES = Path("data/sample/recipes/recipes.jsonl.gz")


@eval_app.command()
def meals(
    data: Annotated[
        Path | None,
        typer.Option(exists=True, dir_okay=False, help="a file in the recipes.jsonl.gz format"),
    ] = None,
    profiles: Annotated[int, typer.Option(min=1, max=100_000)] = 1000,
    speed: Annotated[
        bool, typer.Option(help="also time the coach offline on a scratch store of --data")
    ] = False,
    as_json: Json = False,
) -> None:
    """Ingredient parser exactness, and 0 profile allergens in adapted recipes over seeded
    random profiles and households (scratch catalogue built from --data); with --speed, the
    coach's suggestion and recipe latencies."""
    from kairos.evals.meals import evaluate_meals, render_meals_report

    path = data or (SHARED_RECIPES if SHARED_RECIPES.is_file() else SAMPLE_RECIPES)
    report = evaluate_meals(path, profiles=profiles)
    timing = None
    if speed:
        from kairos.evals.meals_speed import evaluate_meals_speed

        timing = asyncio.run(evaluate_meals_speed(path))
    if as_json:
        import dataclasses

        payload = dataclasses.asdict(report) | {"adapted_rate": report.adapted_rate}
        if timing is not None:
            payload["speed"] = {
                "requests": timing.requests, "recipes": timing.recipes_served,
                "suggest_p50_ms": round(timing.suggest_p50, 1),
                "suggest_p95_ms": round(timing.suggest_p95, 1),
                "recipe_p50_ms": round(timing.recipe_p50, 1),
                "recipe_p95_ms": round(timing.recipe_p95, 1),
            }  # fmt: skip
        typer.echo(json.dumps(payload, indent=2))
    else:
        render_meals_report(report, console)
        if timing is not None:
            from kairos.evals.meals_speed import render_meals_speed

            render_meals_speed(timing, console)


@eval_app.command()
def chat(
    restaurants: Restaurants = SAMPLE_REVIEWS_DIR / "restaurants.jsonl.gz",
    reviews: Reviews = SAMPLE_REVIEWS_DIR / "reviews.jsonl.gz",
    metadata: Annotated[
        Path,
        typer.Option(
            exists=True,
            dir_okay=False,
            help="yelp_restaurants_metadata.jsonl(.gz): places "
            "without reviews, added to the catalogue",
        ),
    ] = SAMPLE_METADATA,
    per_family: Annotated[int, typer.Option(min=1, max=200, help="requests per family")] = 12,
    as_json: Json = False,
) -> None:
    """Chat answers end to end in six request families, graded by rules, beside a baseline."""
    import asyncio

    from kairos.evals.chat import evaluate_chat, render_chat_report
    from kairos.evals.chat_catalogue import ChatFiles, is_sample, sample_files

    files = ChatFiles(restaurants=restaurants, reviews=reviews, metadata=metadata)
    with_extra = ChatFiles(restaurants, reviews, metadata, sample_files().extra)
    if is_sample(with_extra):
        files = with_extra  # the catalogue the app serves, with every sample folder
    with _build_progress() as progress:
        report = asyncio.run(evaluate_chat(files, per_family=per_family, progress=progress))
    _emit(report, as_json, render_chat_report)


@eval_app.command("venue-safety")
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

    with _build_progress() as progress:
        report = asyncio.run(safety_on(shared, groups=groups, seed=seed, progress=progress))
    _emit(report, as_json, render_safety)


@eval_app.command("trips-allergy")
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

    _emit(asyncio.run(run()), as_json, render_trips_allergy)


@eval_app.command("trips")
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
    with _build_progress() as progress:
        report = asyncio.run(evaluate_trips(path, requests=requests, progress=progress))
    _emit(report, as_json, render_trips_report)
    if not report.passed:
        raise typer.Exit(code=1)


@eval_app.command("trips-intent")
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
    _emit(report, as_json, render_intent_report)
    if not report.passed:
        raise typer.Exit(code=1)


@eval_app.command("operator")
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

    with _build_progress() as progress:
        report = asyncio.run(
            evaluate_operator(shared, conversations=conversations, progress=progress)
        )
    _emit(report, as_json, render_operator_report)
    if not report.passed:
        raise typer.Exit(code=1)


@eval_app.command()
def contract(
    messages: Annotated[int | None, typer.Option(min=1, help="first N messages only")] = None,
    profiles: Annotated[int | None, typer.Option(min=1, help="first N profiles only")] = None,
    as_json: Json = False,
) -> None:
    """Every chat turn of the fixed set: stream, schema, clarification, allergens, turn log."""
    import asyncio

    from kairos.evals.contract import evaluate_contract, render_contract_report

    report = asyncio.run(evaluate_contract(messages=messages, profiles=profiles))
    _emit(report, as_json, render_contract_report)
    if not report.all_passed:
        raise typer.Exit(code=1)


@eval_app.command()
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

    with _build_progress() as progress:
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
    _emit(report, as_json, render_speed_report)


@eval_app.command("all")
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
    _emit(report, as_json, render_all)
    if not report.passed:
        raise typer.Exit(code=1)


@eval_app.command()
def dedup(
    data_2015: Annotated[
        Path, typer.Option(exists=True, file_okay=False, help="the Boston 2015 Yelp folder")
    ] = Path("../shared/data/yelp"),
    data_new: Annotated[
        Path, typer.Option(exists=True, file_okay=False, help="the restaurant_reviews folder")
    ] = Path("../shared/data/restaurant_reviews"),
    as_json: Json = False,
) -> None:
    """Precision and recall of the venue identity rule (same_venue) on labelled pairs of two
    Yelp releases of Boston."""
    from kairos.evals.dedup import evaluate_dedup, render_dedup_report

    _emit(evaluate_dedup(data_2015, data_new), as_json, render_dedup_report)
