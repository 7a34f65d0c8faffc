"""The retrieval suite: does search find what a person asks for?

`kairos eval retrieval --restaurants F --reviews F` ingests a blind copy of the files (see
`kairos.evals.retrieval_queries` for what is hidden and why) into a scratch embedded database
cached under `<data_dir>/eval-cache/`, then runs every query four ways — hybrid (text + vector,
fused), full-text only, vector only, rating only — and scores the rankings against the hidden
labels with binary nDCG@10 and recall@50 on condensed lists (`kairos.evals.ranking`).

Each ranking is the search's top 200 (its maximum); figures are means over the queries of a
family, and `overall` is the mean over all queries. recall@50 cannot reach 1 when more than 50
places are relevant, so each family also reports the best recall@50 any ranking could reach.
"""

from __future__ import annotations

import gzip
import json
import statistics
import time
from pathlib import Path

from pydantic import BaseModel
from rich.console import Console
from rich.table import Table
from sqlalchemy import text

from kairos.evals.ranking import condense, ndcg_at, recall_at, recall_ceiling
from kairos.evals.retrieval_queries import (
    HIDDEN_FIELDS,
    Key,
    RetrievalQuery,
    blind_row,
    build_queries,
    read_jsonl,
)
from kairos.evals.scratch import Build, cache_root, digest, scratch_runtime
from kairos.ingest.runner import ProgressSink, ingest
from kairos.runtime import Runtime
from kairos.search.filters import GeoPoint, SearchFilters
from kairos.search.hybrid import Mode

MODES: tuple[Mode, ...] = ("hybrid", "text", "vector", "rating")
DEPTH = 200
RECIPE = "retrieval-blind-v1 hidden=" + ",".join(HIDDEN_FIELDS)


class ArmFigures(BaseModel):
    ndcg_at_10: float
    recall_at_50: float


class QueryFigures(BaseModel):
    family: str
    query: str
    truth: str
    relevant: int
    judged: int
    near: tuple[float, float] | None = None
    arms: dict[str, ArmFigures]


class FamilyFigures(BaseModel):
    family: str
    queries: int
    mean_relevant: float
    recall_at_50_ceiling: float
    arms: dict[str, ArmFigures]


class RetrievalReport(BaseModel):
    restaurants_file: str
    reviews_file: str
    places: int
    reviews: int
    queries: int
    families: list[FamilyFigures]
    overall: FamilyFigures
    hybrid_beats: dict[str, bool]
    verdict: str
    per_query: list[QueryFigures]
    ms_per_search: dict[str, float]
    build: dict[str, object]
    seconds: float
    note: str = (
        "search sees names, city, address, coordinates, rating and review texts only; "
        "cuisines, attributes and price are hidden and used as ground truth"
    )


def scratch_folder(restaurants: Path, reviews: Path, root: Path | None = None) -> Path:
    return (root or cache_root()) / f"retrieval-{digest([restaurants, reviews], RECIPE)}"


def _blind_build(
    restaurants: Path, reviews: Path, folder: Path, progress: ProgressSink | None
) -> Build:
    async def build(runtime: Runtime) -> dict[str, object]:
        source = folder / "input"
        source.mkdir(parents=True, exist_ok=True)
        with gzip.open(source / "restaurants.jsonl.gz", "wt", encoding="utf-8") as out:
            for row in read_jsonl(restaurants):
                out.write(json.dumps(blind_row(row), ensure_ascii=False) + "\n")
        link = source / ("reviews.jsonl.gz" if reviews.suffix == ".gz" else "reviews.jsonl")
        link.unlink(missing_ok=True)
        link.symlink_to(reviews.resolve())
        report = await ingest(runtime.db, "restaurant_reviews", source, None, progress=progress)
        return {
            "places": report.places_read,
            "reviews": report.reviews,
            "bad_rows": len(report.bad_rows),
        }

    return build


async def _place_ids(runtime: Runtime) -> dict[Key, int]:
    async with runtime.db.session() as session:
        rows = await session.execute(text("SELECT source, source_id, place_id FROM place_sources"))
        return {(r.source, r.source_id): r.place_id for r in rows}


async def _counts(runtime: Runtime) -> tuple[int, int]:
    async with runtime.db.session() as session:
        places = (await session.execute(text("SELECT count(*) FROM places"))).scalar_one()
        reviews = (await session.execute(text("SELECT count(*) FROM reviews"))).scalar_one()
        return int(places), int(reviews)


def _mean(values: list[float]) -> float:
    return round(statistics.fmean(values), 4) if values else 0.0


def _family(name: str, rows: list[QueryFigures], relevant: list[int]) -> FamilyFigures:
    arms = {
        mode: ArmFigures(
            ndcg_at_10=_mean([q.arms[mode].ndcg_at_10 for q in rows]),
            recall_at_50=_mean([q.arms[mode].recall_at_50 for q in rows]),
        )
        for mode in MODES
    }
    return FamilyFigures(
        family=name,
        queries=len(rows),
        mean_relevant=round(statistics.fmean(relevant), 1) if relevant else 0.0,
        recall_at_50_ceiling=_mean([recall_ceiling(range(n), 50) for n in relevant]),
        arms=arms,
    )


