"""Shops, housing, stations and murals on a wall are no stops (issue 35: "Gracious Heritage",
The Interlace, shophouses, a station and an art shop were planned as sights). The cases are a
table (`data/not_sight_cases.tsv`) written from what a traveller would go to see, not read
from the rule table the code uses."""

from __future__ import annotations

import csv
from pathlib import Path
from typing import Any

import pytest

from kairos.core.notability import not_a_sight

CASES = Path(__file__).parent / "data" / "not_sight_cases.tsv"


def _cases() -> list[dict[str, str]]:
    with CASES.open(encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle, delimiter="\t"))


def _attributes(case: dict[str, str]) -> dict[str, Any]:
    raw: dict[str, Any] = {"category": case["kind"]}
    if case["labels"]:
        raw["category_raw"] = case["labels"].split("|")
    if case["osm_tags"]:
        raw["osm_tags"] = dict(kv.split("=", 1) for kv in case["osm_tags"].split(";"))
        raw["osm_tags"]["name"] = case["name"]
    if case["description"]:
        raw["description"] = case["description"]
    if case["notability_basis"]:
        raw["notability_basis"] = case["notability_basis"]
    return {"poi": {case["source"]: raw}}


@pytest.mark.parametrize("case", _cases(), ids=lambda c: c["name"])
def test_a_place_is_a_sight_as_a_traveller_would_say(case: dict[str, str]) -> None:
    why = not_a_sight(case["name"], case["kind"], _attributes(case))
    if case["expect"] == "not":
        assert why is not None, f"{case['name']} planned as a sight"
    else:
        assert why is None, f"{case['name']} left out: {why}"
