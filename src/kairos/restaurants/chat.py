"""The restaurant chat turn (seed 000 §4–§5), a fixed sequence of steps: context → understand
(with the conversation) → (clarification) → hybrid search (≤ 15, one relaxation pass) →
evaluation of the top 10 → composite → top 5 → the safety step → the payload.

The steps are given what they use (`ChatTurn`): the understanding step, the search, the places
repository, the model chain; none of them calls back into the product. The turn runner
(`pipeline/turn.py`) owns errors, the turn record and the work after the turn.
"""

from __future__ import annotations

from collections.abc import AsyncIterator

from kairos.core.allergens import asked_allergens
from kairos.core.diets import DIETS
from kairos.core.place_kinds import STATED_DIET_KINDS
from kairos.pipeline.events import Thinking, TurnEvent
from kairos.pipeline.free_from import free_kept, hard_sets, lacks_free_from
from kairos.restaurants import chat_rules, evaluation, model_tasks, phrasing, request_words
from kairos.restaurants.branches import BRANCHES_ASKED
from kairos.restaurants.card_why import asked_phrases, card_why
from kairos.restaurants.chat_evaluate import evaluate_places
from kairos.restaurants.chat_order import answer_order, nearest_kind_said, towns_said
from kairos.restaurants.chat_rules import (
    risk,
    turn_profile,
    unmatched_words,
    without_asked,
)
from kairos.restaurants.chat_search import (
    nearest_kinds,
    said_as_diet,
    search_relaxing,
    strict_unheld,
)
from kairos.restaurants.chat_turn import ChatState, ChatTurn, finish, history_of, text_answer
from kairos.restaurants.conversation import assume_instead_of_asking, for_words
from kairos.restaurants.decomposition import food_said
from kairos.restaurants.diet_first import diet_before_dish, diet_top_up
from kairos.restaurants.elsewhere import nearest_city_with
from kairos.restaurants.hours import UNKNOWN_HOURS, asked_hours, by_hours
from kairos.restaurants.name_evidence import dish_cuisines, food_unmentioned, name_evidence
from kairos.restaurants.results import with_quote
from kairos.restaurants.schemas import GenerativeUIPayload
from kairos.restaurants.where import (
    clarify,
    place_request,
    thin_city,
    unrecognised,
    vague_where_known,
)

__all__ = ["ChatState", "ChatTurn", "chat_steps"]

EVALUATE_TOP = 10
ANSWER_TOP = 5


