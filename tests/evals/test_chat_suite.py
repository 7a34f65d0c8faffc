"""The chat suite: its grading rules on hand-made rows, the trivial baseline on a tiny catalogue,
the request families, and one end-to-end run on the sample through the real app."""

from __future__ import annotations

import math
from typing import Any

import pytest

from kairos.evals.chat import ChatReport, chat_figures, run_chat, summarise
from kairos.evals.chat_baseline import BaselinePlace, TrivialBaseline
from kairos.evals.chat_catalogue import sample_files
from kairos.evals.chat_families import build_requests
from kairos.evals.chat_grading import (
    Answer,
    PlaceJudgement,
    RequestResult,
    Shown,
    judge,
    ndcg_at,
    precision_at,
)
from kairos.evals.chat_requests import (
    FAMILIES,
    MIN_RELEVANT,
    Constraints,
    allergen_labels,
    cuisine_of,
)
from kairos.evals.chat_truth import TruthPlace, label_words, read_truth, truth_from_row
from kairos.settings import Settings


def yelp(key: str, city: str, categories: list[str], **extra: Any) -> TruthPlace:
    row = {"restaurant_id": key, "name": key, "city": city, "state": "MA",
           "categories": categories, **extra}  # fmt: skip
    return truth_from_row(row)


def london(key: str, ranking: str | None, address: str, cuisines: list[str]) -> TruthPlace:
    attributes = {"ranking": ranking} if ranking else {}
    return truth_from_row({
        "restaurant_id": key, "source": "tripadvisor_london", "name": key,
        "city": "London (Greater London area)", "country": "GB", "address": address,
        "cuisines": cuisines, "attributes": attributes, "price_level": 3,
    })  # fmt: skip


THAI_IN_BOSTON = Constraints(city="boston", cuisine=cuisine_of("Thai"))


def test_a_place_in_another_city_is_a_wrong_city_violation() -> None:
    there = judge(yelp("a", "Cambridge", ["Thai"]), Shown(1, "a"), THAI_IN_BOSTON)
    here = judge(yelp("b", "Boston", ["Thai"]), Shown(2, "b"), THAI_IN_BOSTON)
    assert there.violations == ["wrong_city"] and not there.relevant
    assert here.violations == [] and here.relevant


def test_an_unflagged_peanut_at_a_thai_place_is_a_violation_and_a_flagged_one_is_not() -> None:
    asked = Constraints(city="boston", cuisine=cuisine_of("Thai"), allergen="peanuts")
    thai = yelp("a", "Boston", ["Thai", "Noodles"])
    unflagged = judge(thai, Shown(1, "a", frozenset({"shellfish"})), asked)
    flagged = judge(thai, Shown(1, "a", frozenset({"peanuts"})), asked)
    pizza = judge(yelp("b", "Boston", ["Pizza"]), Shown(2, "b"), asked)
    assert unflagged.violations == ["unflagged_allergen"] and not unflagged.relevant
    assert flagged.violations == [] and flagged.relevant
    assert pizza.violations == ["wrong_cuisine"]  # no peanut rule for pizza, but not Thai


def test_chinese_is_usually_peanuts_and_seafood_certainly_shellfish() -> None:
    chinese, seafood = yelp("c", "Boston", ["Chinese"]), yelp("s", "Boston", ["Seafood"])
    assert chinese.likely_contains("peanuts") and not chinese.certainly_contains("peanuts")
    assert seafood.certainly_contains("shellfish") and seafood.likely_contains("shellfish")
    assert truth_from_row({"restaurant_id": "g", "cuisines": ["Thai restaurant"]}).has_label(
        frozenset({"thai"})
    )
    assert not yelp("p", "Boston", ["Pizza"]).likely_contains("peanuts")


def test_an_unflagged_seafood_place_is_a_violation_but_never_the_subject_of_a_request() -> None:
    asked = Constraints(city="boston", cuisine=cuisine_of("Cajun/Creole"), allergen="shellfish")
    both = yelp("b", "Boston", ["Cajun/Creole", "Seafood"])
    assert judge(both, Shown(1, "b"), asked).violations == ["unflagged_allergen"]
    assert allergen_labels(both, "shellfish") == ["Cajun/Creole"]
    assert allergen_labels(yelp("s", "Boston", ["Seafood"]), "shellfish") == []


