"""`kairos eval all`: the fast suites, their figures, and the gate's verdict on them.

Runs, in order: allergens (the committed Open Food Facts cut, plus both shared files when
../shared is present; each whole and its held-out half), decomposition (the test suite's
table), absa (shared train file, when present), aspects (on the committed sample, and on the
whole shared set when present), retrieval, venues (vibe AUC: the sample, and both shared
Yelp files when present), contract, meals, dedup (the two Yelp releases of Boston in
../shared, when present) and chat on the committed sample. Every suite
becomes a list of `Figure`s with stable keys; `kairos.evals.gate` judges them against
`bench/baselines.json`.
A suite whose input is absent is reported as not run, never as passed.
"""

from __future__ import annotations

import time
from pathlib import Path

from pydantic import BaseModel
from rich.console import Console
from rich.table import Table

from kairos.evals.gate import FAILING, Figure, Verdict
from kairos.evals.suite_figures import (
    ALLERGEN_LINES,
    absa_figures,
    allergen_figures,
    allergen_line_figures,
    aspect_figures,
    contract_figures,
    decomposition_figures,
    file_tag,
    retrieval_figures,
)
from kairos.evals.suite_runs import (
    REVIEWS_SHARED,
    SuiteRun,
    operator_suite,
    ran,
    skipped,
    timed,
    trips_suite,
    venue_suites,
)

OFF_SAMPLE = Path("openfoodfacts/off_products_en_allergens_sample.jsonl.gz")
OFF_SHARED = ("off_products_en_allergens.jsonl.gz", "off_products_en_allergens_batch2.jsonl.gz")
ABSA_SHARED = Path("absa_restaurants/semeval2014_restaurants_train.jsonl.gz")
DECOMPOSITION_CASES = Path("tests/restaurants/decomposition_cases.py")
DECOMPOSITION_VOCABULARY = Path("tests/restaurants/vocabulary.json")


class AllReport(BaseModel):
    passed: bool
    verdicts: list[Verdict]
    suites: list[SuiteRun]
    baselines_file: str
    tolerance_points: float
    raised_baselines: list[str]
    seconds: float


async def collect(shared: Path, sample_dir: Path) -> tuple[list[Figure], list[SuiteRun]]:
    """Every fast suite's figures; inputs that are absent are recorded as not run."""
    from kairos.evals.absa import evaluate_absa
    from kairos.evals.allergens import HELD_OUT, READINGS, evaluate_allergens
    from kairos.evals.aspects import evaluate_aspects
    from kairos.evals.chat import chat_figures, evaluate_chat
    from kairos.evals.chat_catalogue import sample_files
    from kairos.evals.contract import evaluate_contract
    from kairos.evals.decomposition import evaluate_decomposition, load_cases
    from kairos.evals.retrieval import evaluate_retrieval
    from kairos.text.query.catalog_words import CatalogVocabulary

    figures: list[Figure] = []
    runs: list[SuiteRun] = []
    off_files = [sample_dir / OFF_SAMPLE, *(shared / "openfoodfacts" / n for n in OFF_SHARED)]
    for path in off_files:
        if path.is_file():

            def allergens(path: Path = path) -> list[Figure]:
                return [
                    figure
                    for reading in READINGS
                    for half in (None, HELD_OUT)
                    for figure in allergen_figures(
                        evaluate_allergens(path, reading, half), file_tag(path)
                    )
                ]

            figures += timed("allergens", path, runs, allergens)
        else:
            skipped("allergens", path, runs, "file absent")
    if ALLERGEN_LINES.is_file():
        figures += timed("allergen_lines", ALLERGEN_LINES, runs, allergen_line_figures)
    else:
        skipped("allergen_lines", ALLERGEN_LINES, runs, "run from the repository root")
    if DECOMPOSITION_CASES.is_file() and DECOMPOSITION_VOCABULARY.is_file():

        def decomposition() -> list[Figure]:
            vocabulary = CatalogVocabulary.from_json(DECOMPOSITION_VOCABULARY)
            report = evaluate_decomposition(load_cases(DECOMPOSITION_CASES), vocabulary)
            return decomposition_figures(report)

        figures += timed("decomposition", DECOMPOSITION_CASES, runs, decomposition)
    else:
        skipped("decomposition", DECOMPOSITION_CASES, runs, "run from the repository root")
    absa_file = shared / ABSA_SHARED
    if absa_file.is_file():
        figures += timed("absa", absa_file, runs, lambda: absa_figures(evaluate_absa(absa_file)))
    else:
        skipped("absa", absa_file, runs, "../shared absent; nothing of it is committed")
    reviews_dir = sample_dir / "restaurant_reviews"
    restaurants, reviews = reviews_dir / "restaurants.jsonl.gz", reviews_dir / "reviews.jsonl.gz"
    if restaurants.is_file() and reviews.is_file():

        def aspects() -> list[Figure]:
            return aspect_figures(evaluate_aspects(restaurants, reviews), "sample")

        figures += timed("aspects", reviews_dir, runs, aspects)
        started = time.perf_counter()
        retrieval = await evaluate_retrieval(restaurants, reviews)
        figures += retrieval_figures(retrieval, "sample")
        ran("retrieval", reviews_dir, runs, started)
    else:
        for suite in ("aspects", "retrieval"):
            skipped(suite, reviews_dir, runs, "sample absent")
    full_dir = shared / REVIEWS_SHARED
    full_places, full_reviews = full_dir / "restaurants.jsonl.gz", full_dir / "reviews.jsonl.gz"
    if full_places.is_file() and full_reviews.is_file():

        def full_aspects() -> list[Figure]:
            report = evaluate_aspects(full_places, full_reviews)
            return aspect_figures(report, "restaurant_reviews")

        figures += timed("aspects", full_dir, runs, full_aspects)
    else:
        skipped("aspects", full_dir, runs, "../shared absent")
    figures += venue_suites(shared, sample_dir, runs)
    figures += await operator_suite(runs)
    figures += await trips_suite(shared, sample_dir, runs)
    started = time.perf_counter()
    contract = await evaluate_contract()
    figures += contract_figures(contract)
    note = (
        f"{contract.turns} turns, p50 {contract.turn_ms_p50:.0f} ms, "
        f"p95 {contract.turn_ms_p95:.0f} ms"
    )
    ran("contract", "src/kairos/evals/data/contract_set.json", runs, started, note)
    from kairos.evals.meals import evaluate_meals, meals_figures

    recipes = shared / "recipes" / "recipes.jsonl.gz"
    if not recipes.is_file():
        recipes = sample_dir / "recipes" / "recipes.jsonl.gz"
    tag = "shared" if recipes.is_relative_to(shared) else "sample"
    figures += timed("meals", recipes, runs, lambda: meals_figures(evaluate_meals(recipes), tag))
    from kairos.evals.meals_speed import evaluate_meals_speed, speed_figures, store_ready

    # The full recipes' store takes ≈ 3 min to build once (`kairos eval meals --speed`); until
    # it exists the gate times the sample, whose embeddings ship with it.
    timed_recipes, speed_tag, note = recipes, tag, ""
    if tag == "shared" and not store_ready(recipes):
        timed_recipes = sample_dir / "recipes" / "recipes.jsonl.gz"
        speed_tag, note = "sample", "full store not built yet (kairos eval meals --speed); "
    started = time.perf_counter()
    speed = await evaluate_meals_speed(timed_recipes)
    figures += speed_figures(speed, speed_tag)
    note += (
        f"{speed.requests} requests: suggestions p95 {speed.suggest_p95:.0f} ms, "
        f"recipe p95 {speed.recipe_p95:.0f} ms"
    )
    ran("meals-speed", timed_recipes, runs, started, note)
    from kairos.evals.dedup import dedup_figures, evaluate_dedup

    yelp_2015, yelp_new = shared / "yelp", shared / REVIEWS_SHARED
    if (yelp_2015 / "boston_business.jsonl.gz").is_file() and yelp_new.is_dir():
        figures += timed(
            "dedup", yelp_2015, runs, lambda: dedup_figures(evaluate_dedup(yelp_2015, yelp_new))
        )
    else:
        skipped("dedup", yelp_2015, runs, "../shared absent; nothing of it is committed")
    started = time.perf_counter()
    chat = await evaluate_chat(sample_files())
    figures += chat_figures(chat, "sample")
    note = f"{chat.requests} requests, {chat.turns} turns, p95 {chat.turn_ms_p95:.0f} ms"
    ran("chat", sample_dir, runs, started, note)
    return figures, runs


