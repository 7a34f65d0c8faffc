"""Group safety of the venue planner (issue 14): random groups, real plans, one check.

Each group has 2–12 members with 0–3 allergies each, drawn from the 14 canonical allergens at
random severities (about a third anaphylactic), and sometimes a diet; each asks one planning
request (activity × city from the catalog's own cities). The check, on the top 3 of every plan:
a venue whose stored knowledge says, with high confidence, that it contains a member's
anaphylactic allergen must not be there without a risk note naming that member. Plans with such
a venue are violations (target 0). Also counted: venues shown with a member named at risk, and
venues excluded for the group.

Runs on any catalog: the app's sample by default, or a scratch catalog built from other files.
"""

from __future__ import annotations

import random
import time
import uuid
from typing import Any

from pydantic import BaseModel, Field
from rich.console import Console
from rich.table import Table

from kairos.core.lexicon import CANONICAL_ALLERGENS
from kairos.profiles.schemas import UserCreate
from kairos.runtime import Runtime
from kairos.venues.product import VenuesProduct
from kairos.venues.schemas import Member, PlanRequest

__all__ = ["SafetyReport", "random_groups", "render_safety", "run_safety"]

SEVERITIES = ("anaphylactic", "anaphylactic", "severe", "moderate", "intolerance", "anaphylactic")
DIETS = ("vegan", "vegetarian", "halal", "kosher", "gluten free")
ACTIVITIES = (
    "dinner", "drinks", "brunch", "coffee", "thai dinner", "seafood dinner", "pizza night",
    "sushi", "bakery stop", "a cozy dinner", "lunch", "cocktails", "indian food", "burgers",
)  # fmt: skip
NAMES = ("Ana", "Ben", "Chloe", "Dev", "Eli", "Fay", "Gus", "Hana", "Ivo", "Jo", "Kai", "Lea")


class SafetyReport(BaseModel):
    catalogue: str = "sample"
    places: int = 0
    groups: int
    plans_answered: int
    venues_checked: int
    violations: int
    violation_examples: list[dict[str, Any]] = Field(default_factory=list)
    named_at_risk: int = 0
    excluded: int = 0
    members_with_anaphylaxis: int = 0
    seconds: float = 0.0


def _member(rng: random.Random, name: str) -> Member:
    chosen = rng.sample(CANONICAL_ALLERGENS, rng.randint(0, 3))
    severity = {a: rng.choice(SEVERITIES) for a in chosen}
    diets = [rng.choice(DIETS)] if rng.random() < 0.2 else []
    return Member.model_validate(
        {"name": name, "allergies": {"confirmed": chosen, "severity": severity}, "diets": diets}
    )


def random_groups(count: int, cities: list[str], seed: int = 20261124) -> list[PlanRequest]:
    rng = random.Random(seed)
    requests = []
    for _ in range(count):
        size = rng.randint(2, 12)
        members = [_member(rng, NAMES[i]) for i in range(size)]
        city = rng.choice(cities)
        prompt = f"{rng.choice(ACTIVITIES)} in {city} for {size}"
        requests.append(PlanRequest(prompt=prompt, members=members, group_size=size))
    return requests


async def _cities(runtime: Runtime, at_least: int = 20) -> list[str]:
    from sqlalchemy import text

    async with runtime.db.reading() as session:
        rows = await session.execute(
            text("SELECT lower(city) FROM places WHERE city IS NOT NULL AND is_active "
                 "GROUP BY lower(city) HAVING count(*) >= :n ORDER BY count(*) DESC LIMIT 12"),
            {"n": at_least},
        )  # fmt: skip
        return [r[0] for r in rows]


async def run_safety(runtime: Runtime, groups: int = 500, seed: int = 20261124) -> SafetyReport:
    started = time.perf_counter()
    product = VenuesProduct(runtime)
    owner = await runtime.profiles.create(uuid.uuid4(), UserCreate())
    cities = await _cities(runtime) or ["boston"]
    report = SafetyReport(groups=groups, plans_answered=0, venues_checked=0, violations=0)
    for request in random_groups(groups, cities, seed):
        anaphylactic = {
            m.name: {a for a, s in m.allergies.resolved_severities().items() if s == "anaphylactic"}
            for m in request.members
        }
        report.members_with_anaphylaxis += sum(1 for v in anaphylactic.values() if v)
        plan = await product.plan(owner, request)
        report.excluded += len(plan.excluded)
        if plan.venues:
            report.plans_answered += 1
        top = plan.venues[:3]
        records = await runtime.places.records([int(v.venue_id.removeprefix("kp_")) for v in top])
        violated = False
        for venue in top:
            report.venues_checked += 1
            report.named_at_risk += bool(venue.members_at_risk)
            record = records[int(venue.venue_id.removeprefix("kp_"))]
            evidence = record.allergens.best_evidence
            for member, allergens in anaphylactic.items():
                for allergen in allergens:
                    known = evidence.get(allergen)
                    if known is None or (known.status, known.confidence) != ("contains", "high"):
                        continue
                    named = any(
                        r.name == member and allergen in r.allergens for r in venue.members_at_risk
                    )
                    if not named:
                        violated = True
                        if len(report.violation_examples) < 5:
                            report.violation_examples.append(
                                {"prompt": request.prompt, "venue": venue.name,
                                 "member": member, "allergen": allergen}
                            )  # fmt: skip
        report.violations += violated
    report.seconds = round(time.perf_counter() - started, 1)
    return report


def render_safety(report: SafetyReport, console: Console) -> None:
    table = Table(title=f"venue group safety ({report.catalogue}, {report.places} places)")
    for column in ("groups", "answered", "top-3 venues", "violations", "named at risk",
                   "excluded", "seconds"):  # fmt: skip
        table.add_column(column, justify="right")
    table.add_row(*map(str, (report.groups, report.plans_answered, report.venues_checked,
                             report.violations, report.named_at_risk, report.excluded,
                             report.seconds)))  # fmt: skip
    console.print(table)
    for example in report.violation_examples:
        console.print(f"  violation: {example}")
