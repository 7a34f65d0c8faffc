"""uvicorn's httptools protocol with TCP_NODELAY (`workers.http_protocol` picks it when the
optional C parser is installed; importing this module needs httptools)."""

from __future__ import annotations

import asyncio

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from kairos.api.workers import set_no_delay

__all__ = ["NoDelayHttpToolsProtocol"]


class NoDelayHttpToolsProtocol(HttpToolsProtocol):
    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        set_no_delay(transport)
        super().connection_made(transport)
