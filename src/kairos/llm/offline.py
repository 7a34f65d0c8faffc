"""The `offline` language-model provider: it never answers, so every task takes its deterministic
path. It exists so that `KAIROS_LLM_PROVIDER=offline` names a real provider in the registry, built
and checked by the same code as any hosted one, instead of being a special case in the factory."""

from __future__ import annotations

from typing import Any, ClassVar

from kairos.llm.provider import DeferToOffline, Message


class OfflineProvider:
    """Defers every call to the caller's deterministic answer; needs no key and no network."""

    needs_key: ClassVar[bool] = False
    supports_schema: ClassVar[bool] = True  # the deterministic path builds the schema's type itself
    supports_images: ClassVar[bool] = False
    defers_to_offline: ClassVar[bool] = True

    name = "offline"

    async def complete_json(
        self, messages: list[Message], *, schema: dict[str, Any], schema_name: str, timeout: float
    ) -> str:
        raise DeferToOffline(f"{schema_name}: the offline provider leaves it to the rules")

    async def aclose(self) -> None:
        return None
