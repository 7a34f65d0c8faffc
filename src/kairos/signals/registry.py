"""Signal sources by name: what `KAIROS_<KIND>_PROVIDER` selects for each kind of signal.

Built-in sources register in `builtin.py` through `register_source`, the call a plug-in makes.
Capabilities (`needs_key`, `offline`) are read from the class before it is built, so a missing key
fails at start-up with the setting to change, not on a user's turn.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, Literal, get_args

from kairos.errors import ConfigurationError
from kairos.settings import Settings
from kairos.signals.geocoding.catalog import PlaceRow
from kairos.signals.source import NoProvider

SignalKind = Literal["weather", "events", "closures", "school_calendar", "geocoding"]
KINDS: tuple[SignalKind, ...] = get_args(SignalKind)


@dataclass(frozen=True)
class SourceContext:
    """What a factory may read: the settings, and the catalog's places for the offline geocoder
    (passed in by whoever owns the catalog; signals never import the store)."""

    settings: Settings
    places: Iterable[PlaceRow] = ()


SourceFactory = Callable[[SourceContext], Any]


@dataclass(frozen=True)
class SourceEntry:
    kind: SignalKind
    name: str
    source_class: type[Any]
    factory: SourceFactory


_REGISTRY: dict[tuple[SignalKind, str], SourceEntry] = {}


def register_source(
    kind: SignalKind, name: str, source_class: type[Any], factory: SourceFactory
) -> None:
    """Add or replace the `kind` source selected by `KAIROS_<KIND>_PROVIDER=name`."""
    if kind not in KINDS:
        raise ValueError(f"unknown signal kind {kind!r}; one of {', '.join(KINDS)}")
    _REGISTRY[(kind, name)] = SourceEntry(kind, name, source_class, factory)


def available_sources(kind: SignalKind) -> list[str]:
    return sorted(name for k, name in _REGISTRY if k == kind)


def answering_sources(kind: SignalKind) -> list[str]:
    """The `kind` sources that have data to answer with: not a role left with no provider."""
    no_data = [n for (k, n), e in _REGISTRY.items() if k == kind
               and issubclass(e.source_class, NoProvider)]  # fmt: skip
    return [n for n in available_sources(kind) if n not in no_data]


def provider_setting(kind: SignalKind) -> str:
    return f"KAIROS_{kind.upper()}_PROVIDER"


def create_source(kind: SignalKind, context: SourceContext) -> Any:
    """The source the settings name for `kind`, or a `ConfigurationError` naming the fix."""
    settings = context.settings
    name = getattr(settings, f"{kind}_provider")
    entry = _REGISTRY.get((kind, name))
    if entry is None:
        raise ConfigurationError(
            f"unknown {kind.replace('_', ' ')} provider {name!r}; set {provider_setting(kind)} "
            f"to one of {', '.join(available_sources(kind))}"
        )
    if entry.source_class.needs_key and not getattr(settings, f"{kind}_api_key", None):
        raise ConfigurationError(
            f"{provider_setting(kind)}={name} needs an API key: set KAIROS_{kind.upper()}_API_KEY, "
            f"or set {provider_setting(kind)}=offline"
        )
    return entry.factory(context)


def secret(settings: Settings, field: str) -> str | None:
    value = getattr(settings, field)
    return value.get_secret_value() if value is not None else None
