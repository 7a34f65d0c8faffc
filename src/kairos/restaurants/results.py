"""From stored places and the guard's verdict to the `RestaurantResult` a client renders."""

from __future__ import annotations

from kairos.core.allergy_guard import AllergyAssessment
from kairos.pipeline.safety import AllergyCheck
from kairos.pipeline.trait_notes import review_sentences, trait_notes
from kairos.restaurants.schemas import RadarScores, RestaurantResult
from kairos.search.models import MatchExplanation
from kairos.store.places import PlaceRecord
from kairos.text.extractive import Quote


def review_claims(record: PlaceRecord, wanted: list[str]) -> list[tuple[str, str]]:
    """(review id, words) of the review sentences a card's claims rest on, for its quote."""
    return review_sentences(record.place, wanted)


def to_result(
    record: PlaceRecord,
    assessment: AllergyAssessment,
    check: AllergyCheck,
    *,
    wanted: list[str] | None = None,
    scores: RadarScores | None = None,
    composite: float | None = None,
    summary: Quote | None = None,
    why: MatchExplanation | None = None,
) -> RestaurantResult:
    p = record.place
    quoted = summary.review_ids[0] if summary and summary.review_ids else None
    result = RestaurantResult(
        id=p.id, name=p.name, area=p.area, city=p.city, address=p.address,
        price_tier=p.price_tier, rating=p.rating, votes=p.votes, cuisine_types=p.categories,
        url=p.url, lat=p.lat, lng=p.lng, known_allergens=p.known_allergens,
        allergen_confidence=p.allergen_confidence, scores=scores, composite_score=composite,
        summary=summary, why=why, evidence=trait_notes(p, wanted or [], quoted), allergy=check,
        allergy_safe=assessment.is_safe, allergy_summary=assessment.summary,
        allergy_warnings=list(assessment.warnings), allergen_status=list(assessment.statuses),
        confidence_note=assessment.confidence_note,
    )  # fmt: skip
    return result


def with_quote(
    result: RestaurantResult, record: PlaceRecord, wanted: list[str], quote: Quote
) -> RestaurantResult:
    """`result` summed up by `quote`, its evidence citing the quoted review where it can."""
    quoted = quote.review_ids[0] if quote.review_ids else None
    evidence = trait_notes(record.place, wanted, quoted)
    return result.model_copy(update={"summary": quote, "evidence": evidence})
