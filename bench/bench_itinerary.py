"""The itinerary planner and its verifier alone, over the shared points of interest.

    .venv/bin/python bench/bench_itinerary.py [--data ../shared/data/pois/pois.jsonl.gz]
        [--requests 300] [--seed 16] [--json]

First the ingestion figures: how many POIs get parsed hours, text-only hours or none, and how
many are routable (coordinates from the source, or geocoded offline from a catalog built from
the shared data sets beside the POIs). Then `--requests` generated trips (a random city with
routable places, 1–5 days, pace, mode, interests, a hotel half the time, a locked stop a third
of the time) through `plan_itinerary` + `verify`: the share fully verified, every failed
constraint by name, stops outside known hours and stops outside the city (both must be 0), and
the planning time (plan + verify) p50 / p95.
"""

from __future__ import annotations

import argparse
import gzip
import json
import random
import statistics
import sys
import time
from collections import Counter
from collections.abc import Iterator
from datetime import date, timedelta
from pathlib import Path
from typing import Any

from kairos.core.opening_hours import is_open_for
from kairos.ingest.adapters.pois import place_from_poi
from kairos.ingest.poi_derived import derive_poi_attributes
from kairos.ingest.poi_locations import locate_one
from kairos.signals.geocoding.catalog import CatalogGeocoder, PlaceRow
from kairos.trips.itinerary import KIND_GROUPS, plan_itinerary, same_city
from kairos.trips.models import PACES, Candidate, Lock, TripRequest
from kairos.trips.verify import verify

SHARED = Path(__file__).resolve().parents[1].parent / "shared" / "data"
FOOD = ("restaurant", "cafe")


def _rows(path: Path) -> Iterator[dict[str, Any]]:
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rt", encoding="utf-8") as handle:
        for line in handle:
            if line.strip():
                yield json.loads(line)


def _catalog_rows(pois: list[dict[str, Any]]) -> list[PlaceRow]:
    """What an offline geocoder would hold after ingesting every shared data set."""
    rows: list[PlaceRow] = [(p["name"], p.get("address"), p.get("city"), p.get("lat"), p.get("lon"))
                            for p in pois if p.get("lat") is not None]  # fmt: skip
    extra = (("restaurant_reviews/restaurants.jsonl.gz", "lat", "lng"),
             ("restaurant_reviews/yelp_restaurants_metadata.jsonl.gz", "latitude", "longitude"),
             ("yelp/boston_business.jsonl.gz", "latitude", "longitude"))  # fmt: skip
    for name, lat, lng in extra:
        if (SHARED / name).exists():
            for r in _rows(SHARED / name):
                address = r.get("address") or r.get("full_address")
                rows.append((r.get("name"), address, r.get("city"), r.get(lat), r.get(lng)))
    return rows


def load(path: Path) -> tuple[list[Candidate], dict[str, Any]]:
    pois = list(_rows(path))
    geocoder = CatalogGeocoder(_catalog_rows(pois))
    hours: Counter[str] = Counter()
    located: Counter[str] = Counter()
    candidates: list[Candidate] = []
    for row in pois:
        record = place_from_poi(row)
        derived = derive_poi_attributes(record.attributes, record.kind)
        status = derived.get("opening_hours", {}).get("status")
        hours["none" if status is None else "text only" if status == "unknown" else "parsed"] += 1
        lat, lng = record.lat, record.lng
        if lat is None or lng is None:
            coords, _ = locate_one(geocoder, record.name, record.address, record.city)
            located["geocoded" if coords else "not routable"] += 1
            if coords is None:
                continue
            lat, lng = coords
        else:
            located["from source"] += 1
        rating = record.rating or 3.0
        candidates.append(
            Candidate.from_place(
                id=row["poi_id"],
                name=record.name,
                kind=record.kind,
                lat=lat,
                lng=lng,
                city=record.city or "",
                rank=-rating,
                attributes={**record.attributes, **derived},
            )
        )
    stats = {"pois": len(pois), "hours": dict(hours), "location": dict(located)}
    return candidates, stats


