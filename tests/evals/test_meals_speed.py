"""The coach's speed suite runs end to end on the sample (timings are reported, never
asserted: they depend on the machine's load)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from kairos.evals import meals_speed
from tests.conftest import SAMPLE_DIR

pytestmark = pytest.mark.slow


async def test_speed_suite_on_the_sample(monkeypatch: Any, tmp_path: Path) -> None:
    from kairos.settings import get_settings

    monkeypatch.setenv("KAIROS_DATA_DIR", str(tmp_path))
    monkeypatch.setattr(meals_speed, "DISH_REQUESTS", 16)
    monkeypatch.setattr(meals_speed, "PANTRY_REQUESTS", 8)
    monkeypatch.setattr(meals_speed, "PROFILES", 4)
    get_settings.cache_clear()
    try:
        report = await meals_speed.evaluate_meals_speed(SAMPLE_DIR / "recipes" / "recipes.jsonl.gz")
    finally:
        get_settings.cache_clear()
    assert 0 < report.requests <= 24 - meals_speed.WARM_UP
    assert report.recipes_served > 0 and report.suggest_p95 > 0 and report.recipe_p95 > 0
    assert report.build["recipes_written"] == 445
    assert report.build["recipes_embedded"] == 0  # the sample's vectors ship with it
    figures = {f.key: f for f in meals_speed.speed_figures(report, "sample")}
    assert figures["meals.speed.sample.suggest_p95_ms"].target == 50
    assert not figures["meals.speed.sample.recipe_p95_ms"].gated
