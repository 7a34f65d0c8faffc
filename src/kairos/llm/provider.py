"""The provider interface: one method that turns chat messages into a JSON string."""

from __future__ import annotations

from typing import Any, Protocol

Message = dict[str, str]


class LLMProvider(Protocol):
    name: str
    needs_key: bool
    supports_schema: bool

    async def complete_json(
        self, messages: list[Message], *, schema: dict[str, Any], schema_name: str, timeout: float
    ) -> str:
        """Return the model's raw text, which should be one JSON document matching `schema`.

        Raises `ProviderError` for transport failures, timeouts and refusals."""
        ...
