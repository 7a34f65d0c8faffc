"""Actions a plan can carry out for the user (seed 002's Gmail + calendar scopes), only after the
user confirms: an e-mail to the group and a calendar invite (.ics).

The commander declares an action; the synthesiser drafts it as `proposed` and stores it (nothing
a user asked for is lost); `POST …/actions/{id}/confirm` executes it: through SMTP when
`KAIROS_SMTP_HOST` is set, else the files (message `.eml`, invite `.ics`) are offered for
download. Nothing is sent without that confirmation.
"""

from __future__ import annotations

import asyncio
import smtplib
import uuid
from datetime import UTC, date, datetime, time, timedelta
from email.message import EmailMessage
from typing import Any

from icalendar import Calendar
from icalendar import Event as CalendarEvent

from kairos.settings import Settings
from kairos.venues.schemas import VenueResult

__all__ = ["draft_email", "draft_invite", "email_message", "invite_ics", "send_email"]

DEFAULT_START = time(19, 0)
DEFAULT_HOURS = 2
_PARTS = {
    "morning": time(10, 0),
    "midday": time(12, 0),
    "afternoon": time(14, 0),
    "evening": time(19, 0),
    "night": time(21, 0),
}


def _where(venue: VenueResult) -> str:
    return ", ".join(x for x in (venue.name, venue.address, venue.city) if x)


def draft_email(prompt: str, venues: list[VenueResult], consensus: str | None) -> dict[str, Any]:
    top = venues[0]
    lines = [f"Plan: {prompt}", "", f"Top pick: {_where(top)}"]
    if top.why:
        lines.append(f"Why: {top.why}")
    if top.watch_out:
        lines.append(f"Watch out: {top.watch_out}")
    others = [f"  {v.rank}. {_where(v)}" for v in venues[1:3]]
    if others:
        lines += ["", "Also on the shortlist:", *others]
    if consensus:
        lines += ["", consensus]
    return {"subject": f"Plan: {top.name}", "body": "\n".join(lines), "to": []}


def draft_invite(prompt: str, venue: VenueResult, day: date, part: str | None) -> dict[str, Any]:
    start = datetime.combine(day, _PARTS.get(part or "", DEFAULT_START))
    return {
        "summary": f"{venue.name}: {prompt[:80]}",
        "location": _where(venue),
        "start": start.isoformat(),
        "end": (start + timedelta(hours=DEFAULT_HOURS)).isoformat(),
        "description": venue.why or "",
        "day_assumed": day is None,
    }


def invite_ics(invite: dict[str, Any], uid: uuid.UUID) -> bytes:
    """An RFC 5545 calendar with one event (floating local time, as the plan said it)."""
    calendar = Calendar()
    calendar.add("prodid", "-//Kairos//group planner//EN")
    calendar.add("version", "2.0")
    event = CalendarEvent()
    event.add("uid", f"{uid}@kairos")
    event.add("summary", invite["summary"])
    event.add("location", invite["location"])
    event.add("description", invite["description"])
    event.add("dtstart", datetime.fromisoformat(invite["start"]))
    event.add("dtend", datetime.fromisoformat(invite["end"]))
    event.add("dtstamp", datetime.now(UTC))
    calendar.add_component(event)
    return bytes(calendar.to_ical())


def email_message(
    draft: dict[str, Any], sender: str, to: list[str], ics: bytes | None = None
) -> EmailMessage:
    message = EmailMessage()
    message["Subject"] = draft["subject"]
    message["From"] = sender
    message["To"] = ", ".join(to)
    message.set_content(draft["body"])
    if ics is not None:
        message.add_attachment(ics, maintype="text", subtype="calendar", filename="plan.ics")
    return message


def _send(settings: Settings, message: EmailMessage) -> None:
    assert settings.smtp_host is not None
    with smtplib.SMTP(
        settings.smtp_host, settings.smtp_port, timeout=settings.smtp_timeout_seconds
    ) as smtp:
        if settings.smtp_starttls and smtp.has_extn("starttls"):
            smtp.starttls()
        if settings.smtp_username and settings.smtp_password:
            smtp.login(settings.smtp_username, settings.smtp_password.get_secret_value())
        smtp.send_message(message)


async def send_email(settings: Settings, message: EmailMessage) -> None:
    """Raises `smtplib.SMTPException` or `OSError` when the server refuses or cannot be reached."""
    await asyncio.to_thread(_send, settings, message)