def _request(rng: random.Random, by_city: dict[str, list[Candidate]]) -> TripRequest:
    city = rng.choice(sorted(by_city))
    places = by_city[city]
    sights = [c for c in places if c.kind not in (*FOOD, "bar", "lodging")]
    interests = rng.sample(sorted(KIND_GROUPS), rng.randint(1, 3))
    wanted = {k for i in interests for k in KIND_GROUPS[i]}
    chosen = [c for c in sights if c.kind in wanted or (c.category or "") in wanted]
    if len(chosen) < 15:
        chosen = sights
    jittered = sorted(chosen, key=lambda c: (c.rank + rng.random(), c.id))[:60]
    ranked = tuple(Candidate(**{**c.__dict__, "rank": float(i)}) for i, c in enumerate(jittered))
    days = rng.randint(1, 5)
    lodging = [c for c in places if c.kind == "lodging"]
    hotel = None
    if rng.random() < 0.5 and ranked:
        anchor = rng.choice(lodging) if lodging else rng.choice(ranked)
        hotel = (anchor.lat, anchor.lng)
    locks: tuple[Lock, ...] = ()
    if rng.random() < 0.33 and ranked:
        pick = rng.choice(ranked[:10])
        at = rng.choice([None, 600, 840])
        locks = (Lock(pick.id, rng.randrange(days), at),)
    return TripRequest(
        city=city, start_date=date(2025, 5, 5) + timedelta(days=rng.randrange(7)), days=days,
        pace=rng.choice(sorted(PACES)), mode=rng.choice(["walk", "transit", "drive"]),  # type: ignore[arg-type]
        candidates=ranked, meals=tuple(c for c in places if c.kind in FOOD), hotel=hotel,
        locks=locks,
    )  # fmt: skip


def run(path: Path, n: int, seed: int) -> dict[str, Any]:
    candidates, stats = load(path)
    by_city: dict[str, list[Candidate]] = {}
    for c in candidates:
        by_city.setdefault(c.city, []).append(c)
    by_city = {k: v for k, v in by_city.items()
               if sum(c.kind not in (*FOOD, "bar", "lodging") for c in v) >= 10}  # fmt: skip
    rng = random.Random(seed)
    timings: list[float] = []
    verified = 0
    failed: Counter[str] = Counter()
    outside_hours = other_city = stops = meals = checked = 0
    empty_days = unplaced = 0
    for _ in range(n):
        request = _request(rng, by_city)
        started = time.perf_counter()
        itinerary = plan_itinerary(request)
        result = verify(itinerary)
        timings.append((time.perf_counter() - started) * 1000)
        verified += result.passed
        failed.update(r.constraint for r in result.failed())
        places = {c.id: c for c in (*request.candidates, *request.meals)}
        for day in itinerary.days:
            empty_days += not day.stops
            for slot in day.slots:
                place = places[slot.place_id]
                stops += slot.kind == "stop"
                meals += slot.kind != "stop"
                state = is_open_for(place.hours, day.weekday, slot.start, slot.end)
                checked += state is not None
                outside_hours += state is False
                other_city += not same_city(place.city, request.city)
        unplaced += len(itinerary.unplaced)
    timings.sort()
    return {
        "ingestion": stats,
        "cities": {k: len(v) for k, v in sorted(by_city.items())},
        "requests": n,
        "verified_pct": round(100 * verified / n, 1),
        "failed_constraints": dict(failed),
        "stops": stops,
        "meal_breaks": meals,
        "slots_with_known_hours": checked,
        "stops_outside_known_hours": outside_hours,
        "stops_in_another_city": other_city,
        "days_without_stops": empty_days,
        "unplaced_candidates": unplaced,
        "plan_verify_ms_p50": round(statistics.median(timings), 2),
        "plan_verify_ms_p95": round(timings[int(0.95 * (len(timings) - 1))], 2),
        "plan_verify_ms_max": round(timings[-1], 2),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=SHARED / "pois" / "pois.jsonl.gz")
    parser.add_argument("--requests", type=int, default=300)
    parser.add_argument("--seed", type=int, default=16)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    report = run(args.data, args.requests, args.seed)
    if args.json:
        json.dump(report, sys.stdout, indent=2)
        print()
        return
    for key, value in report.items():
        print(f"{key:28} {value}")


if __name__ == "__main__":
    main()