async def chat_steps(turn: ChatTurn) -> AsyncIterator[TurnEvent]:
    record, state = turn.record, turn.state
    record.facts.update(candidates=0, search_strategy="none")
    yield Thinking(step="fetching_context", message="Reading your profile and the conversation")
    history, pending = history_of(turn.request)
    if state.resumed:
        pending = state.pending

    yield Thinking(step="decomposing", message="Working out what you are asking for")
    decomposition = await turn.understand(
        turn.user, turn.request.message, history, state.previous, pending, record
    )
    state.decomposition = decomposition
    coverage = await turn.coverage()
    if await vague_where_known(decomposition, turn.locate):
        # "somewhere for dinner tonight" from someone Kairos knows the city of: its best places
        decomposition = state.decomposition = assume_instead_of_asking(decomposition)
    if decomposition.needs_clarification or decomposition.intent in ("greeting", "other"):
        question = decomposition.clarification_question or decomposition.reply or ""
        if decomposition.needs_clarification:
            question = await clarify(decomposition, question, coverage, turn.locate)
        yield finish(
            turn,
            GenerativeUIPayload(
                ui_type="text",
                message=phrasing.after_assumptions(
                    decomposition.assumptions, decomposition.reply or question
                ),
                follow_up_questions=[question] if decomposition.needs_clarification else None,
                assumptions=decomposition.assumptions,
            ),
        )
        return

    known = (await turn.understand.parser()).known_words
    placed = await place_request(
        decomposition, coverage, turn.locate, known, asked_before=pending is not None
    )
    decomposition = state.decomposition = placed.decomposition
    if placed.question is not None:
        yield finish(
            turn,
            GenerativeUIPayload(
                ui_type="text",
                message=phrasing.after_assumptions(decomposition.assumptions, placed.question),
                follow_up_questions=[placed.question],
                suggested_replies=list(placed.suggestions),
                assumptions=decomposition.assumptions,
            ),
        )
        return
    profile = turn_profile(turn.user.allergies, decomposition.turn_allergens)
    # a coeliac's gluten: SQL keeps the places showing gluten-free evidence, the guard names it
    hard, in_sql = hard_sets(profile, decomposition.filters.exclude_allergens)
    filters = decomposition.filters.model_copy(update={"exclude_allergens": in_sql})
    if allergen_asks := asked_allergens(decomposition.vector_query, hard):
        decomposition = without_asked(decomposition, allergen_asks)
        state.decomposition = decomposition

    yield Thinking(step="searching", message="Searching places, reviews and menus")
    towns = coverage.towns_of(filters.city)
    searched = await search_relaxing(turn.search, decomposition, filters, hard, towns)
    if first := await diet_before_dish(turn.search, decomposition, filters, hard, searched, towns):
        # no halal burger place here: the halal places of other kinds, said, before none at all
        decomposition, filters, searched = first.decomposition, first.filters, first.searched
        state.decomposition = decomposition
    else:  # three halal burger places here: the halal places of other kinds after them
        searched = await diet_top_up(turn.search, decomposition, filters, hard, searched, towns)
    traced, relaxed, all_unsafe = searched.traced, searched.relaxed, searched.all_unsafe
    thin = thin_city(coverage, filters.city)  # said when the answer is empty: few places here
    diets, occasions, text_query = searched.diets, searched.occasions, searched.text_query
    skip = set(decomposition.skip_place_ids)  # "show me more": the places shown before
    found = traced.result
    if (words := unrecognised(decomposition, known)) and not any(
        "text" in h.why.arms for h in found.hits
    ):
        # nothing the reader knows and no place's words: the closest by meaning are noise
        where = f" in {decomposition.filters.city.title()}" if decomposition.filters.city else ""
        question = f'I didn\'t recognise "{words}". What would you like to eat{where}?'
        yield finish(turn, GenerativeUIPayload(ui_type="text", message=question,
                                                follow_up_questions=[question]))  # fmt: skip
        return
    if skip:
        found = found.model_copy(update={"hits": [h for h in found.hits if h.place.id not in skip]})
    asked_time = asked_hours(turn.request.message)
    kept, hours_notes, closed = await by_hours(turn.places.db, found.hits, asked_time, turn.now())
    found = found.model_copy(update={"hits": kept})
    checked = sum(1 for h in kept if hours_notes.get(h.place.id) != UNKNOWN_HOURS)
    if asked_time is not None:
        decomposition = state.decomposition = decomposition.model_copy(
            update={
                "assumptions": [
                    *decomposition.assumptions,
                    phrasing.hours_said(asked_time.said, closed, checked),
                ]
            }
        )
    record.facts.update(search_strategy=found.strategy, candidates=len(found.hits))
    # a diet read from a condition ("im coeliac") is not called the request: "gluten-free
    # Italian places" claimed a filter never asked for; the allergy is said with the list
    welcome = {d for d in decomposition.dietary if not said_as_diet(decomposition, d)}
    asked = decomposition.vibes + [d for d in decomposition.dietary if d not in welcome]

    def described(words: list[str], held: list[str] | None = None) -> str:
        categories = [] if "categories" in relaxed else decomposition.filters.categories
        if held is not None:
            categories = held
        elif said_food := food_said(decomposition):
            categories = [said_food]  # "ice cream places", not "dessert places"
        tiers = decomposition.filters.price_tiers
        if "price tiers" in relaxed:
            tiers = []
        if "price tiers" in relaxed:  # the price's own word is not true of what is shown
            words = [w for w in words if w != "upscale"]
        return request_words.describe_request(categories, words, decomposition.filters.city, tiers)

    request_text = described(asked)
    wanted = request_words.describe_request(
        decomposition.filters.categories, [], decomposition.filters.city
    )
    wanted_kind = request_words.describe_request(decomposition.filters.categories, [], None)
    query_words = decomposition.vector_query
    if not found.hits and all_unsafe:
        # what every place shows an allergen of is the cuisine here, not the occasions or diets
        # (never filtered on in that check): "every one of the romantic Thai places" claimed a
        # romance no place had shown
        message = phrasing.all_unsafe_message(wanted, hard, relaxed, decomposition.assumptions)
        yield text_answer(
            turn, message, ["Try another cuisine?", "Look in another area?"], hard, relaxed
        )
        return
    tiers_asked = decomposition.filters.price_tiers
    wishes = [v for v in decomposition.vibes if not chat_rules.said_by_price(v, tiers_asked)]
    if searched.cuisine_unknown_here and not wishes + decomposition.dietary:
        # no Korean place in Columbus at all: other kinds of place are no answer to it (a
        # rooftop or a vegan menu asked too is, and those places are listed)
        none_here = f"I know no {wanted}."
        if kin := nearest_kinds(decomposition.filters.categories):
            names = phrasing.listed([request_words.category_name(k) for k in kin], "or")
            none_here += f" Nor any {names} place there, the nearest kinds."
        go = ["Look in another city?"]
        if away := await nearest_city_with(turn.search, turn.places.db, filters, query_words):
            none_here, go = f"{none_here} {away.sentence(wanted_kind)}", [away.suggestion()]
        message = phrasing.after_assumptions(decomposition.assumptions, none_here)
        message = f"{message} {thin}".strip()
        yield text_answer(turn, message, ["Try another cuisine?", *go], hard, relaxed)
        return
    # a strict diet (vegan, gluten-free, halal) is met on evidence only, never filled in
    unmet = [d for d in searched.strict if not any(d in h.place.traits for h in found.hits)]
    if found.hits and unmet:
        named = [DIETS[d].label for d in unmet]
        message = phrasing.unmet_need_message(
            unmet, decomposition.filters.city, decomposition.assumptions
        )
        look = "Look in another city?"
        scope = filters.model_copy(update={"kinds": sorted({*filters.kinds, *STATED_DIET_KINDS})})
        if away := await nearest_city_with(turn.search, turn.places.db, scope, query_words, unmet):
            message = (
                f"{message} {away.sentence(f'places that show {phrasing.listed(named)} food')}"
            )
            look = away.suggestion()
        questions = [look, f"Search without {phrasing.listed(named)}?"]
        yield text_answer(turn, f"{message} {thin}".strip(), questions, hard, relaxed)
        return
    found = found.model_copy(
        update={"hits": [h for h in found.hits if not strict_unheld(h, searched.strict)]}
    )
    # a word only a place's name holds is no evidence ("watch" of First Watch); "cuban
    # sandwich" is answered by Cuban kitchens, not by sandwich shops without Cuban food
    cuisines = dish_cuisines(turn.request.message, decomposition.filters.categories)
    proof = await name_evidence(
        turn.places.db, found.hits[: EVALUATE_TOP * 2], cuisines, text_query
    )
    foods = [f for f in (food_said(decomposition), *searched.filed_as) if f]
    unsaid = await food_unmentioned(turn.places.db, found.hits, searched.filed, foods)
    if proof.lacking or unsaid:
        gone = proof.lacking | unsaid  # a salad chain filed under "ice cream & frozen yogurt"
        found = found.model_copy(update={"hits": [h for h in found.hits if h.place.id not in gone]})
    if not found.hits:
        message = (
            phrasing.no_more_message(request_text, len(skip))
            if skip and traced.result.hits
            else phrasing.no_results_message(request_text, relaxed, decomposition.assumptions)
        )
        message = f"{message} {thin}".strip()
        yield text_answer(turn, message, phrasing.widen_questions(filters), hard, relaxed)
        return

    yield Thinking(step="evaluating", message="Scoring romance, quiet, food, vegan options, value")
    yield Thinking(step="checking_allergies", message="Checking every place against your allergies")
    traits_asked = [*diets, *occasions]
    evaluated = await evaluate_places(
        turn.places, turn.chain, record, found.hits[:EVALUATE_TOP], profile, hard,
        decomposition, traits_asked,
    )  # fmt: skip
    scored, records, quoting = evaluated.scored, evaluated.records, evaluated.quoting
    assessed, flagged_ids, requested = (
        evaluated.assessed,
        evaluated.flagged_ids,
        evaluated.requested,
    )
    # a place showing food free of an allergen it holds (gluten-free at an Italian place for a
    # coeliac) before one that shows none: the person can eat there
    lacking = frozenset(r.id for r in scored if lacks_free_from(
        records[r.id].place.traits, [w.allergen for w in r.allergy_warnings]
    ))  # fmt: skip
    ordered = answer_order(
        scored, decomposition, filters, relaxed, searched.exact, searched.nearest,
        proof.unproven, bool(BRANCHES_ASKED.search(turn.request.message)), lacking,
    )  # fmt: skip
    order, named, found_names = ordered.order, ordered.named, ordered.found_names
    only_named = ordered.only_named
    if all_unsafe:  # an alternative to a kind left out for an allergy: no known risk only
        order = [i for i in order if assessed[scored[i].id].is_safe]
        if not order:
            message = phrasing.all_unsafe_message(wanted, hard, relaxed, decomposition.assumptions)
            questions = ["Try another cuisine?", "Look in another area?"]
            yield text_answer(turn, message, questions, hard, relaxed)
            return
    # quotes for the places shown only: choosing one is the costliest part of evaluating ten
    chosen = [
        with_quote(scored[i], records[scored[i].id], traits_asked, quoting[scored[i].id]())
        for i in order[:ANSWER_TOP]
    ]
    if unknown := [n for n in named if n not in found_names]:
        titles = phrasing.listed([n.title() for n in unknown], "or")
        rest = "" if only_named else ", so these are the closest matches"
        decomposition = decomposition.model_copy(update={"assumptions": [
            *decomposition.assumptions, f"I don't know a place called {titles} here{rest}.",
        ]})  # fmt: skip

    best_reviews = await turn.search.best_reviews(chosen)
    chosen = [r.model_copy(update={"hours_note": hours_notes.get(r.id)}) for r in chosen]
    # no known conflict first, then by severity with anaphylactic last, ties in rank order
    chosen.sort(key=lambda r: risk(assessed[r.id]))
    safe = [r for r in chosen if r.id not in flagged_ids]
    flagged = [r for r in chosen if r.id in flagged_ids]
    ui_type = decomposition.ui_preference
    if ui_type == "text":
        ui_type = "restaurant_list"
    cited = [rid for r in safe + flagged if r.summary for rid in r.summary.review_ids]
    # a place is called what it shows evidence of: a diet or occasion not every shown place
    # holds leaves the count's description ("Here are 5 kosher places" held by none of them);
    # a diet no evidence is derived for ("pescatarian") is held by none
    holders = {t: sum(1 for r in safe if any(n.trait == t for n in r.evidence))
               for t in [*decomposition.dietary, *occasions]}  # fmt: skip
    unheld = {t for t, n in holders.items() if safe and n < len(safe)}
    if unheld:
        request_text = described([w for w in asked if w not in unheld])
    if only_named:
        request_text = "places named " + phrasing.listed([n.title() for n in found_names])
    assumptions = list(decomposition.assumptions)
    if (dish := food_said(decomposition)) and not phrasing.holds_dish(dish, safe + flagged):
        # "seafood boil" met by seafood places that never name one: called what they are
        holding = phrasing.categories_held(decomposition.filters.categories, safe + flagged)
        one = holding if len(holding) == 1 else []
        request_text = described([w for w in asked if w not in unheld], one)
        assumptions.append(phrasing.dish_not_found(dish, decomposition.filters.city, holding))
    if all_unsafe and safe + flagged:
        # the asked kind was left out whole for an allergy: the nearest kinds instead, said
        kinds = phrasing.categories_held(searched.nearest, safe + flagged)
        assumptions.append(phrasing.all_unsafe_alternatives(
            wanted, hard, [request_words.category_name(k) for k in kinds]
        ))  # fmt: skip
        request_text = described([w for w in asked if w not in unheld], [])
    elif said := nearest_kind_said(searched, described([]), safe + flagged):
        assumptions.append(said)  # "the first 2 are dim sum places; the others are Chinese"
        request_text = described([w for w in asked if w not in unheld], [])
    if kinds := phrasing.categories_held(searched.served_by, safe + flagged):
        names = phrasing.listed([request_words.category_name(k) for k in kinds], "or")
        assumptions.append(f"For {phrasing.listed(searched.diets)}: {names} places, where it "
                           "is easy to keep.")  # fmt: skip
    if said := towns_said(filters.city, towns, safe + flagged):
        assumptions.append(said)  # "London itself holds few…: Ealing and Twickenham"
    if unmatched := unmatched_words(decomposition, safe + flagged):
        assumptions.append(phrasing.nothing_mentions(unmatched, decomposition.filters.city))
    elif found_for := chat_rules.found_for(decomposition, safe):
        request_text += f" for {for_words(found_for)}"
    said_relaxed = relaxed
    if (compared := decomposition.price_comparison) and "price tiers" in relaxed and safe:
        # nothing in the tiers asked: the same range again, said as what it is
        said_relaxed = [r for r in relaxed if r != "price tiers"]
        assumptions.append(
            f"Nothing {compared} than the places I showed matches the rest of your request, so "
            "these are in the same price range."
        )
    elif "price tiers" in relaxed and safe:
        said_relaxed = [r for r in relaxed if r != "price tiers"]
        assumptions.append(phrasing.price_widened(
            decomposition.filters.price_tiers, [r.price_tier for r in safe], filters.city
        ))  # fmt: skip
    # each card's why: what was asked that it holds, and the review sentence showing it
    asked_here = asked_phrases(text_query, decomposition.matched)
    safe = [card_why(r, asked_here, best_reviews.get(r.id)) for r in safe]
    flagged = [card_why(r, asked_here, best_reviews.get(r.id)) for r in flagged]
    at_risk = [(records[r.id].place.traits, [w.allergen for w in r.allergy_warnings])
               for r in safe + flagged]  # fmt: skip
    message = phrasing.answer_message(
        request=f"more {request_text}" if skip else request_text,
        safe=safe,
        flagged=flagged,
        hard_excluded=hard,
        relaxed=said_relaxed,
        assumptions=assumptions,
        short=[t for t in traced.short if 0 < holders.get(t, 1) < len(safe) and t not in welcome],
        few=[t for t in traced.short if safe and holders.get(t, 0) == len(safe)],
        missing=[t for t, n in holders.items() if safe and n == 0 and t not in welcome],
        requested=sorted(requested),
        contradicted_below=evaluation.CONTRADICTED_BELOW,
        kept_free=free_kept(hard, profile, at_risk),
    )
    if not turn.chain.is_offline:
        phrased = await model_tasks.phrase(turn.chain, message, safe + flagged, profile)
        record.fallbacks.extend(phrased.fallbacks)
        message = phrased.value.message
    yield finish(
        turn,
        GenerativeUIPayload(
            ui_type=ui_type,
            message=message,
            restaurants=safe,
            flagged_restaurants=flagged,
            has_allergy_warnings=any(r.allergy_warnings for r in safe + flagged),
            hard_excluded_allergens=hard,  # kept out, save what free-from evidence eased
            relaxed_filters=relaxed,
            assumptions=assumptions,
            cited_review_ids=cited,
        ),
    )
