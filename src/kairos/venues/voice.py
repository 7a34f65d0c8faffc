"""Speech (seed 002's ElevenLabs role): offline through espeak-ng when it is installed.

`synthesize` returns WAV bytes. The engine runs as a subprocess with the text on stdin (never
on the command line), a timeout, and no shell.
"""

from __future__ import annotations

import asyncio
import shutil
from typing import Final

from kairos.errors import NotReady

__all__ = ["ENABLE_HINT", "Voice"]

ENABLE_HINT: Final = (
    "offline speech needs espeak-ng: install it (Debian: apt-get install espeak-ng) or set "
    "KAIROS_VOICE_ENGINE to its path"
)
TIMEOUT_SECONDS: Final = 20.0


class Voice:
    def __init__(self, engine: str) -> None:
        self.binary = shutil.which(engine) if engine else None

    @property
    def available(self) -> bool:
        return self.binary is not None

    async def synthesize(self, text: str, voice: str | None = None) -> bytes:
        if self.binary is None:
            raise NotReady(ENABLE_HINT)
        args = [self.binary, "--stdout", "--stdin"]
        if voice:
            args += ["-v", voice]
        process = await asyncio.create_subprocess_exec(
            *args,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
        )
        try:
            out, err = await asyncio.wait_for(
                process.communicate(text.encode()), timeout=TIMEOUT_SECONDS
            )
        except TimeoutError:
            process.kill()
            raise NotReady("the speech engine did not answer in time; try a shorter text") from None
        if process.returncode != 0 or not out:
            raise NotReady(f"the speech engine failed: {err.decode(errors='replace')[:200]}")
        return out
