"""Places to eat in the sample (issue 35: Kathmandu's cut held none, so no trip there had a
meal): a lodging whose name says it serves food is read as a restaurant, and a city whose
40 rows hold few places to eat takes more of them from its source."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

from kairos.ingest.adapters.pois import place_from_poi
from kairos.ingest.sample import _stable_key
from kairos.ingest.venue_sample import _cut_pois


def _row(poi_id: str, name: str, category: str) -> dict[str, object]:
    return {
        "poi_id": poi_id, "source": "osm_kathmandu", "city": "Kathmandu Valley",
        "country": "NP", "name": name, "category": category, "lat": 27.71, "lon": 85.31,
        "osm_tags": {"tourism": "hotel" if category == "lodging" else "attraction"},
    }  # fmt: skip


def test_a_lodging_that_serves_food_is_a_place_to_eat() -> None:
    eats = [
        "Dipika Guest House and Restaurant", "Om Lumbini Hygienic Food Centre",
        "Beni Bhojanalaya and Guest House", "Roadhouse Cafe / Hotel Roadhouse",
        "Hotel New basuki and resturant",
    ]  # fmt: skip
    for i, name in enumerate(eats):
        assert place_from_poi(_row(f"e{i}", name, "lodging")).kind == "restaurant", name
    for i, name in enumerate(["Hotel Yak and Yeti", "Kathmandu Guest House", "Zostel"]):
        assert place_from_poi(_row(f"l{i}", name, "lodging")).kind == "lodging", name


def test_a_city_with_few_places_to_eat_in_its_cut_takes_more(tmp_path: Path) -> None:
    shared, out = tmp_path / "shared", tmp_path / "sample"
    (shared / "pois").mkdir(parents=True)
    sights = [_row(f"s{i:03d}", f"Temple {i}", "religious_site") for i in range(60)]
    eats = [_row(f"e{i:03d}", f"Guest House {i} and Restaurant", "lodging") for i in range(20)]
    with gzip.open(shared / "pois" / "pois.jsonl.gz", "wt") as handle:
        handle.writelines(json.dumps(r) + "\n" for r in [*sights, *eats])
    written = _cut_pois(shared, out)
    with gzip.open(out / "pois" / "pois.jsonl.gz", "rt") as handle:
        kept = [json.loads(line) for line in handle]
    assert written == len(kept)
    eating = [r for r in kept if r["name"].endswith("Restaurant")]
    assert len(eating) >= 12, len(eating)
    assert len(kept) == 60 + len(eating)  # every sight (fewer than 100), eats topped up
    assert 12 <= len(eating) <= 40


def test_a_city_cut_holds_its_most_notable_sights_not_only_seeded_rows(tmp_path: Path) -> None:
    """Issue 35: Delhi's 40 seeded rows kept 11 places to visit, so days ended before noon at
    statues; the cut adds the city's most notable places to visit, never a business."""
    shared, out = tmp_path / "shared", tmp_path / "sample"
    (shared / "pois").mkdir(parents=True)
    eats = [_row(f"a{i:03d}", f"Dhaba {i}", "restaurant") for i in range(300)]
    forts = [
        {**_row(f"f{i:03d}", f"Old Fort {i}", "historic_site"),
         "osm_tags": {"historic": "fort", "wikidata": f"Q{i}"}}
        for i in range(30)
    ]  # fmt: skip
    shops = [
        {**_row(f"s{i:03d}", f"Sharma Handicraft Shop {i}", "attraction"),
         "osm_tags": {"tourism": "attraction", "wikidata": f"Q9{i}"}}
        for i in range(30)
    ]  # fmt: skip
    with gzip.open(shared / "pois" / "pois.jsonl.gz", "wt") as handle:
        handle.writelines(json.dumps(r) + "\n" for r in [*eats, *forts, *shops])
    _cut_pois(shared, out)
    with gzip.open(out / "pois" / "pois.jsonl.gz", "rt") as handle:
        kept = {json.loads(line)["poi_id"] for line in handle}
    assert {f["poi_id"] for f in forts} <= kept
    seeded = sorted([*eats, *forts, *shops], key=lambda r: _stable_key(str(r["poi_id"])))[:40]
    shops_kept = kept & {s["poi_id"] for s in shops}
    assert shops_kept <= {r["poi_id"] for r in seeded}  # only what the seeded order drew
    assert len(kept) <= 40 + 30
