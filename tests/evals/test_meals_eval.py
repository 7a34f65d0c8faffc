"""kairos eval meals on the committed sample: the parser figures and the safety invariant."""

from __future__ import annotations

from pathlib import Path

from kairos.evals.meals import evaluate_meals, meals_figures

SAMPLE = Path(__file__).parents[2] / "data" / "sample" / "recipes" / "recipes.jsonl.gz"


def test_meals_eval_on_the_sample_has_no_violations() -> None:
    report = evaluate_meals(SAMPLE, profiles=150)
    assert report.recipes == 445  # 76 of them from Wikibooks
    assert report.requests == 300
    assert report.violations == 0
    assert report.answered > 0
    assert report.allergen_best > 0
    assert report.parser_quantity >= 0.95 and report.parser_item >= 0.95
    keys = {f.key for f in meals_figures(report, "sample")}
    assert "meals.safety.sample.violations" in keys


def test_lactose_free_dairy_is_no_violation_for_an_intolerance_only() -> None:
    from kairos.evals.meals import _violations
    from kairos.recipes.constraints import CookConstraints

    lines = ["1 tbsp lactose-free butter", "950 ml lactose-free milk"]
    assert _violations(lines, CookConstraints(allergens={"dairy": "intolerance"})) == 0
    assert _violations(lines, CookConstraints(allergens={"dairy": "moderate"})) == 2
    assert _violations(["1 tbsp butter"], CookConstraints(allergens={"dairy": "intolerance"})) == 1
