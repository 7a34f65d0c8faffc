"""Adapting a real recipe to a cook: substitutions in the ingredient list and in the steps,
quantities scaled and converted, warnings; or a refusal that says why.

The invariant: the final ingredient list (every line as displayed) is re-read by the allergen core
(`remaining_hazards`), and an adapted recipe is returned only when none of the constraint set's
allergens it *contains*, custom entries, diet rules or dislikes remain in it. A line that only
likely holds an allergen ("curry paste": most hold shrimp paste) is replaced when a substitute is
safe ("celery-free stock"); otherwise, for a moderate allergy or an intolerance, it stays and the
recipe's allergy check (`pipeline.safety.recipe_check`) names it with what to check, while for an
anaphylactic or severe one it is left out where it is a garnish, else the recipe is refused
(`GRAVE`). A disliked food with no substitute is left out, unless the dish is named after it. A
dairy *intolerance* accepts lactose-free dairy ("lactose-free milk"); an allergy never does.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any, Final

from kairos.recipes.adapted_title import adapted_title
from kairos.recipes.amounts import amounts_note
from kairos.recipes.appliances import appliance_note
from kairos.recipes.completeness import with_gaps
from kairos.recipes.constraints import CookConstraints
from kairos.recipes.display import format_amount, scaled_amount
from kairos.recipes.frying_fat import fat_note
from kairos.recipes.hazard_check import forbidden_hazards, grave, remaining_hazards
from kairos.recipes.line_parts import measured_package, prepared_line
from kairos.recipes.merged_lines import merged_lines
from kairos.recipes.models import (
    AdaptedIngredient,
    AdaptedRecipe,
    IngredientLine,
    Recipe,
    Refusal,
    Skill,
    Substitution,
    Units,
)
from kairos.recipes.package_sizes import kept_whole, weighed_part
from kairos.recipes.portion_counts import scaled_portions
from kairos.recipes.reading import Hazard
from kairos.recipes.reasons import LABELS, hazard_reason, reasons
from kairos.recipes.refusals import anaphylactic_dish, refuse
from kairos.recipes.scaled_steps import counted_items, resized_vessels, scaled_counts
from kairos.recipes.shown_items import shown_item
from kairos.recipes.skill import explain_steps
from kairos.recipes.step_amounts import adapt_step, servings_plan
from kairos.recipes.step_forms import kind_words, kinds_of, plant_cooked
from kairos.recipes.steps import rewrite_steps, step_warnings
from kairos.recipes.substitutions import (
    SubstitutionRule,
    choose_substitute,
    find_rules,
    plays,
    role_needed,
    rule_in_form,
    short_name,
)
from kairos.recipes.swap_sense import cooked_form, decorates_only, sensible_steps, swap_notes, unfit
from kairos.recipes.vessels import vessel_note

__all__ = ["adapt_recipe", "hazard_reason", "remaining_hazards"]

_ABOUT_THE_ITEM: Final = re.compile(
    r"\b(?:preferably|such as|like|e\.g|ideally|for example|good quality|a good)\b|[A-Z]"
)
"""A preparation that speaks of the replaced item ("preferably Chianti", "Bordeaux, Shiraz or
Burgundy"), not of what to do with it ("chopped"): it goes with the item."""
_LEFT_OUT_LEAVES: Final = 3
"""A disliked food is left out only from a dish of at least this many other ingredients (two
olives and a lemon is an olive dish, not a dish with olives in it)."""
_SIDE_ROLE: Final = re.compile(
    r"\b(?:for\s+(?:garnish|serving|topping|decorat\w*|dusting|drizzling)|to\s+serve|garnish)\b",
    re.IGNORECASE,
)


Found = tuple[tuple[SubstitutionRule, ...], str]


def _display(amount: str, item: str, preparation: str | None) -> str:
    text = f"{amount} {item}".strip()
    return f"{text}, {preparation}" if preparation else text


class _Adapter:
    def __init__(self, recipe: Recipe, constraints: CookConstraints, factor: float, units: Units):
        self.recipe = recipe
        self.constraints = constraints
        self.factor = factor
        self.units = units
        self.written_for = recipe.servings  # how many the amounts are for, estimated or stated
        self.severities = dict(constraints.allergens)
        self.substitutions: list[Substitution] = []
        self.replacements: list[tuple[str, str]] = []
        self.swapped: list[tuple[str, str]] = []
        self.warnings: list[str] = []

    def safe(self, text: str) -> bool:
        """Nothing of the constraint set in `text`, not even an allergen it only likely holds."""
        return not forbidden_hazards((text,), self.constraints)

    def shown(self, text: str) -> bool:
        """Nothing in `text` that a final list may not keep (a likely allergen is named)."""
        return not remaining_hazards((text,), self.constraints)

    def line(self, line: IngredientLine) -> AdaptedIngredient | Refusal:
        line = prepared_line(line, self.factor, self.units)
        part = weighed_part(line, self.factor, self.units)
        quantity, top, unit = scaled_amount(part[0] if part else line, self.factor, self.units)
        if kept := kept_whole(line, quantity, unit):  # "⅛ bag" of no known size: buy one
            quantity, top, part = 1.0, None, (line, kept)
        amount = format_amount(quantity, top, unit)
        base = {"position": line.position, "original": line.original, "quantity": quantity,
                "quantity_max": top, "unit": unit, "optional": line.optional}  # fmt: skip
        hazards = forbidden_hazards((line.original,), self.constraints)
        shown = f"{line.item} {part[1]}" if part else shown_item(line, quantity, unit, self.units)
        as_written = AdaptedIngredient(
            **base, display=_display(amount, shown, line.preparation), item=line.item,
            preparation=line.preparation,
        )  # fmt: skip
        if not hazards:
            return as_written
        hard = [h for h in hazards if not h.likely or grave(h, self.constraints)]
        found = (
            find_rules(line.item)
            or rule_in_form(line.original, line.item)
            or find_rules(line.original)
        )
        if hard and decorates_only(line, self.recipe.steps):  # seeds to sprinkle: not swapped
            why = "it only decorates the dish; " + reasons(
                hard, self.severities, self.constraints.owners
            )
            return self._left_out(line, hazards, found, base, why)
        if found is not None:
            # a substitute clean of everything first; for a line that must go, one that only
            # likely holds an allergen (named by the allergy check) before a refusal
            tests = (self.safe, self.shown) if hard else (self.safe,)
            measured = measured_package(line, self.factor, self.units) or amount  # not a bottle

            def amount_at(ratio: float) -> tuple[dict[str, Any], str]:  # capers: ¼ of olives
                if ratio == 1:
                    return base, measured
                factor = self.factor * ratio
                q, t, u = scaled_amount(part[0] if part else line, factor, self.units)
                text = measured_package(line, factor, self.units) or format_amount(q, t, u)
                return base | {"quantity": q, "quantity_max": t, "unit": u}, text

            for is_safe in tests:
                swapped = self._swap(line, found, hazards, amount_at, is_safe)
                if swapped is not None:
                    return swapped
        if not hard:  # only likely: it stays, and the recipe's allergy check names it
            return as_written
        avoided = {h.name for h in hard if h.kind == "dislike"}
        named = {h.name for h in forbidden_hazards((self.recipe.title,), self.constraints)}
        others = sum(1 for other in self.recipe.ingredients if other.position != line.position)
        if (
            avoided
            and all(h.kind == "dislike" for h in hard)
            and not avoided & named
            and others >= _LEFT_OUT_LEAVES
        ):
            # a food the cook avoids, with nothing to stand in for it: the dish without it
            reason = reasons(hard, self.severities, self.constraints.owners)
            return self._left_out(line, hazards, None, base, reason)
        # every need the line breaks, not only the first one read: a lasagna noodle holds
        # wheat and egg, and its substitute answers both
        reason = reasons(hard, self.severities, self.constraints.owners)
        if line.optional or (line.preparation and _SIDE_ROLE.search(line.preparation)):
            return self._left_out(line, hazards, found, base, reason)
        return refuse(
            self.recipe,
            (
                f"{self.recipe.title} needs {line.item}: there is no substitute for it, and "
                f"{reason}."
                if all(h.kind == "dislike" for h in hard)
                else f"{self.recipe.title} needs {line.item} and it cannot be made safely "
                "without it: there is no substitute for it that suits "
                f"{reason if self.constraints.owners else f'your {reason}'}."
            ),
            hard,
            [line.original],
        )

    def _left_out(
        self,
        line: IngredientLine,
        hazards: Sequence[Hazard],
        found: Found | None,
        base: dict[str, Any],
        reason: str,
    ) -> AdaptedIngredient:
        self.warnings.append(f"Left out {line.item} ({reason}).")
        self.replacements += [(line.item, "(left out)")]
        self.replacements += [(h.word, "(left out)") for h in hazards]
        if found is not None:
            self.replacements.append((found[1], "(left out)"))
        return AdaptedIngredient(**base, display=f"left out: {reason}", item="", omitted=True)

    def _swap(
        self,
        line: IngredientLine,
        found: Found,
        hazards: Sequence[Hazard],
        amount_at: Callable[[float], tuple[dict[str, Any], str]],
        is_safe: Callable[[str], bool],
    ) -> AdaptedIngredient | None:
        rules, words = found
        role = role_needed(line.item, words)  # a sauce for a sauce, never seeds for a sauce
        chosen = choose_substitute(
            rules,
            quantity=line.quantity,
            methods=self.recipe.methods,
            is_safe=lambda text: (
                is_safe(text) and plays(text, role) and not unfit(text, self.recipe)
            ),
            preferred=self.constraints.swap_to,
        )
        if chosen is None:
            return None
        substitute, rule = cooked_form(line.item, chosen[0]), chosen[1]
        taken = rule.amount_of(chosen[0])
        base, amount = amount_at(taken.ratio if taken else 1.0)
        preparation = line.preparation
        if preparation and (not is_safe(preparation) or _ABOUT_THE_ITEM.search(preparation)):
            preparation = None
        display = _display(amount, substitute, preparation)
        if not is_safe(display):
            return None
        new = short_name(substitute)
        substitution = Substitution(
            original_item=line.item,
            new_item=substitute,
            reason=f"{new} instead of {words.lower()}"
            + (f", {taken.words()}" if taken else "")
            + " — "
            + reasons(hazards, self.severities, self.constraints.owners),
            kind=hazards[0].kind,
            removes=tuple(dict.fromkeys(h.name for h in hazards)),
            main=rule.main,
        )
        note = rule.note_of(substitute)
        if note:
            self.warnings.append(f"{new}: {note}.")
        self.substitutions.append(substitution)
        self.replacements += [(line.item, new), (words, new)]
        self.swapped.append((line.item, new))
        self.replacements += [(h.word, new) for h in hazards]
        self.replacements += [(part, new) for part in self._parts(line.item, substitution)]
        return AdaptedIngredient(
            **base, display=display, item=substitute, preparation=preparation,
            substitution=substitution,
        )  # fmt: skip

    def _parts(self, item: str, substitution: Substitution) -> list[str]:
        """The shorter names a step gives the item ("the wine" for "dry white wine", "the
        phyllo" for "phyllo dough", "more cheese" for "cheddar cheese"): each run of its words
        that the allergen core reads as what the substitution removes."""
        words = item.split()
        removed = set(substitution.removes)
        runs = (
            " ".join(words[i:j]) for i in range(len(words)) for j in range(i + 1, len(words) + 1)
        )
        return [
            run
            for run in runs
            if run != item
            and {h.name for h in forbidden_hazards((run,), self.constraints)} & removed
        ]

    def steps(self, lines: Sequence[AdaptedIngredient]) -> list[str]:
        by_kind: list[tuple[str, str]] = []
        meat_kept = False
        if self.swapped:  # "brown the meat" names the swapped beef unless another meat stays
            foods = {line.position: line.food for line in self.recipe.ingredients}
            kept = kinds_of(
                foods.get(i.position) or i.item
                for i in lines
                if not i.omitted and i.substitution is None
            )
            by_kind = [(w, n) for old, n in self.swapped for w in kind_words(old) if w not in kept]
            meat_kept = "meat" in kept
        listed = [line.item for line in lines if not line.omitted and line.substitution is None]
        rewritten = rewrite_steps(self.recipe.steps, [*self.replacements, *by_kind], listed)
        if (
            self.swapped
            and not meat_kept
            and any("meat" in kind_words(old) and not kind_words(new) for old, new in self.swapped)
        ):  # lentils for the beef: not browned until crumbly, no fat poured off
            rewritten = plant_cooked(rewritten, (line.item for line in lines if not line.omitted))
        rewritten = sensible_steps(rewritten, self.swapped)  # chicken is not "until opaque"
        counted, f = counted_items(self.recipe.ingredients), self.factor  # dish, counts scaled
        return [resized_vessels(scaled_portions(scaled_counts(adapt_step(s, f, self.units),
                counted, f), self.written_for, f), f) for s in rewritten]  # fmt: skip


def adapt_recipe(
    recipe: Recipe,
    constraints: CookConstraints,
    *,
    servings: float | None = None,
    units: Units = "metric",
    skill: Skill | None = None,
) -> AdaptedRecipe | Refusal:
    """The recipe made safe for `constraints`, scaled to `servings`, or why it cannot be."""
    refusal = anaphylactic_dish(recipe, constraints)
    if refusal is not None:
        return refusal
    target, factor, servings_note = servings_plan(
        recipe.servings, recipe.steps, servings, recipe.ingredients, recipe.title
    )
    adapter = _Adapter(recipe, constraints, factor, units)
    adapter.written_for = recipe.servings or (target / factor if target else None)
    vessel = vessel_note(recipe.steps, recipe.equipment, factor)
    adapter.warnings += [note for note in (servings_note, vessel) if note]
    lines: list[AdaptedIngredient] = []
    for line in recipe.ingredients:
        adapted = adapter.line(line)
        if isinstance(adapted, Refusal):
            return adapted
        lines.append(adapted)
    lines = merged_lines(lines)  # a food once: no "feta" twice after a copy or a swap
    adapter.substitutions = list(dict.fromkeys(adapter.substitutions))  # and each swap said once
    steps = adapter.steps(lines)
    steps, said = step_warnings(
        recipe.title, steps, constraints, adapter.substitutions,
        lambda hazard: hazard_reason(hazard, adapter.severities, constraints.owners),
        [line.item for line in lines if not line.omitted],
    )  # fmt: skip
    adapter.warnings += said + swap_notes(adapter.swapped)
    final = [line.display for line in lines if not line.omitted]
    left = remaining_hazards(final, constraints)
    if left:  # the invariant; unreachable unless a substitute reads differently in context
        return refuse(recipe, "Kairos could not make this recipe safe.", left, final)
    return _assemble(recipe, constraints, adapter, lines, steps, target, skill or constraints.skill)


def _assemble(
    recipe: Recipe,
    constraints: CookConstraints,
    adapter: _Adapter,
    lines: list[AdaptedIngredient],
    steps: list[str],
    servings: float | None,
    skill: Skill | None,
) -> AdaptedRecipe:
    warnings = with_gaps(recipe, constraints, lines, adapter.warnings, adapter.severities)
    if no_amounts := amounts_note(recipe):
        warnings.insert(0, no_amounts)
    if no_fat := fat_note(steps, [line.display for line in lines if not line.omitted]):
        warnings.append(no_fat)
    if (
        constraints.max_minutes
        and recipe.total_minutes
        and recipe.total_minutes > constraints.max_minutes
    ):
        warnings.append(f"Takes about {recipe.total_minutes} minutes, more than you asked for.")
    had = recipe.equipment if constraints.equipment is None else constraints.equipment
    missing = [e for e in recipe.equipment if e not in had]
    if missing:
        warnings.append(f"Needs equipment you did not list: {', '.join(missing)}.")
    if appliance := appliance_note(recipe.equipment, (recipe.title, *recipe.steps),
                                   (*missing, *(constraints.equipment or ()))):  # fmt: skip
        warnings.append(appliance)
    if constraints.allergens:
        names = ", ".join(LABELS.get(a, a) for a in constraints.allergens)
        warnings.append(f"Check the label of every packaged ingredient for {names}.")
    explained = explain_steps(steps, skill)
    original = recipe.steps
    adapted_steps = tuple(
        {"number": n, "text": text, "original": original[n - 1], "changed": text != original[n - 1]}
        for n, text in enumerate(explained, 1)
    )
    substituted = bool(adapter.substitutions) or any(line.omitted for line in lines)
    title = adapted_title(recipe.title, adapter.substitutions, lines, adapter.safe)
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
            "licence": recipe.licence,
        }
    )
