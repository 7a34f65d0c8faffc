"""What a place is known to contain, with the evidence, inferred at ingestion.

Confidence follows the source of the knowledge:
- `high`: the place's own menu lines, dish names or reviews name the allergen (and, for the
  place as a whole, its dishes or menu were read at all);
- `high` too: its category certainly serves it (an oyster bar: molluscs; a bakery: gluten), from
  `[categories_certain]` in `data/cuisine_allergens.toml`, or its own name says such a kind of
  place in whole words ("O Sushi", "Joe's Crab House"): a place names itself after what it serves,
  and a sushi bar filed only under "Japanese, Korean" still serves fish;
- `medium`: only its cuisine or its kind of venue suggests it ("may contain", the heuristics in
  the same file: a Thai kitchen, a bakery's almond croissants, a pub's beer), each with its
  reason; a kind counts from the categories and from the venue's own name ("Tatte Bakery");
- `medium` too: a dish its source's description names ("famed for its satay": peanuts), a
  listing being no menu;
- `low`: nothing is known.

Reviews are noisy, so a review counts only where it talks about food: the sentence must name a
dish word or an eating word ("ordered", "tasted", "sauce"), and allergy talk ("my nut allergy")
never counts (the detector drops it). Every claim keeps its evidence: which dish or review, which
words.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any, Final, Literal

from pydantic import BaseModel, Field

from kairos.core.allergen_detection import AllergenMention, MentionStatus, detect_allergens
from kairos.core.allergens import CONFIDENCE_RANK, Confidence
from kairos.core.lexicon import custom_lexicon
from kairos.core.place_allergen_tables import (
    WORDS,
    VenueKind,
    category_certain_allergens,
    cuisine_allergens,
    name_certain_allergens,
    venue_kinds,
)

__all__ = [
    "AllergenEvidence",
    "EvidenceIndex",
    "EvidenceSource",
    "PlaceAllergens",
    "VenueKind",
    "category_certain_allergens",
    "cuisine_allergens",
    "custom_ingredient_evidence",
    "described_evidence",
    "infer_place_allergens",
    "name_certain_allergens",
    "venue_kinds",
]

EvidenceSource = Literal[
    "menu", "dish", "review", "category", "name", "cuisine_heuristic", "description"
]

# Words that put a sentence about food: eating, ordering, tasting, dishes, and the verdicts
# reviews give them. A single allergen word counts in a review only next to one of these.
_FOOD_CONTEXT: Final = re.compile(
    r"(?<![^\W_])(?:ate|eat|eaten|eating|had|have|got|get|order(?:ed|ing|s)?|tr(?:y|ied)"
    r"|tast(?:e|ed|es|y|ing)|delicious|flavou?r(?:ful|s|ed)?|dish(?:es)?|plate|serv(?:e|ed|es)"
    r"|menu|meal|food|sauce|gravy|curry|soup|salad|starter|mains?|dessert|appeti[sz]er|sides?"
    r"|topped|stuffed|fried|grilled|baked|roasted|cooked|fresh|spicy|crispy|yummy|tender"
    r"|portions?|recommend(?:ed)?|specials?|chef|kitchen|good|great|amazing|excellent|best"
    r"|loved?|perfect(?:ly)?|awesome|nice|favou?rite|tasty|bland|overcooked|undercooked"
    r"|with|made|filled|contains?|full\s+of"
    # the same talk in the languages the catalogue's reviews are written in (Barcelona's are
    # Spanish: "Pulpo a la brasa espectacular" was shown as a card's reason while its allergy
    # check, reading English context words only, knew nothing of the octopus)
    r"|comida|plat[oe]s?|piatt[oi]|prato|carta|cocina|cucina|cuisine|raci[oó]n(?:es)?|tapas"
    r"|ric[oa]s?|delicios[oa]s?|d[ée]licieu(?:x|se)|buen[oa]s?|buen[ií]sim[oa]s?|ottim[oa]"
    r"|espectacular|brasa|plancha|frit[oa]s?|asad[oa]s?|horno|sabor(?:es)?|sabros[oa]s?"
    r"|con|avec|servid[oa]s?)(?![^\W_])",
    re.IGNORECASE,
)
MAX_EVIDENCE_PER_SOURCE: Final = 5
"""Evidence kept per allergen and source: enough to cite, bounded for places with many reviews."""
_SENTENCE: Final = re.compile(r"[^.!?\n]+[.!?\n]*")


class AllergenEvidence(BaseModel):
    """One reason to believe a place contains (or may contain) an allergen."""

    allergen: str
    status: MentionStatus
    confidence: Confidence
    source: EvidenceSource | None
    """None only for allergens listed on a stored row whose evidence was not kept."""
    ref: str | None = None
    span: str


class EvidenceIndex(dict[str, AllergenEvidence]):
    """The strongest evidence per allergen at one place, plus a memo for its consumers.

    Built once per `PlaceAllergens` object; the guard keeps its assessments (per profile) in
    `memo`, so a place checked again (a cached place, the next page) costs a lookup. Read-only.
    """

    __slots__ = ("memo",)

    def __init__(self) -> None:
        super().__init__()
        self.memo: dict[Any, Any] = {}


_Indexed = tuple[list[AllergenEvidence], list[str], list[str], str, EvidenceIndex]


class PlaceAllergens(BaseModel):
    """Allergen knowledge for one place, as stored on `restaurants` and read by the guard."""

    known_allergens: list[str] = Field(default_factory=list)
    contains_allergens: list[str] = Field(
        default_factory=list,
        description="High-confidence 'contains' allergens: the set the SQL hard filter uses.",
    )
    confidence: Confidence = "low"
    evidence: list[AllergenEvidence] = Field(default_factory=list)

    @property
    def best_evidence(self) -> EvidenceIndex:
        """The strongest evidence per allergen, computed once per object.

        Kept in `__dict__` with the field values it was built from, so a `model_copy(update=...)`
        rebuilds it (pydantic serialises and compares fields only). A plain property, because
        `functools.cached_property` takes a lock on Python 3.11. Do not mutate the lists in place.
        """
        cached: _Indexed | None = self.__dict__.get("_best_evidence")
        if (
            cached is None
            or cached[0] is not self.evidence
            or cached[1] is not self.contains_allergens
            or cached[2] is not self.known_allergens
            or cached[3] is not self.confidence
        ):
            index = self._index_evidence()
            cached = (
                self.evidence,
                self.contains_allergens,
                self.known_allergens,
                self.confidence,
                index,
            )
            self.__dict__["_best_evidence"] = cached
        return cached[4]

    def _index_evidence(self) -> EvidenceIndex:
        strongest: dict[str, tuple[int, AllergenEvidence]] = {}
        for item in self.evidence:
            strength = _STRENGTH[item.confidence][item.status]
            current = strongest.get(item.allergen)
            if current is None or strength > current[0]:
                strongest[item.allergen] = (strength, item)
        best = EvidenceIndex()
        for allergen, (_, item) in strongest.items():
            best[allergen] = item
        for allergen in self.contains_allergens:
            current_item = best.get(allergen)
            if current_item is None or (current_item.status, current_item.confidence) != (
                "contains",
                "high",
            ):
                best[allergen] = _stored(allergen, "contains", "high")
        for allergen in self.known_allergens:
            if allergen not in best:
                # A stored row without its evidence: as strong as the place's overall confidence.
                best[allergen] = _stored(allergen, "may_contain", self.confidence)
        return best

    def with_evidence(self, extra: Iterable[AllergenEvidence]) -> PlaceAllergens:
        """A copy that also holds `extra` evidence (a user's custom ingredients, read at request
        time); the stored listing (`known_allergens`, `contains_allergens`) is unchanged."""
        return self.model_copy(update={"evidence": [*self.evidence, *extra]})

    def knowledge(self, allergen: str) -> AllergenEvidence | None:
        """The strongest evidence for `allergen`, or None when nothing suggests it."""
        return self.best_evidence.get(allergen)


def _stored(allergen: str, status: MentionStatus, confidence: Confidence) -> AllergenEvidence:
    """Evidence for an allergen listed on a stored row whose evidence was not kept."""
    return AllergenEvidence.model_construct(
        allergen=allergen,
        status=status,
        confidence=confidence,
        source=None,
        ref=None,
        span=allergen,
    )


# confidence -> status -> rank: high "contains" beats high "may contain" beats medium, and so on.
_STRENGTH: Final[dict[str, dict[str, int]]] = {
    confidence: {"contains": rank * 2 + 1, "may_contain": rank * 2}
    for confidence, rank in CONFIDENCE_RANK.items()
}


def _is_food_talk(text: str, mention: AllergenMention) -> bool:
    for sentence in _SENTENCE.finditer(text):
        if sentence.start() <= mention.start < sentence.end():
            body = sentence.group()
            words = len(WORDS.findall(mention.text))
            return words > 1 or _FOOD_CONTEXT.search(body) is not None
    return False


def infer_place_allergens(
    cuisines: Iterable[str],
    texts: Iterable[tuple[str, str]] = (),
    dishes: Iterable[str] = (),
    *,
    menu: Iterable[str] = (),
    name: str = "",
    descriptions: Iterable[str] = (),
) -> PlaceAllergens:
    """Infer a place's allergens from its cuisines, reviews (`(ref, text)`), dishes, menu and name.

    Dishes and menu lines are trusted as written; reviews count only where they talk about
    food (see the module docstring); a source's description of the place ("a hawker centre
    famed for its satay") is a medium "may contain" (`described_evidence`). The cuisine
    heuristic adds medium-confidence evidence.
    Overall confidence is `high` when the place's own dishes or menu were read (even if they
    name no allergen: that absence is knowledge) or any high-confidence evidence exists.
    """
    evidence: list[AllergenEvidence] = []
    seen: set[tuple[str, str | None, str, str | None]] = set()
    kept: dict[tuple[str, str | None, str], int] = {}

    def add(item: AllergenEvidence) -> None:
        key = (item.allergen, item.source, item.span.lower(), item.ref)
        bucket = (item.allergen, item.source, item.status)
        if key in seen or kept.get(bucket, 0) >= MAX_EVIDENCE_PER_SOURCE:
            return
        seen.add(key)
        kept[bucket] = kept.get(bucket, 0) + 1
        evidence.append(item)

    read_menu = False
    sources: tuple[tuple[EvidenceSource, Iterable[str]], ...] = (("dish", dishes), ("menu", menu))
    for source, entries in sources:
        for line in entries:
            read_menu = True
            for mention in detect_allergens(line):
                add(_from_mention(mention, source, line[:120]))
    for ref, text in texts:
        for mention in detect_allergens(text):
            if _is_food_talk(text, mention):
                add(_from_mention(mention, "review", ref))
    for item in described_evidence(descriptions):
        add(item)
    kinds: dict[str, tuple[str, VenueKind]] = {}
    named_cuisine = False
    for cuisine in cuisines:
        for allergen in category_certain_allergens(cuisine):
            add(_certain(allergen, "category", cuisine, cuisine))
        for said, venue_kind in venue_kinds(cuisine):
            kinds.setdefault(venue_kind.key, (said, venue_kind))
        found = cuisine_allergens(cuisine)
        if found is None:
            continue
        named_cuisine = True
        for allergen in found[1]:
            add(_likely(allergen, cuisine, found[0]))
    if not named_cuisine and (from_name := cuisine_allergens(name)) is not None:
        # filed only as "restaurants": the name is the one hint of its kitchen ("Sushi Dai")
        for allergen in from_name[1]:
            add(_likely(allergen, name, from_name[0]))
    for kind, allergens in name_certain_allergens(name):
        for allergen in allergens:
            add(_certain(allergen, "name", name, kind))
    for said, venue_kind in venue_kinds(name):
        kinds.setdefault(venue_kind.key, (said, venue_kind))
    for said, venue_kind in kinds.values():
        # the kind's label is the reference: "Bakery kitchens commonly use tree nuts"
        for allergen in venue_kind.allergens:
            add(_likely(allergen, venue_kind.label, said))
    return _summarise(evidence, read_menu=read_menu)


def _likely(allergen: str, ref: str, span: str) -> AllergenEvidence:
    """Medium-confidence "may contain" from what the place's cuisine or kind suggests."""
    return AllergenEvidence(
        allergen=allergen,
        status="may_contain",
        confidence="medium",
        source="cuisine_heuristic",
        ref=ref,
        span=span,
    )


