"""`kairos eval meals`: parser exactness on the labelled lines, and safety of adapted recipes
over seeded random profiles and households on any file in the recipes.jsonl.gz format.

Safety: 1,000 profiles (seed 20261124): 1-3 canonical allergens each with a random severity
(anaphylactic included), 0-2 dislikes, 0-1 diet; 30% are households of 2-3 such members (their
union). Each profile makes two requests: a dish (the title of a random recipe of the file; the
candidates are the recipes sharing most title words, best first) and a pantry (5 foods of a
random recipe; candidates ranked by foods used). The best safe match of each request is kept
(adapting candidates in rank order, as the repository does), and its final ingredient list is
re-read by the allergen core (`detect_allergens`) independently of the adapter: a profile
allergen found there is a violation. Reported: violations (must be 0), and of the requests whose
best match carried a profile allergen, the share adapted rather than dropped.

The catalogue is built in memory from the file (derivation, allergen reading, tags), the same
code ingestion runs; ranking is a word-overlap stand-in for the store's embedding search, so
the figures measure derivation and adaptation, not retrieval quality.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from pathlib import Path

from rich.console import Console
from rich.table import Table

from kairos.core.allergen_detection import detect_allergens
from kairos.core.allergens import Severity
from kairos.core.lexicon import CANONICAL_ALLERGENS
from kairos.evals.gate import Figure
from kairos.evals.meals_parser import load_labelled_lines, score_parser
from kairos.ingest.recipes import read_recipe_rows
from kairos.recipes import CookConstraints, Recipe, Refusal, adapt_recipe
from kairos.recipes.derive import derive_recipe
from kairos.recipes.parser import parse_ingredient

__all__ = ["MealsReport", "evaluate_meals", "meals_figures", "render_meals_report"]

SEED = 20261124
PROFILES = 1000
DEPTH = 10
_SEVERITIES: tuple[Severity, ...] = ("anaphylactic", "severe", "moderate", "intolerance")
_DISLIKES = ("mushrooms", "cilantro", "olives", "onion", "garlic", "coconut", "tomatoes")
_DIETS = ("vegan", "vegetarian", "pescatarian", "gluten_free", "dairy_free")
_WORD = re.compile(r"[a-z]{3,}")


@dataclass
class MealsReport:
    data: str
    recipes: int
    parser_lines: int
    parser_quantity: float
    parser_unit: float
    parser_item: float
    profiles: int = 0
    requests: int = 0
    answered: int = 0
    violations: int = 0
    allergen_best: int = 0
    allergen_best_adapted: int = 0

    @property
    def adapted_rate(self) -> float:
        return self.allergen_best_adapted / self.allergen_best if self.allergen_best else 0.0


def _profile(rng: random.Random) -> CookConstraints:
    allergens = {
        a: rng.choice(_SEVERITIES) for a in rng.sample(CANONICAL_ALLERGENS, rng.randint(1, 3))
    }
    dislikes = rng.sample(_DISLIKES, rng.randint(0, 2))
    diets = rng.sample(_DIETS, 1) if rng.random() < 0.25 else []
    return CookConstraints(allergens=allergens, dislikes=dislikes, diets=diets)


_LACTOSE_FREE = re.compile(r"\blactose[\s-]*free\b", re.IGNORECASE)


def _violations(recipe_lines: list[str], constraints: CookConstraints) -> int:
    """Final lines that contain a forbidden allergen; a line that only likely holds one stays,
    named in the recipe's allergy check (issue 33). A lactose-free dairy line for a dairy
    intolerance (and no dairy allergy: the union of a household keeps the gravest severity) is
    what an intolerance is advised to use, not a violation; for any allergy it is one."""
    forbidden = set(constraints.allergens)

    def allowed(allergen: str, line: str) -> bool:
        intolerant = constraints.allergens.get(allergen) == "intolerance"
        return allergen == "dairy" and intolerant and _LACTOSE_FREE.search(line) is not None

    return sum(
        1
        for line in recipe_lines
        for m in detect_allergens(line)
        if m.allergen in forbidden and m.status == "contains" and not allowed(m.allergen, line)
    )


def _carries(recipe: Recipe, constraints: CookConstraints) -> bool:
    return bool(
        set(recipe.contains_allergens + recipe.may_contain_allergens) & set(constraints.allergens)
    )


def _serve(candidates: list[Recipe], constraints: CookConstraints, report: MealsReport) -> None:
    report.requests += 1
    if not candidates:
        return
    best_carries = _carries(candidates[0], constraints)
    report.allergen_best += best_carries
    for rank, recipe in enumerate(candidates):
        adapted = adapt_recipe(recipe, constraints, servings=2)
        if isinstance(adapted, Refusal):
            continue
        report.answered += 1
        lines = [line.display for line in adapted.ingredients if not line.omitted]
        report.violations += _violations(lines, constraints)
        if rank == 0 and best_carries:
            report.allergen_best_adapted += 1
        return


def evaluate_meals(data: Path, profiles: int = PROFILES) -> MealsReport:
    rows = [r for r in read_recipe_rows(data) if str(r.get("language") or "en").startswith("en")]
    recipes = [derive_recipe(row, i) for i, row in enumerate(rows)]
    lines = load_labelled_lines()

    def parse(line: str) -> tuple[float | None, str | None, str]:
        parsed = parse_ingredient(line)
        return parsed.quantity, parsed.unit, parsed.item

    score = score_parser(parse, lines)
    report = MealsReport(
        data=str(data), recipes=len(recipes), parser_lines=score.lines,
        parser_quantity=score.rate(score.quantity), parser_unit=score.rate(score.unit),
        parser_item=score.rate(score.item),
    )  # fmt: skip
    if not recipes:
        return report
    words = [set(_WORD.findall(r.title.lower())) for r in recipes]
    rng = random.Random(SEED)
    for _ in range(profiles):
        members = [_profile(rng) for _ in range(rng.randint(2, 3) if rng.random() < 0.3 else 1)]
        constraints = CookConstraints.union(members)
        report.profiles += 1
        target = rng.randrange(len(recipes))
        query = words[target]
        dish = sorted(
            (i for i in range(len(recipes)) if words[i] & query),
            key=lambda i: (-len(words[i] & query), i),
        )[:DEPTH]
        _serve([recipes[i] for i in dish], constraints, report)
        foods = list(recipes[rng.randrange(len(recipes))].foods)
        pantry = set(rng.sample(foods, min(5, len(foods))))
        ranked = sorted(
            (i for i in range(len(recipes)) if pantry & set(recipes[i].foods)),
            key=lambda i: (-len(pantry & set(recipes[i].foods)), i),
        )[:DEPTH]
        _serve([recipes[i] for i in ranked], constraints, report)
    return report


def meals_figures(report: MealsReport, tag: str) -> list[Figure]:
    """Parser exactness (target 0.95, gated) and safety (0 violations: a floor)."""
    parser = {
        "quantity_exact": report.parser_quantity,
        "unit_exact": report.parser_unit,
        "item_exact": report.parser_item,
    }
    figures = [
        Figure(key=f"meals.parser.{name}", suite="meals", value=round(value, 4), target=0.95)
        for name, value in parser.items()
    ]
    figures.append(
        Figure(
            key=f"meals.safety.{tag}.violations",
            suite="meals",
            value=float(report.violations),
            higher_is_better=False,
            floor=0.0,
            ratchet=True,
        )
    )
    figures.append(
        Figure(
            key=f"meals.safety.{tag}.adapted_rate",
            suite="meals",
            value=round(report.adapted_rate, 4),
        )
    )
    return figures


def render_meals_report(report: MealsReport, console: Console) -> None:
    table = Table(title=f"meals on {report.data} ({report.recipes} English recipes)")
    table.add_column("figure")
    table.add_column("value", justify="right")
    rows = [
        ("parser lines", f"{report.parser_lines}"),
        ("parser quantity exact", f"{report.parser_quantity:.1%}"),
        ("parser unit exact", f"{report.parser_unit:.1%}"),
        ("parser item exact", f"{report.parser_item:.1%}"),
        ("profiles (households = unions)", f"{report.profiles}"),
        ("requests (dish + pantry)", f"{report.requests}"),
        ("answered with a safe recipe", f"{report.answered}"),
        ("final lists with a profile allergen", f"{report.violations}"),
        ("best match carried an allergen", f"{report.allergen_best}"),
        ("… adapted rather than dropped", f"{report.adapted_rate:.1%}"),
    ]
    for name, value in rows:
        table.add_row(name, value)
    console.print(table)
