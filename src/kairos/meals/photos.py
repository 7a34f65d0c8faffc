"""Photos the cook sends: checked by their content, size-limited, stored by content hash.

The client's file name and declared type are never trusted or used: the bytes decide the type
(JPEG, PNG or WebP by their signatures), a file is stored once under
`<data_dir>/meal_images/<first two hex digits>/<sha256>.<ext>`, and the same photo sent twice
is the same file.
"""

from __future__ import annotations

import asyncio
import hashlib
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path

from kairos.errors import InvalidInput, PayloadTooLarge
from kairos.llm.vision import ImagePart
from kairos.settings import Settings

__all__ = ["MAX_IMAGES", "CheckedImage", "check_image", "store_image", "upload_limit"]

MAX_IMAGES = 4
_FORM_OVERHEAD = 64 * 1024
_EXTENSIONS = {"image/jpeg": "jpg", "image/png": "png", "image/webp": "webp"}


def upload_limit(settings: Settings) -> int:
    """The body limit of `POST /meals/coach`: up to four photos and the form around them."""
    return MAX_IMAGES * settings.meal_image_max_bytes + _FORM_OVERHEAD


@dataclass(frozen=True, slots=True)
class CheckedImage:
    media_type: str
    data: bytes
    content_hash: str

    @property
    def part(self) -> ImagePart:
        return ImagePart(self.media_type, self.data)


def sniff(data: bytes) -> str | None:
    """The image type the bytes are, whatever the upload claimed."""
    if data[:3] == b"\xff\xd8\xff" and len(data) > 4:
        return "image/jpeg"
    if data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR":
        return "image/png"
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP" and data[12:15] == b"VP8":
        return "image/webp"
    return None


def check_image(data: bytes, *, name: str, max_bytes: int) -> CheckedImage:
    """`name` is only for the error message (which photo to fix)."""
    if len(data) > max_bytes:
        raise PayloadTooLarge(
            f"photo {name!r} is {len(data)} bytes; photos may be at most {max_bytes} bytes "
            "(KAIROS_MEAL_IMAGE_MAX_BYTES): send a smaller one"
        )
    media_type = sniff(data)
    if media_type is None:
        raise InvalidInput(
            f"photo {name!r} is not a JPEG, PNG or WebP image (its content was checked, not its "
            "name); send one of those"
        )
    return CheckedImage(media_type, data, hashlib.sha256(data).hexdigest())


def image_path(data_dir: Path, image: CheckedImage) -> Path:
    ext = _EXTENSIONS[image.media_type]
    return data_dir / "meal_images" / image.content_hash[:2] / f"{image.content_hash}.{ext}"


def _write(path: Path, data: bytes) -> None:
    if path.exists():
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".upload-")
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(data)
        os.replace(tmp, path)  # atomic: a reader never sees half a photo
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


async def store_image(data_dir: Path, image: CheckedImage) -> Path:
    path = image_path(data_dir, image)
    await asyncio.to_thread(_write, path, image.data)
    return path
