"""An in-process server that speaks the OpenAI chat-completions protocol, scripted per test."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any

import httpx
from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse


@dataclass
class Scripted:
    content: str | None = None
    status: int = 200
    delay: float = 0.0


@dataclass
class FakeOpenAI:
    """Answers each POST /v1/chat/completions with the next scripted reply, recording requests."""

    replies: list[Scripted] = field(default_factory=list)
    requests: list[dict[str, Any]] = field(default_factory=list)
    headers: list[dict[str, str]] = field(default_factory=list)
    api_key: str | None = None  # when set, requests without `Bearer <api_key>` get a 401

    def enqueue(self, *replies: Scripted) -> None:
        self.replies.extend(replies)

    def app(self) -> FastAPI:
        app = FastAPI()

        @app.post("/v1/chat/completions")
        async def completions(request: Request) -> JSONResponse:
            body = await request.json()
            self.requests.append(body)
            self.headers.append(dict(request.headers))
            if self.api_key and request.headers.get("authorization") != f"Bearer {self.api_key}":
                return JSONResponse({"error": {"message": "Incorrect API key provided"}}, 401)
            reply = self.replies.pop(0) if self.replies else Scripted(status=500)
            if reply.delay:
                await asyncio.sleep(reply.delay)
            if reply.status != 200:
                return JSONResponse({"error": {"message": "scripted failure"}}, reply.status)
            return JSONResponse(
                {
                    "id": "chatcmpl-test",
                    "object": "chat.completion",
                    "model": body.get("model"),
                    "choices": [
                        {
                            "index": 0,
                            "message": {"role": "assistant", "content": reply.content},
                            "finish_reason": "stop",
                        }
                    ],
                }
            )

        return app

    def client(self) -> httpx.AsyncClient:
        return httpx.AsyncClient(
            transport=httpx.ASGITransport(app=self.app()), base_url="http://fake-openai.test"
        )
