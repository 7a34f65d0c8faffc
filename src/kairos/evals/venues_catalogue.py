"""A venue catalog for the planner's measurements: every venue source in one scratch database.

`../shared/data` (or any folder laid out the same way): `restaurant_reviews/` (restaurants with
reviews, plus the metadata-only Yelp file), `yelp/` (Boston businesses, tips, check-ins,
inspections) and `pois/`. Built once per set of input bytes under `eval-cache/venues-<digest>/`,
seeded with the embeddings earlier builds exported; then the vibe vectors are built.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path

from kairos.evals.chat_catalogue import ChatFiles, catalogue_build
from kairos.evals.scratch import Build, cache_root, digest
from kairos.ingest.runner import ProgressSink, ingest
from kairos.runtime import Runtime

__all__ = ["VenueFiles", "venue_build", "venue_folder"]

RECIPE = "venues-catalogue-v2"  # v2: opening hours in the Yelp attributes


@dataclass(frozen=True)
class VenueFiles:
    chat: ChatFiles
    yelp: Path | None
    pois: Path | None

    @classmethod
    def under(cls, shared: Path) -> VenueFiles:
        reviews = shared / "restaurant_reviews"
        metadata = reviews / "yelp_restaurants_metadata.jsonl.gz"
        pois = shared / "pois" / "pois.jsonl.gz"
        return cls(
            chat=ChatFiles(
                restaurants=reviews / "restaurants.jsonl.gz",
                reviews=reviews / "reviews.jsonl.gz",
                metadata=metadata if metadata.exists() else None,
            ),
            yelp=shared / "yelp" if (shared / "yelp").is_dir() else None,
            pois=pois if pois.exists() else None,
        )

    def paths(self) -> list[Path]:
        extra = sorted(p for p in self.yelp.iterdir() if p.is_file()) if self.yelp else []
        return [*self.chat.paths(), *extra, *([self.pois] if self.pois else [])]


def venue_folder(files: VenueFiles, cache: Path | None = None) -> Path:
    return (cache or cache_root()) / f"venues-{digest(files.paths(), RECIPE)}"


def venue_build(files: VenueFiles, folder: Path, progress: ProgressSink | None) -> Build:
    restaurants = catalogue_build(files.chat, folder, progress)

    async def build(runtime: Runtime) -> dict[str, object]:
        info = await restaurants(runtime)
        started = time.perf_counter()
        if files.yelp is not None:
            yelp = await ingest(runtime.db, "yelp", files.yelp, None, progress=progress)
            info["yelp_rows"], info["yelp_merged"] = yelp.places_read, yelp.merged
        if files.pois is not None:
            pois = await ingest(runtime.db, "pois", files.pois, None, progress=progress)
            info["poi_rows"], info["poi_merged"] = pois.places_read, pois.merged
        runtime.catalog.invalidate()
        info["venue_ingest_seconds"] = round(time.perf_counter() - started, 1)
        return info

    return build
