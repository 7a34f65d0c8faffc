"""Stopping `kairos serve --workers N`, the parent lets go of every copy of the listening socket
it holds, so once the workers close theirs a new connection is refused rather than queued and
reset. Starting a worker hands it the socket through multiprocessing's resource sharer, which
keeps a duplicate until the worker fetches it: a worker killed before it did left one open."""

from __future__ import annotations

import socket
from multiprocessing.resource_sharer import DupFd

import pytest

from kairos.api.workers import close_listening


def test_the_port_is_closed_with_a_copy_no_worker_fetched() -> None:
    listening = socket.socket()
    listening.bind(("127.0.0.1", 0))
    listening.listen()
    port = listening.getsockname()[1]
    DupFd(listening.fileno())  # what pickling the socket for a worker leaves in the parent
    close_listening([listening])
    with pytest.raises(ConnectionRefusedError), socket.create_connection(("127.0.0.1", port), 2):
        pass