async def _run_query(
    runtime: Runtime, query: RetrievalQuery, ids: dict[Key, int], timings: dict[str, list[float]]
) -> QueryFigures:
    relevant = {ids[k] for k in query.relevant if k in ids}
    judged = {ids[k] for k in query.judged if k in ids}
    filters = SearchFilters()
    if query.near is not None:
        point = GeoPoint(lat=query.near[0], lng=query.near[1])
        filters = SearchFilters(near=point, radius_km=query.radius_km)
    arms = {}
    for mode in MODES:
        started = time.perf_counter()
        result = await runtime.search.search(query.text, filters, limit=DEPTH, mode=mode)
        timings[mode].append((time.perf_counter() - started) * 1000)
        ranking = condense([hit.place.id for hit in result.hits], judged)
        arms[mode] = ArmFigures(
            ndcg_at_10=round(ndcg_at(ranking, relevant, 10), 4),
            recall_at_50=round(recall_at(ranking, relevant, 50), 4),
        )
    return QueryFigures(
        family=query.family,
        query=query.text,
        truth=query.truth,
        relevant=len(relevant),
        judged=len(judged),
        near=query.near,
        arms=arms,
    )


def _verdict(overall: FamilyFigures) -> tuple[dict[str, bool], str]:
    hybrid = overall.arms["hybrid"]
    beats: dict[str, bool] = {}
    for mode in MODES[1:]:
        other = overall.arms[mode]
        beats[f"ndcg_at_10 vs {mode}"] = hybrid.ndcg_at_10 > other.ndcg_at_10
        beats[f"recall_at_50 vs {mode}"] = hybrid.recall_at_50 > other.recall_at_50
    lost = [name for name, won in beats.items() if not won]
    if not lost:
        return beats, "hybrid beats every single arm on both figures"
    return beats, "hybrid does NOT beat every single arm: " + ", ".join(lost)


async def evaluate_retrieval(
    restaurants: Path,
    reviews: Path,
    *,
    progress: ProgressSink | None = None,
    cache: Path | None = None,
) -> RetrievalReport:
    """`cache` is the folder of scratch databases (default `<data_dir>/eval-cache`)."""
    for path, flag in ((restaurants, "--restaurants"), (reviews, "--reviews")):
        if not path.is_file():
            raise FileNotFoundError(f"no file at {path}; pass {flag} with a JSONL(.gz) file")
    started = time.perf_counter()
    queries = build_queries(restaurants)
    folder = scratch_folder(restaurants, reviews, cache)
    build = _blind_build(restaurants, reviews, folder, progress)
    async with scratch_runtime(folder, build, progress=progress) as (runtime, info):
        ids = await _place_ids(runtime)
        places, review_count = await _counts(runtime)
        timings: dict[str, list[float]] = {mode: [] for mode in MODES}
        rows = [await _run_query(runtime, q, ids, timings) for q in queries]
    families = []
    for name in dict.fromkeys(q.family for q in rows):
        members = [q for q in rows if q.family == name]
        families.append(_family(name, members, [q.relevant for q in members]))
    overall = _family("overall", rows, [q.relevant for q in rows])
    beats, verdict = _verdict(overall)
    return RetrievalReport(
        restaurants_file=str(restaurants),
        reviews_file=str(reviews),
        places=places,
        reviews=review_count,
        queries=len(rows),
        families=families,
        overall=overall,
        hybrid_beats=beats,
        verdict=verdict,
        per_query=rows,
        ms_per_search={m: round(statistics.median(t), 2) for m, t in timings.items() if t},
        build=info,
        seconds=round(time.perf_counter() - started, 1),
    )


def _cell(family: FamilyFigures, mode: str) -> str:
    """nDCG@10 / recall@50 of one arm, each in bold where it is the family's best."""
    arm = family.arms[mode]
    ndcg, recall = f"{arm.ndcg_at_10:.3f}", f"{arm.recall_at_50:.3f}"
    if arm.ndcg_at_10 == max(a.ndcg_at_10 for a in family.arms.values()):
        ndcg = f"[bold]{ndcg}[/]"
    if arm.recall_at_50 == max(a.recall_at_50 for a in family.arms.values()):
        recall = f"[bold]{recall}[/]"
    return f"{ndcg} / {recall}"


def render_retrieval_report(report: RetrievalReport, console: Console) -> None:
    table = Table(
        title=f"Retrieval — {report.queries} queries over {report.places} places, "
        f"{report.reviews} reviews (labels hidden from search); cells: nDCG@10 / recall@50"
    )
    table.add_column("family")
    table.add_column("queries", justify="right")
    table.add_column("|R|", justify="right")
    for mode in MODES:
        table.add_column(mode, justify="right")
    table.add_column("R@50 ceiling", justify="right")
    for fam in [*report.families, report.overall]:
        table.add_row(
            fam.family,
            str(fam.queries),
            f"{fam.mean_relevant:.0f}",
            *(_cell(fam, m) for m in MODES),
            f"{fam.recall_at_50_ceiling:.3f}",
        )
    console.print(table)
    colour = "green" if all(report.hybrid_beats.values()) else "red"
    console.print(f"[{colour}]{report.verdict}[/]")
    timings = ", ".join(f"{m} {v:.1f}" for m, v in report.ms_per_search.items())
    console.print(f"median ms per search (top {DEPTH}): {timings}")
    console.print(report.note)
