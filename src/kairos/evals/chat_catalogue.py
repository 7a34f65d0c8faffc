"""The catalogue the chat suite talks to, and the way back from a shown place to its source rows.

Unlike the retrieval suite, the catalogue is not blinded: the chat product is meant to use
categories, attributes and prices, and the hidden checks run it on a catalogue built the same way
from files it has never seen. What Kairos never sees is which places answer a request — that is
decided here, from the source rows, after the answer.

The committed sample reuses the app's own sample database (`scratch.sample_folder`, shared with
the contract suite, embeddings shipped); other files get a scratch database under
`eval-cache/chat-<digest>/`, seeded with every embedding an earlier build exported.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy import text

from kairos.evals.chat_truth import TruthPlace, merge
from kairos.evals.scratch import Build, build_sample, cache_root, digest, sample_folder
from kairos.ingest.runner import ProgressSink, ingest
from kairos.runtime import Runtime
from kairos.settings import Settings, get_settings

RECIPE = "chat-catalogue-v1"


@dataclass(frozen=True)
class ChatFiles:
    restaurants: Path
    reviews: Path
    metadata: Path | None
    # Further place files the catalogue holds (the sample's Yelp 2015 businesses and points of
    # interest): read for truth only, so an answer naming one of their places is graded.
    extra: tuple[Path, ...] = ()

    def paths(self) -> list[Path]:
        return [self.restaurants, self.reviews, *([self.metadata] if self.metadata else []),
                *self.extra]  # fmt: skip

    def request_paths(self) -> list[Path]:
        """Requests are drawn from the restaurant files only; `extra` only grades answers."""
        return [self.restaurants, *([self.metadata] if self.metadata else [])]

    def truth_paths(self) -> list[Path]:
        return [*self.request_paths(), *self.extra]


def sample_files(settings: Settings | None = None) -> ChatFiles:
    sample = (settings or get_settings()).sample_dir
    metadata = sample / "yelp_metadata" / "yelp_restaurants_metadata.jsonl.gz"
    return ChatFiles(
        restaurants=sample / "restaurant_reviews" / "restaurants.jsonl.gz",
        reviews=sample / "restaurant_reviews" / "reviews.jsonl.gz",
        metadata=metadata if metadata.is_file() else None,
        extra=tuple(
            p
            for p in (
                sample / "yelp" / "boston_business.jsonl.gz",
                sample / "pois" / "pois.jsonl.gz",
            )
            if p.is_file()
        ),
    )


def is_sample(files: ChatFiles, settings: Settings | None = None) -> bool:
    sample = sample_files(settings)
    return [p.resolve() for p in files.paths()] == [p.resolve() for p in sample.paths()]


def catalogue_folder(files: ChatFiles, cache: Path | None = None) -> Path:
    if cache is None and is_sample(files):
        return sample_folder()
    return (cache or cache_root()) / f"chat-{digest(files.paths(), RECIPE)}"


def _link(folder: Path, name: str, target: Path) -> None:
    link = folder / (f"{name}.jsonl.gz" if target.suffix == ".gz" else f"{name}.jsonl")
    link.unlink(missing_ok=True)
    link.symlink_to(target.resolve())


def catalogue_build(
    files: ChatFiles, folder: Path, progress: ProgressSink | None, *, sample: bool = False
) -> Build:
    """Ingest the restaurants with their reviews, then the metadata-only places."""
    if sample:
        return build_sample

    async def build(runtime: Runtime) -> dict[str, object]:
        source = folder / "input"
        source.mkdir(parents=True, exist_ok=True)
        _link(source, "restaurants", files.restaurants)
        _link(source, "reviews", files.reviews)
        started = time.perf_counter()
        main = await ingest(runtime.db, "restaurant_reviews", source, None, progress=progress)
        info: dict[str, object] = {
            "restaurant_rows": main.places_read,
            "reviews": main.reviews,
            "bad_rows": len(main.bad_rows),
        }
        if files.metadata is not None:
            extra = await ingest(runtime.db, "yelp_metadata", files.metadata, None,
                                 progress=progress)  # fmt: skip
            info["metadata_rows"] = extra.places_read
            info["metadata_merged"] = extra.merged
            info["bad_rows"] = len(main.bad_rows) + len(extra.bad_rows)
        runtime.catalog.invalidate()
        info["ingest_seconds_total"] = round(time.perf_counter() - started, 1)
        return info

    return build


async def place_truth(runtime: Runtime, truth: dict[str, TruthPlace]) -> dict[int, TruthPlace]:
    """Place id -> the merged truth of every source row Kairos folded into that place."""
    async with runtime.db.session() as session:
        rows = await session.execute(text("SELECT place_id, source_id FROM place_sources"))
        pairs = [(int(r.place_id), str(r.source_id)) for r in rows]
    mapped: dict[int, TruthPlace] = {}
    for place_id, source_id in sorted(pairs):
        found = truth.get(source_id)
        if found is None:
            continue
        known = mapped.get(place_id)
        mapped[place_id] = found if known is None else merge(known, found)
    return mapped


async def catalogue_counts(runtime: Runtime) -> tuple[int, int]:
    async with runtime.db.session() as session:
        places = (await session.execute(text("SELECT count(*) FROM places"))).scalar_one()
        reviews = (await session.execute(text("SELECT count(*) FROM reviews"))).scalar_one()
        return int(places), int(reviews)
