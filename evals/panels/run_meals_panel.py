#!/usr/bin/env python3
"""Play the meals panel against a running Kairos and write what each cook read.

    python evals/panels/run_meals_panel.py --base http://127.0.0.1:8811 --token KairosTest \
        --panel evals/panels/meals.jsonl --out answers.jsonl

Each line: a fresh user made with the line's `profile` (`POST /users/{uid}`), its `request.text`
sent to `POST /meals/coach`, the first suggestion selected (`POST /meals/coach/{id}/select`);
then each of `request.follow_ups` in order: `{"text"}` a coach turn in the same session (its
first suggestion selected again when it offers any), `{"feedback"}` the body of
`POST /meals/{meal_id}/feedback` on the recipe just selected, `{"new"}` a new request in a new
session (selected the same way). One output line per request, {"id", "answer"}: compact text of
what the cook reads — the message, each suggestion with its title, time, why, health words,
pantry use, substitutions and allergy check, what was not offered; the selected recipe's
servings, times, ingredient lines, steps, substitutions, warnings, allergy check and source;
the feedback's result. Fields are found by name, so the runner reads older and newer versions of
the API alike; unknown fields of a suggestion or recipe are shown as `key: value`. A 4xx or 5xx,
or a server that does not answer, is recorded as the answer. It grades nothing.

Standard library + httpx only.
"""

from __future__ import annotations

import contextlib
import json
import sys
import uuid
from typing import Any

from panel_client import Client, Failed, run_panel, squash

PICK = "s1"


# ----------------------------------------------------------------------------- rendering


def value_text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, str):
        return squash(value)
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int | float):
        return f"{value:g}"
    if isinstance(value, list):
        return "; ".join(t for t in (value_text(v) for v in value) if t)
    if isinstance(value, dict):
        return "; ".join(f"{k}: {t}" for k, v in value.items() if (t := value_text(v)))
    return squash(value)


def check_text(check: Any) -> str:
    """An allergy check in words: verdict, summary, each risk with who, who it was checked for."""
    if not isinstance(check, dict):
        return ""
    parts = [f"{check.get('verdict', '?')}: {squash(check.get('summary'))}"]
    for risk in check.get("risks") or []:
        if isinstance(risk, dict):
            parts.append(
                f"{risk.get('name') or risk.get('allergen')} {risk.get('status', '')} "
                f"({risk.get('severity', '')}, for {', '.join(risk.get('who') or [])}): "
                f"{squash(risk.get('message'))}"
            )
    if check.get("unread"):
        parts.append("unread lines: " + "; ".join(squash(u) for u in check["unread"]))
    if check.get("checked_for"):
        parts.append("checked for " + ", ".join(check["checked_for"]))
    return " | ".join(p for p in parts if p.strip(": "))


def healthier_text(h: Any) -> str:
    if not isinstance(h, dict):
        return ""
    text = f"{h.get('verdict', '?')}: {squash(h.get('claim'))}"
    if h.get("title_note"):
        text += f" ({squash(h['title_note'])})"
    return text


_SUGGESTION_DONE = {
    "suggestion_id", "title", "time", "summary", "rationale", "healthier", "nutrition_text",
    "pantry", "substitutions", "allergy", "warnings",
    # not read by a cook: ids, ranking internals, tags
    "source_recipe_ids", "health", "tags", "time_minutes", "difficulty",
}  # fmt: skip


def suggestion_lines(s: dict[str, Any]) -> list[str]:
    head = f"[{s.get('suggestion_id', '?')}] {squash(s.get('title'))}"
    if s.get("time"):
        head += f" ({squash(s['time'])})"
    out = [head]
    for key in ("summary", "rationale"):
        if s.get(key):
            out.append(f"   {key}: {squash(s[key])}")
    if s.get("healthier"):
        out.append(f"   healthier: {healthier_text(s['healthier'])}")
    if s.get("nutrition_text"):
        out.append(f"   nutrition: {squash(s['nutrition_text'])}")
    pantry = s.get("pantry")
    if isinstance(pantry, dict) and pantry.get("text"):
        out.append(f"   pantry: {squash(pantry['text'])}")
    if s.get("substitutions"):
        out.append(f"   substitutions: {value_text(s['substitutions'])}")
    if s.get("warnings"):
        out.append(f"   warnings: {value_text(s['warnings'])}")
    if s.get("allergy"):
        out.append(f"   allergy: {check_text(s['allergy'])}")
    for key, value in s.items():
        if key not in _SUGGESTION_DONE and value not in (None, "", [], {}):
            out.append(f"   {key}: {value_text(value)}")
    return out


