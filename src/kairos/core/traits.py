"""What a place is good for, with the evidence: diets (vegan, halal…) and vibes and occasions
(kids, outdoor seating, quiet, romantic, wifi…), derived at ingestion from three sources:

- `category`: the source's own category ("Vegan", "Gluten Free Options"), for diets;
- `attribute`: the source's structured attributes (Yelp's GoodForKids, OutdoorSeating,
  RestaurantsGoodForGroups, WiFi, NoiseLevel, Ambience.romantic, GoodForMeal.latenight…);
- `review`: a sentence of one review that says it ("great vegan options", "they have a
  rooftop"), not negated ("no vegan options", "not kid friendly" count against);
- `aspect`: a review-based aspect score high enough with enough evidence (text/aspects).

A place's *name* is never evidence ("… Fighter Group" is not a group venue). A trait is held
when some evidence is for it and no structured evidence (category or attribute) is against it;
a source attribute that says no (GoodForKids: false) outweighs any review. Every held trait keeps
its evidence so a card can say why: "Good with kids — Yelp: GoodForKids".
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any, Final, Literal

from kairos.core.diets import DIETS
from kairos.core.vibes import VIBES

__all__ = [
    "CORROBORATED",
    "DERIVABLE_TRAITS",
    "LESSER_TRAITS",
    "REVIEW_SPAN_CHARS",
    "STATED",
    "TraitEvidence",
    "derive_traits",
    "evidence_phrase",
    "held_traits",
    "stated",
    "stated_traits",
    "trait_label",
]

REVIEW_SPAN_CHARS = 160
"""A review sentence is kept as evidence up to this many characters."""

TraitSource = Literal["category", "attribute", "review", "aspect"]

# Aspect scores (0-10, with a 0-1 confidence) that earn a vibe or a diet.
ASPECT_SCORE: Final = 6.5
INVERSE_ASPECT_SCORE: Final = 3.5
ASPECT_CONFIDENCE: Final = 0.25
MAX_REVIEW_EVIDENCE: Final = 3

# (attribute path, values meaning yes, values meaning no) per trait. Values compare as lower-case
# strings, so True, "True" and "true" are one.
_ATTRIBUTES: Final[dict[str, tuple[tuple[str, frozenset[str], frozenset[str]], ...]]] = {
    "family_friendly": (("GoodForKids", frozenset({"true"}), frozenset({"false"})),),
    "outdoor": (("OutdoorSeating", frozenset({"true"}), frozenset({"false"})),),
    "group": (("RestaurantsGoodForGroups", frozenset({"true"}), frozenset({"false"})),),
    "work_friendly": (("WiFi", frozenset({"free"}), frozenset({"no"})),),
    "quiet": (("NoiseLevel", frozenset({"quiet"}), frozenset({"loud", "very_loud"})),),
    "lively": (("NoiseLevel", frozenset({"loud", "very_loud"}), frozenset({"quiet"})),),
    "romantic": (
        ("Ambience.romantic", frozenset({"true"}), frozenset()),
        ("Ambience.intimate", frozenset({"true"}), frozenset()),
    ),
    "upscale": (
        ("Ambience.classy", frozenset({"true"}), frozenset()),
        ("Ambience.upscale", frozenset({"true"}), frozenset()),
        ("RestaurantsAttire", frozenset({"dressy", "formal"}), frozenset()),
    ),
    "trendy": (
        ("Ambience.trendy", frozenset({"true"}), frozenset()),
        ("Ambience.hipster", frozenset({"true"}), frozenset()),
    ),
    "casual": (("Ambience.casual", frozenset({"true"}), frozenset()),),
    "late_night": (("GoodForMeal.latenight", frozenset({"true"}), frozenset()),),
}
# What diners write when a place has it. Vibe phrases that are only moods ("fun") are left out:
# a review sentence must name the thing itself.
_REVIEW_PHRASES: Final[dict[str, tuple[str, ...]]] = {
    **{name: diet.review_phrases for name, diet in DIETS.items() if diet.review_phrases},
    "family_friendly": ("kid friendly", "kids menu", "family friendly", "high chairs",
                        "great for kids", "good for kids", "brought our kids", "with the kids"),
    "outdoor": ("outdoor seating", "patio", "sat outside", "outdoor tables", "beer garden",
                "garden seating", "terrace", "al fresco"),
    "rooftop": ("rooftop", "roof terrace", "roof deck", "roof top"),
    "view": ("skyline",),  # and `_SCENIC_VIEW`
    "group": ("large group", "big group", "our group of", "group of 10", "group of 8",
              "party of 10", "party of 8", "private room", "group dinner"),
    "work_friendly": ("free wifi", "wifi", "wi fi", "laptop", "work from", "working from",
                      "outlets", "study"),
    "live_music": ("live music", "live band", "live jazz"),
    "dog_friendly": ("dog friendly", "dogs allowed", "dogs are allowed", "dogs welcome",
                     "dogs are welcome", "pet friendly", "water bowl", "brought our dog",
                     "brought my dog", "with our dog", "with my dog"),
    "late_night": ("open late", "late night", "after midnight"),
    "business": ("business lunch", "business dinner", "client dinner", "work lunch"),
    "sport": ("basketball court", "tennis court", "bowling lanes", "bowling alley",
              "climbing wall", "shoot hoops", "play basketball", "pickup game"),
    "vegetarian_dishes": (),  # `_VEGETARIAN_DISH` only
}  # fmt: skip
# Categories that make a place hold a trait other than a diet. "Active Life" alone does not
# make a sports facility: Yelp files amusement parks and playgrounds under it.
_CATEGORY_TRAITS: Final[dict[str, frozenset[str]]] = {
    "sport": frozenset({
        "gyms", "fitness & instruction", "golf", "tennis", "bowling", "arenas & stadiums",
        "stadiums & arenas", "sports clubs", "basketball courts", "climbing", "rock climbing",
        "recreation centers", "swimming pools", "skating rinks", "soccer", "martial arts",
        "trampoline parks", "batting cages", "badminton", "squash", "boxing", "sports",
    }),
}  # fmt: skip
# How a sentence names a trait that is neither a diet nor a vibe: (label, "no place shows …").
_WORDING: Final[dict[str, tuple[str, str]]] = {
    "sport": ("sports facility", "a sports facility"),
    "vegetarian_dishes": ("vegetarian dishes", "vegetarian dishes"),
}
# A diner who ate a vegan dish is evidence too: "we both had vegan nargesi".
_COMPANIONS: Final = (
    "friend|friends|girlfriend|boyfriend|wife|husband|partner|sister|brother|daughter|son|kids?"
    "|mom|dad|family|people|person|guests?|diners?|crowd|folks?|colleague|colleagues"
)
_NOT_A_DISH: Final = (
    "and|or|options?|which|that|who|so|because|since|as|for|but|to|in|at|on|with|is|was|were"
    "|are|too|also|then|now|only|instead|here|there|this|these|those|it|they|we|i|you|the|a"
)


def _ate(diet_words: str) -> re.Pattern[str]:
    return re.compile(
        r"\b(?:had|ordered|tried|got|loved|enjoyed|ate|recommend)\s+"
        r"(?:the\s+|a\s+|an\s+|their\s+|some\s+|our\s+|my\s+)?"
        rf"(?:{diet_words})\s+(?!(?:{_COMPANIONS}|{_NOT_A_DISH})\b)[a-z]+",
        re.IGNORECASE,
    )


# Vegan only: a veggie burger at a burger joint does not make a vegetarian place.
_DISH_EATEN: Final[dict[str, re.Pattern[str]]] = {"vegan": _ate("vegan")}
# A view is of scenery: "a great view of the TV", "a view of the kitchen" and "strolling the
# waterfront" were a place's only evidence of a view.
_SCENERY: Final = (
    r"(?:the\s+|a\s+)?(?:city|harbou?r|river|water|ocean|sea|bay|skyline|lake|park|mountains?"
    r"|hills?|beach|sunset|coast|canal|marina|seaport|common|charles|thames|boston|london)\b"
)
_SCENIC_VIEW: Final = re.compile(
    rf"\bviews?\s+(?:of|over|across|onto)\s+{_SCENERY}"
    rf"|\boverlook(?:s|ing)?\s+{_SCENERY}"
    r"|\b(?:city|harbou?r|water|ocean|sea|river|lake|bay|skyline|panoramic|rooftop)\s+views?\b"
    r"|\b(?:great|amazing|stunning|beautiful|gorgeous|spectacular|breathtaking|incredible"
    r"|lovely|fantastic|best)\s+views?\b(?!\s+(?:of|into|from|to)\b)",
    re.IGNORECASE,
)
_NOT_A_VEG_DISH: Final = (
    "non|friendly|restaurants?|places?|spots?|diet|lifestyle|eaters?|choices?|selection|fare"
    "|goods|stuff|items?|sides?|heaven|paradise|haven|mecca|crowd|community|heads|life|mayo"
    "|cheese|butter|milk|cream"
)
_VEGETARIAN_DISH: Final = re.compile(
    r"(?<!non[ -])\b(?:veg|veggie|vegetarian|vegan)\s+"
    rf"(?!(?:{_COMPANIONS}|{_NOT_A_DISH}|{_NOT_A_VEG_DISH})\b)[a-z]+",
    re.IGNORECASE,
)
"""A dish a review names as vegetarian ("Ordered veg biryani", "vegetarian dumplings", "the
veggie pita"): the place serves something a vegetarian eats, which is not a vegetarian place
(a steakhouse's veggie burger): its own trait, `vegetarian_dishes`, which a group plan reads
for a member's vegetarian diet (`LESSER_TRAITS`) and a search for vegetarian places does not."""
LESSER_TRAITS: Final = {"vegetarian": "vegetarian_dishes"}
"""Diets and the trait that shows a member keeping one can eat there without the place being
one (vegetarian dishes named in reviews): enough for a member's diet, never for a diet the
request asks of the place ("pure veg") or says as a must."""
_EXTRA_PATTERNS: Final[dict[str, re.Pattern[str]]] = {
    **_DISH_EATEN,
    "view": _SCENIC_VIEW,
    "vegetarian_dishes": _VEGETARIAN_DISH,
}
CORROBORATED: Final = frozenset({"rooftop", "view", "sport"})
"""Features reviews alone establish only when two different reviews say so: one diner's
sentence is often about somewhere else ("I usually hit … S Boston roof deck", "breaking onto
the rooftop of a Newbury …"), and a card would claim a rooftop the place does not have."""
_NEGATION: Final = re.compile(
    r"\b(?:no|not|never|without|lack(?:s|ed|ing)?|isn'?t|wasn'?t|aren'?t|don'?t|doesn'?t|didn'?t"
    r"|hardly|zero)\b[^.!?,;]{0,25}$"
    # a clause opened by a negative quantifier, however far: "None of the entrees were
    # vegetarian friendly"
    r"|(?:^|[,;:])\s*(?:none of|neither of|not one|not a single|not any of)\b[^.!?,;]*$"
    # a negation reaching over "any": "They did not serve any items for people that may be
    # vegetarian or need GF options"
    r"|\b(?:no|not|never|didn'?t|don'?t|doesn'?t|wasn'?t|weren'?t|isn'?t|aren'?t)\b"
    r"(?!\s+(?:complaints?|problems?|issues?|doubt)\b)[^.!?,;]{0,40}\bany\b[^.!?,;]{0,60}$"
    # a complaint that the staff did not grasp it: "Our server also had trouble understanding
    # what 'gluten-free' requirements are" (a coeliac's plan cited it as gluten-free evidence)
    r"|\b(?:trouble|difficult(?:y|ies)|confused|clueless|no idea|had to explain)\b"
    r"[^.!?;]{0,40}$"
    # a wish says the place lacks it: "I'm hoping maybe they'll add some vegan food"
    r"|\b(?:hop(?:e|es|ed|ing)|wish(?:es|ed)?|if only|would (?:love|like|be nice)"
    r"|should (?:add|have|offer)|need(?:s|ed)? (?:more|some|better)|add (?:some|more))\b"
    r"[^.!?;]{0,40}$"
)
_SENTENCE: Final = re.compile(r"[^.!?\n]+[.!?]*")
_CONCEDING: Final = re.compile(
    r"^\W*(?:while|whilst|although|though|even though|even if|despite|granted)\b[^,;:]*[,;:]",
    re.IGNORECASE,
)
"""An opening clause that concedes what the sentence then argues past: "While there are some
vegetarian and vegan options, most of the food is indulgent American faves" is no evidence that
a place is vegan (issue 34)."""


DERIVABLE_TRAITS: Final = frozenset(
    {*_ATTRIBUTES, *_REVIEW_PHRASES, *_CATEGORY_TRAITS}
    | {v.name for v in VIBES.values() if v.aspect}
    | {d.name for d in DIETS.values() if d.categories or d.review_phrases}
)
"""Traits some source can show: what a request may filter on."""


def evidence_phrase(trait: str) -> str:
    """How "no place shows evidence of …" ends: "vegan food", "being quiet", "a view"."""
    if trait in DIETS:
        return f"{DIETS[trait].label} food"
    if trait in VIBES:
        return VIBES[trait].evidence or VIBES[trait].known_for
    if trait in _WORDING:
        return _WORDING[trait][1]
    return trait.replace("_", " ")


def trait_label(trait: str) -> str:
    if trait in DIETS:
        return DIETS[trait].label
    if trait in VIBES:
        return VIBES[trait].label
    if trait in _WORDING:
        return _WORDING[trait][0]
    return trait.replace("_", " ")


@dataclass(frozen=True, slots=True)
class TraitEvidence:
    trait: str
    source: TraitSource
    ref: str
    """The category, the attribute, the review id, or the aspect."""
    span: str
    """What it says: "Vegan", "GoodForKids: True", the review's words, "7.2/10"."""
    holds: bool = True

    def as_json(self) -> dict[str, Any]:
        return {"trait": self.trait, "source": self.source, "ref": self.ref,
                "span": self.span, "holds": self.holds}  # fmt: skip


def _attribute(attributes: Mapping[str, Any], path: str) -> str | None:
    value: Any = attributes
    for part in path.split("."):
        if not isinstance(value, Mapping) or part not in value:
            return None
        value = value[part]
    if value is None or isinstance(value, Mapping):
        return None
    text = str(value).strip()
    quoted = re.fullmatch(r"u?'(.*)'", text)  # Yelp's raw "u'quiet'"
    return (quoted.group(1) if quoted else text).lower()


@cache
def _phrase_pattern(phrases: tuple[str, ...]) -> re.Pattern[str]:
    ordered = sorted(phrases, key=len, reverse=True)
    alternatives = "|".join(re.escape(p).replace(r"\ ", r"[\s-]+") for p in ordered)
    return re.compile(rf"\b(?:{alternatives})\b", re.IGNORECASE)


def _review_evidence(reviews: Iterable[tuple[str, str]]) -> list[TraitEvidence]:
    found: list[TraitEvidence] = []
    counts: dict[tuple[str, bool], int] = {}
    for ref, text in reviews:
        for sentence in _SENTENCE.finditer(text):
            body = sentence.group()
            for trait, phrases in _REVIEW_PHRASES.items():
                match = _phrase_pattern(phrases).search(body) if phrases else None
                if match is None and trait in _EXTRA_PATTERNS:
                    match = _EXTRA_PATTERNS[trait].search(body)
                if match is None:
                    continue
                conceded = _CONCEDING.match(body)
                if conceded and match.start() < conceded.end():
                    rest = body[conceded.end() :]
                    again = _phrase_pattern(phrases) if phrases else _EXTRA_PATTERNS[trait]
                    if again.search(rest) is None:
                        continue
                holds = _NEGATION.search(body[: match.start()].lower()) is None
                if counts.get((trait, holds), 0) >= MAX_REVIEW_EVIDENCE:
                    continue
                counts[(trait, holds)] = counts.get((trait, holds), 0) + 1
                span = body.strip()[:REVIEW_SPAN_CHARS]
                found.append(TraitEvidence(trait, "review", ref, span, holds))
    return found


def derive_traits(
    categories: Iterable[str],
    attributes: Mapping[str, Any] | None = None,
    reviews: Iterable[tuple[str, str]] = (),
    aspects: Mapping[str, tuple[float, float]] | None = None,
) -> list[TraitEvidence]:
    """Every piece of evidence for or against each trait. `reviews` are (review id, text);
    `aspects` map an aspect to (score 0-10, confidence 0-1)."""
    evidence: list[TraitEvidence] = []
    cats = {c.strip().lower() for c in categories}
    for diet in DIETS.values():
        for category in sorted(cats & {c.lower() for c in diet.categories}):
            evidence.append(TraitEvidence(diet.name, "category", category, category))
    for trait, members in _CATEGORY_TRAITS.items():
        for category in sorted(cats & members):
            evidence.append(TraitEvidence(trait, "category", category, category))
    for trait, specs in _ATTRIBUTES.items():
        for path, yes, no in specs:
            value = _attribute(attributes or {}, path)
            if value in yes or value in no:
                evidence.append(
                    TraitEvidence(trait, "attribute", path, f"{path}: {value}", value in yes)
                )
    for name, (score, confidence) in (aspects or {}).items():
        if confidence < ASPECT_CONFIDENCE:
            continue
        for vibe in VIBES.values():
            if vibe.aspect != name:
                continue
            if (score <= INVERSE_ASPECT_SCORE) if vibe.inverse else (score >= ASPECT_SCORE):
                evidence.append(TraitEvidence(vibe.name, "aspect", name, f"{score:.1f}/10"))
        # a diet is a need: an aspect score (vegan options talked about) never makes a place
        # vegan or vegetarian; categories and review sentences do
    evidence.extend(_review_evidence(reviews))
    return evidence


def held_traits(evidence: Iterable[TraitEvidence]) -> list[str]:
    """Traits the evidence supports, sorted: a category or attribute that says no wins; one
    that says yes, or a strong aspect score, holds; reviews alone hold when more say so than
    say not (for a `CORROBORATED` feature, two different reviews at least)."""
    items = list(evidence)
    held: list[str] = []
    for trait in sorted({e.trait for e in items}):
        mine = [e for e in items if e.trait == trait]
        structured = [e for e in mine if e.source in ("category", "attribute")]
        if any(not e.holds for e in structured):
            continue
        if any(e.holds for e in mine if e.source != "review"):
            held.append(trait)
            continue
        said = sum(1 for e in mine if e.holds)
        if trait in CORROBORATED and len({e.ref for e in mine if e.holds}) < 2:
            continue
        if said > len(mine) - said:
            held.append(trait)
    return held


STATED: Final = ":stated"


def stated(trait: str) -> str:
    """The marker of a trait the place itself states (a category or a source attribute), kept
    beside the trait in `places.traits` so a search can prefer it to reviews alone."""
    return trait + STATED


def stated_traits(evidence: Iterable[TraitEvidence]) -> list[str]:
    """Markers of the held diets that rest on the source's own category or attribute: "Vegan"
    in the place's categories says more than a diner who liked the vegan options."""
    items = list(evidence)
    held = set(held_traits(items))
    return sorted(
        {
            stated(e.trait)
            for e in items
            if e.source in ("category", "attribute")
            and e.holds
            and e.trait in held
            and e.trait in DIETS
        }
    )
