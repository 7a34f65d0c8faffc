"""Optional model phrasing of the suggestions, gated (seed 001, output gating).

Offline (the default) the deterministic titles and summaries stand. With a model configured,
it may rewrite each suggestion's title and summary — never the recipe, its ingredients or its
source — and its output is checked before use: valid JSON for `SuggestionTexts`, the same ids,
and no word the allergen core reads as one of the request's allergens, dislikes or diet breaks.
A failed check gets one repair call that restates the constraints; output still invalid after
it is a `ModelOutputError` (a clear model error, HTTP 502), never shown.
"""

from __future__ import annotations

import json

from pydantic import BaseModel, Field

from kairos.llm.chain import ModelChain
from kairos.llm.vision import ModelOutputError
from kairos.meals.context import Context
from kairos.meals.gate import text_hazards
from kairos.meals.schemas import Suggestion

__all__ = ["Phrasing", "SuggestionText", "SuggestionTexts"]


_INVALID_OUTPUT = frozenset({"ValidationError", "ValueError", "JSONDecodeError"})
"""How the chain names a failure of the output (not of the transport) in its fallbacks."""


class SuggestionText(BaseModel):
    suggestion_id: str
    title: str = Field(min_length=3, max_length=120)
    summary: str = Field(min_length=3, max_length=400)


class SuggestionTexts(BaseModel):
    suggestions: list[SuggestionText]


class Phrasing:
    def __init__(self, chain: ModelChain) -> None:
        self.chain = chain

    async def phrase(self, suggestions: list[Suggestion], context: Context) -> list[Suggestion]:
        if self.chain.is_offline or not suggestions:
            return suggestions
        c = context.constraints
        avoid = sorted(c.allergens) + list(c.dislikes)
        ids = {s.suggestion_id for s in suggestions}
        messages = [
            {"role": "system", "content": (
                "You rewrite meal suggestions for a home cook: a concrete, appetising title "
                "(e.g. 'Air-fryer chicken fajita bowl with extra veg') and a one-sentence summary "
                "for each. Keep every suggestion_id. Do not add ingredients. Never name: "
                + (", ".join(avoid) or "nothing") + ". Answer with JSON only."
            )},
            {"role": "user", "content": json.dumps([
                {"suggestion_id": s.suggestion_id, "title": s.title, "summary": s.summary,
                 "tags": s.tags} for s in suggestions
            ])},
        ]  # fmt: skip

        def check(value: SuggestionTexts) -> None:
            got = {t.suggestion_id for t in value.suggestions}
            if got != ids:
                raise ValueError(f"answer for exactly these suggestion_ids: {sorted(ids)}")
            named = text_hazards([t for s in value.suggestions for t in (s.title, s.summary)], c)
            if named:
                raise ValueError(
                    "the text names what this cook must avoid (" + ", ".join(named) + "); "
                    "rewrite without it"
                )

        def offline() -> SuggestionTexts:
            return SuggestionTexts(suggestions=[
                SuggestionText(suggestion_id=s.suggestion_id, title=s.title, summary=s.summary)
                for s in suggestions
            ])  # fmt: skip

        generated = await self.chain.generate(
            "meal_suggestions", messages, SuggestionTexts, offline, check
        )
        invalid = [f for f in generated.fallbacks if f.rsplit(":", 1)[-1] in _INVALID_OUTPUT]
        if generated.source == "offline" and invalid:
            raise ModelOutputError(
                "the language model answered twice with suggestions that failed the checks "
                f"({', '.join(invalid)}); try again, or set KAIROS_LLM_PROVIDER=offline"
            )
        texts = {t.suggestion_id: t for t in generated.value.suggestions}
        return [
            s.model_copy(update={"title": texts[s.suggestion_id].title,
                                 "summary": texts[s.suggestion_id].summary})
            for s in suggestions
        ]  # fmt: skip
