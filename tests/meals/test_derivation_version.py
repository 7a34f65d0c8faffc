"""A stored recipe is derived again when the engine's food knowledge changes: its content hash
carries a digest of `kairos/core/data`, so a new allergen word reaches recipes stored before it
at the next ingest (a recipe's `contains_allergens` and diets are stored)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from kairos.recipes import derive

ROW = {"title": "Chicken Marsala", "ingredients": ["1/2 cup Marsala wine", "2 chicken breasts"]}


def test_changed_food_knowledge_changes_every_recipe_hash(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    derive.rules_version.cache_clear()
    before = derive.content_hash(ROW)
    assert derive.content_hash(ROW) == before  # stable while nothing changes

    real = Path(str(derive.resources.files("kairos.core").joinpath("data")))
    copy = tmp_path / "core"
    shutil.copytree(real, copy / "data")
    words = copy / "data" / "derived_allergens.toml"
    words.write_text(words.read_text() + "\n# one more word\n")
    monkeypatch.setattr(derive.resources, "files", lambda package: copy)
    derive.rules_version.cache_clear()
    try:
        assert derive.content_hash(ROW) != before
    finally:
        monkeypatch.undo()
        derive.rules_version.cache_clear()
    assert derive.content_hash(ROW) == before
