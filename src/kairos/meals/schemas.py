"""The meal coach's API payloads: one schema per answer (seed 001: follow-up, suggestions,
recipe), validated before anything leaves the service."""

from __future__ import annotations

import uuid
from datetime import datetime
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StringConstraints

from kairos.core.stored_text import StoredText
from kairos.pipeline.safety import AllergyCheck
from kairos.recipes.models import (
    AdaptedIngredient,
    AdaptedStep,
    Difficulty,
    HealthScore,
    Nutrition,
    Substitution,
    Units,
)

__all__ = [
    "CoachAnswer",
    "CoachRequest",
    "FactsPayload",
    "FeedbackRequest",
    "FeedbackResult",
    "FollowUp",
    "HistoryPayload",
    "MealRecipe",
    "SelectRequest",
    "Suggestion",
]

SuggestionId = Annotated[str, StringConstraints(pattern=r"^s[1-9]$")]


class CoachRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    text: Annotated[StoredText, StringConstraints(max_length=2000)] = Field(
        default="",
        description="a meal ('healthier lasagna in 30 minutes'), ingredients ('I have eggs, "
        "spinach and feta'), or the answer to the coach's follow-up question",
    )
    session_id: uuid.UUID | None = Field(
        default=None, description="continue a session (answer its follow-up); omit to start one"
    )
    household: StrictBool | None = Field(
        default=None,
        description="cook for the whole household (every member's allergies apply); the text "
        "may also say so ('for the family')",
    )


class SelectRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    suggestion_id: SuggestionId = Field(description="an id from the session's suggestions")


class FollowUp(BaseModel):
    question: str
    options: list[str] = Field(default_factory=list, description="quick answers the UI can offer")
    reason: str = Field(description="why the coach asks instead of guessing")


class MeasureComparison(BaseModel):
    """One measure of this recipe against the usual version of the dish (`meals/healthier.py`)."""

    measure: str = Field(description="'calories', 'saturated fat', 'sugar', 'sodium', 'fibre' "
                         "or 'cooking method'")  # fmt: skip
    unit: str | None = Field(default=None, description="'kcal per serving'; null for a method")
    this: float | None = Field(
        default=None, description="this recipe's value as its source states it; null: unknown"
    )
    usual: float | None = Field(
        default=None, description="the median of the dish's other recipes that state it"
    )
    usual_recipes: int = Field(description="how many other recipes the usual value is from")
    result: Literal["better", "worse", "similar", "unknown"]
    text: str = Field(
        description="'less saturated fat: 4 g vs 9 g per serving (the median of "
        "3 other recipes)'; 'sodium: unknown (the source states no nutrition …)'"
    )


HealthVerdict = Literal["healthier", "mixed", "similar", "less_healthy", "unknown", "only_version"]


class HealthierBy(BaseModel):
    """Whether this suggestion is healthier than the usual version of the dish, on which stated
    measure, and by how much; "healthier" only when it is (`meals/healthier.py`)."""

    verdict: HealthVerdict = Field(
        description="healthier: better on a measure, worse on none; mixed; similar; "
        "less_healthy; unknown (nothing could be compared: the claim says why); only_version"
    )
    claim: str = Field(description="the sentence shown to the cook, naming the measures")
    compared_with: str = Field(description="the baseline: the dish's other recipes")
    baseline_recipes: int
    measures: list[MeasureComparison] = Field(default_factory=list)
    rule: str = Field(description="the rule the verdict follows, in words")
    title_note: str | None = Field(
        default=None, description="'Titled 'baked', but its steps deep-fry it.': the method "
        "tags and the comparison follow the steps, never the title",
    )  # fmt: skip


class PantryUse(BaseModel):
    used: list[str]
    main: list[str] = Field(
        default_factory=list,
        description="the used items that are main ingredients of the recipe, not seasoning",
    )
    missing: list[str]
    missing_main: list[str] = Field(
        default_factory=list,
        description="the foods still to buy that are main ingredients (rice, lentils), not "
        "herbs or spices",
    )
    pantry_size: int
    text: str = Field(
        description="'uses 2 of your 4 items (chicken, rice; not broccoli, lime); also needs: "
        "soy sauce'"
    )


class Suggestion(BaseModel):
    """The seed's suggestion, with the real recipes it comes from."""

    suggestion_id: SuggestionId
    title: str
    summary: str
    rationale: str
    tags: list[str]
    time: str | None = Field(description="'25 min'; null when the source does not say")
    time_minutes: int | None
    difficulty: Difficulty
    source_recipe_ids: list[int]
    health: HealthScore = Field(
        description="ranks the dish's recipes; method 'estimate-v1' is an estimate from the "
        "recipe text (not nutrition) and is never shown as a number; `basis` lists its rules"
    )
    nutrition_text: str = Field(
        default="", description="what is known of its nutrition: 'Nutrition unknown: the source "
        "states none.'",
    )  # fmt: skip
    healthier: HealthierBy | None = Field(
        default=None, description="a dish's suggestion against the usual version of the dish"
    )
    pantry: PantryUse | None = None
    close: bool = Field(
        default=False, description="a dish close to the one asked (its title does not name it)"
    )
    credit: str | None = Field(
        default=None,
        description="where the recipe comes from and its licence, when the source "
        "states one: 'Wikibooks Cookbook, CC BY-SA 4.0 …, https://en.wikibooks.org/…'",
    )
    substitutions: list[str] = Field(
        default_factory=list, description="'oat milk instead of milk — dairy allergy'"
    )
    allergy: AllergyCheck = Field(
        description="the safety step's check of the final ingredient list, for the cook and "
        "every household member it is cooked for: what it likely holds, for whom, what to check"
    )


