"""What an enrichment provider is given and gives back, and the one protocol every provider
implements (the `signals` pattern: one async `fetch`, capabilities as class attributes, failures
raised as `SignalUnavailable` with the envelope's error codes)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, ClassVar, Final, Protocol

from pydantic import BaseModel, ConfigDict, Field

from kairos.signals.envelope import RATE_LIMITED
from kairos.signals.source import SignalUnavailable

__all__ = [
    "ENRICHABLE_FIELDS",
    "EnrichmentProvider",
    "EnrichmentTarget",
    "ProviderPlace",
    "ProviderRateLimited",
]

ENRICHABLE_FIELDS: Final = ("opening_hours", "price_tier")
"""The critical fields of seed 003's decision matrix a provider may fill."""


@dataclass(frozen=True)
class EnrichmentTarget:
    """A catalog place as enrichment sees it: enough to find it at a provider, and its stored
    attributes (the shapes `ingest/poi_derived.py` writes) to decide whether to."""

    id: str
    name: str
    kind: str
    city: str | None = None
    lat: float | None = None
    lng: float | None = None
    address: str | None = None
    price_tier: str | None = None
    attributes: Mapping[str, Any] = field(default_factory=dict)


class ProviderPlace(BaseModel):
    """One provider's answer for one place, raw payload kept (seed 003: "raw payloads")."""

    model_config = ConfigDict(frozen=True)

    provider: str
    place_id: str = Field(description="the catalog place's id")
    provider_id: str | None = Field(default=None, description="the provider's own id for it")
    fields: dict[str, Any] = Field(
        default_factory=dict,
        description="what it knows, in the catalog's shapes: opening_hours (the record "
        "`core/opening_hours.py` reads), price_tier ('free', '$' … '$$$$')",
    )
    unknown: list[str] = Field(default_factory=list, description="fields it could not give")
    raw: dict[str, Any] = Field(default_factory=dict, description="the payloads as received")
    fetched_at: datetime
    attribution: str | None = None
    note: str | None = None


class ProviderRateLimited(SignalUnavailable):
    """429 from the provider; `retry_after` is its `Retry-After` in seconds when it gave one."""

    def __init__(self, detail: str, retry_after: float | None = None) -> None:
        super().__init__(RATE_LIMITED, detail)
        self.retry_after = retry_after


class EnrichmentProvider(Protocol):
    name: str
    needs_key: ClassVar[bool]
    """Building it without its API key is a configuration error."""
    offline: ClassVar[bool]
    """It calls no service: its answers only say what stays unknown."""

    async def fetch(self, place: EnrichmentTarget) -> ProviderPlace:
        """What the provider knows of `place`; "not found" is an answer with every field unknown.

        Raises `SignalUnavailable` (or `ProviderRateLimited`) when it cannot answer."""
        ...

    async def aclose(self) -> None: ...
