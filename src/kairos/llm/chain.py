"""primary → fallback → offline. Output is validated against a pydantic schema; invalid output
gets one repair call; when every model fails, the deterministic offline answer is used.

The chain owns the offline fallback: providers only answer or raise. The registered `offline`
provider raises `DeferToOffline`, which moves on without counting as a failure."""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from pydantic import BaseModel, ValidationError

from kairos.errors import ProviderError
from kairos.llm.provider import DeferToOffline, LLMProvider, Message

logger = logging.getLogger(__name__)

T = TypeVar("T", bound=BaseModel)
_FENCE = re.compile(r"^\s*```(?:json)?\s*|\s*```\s*$")


@dataclass
class Generated(Generic[T]):
    value: T
    source: str
    fallbacks: list[str] = field(default_factory=list)


def parse_output(raw: str, output_type: type[T], check: Callable[[T], None] | None = None) -> T:
    """Schema first, then the caller's grounding check (ids that exist, names that were given)."""
    value = output_type.model_validate(json.loads(_FENCE.sub("", raw)))
    if check is not None:
        check(value)
    return value


@dataclass
class ModelChain:
    providers: list[tuple[LLMProvider, float]]  # (provider, timeout seconds), in order

    @property
    def is_offline(self) -> bool:
        """No stage can answer: callers skip building prompts and run their rules directly."""
        return all(getattr(p, "defers_to_offline", False) for p, _ in self.providers)

    async def aclose(self) -> None:
        """Release the providers' connections (at shutdown)."""
        for provider, _ in self.providers:
            close = getattr(provider, "aclose", None)
            if close is not None:
                await close()

    async def generate(
        self,
        task: str,
        messages: list[Message],
        output_type: type[T],
        offline: Callable[[], T],
        check: Callable[[T], None] | None = None,
    ) -> Generated[T]:
        fallbacks: list[str] = []
        schema = output_type.model_json_schema()
        for provider, timeout in self.providers:
            try:
                raw = await provider.complete_json(
                    messages, schema=schema, schema_name=task, timeout=timeout
                )
                try:
                    return Generated(
                        parse_output(raw, output_type, check), provider.name, fallbacks
                    )
                except (ValueError, ValidationError) as first_error:
                    repair = [
                        *messages,
                        {"role": "assistant", "content": raw},
                        {
                            "role": "user",
                            "content": "That output is invalid: "
                            f"{str(first_error)[:800]}. Answer again with only valid JSON "
                            "matching the schema. No markdown fences. No preamble.",
                        },
                    ]
                    raw = await provider.complete_json(
                        repair, schema=schema, schema_name=task, timeout=timeout
                    )
                    value = parse_output(raw, output_type, check)
                    return Generated(
                        value, provider.name, [*fallbacks, f"{provider.name}:repaired"]
                    )
            except DeferToOffline:
                continue
            except (ProviderError, ValueError, ValidationError) as exc:
                logger.warning("%s via %s failed: %s", task, provider.name, exc)
                fallbacks.append(f"{provider.name}:{type(exc).__name__}")
        return Generated(offline(), "offline", fallbacks)
