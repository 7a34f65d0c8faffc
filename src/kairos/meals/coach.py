"""The orchestrator (seed 001): deterministic code that keeps the session's state, builds the
context, runs the fixed steps and persists what is useful. Not a model.

`POST /meals/coach`: photos stored → vision (or the question) → understanding → suggestions
(grounded in real recipes, gated) → state saved → the answer. `select`: the chosen suggestion
adapted again to the current profile → the meal saved → the recipe.
"""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from kairos.errors import InvalidInput, NotFound
from kairos.llm.vision import CONFIDENCE_THRESHOLD, VisionProvider, read_images
from kairos.meals import followup
from kairos.meals.additions import added_to, addition_note, asked_additions, holding_first
from kairos.meals.adjust import Adjustment, adjust_recipe, changes_in, read_adjustment
from kairos.meals.alternatives import left_out_note, merged, safe_alternatives
from kairos.meals.context import TOP_FACTS, TOP_MEMORIES, Context, build_constraints
from kairos.meals.dish_knowledge import known_dish
from kairos.meals.dish_search import CachedRecipeRepository, Candidate
from kairos.meals.followup import KEPT, kept_suggestion
from kairos.meals.healthier import meal_message
from kairos.meals.lighter import with_lighter_method
from kairos.meals.open_ask import OPEN_QUERIES, balanced_dinners, open_message
from kairos.meals.pantry_words import pantry_message
from kairos.meals.photos import CheckedImage, store_image
from kairos.meals.phrasing import Phrasing
from kairos.meals.recipe_output import adapted_for, meal_recipe
from kairos.meals.schemas import CoachAnswer, CoachRequest, SelectRequest
from kairos.meals.suggest import (
    PANTRY_SUGGESTIONS,
    meal_suggestions,
    near_in_kind,
    pantry_suggestions,
)
from kairos.meals.understanding import MealInput, read_message
from kairos.pipeline.events import Result, TurnEvent
from kairos.profiles.schemas import UserPublic
from kairos.recipes.course import part_of_a_dish
from kairos.settings import Settings
from kairos.store.meals import MealStore, StoredSession
from kairos.text.embeddings import EmbeddingProvider

__all__ = ["Coach", "CoachTurn"]

DISH_SIMILARITY = 0.55
"""Below this cosine, with no title naming it, Kairos has no recipe of the dish."""
NEAREST_DISH = 0.35
"""A dish Kairos has no recipe of: the recipes this close are offered as the nearest real
dishes, said to be so; below it, Kairos asks what the dish is."""


@dataclass
class CoachTurn:
    user: UserPublic
    session_id: uuid.UUID
    facts: dict[str, Any] = field(default_factory=dict)