def test_london_rows_are_in_the_town_their_ranking_or_address_names() -> None:
    windsor = london(
        "w", "#11 of 131 Restaurants in Windsor", "84 High Street, Eton, Windsor England", []
    )
    egham = london("e", "Ranking not found", "72 High Street, Egham TW20 9EY England", [])
    centre = london("c", "#190 of 16,979 Restaurants in London", "77 Bishops Rd, London W2 6BG", [])
    assert (windsor.locality, egham.locality, centre.locality) == ("windsor", "egham", "london")
    asked = Constraints(city="london")
    assert judge(windsor, Shown(1, "w"), asked).violations == ["wrong_city"]
    assert judge(centre, Shown(2, "c"), asked).relevant
    assert yelp("b", "Boston", []).locality == "boston"


def test_a_greater_london_borough_is_london_and_its_neighbours_are_not() -> None:
    """Kingston upon Thames and Dagenham are London boroughs (the judged rubric reads them as
    London); Denham (UB9), Egham (TW20) and Loughton (IG10) share outer postcode areas and are
    not."""

    def town(ranking: str, address: str) -> str | None:
        return london("x", ranking, address, []).locality

    inside = [
        ("#2 of 90 Restaurants in Kingston upon Thames", "85 Maple Road, Surbiton KT6 4AW England"),
        ("#9 of 80 Restaurants in Dagenham", "20 Whalebone Lane South, Dagenham RM8 1BJ England"),
        ("#1 of 200 Restaurants in Richmond", "14A Red Lion Street, Richmond TW9 1RW England"),
    ]
    outside = [
        ("#3 of 20 Restaurants in Denham", "Village Road, Denham UB9 5BE England"),
        ("Ranking not found", "Hotel and Spa, Egham TW20 0AG England"),
        ("#5 of 60 Restaurants in Loughton", "1 High Road, Loughton IG10 4LF England"),
    ]
    assert [town(r, a) for r, a in inside] == ["london"] * 3
    assert [town(r, a) for r, a in outside] == ["denham", "egham", "loughton"]


def test_cuisine_price_and_diet_violations_and_occasions_that_only_lower_relevance() -> None:
    asked = Constraints(city="boston", price_levels=frozenset({1}), diet="vegan", occasion="kids")
    dear = yelp("a", "Boston", ["Vegan"], price_level=3, attributes={"GoodForKids": True})
    unknown = yelp("b", "Boston", ["Vegan"], attributes={"GoodForKids": True})
    steak = yelp("c", "Boston", ["Steakhouses"], price_level=1, attributes={"GoodForKids": True})
    no_kids = yelp("d", "Boston", ["Vegan"], price_level=1, attributes={"GoodForKids": False})
    good = yelp("e", "Boston", ["Vegan"], price_level=1, attributes={"GoodForKids": True})
    assert judge(dear, Shown(1, "a"), asked).violations == ["wrong_price"]
    assert judge(unknown, Shown(2, "b"), asked).violations == []
    assert not judge(unknown, Shown(2, "b"), asked).relevant  # an unknown price is not a yes
    assert judge(steak, Shown(3, "c"), asked).violations == ["wrong_diet"]
    assert judge(no_kids, Shown(4, "d"), asked).violations == []
    assert not judge(no_kids, Shown(4, "d"), asked).relevant
    assert judge(good, Shown(5, "e"), asked).relevant
    narrower = yelp("f", "Boston", ["North Indian"])
    assert narrower.matches_any(cuisine_of("Indian").alternatives)
    assert label_words("American (New)") == frozenset({"new", "american"})


def test_precision_is_out_of_what_the_files_allow_and_ndcg_has_binary_gains() -> None:
    assert precision_at([True, False, True], attainable=3) == pytest.approx(2 / 3)
    assert precision_at([True] * 5, attainable=40) == 1.0
    assert precision_at([], attainable=4) == 0.0
    ideal = 1 + 1 / math.log2(3)
    assert ndcg_at([False, True], attainable=2) == pytest.approx((1 / math.log2(3)) / ideal)


def bp(pid: int, city: str, labels: list[str], rating: float, votes: int = 10) -> BaselinePlace:
    return BaselinePlace(pid, f"p{pid}", city, tuple(label_words(x) for x in labels), rating, votes)


