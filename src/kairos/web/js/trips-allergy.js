// A meal break's allergy check (the slot's `allergy`, made by the shared safety step for "you"),
// or a place's in an answer about it:
// the verdict in words with a symbol, the summary, why a place with a known risk was kept, each
// risk (its level as a word, the allergen, for whom, and its message), and how far the knowledge
// goes. A stop is not a place to eat: its check says so and nothing is drawn. Every state is
// text first; colour only repeats it.
import { allergyVerdict, riskHeadline } from "./allergy-words.js";
import { h } from "./dom.js";

const list = (names) => names.length < 2 ? names.join("") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;

// "for you" / "for Ana and Ben": who a risk is for, as the check names them.
export const forWhom = (who) => `for ${list(who)}`;

export function riskLabel(risk) {
  return `${riskHeadline(risk)} · ${forWhom(risk.who)}`;
}

// The short words a map pin or a heading can add: "known allergy risk" or nothing.
export function riskWords(slot) {
  const check = slot.allergy;
  if (!check || slot.kind === "stop" || !check.risks?.length) return "";
  return check.verdict === "danger" ? "anaphylaxis risk" : "known allergy risk";
}

export function allergyBlock(slot) {
  const check = slot.allergy;
  if (!check || check.verdict === "not_food") return null;
  const risks = check.risks || [];
  return h("div", { class: `trip-allergy ${check.verdict}`, "data-verdict": check.verdict, role: "group",
    "aria-label": `Allergy check of ${slot.name} for ${list(check.checked_for)}` },
    allergyVerdict(check, { extraClass: "trip-allergy-verdict" }),
    slot.risk_reason ? h("p", { class: "trip-allergy-why" }, h("strong", { text: "Why this place: " }), slot.risk_reason) : null,
    risks.length ? h("ul", { class: "trip-allergy-risks" }, ...risks.map((r) => h("li", {
      class: `trip-risk ${r.level}`, "data-allergen": r.allergen },
    h("strong", { class: "trip-risk-label", text: riskLabel(r) }), h("span", { class: "trip-risk-message", text: r.message })))) : null,
    check.note && check.verdict !== "no_allergies" ? h("p", { class: "trip-allergy-note", text: check.note }) : null);
}
