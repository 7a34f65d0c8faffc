"""`kairos eval …` commands of the suites scored against labelled data: allergens, allergen
lines, absa, aspects, decomposition, venue vibes, retrieval, meals, chat and dedup."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Annotated

import typer

from kairos.evals.cli_options import (
    SAMPLE_REVIEWS_DIR,
    ExistingFile,
    Json,
    Restaurants,
    Reviews,
    build_progress,
    console,
    emit,
)


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
    emit(report, as_json, render_allergen_report)


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
    emit(evaluate_lines(data, part), as_json, render_lines_report)


def absa(data: ExistingFile, as_json: Json = False) -> None:
    """SemEval-2014 aspect-category detection and polarity, with the radar's aspect machinery."""
    from kairos.evals.absa import evaluate_absa, render_absa_report

    emit(evaluate_absa(data), as_json, render_absa_report)


def aspects(
    restaurants: Restaurants = SAMPLE_REVIEWS_DIR / "restaurants.jsonl.gz",
    reviews: Reviews = SAMPLE_REVIEWS_DIR / "reviews.jsonl.gz",
    as_json: Json = False,
) -> None:
    """ROC AUC / Spearman of the review-derived radar scores against Yelp's labels."""
    from kairos.evals.aspects import evaluate_aspects, render_aspect_report

    emit(evaluate_aspects(restaurants, reviews), as_json, render_aspect_report)


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
    emit(report, as_json, render_vibe_report)


def retrieval(
    restaurants: Restaurants = SAMPLE_REVIEWS_DIR / "restaurants.jsonl.gz",
    reviews: Reviews = SAMPLE_REVIEWS_DIR / "reviews.jsonl.gz",
    as_json: Json = False,
) -> None:
    """nDCG@10 and recall@50 of hybrid, text, vector and rating ranking against hidden labels."""
    import asyncio

    from kairos.evals.retrieval import evaluate_retrieval, render_retrieval_report

    with build_progress() as progress:
        report = asyncio.run(evaluate_retrieval(restaurants, reviews, progress=progress))
    emit(report, as_json, render_retrieval_report)


SAMPLE_METADATA = Path("data/sample/yelp_metadata/yelp_restaurants_metadata.jsonl.gz")


SHARED_RECIPES = Path("../shared/data/recipes/recipes.jsonl.gz")
SAMPLE_RECIPES = Path("data/sample/recipes/recipes.jsonl.gz")


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
    with build_progress() as progress:
        report = asyncio.run(evaluate_chat(files, per_family=per_family, progress=progress))
    emit(report, as_json, render_chat_report)


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

    emit(evaluate_dedup(data_2015, data_new), as_json, render_dedup_report)
