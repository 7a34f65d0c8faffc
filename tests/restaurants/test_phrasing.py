"""The offline answer's sentences: filled templates and real quotes, punctuated once."""

from __future__ import annotations

import random
import re

from kairos.core.allergy_guard import AllergyWarning
from kairos.core.allergy_warnings import display_name
from kairos.core.traits import evidence_phrase
from kairos.pipeline.safety import AllergyCheck
from kairos.restaurants.phrasing import answer_message, nothing_mentions
from kairos.restaurants.request_words import category_places, describe_request
from kairos.restaurants.schemas import RadarScores, RestaurantResult
from kairos.text.extractive import Quote

NO_ALLERGIES = AllergyCheck(
    checked_for=["you"], allergens=[], verdict="no_allergies", basis="none",
    summary="No allergies were given, so none were checked.",
)  # fmt: skip


def place(summary: str | None) -> RestaurantResult:
    quote = Quote(text=summary, review_ids=["r1"]) if summary else None
    return RestaurantResult(
        id=1, name="Lune", area=None, city="Boston", address=None, price_tier="$$",
        rating=4.5, votes=120, cuisine_types=["thai"], url=None, lat=None, lng=None,
        known_allergens=[], allergen_confidence="low", summary=quote, allergy=NO_ALLERGIES,
        allergy_safe=True, allergy_summary="No allergies in your profile.",
    )  # fmt: skip


def warning(allergen: str) -> AllergyWarning:
    return AllergyWarning(
        allergen=allergen, severity="severe", level="warning", title="Allergy warning",
        message=f"Thai kitchens commonly use {display_name(allergen)}; not verified.",
        status="may_contain", source="cuisine_heuristic", confidence="medium",
    )  # fmt: skip


def answer(top: RestaurantResult) -> str:
    return answer_message(
        request="thai places in Boston", safe=[top], flagged=[], hard_excluded=["peanuts"],
        relaxed=[], assumptions=[],
    )  # fmt: skip


def test_a_quoted_top_pick_ends_at_its_closing_quote() -> None:
    text = answer(place("The curry was rich and the room was calm enough to talk…"))
    assert (
        "Top pick: Lune (4.5★ from 120 reviews) — "
        "“The curry was rich and the room was calm enough to talk…” " in text
    )
    assert "”." not in text


def test_an_unquoted_top_pick_is_a_full_sentence() -> None:
    text = answer(place(None))
    assert "Top pick: Lune (4.5★ from 120 reviews). " in text
    assert text.endswith(
        "I left out every place whose menu, dishes, reviews, category or name show peanuts."
    )


def test_a_top_pick_that_reviews_contradict_says_so() -> None:
    top = place("Loud music all night, but the curry was great.").model_copy(
        update={
            "scores": RadarScores(
                romance=6.0, noise_level=2.5, food_quality=8.0, vegan_options=5.0,
                value_for_money=5.0, evidence={},
            )
        }
    )  # fmt: skip
    text = answer_message(
        request="quiet, romantic thai places", safe=[top], flagged=[], hard_excluded=[],
        relaxed=[], assumptions=[], requested=["noise_level", "romance"],
    )  # fmt: skip
    assert "Its reviews speak against quiet (2.5/10); it is here for the rest." in text
    assert "romance" not in text.split("speak against")[1].split(";")[0]  # 6.0 is not against
    assert "speak against" not in answer(top)  # nothing was asked


INTERNAL_LABEL = re.compile(r"\b[a-z]+_[a-z_]+\b")


CATEGORIES = ["thai", "italian", "sushi bars", "pizza", "Noodles", "burgers", "middle eastern",
              "sandwiches", "bbq", "juice bars & smoothies", "steakhouses", "brewery",
              "cafe"]  # fmt: skip
