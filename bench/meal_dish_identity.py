"""How often a dish asked for is answered by the dish itself (issue 37, meals16), played from
outside against a running `kairos serve`: for each dish of `ingest/data/common_dishes.txt`
(its first name), a fresh user asks the coach for it; counted are the answers whose first
suggestion is the dish itself (its title names the dish, and its head noun is no other kind:
not "Pad Thai Sauce", not "Banana Bread Oatmeal"), and the suggestions that differ from the
dish with the difference unsaid (no "Not <dish>", "This is …, not …", "These are …" nor
"stand-in" in what the cook reads). The kinds read here are this script's own short list, not
the product's table.

    .venv/bin/python bench/meal_dish_identity.py --base http://127.0.0.1:8812 --token KairosTest
"""

from __future__ import annotations

import argparse
import json
import re
import time
import uuid
from pathlib import Path
from typing import Any

import httpx

DISHES = Path(__file__).parents[1] / "src/kairos/ingest/data/common_dishes.txt"
OTHER_KINDS = (
    "sauce", "dressing", "marinade", "seasoning", "rub", "glaze", "gravy", "dip", "spread",
    "salad", "soup", "chowder", "smoothie", "shake", "cocktail", "margarita", "margaritas",
    "oatmeal", "porridge", "crust", "shell", "dough", "cookies", "muffins", "bars", "cake",
    "bread", "casserole", "bites", "pizza", "sandwich", "wrap", "wraps", "tacos", "burritos",
    "quesadillas", "pie", "stew", "curry", "bowl", "paste",
)  # fmt: skip
RETRIES = 5
SAID = re.compile(r"\bnot (?:a |an )?|\bThis is |\bThese are |stand-in", re.IGNORECASE)


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z]+", text.lower().replace("'", ""))


def _names(line: str) -> list[list[str]]:
    return [_words(name) for name in line.split("|") if name.strip()]


def _find(words: list[str], name: list[str]) -> int:
    for start in range(len(words) - len(name) + 1):
        window = words[start : start + len(name)]
        if all(w == n or w == n + "s" or w + "s" == n for w, n in zip(window, name, strict=True)):
            return start + len(name)
    return -1


def is_the_dish(title: str, names: list[list[str]]) -> bool:
    words = _words(title)
    for name in names:
        end = _find(words, name)
        if end < 0:
            continue
        head = words[end:]
        for stop in ("with", "and", "in", "on", "over", "served", "for"):
            if stop in head:
                head = head[: head.index(stop)]
        return not any(word in OTHER_KINDS and word not in name for word in head)
    return False


def play(client: httpx.Client, token: str, line: str) -> dict[str, Any]:
    names = _names(line)
    uid = str(uuid.uuid4())
    service = {"X-Service-Token": token}
    client.post(f"/users/{uid}", json={}, headers=service)
    try:
        for _ in range(RETRIES):  # 429 / 503 on a loaded machine: wait as told, then again
            response = client.post(
                "/meals/coach", json={"text": " ".join(names[0])},
                headers={**service, "X-User-ID": uid},
            )  # fmt: skip
            if response.status_code not in (429, 503):
                break
            time.sleep(min(60.0, float(response.headers.get("Retry-After") or 5)))
        answer = response.json()
    finally:
        client.delete(f"/users/{uid}", headers=service)
    suggestions = answer.get("suggestions") or []
    own = [is_the_dish(s.get("title", ""), names) for s in suggestions]
    unsaid = [
        s.get("title", "")
        for s, is_own in zip(suggestions, own, strict=True)
        if not is_own and not SAID.search(s.get("rationale", ""))
    ]
    return {"dish": names[0], "titles": [s.get("title") for s in suggestions],
            "first_is_dish": bool(own) and own[0], "unsaid": unsaid}  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--base", required=True)
    parser.add_argument("--token", default="KairosTest")
    parser.add_argument("--limit", type=int, default=0)
    parser.add_argument("--out")
    args = parser.parse_args()
    lines = [ln.strip() for ln in DISHES.read_text().splitlines()
             if ln.strip() and not ln.startswith("#")]  # fmt: skip
    lines = lines[: args.limit] if args.limit else lines
    rows = []
    with httpx.Client(base_url=args.base, timeout=120) as client:
        rows = [play(client, args.token, line) for line in lines]
    first = sum(r["first_is_dish"] for r in rows)
    unsaid = sum(len(r["unsaid"]) for r in rows)
    print(f"dishes {len(rows)}: first suggestion is the dish {first}; "
          f"suggestions differing from the dish, unsaid: {unsaid}")  # fmt: skip
    if args.out:
        Path(args.out).write_text("\n".join(json.dumps(r) for r in rows) + "\n")


if __name__ == "__main__":
    main()
