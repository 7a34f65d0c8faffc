"""The meal coach (seed 001), wired onto the runtime: the recipes repository, the meal store,
the vision provider, the coach, feedback and learning. Turns run through the shared
`TurnRunner` (errors, one turn record, no traceback to the client)."""

from __future__ import annotations

import asyncio
import logging
import uuid
from collections.abc import Sequence

from kairos.errors import NotFound
from kairos.llm.vision import VisionProvider, build_vision
from kairos.meals import learning
from kairos.meals.coach import Coach, CoachTurn
from kairos.meals.dish_search import CachedRecipeRepository
from kairos.meals.photos import CheckedImage
from kairos.meals.phrasing import Phrasing
from kairos.meals.schemas import (
    CoachAnswer,
    CoachRequest,
    Fact,
    FactsPayload,
    FeedbackRequest,
    FeedbackResult,
    HistoryItem,
    HistoryPayload,
    SelectRequest,
)
from kairos.pipeline.turn import TurnRecord, TurnRunner
from kairos.profiles.cook import CookProfile, CookUpdate
from kairos.profiles.schemas import UserPublic
from kairos.runtime import Runtime
from kairos.store.meals import MealStore

__all__ = ["MealsProduct"]

logger = logging.getLogger(__name__)


class MealsProduct:
    name = "meals"

    def __init__(self, runtime: Runtime, vision: VisionProvider | None = None) -> None:
        self.runtime = runtime
        self.store = MealStore(runtime.db)
        self.recipes = CachedRecipeRepository(runtime.db, runtime.embedder)
        self.vision = vision or build_vision(runtime.settings)
        self.coach = Coach(
            settings=runtime.settings, store=self.store, recipes=self.recipes,
            embedder=runtime.embedder, vision=self.vision, phrasing=Phrasing(runtime.chain),
        )  # fmt: skip
        self.turns: TurnRunner[CoachAnswer] = TurnRunner(
            outage=runtime.outage.failed, spawn=runtime.spawn
        )

    async def warm(self) -> None:
        """Expired sessions go at start-up (they are ignored after 24 h in any case); the
        recipes are read into memory in the background."""
        swept = await self.store.sweep_sessions()
        if swept:
            logger.info("meal sessions: %d expired swept", swept)
        self.runtime.spawn(self._warm_recipes(), name="meals-warm-recipes")

    async def _warm_recipes(self) -> None:
        count = await self.recipes.warm()
        logger.info("meal coach: %d recipes in memory", count)

    async def on_profile_changed(self, uid: uuid.UUID, deleted: bool) -> None:
        return None  # nothing cached per user: every request reads the current profile

    async def close(self) -> None:
        await self.vision.aclose()

    def _record(self, user: UserPublic, session_id: uuid.UUID) -> TurnRecord:
        return TurnRecord(product=self.name, user=str(user.uid), session_id=str(session_id))

    async def coach_turn(
        self, user: UserPublic, body: CoachRequest, images: Sequence[CheckedImage] = ()
    ) -> CoachAnswer:
        turn = CoachTurn(user=user, session_id=body.session_id or uuid.uuid4())
        record = self._record(user, turn.session_id)
        record.facts = turn.facts
        return await self.turns.answer(record, self.coach.coach(turn, body, images))

    async def select(
        self, user: UserPublic, session_id: uuid.UUID, body: SelectRequest
    ) -> CoachAnswer:
        turn = CoachTurn(user=user, session_id=session_id)
        record = self._record(user, session_id)
        record.facts = turn.facts
        return await self.turns.answer(record, self.coach.select(turn, body))

    async def update_cook(self, user: UserPublic, patch: CookUpdate) -> CookProfile:
        return (await self.runtime.profiles.update_cook(user.uid, patch)).cook

    async def feedback(
        self, user: UserPublic, meal_id: uuid.UUID, body: FeedbackRequest
    ) -> FeedbackResult:
        meal = await self.store.meal(user.uid, meal_id)
        if meal is None:
            raise NotFound(f"no meal {meal_id} for this user; use a meal_id from a recipe answer")
        learnt = learning.learn(
            title=meal.title, meal_tags=meal.tags, liked=body.liked,
            cooked_again=body.cooked_again, tags=body.tags, notes=body.notes,
        )  # fmt: skip
        vectors = await asyncio.to_thread(self.runtime.embedder.embed, learnt.memories)
        await self.store.save_outcome(
            uid=user.uid, meal_id=meal_id, liked=body.liked, cooked_again=body.cooked_again,
            tags=body.tags, notes=body.notes, facts=learnt.facts,
            memories=list(zip(learnt.memories, vectors, strict=True)),
        )  # fmt: skip
        added = [d for d in learnt.dislikes if d not in user.cook.dislikes]
        if added:

            def add_dislikes(current: UserPublic) -> CookProfile:
                cook = current.cook
                return cook.model_copy(
                    update={"dislikes": list(dict.fromkeys([*cook.dislikes, *added]))}
                )

            await self.runtime.profiles.edit_cook(user.uid, add_dislikes)
        said = learning.allergies_in(body.notes)
        note = (
            f"Allergies are not changed from feedback, so {' and '.join(said)} is not kept out "
            "yet: add it to your allergies (Profile → Allergies, or PATCH "
            f"/users/{user.uid}/allergies) and every meal will keep it out."
            if said
            else None
        )
        return FeedbackResult(
            meal_id=meal_id, facts_changed=learnt.facts, dislikes_added=added,
            memories_added=learnt.memories, allergy_note=note,
        )  # fmt: skip

    async def history(self, user: UserPublic, *, limit: int) -> HistoryPayload:
        meals = await self.store.history(user.uid, limit=limit)
        items = []
        for meal in meals:
            last = meal.outcomes[-1] if meal.outcomes else None
            items.append(HistoryItem(
                meal_id=meal.id, title=meal.title, recipe_id=meal.recipe_id, tags=meal.tags,
                created_at=meal.created_at, liked=last.liked if last else None,
                cooked_again=any(o.cooked_again for o in meal.outcomes),
                feedback_count=len(meal.outcomes),
            ))  # fmt: skip
        return HistoryPayload(data=items, count=len(items))

    async def facts(self, user: UserPublic, *, limit: int) -> FactsPayload:
        facts = await self.store.facts(user.uid, limit=limit)
        return FactsPayload(
            data=[Fact(key=k, strength=round(v, 3)) for k, v in facts],
            dislikes=list(user.cook.dislikes),
            count=len(facts),
        )
