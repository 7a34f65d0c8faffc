"""Settings: every variable is documented in .env.example, and unsafe values are refused."""

from __future__ import annotations

import re

import pytest
from pydantic import ValidationError

from kairos.settings import Settings
from tests.conftest import REPO

STRONG_TOKEN = "0123456789abcdef0123456789abcdef"


def test_env_example_lists_every_setting() -> None:
    documented = set(re.findall(r"^(KAIROS_[A-Z_]+)=", (REPO / ".env.example").read_text(), re.M))
    expected = {f"KAIROS_{name.upper()}" for name in Settings.model_fields}
    assert documented == expected


def test_production_refuses_the_default_service_token() -> None:
    with pytest.raises(ValidationError, match="KAIROS_SERVICE_TOKEN"):
        Settings(env="production", _env_file=None)  # type: ignore[call-arg]
    ok = Settings(env="production", service_token=STRONG_TOKEN, _env_file=None)  # type: ignore[arg-type, call-arg]
    assert not ok.demo_session_enabled


def test_production_refuses_short_service_tokens() -> None:
    for weak in ("x", "a-long-random-secret", STRONG_TOKEN[:31], f"  {STRONG_TOKEN[:31]}  "):
        with pytest.raises(ValidationError, match="at least 32"):
            Settings(env="production", service_token=weak, _env_file=None)  # type: ignore[arg-type, call-arg]
    assert Settings(env="development", service_token="x", _env_file=None)  # type: ignore[arg-type, call-arg]


def test_docs_are_off_in_production_unless_enabled() -> None:
    assert Settings(_env_file=None).docs_enabled  # type: ignore[call-arg]
    production = {"env": "production", "service_token": STRONG_TOKEN, "_env_file": None}
    assert not Settings(**production).docs_enabled  # type: ignore[arg-type]
    assert Settings(**production, docs_in_production=True).docs_enabled  # type: ignore[arg-type]


def test_environment_variables_are_read(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KAIROS_EMBEDDING_BATCH_SIZE", "64")
    monkeypatch.setenv("KAIROS_ALLOWED_ORIGINS", "http://a.test, http://b.test")
    settings = Settings(_env_file=None)  # type: ignore[call-arg]
    assert settings.embedding_batch_size == 64
    assert settings.allowed_origins_list == ["http://a.test", "http://b.test"]


def test_shared_buffers_must_be_a_postgresql_size() -> None:
    assert Settings(embedded_shared_buffers="1GB", _env_file=None).embedded_shared_buffers == "1GB"  # type: ignore[call-arg]
    for bad in ("256", "256 MB", "0MB", "256MB'; DROP TABLE places; --"):
        with pytest.raises(ValidationError, match="embedded_shared_buffers"):
            Settings(embedded_shared_buffers=bad, _env_file=None)  # type: ignore[call-arg]
