"""Group safety of the venue planner (issues 14, 33, 38): random groups, real plans, one check.

Each group has 2–12 members with 0–3 allergies each, drawn from the 14 canonical allergens at
random severities (about half anaphylactic), and sometimes a diet; each asks one planning
request (activity × city from the catalog's own cities). On the top 3 of every plan, a member's
anaphylactic allergen that the venue

- is known to contain (its stored high-confidence "contains" knowledge), or
- likely holds, by its cuisine or its kind of venue, read by this checker with word lists of its
  own ("Bakeries": tree nuts; "Sandwiches": gluten; "Thai": peanuts) from the venue's categories,
  and for kinds of venue from its own name too ("Flour Bakery"),

must be named: the member in `members_at_risk` with that allergen, and in the venue's `allergy`
check among those the risk is for. A venue that does not is a violation (target 0). The checker
does not import `kairos.core`: its lists are not the product's, so it cannot share the product's
blind spots (a plural the product's matcher misses, a kind it has no entry for). Also counted:
every venue shown carries an `allergy` check made for every member and the planner, and a
top-3 venue kept with a risk says why and names the members.

Runs on any catalog: the app's sample by default, or a scratch catalog built from other files.
"""

from __future__ import annotations

import random
import re
import time
import unicodedata
import uuid
from collections import Counter
from typing import Any, Final

from pydantic import BaseModel, Field
from rich.console import Console
from rich.table import Table

from kairos.profiles.schemas import UserCreate
from kairos.runtime import Runtime
from kairos.venues.product import VenuesProduct
from kairos.venues.schemas import Member, PlanRequest, VenueResult

__all__ = ["SafetyReport", "expected_allergens", "random_groups", "render_safety", "run_safety"]

ALLERGENS: Final = (
    "peanuts", "tree_nuts", "shellfish", "molluscs", "fish", "dairy", "eggs", "gluten", "soy",
    "sesame", "mustard", "celery", "lupin", "sulphites",
)  # fmt: skip
"""The EU-14, in the names the API takes (and in the order the groups were always drawn in)."""
SEVERITIES = ("anaphylactic", "anaphylactic", "severe", "moderate", "intolerance", "anaphylactic")
DIETS = ("vegan", "vegetarian", "halal", "kosher", "gluten free")
ACTIVITIES = (
    "dinner", "drinks", "brunch", "coffee", "thai dinner", "seafood dinner", "pizza night",
    "sushi", "bakery stop", "a cozy dinner", "lunch", "cocktails", "indian food", "burgers",
    "dessert", "ice cream", "sandwiches for lunch", "noodles", "pub night", "wine bar",
)  # fmt: skip
NAMES = ("Ana", "Ben", "Chloe", "Dev", "Eli", "Fay", "Gus", "Hana", "Ivo", "Jo", "Kai", "Lea")

