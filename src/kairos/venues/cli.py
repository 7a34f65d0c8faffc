"""`kairos venues …`: the venue planner's offline builds (vibe vectors, the vibe model)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from kairos.progress_bar import RichProgress, progress_bar
from kairos.settings import get_settings

venues_app = typer.Typer(help="The venue planner (seed 002).", no_args_is_help=True)
console = Console()

SHARED_REVIEWS = Path("../shared/data/restaurant_reviews/restaurants.jsonl.gz")


@venues_app.command("build-vibes")
def build_vibes_command(
    force: Annotated[bool, typer.Option(help="recompute every vector, changed or not")] = False,
) -> None:
    """Compute the 52-d vibe vector of every place with embedded texts (incremental)."""
    from kairos.registry import start_runtime
    from kairos.venues.vibes.build import build_vibes

    async def run() -> None:
        runtime = await start_runtime(get_settings(), ingest_sample=False)
        try:
            with progress_bar(console) as bar:
                report = await build_vibes(runtime.db, progress=RichProgress(bar), force=force)
        finally:
            await runtime.close()
        console.print(
            f"{report.computed} vectors computed, {report.unchanged} unchanged, "
            f"{report.removed} removed, of {report.places_with_texts} places with texts, "
            f"in {report.seconds:.1f} s"
        )

    asyncio.run(run())


@venues_app.command("fit-vibes")
def fit_vibes_command(
    data: Annotated[
        Path,
        typer.Option(
            exists=True, dir_okay=False, help="restaurants.jsonl.gz of restaurant_reviews"
        ),
    ] = SHARED_REVIEWS,
    out: Annotated[Path | None, typer.Option(help="where to write the model")] = None,
) -> None:
    """Fit the vibe model on labelled places (embeddings cached under eval-cache/)."""
    from importlib import resources

    from kairos.evals.vibe_data import load_labelled
    from kairos.evals.vibes import to_venues
    from kairos.text.embeddings import get_embedder
    from kairos.venues.vibes.fitting import fit_model
    from kairos.venues.vibes.model import MODEL_FILE

    settings = get_settings()
    embedder = get_embedder(settings)
    cache = settings.data_dir / "eval-cache" / "embeddings"
    venues, embedded = to_venues(load_labelled(data), embedder, cache)
    model = fit_model(venues, embedder)
    target = out or Path(str(resources.files("kairos.venues").joinpath(MODEL_FILE)))
    model.save(target)
    console.print(f"fitted on {len(venues)} places ({embedded} texts embedded now) → {target}")
