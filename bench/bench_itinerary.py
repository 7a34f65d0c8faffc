"""The itinerary planner and its verifier alone, over the shared points of interest.

    .venv/bin/python bench/bench_itinerary.py [--data ../shared/data/pois/pois.jsonl.gz]
        [--requests 300] [--seed 16] [--json]

First the ingestion figures: how many POIs get parsed hours, text-only hours or none, and how
many are routable (coordinates from the source, or geocoded offline from a catalog built from
the shared data sets beside the POIs). Then `--requests` generated trips (a random city with
routable places, 1–5 days, pace, mode, interests, a hotel half the time, a locked stop a third
of the time) through `plan_itinerary` + `verify`: the share fully verified, every failed
constraint by name, stops outside known hours and stops outside the city (both must be 0), and
the planning time (plan + verify) p50 / p95, overall and for 3-day trips.

Then the shape of the days a traveller reads: days ending before 15:00, days with at most one
stop, days with a lunch and with a dinner where the city has places to eat (a dinner counted on
days whose visits run to 17:00 or later), days missing a meal without a word on it, and idle
stretches of more than 90 minutes between two slots (and those no note speaks of). `--dump N`
prints the first N plans.
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


def run(path: Path, n: int, seed: int, dump: int = 0) -> dict[str, Any]:
    candidates, stats = load(path)
    by_city: dict[str, list[Candidate]] = {}
    for c in candidates:
        by_city.setdefault(c.city, []).append(c)
    by_city = {k: v for k, v in by_city.items()
               if sum(c.kind not in (*FOOD, "bar", "lodging") for c in v) >= 10}  # fmt: skip
    rng = random.Random(seed)
    timings: list[float] = []
    three_day: list[float] = []
    shape: Counter[str] = Counter()
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
        if dump > 0:
            dump -= 1
            _dump(itinerary)
        if request.days == 3:
            three_day.append(timings[-1])
        shape.update(_day_shape(itinerary))
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
    three_day.sort()
    days = max(shape["days"], 1)
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
        "three_day_ms_p50": round(statistics.median(three_day), 2),
        "three_day_ms_p95": round(three_day[int(0.95 * (len(three_day) - 1))], 2),
        "days": shape["days"],
        "days_ending_before_15h_pct": round(100 * shape["early"] / days, 1),
        "days_with_at_most_1_stop_pct": round(100 * shape["thin"] / days, 1),
        "days_early_and_thin_pct": round(100 * shape["early_thin"] / days, 1),
        "days_with_lunch_pct_food_known": round(
            100 * shape["lunch"] / max(shape["food_days"], 1), 1
        ),
        "days_to_17h_with_dinner_pct_food_known": round(
            100 * shape["dinner"] / max(shape["to_17h"], 1), 1
        ),
        "days_lunch_missing_unsaid": shape["lunch_unsaid"],
        "days_to_17h_dinner_missing_unsaid": shape["dinner_unsaid"],
        "idle_over_90_min": shape["idle_over_90"],
        "idle_over_90_min_unsaid": shape["idle_over_90_unsaid"],
    }


def _day_shape(itinerary: Any) -> Counter[str]:
    """What a traveller reads of each day: its end, its stops, its meals, its idle time."""
    shape: Counter[str] = Counter()
    food = bool(itinerary.request.meals)
    for day in itinerary.days:
        stops = day.stops
        end = max((s.end for s in stops), default=0)  # the visits: a dinner is no sight
        shape["days"] += 1
        shape["early"] += end < 15 * 60
        shape["thin"] += len(stops) <= 1
        shape["early_thin"] += end < 15 * 60 and len(stops) <= 1
        kinds = {s.kind for s in day.slots}
        shape["food_days"] += food
        shape["lunch"] += food and "lunch" in kinds
        # "Lunch around 13:10 near …" says it too (any case)
        lunch_said = any("lunch" in n.lower() or "place to eat" in n for n in day.notes)
        shape["lunch_unsaid"] += bool(stops) and "lunch" not in kinds and not lunch_said
        if stops and stops[-1].end >= 17 * 60:
            shape["to_17h"] += food
            shape["dinner"] += food and "dinner" in kinds
            dinner_said = any("dinner" in n.lower() for n in day.notes)
            shape["dinner_unsaid"] += "dinner" not in kinds and not dinner_said
        free_said = any(n.startswith("Free time") or "kept free" in n for n in day.notes)
        for before, slot in zip(day.slots, day.slots[1:], strict=False):
            gap = slot.start - slot.travel_minutes - before.end
            gap -= day.buffer if before.kind == "stop" else 0
            shape["idle_over_90"] += gap > 90
            shape["idle_over_90_unsaid"] += gap > 90 and not free_said
    return shape


def _dump(itinerary: Any) -> None:
    def hhmm(m: int) -> str:
        return f"{m // 60:02d}:{m % 60:02d}"

    r = itinerary.request
    print(f"== {r.city}, {r.days} days, {r.pace}, {r.mode}, hotel={r.hotel is not None}")
    for day in itinerary.days:
        window = f"{hhmm(day.window[0])}-{hhmm(day.window[1])}"
        print(f"  day {day.index + 1} {day.date} window {window}")
        for s in day.slots:
            print(
                f"    {hhmm(s.arrive)} {hhmm(s.start)}-{hhmm(s.end)} {s.kind:6} {s.name} "
                f"({s.place_kind}, {s.travel_minutes} min)"
            )
        for note in day.notes:
            print(f"    note: {note}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=SHARED / "pois" / "pois.jsonl.gz")
    parser.add_argument("--requests", type=int, default=300)
    parser.add_argument("--seed", type=int, default=16)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--dump", type=int, default=0, help="print the first N plans")
    args = parser.parse_args()
    report = run(args.data, args.requests, args.seed, args.dump)
    if args.json:
        json.dump(report, sys.stdout, indent=2)
        print()
        return
    for key, value in report.items():
        print(f"{key:28} {value}")


if __name__ == "__main__":
    main()
