// One operator answer (seed 004) drawn from its OperatorAnswer: the recommendation, why (at
// most two bullets), the trigger, the one question, the action line as a strip (read back from
// the answer's last line, ADR-020), the actions, the assumptions, a chip per source with its
// status and freshness that opens on its explanation (a role with no provider reads "not
// configured", with the settings that configure one beside the chips), the confidence with its
// caps, then the guest signals, the competitor and the demand shape (operator-signals.js).
import { h } from "./dom.js";
import { competitorBlock, demandTable, guestSnapshot } from "./operator-signals.js";

export const CARD_LABEL = { staffing: "Staffing", risk: "Risk", opportunity: "Opportunity" };
const KIND_LABEL = { insight: "insight", clarification: "clarification", explanation: "explanation",
  what_if: "what if", correction: "correction", fallback: "fallback" };
const SOURCE_LABEL = { weather: "Weather", school_calendar: "School calendar", events: "Events",
  closures: "Closures", reviews: "Reviews", demand: "Demand" };
const STATUS_ICON = { ok: "●", stale: "◐", error: "✕", timeout: "⏱", skipped: "○", not_configured: "⊘" };
// A role with no provider is no answer: words, never the green of `ok` (ADR-022).
const STATUS_TEXT = { not_configured: "not configured" };
const ACTION_ICON = { add_staff: "＋", cut_staff: "－", hold: "＝", prep: "◆", risk: "⚠", promote: "★" };

// The same grammar as kairos.operator.action_line: `Action: … | Window: … | Confidence: … |
// Source: name (freshness); …`.
const LINE = /^Action: ([^|\n]+?) \| Window: ([^|\n]+?) \| Confidence: (low|medium|high) \| Source: ([^|\n]+)$/;
const SOURCE = /^([^();]+?) \(([^()]+)\)$/;

export function parseActionLine(text) {
  const last = text.replace(/\n+$/, "").split("\n").pop();
  const match = LINE.exec(last);
  if (!match) return null;
  const sources = [];
  for (const part of match[4].split("; ")) {
    const found = SOURCE.exec(part.trim());
    if (!found) return null;
    sources.push([found[1], found[2]]);
  }
  return { action: match[1], window: match[2], confidence: match[3], sources };
}

function level(value, label = `${value} confidence`) {
  return h("span", { class: `op-level ${value}`, "data-level": value, text: label });
}

function actionStrip(answer) {
  const parsed = parseActionLine(answer.text);
  const line = parsed || answer.action_line;
  const item = (name, ...value) => h("div", { class: `op-action-${name.toLowerCase()}` },
    h("dt", { text: name }), h("dd", {}, ...value));
  return h("dl", { class: `op-action${parsed ? "" : " unparsed"}`, "aria-label": "Action line",
    "data-confidence": line.confidence, title: parsed ? null : "The answer's last line is not an action line" },
  item("Action", h("strong", { text: line.action })),
  item("Window", line.window),
  item("Confidence", level(line.confidence, line.confidence)),
  item("Source", h("ul", { class: "op-cited" }, line.sources.map(([name, fresh]) =>
    h("li", {}, name, " ", h("span", { class: "op-fresh", text: `(${fresh})` }))))));
}

let chipCount = 0;

