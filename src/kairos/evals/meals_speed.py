"""`kairos eval meals --speed`: the meal coach's latency offline at full data.

A scratch database (`evals/scratch.py`, cached by the file's bytes) holds every recipe of the
file with its embeddings. Seeded profiles (1-3 allergens each, anaphylactic included; a third
with a household of 1-2 members) make dish requests (the first two or three words of a random
English title: "chicken tikka", "banana bread") and pantry requests (4-6 foods of a random
recipe). Each request goes through the product as the API calls it (`MealsProduct.coach_turn`:
understanding, context, retrieval, adaptation of up to 10 candidates, gating, session saved),
and each answer's first suggestion through `select` (re-adaptation, the meal saved). Timed in
process, after a warm-up; the HTTP edge is not included.

Targets (issue 13): suggestions p95 ≤ 50 ms, recipe p95 ≤ 30 ms.
"""

from __future__ import annotations

import random
import re
import statistics
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path

from rich.console import Console
from rich.table import Table

from kairos.core.allergy_profile import AllergyProfile
from kairos.core.lexicon import CANONICAL_ALLERGENS
from kairos.evals.gate import Figure
from kairos.evals.scratch import Build, cache_root, digest, ready_info, scratch_runtime
from kairos.ingest.embedding_phase import load_embedding_file
from kairos.ingest.recipes import ingest_recipes, read_recipe_rows
from kairos.profiles.cook import CookProfile, HouseholdMember
from kairos.profiles.schemas import UserCreate
from kairos.recipes.derive import derive_recipe
from kairos.registry import install_products
from kairos.runtime import SAMPLE_EMBEDDINGS, Runtime

__all__ = ["MealsSpeed", "evaluate_meals_speed", "render_meals_speed", "speed_figures"]

SEED = 20261124
PROFILES = 40
DISH_REQUESTS = 200
PANTRY_REQUESTS = 100
WARM_UP = 10
SUGGEST_TARGET_MS = 50.0
RECIPE_TARGET_MS = 30.0
_WORD = re.compile(r"[A-Za-z]{3,}")
_SEVERITIES = ("anaphylactic", "severe", "moderate", "intolerance")


@dataclass
class MealsSpeed:
    data: str
    recipes: int = 0
    requests: int = 0
    recipes_served: int = 0
    suggest_ms: list[float] = field(default_factory=list)
    recipe_ms: list[float] = field(default_factory=list)
    build: dict[str, object] = field(default_factory=dict)

    @staticmethod
    def _p(values: list[float], q: int) -> float:
        if len(values) < 2:
            return values[0] if values else 0.0
        return statistics.quantiles(values, n=100, method="inclusive")[q - 1]

    @property
    def suggest_p50(self) -> float:
        return self._p(self.suggest_ms, 50)

    @property
    def suggest_p95(self) -> float:
        return self._p(self.suggest_ms, 95)

    @property
    def recipe_p50(self) -> float:
        return self._p(self.recipe_ms, 50)

    @property
    def recipe_p95(self) -> float:
        return self._p(self.recipe_ms, 95)


def _allergies(rng: random.Random) -> AllergyProfile:
    chosen = rng.sample(CANONICAL_ALLERGENS, rng.randint(1, 3))
    return AllergyProfile(severity={a: rng.choice(_SEVERITIES) for a in chosen})


def _profile(rng: random.Random) -> UserCreate:
    household = [
        HouseholdMember(name=f"member {i}", allergies=_allergies(rng))
        for i in range(rng.randint(1, 2) if rng.random() < 0.33 else 0)
    ]
    return UserCreate(allergies=_allergies(rng), cook=CookProfile(household=household))


def _requests(path: Path, rng: random.Random) -> tuple[int, list[tuple[str, bool]]]:
    rows = [r for r in read_recipe_rows(path) if str(r.get("language") or "en").startswith("en")]
    recipes = [derive_recipe(row, i) for i, row in enumerate(rows)]
    requests: list[tuple[str, bool]] = []
    for _ in range(DISH_REQUESTS):
        words = _WORD.findall(rng.choice(recipes).title)
        if words:
            requests.append((" ".join(words[: rng.randint(2, 3)]).lower(), rng.random() < 0.3))
    for _ in range(PANTRY_REQUESTS):
        foods = list(rng.choice(recipes).foods)
        if len(foods) >= 3:
            picked = rng.sample(foods, min(len(foods), rng.randint(4, 6)))
            requests.append(("I have " + ", ".join(picked), False))
    rng.shuffle(requests)
    return len(recipes), requests