_RECIPE_DONE = {
    "title", "servings", "source_servings", "units", "total_minutes", "ingredients", "steps",
    "substitutions", "warnings", "allergy", "source", "url", "nutrition_text", "equipment",
    "difficulty",
    "meal_id", "suggestion_id", "recipe_id", "health", "tags", "nutrition",
}  # fmt: skip


_TIME_NUMBERS = {
    "time_text", "active_minutes", "waiting_minutes", "waiting_for", "time_estimated",
}  # fmt: skip
"""The numbers behind `time_text`: the page shows the text, not them."""


def ingredient_text(ing: Any) -> str:
    if isinstance(ing, str):
        return squash(ing)
    if not isinstance(ing, dict):
        return squash(ing)
    line = squash(ing.get("display") or ing.get("original") or ing.get("item"))
    if ing.get("omitted"):
        line = f"(left out) {squash(ing.get('original'))} — {line}"
    elif ing.get("substitution"):
        sub = ing["substitution"]
        reason = sub.get("reason") if isinstance(sub, dict) else sub
        line += f"   [was: {squash(ing.get('original'))}; {squash(reason)}]"
    return line


def recipe_lines(r: dict[str, Any]) -> list[str]:
    out = [f"RECIPE: {squash(r.get('title'))}"]
    serves = r.get("servings")
    source = r.get("source_servings")
    bits = []
    if serves is not None:
        bits.append(f"servings {value_text(serves)}")
    bits.append(f"source servings {value_text(source) if source is not None else 'not stated'}")
    if r.get("units"):
        bits.append(f"units {r['units']}")
    if r.get("time_text"):  # the time as the web page shows it, the waiting apart
        bits.append(f"time {squash(r['time_text'])}")
    elif r.get("total_minutes") is not None:
        bits.append(f"total {r['total_minutes']} min")
    if r.get("difficulty"):
        bits.append(str(r["difficulty"]))
    if r.get("equipment"):
        bits.append("equipment " + ", ".join(map(str, r["equipment"])))
    out.append("   " + "; ".join(bits))
    done = _RECIPE_DONE | (_TIME_NUMBERS if r.get("time_text") else set())
    for key, value in r.items():  # newer fields (times, yield, licence…) as they come
        if key not in done and value not in (None, "", [], {}):
            out.append(f"   {key}: {value_text(value)}")
    out.append("   ingredients:")
    out += [f"     - {ingredient_text(i)}" for i in r.get("ingredients") or []]
    out.append("   steps:")
    for st in r.get("steps") or []:
        if isinstance(st, dict):
            mark = " (changed)" if st.get("changed") else ""
            out.append(f"     {st.get('number', '-')}.{mark} {squash(st.get('text'))}")
        else:
            out.append(f"     - {squash(st)}")
    if r.get("substitutions"):
        subs = [s.get("reason") if isinstance(s, dict) else s for s in r["substitutions"]]
        out.append(f"   substitutions: {value_text(subs)}")
    if r.get("warnings"):
        out.append("   warnings:")
        out += [f"     - {squash(w)}" for w in r["warnings"]]
    if r.get("nutrition_text"):
        out.append(f"   nutrition: {squash(r['nutrition_text'])}")
    if r.get("allergy"):
        out.append(f"   allergy: {check_text(r['allergy'])}")
    source_text = ", ".join(squash(r[k]) for k in ("source", "url") if r.get(k))
    if source_text:
        out.append(f"   source: {source_text}")
    return out