// A chip with something to explain is a disclosure: the chip is a button (aria-expanded) that
// shows the explanation as text under it, for keyboard, touch and screen readers alike; a hover
// tooltip reaches none of them.
function sourceChip(source) {
  const none = source.status === "not_configured";
  // a role this turn did not ask covers nothing, but "not here" would say it was asked
  const unasked = none || source.status === "skipped";
  const why = [source.note, source.detail, !none && source.error_code && `error code ${source.error_code}`,
    source.provider !== "-" && !none && `provider: ${source.provider}`,
    none ? "no provider, so it is not cited and not counted"
      : !source.informative && !unasked && "does not cover this place or period, so it is not cited"].filter(Boolean).join(" · ");
  const said = [
    h("span", { class: "op-source-icon", "aria-hidden": "true", text: STATUS_ICON[source.status] || "•" }),
    h("span", { class: "op-source-name", text: SOURCE_LABEL[source.name] || source.name }),
    h("span", { class: "op-source-status", text: STATUS_TEXT[source.status] || source.status }),
    none ? null : h("span", { class: "op-source-fresh", text: source.freshness }),
    source.cache_hit ? h("span", { class: "op-source-cache", text: "cached" }) : null,
    source.informative || unasked ? null : h("span", { class: "op-source-cache", text: "not here" })];
  const chip = h("li", {
    class: `op-source ${source.status}${source.informative || unasked ? "" : " uninformative"}`,
    "data-source": source.name, "data-status": source.status,
  });
  if (!why) {
    chip.append(...said.filter(Boolean));
    return chip;
  }
  chipCount += 1;
  const id = `op-source-why-${chipCount}`;
  const panel = h("p", { class: "op-source-why", id, hidden: true, text: why });
  const toggle = h("button", { type: "button", class: "op-source-toggle", "aria-expanded": "false",
    "aria-controls": id,
    onclick: () => {
      const open = toggle.getAttribute("aria-expanded") !== "true";
      toggle.setAttribute("aria-expanded", String(open));
      panel.hidden = !open;
    } }, ...said, h("span", { class: "op-source-more", "aria-hidden": "true", text: "▾" }));
  chip.append(toggle, panel);
  return chip;
}

// Each role with no provider, in words: what is unknown and the settings that configure one.
function unconfigured(sources) {
  const none = sources.filter((s) => s.status === "not_configured" && s.detail);
  if (!none.length) return null;
  return h("ul", { class: "op-unconfigured meta", "aria-label": "Sources not configured" }, none.map((s) =>
    h("li", { "data-source": s.name, text: `${s.detail[0].toUpperCase()}${s.detail.slice(1)}.` })));
}

function confidenceBlock(confidence) {
  return h("div", { class: "op-confidence" },
    h("p", {}, level(confidence.level),
      confidence.uncapped !== confidence.level
        ? h("span", { class: "meta", text: ` (the signals alone say ${confidence.uncapped})` }) : null),
    confidence.caps.length ? h("ul", { class: "op-caps" }, confidence.caps.map((cap) =>
      h("li", {}, h("span", { class: "op-cap-level", text: `capped at ${cap.level}` }), ` ${cap.reason}`))) : null,
    confidence.reasons.length ? h("p", { class: "meta", text: confidence.reasons.join(" · ") }) : null);
}

function actionsList(actions) {
  if (!actions.length) return null;
  return h("ul", { class: "op-actions", "aria-label": "Actions" }, actions.map((a) => {
    const covers = a.expected_covers != null
      ? `≈${a.expected_covers} covers${a.usual_covers != null ? ` (usual ${a.usual_covers})` : ""}` : null;
    const delta = a.staff_delta ? `${a.staff_delta > 0 ? "+" : ""}${a.staff_delta} staff` : null;
    return h("li", { class: "op-act", "data-kind": a.kind },
      h("span", { class: "op-act-icon", "aria-hidden": "true", text: ACTION_ICON[a.kind] || "•" }),
      h("div", {},
        h("p", { class: "op-act-text", text: a.text }),
        h("p", { class: "meta", text: [a.location, a.window, covers, delta].filter(Boolean).join(" · ") }),
        a.drivers.length ? h("ul", { class: "op-drivers" }, a.drivers.map((d) =>
          h("li", { text: `${SOURCE_LABEL[d.source] || d.source}: ${d.summary}${d.effect_pct ? ` (${d.effect_pct > 0 ? "+" : ""}${Math.round(d.effect_pct)}%)` : ""}` }))) : null));
  }));
}

