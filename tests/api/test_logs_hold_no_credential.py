"""No credential in any log line (issue 40, M4): the WebSocket's user token, sent in the query
string because browsers cannot set socket headers, was written to the log at INFO."""

from __future__ import annotations

import json
import uuid
from pathlib import Path

import httpx
import pytest
import websockets

from tests.serving import AUTH, KairosServe


@pytest.mark.slow
async def test_a_token_in_the_socket_url_never_reaches_the_log(tmp_path: Path) -> None:
    serve = KairosServe.start(tmp_path, name="logs")
    try:
        uid = str(uuid.uuid4())
        async with httpx.AsyncClient(base_url=serve.base, headers=AUTH) as client:
            assert (await client.post(f"/users/{uid}", json={})).status_code == 201
            token = (await client.post(f"/users/{uid}/tokens", json={})).json()["token"]
        url = serve.base.replace("http://", "ws://") + f"/api/ws/plan?access_token={token}"
        async with websockets.connect(url) as socket:
            await socket.send(json.dumps({"prompt": ""}))
            reply = json.loads(await socket.recv())
        assert reply["type"] == "error", reply  # the socket was accepted and read
        async with httpx.AsyncClient(base_url=serve.base) as client:
            await client.get(f"/health?access_token={token}")
    finally:
        serve.stop()
    log = serve.log()
    assert "WebSocket /api/ws/plan?access_token=[redacted]" in log, log[-2000:]
    assert token not in log
    assert token.split(".")[2] not in log, "not even the signature"