BASELINE = TrivialBaseline([
    bp(1, "boston", ["Thai"], 4.0, 50), bp(2, "boston", ["Thai", "Noodles"], 4.0, 90),
    bp(3, "boston", ["Pizza"], 5.0), bp(4, "cambridge", ["Thai"], 5.0),
    bp(5, "boston", ["Gluten-Free", "Bakeries"], 3.0), bp(6, "boston", ["Sushi Bars"], 3.5),
])  # fmt: skip


def test_the_baseline_filters_by_city_and_category_words_and_sorts_by_rating_then_votes() -> None:
    assert [p.id for p in BASELINE.answer(("thai in boston",))] == [2, 1]
    assert [p.id for p in BASELINE.answer(("best sushi in boston",))] == [6]
    assert [p.id for p in BASELINE.answer(("cheap eats in boston",))] == [3, 2, 1, 6, 5]
    assert [p.id for p in BASELINE.answer(("gluten-free options in boston",))] == [5]
    # "free wifi" is not a category: "free" alone is a stop word
    assert [p.id for p in BASELINE.answer(("free wifi in cambridge",))] == [4]
    follow_up = ("thai in boston", "pizza, ideally")
    assert [p.id for p in BASELINE.answer(follow_up)] == [3, 2, 1]
    assert [p.id for p in BASELINE.answer(("thai in boston", "anything cheaper?"))] == [2, 1]


def test_requests_are_deterministic_and_each_has_enough_answers_in_the_files() -> None:
    places = {}
    for city in ("Boston", "Austin"):
        for i in range(12):
            labels = ["Thai"] if i % 2 else ["Pizza", "Vegan"]
            attributes = {"GoodForKids": i % 3 == 0, "NoiseLevel": "quiet"}
            place = yelp(f"{city}-{i}", city, labels, price_level=1 + i % 3, attributes=attributes)
            places[place.key] = place
    first, again = build_requests(places, 4), build_requests(places, 4)
    assert [r.turns for r in first] == [r.turns for r in again]
    assert {r.family for r in first} == set(FAMILIES)
    for request in first:
        assert request.candidates >= MIN_RELEVANT
        assert request.candidates == sum(request.constraints.content_ok(p) for p in places.values())
    follow_ups = [r for r in first if r.family == "follow_up"]
    assert follow_ups and all(len(r.turns) == 2 for r in follow_ups)


async def test_a_few_requests_per_family_on_the_sample_end_to_end(
    runtime: Any, settings: Settings
) -> None:
    truth = read_truth(sample_files(settings).truth_paths())
    requests = build_requests(read_truth(sample_files(settings).request_paths()), 2)
    assert {r.family for r in requests} == set(FAMILIES)
    results, turn_ms = await run_chat(runtime, requests, truth)
    assert len(results) == len(requests) and len(turn_ms) == sum(len(r.turns) for r in requests)
    families, overall, _ = summarise(results)
    assert [f.family for f in families] == list(FAMILIES) and overall.requests == len(requests)
    for fam in [*families, overall]:
        for figures in (fam.kairos, fam.baseline):
            for value in (figures.precision_at_5, figures.ndcg_at_5, figures.violation_rate):
                assert 0.0 <= value <= 1.0
    for result in results:
        for answer in (result.kairos, result.baseline):
            assert len(answer.places) <= 5
            assert all("unmapped" not in p.violations for p in answer.places)
    assert any(p.relevant for r in results for p in r.kairos.places)
    allergy = [r for r in results if r.family == "allergy"]
    assert all(not r.baseline.places or r.baseline.precision_at_5 == 0.0 for r in allergy)


