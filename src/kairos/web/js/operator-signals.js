// The operator answer's signal blocks: the guest signal snapshot with its evidence expander
// (ADR-018: paraphrased by default, short quotes only when the operator asks), the competitor
// snapshot (ADR-025: its own block), and the demand shape as a weekday × daypart heat table.
import { h } from "./dom.js";

const THEME_LABEL = { wait_time: "Wait times", staffing: "Staffing", noise: "Noise", food: "Food", service: "Service" };
const DAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];
const DAYPARTS = ["breakfast", "lunch", "afternoon", "dinner", "late"];
const SHORT = { breakfast: "bkfst", lunch: "lunch", afternoon: "aftn", dinner: "dinner", late: "late" };
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

const month = (iso) => (iso ? `${MONTHS[Number(iso.slice(5, 7)) - 1]} ${iso.slice(0, 4)}` : "?");

function themes(list) {
  return h("ul", { class: "op-themes" }, list.map((t) =>
    h("li", { "data-theme": t.theme },
      h("span", { class: "op-theme-name", text: THEME_LABEL[t.theme] || t.theme }),
      h("span", { class: "op-theme-counts" },
        h("span", { class: "op-pos", title: "positive mentions", text: `+${t.positive}` }),
        h("span", { class: "op-neg", title: "negative mentions", text: `−${t.negative}` })),
      h("span", { class: "op-theme-summary", text: t.summary }))));
}

function header(snapshot, title) {
  return [
    h("h4", { text: title }),
    h("p", { class: "meta op-sample" },
      `${snapshot.sample_size} review${snapshot.sample_size === 1 ? "" : "s"} · ${month(snapshot.window_start)} – ${month(snapshot.window_end)}`,
      snapshot.sparse ? h("span", { class: "op-sparse", text: "few or old reviews: confidence lowered" }) : null),
  ];
}

export function evidenceList(items) {
  return h("ol", { class: "op-quotes" }, items.map((e) =>
    h("li", { class: `op-quote ${e.polarity}`, "data-review-id": e.review_id },
      e.snippet ? h("blockquote", { text: e.snippet }) : null,
      h("p", { class: "meta" },
        h("span", { class: "op-review-id", text: `review #${e.review_id}` }),
        ` · ${e.date || "undated"} · ${e.place} · ${THEME_LABEL[e.theme] || e.theme} · ${e.polarity}`))));
}

// The expander: when the answer carries no quotes yet, opening it asks for them in the same
// session (a follow-up turn, `onExpand`); the quotes then arrive with that turn's answer.
function evidence(snapshot, onExpand) {
  const quoted = snapshot.evidence.filter((e) => e.snippet);
  const cited = new Set(snapshot.evidence.map((e) => e.review_id)).size;
  const details = h("details", { class: "op-evidence", open: quoted.length > 0 },
    h("summary", { text: quoted.length ? `Evidence: ${quoted.length} quotes from ${cited} reviews` : `Show evidence (${cited} reviews cited)` }));
  if (quoted.length) {
    details.append(evidenceList(quoted));
    return details;
  }
  let asked = false;
  details.addEventListener("toggle", () => {
    if (!details.open || asked || !onExpand) return;
    asked = true;
    details.append(h("p", { class: "muted", role: "status", text: "Asking Kairos for the quotes; they arrive with the next answer below." }));
    onExpand();
  });
  if (!onExpand) details.append(evidenceList(snapshot.evidence));
  return details;
}

export function guestSnapshot(snapshot, { onExpand } = {}) {
  return h("section", { class: "op-guests", "aria-label": `Guest signal snapshot of ${snapshot.place}` },
    ...header(snapshot, `Guest signal snapshot · ${snapshot.place}`),
    h("p", { class: "op-summary", text: snapshot.summary }),
    snapshot.themes.length ? themes(snapshot.themes) : null,
    snapshot.evidence.length ? evidence(snapshot, onExpand) : null);
}

export function competitorBlock(competitor) {
  const snap = competitor.snapshot;
  return h("section", { class: "op-competitor", "data-status": competitor.status, "aria-label": `Competitor ${competitor.name}` },
    ...(snap ? header(snap, `Competitor · ${competitor.name}`) : [h("h4", { text: `Competitor · ${competitor.name}` })]),
    h("p", { class: `op-competitor-status ${competitor.status}`, text: competitor.status.replaceAll("_", " ") }),
    h("p", { class: "op-summary", text: competitor.detail }),
    snap && snap.themes.length ? themes(snap.themes) : null,
    snap && snap.evidence.some((e) => e.snippet) ? evidenceList(snap.evidence.filter((e) => e.snippet)) : null);
}

// The weekdays the answer's window covers (dates are ISO days; 0 = Monday as in the API).
function windowDays(start, end) {
  const days = new Set();
  const last = Date.parse(`${end}T00:00:00Z`);
  for (let t = Date.parse(`${start}T00:00:00Z`), n = 0; t <= last && n < 7; t += 86400000, n++) {
    days.add((new Date(t).getUTCDay() + 6) % 7);
  }
  return days;
}

export function demandTable(answer) {
  const share = new Map(answer.demand.map((d) => [`${d.weekday}|${d.daypart}`, d.share]));
  const max = Math.max(...answer.demand.map((d) => d.share), 1e-9);
  const inWindow = windowDays(answer.window_start, answer.window_end);
  return h("section", { class: "op-demand" },
    h("h4", { text: "Demand shape" }),
    h("div", { class: "table-scroll" },
      h("table", { class: "op-heat" },
        h("caption", { class: "meta", text: `Share of the week's guests by weekday and daypart${answer.demand_basis ? `: ${answer.demand_basis}` : ""}. Days in this answer's window are marked ◆.` }),
        h("thead", {}, h("tr", {}, h("th", { scope: "col", text: "Day" }),
          DAYPARTS.map((p) => h("th", { scope: "col", "aria-label": p },
            h("span", { class: "long", text: p }), h("span", { class: "short", "aria-hidden": "true", text: SHORT[p] }))))),
        h("tbody", {}, DAYS.map((day, weekday) => h("tr", { class: inWindow.has(weekday) ? "in-window" : null },
          h("th", { scope: "row", text: inWindow.has(weekday) ? `◆ ${day}` : day }),
          DAYPARTS.map((part) => {
            const value = share.get(`${weekday}|${part}`) || 0;
            const heat = value ? Math.max(1, Math.round((value / max) * 4)) : 0;
            return h("td", { "data-heat": heat, text: value ? `${(value * 100).toFixed(1)}%` : "–" });
          })))))));
}