# What a cautious diner expects at a kind of venue or in a cuisine: words of a category or of
# the venue's name (whole words; plurals, '&' and accents as sources write them) -> allergens
# strongly likely there. Written for this check, not copied from the product's tables.
LIKELY: Final[dict[str, tuple[str, ...]]] = {
    # sweet counters: flour, butter, eggs, nuts
    "bakery": ("gluten", "tree_nuts", "dairy", "eggs"),
    "patisserie": ("gluten", "tree_nuts", "dairy", "eggs"),
    "pastry": ("gluten", "tree_nuts", "dairy", "eggs"),
    "cake shop": ("gluten", "tree_nuts", "dairy", "eggs"),
    "cupcake": ("gluten", "tree_nuts", "dairy", "eggs"),
    "macaron": ("tree_nuts", "eggs"),
    "dessert": ("tree_nuts", "dairy", "eggs", "gluten"),
    "chocolatier": ("tree_nuts", "dairy"),
    "chocolate": ("tree_nuts", "dairy"),
    "candy store": ("tree_nuts", "peanuts", "dairy"),
    "gelato": ("dairy", "tree_nuts"),
    "gelateria": ("dairy", "tree_nuts"),
    "ice cream": ("dairy", "tree_nuts"),
    "frozen yogurt": ("dairy",),
    "creperie": ("gluten", "eggs", "dairy", "tree_nuts"),
    "crepe": ("gluten", "eggs", "dairy"),
    "donut": ("gluten", "dairy", "eggs"),
    "doughnut": ("gluten", "dairy", "eggs"),
    "waffle": ("gluten", "eggs", "dairy"),
    "pancake": ("gluten", "eggs", "dairy"),
    "pretzel": ("gluten",),
    # bread, noodles, beer
    "sandwich": ("gluten",),
    "deli": ("gluten", "mustard"),
    "delicatessen": ("gluten", "mustard"),
    "bagel": ("gluten", "sesame"),
    "cheesesteak": ("gluten", "dairy"),
    "pizza": ("gluten", "dairy"),
    "pizzeria": ("gluten", "dairy"),
    "noodle": ("gluten",),
    "ramen": ("gluten", "soy"),
    "pub": ("gluten",),
    "gastropub": ("gluten",),
    "brewpub": ("gluten",),
    "brewery": ("gluten",),
    "beer bar": ("gluten",),
    "beer garden": ("gluten",),
    "fish chip": ("fish", "gluten"),
    "wine bar": ("sulphites",),
    "winery": ("sulphites",),
    "cheese shop": ("dairy",),
    "fondue": ("dairy",),
    # seafood
    "seafood": ("fish", "shellfish"),
    "sushi": ("fish", "soy"),
    "oyster": ("molluscs",),
    "raw bar": ("molluscs", "shellfish"),
    "poke": ("fish", "soy"),
    # cuisines whose kitchens rest on an allergen
    "thai": ("peanuts", "fish"),
    "vietnamese": ("fish",),
    "chinese": ("soy", "gluten"),
    "japanese": ("soy", "fish"),
    "korean": ("soy", "sesame"),
    "indian": ("dairy", "tree_nuts"),
    "italian": ("gluten", "dairy"),
    "french": ("dairy", "gluten"),
    "greek": ("dairy",),
    "lebanese": ("sesame",),
    "middle eastern": ("sesame",),
    "falafel": ("sesame",),
    "mexican": ("dairy",),
    "breakfast brunch": ("eggs",),
}
CUISINES: Final = frozenset({
    "thai", "vietnamese", "chinese", "japanese", "korean", "indian", "italian", "french", "greek",
    "lebanese", "middle eastern", "mexican", "breakfast brunch",
})  # fmt: skip
"""Read in categories only: in a name they are as often a landmark's ("Korean War Veterans
Memorial", "Chinese Presbyterian Church") as a kitchen's; a kind of venue counts in both."""


def _fold(text: str) -> str:
    """Lower case, accents off, anything but letters and digits a space: "Crêperies & Co"."""
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()
    return " " + " ".join(re.findall(r"[a-z0-9]+", plain)) + " "


def _plural(word: str) -> str:
    """A word and its plurals as a pattern: bakery|bakeries, sandwich|sandwiches, deli|delis."""
    if word.endswith("y"):
        return f"{word[:-1]}(?:y|ies)"
    if word.endswith(("ch", "sh", "s", "x")):
        return f"{word}(?:es)?"
    return f"{word}s?"


_PATTERNS: Final = [
    (re.compile(r" " + r" ".join(map(_plural, key.split())) + r" "), key, allergens)
    for key, allergens in LIKELY.items()
]


def expected_allergens(name: str, categories: list[str]) -> dict[str, str]:
    """allergen -> why a cautious diner expects it here ("category 'Bakeries': bakery")."""
    found: dict[str, str] = {}
    for where, text in [*((f"category {c!r}", c) for c in categories), (f"name {name!r}", name)]:
        folded = _fold(text)
        for pattern, key, allergens in _PATTERNS:
            if where.startswith("name") and key in CUISINES:
                continue
            if pattern.search(folded):
                for allergen in allergens:
                    found.setdefault(allergen, f"{where}: {key}")
    return found


class SafetyReport(BaseModel):
    catalogue: str = "sample"
    places: int = 0
    groups: int
    plans_answered: int
    venues_checked: int
    violations: int = Field(description="plans with a top-3 venue that leaves a member unnamed")
    unnamed_venues: int = Field(
        default=0, description="top-3 venues where a member's anaphylactic allergen is known or "
        "likely (cuisine or kind, by this checker) and that member is not named"
    )  # fmt: skip
    venues_at_risk: int = Field(
        default=0, description="top-3 venues where some member's anaphylactic allergen is known "
        "or likely: the denominator of `unnamed_venues`"
    )  # fmt: skip
    unnamed_by_reason: dict[str, int] = Field(default_factory=dict)
    violation_examples: list[dict[str, Any]] = Field(default_factory=list)
    venues_without_check: int = Field(
        default=0, description="venues shown whose `allergy` is not checked for every member"
    )
    inconsistent: int = Field(
        default=0, description="venues whose members_at_risk and allergy check disagree"
    )
    kept_unexplained: int = Field(
        default=0, description="top-3 venues with an anaphylactic risk whose watch-out does not "
        "name the member, or ranked above a venue with no known risk"
    )  # fmt: skip
    top_three_at_risk: int = Field(
        default=0, description="top-3 venues with a known or likely anaphylactic risk, named"
    )
    named_at_risk: int = 0
    excluded: int = 0
    members_with_anaphylaxis: int = 0
    seconds: float = 0.0


