"""Evaluation and phrasing by a hosted model, when one is configured. Each output is checked for
grounding (only given restaurants, only given review ids); anything else falls back to the
offline answer, which is computed first and always complete."""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel, Field

from kairos.core.allergy_profile import AllergyProfile
from kairos.llm.chain import Generated, ModelChain
from kairos.restaurants.evaluation import RADAR_AXES
from kairos.restaurants.prompts import build_evaluation_prompt, build_phrasing_prompt
from kairos.restaurants.schemas import NEUTRAL, RadarScores, RestaurantResult
from kairos.text.aspects import ReviewText

EXCERPTS_PER_PLACE = 4
EXCERPT_CHARS = 300


class PlaceEvaluation(BaseModel):
    restaurant_id: int
    romance: float = Field(ge=0, le=10)
    noise_level: float = Field(ge=0, le=10)
    food_quality: float = Field(ge=0, le=10)
    vegan_options: float = Field(ge=0, le=10)
    value_for_money: float = Field(ge=0, le=10)
    review_ids: list[str] = Field(default_factory=list)


class EvaluationOutput(BaseModel):
    scores: list[PlaceEvaluation]


class PhrasingOutput(BaseModel):
    message: str = Field(min_length=1, max_length=700)
    cited_review_ids: list[str] = Field(default_factory=list)


def _excerpts(results: Sequence[RestaurantResult], reviews: dict[int, list[ReviewText]]) -> str:
    blocks = []
    for r in results:
        lines = [f"[{r.id}] {r.name} — {', '.join(r.cuisine_types[:3])}, {r.price_tier or '?'}"]
        lines += [
            f"  review {rv.id}: {rv.text[:EXCERPT_CHARS]}"
            for rv in reviews.get(r.id, [])[:EXCERPTS_PER_PLACE]
        ]
        blocks.append("\n".join(lines))
    return "\n".join(blocks)


async def evaluate(
    chain: ModelChain,
    results: list[RestaurantResult],
    reviews: dict[int, list[ReviewText]],
    allergies: AllergyProfile,
    wanted: str,
) -> Generated[EvaluationOutput]:
    ids = {r.id for r in results}
    given = {rv.id for r in results for rv in reviews.get(r.id, [])[:EXCERPTS_PER_PLACE]}

    def offline() -> EvaluationOutput:
        return EvaluationOutput(
            scores=[
                PlaceEvaluation(
                    restaurant_id=r.id,
                    **{axis: (r.scores.value(axis) if r.scores else NEUTRAL)
                       for axis in RADAR_AXES},
                )
                for r in results
            ]
        )  # fmt: skip

    def grounded(output: EvaluationOutput) -> None:
        for score in output.scores:
            if score.restaurant_id not in ids:
                raise ValueError(f"restaurant {score.restaurant_id} was not among those given")
            unknown = set(score.review_ids) - given
            if unknown:
                raise ValueError(f"review ids {sorted(unknown)} were not given")

    prompt = build_evaluation_prompt(_excerpts(results, reviews), allergies, wanted)
    return await chain.generate("evaluation", prompt, EvaluationOutput, offline, grounded)


def apply_evaluation(result: RestaurantResult, output: EvaluationOutput) -> RestaurantResult:
    found = next((s for s in output.scores if s.restaurant_id == result.id), None)
    if found is None or result.scores is None:
        return result
    evidence = {axis: found.review_ids or ids for axis, ids in result.scores.evidence.items()}
    judged = found.model_dump(exclude={"restaurant_id", "review_ids"})
    # an axis no review spoke to stays unknown, whatever number the model wrote for it
    known = {a: (v if getattr(result.scores, a) is not None else None) for a, v in judged.items()}
    scores = RadarScores(**known, evidence=evidence)
    return result.model_copy(update={"scores": scores})


async def phrase(
    chain: ModelChain,
    draft: str,
    results: Sequence[RestaurantResult],
    allergies: AllergyProfile,
) -> Generated[PhrasingOutput]:
    quotes = {rid: r.summary.text for r in results if r.summary for rid in r.summary.review_ids}
    names = {r.name for r in results}
    facts = "\n".join(
        f"- {r.name} ({r.rating or '?'}★, {', '.join(r.cuisine_types[:2])}); "
        f"allergy: {r.allergy_summary or 'no known risk'}; "
        + (
            f"quote (review {', '.join(r.summary.review_ids)}): “{r.summary.text}”"
            if r.summary
            else ""
        )
        for r in results
    )

    def grounded(output: PhrasingOutput) -> None:
        unknown = set(output.cited_review_ids) - set(quotes)
        if unknown:
            raise ValueError(f"cited review ids {sorted(unknown)} were not given")
        if names and not any(name in output.message for name in names):
            raise ValueError("the message names none of the restaurants given")

    prompt = build_phrasing_prompt(facts, allergies, draft)
    return await chain.generate(
        "phrasing", prompt, PhrasingOutput,
        lambda: PhrasingOutput(message=draft, cited_review_ids=list(quotes)), grounded,
    )  # fmt: skip