def custom_ingredient_evidence(
    texts: Iterable[tuple[str, str]], terms: Iterable[str]
) -> list[AllergenEvidence]:
    """Evidence for custom ingredients ("garlic", "kiwi") in a place's reviews (`(ref, text)`).

    The canonical allergens are inferred at ingestion; a custom ingredient is known only once a
    user names it, so it is read at request time, by the rules reviews follow for the canonical
    ones: food talk only, negations and allergy talk dropped, a few citations per status.
    """
    lexicon = custom_lexicon(tuple(sorted(set(terms))))
    kept: dict[tuple[str, str], int] = {}
    evidence: list[AllergenEvidence] = []
    for ref, text in texts:
        for mention in detect_allergens(text, lexicon):
            bucket = (mention.allergen, mention.status)
            if kept.get(bucket, 0) >= MAX_EVIDENCE_PER_SOURCE or not _is_food_talk(text, mention):
                continue
            kept[bucket] = kept.get(bucket, 0) + 1
            evidence.append(_from_mention(mention, "review", ref))
    return evidence


def described_evidence(words: Iterable[str]) -> list[AllergenEvidence]:
    """What a place's own description (a sight's source text: "a hawker centre famed for its
    satay") names that usually carries an allergen, read by the one allergen truth (the
    lexicon and its derived dish words). A listing is no menu: each sign is a medium "may
    contain" (source `description`, the word's reason as `ref`), so the place is kept, said to
    carry the risk, and ranked after places without one. A dish word (one the lexicon derives an
    allergen from, with its reason: satay) always counts; any other one-word mention, as in
    reviews, only in a sentence about food ("a quiet spot by the river" names no fish)."""
    evidence: list[AllergenEvidence] = []
    seen: set[str] = set()
    for text in words:
        for mention in detect_allergens(text):
            if mention.allergen in seen:
                continue
            if mention.reason is None and not _is_food_talk(text, mention):
                continue  # "a quiet spot by the river": a word, not a dish, outside food talk
            seen.add(mention.allergen)
            evidence.append(
                AllergenEvidence(
                    allergen=mention.allergen,
                    status="may_contain",
                    confidence="medium",
                    source="description",
                    ref=mention.reason,
                    span=mention.text,
                )
            )
    return evidence


