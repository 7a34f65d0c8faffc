// The planner's ranked venue cards: scores with their confidence, why / watch out, risk flags by
// severity, the members at risk (named, in the danger style), the venue's allergy check (who it
// was checked for, each risk and who it is for, in words), distances, votes and vetoes.
import { allergyVerdict, checkedFor, riskHeadline, verdictWords } from "./allergy-words.js";
import { h } from "./dom.js";

const TIERS = ["gold", "silver", "bronze"];
const FLAG_ORDER = { high: 0, medium: 1, low: 2 };
const VOTES = [["yes", "👍 Yes"], ["maybe", "🤔 Maybe"], ["no", "👎 No"], ["veto", "⛔ Veto"]];
// Anaphylactic and severe allergies are dangers; a moderate one a warning; an unmet diet a caution.
const RISK_LEVEL = { anaphylactic: "danger", severe: "danger", moderate: "warning", intolerance: "caution", diet: "caution" };

const pct = (x) => `${Math.round(x * 100)}%`;

function scoreLine(v) {
  const vibe = v.vibe_score == null
    ? "Vibe: no score"
    : `Vibe ${v.vibe_score.toFixed(2)} of 1 (${pct(v.vibe_confidence)} confidence${v.vibe_style ? `; reads as ${v.vibe_style.replaceAll("_", " ")}` : ""})`;
  const price = v.price_range
    ? `Price ${v.price_range} (${v.price_confidence} confidence)`
    : "Price: unknown";
  const rating = v.rating == null
    ? "No rating"
    : `★ ${v.rating.toFixed(1)} from ${v.review_count} review${v.review_count === 1 ? "" : "s"}`;
  return h("ul", { class: "pills plan-scores" },
    h("li", { class: "pill vibe", text: vibe }),
    h("li", { class: "pill price", text: price }),
    h("li", { class: "pill rating", text: rating }),
    h("li", { class: "pill", text: `Score ${v.composite.toFixed(2)} of 1` }));
}

function membersAtRisk(v) {
  if (!v.members_at_risk.length) return null;
  return h("div", { class: "at-risk", role: "group", "aria-label": `Members at risk at ${v.name}` },
    ...v.members_at_risk.map((m) => {
      const level = RISK_LEVEL[m.severity] || "danger";
      return h("div", { class: `banner ${level} member-risk`, "data-member": m.name },
        h("strong", { text: `${level === "danger" ? "🚨" : "⚠️"} ${m.name} at risk${m.severity === "diet" ? " (diet)" : ` (${m.severity})`}` }),
        h("span", { text: m.note }));
    }));
}

// The safety step's check of the venue, said in words (never colour alone): the verdict line
// shared by every view ("Warning: contains shellfish", "Unknown: no menu or reviews"), each risk
// with its severity, who it is for and what to do, and who it was checked for.
const BANNER = { danger: "danger", caution: "caution", unknown: "warning", info: "info" };

function allergyCheck(v) {
  const check = v.allergy;
  const said = verdictWords(check);
  if (!said) return null;
  const risks = check.risks.map((r) => h("li", { class: "allergy-risk", "data-allergen": r.allergen },
    h("b", { text: `${riskHeadline(r)} (${r.severity})` }),
    h("span", { class: "allergy-who", text: ` — for ${r.who.join(", ")}` }),
    h("span", { class: "risk-message", text: `. ${r.message}` })));
  return h("section", { class: `banner ${BANNER[said[2]]} allergy-check`, "data-verdict": check.verdict,
    "aria-label": `Allergy check at ${v.name}` },
    allergyVerdict(check),
    risks.length ? h("ul", { class: "allergy-risks" }, ...risks) : null,
    checkedFor(check) ? h("div", { class: "allergy-for", text: checkedFor(check) }) : null,
    check.note ? h("div", { class: "allergy-note", text: check.note }) : null);
}

