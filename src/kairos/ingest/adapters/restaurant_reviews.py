"""`restaurant_reviews`: restaurants + full reviews from Yelp, TripAdvisor, Zomato and Google."""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from kairos.ingest.adapters.jsonl import count_lines, find_file, iter_jsonl
from kairos.ingest.adapters.kinds import infer_kind
from kairos.ingest.locality import london_locality
from kairos.ingest.normalise import (
    clean_text,
    level_from_cost_for_two,
    normalise_categories,
    parse_date,
    parse_rating,
    valid_coordinates,
)
from kairos.ingest.records import BadRow, ParsedBatch, PlaceRecord, ReviewRecord

_RANKING_AREA = re.compile(r"Restaurants in (.+)$")


def _area(row: dict[str, Any]) -> str | None:
    """Neighbourhood where the source hints at one: Zomato's URL slug, TripAdvisor's ranking."""
    url, name = row.get("url") or "", row.get("name") or ""
    if row.get("source") == "zomato_hyderabad" and "/" in url:
        slug = url.rstrip("/").rsplit("/", 1)[-1]
        name_slug = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")
        if slug.startswith(name_slug + "-"):
            return slug[len(name_slug) + 1 :].replace("-", " ").title()
    ranking = (row.get("attributes") or {}).get("ranking")
    if isinstance(ranking, str) and (match := _RANKING_AREA.search(ranking)):
        return match.group(1).strip()
    return None


def _price_level(row: dict[str, Any]) -> int | None:
    level = row.get("price_level")
    if isinstance(level, int) and not isinstance(level, bool) and 1 <= level <= 4:
        return level
    cost = (row.get("price_raw") or {}).get("cost_for_two_inr")
    if isinstance(cost, int | float):
        return level_from_cost_for_two(float(cost), "INR")
    return None


def place_from_row(row: dict[str, Any]) -> PlaceRecord:
    """Raises ValueError with the reason when a required field is missing."""
    source_id, name = row.get("restaurant_id"), clean_text(row.get("name"))
    if not isinstance(source_id, str) or not source_id:
        raise ValueError("missing restaurant_id")
    if not name:
        raise ValueError("missing name")
    categories = normalise_categories(row.get("cuisines"))
    raw_categories = normalise_categories(row.get("categories_raw")) or categories
    coords = valid_coordinates(row.get("lat"), row.get("lng"))
    city = clean_text(row.get("city")) or None
    if city and "(" in city:
        city = city.split("(", 1)[0].strip()
    area = _area(row)
    if row.get("source") == "tripadvisor_london":
        city, area = london_locality(row.get("address"), area)
    votes = row.get("n_reviews_platform") or row.get("n_reviews_in_file") or 0
    return PlaceRecord(
        source=str(row.get("source") or "restaurant_reviews"),
        source_id=source_id,
        name=name,
        kind=infer_kind(raw_categories),
        categories=categories,
        price_level=_price_level(row),
        price_raw=dict(row.get("price_raw") or {}),
        rating=parse_rating(row.get("rating"), row.get("rating_scale") or 5),
        votes=int(votes) if isinstance(votes, int | float) else 0,
        city=city,
        area=area,
        country=row.get("country") if isinstance(row.get("country"), str) else None,
        address=clean_text(row.get("address")) or None,
        lat=coords[0] if coords else None,
        lng=coords[1] if coords else None,
        url=row.get("url") if isinstance(row.get("url"), str) else None,
        attributes=dict(row.get("attributes") or {}),
    )


def review_from_row(row: dict[str, Any]) -> ReviewRecord:
    review_id, text = row.get("review_id"), clean_text(row.get("text"))
    if not isinstance(review_id, str) or not review_id:
        raise ValueError("missing review_id")
    if not text:
        raise ValueError("empty review text")
    return ReviewRecord(
        source=str(row.get("source") or "restaurant_reviews"),
        source_review_id=review_id,
        text=text,
        rating=parse_rating(row.get("rating"), row.get("rating_scale") or 5),
        review_date=parse_date(row.get("date")),
        title=clean_text(row.get("title")) or None,
    )


class RestaurantReviewsAdapter:
    name = "restaurant_reviews"
    description = "folder with restaurants.jsonl(.gz) and reviews.jsonl(.gz)"

    def _files(self, path: Path) -> tuple[Path, Path | None]:
        if path.is_file():
            return path, None
        restaurants = find_file(path, "restaurants.jsonl", "restaurants_holdout.jsonl")
        try:
            reviews: Path | None = find_file(path, "reviews.jsonl", "reviews_holdout.jsonl")
        except FileNotFoundError:
            reviews = None
        return restaurants, reviews

    def count(self, path: Path) -> int:
        return count_lines(self._files(path)[0])

    def read(self, path: Path, batch_size: int) -> Iterator[ParsedBatch]:
        restaurants_path, reviews_path = self._files(path)
        bad: list[BadRow] = []
        reviews: dict[str, list[ReviewRecord]] = defaultdict(list)
        if reviews_path is not None:
            for line, row in iter_jsonl(reviews_path, bad):
                try:
                    reviews[str(row.get("restaurant_id"))].append(review_from_row(row))
                except ValueError as exc:
                    bad.append(BadRow(line, f"review: {exc}"))
        batch: list[PlaceRecord] = []
        for line, row in iter_jsonl(restaurants_path, bad):
            try:
                place = place_from_row(row)
            except ValueError as exc:
                bad.append(BadRow(line, f"restaurant: {exc}"))
                continue
            place.reviews = reviews.get(place.source_id, [])
            batch.append(place)
            if len(batch) >= batch_size:
                yield ParsedBatch(batch, bad)
                batch, bad = [], []
        yield ParsedBatch(batch, bad)
