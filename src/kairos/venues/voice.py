"""Speech (seed 002's ElevenLabs role): a `VoiceProvider` chosen by `KAIROS_VOICE_PROVIDER`.

- `espeak` (default, offline): espeak-ng as a subprocess with the text on stdin (never on the
  command line), a timeout, and no shell; WAV. Without the binary, 503 with how to enable it.
- `elevenlabs` (hosted): `POST {base}/v1/text-to-speech/{voice_id}` with `xi-api-key` and
  `{text, model_id}`; MP3 (`audio/mpeg`). Its failures are `ProviderError` (502) naming the
  setting to check; a missing key is a `ConfigurationError` at start-up.

Each provider says its `media_type`, which the route answers with, and reads `voice_id` its own
way (an espeak voice such as `en-gb`; an ElevenLabs voice id); one it cannot use is ignored.
"""

from __future__ import annotations

import asyncio
import re
import shutil
from typing import ClassVar, Final, Protocol

from kairos.errors import ConfigurationError, NotReady, ProviderError
from kairos.settings import Settings
from kairos.signals.http import HttpService
from kairos.signals.source import SignalUnavailable

__all__ = [
    "ENABLE_HINT",
    "VOICE_PROVIDERS",
    "ElevenLabsVoice",
    "EspeakVoice",
    "Voice",
    "VoiceProvider",
    "build_voice",
]

ENABLE_HINT: Final = (
    "offline speech needs espeak-ng: install it (Debian: apt-get install espeak-ng) or set "
    "KAIROS_VOICE_ENGINE to its path; or set KAIROS_VOICE_PROVIDER=elevenlabs with "
    "KAIROS_ELEVENLABS_API_KEY"
)
TIMEOUT_SECONDS: Final = 20.0
_ESPEAK_VOICE = re.compile(r"^[a-z]{2,3}(?:-[a-z0-9]{1,8}){0,3}(?:\+[a-z0-9]{1,10})?$")
_ELEVENLABS_VOICE = re.compile(r"^[A-Za-z0-9]{8,40}$")


class VoiceProvider(Protocol):
    name: str
    needs_key: ClassVar[bool]
    media_type: ClassVar[str]

    @property
    def available(self) -> bool: ...

    async def synthesize(self, text: str, voice: str | None = None) -> bytes:
        """Audio of `text` in `media_type`; `voice` is used when this provider can read it."""
        ...

    async def aclose(self) -> None: ...


class EspeakVoice:
    name = "espeak"
    needs_key: ClassVar[bool] = False
    media_type: ClassVar[str] = "audio/wav"

    def __init__(self, engine: str, *, timeout_seconds: float = TIMEOUT_SECONDS) -> None:
        self.binary = shutil.which(engine) if engine else None
        self.timeout_seconds = timeout_seconds

    @property
    def available(self) -> bool:
        return self.binary is not None

    async def synthesize(self, text: str, voice: str | None = None) -> bytes:
        if self.binary is None:
            raise NotReady(ENABLE_HINT)
        args = [self.binary, "--stdout", "--stdin"]
        if voice and _ESPEAK_VOICE.match(voice):
            args += ["-v", voice]
        process = await asyncio.create_subprocess_exec(
            *args,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
        )
        try:
            out, err = await asyncio.wait_for(
                process.communicate(text.encode()), timeout=self.timeout_seconds
            )
        except TimeoutError:
            process.kill()
            raise NotReady("the speech engine did not answer in time; try a shorter text") from None
        if process.returncode != 0 or not out:
            raise NotReady(f"the speech engine failed: {err.decode(errors='replace')[:200]}")
        return out

    async def aclose(self) -> None:
        return None


Voice = EspeakVoice
"""The offline provider under its earlier name."""


class ElevenLabsVoice:
    name = "elevenlabs"
    needs_key: ClassVar[bool] = True
    media_type: ClassVar[str] = "audio/mpeg"

    def __init__(
        self,
        *,
        base_url: str,
        api_key: str,
        voice_id: str,
        model_id: str,
        timeout_seconds: float,
    ) -> None:
        self.voice_id = voice_id
        self.model_id = model_id
        self._http = HttpService(
            service="ElevenLabs",
            base_url=base_url,
            timeout_seconds=timeout_seconds,
            url_setting="KAIROS_ELEVENLABS_BASE_URL",
            key_setting="KAIROS_ELEVENLABS_API_KEY",
            headers={"xi-api-key": api_key, "Accept": "audio/mpeg"},
        )

    @property
    def available(self) -> bool:
        return True

    async def synthesize(self, text: str, voice: str | None = None) -> bytes:
        voice_id = voice if voice and _ELEVENLABS_VOICE.match(voice) else self.voice_id
        try:
            async with asyncio.timeout(self._http.timeout_seconds):
                response = await self._http.post(
                    f"/v1/text-to-speech/{voice_id}",
                    json={"text": text, "model_id": self.model_id},
                )
        except TimeoutError:
            raise ProviderError(
                f"ElevenLabs did not answer within {self._http.timeout_seconds:g}s "
                "(KAIROS_VOICE_TIMEOUT_SECONDS); try a shorter text"
            ) from None
        except SignalUnavailable as exc:
            raise ProviderError(f"speech failed ({exc.code}): {exc.detail}") from None
        kind = response.headers.get("content-type", "")
        if not kind.startswith("audio/") or not response.content:
            raise ProviderError(
                f"ElevenLabs answered {kind or 'no content type'} instead of audio; check that "
                "KAIROS_ELEVENLABS_BASE_URL points at the ElevenLabs API"
            )
        return response.content

    async def aclose(self) -> None:
        await self._http.aclose()


VOICE_PROVIDERS: Final = {"espeak": EspeakVoice, "elevenlabs": ElevenLabsVoice}


def build_voice(settings: Settings) -> VoiceProvider:
    """The provider `KAIROS_VOICE_PROVIDER` names, or a `ConfigurationError` naming the fix."""
    name = settings.voice_provider.strip().lower()
    if name == "espeak":
        return EspeakVoice(settings.voice_engine, timeout_seconds=settings.voice_timeout_seconds)
    if name == "elevenlabs":
        if settings.elevenlabs_api_key is None:
            raise ConfigurationError(
                "KAIROS_VOICE_PROVIDER=elevenlabs needs KAIROS_ELEVENLABS_API_KEY; set it, or "
                "KAIROS_VOICE_PROVIDER=espeak for offline speech"
            )
        return ElevenLabsVoice(
            base_url=settings.elevenlabs_base_url,
            api_key=settings.elevenlabs_api_key.get_secret_value(),
            voice_id=settings.elevenlabs_voice_id,
            model_id=settings.elevenlabs_model,
            timeout_seconds=settings.voice_timeout_seconds,
        )
    raise ConfigurationError(
        f"KAIROS_VOICE_PROVIDER names unknown provider {settings.voice_provider!r}; choose from: "
        f"{', '.join(VOICE_PROVIDERS)}"
    )