class MealRecipe(BaseModel):
    """A full recipe adapted from its real source to this cook (or household)."""

    meal_id: uuid.UUID = Field(description="send feedback to POST /meals/{meal_id}/feedback")
    suggestion_id: SuggestionId
    recipe_id: int
    title: str
    servings: float | None = Field(
        description="how many it serves as adapted; null when neither the source nor its steps "
        "say (the amounts are then as written, and a warning says so)"
    )
    source_servings: float | None
    units: Units
    ingredients: list[AdaptedIngredient]
    steps: list[AdaptedStep]
    substitutions: list[Substitution]
    equipment: list[str]
    warnings: list[str]
    nutrition: Nutrition | None = Field(
        description="per serving as the source states it; null when unknown (the source states "
        "none, or substitutions changed the ingredients it was for)"
    )
    nutrition_text: str = Field(default="", description="what is known of its nutrition")
    health: HealthScore
    total_minutes: int | None = Field(
        description="from start to table, the waiting included: always active_minutes + "
        "waiting_minutes; null when unknown"
    )
    active_minutes: int | None = Field(
        default=None, description="the time at the stove and the board, without the waiting"
    )
    waiting_minutes: int | None = Field(
        default=None,
        description="an hour or more the steps make the food wait (marinating, rising, in the "
        "fridge; 'overnight' counts 8 h); 0 when none",
    )
    waiting_for: str | None = Field(default=None, description="what the wait is ('marinating')")
    time_estimated: bool = Field(
        default=False, description="the time is summed from the steps, not stated by the source"
    )
    time_text: str | None = Field(
        default=None,
        description="the same numbers as a cook plans them: at the stove and waiting apart "
        "('about 38 min + 24 h marinating')",
    )
    difficulty: Difficulty
    tags: list[str]
    source: str
    url: str | None
    licence: str | None = Field(
        default=None,
        description="the recipe text's licence as its source states it, shown with "
        "the source and its page (Wikibooks recipes: CC BY-SA 4.0)",
    )
    allergy: AllergyCheck = Field(
        description="the safety step's check of the final ingredient list, for the cook and "
        "every household member it is cooked for: what it likely holds, for whom, what to check"
    )


class CoachContext(BaseModel):
    """What the coach took into account (the seed's context bundle, without the allergies'
    details): shown so the person can see why."""

    cooking_for: list[str] = Field(description="'you', or 'you, Sam, Alex' for the household")
    avoided_allergens: list[str]
    dislikes: list[str]
    diets: list[str]
    equipment: list[str] | None
    max_minutes: int | None
    skill: str | None
    units: Units
    understood: list[str] = Field(default_factory=list)
    preference_facts: list[str] = Field(default_factory=list)
    memories: list[str] = Field(default_factory=list)


class CoachAnswer(BaseModel):
    ui_type: Literal["follow_up", "suggestions", "recipe"]
    session_id: uuid.UUID
    step: Literal["awaiting_followup", "awaiting_selection", "done"]
    input_kind: str
    message: str
    follow_up: FollowUp | None = None
    suggestions: list[Suggestion] = Field(default_factory=list)
    recipe: MealRecipe | None = None
    not_offered: list[str] = Field(
        default_factory=list,
        description="real recipes that could not be made safe, and why (never silently hidden)",
    )
    context: CoachContext | None = None
    images: list[str] = Field(default_factory=list, description="content hashes of stored photos")


class FeedbackRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    liked: StrictBool | None = Field(default=None, description="true liked, false disliked")
    cooked_again: StrictBool = False
    tags: list[Annotated[StoredText, StringConstraints(min_length=1, max_length=40)]] = Field(
        default_factory=list, max_length=20, description="'too salty', 'quick', 'kids loved it'"
    )
    notes: Annotated[StoredText, StringConstraints(max_length=1000)] | None = Field(
        default=None, description="free text; 'I hate mushrooms' adds a dislike"
    )


class FeedbackResult(BaseModel):
    meal_id: uuid.UUID
    facts_changed: dict[str, float] = Field(description="fact key → change in strength")
    dislikes_added: list[str]
    memories_added: list[str]
    allergies_changed: Literal[False] = False
    allergy_note: str | None = Field(
        default=None,
        description="when the notes name an allergy: it was not stored, and where to add it",
    )


class HistoryItem(BaseModel):
    meal_id: uuid.UUID
    title: str
    recipe_id: int | None
    tags: list[str]
    created_at: datetime
    liked: bool | None = None
    cooked_again: bool = False
    feedback_count: int = 0


class HistoryPayload(BaseModel):
    data: list[HistoryItem]
    count: int


class Fact(BaseModel):
    key: str
    strength: float


class FactsPayload(BaseModel):
    data: list[Fact]
    dislikes: list[str]
    count: int
