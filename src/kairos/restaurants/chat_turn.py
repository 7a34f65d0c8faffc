"""What one restaurant chat turn carries (`ChatTurn`: the user, the request, the steps' tools;
`ChatState`: what the turn decided) and how a turn ends: the payload stamped with the turn and
session, and the facts the turn record keeps about it."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import datetime

from kairos.llm.chain import ModelChain
from kairos.pipeline.events import Result
from kairos.pipeline.turn import TurnRecord
from kairos.profiles.schemas import UserPublic
from kairos.restaurants.feed import Located
from kairos.restaurants.schemas import ChatRequest, GenerativeUIPayload
from kairos.restaurants.schemas_decomposition import Decomposition
from kairos.restaurants.searching import CachedSearch
from kairos.restaurants.understand import Understand
from kairos.restaurants.where import Coverage
from kairos.store.places import PlacesRepository

__all__ = ["ChatState", "ChatTurn", "finish", "history_of", "text_answer"]


@dataclass
class ChatState:
    """What this turn decided, for the conversation state and the turn record."""

    previous: Decomposition | None = None
    """The conversation's last request, from stored state (None: read the client's history)."""
    pending: str | None = None
    resumed: bool = False
    decomposition: Decomposition | None = None
    payload: GenerativeUIPayload | None = None


@dataclass
class ChatTurn:
    """Everything one turn's steps use."""

    user: UserPublic
    request: ChatRequest
    session_id: str
    record: TurnRecord
    understand: Understand
    search: CachedSearch
    places: PlacesRepository
    chain: ModelChain
    locate: Callable[[], Awaitable[Located]]
    """Where the person is when the message does not say: the profile's home city, else the
    city of their recent requests (the feed's own reading)."""
    coverage: Callable[[], Awaitable[Coverage]]
    """The cities holding places to eat."""
    now: Callable[[], datetime]
    """The time "open now" is read at (the runtime's clock)."""
    state: ChatState = field(default_factory=ChatState)


def history_of(request: ChatRequest) -> tuple[list[str], str | None]:
    history = [m.content for m in request.conversation_history if m.role == "user"]
    last = next(
        (m.content for m in reversed(request.conversation_history) if m.role == "assistant"), None
    )
    return history, last if last and last.strip().endswith("?") else None


def finish(turn: ChatTurn, payload: GenerativeUIPayload) -> Result:
    payload.turn_id = turn.record.turn_id
    payload.session_id = turn.session_id
    turn.state.payload = payload
    turn.record.facts.update(
        ui_type=payload.ui_type,
        restaurants=len(payload.restaurants),
        flagged=len(payload.flagged_restaurants),
        clarified=bool(payload.follow_up_questions),
    )
    return Result(payload=payload)


def text_answer(
    turn: ChatTurn, message: str, questions: list[str], hard: list[str], relaxed: list[str]
) -> Result:
    """An answer in words only, with what to ask next."""
    payload = GenerativeUIPayload(
        ui_type="text", message=message, follow_up_questions=questions,
        hard_excluded_allergens=hard, relaxed_filters=relaxed,
    )  # fmt: skip
    return finish(turn, payload)
