"""What the chat turn decides from the request and the places found, without the database:
names asked for, the search words, widening a search that found nothing, the order of the
answer and what the reply may say the places are for."""

from __future__ import annotations

from collections.abc import Sequence

from kairos.core.allergens import SEVERITY_RISK, is_known_food
from kairos.core.allergy_guard import AllergyAssessment
from kairos.core.allergy_profile import AllergyProfile
from kairos.core.venue_identity import name_key
from kairos.restaurants import evaluation, phrasing
from kairos.restaurants.card_why import NOT_SEARCHED
from kairos.restaurants.conversation import free_words, names_event
from kairos.restaurants.schemas import RestaurantResult
from kairos.restaurants.schemas_decomposition import Decomposition
from kairos.restaurants.understanding import DISH_WORDS
from kairos.search.filters import SearchFilters
from kairos.text.aspect_lexicon import FUNCTION_WORDS
from kairos.text.aspects import ReviewText, tokenize


def is_named(name: str, wanted: str) -> bool:
    """Whether a place's name holds every word of the name asked for ("Troquet on South" is a
    Troquet; "Legal Seafood" is not "legal sea foods")."""
    want = set(name_key(wanted).split())
    return bool(want) and want <= set(name_key(name).split())


def named_first(scored: list[RestaurantResult], named: list[str]) -> list[int]:
    """Indices of the places the message names: the best match of each name (in search order)
    first, then their other matches."""
    matches = [i for i, r in enumerate(scored) if any(is_named(r.name, n) for n in named)]
    best = [next(i for i in matches if is_named(scored[i].name, n)) for n in named
            if any(is_named(scored[i].name, n) for i in matches)]  # fmt: skip
    return list(dict.fromkeys(best + matches))


def turn_profile(profile: AllergyProfile, turn_allergens: list[str]) -> AllergyProfile:
    """Allergies named in a message count for this turn only (as severe), never stored."""
    if not turn_allergens:
        return profile
    severity = {**profile.resolved_severities()}
    for allergen in turn_allergens:
        severity.setdefault(allergen, "severe")
    return AllergyProfile.of_levels(severity)


def relax(filters: SearchFilters, names: tuple[str, ...]) -> tuple[SearchFilters, list[str]]:
    updates: dict[str, object] = {}
    relaxed: list[str] = []
    for name in names:
        value = getattr(filters, name)
        if value:
            updates[name] = [] if isinstance(value, list) else None
            relaxed.append(name.replace("_", " "))
            if name == "near":
                updates["radius_km"] = None
    return filters.model_copy(update=updates), relaxed


_SOURCE_RANK = {"category": 0, "attribute": 1, "review": 2, "aspect": 3}


def evidence_rank(result: RestaurantResult) -> int:
    return sum(_SOURCE_RANK.get(note.source, 4) for note in result.evidence)


def without_asked(decomposition: Decomposition, asked: dict[str, tuple[str, ...]]) -> Decomposition:
    """The request without the words that ask for an allergen kept out: searched for, they
    find only places the filter then leaves out, and the answer fills with unrelated ones."""
    kept = " ".join(w for w in decomposition.vector_query.split() if w not in asked)
    said = phrasing.left_out_of_search(asked)
    return decomposition.model_copy(
        update={"vector_query": kept, "assumptions": [*decomposition.assumptions, said]}
    )


def text_query(decomposition: Decomposition) -> str:
    """The words the full-text arm matches: dishes and what no step claimed, never an occasion
    word ("group", "rooftop"), which a place's name would match ("… Fighter Group"), nor a
    time, meal or opening word ("somewhere for dinner tonight" found Dinner Elf, a personal
    chef, and a dinner-theatre escape room by their names; "open now pizza" ranked by "open"):
    the semantic query keeps them."""
    occasion = {w for v in decomposition.vibes for w in v.replace("_", " ").split()}
    return " ".join(
        w for w in decomposition.vector_query.split() if w not in occasion and w not in NOT_SEARCHED
    )


def unmatched_words(decomposition: Decomposition, shown: list[RestaurantResult]) -> list[str]:
    """The words of a request that is only words ("curry in london": no cuisine, occasion or
    diet read) when no shown place holds any of them: the places are the closest by meaning,
    and the answer says so rather than "Here are 5 places"."""
    words = text_query(decomposition).split()
    if not words or decomposition.filters.categories or decomposition.vibes:
        return []
    if decomposition.dietary or any(r.why is not None and "text" in r.why.arms for r in shown):
        return []
    return words


_NOT_A_SUBJECT = frozenset(
    {
        "restaurant", "restaurants", "food", "foods", "place", "places", "spot", "spots",
        "eats", "dinner", "lunch", "meal", "meals", "best", "good", "great", "nice", "fine",
        "new",
    }
)  # fmt: skip


def subject_words(decomposition: Decomposition) -> frozenset[str]:
    """What the request is about, as a quote would name it: the cuisines' and dishes' words
    ("breakfast & brunch" → breakfast, brunch; "wings"), not the city or a word for any food."""
    city = set(tokenize(decomposition.filters.city or ""))
    said = tokenize(" ".join([*decomposition.filters.categories, text_query(decomposition)]))
    return frozenset(
        w for w in said if len(w) > 2 and w not in _NOT_A_SUBJECT and w not in city
        and w not in FUNCTION_WORDS
    )  # fmt: skip


def said_by_price(vibe: str, tiers: Sequence[str]) -> bool:
    """ "fancy mediterranean" asks for the upper price tiers, and the price filter says it:
    the upscale trait then ranks (its axis) rather than filtering out $$$ places that no
    attribute or review calls upscale."""
    return vibe == "upscale" and bool(tiers) and set(tiers) <= {"$$$", "$$$$"}


def found_for(decomposition: Decomposition, shown: list[RestaurantResult]) -> list[str]:
    """The request's own words ("wings") that shown places' reviews hold, when no cuisine
    names the food: "Here are 5 places in Boston for wings", not "Here are 5 places". Only a
    food or an event: "dog" in "dog friendly patio" or "takes" in "takes reservations" is
    no answer's subject ("places with outdoor seating in Austin for dog")."""
    if decomposition.filters.categories:
        return []
    matched = {t for r in shown if r.why is not None for t in r.why.matched_terms or []}
    return [
        w
        for w in free_words(decomposition)
        if w in matched and (names_event(w) or w in DISH_WORDS or is_known_food(w))
    ]


def risk(assessment: AllergyAssessment) -> int:
    worst = assessment.worst_severity
    return 0 if worst is None else SEVERITY_RISK[worst]


def recomposed(
    result: RestaurantResult, requested: set[str], reviews: dict[int, list[ReviewText]]
) -> RestaurantResult:
    if result.scores is None:
        return result
    value = evaluation.composite(result.scores, requested, reviewed=bool(reviews[result.id]))
    return result.model_copy(update={"composite_score": value})