def test_kairos_figures_are_gated_and_the_baselines_only_reported() -> None:
    def answer(precision: float, violations: list[str]) -> Answer:
        place = PlaceJudgement(name="p", locality="boston", relevant=not violations,
                               violations=violations)  # fmt: skip
        return Answer(places=[place], precision_at_5=precision, ndcg_at_5=precision)

    results = [
        RequestResult(family=family, turns=["t"], constraints="c", candidates=3,
                      kairos=answer(0.8, []), baseline=answer(0.2, ["wrong_city"]))
        for family in ("cuisine_city", "allergy")
    ]  # fmt: skip
    families, overall, without_allergy = summarise(results)
    report = ChatReport(
        files={}, places=1, reviews=0, requests=2, turns=2, families=families, overall=overall,
        without_allergy=without_allergy, kairos_beats_baseline={}, per_request=results,
        turn_ms_p50=1, turn_ms_p95=2, build={}, seconds=0,
    )  # fmt: skip
    figures = {f.key: f for f in chat_figures(report, "t")}
    assert figures["chat.t.allergy.precision_at_5"].gated
    assert not figures["chat.t.allergy.baseline.precision_at_5"].gated
    assert figures["chat.t.overall.violation_rate"].value == 0.0
    assert not figures["chat.t.overall.violation_rate"].higher_is_better
    assert figures["chat.t.overall.baseline.violation_rate"].value == 1.0
    assert figures["chat.t.overall.beats_baseline"].value == 1.0
    assert figures["chat.t.overall.margin_over_baseline"].value == pytest.approx(0.6)
    assert without_allergy.requests == 1 and overall.requests == 2


def test_places_certain_to_contain_the_allergen_are_not_counted_as_attainable() -> None:
    asked = Constraints(city="boston", cuisine=cuisine_of("Tapas Bars"), allergen="shellfish")
    assert asked.content_ok(yelp("t", "Boston", ["Tapas Bars"]))
    assert not asked.content_ok(yelp("s", "Boston", ["Tapas Bars", "Seafood"]))
    assert Constraints(city="boston").content_ok(yelp("s", "Boston", ["Seafood"]))


def test_a_place_named_for_what_it_serves_is_certain_to_contain_it() -> None:
    named = yelp("o", "Cambridge", ["Korean", "Japanese"], name="O Sushi Restaurant & Bar")
    plain = yelp("k", "Cambridge", ["Korean", "Japanese"], name="Crabtree Kitchen")
    assert named.certainly_contains("fish") and not plain.certainly_contains("fish")
    assert not plain.certainly_contains("shellfish")


def test_london_ohio_is_not_london() -> None:
    """A person asking for London means the English one: Waffle House in London, Ohio is the
    wrong city, and requests about it say "london, oh"."""
    ohio = yelp("w", "London", ["Diners"], state="OH")
    assert ohio.locality == "london, oh"
    asked = Constraints(city="london")
    assert judge(ohio, Shown(1, "w"), asked).violations == ["wrong_city"]
    assert yelp("b", "Boston", ["Diners"]).locality == "boston"


def test_a_clearly_related_kind_is_no_violation_and_not_relevant() -> None:
    """The judged rubric's rule: "a narrower or a clearly related label is not a violation". A
    Mexican place shown for tacos is neither wrong nor an answer; a Greek one is the wrong kind."""
    asked = Constraints(city="austin", cuisine=cuisine_of("Tacos"))
    mexican = judge(yelp("m", "Austin", ["Mexican"]), Shown(1, "m"), asked)
    greek = judge(yelp("g", "Austin", ["Greek"]), Shown(2, "g"), asked)
    tacos = judge(yelp("t", "Austin", ["Tacos"]), Shown(3, "t"), asked)
    assert (mexican.violations, mexican.relevant) == ([], False)
    assert greek.violations == ["wrong_cuisine"]
    assert tacos.relevant


def test_two_rows_of_one_business_in_a_town_are_one_relevant_place() -> None:
    """Chat shows one line per business in a town (073806d): the eval's denominator counts
    businesses, so a list of every business there is complete (the gate's follow-up family fell
    to 0.75 on 'american food in austin' for two Whataburger rows)."""
    from kairos.evals.chat_requests import Picker

    rows = [yelp(f"r{i}", "Boston", ["Thai"]) for i in range(MIN_RELEVANT)]
    rows += [truth_from_row({"restaurant_id": "dup", "name": "r0", "city": "Boston",
                             "state": "MA", "categories": ["Thai"]})]  # fmt: skip
    picker = Picker(rows, {"boston"}, 4)
    assert picker.offer("cuisine_city", ("thai in boston",), THAI_IN_BOSTON)
    assert picker.requests[0].candidates == MIN_RELEVANT
