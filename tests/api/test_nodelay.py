"""Every connection has TCP_NODELAY, also on the socket uvicorn binds itself for `--workers`."""

from __future__ import annotations

import asyncio
import socket

import httpx
import pytest
import uvicorn
from starlette.applications import Starlette
from starlette.responses import PlainTextResponse
from starlette.routing import Route
from uvicorn.protocols.http.h11_impl import H11Protocol

from kairos.api.http_tools import NoDelayHttpToolsProtocol
from kairos.api.workers import NoDelayH11Protocol, http_protocol


async def _nodelay_of_served_connection(protocol: type[H11Protocol]) -> int:
    app = Starlette(routes=[Route("/", lambda _: PlainTextResponse("ok"))])
    # bound as uvicorn binds for workers: socket.socket(family=...), protocol number 0
    sock = socket.socket(family=socket.AF_INET)
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app, http=protocol, log_level="warning", lifespan="off"))
    serving = asyncio.create_task(server.serve(sockets=[sock]))
    try:
        while not server.started:  # noqa: ASYNC110 - uvicorn offers a flag, not an event
            await asyncio.sleep(0.01)
        async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}") as client:
            assert (await client.get("/")).text == "ok"
            (connection,) = server.server_state.connections
            served = connection.transport.get_extra_info("socket")
            return int(served.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY))
    finally:
        server.should_exit = True
        await serving


@pytest.mark.asyncio
@pytest.mark.parametrize("protocol", [NoDelayH11Protocol, NoDelayHttpToolsProtocol])
async def test_connections_on_a_self_bound_socket_get_nodelay(protocol: type[H11Protocol]) -> None:
    assert await _nodelay_of_served_connection(protocol) == 1


def test_serve_uses_the_c_parser_with_nodelay() -> None:
    assert http_protocol() == "kairos.api.http_tools:NoDelayHttpToolsProtocol"


@pytest.mark.asyncio
async def test_without_it_uvicorn_leaves_nagle_on_such_a_socket() -> None:
    """Why the protocol exists: if this starts failing, uvicorn sets TCP_NODELAY itself."""
    assert await _nodelay_of_served_connection(H11Protocol) == 0