function riskFlags(v) {
  const notes = new Set(v.members_at_risk.map((m) => m.note));
  const flags = v.risk_flags.filter((f) => !notes.has(f.description))
    .sort((a, b) => FLAG_ORDER[a.severity] - FLAG_ORDER[b.severity]);
  if (!flags.length) return null;
  return h("ul", { class: "risk-flags", "aria-label": "Risk flags" },
    ...flags.map((f) => h("li", { class: `risk-flag ${f.severity}` },
      h("span", { class: `severity ${f.severity}`, text: f.severity }), " ",
      h("span", { text: f.description }),
      f.evidence.length ? h("span", { class: "meta", text: ` — ${f.evidence.slice(0, 3).join(", ")}` }) : null)));
}

function voteBar(v, { member, cast, onVote }) {
  const mine = cast[`${member}|${v.venue_id}`];
  return h("div", { class: "vote-bar", role: "group", "aria-label": `${member}'s vote on ${v.name}` },
    ...VOTES.map(([value, text]) => h("button", {
      type: "button", class: `btn vote vote-${value}`, "data-vote": value, "aria-pressed": String(mine === value),
      text, onclick: (e) => { e.stopPropagation(); onVote(v, value); },
    })),
    h("span", { class: "tally meta", text: VOTES.map(([value]) => `${value} ${v.votes[value] || 0}`).join(" · ") }));
}

export function planCard(v, { backup = false, vote, onSelect, onSpeak } = {}) {
  const tier = TIERS[v.rank - 1] || "grey";
  const title = backup ? `Indoor backup: ${v.name}` : v.name;
  const card = h("article", {
    class: `card plan-card${v.vetoed_by.length ? " vetoed" : ""}${backup ? " backup" : ""}`,
    "data-venue": v.venue_id, "aria-label": backup ? title : `${v.rank}. ${v.name}`,
  });
  const meta = [v.category, v.city, v.address].filter(Boolean).join(" · ");
  const head = h("div", { class: "plan-card-head" },
    backup ? h("span", { class: "rank-badge backup", text: "☂", "aria-hidden": "true" })
      : h("span", { class: `rank-badge ${tier}`, role: "img", "aria-label": `Rank ${v.rank}`, text: String(v.rank) }),
    h("div", { class: "title-block" }, h("h3", { text: title }), meta ? h("div", { class: "meta", text: meta }) : null),
    v.lat != null && onSelect ? h("button", { type: "button", class: "btn show-on-map", "aria-label": `Map: show ${v.name}`,
      text: "📍 Map", onclick: (e) => { e.stopPropagation(); onSelect(v.venue_id); } }) : null);
  const distances = v.member_distances.length
    ? h("p", { class: "distances meta", text: `Travel: ${v.member_distances.map((d) => `${d.name} ${d.km.toFixed(1)} km`).join(" · ")}` })
    : null;
  const speak = v.why && onSpeak ? h("button", { type: "button", class: "btn speak", "aria-label": `Read aloud why ${v.name}`,
    text: "🔊 Read aloud" }) : null;
  const spoken = h("span", { class: "speak-status meta", role: "status" });
  if (speak) speak.addEventListener("click", (e) => { e.stopPropagation(); onSpeak(v.why, speak, spoken); });
  card.append(...[head,
    v.vetoed_by.length ? h("div", { class: "banner danger veto", text: `⛔ Vetoed by ${v.vetoed_by.join(", ")}` }) : null,
    v.veto ? h("div", { class: "banner danger critic-veto", text: "⛔ The critic advises against this venue: see the flags below." }) : null,
    membersAtRisk(v),
    allergyCheck(v),
    scoreLine(v),
    v.why ? h("div", { class: "why-line" }, h("p", { class: "why", text: v.why }), speak, spoken) : null,
    v.watch_out ? h("div", { class: "banner warning watch-out" }, h("strong", { text: "Watch out" }), h("span", { text: v.watch_out })) : null,
    riskFlags(v),
    distances,
    vote && !backup ? voteBar(v, vote) : null].filter(Boolean));
  if (onSelect) card.addEventListener("click", () => onSelect(v.venue_id));
  return card;
}

export function excludedList(excluded) {
  if (!excluded.length) return null;
  return h("section", { class: "excluded", "aria-labelledby": "excluded-title" },
    h("h3", { id: "excluded-title", text: `Left out (${excluded.length})` }),
    h("ul", {}, ...excluded.map((e) => h("li", { class: "banner danger" },
      h("strong", { text: String(e.name) }), h("span", { text: String(e.reason) })))));
}