function context(answer) {
  const places = answer.locations.map((loc) => `📍 ${loc.label}${loc.resolved ? "" : ` (approximate: ${loc.kind})`}`);
  const baseline = answer.baseline
    ? `usual ${answer.baseline.covers} covers${answer.baseline.weekday != null
      ? ` on ${["Mondays", "Tuesdays", "Wednesdays", "Thursdays", "Fridays", "Saturdays", "Sundays"][answer.baseline.weekday]}` : ""}`
    : "no baseline yet";
  const parts = [...places.map((p) => h("span", { class: "op-place", text: p })),
    h("span", { class: "op-window", text: `${answer.window_start} → ${answer.window_end}` }),
    h("span", { class: "op-baseline", text: baseline }),
    answer.scope ? h("span", { text: `applies to ${answer.scope === "all" ? "all locations" : "the first location"}` }) : null];
  return h("p", { class: "op-context meta" }, parts.filter(Boolean));
}

// What the answer says before its recommendation: a correction acknowledged, an input refused.
function lead(answer) {
  const at = answer.text.indexOf(answer.recommendation.replaceAll("?", "."));
  const text = at > 0 ? answer.text.slice(0, at).trim() : "";
  return text ? h("p", { class: "op-lead", text }) : null;
}

function turnDetails(answer) {
  return h("details", { class: "op-trace" },
    h("summary", { text: "Turn details" }),
    h("p", { class: "meta", text: `Turn ${answer.turn_index} · ${answer.kind} · phrased by ${answer.phrased_by} · trace ${answer.trace_id}` }),
    h("ol", { class: "op-events", "aria-label": "Events of this turn" }, answer.events.map((e) => h("li", { text: e }))));
}

// `on.answerQuestion(question)` invites a reply; `on.expand()` asks for the review quotes.
export function renderAnswer(answer, on) {
  const question = answer.question ? h("div", { class: "op-question", role: "note", "aria-label": "Kairos asks" },
    h("span", { class: "op-question-mark", "aria-hidden": "true", text: "?" }),
    h("p", {}, h("strong", { text: "Kairos asks: " }), answer.question),
    h("button", { type: "button", class: "btn", text: "Answer", onclick: () => on.answerQuestion(answer.question) })) : null;
  const body = h("details", { class: "op-body", open: true },
    h("summary", {},
      h("span", { class: "op-tags" },
        h("span", { class: "op-tag op-card-tag", text: CARD_LABEL[answer.card] || answer.card }),
        h("span", { class: `op-tag kind ${answer.kind}`, text: KIND_LABEL[answer.kind] || answer.kind }),
        h("span", { class: "op-tag", text: `turn ${answer.turn_index}` })),
      h("h3", { class: "op-recommendation", text: answer.recommendation })),
    lead(answer),
    context(answer),
    answer.why.length ? h("div", { class: "op-why" }, h("h4", { text: "Why" }),
      h("ul", {}, answer.why.map((w) => h("li", { text: w })))) : null,
    h("p", { class: "op-trigger" }, h("strong", { text: "Trigger: " }), answer.trigger),
    question,
    actionStrip(answer),
    actionsList(answer.actions),
    answer.assumptions.length ? h("div", { class: "op-assumptions" }, h("h4", { text: "Assuming" }),
      h("ul", {}, answer.assumptions.map((a) => h("li", { text: a }))),
      h("p", { class: "meta", text: "Correct any of these in a message (“actually 150 covers”); the answer is recomputed." })) : null,
    h("div", { class: "op-sources-block" }, h("h4", { text: "Sources" }),
      h("ul", { class: "op-sources", "aria-label": "Sources" }, answer.sources.map(sourceChip)),
      unconfigured(answer.sources)),
    confidenceBlock(answer.confidence),
    answer.guest_snapshot ? guestSnapshot(answer.guest_snapshot, { onExpand: on.expand }) : null,
    answer.competitor ? competitorBlock(answer.competitor) : null,
    answer.demand.length ? demandTable(answer) : null,
    turnDetails(answer));
  return h("article", { class: "bubble assistant op-answer", "data-card": answer.card, "data-kind": answer.kind,
    "data-turn": answer.turn_index }, body);
}

// The competitor snapshot arrives after the core answer (ADR-025): it joins that answer.
export function addCompetitor(answerEl, snapshot) {
  const body = answerEl.querySelector(".op-body");
  body.querySelector(".op-competitor")?.remove();
  body.insertBefore(competitorBlock(snapshot), body.querySelector(".op-demand, .op-trace"));
}
