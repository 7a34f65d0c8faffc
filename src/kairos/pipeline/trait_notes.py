"""Why a place counts as what a request asked for (vegan, a rooftop, outdoor seating): the best
piece of stored evidence for each wanted trait it holds. Shared by every product that shows
places: chat cards, the feed, venue plans."""

from __future__ import annotations

from pydantic import BaseModel, Field

from kairos.core.traits import REVIEW_SPAN_CHARS, trait_label
from kairos.search.models import PlaceSummary
from kairos.text.extractive import tidy, trim

__all__ = ["TraitNote", "lone_mentions", "review_sentences", "trait_notes"]

_SOURCE_RANK = {"category": 0, "attribute": 1, "review": 2, "aspect": 3}


class TraitNote(BaseModel):
    """Why a place counts as something the request asked for (vegan, outdoor seating)."""

    trait: str
    label: str = Field(description="as a sentence says it: 'vegan', 'outdoor seating'")
    source: str = Field(description="category, attribute, review or aspect")
    ref: str = Field(description="the category, the source attribute, or the review id")
    says: str = Field(description="the category, 'GoodForKids: true', or the review's words")


def trait_notes(
    place: PlaceSummary, wanted: list[str], quoted: str | None = None
) -> list[TraitNote]:
    """For each wanted trait the place holds, its best evidence: a category or attribute before
    a review, before an aspect score; among reviews, the one the card quotes (`quoted`, a
    review id), so the evidence and the quote are one diner's sentence."""
    notes = []
    for trait in wanted:
        if trait not in place.traits:
            continue
        found = sorted(
            (e for e in place.trait_evidence if e.get("trait") == trait and e.get("holds")),
            key=lambda e: (
                _SOURCE_RANK.get(str(e.get("source")), 9),
                str(e.get("ref")) != quoted if e.get("source") == "review" else False,
            ),
        )
        if found:
            best = found[0]
            source = str(best["source"])
            notes.append(
                TraitNote(
                    trait=trait,
                    label=trait_label(trait),
                    source=source,
                    ref=str(best.get("ref") or ""),
                    says=_quoted(str(best.get("span") or ""))
                    if source == "review"
                    else str(best.get("span") or ""),
                )
            )
    return notes


def review_sentences(place: PlaceSummary, wanted: list[str]) -> list[tuple[str, str]]:
    """(review id, words) of every review sentence behind the wanted traits the place holds,
    in the order stored: what a card's quote may rest on, the next one tried when one is not
    quotable ("Pretty expensive but one of the best views in Barcelona…")."""
    return [
        (str(e.get("ref") or ""), _quoted(str(e.get("span") or "")))
        for trait in wanted
        if trait in place.traits
        for e in place.trait_evidence
        if e.get("trait") == trait and e.get("holds") and e.get("source") == "review"
    ]


def lone_mentions(place: PlaceSummary, wanted: list[str]) -> list[TraitNote]:
    """For each wanted trait the place does not hold, the one review that says it has it, if
    any: a rooftop one diner mentions is not enough to call the place a rooftop
    (`core.traits.CORROBORATED`), but a card that says "nothing shows one" would be untrue."""
    notes = []
    for trait in wanted:
        if trait in place.traits:
            continue
        reviews = [
            e
            for e in place.trait_evidence
            if e.get("trait") == trait and e.get("source") == "review"
        ]
        said = [e for e in reviews if e.get("holds")]
        # one diner and no one against: "only one review mentions" is then exactly true
        if len({e.get("ref") for e in said}) == 1 and len(said) == len(reviews):
            notes.append(
                TraitNote(
                    trait=trait,
                    label=trait_label(trait),
                    source="review",
                    ref=str(said[0].get("ref") or ""),
                    says=_quoted(str(said[0].get("span") or "")),
                )
            )
    return notes


def _quoted(span: str) -> str:
    """A review's words as a quote: a sentence cut at `REVIEW_SPAN_CHARS` ends at a word, with
    an ellipsis, not inside one; one that began after a mark inside brackets ("(just ask!),
    great hummus") starts at its first word."""
    words = span.lstrip(_NOT_A_START)
    if len(span) >= REVIEW_SPAN_CHARS:  # clipped: the last word may be cut
        return trim(words, len(words) - 1)
    return tidy(words)


_NOT_A_START = " )]},;:.!?-–—"
