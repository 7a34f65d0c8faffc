"""The operator gate's scripted conversations: seven shapes of conversation (staffing with a
correction, risk, opportunity, city only, several locations, no location, a rejected request)
over the catalog's own places."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import text

from kairos.runtime import Runtime


@dataclass
class Expect:
    max_confidence: str = "high"
    questions: int | None = None
    kind: str | None = None


@dataclass
class Step:
    body: dict[str, Any]
    expect: Expect = field(default_factory=Expect)
    status: int = 200


@dataclass
class Script:
    name: str
    steps: list[Step]


@dataclass(frozen=True)
class CatalogPlaceRef:
    name: str
    city: str


WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
WHEN = ("this weekend", "on Friday", "next week", "tomorrow", "on Saturday")


def scripts(places: list[CatalogPlaceRef], count: int, seed: int = 20261124) -> list[Script]:
    """`count` conversations over the catalog's places, cycling through seven shapes."""
    rng = random.Random(seed)
    made: list[Script] = []
    shapes: list[Callable[[int], Script]] = []

    def pick() -> CatalogPlaceRef:
        return places[rng.randrange(len(places))]

    def staffing(i: int) -> Script:
        p, covers = pick(), rng.choice([90, 120, 150, 180, 220, 260])
        day, when = rng.choice(WEEKDAYS), rng.choice(WHEN)
        corrected = covers + rng.choice([-40, -30, 30, 50])
        return Script(f"staffing-{i}", [
            Step({"message": f"I run {p.name} in {p.city}, usually {covers} covers on a {day}. "
                             f"What should I do about staffing {when}?"}),
            Step({"message": f"actually it's more like {corrected} covers"},
                 Expect(kind="correction")),
            Step({"message": "why?"}, Expect(kind="explanation")),
            Step({"message": "show me the reviews"}),
        ])  # fmt: skip

    def risk(i: int) -> Script:
        p = pick()
        return Script(f"risk-{i}", [
            Step({"message": f"We are {p.name} in {p.city}. Any risks {rng.choice(WHEN)}?",
                  "card": "risk"}),
            Step({"message": "what if it snows?"}, Expect(kind="what_if")),
        ])  # fmt: skip

    def opportunity(i: int) -> Script:
        p, q, r = pick(), pick(), pick()
        return Script(f"opportunity-{i}", [
            Step({"message": f"we're {p.name} in {p.city} — any opportunities {rng.choice(WHEN)}?",
                  "card": "opportunity"}),
            Step({"message": f"how do we compare with {q.name}?"}),
            Step({"message": f"and compared to {r.name}?"}),
        ])  # fmt: skip

    def city_only(i: int) -> Script:
        p = pick()
        return Script(f"city-{i}", [
            Step({"message": f"we're a bistro in {p.city}, 140 covers on a Saturday; staffing "
                             f"{rng.choice(WHEN)}?"}, Expect(max_confidence="medium")),
        ])  # fmt: skip

    def multi(i: int) -> Script:
        p, q = pick(), pick()
        return Script(f"multi-{i}", [
            Step({"message": f"We run {p.name} in {p.city} and {q.name} in {q.city}. Fridays we "
                             "do 200 covers. Staffing this weekend?"},
                 Expect(max_confidence="medium", questions=1)),
            Step({"message": "thanks"}, Expect(max_confidence="medium", questions=0)),
            Step({"message": "all locations"}),
        ])  # fmt: skip

    def no_location(i: int) -> Script:
        return Script(f"nolocation-{i}", [
            Step({"message": "what should I do about staffing this weekend?"},
                 Expect(max_confidence="low", questions=1)),
            Step({"message": "not sure"}, Expect(max_confidence="low", questions=0)),
        ])  # fmt: skip

    def rejected(i: int) -> Script:
        p = pick()
        return Script(f"rejected-{i}", [
            Step({"message": "staffing for friday", "locations": ["x"]}, status=422),
            Step({"message": f"staffing for friday at {p.name} in {p.city}"}),
        ])  # fmt: skip

    shapes = [staffing, risk, opportunity, city_only, multi, no_location, rejected]
    for i in range(count):
        made.append(shapes[i % len(shapes)](i))
    return made


async def catalog_places(runtime: Runtime, limit: int = 60) -> list[CatalogPlaceRef]:
    async with runtime.db.reading() as session:
        rows = await session.execute(
            text(
                "SELECT name, city FROM places WHERE is_active AND review_count > 0 AND city IS "
                "NOT NULL AND lat IS NOT NULL AND name ~ '^[A-Z]' ORDER BY review_count DESC, id "
                "LIMIT :n"
            ),
            {"n": limit},
        )
        return [CatalogPlaceRef(r.name, r.city) for r in rows]
