"""When the coach asks instead of guessing (seed 001): a photo it cannot read, a message that
names neither a meal nor ingredients, a dish it has no recipe for. The question, and how the
next message answers it.

What is kept between the question and its answer is what the coach derived (the kind, the
photos' hashes, the constraints read), never the text itself: no transcript is stored.
"""

from __future__ import annotations

import re
from typing import Any, Literal

from kairos.llm.vision import MEAL_OR_INGREDIENTS, VisionResult
from kairos.meals.schemas import FollowUp, Suggestion
from kairos.meals.understanding import MealInput, answer_kind, read_message, split_ingredients

__all__ = ["KEPT", "Pending", "answer", "from_photo", "kept_suggestion", "question_for"]

Pending = Literal["kind", "meal_name", "ingredients", "what"]
_KIND_OPTIONS = ["The prepared meal", "Ingredients to cook with"]
_KEPT_ACROSS_TURNS = ("max_minutes", "servings", "household", "equipment_with",
                      "equipment_without", "equipment_only")  # fmt: skip
_KIND_WORDS = re.compile(
    r"\b(?:(?:they|these|those|it)(?:'re|'s| are| is)?|the|raw|ingredients?|to\s+cook\s+with|"
    r"photo|picture|of|a|an|some)\b",
    re.IGNORECASE,
)


def question_for(pending: Pending, *, name: str | None = None) -> FollowUp:
    if pending == "kind":
        return FollowUp(
            question=f"{MEAL_OR_INGREDIENTS} If it is a meal, what is it called? If it is "
            "ingredients, which ones?",
            options=_KIND_OPTIONS,
            reason="Kairos does not guess what a photo shows: no vision model is configured, "
            "or it was not sure.",
        )
    if pending == "meal_name":
        return FollowUp(
            question="What is the meal called?",
            reason="Kairos needs the dish's name to find real recipes of it.",
        )
    if pending == "ingredients":
        return FollowUp(
            question="Which ingredients do you have? List them, separated by commas.",
            reason="Kairos needs the ingredients to find recipes that use them.",
        )
    lead = f"Kairos has no recipe for {name!r}. " if name else ""
    return FollowUp(
        question=lead + "Which meal would you like a healthier version of, or which "
        "ingredients do you have?",
        options=["A meal", "Ingredients"],
        reason="The message names neither a dish Kairos knows nor ingredients.",
    )


def from_photo(text_reading: MealInput, vision: VisionResult | None, threshold: float) -> MealInput:
    """A photo's input: the model's reading when it is confident; otherwise what the text
    already says; otherwise unknown (the coach asks)."""
    if vision is not None and vision.kind != "unknown" and vision.confidence >= threshold:
        if vision.kind == "meal_photo" and vision.meal_name:
            return text_reading.model_copy(
                update={"kind": "meal_photo", "meal_name": vision.meal_name.lower()}
            )
        if vision.kind == "ingredients_photo" and vision.ingredients:
            items = [i.lower() for i in vision.ingredients]
            return text_reading.model_copy(
                update={"kind": "ingredients_photo", "ingredients": items}
            )
    if text_reading.kind == "text_meal" and text_reading.meal_name:
        return text_reading.model_copy(update={"kind": "meal_photo"})
    if text_reading.kind == "text_ingredients":
        return text_reading.model_copy(update={"kind": "ingredients_photo"})
    return text_reading.model_copy(update={"kind": "unknown"})


def pending_for(reading: MealInput, *, photo: bool) -> Pending | None:
    if reading.kind in ("text_ingredients", "ingredients_photo") and not reading.ingredients:
        return "ingredients"
    if reading.open_meal:  # "something healthy for dinner": dinners, then one question
        return None
    if reading.kind in ("text_meal", "meal_photo") and not reading.meal_name:
        return "meal_name"
    if reading.kind == "unknown":
        return "kind" if photo else "what"
    return None


def answer(pending: Pending, state: dict[str, Any], text: str) -> MealInput:
    """The follow-up's answer read against the question asked; constraints stated earlier are
    kept unless the answer states them again."""
    reading = read_message(text)
    photo = bool(state.get("images"))
    kind = answer_kind(text) if pending in ("kind", "what") else None
    if pending == "ingredients" or kind == "ingredients":
        rest = _KIND_WORDS.sub(" ", text.split(":", 1)[-1] if ":" in text else text)
        items = split_ingredients(rest) if rest.strip(" ,.;") else []
        reading = reading.model_copy(update={
            "kind": "ingredients_photo" if photo else "text_ingredients", "ingredients": items,
        })  # fmt: skip
    elif pending == "meal_name" or kind == "meal":
        after = text.split(":", 1)[-1] if ":" in text else text
        name = read_message(after).meal_name
        if name in ("prepared", "prepared meal", "meal", "dish"):
            name = None
        reading = reading.model_copy(update={
            "kind": "meal_photo" if photo else "text_meal", "meal_name": name,
        })  # fmt: skip
    elif photo:
        photo_kind = {"text_meal": "meal_photo", "text_ingredients": "ingredients_photo"}
        reading = reading.model_copy(update={"kind": photo_kind.get(reading.kind, reading.kind)})
    earlier = state.get("request") or {}
    update = {
        key: earlier[key]
        for key in _KEPT_ACROSS_TURNS
        if earlier.get(key) and not getattr(reading, key)
    }
    return reading.model_copy(update=update)


KEPT = {"max_minutes", "servings", "household", "units", "swap_to", "equipment_with",
        "equipment_without", "equipment_only", "read", "diets", "changes", "lighter",
        "quick", "cues", "added"}  # fmt: skip
"""What a session keeps of the request between turns ("added": the foods asked with the dish,
added to the recipe chosen)."""


def kept_suggestion(suggestion: Suggestion) -> dict[str, Any]:
    """What selection needs (the seed's session state): id, title, tags, summary, source."""
    return {
        "suggestion_id": suggestion.suggestion_id, "title": suggestion.title,
        "summary": suggestion.summary, "tags": suggestion.tags,
        "recipe_id": suggestion.source_recipe_ids[0],
    }  # fmt: skip
