"""The `kairos` command."""

from __future__ import annotations

import asyncio
import json
import logging
import logging.config
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from kairos.errors import KairosError
from kairos.evals.cli import eval_app
from kairos.meals.cli import meals_app
from kairos.progress_bar import RichProgress, progress_bar
from kairos.sample_cli import sample_app
from kairos.settings import get_settings
from kairos.signals.cli import signals_app
from kairos.venues.cli import venues_app

app = typer.Typer(help="Kairos: personalised, allergy-safe recommendations.", no_args_is_help=True)
console = Console()
app.add_typer(eval_app, name="eval")
app.add_typer(sample_app, name="sample")
app.add_typer(signals_app, name="signals")
app.add_typer(meals_app, name="meals")
app.add_typer(venues_app, name="venues")
allergens_app = typer.Typer(help="The allergen knowledge the core reads.", no_args_is_help=True)
app.add_typer(allergens_app, name="allergens")


def _fail(message: str) -> typer.Exit:
    console.print(f"[red]error:[/red] {message}")
    return typer.Exit(code=2)


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="interface to bind")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="TCP port")] = 8000,
    workers: Annotated[
        int,
        typer.Option(
            min=1,
            max=32,
            help="server processes on the port (one per core); more than one "
            "needs KAIROS_REDIS_URL while rate limits are on, so that they count across all",
        ),
    ] = 1,
) -> None:
    """Run the API (embedded database started and sample ingested when needed)."""
    import uvicorn

    from kairos.api.app import create_app
    from kairos.api.drain import CANCEL_MARGIN_SECONDS, exit_zero_on_stop
    from kairos.api.server_logging import server_log_config
    from kairos.api.workers import (
        HEALTHCHECK_SECONDS,
        held_for_workers,
        http_protocol,
        run_workers,
        workers_refusal,
    )

    settings = get_settings()
    log_config = server_log_config(settings.log_level)
    logging.config.dictConfig(log_config)
    if (refusal := workers_refusal(settings, workers)) is not None:
        raise _fail(refusal)
    docs = f"  (docs: http://{host}:{port}/docs)" if settings.docs_enabled else ""
    console.print(f"Kairos on http://{host}:{port}{docs}")
    # Forwarded headers are believed only from KAIROS_TRUSTED_PROXIES (handled by the app).
    # Stopping, the app drains for the grace; uvicorn cancels what is left a margin later.
    stop_within = round(settings.shutdown_grace_seconds + CANCEL_MARGIN_SECONDS)
    exit_zero_on_stop()
    if workers == 1:
        app = create_app(settings)
        uvicorn.run(
            app, host=host, port=port, log_level="info", log_config=log_config,
            proxy_headers=False, server_header=False, http=http_protocol(),
            ws_max_size=settings.max_body_bytes,
            timeout_graceful_shutdown=stop_within,
        )  # fmt: skip
        return
    with held_for_workers(settings):
        run_workers(uvicorn.Config(
            "kairos.api.app:create_app", factory=True, workers=workers,
            host=host, port=port, log_level="info", log_config=log_config,
            proxy_headers=False, server_header=False, http=http_protocol(),
            ws_max_size=settings.max_body_bytes,
            timeout_graceful_shutdown=stop_within, timeout_worker_healthcheck=HEALTHCHECK_SECONDS,
        ))  # fmt: skip


@app.command("ingest")
def ingest_command(
    source: Annotated[
        str, typer.Argument(help="restaurant_reviews, yelp, yelp_metadata, pois or recipes")
    ],
    path: Annotated[Path, typer.Argument(help="file or folder of that data set", exists=True)],
    batch_size: Annotated[int, typer.Option(min=1, max=5000)] = 200,
    embed: Annotated[bool, typer.Option(help="compute missing review embeddings")] = True,
) -> None:
    """Ingest a real data set; idempotent and incremental."""
    from kairos.ingest.adapters import ADAPTER_NAMES
    from kairos.ingest.runner import ingest
    from kairos.registry import start_runtime

    if source == "recipes":
        _ingest_recipes(path, batch_size, embed)
        return
    if source not in ADAPTER_NAMES:
        names = ", ".join((*ADAPTER_NAMES, "recipes"))
        raise _fail(f"unknown source {source!r}; choose one of {names}")

    async def run() -> None:
        runtime = await start_runtime(get_settings(), ingest_sample=False)
        try:
            with progress_bar(console) as bar:
                report = await ingest(
                    runtime.db,
                    source,
                    path,
                    runtime.embedder if embed else None,
                    batch_size=batch_size,
                    progress=RichProgress(bar),
                )
        finally:
            await runtime.close()
        table = Table(title=f"ingest {source} {path}")
        for column in ("places", "new", "merged", "updated", "reviews", "check-ins",
                       "inspections", "embedded", "cached", "bad rows", "seconds"):  # fmt: skip
            table.add_column(column, justify="right")
        table.add_row(
            *map(
                str,
                (
                    report.places_read,
                    report.inserted,
                    report.merged,
                    report.updated,
                    report.reviews,
                    report.checkins,
                    report.inspections,
                    report.embeddings.computed,
                    report.embeddings.from_cache,
                    len(report.bad_rows),
                    f"{report.seconds:.1f}",
                ),
            )
        )
        console.print(table)
        for reason, count in report.bad_reasons().most_common():
            console.print(f"  skipped {count} row(s): {reason}")

    asyncio.run(run())


