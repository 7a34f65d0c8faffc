"""`kairos meals suggest` runs the same coach as the API, against the test database."""

from __future__ import annotations

import json
from typing import Any

from typer.testing import CliRunner

from kairos.cli import app
from kairos.settings import Settings


def test_suggest_with_an_inline_profile(settings: Settings, runtime: Any, monkeypatch: Any) -> None:
    monkeypatch.setenv("KAIROS_DATA_DIR", str(settings.data_dir))
    monkeypatch.setenv("KAIROS_SAMPLE_DIR", str(settings.sample_dir))
    from kairos.settings import get_settings

    get_settings.cache_clear()
    try:
        profile = json.dumps({"allergies": {"confirmed": ["dairy"]}})
        result = CliRunner().invoke(
            app,
            ["meals", "suggest", "mac and cheese", "--profile", profile, "--recipe", "s1",
             "--json"],
        )  # fmt: skip
    finally:
        get_settings.cache_clear()
    assert result.exit_code == 0, result.output
    out = json.loads(result.output)
    assert out["answer"]["ui_type"] == "suggestions"
    assert out["answer"]["context"]["avoided_allergens"] == ["dairy"]
    assert (
        out["recipe"]["recipe"]["recipe_id"]
        == out["answer"]["suggestions"][0]["source_recipe_ids"][0]
    )
