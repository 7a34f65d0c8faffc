"""Vibe vectors in the real embedded database: built at sample ingest, read, ranked, searched."""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy import text

from kairos.store.venue_vibes import heatmap, similar_vibes, vibes
from kairos.venues.vibes.build import build_vibes, compute_vibe


async def _ids(runtime: Any) -> list[int]:
    async with runtime.db.session() as session:
        rows = await session.execute(text("SELECT place_id FROM venue_vibes ORDER BY place_id"))
        return [int(r[0]) for r in rows]


async def test_the_sample_ingest_leaves_a_vector_per_place_with_texts(runtime: Any) -> None:
    assert await _ids(runtime), "the sample ingest (Runtime.ingest_sample) built no vectors"
    await build_vibes(runtime.db)  # other tests of the session may have added reviews since
    async with runtime.db.session() as session:
        with_texts = (
            await session.execute(
                text("SELECT count(DISTINCT place_id) FROM reviews WHERE embedding IS NOT NULL")
            )
        ).scalar_one()
    ids = await _ids(runtime)
    assert with_texts > 0 and len(ids) == with_texts
    stored = await vibes(runtime.db, place_ids=ids[:5])
    assert sorted(stored) == ids[:5]
    one = stored[ids[0]]
    assert len(one.vibe) == 52 and all(0 <= v <= 1 for v in one.vibe)
    assert one.primary_vibe and 0 < one.confidence <= 1 and one.texts > 0


async def test_a_second_build_computes_nothing_and_force_everything(runtime: Any) -> None:
    await build_vibes(runtime.db)
    again = await build_vibes(runtime.db)
    assert again.computed == 0 and again.unchanged == again.places_with_texts
    forced = await build_vibes(runtime.db, force=True)
    assert forced.computed == forced.places_with_texts


async def test_heatmap_ranks_one_dimension_best_first(runtime: Any) -> None:
    points = await heatmap(runtime.db, index=4, limit=20)
    assert points and len(points) <= 20
    scores = [p.score for p in points]
    assert scores == sorted(scores, reverse=True)
    stored = await vibes(runtime.db, place_ids=[points[0].place_id])
    assert stored[points[0].place_id].vibe[4] == pytest.approx(points[0].score, abs=1e-3)
    with pytest.raises(ValueError, match=r"0\.\.51"):
        await heatmap(runtime.db, index=52)


async def test_similar_vibes_finds_the_place_itself_first(runtime: Any) -> None:
    place = (await _ids(runtime))[0]
    vector = (await vibes(runtime.db, place_ids=[place]))[place].vibe
    found = await similar_vibes(runtime.db, vector=vector, limit=3)
    assert found[0].place_id == place and found[0].similarity == pytest.approx(1.0, abs=1e-3)
    others = await similar_vibes(runtime.db, vector=vector, exclude=[place], limit=3)
    assert place not in [f.place_id for f in others]


async def test_on_demand_vector_matches_the_stored_one(runtime: Any) -> None:
    async with runtime.db.session() as session:
        place = (
            await session.execute(
                text("SELECT place_id FROM venue_vibes WHERE texts <= 40 ORDER BY place_id LIMIT 1")
            )
        ).scalar_one()
    computed = await compute_vibe(runtime.db, place_id=place)
    stored = (await vibes(runtime.db, place_ids=[place]))[place]
    assert computed is not None
    assert computed.primary == stored.primary_vibe
    assert computed.scores == pytest.approx(stored.vibe, abs=1e-4)
    assert await compute_vibe(runtime.db, place_id=-1) is None
