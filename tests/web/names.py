"""Accessible names against visible text (WCAG 2.5.3, label in name): a person who says what
they see ("click Map") must reach the button. The names are Chromium's own, read from its
accessibility tree over the DevTools protocol; the visible text is the element's rendered text.
Symbols and emoji are not words anyone says, so both are compared word by word."""

from __future__ import annotations

import re
from typing import Any

_VISIBLE_TEXT = """function (within) {
  if (!this.closest(within) || !this.checkVisibility()) return null;
  return this.innerText;
}"""


def _words(text: str) -> str:
    return " ".join(re.findall(r"\w+", text.lower()))


def names_not_starting_with_visible_text(page: Any, within: str = "body") -> list[str]:
    """Every shown button under `within` whose accessible name does not start with the words
    it shows, as 'shown → name'. Buttons that show no words (an icon) are not judged here."""
    cdp = page.context.new_cdp_session(page)
    try:
        cdp.send("DOM.getDocument", {"depth": 0})
        nodes = cdp.send("Accessibility.getFullAXTree")["nodes"]
        wrong = []
        for node in nodes:
            if node.get("ignored") or node.get("role", {}).get("value") != "button":
                continue
            if "backendDOMNodeId" not in node:
                continue
            found = cdp.send("DOM.resolveNode", {"backendNodeId": node["backendDOMNodeId"]})
            shown = cdp.send(
                "Runtime.callFunctionOn",
                {
                    "objectId": found["object"]["objectId"],
                    "functionDeclaration": _VISIBLE_TEXT,
                    "arguments": [{"value": within}],
                    "returnByValue": True,
                },
            )["result"].get("value")
            if not shown or not _words(shown):
                continue
            name = str(node.get("name", {}).get("value", ""))
            if not _words(name).startswith(_words(shown)):
                wrong.append(f"{shown.strip()!r} → {name!r}")
        return wrong
    finally:
        cdp.detach()