def _certain(allergen: str, source: EvidenceSource, ref: str, span: str) -> AllergenEvidence:
    """High-confidence "contains" from what the place is: its category or its own name."""
    return AllergenEvidence(
        allergen=allergen, status="contains", confidence="high", source=source, ref=ref, span=span
    )


def _from_mention(mention: AllergenMention, source: EvidenceSource, ref: str) -> AllergenEvidence:
    return AllergenEvidence(
        allergen=mention.allergen,
        status=mention.status,
        confidence="high",
        source=source,
        ref=ref,
        span=mention.text,
    )


def _summarise(evidence: list[AllergenEvidence], *, read_menu: bool) -> PlaceAllergens:
    known = sorted({item.allergen for item in evidence})
    contains = sorted(
        {
            item.allergen
            for item in evidence
            if item.status == "contains" and item.confidence == "high"
        }
    )
    # The listing is as reliable as its least verified entry: fish read in a review (high) and
    # peanuts only from the cuisine (medium) make a "medium" place, so a client reading the
    # seed's one-confidence-per-place fields never takes a heuristic peanut for a verified one.
    rank = {"low": 0, "medium": 1, "high": 2}
    best: dict[str, Confidence] = {}
    for item in evidence:
        if rank[item.confidence] > rank[best.get(item.allergen, "low")]:
            best[item.allergen] = item.confidence
        best.setdefault(item.allergen, item.confidence)
    confidence: Confidence = "high" if read_menu else "low"
    if best:
        confidence = min(best.values(), key=rank.__getitem__)
    return PlaceAllergens(
        known_allergens=known,
        contains_allergens=contains,
        confidence=confidence,
        evidence=evidence,
    )
