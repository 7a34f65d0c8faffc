"""What every signal source implements: one async `fetch` that returns data or raises
`SignalUnavailable`. Envelopes, budgets and caching are not the source's job (see `client.py`),
so an implementation is only the protocol it speaks.

A role with no provider configured is a `NoProvider`: it has no data, so it has nothing to fetch;
`SignalClient` answers `not_configured` for it (with `setup`, the settings to change) and never
calls it."""

from __future__ import annotations

from typing import ClassVar, NoReturn, Protocol, TypeVar

from pydantic import BaseModel

from kairos.signals.envelope import NOT_CONFIGURED, SignalData

Q = TypeVar("Q", bound=BaseModel, contravariant=True)
D = TypeVar("D", bound=SignalData, covariant=True)


class SignalUnavailable(Exception):
    """The source could not answer; `code` is one of the envelope's error codes."""

    def __init__(self, code: str, detail: str) -> None:
        super().__init__(f"{code}: {detail}")
        self.code = code
        self.detail = detail


class SignalNotConfigured(SignalUnavailable):
    """No provider is configured for the role; `detail` names the settings that give it one."""

    def __init__(self, detail: str) -> None:
        super().__init__(NOT_CONFIGURED, detail)


class SignalSource(Protocol[Q, D]):
    name: str
    """What answers carry as `source` and what the cache keys on."""

    needs_key: ClassVar[bool]
    """Building it without its API key is a configuration error."""

    offline: ClassVar[bool]
    """It answers from data shipped with Kairos, with no network."""

    async def fetch(self, query: Q) -> D:
        """The data for `query`; "nothing there" is data (an empty list, `known=False`).

        Raises `SignalUnavailable` when the source cannot answer."""
        ...

    async def aclose(self) -> None:
        """Release connections; the source is not used afterwards."""
        ...


class NoProvider:
    """The source of a role no provider is configured for (events and closures offline: no data
    with a usable licence ships with Kairos). Subclasses set `name` and `setup`."""

    needs_key: ClassVar[bool] = False
    offline: ClassVar[bool] = True
    name: str
    setup: str
    """What is unknown, and the settings that configure a provider (shown to the user)."""

    async def fetch(self, query: BaseModel) -> NoReturn:
        raise SignalNotConfigured(self.setup)

    async def aclose(self) -> None:
        return None