def render_all(report: AllReport, console: Console) -> None:
    table = Table(
        title=f"kairos eval all — tolerance {report.tolerance_points:g} points "
        f"(1 point = 0.01 on [0, 1] figures)"
    )
    for column in ("figure", "value", "baseline", "Δ points", "floor", "target", "status"):
        table.add_column(column, justify="left" if column in ("figure", "status") else "right")
    colours = {
        "regressed": "red",
        "below floor": "red",
        "short of floor": "yellow",
        "improved": "green",
        "new": "cyan",
        "not run": "yellow",
    }

    def number(value: float | None) -> str:
        return "" if value is None else f"{value:.4g}"

    for v in report.verdicts:
        if v.status == "report only" and v.target is None and v.floor is None:
            continue  # kept in --json; the table shows what the gate and the goals read
        colour = colours.get(v.status)
        status = f"[{colour}]{v.status}[/]" if colour else v.status
        table.add_row(
            v.key,
            number(v.value),
            number(v.baseline),
            number(v.delta_points),
            number(v.floor),
            number(v.target),
            status,
        )
    # Rich clamps a print to the console's width; logs (CI) get a wider console of their own.
    wide = console if console.is_terminal else Console(file=console.file, width=132)
    wide.print(table)
    for run in report.suites:
        state = f"{run.seconds:.1f} s" if run.ran else f"[yellow]not run[/] ({run.note})"
        extra = f" — {run.note}" if run.ran and run.note else ""
        console.print(f"  {run.suite:<14} {run.input}: {state}{extra}", soft_wrap=True)
    for v in report.verdicts:
        if v.status in FAILING:
            console.print(f"[red]FAIL[/] {v.key}: {v.message}", soft_wrap=True)
        elif v.status == "short of floor":
            console.print(f"[yellow]SHORT[/] {v.key}: {v.message}", soft_wrap=True)
    if report.raised_baselines:
        console.print(
            f"raised or added {len(report.raised_baselines)} baselines in {report.baselines_file}"
        )
    verdict = "[green]gate passed[/]" if report.passed else "[red]gate FAILED[/]"
    console.print(f"{verdict} in {report.seconds:.0f} s")