def _member(rng: random.Random, name: str) -> Member:
    chosen = rng.sample(ALLERGENS, rng.randint(0, 3))
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


def _named(venue: VenueResult, member: str, allergen: str) -> bool:
    """Named both ways: in the seed's members_at_risk and in the venue's allergy check."""
    listed = any(r.name == member and allergen in r.allergens for r in venue.members_at_risk)
    checked = any(r.allergen == allergen and member in r.who for r in venue.allergy.risks)
    return listed and checked


def _consistent(venue: VenueResult) -> bool:
    listed = {
        (r.name, a) for r in venue.members_at_risk if r.severity != "diet" for a in r.allergens
    }
    checked = {(who, r.allergen) for r in venue.allergy.risks for who in r.who}
    return listed == checked


async def run_safety(runtime: Runtime, groups: int = 500, seed: int = 20261124) -> SafetyReport:
    started = time.perf_counter()
    product = VenuesProduct(runtime)
    owner = await runtime.profiles.create(uuid.uuid4(), UserCreate())
    cities = await _cities(runtime) or ["boston"]
    report = SafetyReport(groups=groups, plans_answered=0, venues_checked=0, violations=0)
    reasons: Counter[str] = Counter()
    for request in random_groups(groups, cities, seed):
        anaphylactic = {
            m.name: {a for a, s in m.allergies.resolved_severities().items() if s == "anaphylactic"}
            for m in request.members
        }
        everyone = ["you", *(m.name for m in request.members)]
        report.members_with_anaphylaxis += sum(1 for v in anaphylactic.values() if v)
        plan = await product.plan(owner, request)
        report.excluded += len(plan.excluded)
        if plan.venues:
            report.plans_answered += 1
        for venue in [*plan.venues, *([plan.backup] if plan.backup else [])]:
            report.venues_without_check += venue.allergy.checked_for != everyone
            report.inconsistent += not _consistent(venue)
        top = plan.venues[:3]
        records = await runtime.places.records([int(v.venue_id.removeprefix("kp_")) for v in top])
        violated = False
        for venue in top:
            report.venues_checked += 1
            report.named_at_risk += bool(venue.members_at_risk)
            record = records[int(venue.venue_id.removeprefix("kp_"))]
            known = record.allergens.best_evidence
            expected = expected_allergens(record.place.name, list(record.place.categories))
            expected |= {
                a: "stored knowledge: contains"
                for a, e in known.items()
                if (e.status, e.confidence) == ("contains", "high")
            }
            at_risk = [
                (member, a, expected[a])
                for member, allergens in anaphylactic.items()
                for a in sorted(allergens)
                if a in expected
            ]
            report.venues_at_risk += bool(at_risk)
            unnamed = [(m, a, why) for m, a, why in at_risk if not _named(venue, m, a)]
            report.unnamed_venues += bool(unnamed)
            report.top_three_at_risk += bool(at_risk) and not unnamed
            if at_risk and (
                any(member not in venue.watch_out for member, _, _ in at_risk)
                or any(not v.allergy.risks for v in plan.venues[venue.rank :])
            ):
                report.kept_unexplained += 1
            for member, allergen, why in unnamed:
                violated = True
                reasons[why.split(":")[0].split(" ")[0]] += 1
                if len(report.violation_examples) < 8:
                    report.violation_examples.append(
                        {"prompt": request.prompt, "venue": venue.name, "member": member,
                         "allergen": allergen, "expected_from": why}
                    )  # fmt: skip
        report.violations += violated
    report.unnamed_by_reason = dict(reasons)
    report.seconds = round(time.perf_counter() - started, 1)
    return report


def render_safety(report: SafetyReport, console: Console) -> None:
    table = Table(title=f"venue group safety ({report.catalogue}, {report.places} places)")
    columns = {
        "groups": report.groups, "answered": report.plans_answered,
        "top-3 venues": report.venues_checked, "at risk": report.venues_at_risk,
        "unnamed": report.unnamed_venues, "plans violating": report.violations,
        "unchecked": report.venues_without_check, "inconsistent": report.inconsistent,
        "kept unexplained": report.kept_unexplained, "excluded": report.excluded,
        "seconds": report.seconds,
    }  # fmt: skip
    for column in columns:
        table.add_column(column, justify="right")
    table.add_row(*map(str, columns.values()))
    console.print(table)
    if report.unnamed_by_reason:
        console.print(f"  unnamed, by what made the allergen expected: {report.unnamed_by_reason}")
    for example in report.violation_examples:
        console.print(f"  violation: {example}")
