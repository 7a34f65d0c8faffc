"""Providers by name: settings select them, misconfiguration fails at build time with the fix,
and a plug-in registers through the same call as the built-ins."""

from __future__ import annotations

import json
from typing import Any, ClassVar

import pytest
from pydantic import BaseModel, SecretStr

from kairos.errors import ConfigurationError
from kairos.llm import registry
from kairos.llm.factory import build_chain
from kairos.llm.offline import OfflineProvider
from kairos.llm.openai_compatible import OpenAICompatibleProvider
from kairos.llm.provider import Message
from kairos.llm.registry import ProviderConfig, available_providers, register_provider
from kairos.settings import Settings


class Verdict(BaseModel):
    cuisine: str


def _settings(**values: Any) -> Settings:
    return Settings(_env_file=None, **values)  # type: ignore[call-arg]


class EchoPlugin:
    """A plug-in provider: answers every task with the cuisine its config's model names."""

    needs_key: ClassVar[bool] = False
    supports_schema: ClassVar[bool] = False
    supports_images: ClassVar[bool] = False
    defers_to_offline: ClassVar[bool] = False

    def __init__(self, config: ProviderConfig) -> None:
        self.name = f"echo:{config.model}"
        self.model = config.model

    async def complete_json(
        self, messages: list[Message], *, schema: dict[str, Any], schema_name: str, timeout: float
    ) -> str:
        return json.dumps({"cuisine": self.model})

    async def aclose(self) -> None:
        return None


def test_builtins_are_registered() -> None:
    assert available_providers() == ["offline", "openai"]


async def test_default_settings_build_an_offline_chain() -> None:
    chain = build_chain(_settings())
    assert chain.is_offline
    assert [type(p) for p, _ in chain.providers] == [OfflineProvider, OfflineProvider]
    result = await chain.generate("t", [], Verdict, lambda: Verdict(cuisine="rules"))
    assert (result.value.cuisine, result.source, result.fallbacks) == ("rules", "offline", [])


def test_openai_primary_with_offline_fallback() -> None:
    settings = _settings(
        llm_provider="openai",
        llm_api_key=SecretStr("k"),
        llm_model="m",
        llm_timeout_seconds=7,
        llm_long_timeout_seconds=70,
    )
    chain = build_chain(settings)
    assert not chain.is_offline
    (primary, primary_timeout), (fallback, _) = chain.providers
    assert isinstance(primary, OpenAICompatibleProvider) and primary.name == "openai:m"
    assert primary_timeout == 7
    assert isinstance(fallback, OfflineProvider)


def test_offline_primary_still_reaches_a_hosted_fallback() -> None:
    settings = _settings(
        llm_fallback_provider="openai", llm_api_key=SecretStr("k"), llm_fallback_model="big"
    )
    chain = build_chain(settings)
    assert not chain.is_offline
    assert chain.providers[1][0].name == "openai:big"
    assert chain.providers[1][1] == settings.llm_long_timeout_seconds


def test_unknown_provider_names_the_setting_and_the_choices() -> None:
    with pytest.raises(ConfigurationError, match=r"KAIROS_LLM_PROVIDER to one of offline, openai"):
        build_chain(_settings(llm_provider="gemini-native"))
    with pytest.raises(ConfigurationError, match="KAIROS_LLM_FALLBACK_PROVIDER"):
        build_chain(_settings(llm_fallback_provider="nope"))


def test_a_provider_that_needs_a_key_says_where_to_put_it() -> None:
    with pytest.raises(ConfigurationError, match="set KAIROS_LLM_API_KEY") as caught:
        build_chain(_settings(llm_provider="openai"))
    assert "KAIROS_LLM_PROVIDER=openai" in caught.value.detail
    with pytest.raises(ConfigurationError, match="KAIROS_LLM_BASE_URL"):
        build_chain(_settings(llm_provider="openai", llm_api_key=SecretStr("k"), llm_base_url="x"))


async def test_a_plugin_registers_like_the_builtins(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(registry, "_REGISTRY", dict(registry._REGISTRY))
    register_provider("echo", EchoPlugin, EchoPlugin)
    assert available_providers() == ["echo", "offline", "openai"]
    chain = build_chain(_settings(llm_provider="echo", llm_model="lao"))
    result = await chain.generate("t", [], Verdict, lambda: Verdict(cuisine="rules"))
    assert (result.value.cuisine, result.source) == ("lao", "echo:lao")
    with pytest.raises(ValueError, match="lower-case"):
        register_provider("Echo ", EchoPlugin, EchoPlugin)
