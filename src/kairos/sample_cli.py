"""`kairos sample …`: cut the small real sample shipped in data/sample from the full data sets,
with the embeddings Kairos computes for it."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from kairos.progress_bar import RichProgress, progress_bar
from kairos.settings import get_settings

sample_app = typer.Typer(help="The small real sample shipped in data/sample.", no_args_is_help=True)
console = Console()


@sample_app.command("recipes")
def sample_recipes(
    source: Annotated[
        list[Path] | None,
        typer.Option(
            help="recipes.jsonl.gz or its folder; repeat for more sources (the first "
            "gives the seeded base, every one the common dishes)"
        ),
    ] = None,
    out: Annotated[Path, typer.Option(help="where the sample goes")] = Path("data/sample/recipes"),
    size: Annotated[int, typer.Option(min=10, max=2000)] = 300,
) -> None:
    """Cut the recipes sample (with the common dishes) and compute its embeddings with Kairos."""
    from kairos.ingest.common_dishes import coverage
    from kairos.ingest.recipe_sample import cut_recipe_sample
    from kairos.ingest.recipes import read_recipe_rows
    from kairos.text.embeddings import get_embedder

    sources = source or [Path("../shared/data/recipes"), Path("../shared/data/recipes_wikibooks")]
    count = cut_recipe_sample(sources, out, get_embedder(get_settings()), size)
    covered, listed, missing = coverage(read_recipe_rows(out))
    console.print(f"common dishes covered: {covered} of {listed}; missing: {', '.join(missing)}")
    console.print(f"{count} recipes and their embeddings written to {out}")


@sample_app.command("make")
def sample_make(
    source: Annotated[
        Path, typer.Option("--from", exists=True, file_okay=False, help="the shared data folder")
    ] = Path("../shared/data"),
    out: Annotated[Path, typer.Option(help="where the sample goes")] = Path("data/sample"),
) -> None:
    """Cut the sample from the full data sets and compute its review embeddings with Kairos."""
    from kairos.ingest.sample import cut_sample

    stats = cut_sample(source, out)
    console.print(f"cut {stats.places} places, {stats.reviews} reviews, "
                  f"{stats.metadata_places} metadata-only places into {out}")  # fmt: skip
    _cut_venues(source, out)
    _save_sample_embeddings(out, restaurants=True)


@sample_app.command("venues")
def sample_venues(
    source: Annotated[
        Path, typer.Option("--from", exists=True, file_okay=False, help="the shared data folder")
    ] = Path("../shared/data"),
    out: Annotated[Path, typer.Option(help="where the sample goes")] = Path("data/sample"),
) -> None:
    """Cut only the venue folders (yelp/, pois/) beside the restaurant sample already in OUT,
    and compute the tips' embeddings; the restaurant sample's files are left as they are."""
    _cut_venues(source, out)
    _save_sample_embeddings(out, restaurants=False)


def _cut_venues(source: Path, out: Path) -> None:
    from kairos.ingest.venue_sample import cut_venue_sample

    v = cut_venue_sample(source, out)
    console.print(f"cut {v.businesses} Yelp 2015 businesses ({v.merging} also in the restaurant "
                  f"sample), {v.tips} tips, {v.checkins} check-in rows, {v.mapping_rows} mapping "
                  f"rows, {v.inspections} inspections, {v.pois} POIs into {out}")  # fmt: skip


def _save_sample_embeddings(out: Path, *, restaurants: bool) -> None:
    """The restaurant sample's review vectors go to `embeddings.npz`, the tips' to
    `yelp/embeddings.npz`."""
    import tempfile

    from sqlalchemy import select

    from kairos.ingest.adapters.yelp_boston import SOURCE as YELP_2015
    from kairos.ingest.embedding_phase import keep_if_unchanged, save_embedding_file
    from kairos.registry import start_runtime
    from kairos.runtime import SAMPLE_EMBEDDINGS
    from kairos.store.tables import Review

    targets = {out / "yelp" / SAMPLE_EMBEDDINGS: True}
    if restaurants:
        targets[out / SAMPLE_EMBEDDINGS] = False
    before = {path: path.read_bytes() if path.exists() else None for path in targets}
    for path in targets:
        path.unlink(missing_ok=True)  # the ingest below computes every vector afresh

    async def run() -> None:
        with tempfile.TemporaryDirectory(prefix="kairos-sample-") as scratch:
            settings = get_settings().model_copy(
                update={"data_dir": Path(scratch), "database_url": None}
            )
            runtime = await start_runtime(settings, ingest_sample=False)
            try:
                with progress_bar(console) as bar:
                    await runtime.ingest_sample(out, progress=RichProgress(bar))
                async with runtime.db.session() as session:
                    rows = (await session.execute(select(Review.source, Review.content_hash))).all()
                for path, tips in targets.items():
                    hashes = [h for s, h in rows if s.startswith(YELP_2015) == tips]
                    saved = await save_embedding_file(runtime.db, path, hashes)
                    if keep_if_unchanged(path, before[path]):
                        console.print(f"{path}: the same {saved} review embeddings, unchanged")
                    else:
                        console.print(f"saved {saved} review embeddings to {path}")
            finally:
                await runtime.close()

    asyncio.run(run())
