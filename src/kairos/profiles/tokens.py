"""Signed, expiring credentials for people: user tokens and the development demo cookie.

Both are JWTs (HS256, PyJWT) signed with one secret: `KAIROS_TOKEN_SECRET`, or else a random
secret kept in `data_dir/token_secret` (0600), so every process serving one data directory
accepts the same tokens. Replicas on several machines must share `KAIROS_TOKEN_SECRET`.
"""

from __future__ import annotations

import hashlib
import os
import secrets
import time
import uuid
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Final

import jwt

from kairos.errors import Unauthorized
from kairos.settings import Settings

__all__ = ["DemoSession", "IssuedToken", "TokenSigner", "token_secret"]

USER_AUDIENCE: Final = "kairos:user"
DEMO_AUDIENCE: Final = "kairos:demo"
ISSUER: Final = "kairos"
ALGORITHM: Final = "HS256"
SECRET_FILE: Final = "token_secret"


def token_secret(settings: Settings) -> bytes:
    """The configured secret, else this data directory's own (created once, atomically)."""
    if settings.token_secret is not None:
        return settings.token_secret.get_secret_value().encode()
    path = settings.data_dir / SECRET_FILE
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        _create_secret_file(path)
    return path.read_bytes().strip()


def _create_secret_file(path: Path) -> None:
    temporary = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w") as handle:
        handle.write(secrets.token_urlsafe(48))
    try:
        os.link(temporary, path)  # fails if another process created it first: theirs wins
    except FileExistsError:
        pass
    finally:
        temporary.unlink()


@dataclass(frozen=True, slots=True)
class IssuedToken:
    token: str
    expires_at: datetime


@dataclass(frozen=True, slots=True)
class DemoSession:
    """One browser's demo session: its random id and the user it is acting as."""

    sid: str
    uid: uuid.UUID | None = None

    @property
    def owner_key(self) -> str:
        """What users.demo_session stores: a hash, so the database never holds a live cookie."""
        return hashlib.sha256(self.sid.encode()).hexdigest()

    @classmethod
    def new(cls) -> DemoSession:
        return cls(sid=secrets.token_urlsafe(24))


class TokenSigner:
    def __init__(self, secret: bytes) -> None:
        if len(secret) < 32:
            raise ValueError("the token secret must be at least 32 bytes")
        self._secret = secret

    def issue_user_token(self, uid: uuid.UUID, account: str, ttl_seconds: int) -> IssuedToken:
        """`account`: the user row's identity (`UserPublic.account`), so that a token stops
        speaking for the uid once the user is deleted, even if it is created again."""
        now = time.time()
        claims: dict[str, str | int | float] = {
            "sub": str(uid),
            "acct": account,
            "aud": USER_AUDIENCE,
            "iss": ISSUER,
            "iat": round(now, 3),
            "exp": int(now + ttl_seconds),
            "jti": secrets.token_hex(8),
        }
        token = jwt.encode(claims, self._secret, algorithm=ALGORITHM)
        return IssuedToken(token, datetime.fromtimestamp(int(now + ttl_seconds), UTC))

    def user_of(self, token: str) -> tuple[uuid.UUID, str, datetime]:
        """The user a token speaks for, the account it was issued to and when; Unauthorized
        says why not."""
        try:
            claims = jwt.decode(
                token,
                self._secret,
                algorithms=[ALGORITHM],
                audience=USER_AUDIENCE,
                issuer=ISSUER,
                options={"require": ["sub", "acct", "exp", "iat", "aud", "iss"]},
            )
            uid = uuid.UUID(str(claims["sub"]))
        except jwt.ExpiredSignatureError as exc:
            raise Unauthorized(
                "the user token has expired; ask for a new one (POST /users/{uid}/tokens)"
            ) from exc
        except (jwt.InvalidTokenError, ValueError) as exc:
            raise Unauthorized(
                "the bearer token is not a valid Kairos user token (issued by "
                "POST /users/{uid}/tokens)"
            ) from exc
        return uid, str(claims["acct"]), datetime.fromtimestamp(float(claims["iat"]), UTC)

    def demo_cookie(self, session: DemoSession, ttl_seconds: int) -> str:
        now = int(time.time())
        claims: dict[str, object] = {
            "sid": session.sid,
            "aud": DEMO_AUDIENCE,
            "iss": ISSUER,
            "iat": now,
            "exp": now + ttl_seconds,
        }
        if session.uid is not None:
            claims["sub"] = str(session.uid)
        return jwt.encode(claims, self._secret, algorithm=ALGORITHM)

    def demo_session(self, cookie: str | None) -> DemoSession | None:
        """The session a cookie carries, or None when it is absent, forged or expired."""
        if not cookie:
            return None
        try:
            claims = jwt.decode(
                cookie,
                self._secret,
                algorithms=[ALGORITHM],
                audience=DEMO_AUDIENCE,
                issuer=ISSUER,
                options={"require": ["sid", "exp"]},
            )
            uid = uuid.UUID(str(claims["sub"])) if "sub" in claims else None
        except (jwt.InvalidTokenError, ValueError):
            return None
        return DemoSession(sid=str(claims["sid"]), uid=uid)
