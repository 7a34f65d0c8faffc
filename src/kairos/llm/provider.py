"""The provider interface: one method that turns chat messages into a JSON string.

Capabilities are class attributes, so the registry and the chain can read them before a provider
is built or called (does it need a key? can it follow a JSON schema? can it read images?).
"""

from __future__ import annotations

from typing import Any, ClassVar, Protocol, runtime_checkable

from kairos.errors import ProviderError

Message = dict[str, str]


class DeferToOffline(ProviderError):
    """Raised by a provider that never answers itself: the chain goes straight on to the next
    provider, or to the deterministic path, and records no fallback (nothing failed)."""


@runtime_checkable
class LLMProvider(Protocol):
    name: str
    """Provider and model (`openai:gpt-4o-mini`): what `Generated.source` and fallbacks report."""

    needs_key: ClassVar[bool]
    """Building it without `KAIROS_LLM_API_KEY` is a configuration error."""

    supports_schema: ClassVar[bool]
    """It can be asked to follow a JSON schema (structured output), not only to emit JSON."""

    supports_images: ClassVar[bool]
    """It accepts image parts in messages (for the meals product's photos); no caller sends
    images yet, so the interface's `Message` is still text-only."""

    defers_to_offline: ClassVar[bool]
    """It never answers itself (the `offline` provider): a chain of only such providers is
    offline, and callers skip building prompts."""

    async def complete_json(
        self, messages: list[Message], *, schema: dict[str, Any], schema_name: str, timeout: float
    ) -> str:
        """Return the model's raw text, which should be one JSON document matching `schema`.

        Raises `ProviderError` for transport failures, timeouts and refusals (`DeferToOffline`
        when the provider leaves the answer to the deterministic path)."""
        ...

    async def aclose(self) -> None:
        """Release connections; the provider is not used afterwards."""
        ...