ONE_PLURAL = re.compile(r"\bI found one ((?:(?!\b(?:in|with)\b)[^.])*?)(?: in\b| with\b|\.)")
NOUN_BEFORE_PLACES = re.compile(r"\b\w+(?:s|bars|pubs|cafés|bakeries) places\b")
# "evidence of" takes a noun: "of good for business", "of open late", "of quiet" do not read
ADJECTIVE_AFTER_EVIDENCE = re.compile(
    r"evidence of (?:good|open|quiet|romantic|trendy|casual|upscale|family-friendly|vegan,|"
    r"vegan and|vegan$|halal,|halal and|work)\b"
)
CAPITALISED_COMMON_NOUN = re.compile(r"(?<![.:] )\b(?:Noodles?|Pizza|Burgers?|Sushi|Seafood) ")


def _faults(message: str) -> list[str]:
    faults = []
    if INTERNAL_LABEL.search(message):
        faults.append(f"internal label {INTERNAL_LABEL.search(message).group()!r}")  # type: ignore[union-attr]
    for bad in ("places for places", "..", " .", "  ", "None", "[]", "for .", " ,"):
        if bad in message:
            faults.append(f"{bad!r}")
    if noun := NOUN_BEFORE_PLACES.search(message):
        faults.append(f"a plural or a place noun before 'places': {noun.group()!r}")
    if adjective := ADJECTIVE_AFTER_EVIDENCE.search(message):
        faults.append(f"an adjective where a noun belongs: {adjective.group()!r}")
    if common := CAPITALISED_COMMON_NOUN.search(message):
        faults.append(f"a common noun capitalised: {common.group()!r}")
    one = ONE_PLURAL.search(message)
    head = one.group(1).split()[-1] if one and one.group(1).split() else ""
    if head.endswith("s") and not head.endswith(("ss", "'s")) and head != "smoothies":
        faults.append(f"one of a plural: {one.group() if one else ''!r}")  # "juice bar & s…"
    if message != message.strip():
        faults.append("untrimmed")
    return faults


def test_a_few_hundred_generated_replies_read_as_a_person_wrote_them() -> None:
    """Every combination of request words, results, allergies and assumptions: no internal
    labels, no empty phrases, one full stop, and the allergy sentences match what was done."""
    rng = random.Random(12)
    vibes = [
        "romantic",
        "quiet",
        "family_friendly",
        "late_night",
        "work_friendly",
        "vegan",
        "gluten_free",
        "halal",
        "dairy_free",
        "group",
    ]
    allergens = ["peanuts", "tree_nuts", "shellfish", "sesame", "gluten"]
    checked = 0
    for _ in range(300):
        request = describe_request(
            rng.sample(CATEGORIES, rng.randint(0, 1)),
            rng.sample(vibes, rng.randint(0, 3)),
            rng.choice([None, "boston", "london", "cambridge"]),
            rng.choice([[], ["$"], ["$", "$$"], ["$$$", "$$$$"], ["$$", "$$$"]]),
        )
        safe = [
            place(rng.choice([None, "Lovely quiet room and kind staff."]))
            for _ in range(rng.randint(0, 5))
        ]
        warned = rng.sample(allergens, rng.randint(0, 2))
        if safe and warned:
            safe[0] = safe[0].model_copy(update={"allergy_warnings": [warning(a) for a in warned]})
        flagged = [
            place(None).model_copy(update={"allergy_warnings": [warning("peanuts")]})
            for _ in range(rng.randint(0, 2))
        ]
        hard = rng.sample(allergens, rng.randint(0, 2))
        assumptions = rng.sample(
            [
                "Kept from your earlier message: Thai, in Boston.",
                "Read '40' as USD a head.",
                "'nuts' read as tree nuts and peanuts; all are excluded for this search.",
                nothing_mentions(["curry"], rng.choice([None, "london"])),
            ],
            rng.randint(0, 2),
        )
        relaxed = rng.sample(["min rating", "price tiers", "area"], rng.randint(0, 2))
        few = rng.sample(["vegan", "view", "rooftop"], rng.randint(0, 1))
        missing = rng.sample(
            ["kosher", "halal", "outdoor", "business", "work_friendly", "quiet", "vegan"],
            rng.randint(0, 2),
        )
        text = answer_message(
            request=request,
            safe=safe,
            flagged=flagged,
            hard_excluded=hard,
            relaxed=relaxed,
            assumptions=assumptions,
            missing=missing if safe else [],
            few=few if safe else [],
        )
        faults = _faults(text)
        assert not faults, (faults, text)
        if hard:
            assert "I left out every place" in text and display_name(hard[0]) in text
        if missing and safe:
            assert f"shows evidence of {evidence_phrase(missing[0])}" in text
        if few and safe:
            assert f"show evidence of {evidence_phrase(few[0])}; each card" in text
        assert "those come first" not in text, "only `short` puts holders before the rest"
        if flagged:
            assert "shown apart" in text and "peanuts" in text
        if safe and warned:
            assert "a note about" in text and display_name(warned[0]) in text
        if not (safe and warned):
            assert "a note about" not in text
        checked += 1
    assert checked == 300