def _build(path: Path) -> Build:
    async def build(runtime: Runtime) -> dict[str, object]:
        shipped = path.parent / SAMPLE_EMBEDDINGS  # the sample ships its recipes' vectors
        if shipped.is_file():
            await load_embedding_file(runtime.db, shipped)
        report = await ingest_recipes(runtime.db, path, runtime.embedder)
        return {"recipes_written": report.written, "recipes_embedded": report.embedded,
                "recipes_vectors_cached": report.from_cache}  # fmt: skip

    return build


def store_folder(path: Path) -> Path:
    """The scratch store for `path` (built on first use: ≈ 3 min for the 2,530 shared recipes,
    most of it their embeddings)."""
    return cache_root() / f"meals-{digest([path], 'meals-speed-v1')}"


def store_ready(path: Path) -> bool:
    return ready_info(store_folder(path)) is not None


async def evaluate_meals_speed(path: Path) -> MealsSpeed:
    rng = random.Random(SEED)
    count, requests = _requests(path, rng)
    folder = store_folder(path)
    report = MealsSpeed(data=str(path), recipes=count)
    async with scratch_runtime(folder, _build(path)) as (runtime, info):
        report.build = info
        product = install_products(runtime)["meals"]
        from kairos.meals.product import MealsProduct
        from kairos.meals.schemas import CoachRequest, SelectRequest

        assert isinstance(product, MealsProduct)
        await product.recipes.warm()  # what `warm` does in the background at start-up
        users = []
        for _ in range(PROFILES):
            uid = uuid.uuid4()
            users.append(await runtime.profiles.create(uid, _profile(rng)))
        try:
            for index, (text, household) in enumerate(requests):
                user = users[index % len(users)]
                body = CoachRequest(text=text, household=household or None)
                started = time.perf_counter()
                answer = await product.coach_turn(user, body)
                suggest_ms = (time.perf_counter() - started) * 1000
                recipe_ms = None
                if answer.suggestions:
                    started = time.perf_counter()
                    await product.select(user, answer.session_id, SelectRequest(suggestion_id="s1"))
                    recipe_ms = (time.perf_counter() - started) * 1000
                if index < WARM_UP:
                    continue
                report.requests += 1
                report.suggest_ms.append(suggest_ms)
                if recipe_ms is not None:
                    report.recipes_served += 1
                    report.recipe_ms.append(recipe_ms)
        finally:
            for user in users:
                await runtime.profiles.delete(user.uid)
    return report


def speed_figures(report: MealsSpeed, tag: str) -> list[Figure]:
    """Latencies are reported against their targets; not gated (the machine is shared)."""
    return [
        Figure(key=f"meals.speed.{tag}.suggest_p95_ms", suite="meals", scale="percent",
               value=round(report.suggest_p95, 1), higher_is_better=False,
               target=SUGGEST_TARGET_MS, gated=False),
        Figure(key=f"meals.speed.{tag}.recipe_p95_ms", suite="meals", scale="percent",
               value=round(report.recipe_p95, 1), higher_is_better=False,
               target=RECIPE_TARGET_MS, gated=False),
    ]  # fmt: skip


def render_meals_speed(report: MealsSpeed, console: Console) -> None:
    table = Table(title=f"meal coach speed on {report.data} ({report.recipes} English recipes)")
    table.add_column("figure")
    table.add_column("value", justify="right")
    for name, value in (
        ("requests timed (dish + pantry)", f"{report.requests}"),
        ("suggestions p50 / p95", f"{report.suggest_p50:.1f} / {report.suggest_p95:.1f} ms"),
        ("target p95", f"≤ {SUGGEST_TARGET_MS:.0f} ms"),
        ("recipes timed", f"{report.recipes_served}"),
        ("recipe p50 / p95", f"{report.recipe_p50:.1f} / {report.recipe_p95:.1f} ms"),
        ("target p95", f"≤ {RECIPE_TARGET_MS:.0f} ms"),
    ):
        table.add_row(name, value)
    console.print(table)
