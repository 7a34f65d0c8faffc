"""The retrieval suite: its metrics by hand, its queries from hidden labels, and one end-to-end run
on a tiny split (real embedded database, real embeddings)."""

from __future__ import annotations

import gzip
import json
import math
import tempfile
from pathlib import Path
from typing import Any

import pytest

from kairos.evals.ranking import condense, ndcg_at, recall_at, recall_ceiling
from kairos.evals.retrieval import MODES, evaluate_retrieval
from kairos.evals.retrieval_queries import (
    HIDDEN_FIELDS,
    attribute_queries,
    blind_row,
    cuisine_queries,
    geo_queries,
    read_places,
)


def test_condensed_ndcg_and_recall_match_hand_computed_values() -> None:
    assert condense([5, 1, 9, 1, 2], judged={1, 2, 5}) == [5, 1, 2]
    assert ndcg_at([1, 2, 3], {1, 2}, 10) == pytest.approx(1.0)
    dcg = 1 / math.log2(3)  # one relevant item at rank 2
    assert ndcg_at([9, 1], {1}, 10) == pytest.approx(dcg / 1.0)
    assert ndcg_at([9, 1], {1, 2}, 1) == 0.0
    assert recall_at([1, 9, 2], {1, 2, 3, 4}, 2) == 0.25
    assert recall_ceiling(range(100), 50) == 0.5 and recall_ceiling(range(10), 50) == 1.0
    assert ndcg_at([1], set(), 10) == 0.0


def write(path: Path, rows: list[dict[str, Any]]) -> Path:
    with gzip.open(path, "wt", encoding="utf-8") as handle:
        handle.writelines(json.dumps(r) + "\n" for r in rows)
    return path


def yelp(rid: str, name: str, cuisines: list[str], lat: float, **attributes: Any) -> dict[str, Any]:
    return {
        "restaurant_id": rid, "source": "yelp_boston_cambridge", "name": name, "city": "Boston",
        "lat": lat, "lng": -71.06, "cuisines": cuisines, "price_level": 2, "rating": 4.0,
        "attributes": attributes,
    }  # fmt: skip


PLACES = [
    yelp("a", "Golden Bowl", ["Thai"], 42.3600, NoiseLevel="quiet"),
    yelp("b", "Lotus Room", ["Thai"], 42.3601, NoiseLevel="quiet"),
    yelp("c", "Siam Corner", ["Thai", "Noodles"], 42.3602, NoiseLevel="loud"),
    yelp("d", "Joe's", ["Pizza"], 42.3603, NoiseLevel="loud"),
    yelp("e", "Slice House", ["Pizza"], 42.3604, NoiseLevel="loud"),
    yelp("f", "Corner Deli", ["Sandwiches"], 42.3605, NoiseLevel="quiet"),
    yelp("g", "Far Away", ["Thai"], 42.5000, NoiseLevel="average"),
]
FILLERS = ["Burgers", "Salad", "Bakeries", "Vegan", "Diners", "Tacos", "Ramen", "Soup", "Bagels"]
PLACES += [yelp(f"z{i}", f"Place {i}", [c], 42.6 + i / 10) for i, c in enumerate(FILLERS)]
TEXTS = {
    "a": "Lovely pad thai and green curry, a calm quiet room where we could talk.",
    "b": "Quiet little place, the thai basil chicken was great.",
    "c": "Loud music, but the thai noodles were spicy and good.",
    "d": "Great pizza, crispy crust, very loud on game nights.",
    "e": "Pizza slices to go, noisy and crowded.",
    "f": "Quiet deli, good sandwiches and soup.",
    "g": "Thai curry, friendly staff.",
    **{f"z{i}": f"Good {c.lower()}, nice people." for i, c in enumerate(FILLERS)},
}


def test_queries_come_from_labels_and_the_blind_copy_hides_them(tmp_path: Path) -> None:
    path = write(tmp_path / "restaurants.jsonl.gz", PLACES)
    places = read_places(path)
    cuisines = {q.text: q for q in cuisine_queries(places)}
    assert set(cuisines) == {"thai"}  # pizza has 2 places, below the minimum of 3
    assert {k[1] for k in cuisines["thai"].relevant} == {"a", "b", "c", "g"}
    assert len(cuisines["thai"].judged) == 16
    quiet = next(q for q in attribute_queries(places) if q.text == "quiet place to talk")
    assert {k[1] for k in quiet.relevant} == {"a", "b", "f"}
    (near,) = geo_queries(places, list(cuisines.values()))
    assert near.radius_km == 1.0 and ("yelp_boston_cambridge", "g") not in near.judged
    blind = blind_row(PLACES[0])
    assert not set(HIDDEN_FIELDS) & set(blind) and blind["name"] == "Golden Bowl"


@pytest.mark.slow
async def test_the_suite_runs_end_to_end_on_a_tiny_split(data_dir: Path) -> None:
    # Under the session's own folder, not pytest's tmp tree: another pytest run on the same
    # machine prunes that tree, and with it this database's files while it runs.
    tmp_path = Path(tempfile.mkdtemp(dir=data_dir, prefix="retrieval-"))
    restaurants = write(tmp_path / "restaurants.jsonl.gz", PLACES)
    reviews = write(
        tmp_path / "reviews.jsonl.gz",
        [{"review_id": f"{rid}1", "restaurant_id": rid, "source": "yelp_boston_cambridge",
          "rating": 4.0, "text": text} for rid, text in TEXTS.items()],
    )  # fmt: skip
    report = await evaluate_retrieval(restaurants, reviews, cache=tmp_path / "cache")
    assert report.places == 16 and report.reviews == 16
    assert {f.family for f in report.families} >= {"cuisine", "attribute"}
    for family in [*report.families, report.overall]:
        assert set(family.arms) == set(MODES)
        for arm in family.arms.values():
            assert 0.0 <= arm.ndcg_at_10 <= 1.0 and 0.0 <= arm.recall_at_50 <= 1.0
    thai = next(q for q in report.per_query if q.query == "thai" and q.near is None)
    assert thai.arms["text"].recall_at_50 == 1.0  # every thai review says "thai"
    assert report.build["computed_embeddings"] == 16
    again = await evaluate_retrieval(restaurants, reviews, cache=tmp_path / "cache")
    assert again.build == report.build  # the cached database is reused, not rebuilt
