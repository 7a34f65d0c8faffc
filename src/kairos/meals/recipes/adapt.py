"""Adapting a real recipe to a cook: substitutions in the ingredient list and in the steps,
quantities scaled and converted, warnings; or a refusal that says why.

The invariant: the final ingredient list (every line as displayed) and the steps are re-read by
the allergen core (`remaining_hazards`), and an adapted recipe is returned only when none of
the constraint set's allergens (contains or may contain, any severity), custom entries, diet
rules or dislikes remain in its ingredients, and no allergen or diet break remains in its steps.
Anything else is a `Refusal`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Final

from kairos.core.allergens import Severity
from kairos.core.allergy_warnings import display_name
from kairos.meals.recipes.constraints import CookConstraints
from kairos.meals.recipes.display import format_amount, scaled_amount
from kairos.meals.recipes.models import (
    AdaptedIngredient,
    AdaptedRecipe,
    IngredientLine,
    Recipe,
    Refusal,
    Skill,
    Substitution,
    Units,
)
from kairos.meals.recipes.reading import Hazard, hazards_in
from kairos.meals.recipes.skill import explain_steps
from kairos.meals.recipes.substitutions import (
    SubstitutionRule,
    choose_substitute,
    find_rule,
    short_name,
)

__all__ = ["adapt_recipe", "hazard_reason", "remaining_hazards"]

_LABELS: Final = {
    "peanuts": "peanut", "tree_nuts": "tree nut", "shellfish": "shellfish",
    "molluscs": "mollusc", "fish": "fish", "dairy": "dairy", "eggs": "egg", "gluten": "gluten",
    "soy": "soy", "sesame": "sesame", "mustard": "mustard", "celery": "celery",
    "lupin": "lupin", "sulphites": "sulphite",
}  # fmt: skip
_SIDE_ROLE: Final = re.compile(
    r"\b(?:for\s+(?:garnish|serving|topping|decorat\w*|dusting|drizzling)|to\s+serve|garnish)\b",
    re.IGNORECASE,
)


def remaining_hazards(lines: Iterable[str], constraints: CookConstraints) -> list[Hazard]:
    """What the allergen core still finds in `lines` that `constraints` forbids: the check
    every final ingredient list must pass with an empty result."""
    found: list[Hazard] = []
    for line in lines:
        found += hazards_in(line, constraints.allergens, constraints.dislikes, constraints.diets)
    return found


def _rule_in_form(line: IngredientLine) -> tuple[SubstitutionRule, str] | None:
    """ "Frying oil (preferably peanut)": the allergen is named beside the item, and what
    replaces it is another oil, not seeds — the rule for "peanut oil", when there is one."""
    named = find_rule(line.original)
    words = line.item.lower().split()
    if named is None or not words or words[-1] in named[1].lower():
        return None
    return find_rule(f"{named[1]} {words[-1]}")


def _article(phrase: str) -> str:
    return "an" if phrase[:1].lower() in "aeiou" else "a"


def hazard_reason(hazard: Hazard, severities: dict[str, Severity]) -> str:
    """ "dairy allergy", "gluten intolerance", "vegan diet", "you avoid mushrooms"."""
    if hazard.kind == "diet":
        return f"{hazard.name.replace('_', '-')} diet"
    if hazard.kind == "dislike":
        return f"you avoid {hazard.name}"
    label = _LABELS.get(hazard.name, hazard.name)
    severity = severities.get(hazard.name)
    if severity == "intolerance":
        return f"{label} intolerance"
    if severity == "anaphylactic":
        return f"{label} allergy (anaphylactic)"
    return f"{label} allergy"


def _refuse(
    recipe: Recipe, reason: str, hazards: Sequence[Hazard], lines: Sequence[str]
) -> Refusal:
    names = tuple(dict.fromkeys(h.name for h in hazards))
    return Refusal(
        recipe_id=recipe.id, title=recipe.title, reason=reason, allergens=names, lines=tuple(lines)
    )


def _display(amount: str, item: str, preparation: str | None) -> str:
    text = f"{amount} {item}".strip()
    return f"{text}, {preparation}" if preparation else text


class _Adapter:
    def __init__(self, recipe: Recipe, constraints: CookConstraints, factor: float, units: Units):
        self.recipe = recipe
        self.constraints = constraints
        self.factor = factor
        self.units = units
        self.severities = dict(constraints.allergens)
        self.substitutions: list[Substitution] = []
        self.replacements: list[tuple[str, str]] = []
        self.warnings: list[str] = []

    def safe(self, text: str) -> bool:
        return not remaining_hazards((text,), self.constraints)

    def line(self, line: IngredientLine) -> AdaptedIngredient | Refusal:
        quantity, top, unit = scaled_amount(line, self.factor, self.units)
        amount = format_amount(quantity, top, unit)
        base = {"position": line.position, "original": line.original, "quantity": quantity,
                "quantity_max": top, "unit": unit, "optional": line.optional}  # fmt: skip
        hazards = remaining_hazards((line.original,), self.constraints)
        if not hazards:
            display = _display(amount, line.item, line.preparation)
            return AdaptedIngredient(
                **base, display=display, item=line.item, preparation=line.preparation
            )
        # every need the line breaks, not only the first one read: a lasagna noodle holds
        # wheat and egg, and its substitute answers both
        reason = " and ".join(dict.fromkeys(hazard_reason(h, self.severities) for h in hazards))
        preparation = line.preparation if line.preparation and self.safe(line.preparation) else None
        found = find_rule(line.item) or _rule_in_form(line) or find_rule(line.original)
        if found is not None:
            rule, words = found
            substitute = choose_substitute(
                rule, quantity=line.quantity, methods=self.recipe.methods, is_safe=self.safe
            )
            if substitute is not None:
                display = _display(amount, substitute, preparation)
                if self.safe(display):
                    substitution = Substitution(
                        original_item=line.item,
                        new_item=substitute,
                        reason=f"{short_name(substitute)} instead of {words.lower()} — {reason}",
                        kind=hazards[0].kind,
                        removes=tuple(dict.fromkeys(h.name for h in hazards)),
                    )
                    if rule.note:
                        self.warnings.append(f"{short_name(substitute)}: {rule.note}.")
                    self.substitutions.append(substitution)
                    new = short_name(substitute)
                    self.replacements += [(line.item, new), (words, new)]
                    self.replacements += [(h.word, new) for h in hazards]
                    return AdaptedIngredient(
                        **base, display=display, item=substitute, preparation=preparation,
                        substitution=substitution,
                    )  # fmt: skip
        if line.optional or (line.preparation and _SIDE_ROLE.search(line.preparation)):
            self.warnings.append(f"Left out {line.item} ({reason}).")
            self.replacements += [(line.item, "(left out)")]
            self.replacements += [(h.word, "(left out)") for h in hazards]
            if found is not None:
                self.replacements.append((found[1], "(left out)"))
            return AdaptedIngredient(**base, display=f"left out: {reason}", item="", omitted=True)
        return _refuse(
            self.recipe,
            f"{self.recipe.title} needs {line.item} and it cannot be made safely without it: "
            f"there is no substitute for it that suits your {reason}.",
            hazards,
            [line.original],
        )

    def steps(self) -> list[str]:
        pairs = sorted(set(self.replacements), key=lambda p: len(p[0]), reverse=True)
        out = []
        for step in self.recipe.steps:
            for old, new in pairs:
                if old.strip():
                    pattern = rf"(?<![\w-]){re.escape(old)}(?![\w-])"
                    step = re.sub(pattern, new, step, flags=re.IGNORECASE)
            out.append(step)
        return out


def _step_warnings(
    recipe: Recipe, steps: Sequence[str], constraints: CookConstraints, adapter: _Adapter
) -> list[str]:
    """Words the steps still use that the profile forbids. The ingredient list is what is
    cooked and it is safe; a step word is either the dish itself ("cake"), a food the list
    names differently ("cheese" for the substituted parmesan) or an unlisted extra ("top with
    whipped cream"): each is said, never silently kept."""
    title = recipe.title.lower()
    replaced = {name: s for s in adapter.substitutions for name in s.removes}
    warnings = []
    for number, step in enumerate(steps, 1):
        for hazard in remaining_hazards((step,), constraints):
            word = hazard.word.lower()
            if hazard.kind == "dislike" or word in title:
                continue
            substitution = replaced.get(hazard.name)
            if substitution is not None:
                warnings.append(
                    f"Step {number} says {word}: use the {short_name(substitution.new_item)} "
                    "from the ingredient list."
                )
            else:
                reason = hazard_reason(hazard, adapter.severities)
                warnings.append(
                    f"Step {number} mentions {word}, which is not in the ingredient list: "
                    f"leave it out ({reason})."
                )
    return warnings


_PLANT_BASED = re.compile(r"\b(?:vegan|plant[- ]based)\b", re.IGNORECASE)
_NOT_IN_PLANT_FOOD = frozenset({"dairy", "eggs", "fish", "shellfish", "molluscs"})


def _anaphylactic_dish(recipe: Recipe, constraints: CookConstraints) -> Refusal | None:
    """A dish named after an anaphylactic allergen ("Peanut Noodles") is the allergen."""
    worst = [name for name, level in constraints.allergens.items() if level == "anaphylactic"]
    if _PLANT_BASED.search(recipe.title):  # "Vegan Mac and Cheese" is not made of cheese
        worst = [name for name in worst if name not in _NOT_IN_PLANT_FOOD]
    if not worst:
        return None
    hazards = [h for h in hazards_in(recipe.title, worst, (), ()) if h.status == "contains"]
    if not hazards:
        return None
    hazard = hazards[0]
    reason = hazard_reason(hazard, dict(constraints.allergens))
    return _refuse(
        recipe,
        f"{recipe.title} {_made_of(hazard)}: with {_article(reason)} {reason} it is not offered, "
        "even with a substitute.",
        hazards,
        [],
    )


def _made_of(hazard: Hazard) -> str:
    """ "is a peanut dish", or, where the word does not name the allergen, "is a pad thai dish,
    which carries peanuts"."""
    word, allergen = hazard.word.lower(), display_name(hazard.name)
    dish = f"is {_article(word)} {word} dish"
    if set(word.split()) & {allergen, allergen.rstrip("s"), *allergen.split()}:
        return dish
    return f"{dish}, which carries {allergen}"


def adapt_recipe(
    recipe: Recipe,
    constraints: CookConstraints,
    *,
    servings: float | None = None,
    units: Units = "metric",
    skill: Skill | None = None,
) -> AdaptedRecipe | Refusal:
    """The recipe made safe for `constraints`, scaled to `servings`, or why it cannot be."""
    refusal = _anaphylactic_dish(recipe, constraints)
    if refusal is not None:
        return refusal
    source_servings = recipe.servings
    target = servings or source_servings or 1.0
    factor = target / source_servings if source_servings else 1.0
    adapter = _Adapter(recipe, constraints, factor, units)
    lines: list[AdaptedIngredient] = []
    for line in recipe.ingredients:
        adapted = adapter.line(line)
        if isinstance(adapted, Refusal):
            return adapted
        lines.append(adapted)
    steps = adapter.steps()
    adapter.warnings += _step_warnings(recipe, steps, constraints, adapter)
    final = [line.display for line in lines if not line.omitted]
    left = remaining_hazards(final, constraints)
    if left:  # the invariant; unreachable unless a substitute reads differently in context
        return _refuse(recipe, "Kairos could not make this recipe safe.", left, final)
    return _assemble(recipe, constraints, adapter, lines, steps, target, skill or constraints.skill)


def _assemble(
    recipe: Recipe,
    constraints: CookConstraints,
    adapter: _Adapter,
    lines: list[AdaptedIngredient],
    steps: list[str],
    servings: float,
    skill: Skill | None,
) -> AdaptedRecipe:
    warnings = list(dict.fromkeys(adapter.warnings))
    if recipe.servings is None:
        warnings.append("The source does not say how many it serves; amounts are as written.")
    if (
        constraints.max_minutes
        and recipe.total_minutes
        and recipe.total_minutes > constraints.max_minutes
    ):
        warnings.append(f"Takes about {recipe.total_minutes} minutes, more than you asked for.")
    if constraints.equipment is not None:
        missing = [e for e in recipe.equipment if e not in constraints.equipment]
        if missing:
            warnings.append(f"Needs equipment you did not list: {', '.join(missing)}.")
    if constraints.allergens:
        names = ", ".join(_LABELS.get(a, a) for a in constraints.allergens)
        warnings.append(f"Check the label of every packaged ingredient for {names}.")
    explained = explain_steps(steps, skill)
    original = recipe.steps
    adapted_steps = tuple(
        {"number": n, "text": text, "original": original[n - 1], "changed": text != original[n - 1]}
        for n, text in enumerate(explained, 1)
    )
    substituted = bool(adapter.substitutions) or any(line.omitted for line in lines)
    title = recipe.title
    if adapter.substitutions and any(s.kind == "allergen" for s in adapter.substitutions):
        named = [s for s in adapter.substitutions if not adapter.safe(recipe.title)]
        if named:
            title = f"{recipe.title} (adapted)"
    return AdaptedRecipe.model_validate(
        {
            "recipe_id": recipe.id,
            "title": title,
            "servings": servings,
            "source_servings": recipe.servings,
            "units": adapter.units,
            "ingredients": lines,
            "steps": adapted_steps,
            "substitutions": adapter.substitutions,
            "equipment": recipe.equipment,
            "warnings": warnings,
            "nutrition": None if substituted else recipe.nutrition,
            "health": recipe.health,
            "total_minutes": recipe.total_minutes,
            "difficulty": recipe.difficulty,
            "diets": recipe.diets,
            "methods": recipe.methods,
            "cuisine": recipe.cuisine,
            "source": recipe.host or recipe.source,
            "url": recipe.url,
        }
    )