def _ingest_recipes(path: Path, batch_size: int, embed: bool) -> None:
    from kairos.ingest.recipes import ingest_recipes
    from kairos.registry import start_runtime

    async def run() -> None:
        runtime = await start_runtime(get_settings(), ingest_sample=False)
        try:
            with progress_bar(console) as bar:
                report = await ingest_recipes(
                    runtime.db, path, runtime.embedder if embed else None,
                    batch_size=min(batch_size, 500), progress=RichProgress(bar),
                )  # fmt: skip
        finally:
            await runtime.close()
        table = Table(title=f"ingest recipes {path}")
        for column in ("read", "written", "unchanged", "embedded", "cached", "bad rows", "seconds"):
            table.add_column(column, justify="right")
        table.add_row(
            *map(str, (report.read, report.written, report.unchanged, report.embedded,
                       report.from_cache, len(report.bad_rows), f"{report.seconds:.1f}"))
        )  # fmt: skip
        console.print(table)
        for bad in report.bad_rows[:20]:
            console.print(f"  skipped {bad}")

    asyncio.run(run())


@app.command()
def search(
    query: Annotated[str, typer.Argument(help="free text; may be empty")] = "",
    price: Annotated[list[str] | None, typer.Option(help="tier 1-4 or $..$$$$")] = None,
    category: Annotated[list[str] | None, typer.Option(help="cuisine or category")] = None,
    city: Annotated[str | None, typer.Option()] = None,
    area: Annotated[str | None, typer.Option()] = None,
    min_rating: Annotated[float | None, typer.Option(min=0, max=5)] = None,
    near: Annotated[str | None, typer.Option(help="LAT,LNG")] = None,
    km: Annotated[float, typer.Option(help="radius around --near")] = 2.0,
    exclude_allergen: Annotated[list[str] | None, typer.Option()] = None,
    limit: Annotated[int, typer.Option(min=1, max=200)] = 10,
    mode: Annotated[str, typer.Option(help="hybrid, text, vector or rating")] = "hybrid",
    as_json: Annotated[bool, typer.Option("--json")] = False,
) -> None:
    """Hybrid search over the catalog; prints a ranked table."""
    from pydantic import ValidationError

    from kairos.registry import start_runtime
    from kairos.search.filters import GeoPoint, SearchFilters

    try:
        point = None
        if near:
            lat, lng = (float(v) for v in near.split(","))
            point = GeoPoint(lat=lat, lng=lng)
        filters = SearchFilters(
            price_tiers=price or [], categories=category or [], city=city, area=area,
            min_rating=min_rating, near=point, radius_km=km if point else None,
            exclude_allergens=exclude_allergen or [],
        )  # fmt: skip
    except (ValueError, ValidationError) as exc:
        raise _fail(f"invalid filter: {exc}") from exc
    if mode not in ("hybrid", "text", "vector", "rating"):
        raise _fail("--mode must be hybrid, text, vector or rating")

    async def run() -> None:
        runtime = await start_runtime(get_settings())
        try:
            result = await runtime.search.search(query, filters, limit=limit, mode=mode)  # type: ignore[arg-type]
        finally:
            await runtime.close()
        if as_json:
            console.print_json(json.dumps(result.model_dump(mode="json")))
            return
        table = Table(title=f"{query or '(no text)'} · {result.strategy}")
        for column in ("#", "name", "categories", "price", "rating", "city", "why"):
            table.add_column(column)
        for hit in result.hits:
            p, why = hit.place, hit.why
            reason = ", ".join(why.matched_terms) or "/".join(why.arms)
            if why.similarity is not None:
                reason += f" (sim {why.similarity:.2f})"
            table.add_row(
                str(hit.rank), p.name, ", ".join(p.categories[:3]), p.price_tier or "-",
                f"{p.rating:.1f}" if p.rating is not None else "-", p.city or "-", reason,
            )  # fmt: skip
        console.print(table)
        if result.resolved:
            console.print(f"resolved filters: {result.resolved}")

    asyncio.run(run())


@app.command()
def migrate() -> None:
    """Apply database migrations (also done automatically at start-up)."""
    from kairos.store.database import Database
    from kairos.store.migrate import upgrade

    async def run() -> None:
        db = await Database.from_settings(get_settings())
        try:
            await upgrade(db)
        finally:
            await db.dispose()
        console.print("database is at the latest migration")

    asyncio.run(run())


@allergens_app.command("build-table")
def allergens_build_table(
    taxonomy: Annotated[
        Path,
        typer.Option(exists=True, file_okay=False, help="the Open Food Facts taxonomy folder"),
    ] = Path("../shared/data/off_taxonomy"),
) -> None:
    """Rebuild core/data/ingredient_allergens.tsv.gz from the Open Food Facts ingredients
    taxonomy and the kind rules of core/data/derived_allergens.toml."""
    from importlib import resources

    from kairos.ingest.allergen_taxonomy import build_from

    data = Path(str(resources.files("kairos.core").joinpath("data")))
    out = data / "ingredient_allergens.tsv.gz"
    rows = build_from(taxonomy, data / "derived_allergens.toml", out)
    console.print(f"wrote {rows} names to {out}")


def main() -> None:
    try:
        app()
    except KairosError as exc:
        console.print(f"[red]error:[/red] {exc.detail}")
        raise SystemExit(2) from exc