def test_a_category_is_said_as_the_kind_of_place_it_is() -> None:
    """Cuisines named after a people are capitalised, other categories are common nouns, said
    in the singular before "places"; a category that names a place is the noun itself."""
    said = {c: category_places(c) for c in (
        "Thai", "south indian", "middle eastern", "tex-mex", "Noodles", "burgers", "sandwiches",
        "chicken wings", "pizza", "sushi bars", "steakhouses", "bbq", "korean bbq", "dim sum",
        "smoothies", "curries", "steakhouse", "sushi bar", "brewery", "American (New)",
        "american (traditional)",
    )}  # fmt: skip
    assert said == {
        "Thai": "Thai places", "south indian": "South Indian places",
        "middle eastern": "Middle Eastern places", "tex-mex": "Tex-Mex places",
        "Noodles": "noodle places", "burgers": "burger places", "sandwiches": "sandwich places",
        "chicken wings": "chicken wing places", "pizza": "pizza places",
        "sushi bars": "sushi bars", "steakhouses": "steakhouses", "bbq": "BBQ places",
        "korean bbq": "Korean BBQ places", "dim sum": "dim sum places",
        "smoothies": "smoothie places", "curries": "curry places",
        "steakhouse": "steakhouses", "sushi bar": "sushi bars", "brewery": "breweries",
        "American (New)": "New American places",
        "american (traditional)": "traditional American places",
    }  # fmt: skip
    assert describe_request(["Noodles"], ["quiet"], "cambridge") == (
        "quiet noodle places in Cambridge"
    )
    # "american food" reads both of Yelp's kinds: the reply names what they share
    both = ["american (new)", "american (traditional)"]
    assert describe_request(both, [], "columbus") == "American places in Columbus"
    assert describe_request(["thai", "vietnamese"], [], None) == "Thai places"


def test_the_price_asked_is_said_with_the_request() -> None:
    """ "cheap food in boston" was answered "Here are 5 places in Boston"."""
    assert describe_request([], [], "boston", ["$"]) == "cheap places in Boston"
    assert describe_request(["thai"], ["quiet"], None, ["$"]) == "cheap, quiet Thai places"
    assert describe_request(["sandwiches"], [], None, ["$", "$$"]) == ("affordable sandwich places")
    assert describe_request([], [], None, ["$$"]) == "moderately priced places"
    assert describe_request([], ["upscale"], "london", ["$$$", "$$$$"]) == (
        "upscale places in London"
    )
    assert describe_request(["pizza"], [], None, ["$", "$$", "$$$"]) == "pizza places"


def test_what_no_place_shows_evidence_of_reads_as_one_phrase() -> None:
    """The README's first chat ("romantic thai dinner in boston, not too loud") said "No place
    I know here shows evidence of being quiet and romance": every vibe's evidence phrase reads
    after "evidence of" and joins the others with "and"."""
    from kairos.core.vibes import VIBES

    phrases = {vibe: evidence_phrase(vibe) for vibe in VIBES}
    assert phrases["romantic"] == "being romantic" and phrases["quiet"] == "being quiet"
    bare_nouns = {"romance"}  # a noun beside "being …" reads as a list of unlike things
    assert not bare_nouns & set(phrases.values()), phrases