class Coach:
    def __init__(
        self,
        *,
        settings: Settings,
        store: MealStore,
        recipes: CachedRecipeRepository,
        embedder: EmbeddingProvider,
        vision: VisionProvider,
        phrasing: Phrasing,
    ) -> None:
        self.settings = settings
        self.store = store
        self.recipes = recipes
        self.embedder = embedder
        self.vision = vision
        self.phrasing = phrasing

    # POST /meals/coach ----------------------------------------------------------------------

    async def coach(
        self, turn: CoachTurn, body: CoachRequest, images: Sequence[CheckedImage]
    ) -> AsyncIterator[TurnEvent]:
        user = turn.user
        stored = await self._session(user, body.session_id) if body.session_id else None
        hashes = [image.content_hash for image in images]
        for image in images:
            await store_image(self.settings.data_dir, image)
            await self.store.save_image(
                uid=user.uid, content_hash=image.content_hash, media_type=image.media_type,
                size=len(image.data), session_id=turn.session_id,
            )  # fmt: skip
        adjustment = read_adjustment(body.text) if stored and stored.step == "done" else None
        if stored is not None and adjustment is not None and not images:
            yield Result(payload=await self._adjust(turn, stored, adjustment))
            return
        if stored is not None and stored.step == "awaiting_followup":
            state = stored.state
            hashes = list(dict.fromkeys([*state.get("images", []), *hashes]))
            request = followup.answer(state.get("pending", "what"), {**state, "images": hashes},
                                      body.text)  # fmt: skip
        elif images:
            text_reading = read_message(body.text)
            avoid = [*user.allergies.allergens, *user.cook.dislikes]
            vision = await read_images(
                self.vision, [i.part for i in images], text=body.text, avoid=avoid,
                timeout=self.settings.vision_timeout_seconds,
            )  # fmt: skip
            turn.facts["vision"] = "none" if vision is None else vision.kind
            request = followup.from_photo(text_reading, vision, CONFIDENCE_THRESHOLD)
        else:
            request = read_message(body.text)  # nothing said: the coach asks what to cook
        if body.household is not None:
            request = request.model_copy(update={"household": body.household})
        if changes_in(body.text):
            request = request.model_copy(update={"changes": list(changes_in(body.text))})
        turn.facts["input_kind"] = request.kind
        pending = followup.pending_for(request, photo=bool(hashes))
        if pending is not None:
            yield Result(payload=await self._ask(turn, request, pending, hashes))
            return
        context = await self._context(user, request)
        answer = await self._suggest(turn, context, hashes)
        yield Result(payload=answer)

    async def _dish_candidates(self, dish: str, context: Context) -> list[Candidate]:
        """The dish's candidates, without the sauces, seasonings and drinks the dish does not
        name ("Pad Thai Sauce" is not a pad thai)."""
        found = await self.recipes.dish_candidates(
            dish, constraints=context.constraints, quick=context.request.quick
        )
        return [c for c in found if not part_of_a_dish(c[0].title, dish)]

    async def _session(self, user: UserPublic, session_id: uuid.UUID) -> StoredSession:
        stored = await self.store.load_session(user.uid, session_id)
        if stored is None:
            raise NotFound(
                f"no meal session {session_id} for this user (sessions last 24 hours); omit "
                "session_id to start a new one"
            )
        return stored

    async def _ask(
        self,
        turn: CoachTurn,
        request: MealInput,
        pending: followup.Pending,
        hashes: list[str],
        *,
        name: str | None = None,
        message: str | None = None,
    ) -> CoachAnswer:
        state = {"pending": pending, "images": hashes,
                 "request": request.model_dump(include=KEPT, mode="json")}  # fmt: skip
        await self.store.save_session(turn.user.uid, turn.session_id, "awaiting_followup", state)
        question = followup.question_for(pending, name=name)
        return CoachAnswer(
            ui_type="follow_up", session_id=turn.session_id, step="awaiting_followup",
            input_kind=request.kind, message=message or question.question, follow_up=question,
            images=hashes,
        )  # fmt: skip

    async def _context(self, user: UserPublic, request: MealInput, *, soft: bool = True) -> Context:
        """The hard constraints, and (`soft`) the facts and memories that rank suggestions."""
        household = request.household and bool(user.cook.household)
        context = Context(
            user=user, request=request, household=household,
            constraints=build_constraints(user, request, household=household),
        )  # fmt: skip
        if not soft:
            return context
        context.facts, has_memories = await self.store.soft_context(user.uid, limit=TOP_FACTS)
        if has_memories:
            query = request.meal_name or ", ".join(request.ingredients) or request.open_meal or ""
            vector = await asyncio.to_thread(self.embedder.embed_one, query)
            found = await self.store.memories(user.uid, vector, k=TOP_MEMORIES)
            context.memories = [m.text for m in found]
        return context

    async def _suggest(self, turn: CoachTurn, context: Context, hashes: list[str]) -> CoachAnswer:
        request = context.request
        nearest = refused_all = False
        candidates: list[Candidate] = []
        if request.meal_name:
            dish, notes = await self.recipes.read_dish(request.meal_name)
            added = asked_additions(request.meal_name, request.meal_head)
            request = context.request = request.model_copy(update={"added": added})
            if notes:
                update = {"meal_name": dish, "read": [*request.read, *notes]}
                request = context.request = request.model_copy(update=update)
            candidates = await self._dish_candidates(dish, context)
            if request.meal_head and not any(titled for _, _, titled in candidates):
                head, _ = await self.recipes.read_dish(request.meal_head)
                by_head = await self._dish_candidates(head, context)
                if any(titled for _, _, titled in by_head):
                    read = f"no recipe names all of '{dish}': recipes of {head}"
                    dish, candidates = head, by_head
                    update = {"meal_name": dish, "read": [*request.read, read]}
                    request = context.request = request.model_copy(update=update)
            known = known_dish(dish)
            if known is not None and known.name != dish and not any(t for *_, t in candidates):
                by_name = await self._dish_candidates(known.name, context)
                if any(titled for _, _, titled in by_name):
                    read = f"no recipe names all of '{dish}': recipes of {known.name}"
                    dish, candidates = known.name, by_name
                    update = {"meal_name": dish, "read": [*request.read, read]}
                    request = context.request = request.model_copy(update=update)
            if not any(
                titled or (score >= DISH_SIMILARITY and near_in_kind(recipe, dish))
                for recipe, score, titled in candidates
            ):
                if known is not None:  # what it is, in words the catalogue's recipes use
                    candidates = merged(
                        candidates, await self._dish_candidates(known.query, context)
                    )
                nearest = known is not None or any(
                    score >= NEAREST_DISH for _, score, _ in candidates
                )
                if not nearest:
                    return await self._ask(
                        turn, request.model_copy(update={"kind": "unknown"}), "what", hashes,
                        name=request.meal_name,
                    )  # fmt: skip
            candidates = holding_first(candidates, request.added)  # its own chicken, if any
            suggestions, not_offered = meal_suggestions(candidates, context, dish, nearest=nearest)
            what = f"versions of {dish}"
            if not suggestions and not_offered:  # an allergy refused them all: safe dishes near
                suggestions = await safe_alternatives(
                    dish, candidates, context, self._dish_candidates
                )
                nearest = refused_all = bool(suggestions)
        elif request.open_meal:  # "something healthy for dinner": balanced dinners
            found = [c for query in OPEN_QUERIES
                     for c in await self._dish_candidates(query, context)]  # fmt: skip
            suggestions, not_offered = meal_suggestions(
                balanced_dinners(found, context), context, request.open_meal
            )
            what = f"balanced {request.open_meal}s"
        else:
            pantry = await self.recipes.from_pantry(
                request.ingredients, k=PANTRY_SUGGESTIONS, constraints=context.constraints,
                servings=context.servings,
            )  # fmt: skip
            suggestions, not_offered = pantry_suggestions(pantry, context, request.ingredients)
            what = "meals from your ingredients"
        suggestions = await self.phrasing.phrase(suggestions, context)
        suggestions, added_note = addition_note(suggestions, candidates, context)
        turn.facts["suggestions"] = len(suggestions)
        turn.facts["not_offered"] = len(not_offered)
        state = {
            "request": request.model_dump(include=KEPT | {"kind", "meal_name", "ingredients"},
                                          mode="json"),
            "images": hashes,
            "suggestions": [kept_suggestion(s) for s in suggestions],
        }  # fmt: skip
        await self.store.save_session(turn.user.uid, turn.session_id, "awaiting_selection", state)
        if suggestions and refused_all:
            message = (
                f"No recipe of {request.meal_name} can be made safe for "
                f"{', '.join(context.public().cooking_for)} (why below); safe dishes close to "
                "it instead: " + ", ".join(s.title for s in suggestions) + "."
            )
        elif suggestions and nearest:
            known = known_dish(request.meal_name or "")
            what_it_is = f" ({known.what})" if known else ""
            message = (
                f"Kairos has no recipe of {request.meal_name}{what_it_is}; the nearest real "
                "dishes it has: " + ", ".join(s.title for s in suggestions) + "."
            )  # fmt: skip
            message += left_out_note(request.meal_name, context.constraints)
        elif suggestions and request.open_meal:
            message = open_message([s.title for s in suggestions], context, request.open_meal)
        elif suggestions and request.ingredients and not request.meal_name:
            best = suggestions[0].pantry
            mains = best.main if best else []
            used = [food for s in suggestions if s.pantry for food in s.pantry.used]
            message = pantry_message(len(suggestions), mains, request.ingredients, used)
        elif suggestions:
            message = (
                meal_message(suggestions, request.meal_name)
                if request.meal_name
                else f"{len(suggestions)} {what}, from real recipes adapted to you."
            )
            message += left_out_note(request.meal_name, context.constraints)
        elif not_offered:
            message = (
                f"No {what}: the real recipes Kairos found cannot be made safe for "
                f"{', '.join(context.public().cooking_for)}. See why below."
            )
        else:
            message = f"No {what} fit your time, equipment and skill; try relaxing one."
        message += added_note if suggestions else ""
        return CoachAnswer(
            ui_type="suggestions", session_id=turn.session_id, step="awaiting_selection",
            input_kind=request.kind, message=message, suggestions=suggestions,
            not_offered=list(dict.fromkeys(not_offered))[:10], context=context.public(),
            images=hashes,
        )  # fmt: skip

    async def _adjust(
        self, turn: CoachTurn, stored: StoredSession, adjustment: Adjustment
    ) -> CoachAnswer:
        """ "Less spicy please" after a recipe was chosen: that recipe, adapted again with the
        new servings or units and every change asked in this session, saved as a new meal."""
        state = stored.state
        offered = {s["suggestion_id"]: s for s in state.get("suggestions", [])}
        chosen = offered[state["selected"]]
        request = MealInput.model_validate(state.get("request") or {"kind": "unknown"})
        update: dict[str, Any] = {}
        if adjustment.servings:
            update["servings"] = adjustment.servings
        if adjustment.units:
            update["units"] = adjustment.units
        request = request.model_copy(update=update)
        asked = [*request.changes, *state.get("changes", [])]
        earlier = [c for c in dict.fromkeys(asked) if c not in adjustment.changes]
        context = await self._context(turn.user, request, soft=False)
        recipe = await self.recipes.get(int(chosen["recipe_id"]))
        adapted, allergy = adapted_for(recipe, context)
        adapted, _ = adjust_recipe(adapted, tuple(earlier))
        adapted, said = adjust_recipe(adapted, adjustment.changes)
        adapted, allergy, added = added_to(adapted, allergy, context)
        said = " ".join(p for p in (said, added) if p)
        meal_id = uuid.uuid4()
        payload = meal_recipe(recipe, adapted, allergy, meal_id=meal_id,
                              suggestion_id=state["selected"])  # fmt: skip
        sized = []
        if adjustment.servings:
            sized.append(
                f"for {adjustment.servings}, its amounts and steps scaled"
                if adapted.servings
                else f"not scaled for {adjustment.servings}: the source does not say how many "
                "it serves"
            )
        if adjustment.units:
            sized.append(f"in {adjustment.units} units")
        message = " ".join(
            p for p in (f"{payload.title}, {', '.join(sized)}." if sized else "", said) if p
        )
        kept = {**state, "changes": [*earlier, *adjustment.changes],
                "request": request.model_dump(include=KEPT | {"kind", "meal_name", "ingredients"},
                                              mode="json")}  # fmt: skip
        await self.store.save_meal(
            meal_id=meal_id, uid=turn.user.uid, session_id=turn.session_id, recipe_id=recipe.id,
            title=payload.title, tags=payload.tags, suggestion=chosen,
            recipe=payload.model_dump(mode="json"), session_state=kept,
        )  # fmt: skip
        turn.facts["adjusted"] = ",".join(adjustment.changes) or "size"
        return CoachAnswer(
            ui_type="recipe", session_id=turn.session_id, step="done", input_kind=request.kind,
            message=message, recipe=payload, context=context.public(),
        )  # fmt: skip

    # POST /meals/coach/{session_id}/select --------------------------------------------------

    async def select(self, turn: CoachTurn, body: SelectRequest) -> AsyncIterator[TurnEvent]:
        stored = await self._session(turn.user, turn.session_id)
        offered = {s["suggestion_id"]: s for s in stored.state.get("suggestions", [])}
        if stored.step == "awaiting_followup" or not offered:
            raise InvalidInput(
                "this session has no suggestions to choose from yet; answer its question with "
                "POST /meals/coach first"
            )
        chosen = offered.get(body.suggestion_id)
        if chosen is None:
            raise InvalidInput(
                f"no suggestion {body.suggestion_id!r} in this session; choose one of "
                f"{', '.join(sorted(offered))}"
            )
        request = MealInput.model_validate(stored.state.get("request") or {"kind": "unknown"})
        context = await self._context(turn.user, request, soft=False)
        recipe = await self.recipes.get(int(chosen["recipe_id"]))
        adapted, allergy = adapted_for(recipe, context)
        adapted, said = adjust_recipe(adapted, request.changes)
        if request.lighter:  # "healthier fried chicken": the oven-fried way beside the recipe
            adapted = with_lighter_method(recipe, adapted, context.constraints.equipment)
        adapted, allergy, added = added_to(adapted, allergy, context)
        said = " ".join(p for p in (said, added) if p)
        meal_id = uuid.uuid4()
        payload = meal_recipe(
            recipe, adapted, allergy, meal_id=meal_id, suggestion_id=body.suggestion_id
        )
        await self.store.save_meal(
            meal_id=meal_id, uid=turn.user.uid, session_id=turn.session_id, recipe_id=recipe.id,
            title=payload.title, tags=payload.tags, suggestion=chosen,
            recipe=payload.model_dump(mode="json"),
            session_state={**stored.state, "selected": body.suggestion_id},
        )  # fmt: skip
        turn.facts["recipe_id"] = recipe.id
        turn.facts["substitutions"] = len(payload.substitutions)
        yield Result(payload=CoachAnswer(
            ui_type="recipe", session_id=turn.session_id, step="done", input_kind=request.kind,
            message=f"{payload.title}, adapted for {', '.join(context.public().cooking_for)}."
            + (f" {said}" if said else ""),
            recipe=payload, context=context.public(),
        ))  # fmt: skip
