"""The sample's notable landmarks (`data/sample/pois_notable/`): a site its source places in no
city joins the cut when it lies near a city Kairos knows, and not when it lies far from every
one; rows are written unchanged."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

from kairos.ingest.venue_sample import _cut_notable


def _row(poi_id: str, lat: float, lon: float, city: str | None = None) -> dict[str, object]:
    return {
        "poi_id": poi_id, "source": "unesco_whc_2021", "city": city, "country": "IN",
        "name": poi_id, "category": "historic_site", "lat": lat, "lon": lon,
        "notability_basis": "UNESCO World Heritage Site",
    }  # fmt: skip


def test_a_site_in_no_city_near_a_known_city_joins_the_cut(tmp_path: Path) -> None:
    shared, out = tmp_path / "shared", tmp_path / "sample"
    (shared / "pois_notable").mkdir(parents=True)
    rows = [
        _row("labelled", 28.59, 77.25, city="Delhi"),
        _row("near_delhi", 28.6562, 77.2410),  # 5 km from the centre
        _row("in_agra", 27.1751, 78.0421),  # ~180 km from Delhi
    ]
    with gzip.open(shared / "pois_notable" / "pois_notable.jsonl.gz", "wt") as handle:
        handle.writelines(json.dumps(r) + "\n" for r in rows)
    assert _cut_notable(shared, out) == 2
    with gzip.open(out / "pois_notable" / "pois_notable.jsonl.gz", "rt") as handle:
        kept = [json.loads(line) for line in handle]
    assert [r["poi_id"] for r in kept] == ["labelled", "near_delhi"]
    assert kept[1]["city"] is None  # unchanged: the adapter names its city at ingest
