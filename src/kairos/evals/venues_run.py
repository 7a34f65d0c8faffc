"""Runs the planner's measurements on the sample catalog or on a scratch venue catalog."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import text

from kairos.evals.scratch import Build, build_sample, sample_folder, scratch_runtime
from kairos.evals.venue_safety import SafetyReport, run_safety
from kairos.evals.venues_catalogue import VenueFiles, venue_build, venue_folder
from kairos.ingest.runner import ProgressSink
from kairos.runtime import Runtime

__all__ = ["ensure_vibes", "safety_on"]


async def ensure_vibes(runtime: Runtime, progress: ProgressSink | None = None) -> int:
    """Vibe vectors for every place with texts that lacks a current one."""
    from kairos.venues.vibes.build import build_vibes

    report = await build_vibes(runtime.db, progress=progress)
    return report.computed


async def _places(runtime: Runtime) -> int:
    async with runtime.db.reading() as session:
        return int((await session.execute(text("SELECT count(*) FROM places"))).scalar_one())


async def safety_on(
    shared: Path | None, *, groups: int, seed: int, progress: ProgressSink | None = None
) -> SafetyReport:
    build: Build
    if shared is None:
        folder, build, name = sample_folder(), build_sample, "sample"
    else:
        files = VenueFiles.under(shared)
        folder, name = venue_folder(files), str(shared)
        build = venue_build(files, folder, progress)
    async with scratch_runtime(folder, build, progress=progress) as (runtime, _):
        await ensure_vibes(runtime, progress)
        report = await run_safety(runtime, groups=groups, seed=seed)
        report.catalogue, report.places = name, await _places(runtime)
        return report
