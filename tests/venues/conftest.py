"""A real `kairos serve` for the WebSocket and the mail tests: it shares the session's embedded
database and sends mail to an in-process SMTP server (aiosmtpd) on loopback."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from email import message_from_bytes
from email.message import Message
from typing import TYPE_CHECKING, Any

import pytest
from aiosmtpd.controller import Controller

from tests.serving import free_port, kairos_serve

if TYPE_CHECKING:
    from kairos.settings import Settings
    from kairos.venues.vibes.vectoriser import VibeText

SERVICE_TOKEN = "venue-token"


@dataclass
class Inbox:
    port: int
    messages: list[Message] = field(default_factory=list)

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        message = message_from_bytes(envelope.content)
        message["X-Rcpt-To"] = ", ".join(envelope.rcpt_tos)
        self.messages.append(message)
        return "250 OK"


@pytest.fixture(scope="session")
def inbox() -> Iterator[Inbox]:
    found = Inbox(port=free_port())
    controller = Controller(found, hostname="127.0.0.1", port=found.port)
    controller.start()
    yield found
    controller.stop()


@pytest.fixture(scope="session")
def venue_server(
    runtime: Any, inbox: Inbox, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[str]:
    env = {
        "KAIROS_ENV": "test",
        "KAIROS_DATABASE_URL": runtime.db.url,
        "KAIROS_AUTO_INGEST_SAMPLE": "false",
        "KAIROS_DATA_DIR": str(tmp_path_factory.mktemp("venue-data")),
        "KAIROS_LOG_LEVEL": "WARNING",
        "KAIROS_SERVICE_TOKEN": SERVICE_TOKEN,
        "KAIROS_SMTP_HOST": "127.0.0.1",
        "KAIROS_SMTP_PORT": str(inbox.port),
        "KAIROS_SMTP_STARTTLS": "false",
        "KAIROS_SMTP_FROM": "planner@kairos.test",
        "KAIROS_CHAT_LIMIT_PER_USER": "0",
        "KAIROS_CHAT_LIMIT_PER_ADDRESS": "0",
    }
    with kairos_serve(env) as base:
        yield base


@pytest.fixture(scope="module")
def embed(settings: Settings) -> Callable[[list[str]], list[VibeText]]:
    """Texts as the vibe vectoriser reads them, embedded by the real embedder (the vibe
    tests' own model input)."""
    from kairos.text.embeddings import get_embedder
    from kairos.venues.vibes.vectoriser import VibeText

    embedder = get_embedder(settings)

    def texts(values: list[str]) -> list[VibeText]:
        vectors = embedder.embed(values)
        return [VibeText(i, t, vectors[i]) for i, t in enumerate(values)]

    return texts
