"""What every signal source implements: one async `fetch` that returns data or raises
`SignalUnavailable`. Envelopes, budgets and caching are not the source's job (see `client.py`),
so an implementation is only the protocol it speaks."""

from __future__ import annotations

from typing import ClassVar, Protocol, TypeVar

from pydantic import BaseModel

from kairos.signals.envelope import SignalData

Q = TypeVar("Q", bound=BaseModel, contravariant=True)
D = TypeVar("D", bound=SignalData, covariant=True)


class SignalUnavailable(Exception):
    """The source could not answer; `code` is one of the envelope's error codes."""

    def __init__(self, code: str, detail: str) -> None:
        super().__init__(f"{code}: {detail}")
        self.code = code
        self.detail = detail


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
