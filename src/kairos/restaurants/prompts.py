"""Every prompt in one place; each carries the allergy section and ends with the JSON rule."""

from __future__ import annotations

from collections.abc import Sequence

from kairos.core.allergy_profile import AllergyProfile
from kairos.core.fit_scorer import TastePreferences
from kairos.llm.provider import Message

JSON_RULE = "Output only valid JSON. No markdown fences. No preamble."


def build_user_context(preferences: TastePreferences) -> str:
    parts = [
        f"{label}: {', '.join(map(str, values))}"
        for label, values in (
            ("Favourite cuisines", preferences.cuisine_affinity),
            ("Avoids cuisines", preferences.cuisine_aversion),
            ("Vibes", preferences.vibes),
            ("Dietary", preferences.dietary),
            ("Price comfort", preferences.price_comfort),
        )
        if values
    ]
    return "\n".join(parts) or "No saved preferences yet."


def build_allergy_context(allergies: AllergyProfile) -> str:
    severities = allergies.resolved_severities()
    if not severities:
        return "## SAFETY — USER ALLERGIES\nNone recorded."
    lines = ["## SAFETY — USER ALLERGIES"]
    for allergen, severity in severities.items():
        marker = "⚠️ ANAPHYLACTIC — must never be recommended" if severity == "anaphylactic" else ""
        lines.append(f"- {allergen}: {severity} {marker}".rstrip())
    lines.append("Never drop or soften an allergy. Allergies are not inferred from chat.")
    return "\n".join(lines)


def build_decomposition_prompt(
    message: str,
    history: Sequence[str],
    preferences: TastePreferences,
    allergies: AllergyProfile,
) -> list[Message]:
    system = (
        "You turn a restaurant request into structured search filters for Kairos. "
        "Fill intent, filters (price_tiers as $..$$$$, categories, city, area, min_rating, "
        "exclude_allergens as canonical names), vector_query (the semantic part), ui_preference, "
        "vibes, dietary, avoid, turn_allergens (allergies named in this message only). Ask a "
        "clarifying question only when nothing searchable was said.\n\n"
        f"{build_allergy_context(allergies)}\n\n{JSON_RULE}"
    )
    recent = "\n".join(f"- {h}" for h in history[-3:]) or "(none)"
    user = (
        f"User preferences:\n{build_user_context(preferences)}\n\n"
        f"Recent messages:\n{recent}\n\nMessage: {message}"
    )
    return [{"role": "system", "content": system}, {"role": "user", "content": user}]


def build_evaluation_prompt(places: str, allergies: AllergyProfile, wanted: str) -> list[Message]:
    """`places`: one block per candidate with its id and numbered review excerpts (with ids)."""
    system = (
        "Score each restaurant from 0 to 10 on romance, noise_level (10 = silent), food_quality, "
        "vegan_options and value_for_money, using only the review excerpts given. For every "
        "restaurant list the review ids your scores rest on. Do not invent restaurants or ids.\n\n"
        f"{build_allergy_context(allergies)}\n\n{JSON_RULE}"
    )
    user = f"The diner wants: {wanted}\n\nRestaurants:\n{places}"
    return [{"role": "system", "content": system}, {"role": "user", "content": user}]


def build_phrasing_prompt(facts: str, allergies: AllergyProfile, draft: str) -> list[Message]:
    system = (
        "Write a short, warm answer (at most 3 sentences) to a diner from the facts given. "
        "Name only restaurants in the facts, quote only the review sentences given, and cite the "
        "review ids you quote. Never soften or drop an allergy warning.\n\n"
        f"{build_allergy_context(allergies)}\n\n{JSON_RULE}"
    )
    user = f"Facts:\n{facts}\n\nA plain draft you may improve:\n{draft}"
    return [{"role": "system", "content": system}, {"role": "user", "content": user}]