def answer_lines(a: dict[str, Any]) -> list[str]:
    out = [f"coach: {squash(a.get('message'))}"]
    fu = a.get("follow_up")
    if isinstance(fu, dict):
        q = f"question: {squash(fu.get('question'))}"
        if fu.get("options"):
            q += " (options: " + ", ".join(map(str, fu["options"])) + ")"
        out.append(q)
    ctx = a.get("context")
    if isinstance(ctx, dict):
        bits = [f"{k}: {value_text(ctx[k])}" for k in ("cooking_for", "avoided_allergens",
                "dislikes", "diets", "units", "understood") if ctx.get(k)]  # fmt: skip
        if bits:
            out.append("context: " + "; ".join(bits))
    for s in a.get("suggestions") or []:
        if isinstance(s, dict):
            out += suggestion_lines(s)
    if a.get("not_offered"):
        out.append("not offered: " + value_text(a["not_offered"]))
    for key in ("nearest", "note", "notes"):
        if a.get(key):
            out.append(f"{key}: {value_text(a[key])}")
    if isinstance(a.get("recipe"), dict):
        out += recipe_lines(a["recipe"])
    return out


# ----------------------------------------------------------------------------- playing


class Conversation:
    def __init__(self, c: Client, uid: str | None, out: list[str]) -> None:
        self.c = c
        self.uid = uid
        self.out = out
        self.session: str | None = None
        self.meal_id: str | None = None

    def turn(self, text: str, *, new: bool) -> None:
        body: dict[str, Any] = {"text": text}
        if not new and self.session:
            body["session_id"] = self.session
        answer = self.c.call("POST", "/meals/coach", self.uid, body)
        self.out.extend(answer_lines(answer))
        self.session = answer.get("session_id") or self.session
        ids = [s.get("suggestion_id") for s in answer.get("suggestions") or []
               if isinstance(s, dict)]  # fmt: skip
        if not ids:
            return
        pick = PICK if PICK in ids else ids[0]
        self.out.append(f"[cook picks {pick}]")
        try:
            picked = self.c.call(
                "POST", f"/meals/coach/{self.session}/select", self.uid, {"suggestion_id": pick}
            )
        except Failed as exc:
            self.out.append(str(exc))
            return
        recipe = picked.get("recipe") if isinstance(picked, dict) else None
        if picked.get("message"):
            self.out.append(f"coach: {squash(picked['message'])}")
        if isinstance(recipe, dict):
            self.out += recipe_lines(recipe)
            self.meal_id = recipe.get("meal_id") or self.meal_id

    def feedback(self, body: dict[str, Any]) -> None:
        if not self.meal_id:
            self.out.append("(no recipe was selected: no feedback to send)")
            return
        result = self.c.call("POST", f"/meals/{self.meal_id}/feedback", self.uid, body)
        shown = {k: v for k, v in result.items() if k not in ("meal_id", "facts_changed",
                                                             "memories_added")}  # fmt: skip
        self.out.append("feedback result: " + (value_text(shown) or "(nothing)"))


def play(c: Client, line: dict[str, Any]) -> str:
    request = line["request"]
    uid: str | None = None
    if c.token:
        uid = str(uuid.uuid4())
        c.call("POST", f"/users/{uid}", None, line.get("profile") or {})
    out = [f"[cook] {request['text']}"]
    talk = Conversation(c, uid, out)
    try:
        talk.turn(request["text"], new=True)
        for step in request.get("follow_ups") or []:
            out.append("")
            if "text" in step:
                out.append(f"[cook, same conversation] {step['text']}")
                talk.turn(step["text"], new=False)
            elif "feedback" in step:
                out.append(f"[cook, feedback on the recipe] {json.dumps(step['feedback'])}")
                talk.feedback(step["feedback"])
            elif "new" in step:
                out.append(f"[cook, new request] {step['new']}")
                talk.turn(step["new"], new=True)
    except Failed as exc:
        out.append(str(exc))
    finally:
        if uid:
            with contextlib.suppress(Failed):
                c.call("DELETE", f"/users/{uid}", None)
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    return run_panel((__doc__ or ""), play, argv, default_token="KairosTest")


if __name__ == "__main__":
    sys.exit(main())
