// An item's allergy check (the shared safety step's `AllergyCheck`) said in the same words in
// every view, on the visible card: "No known risk for your allergies", "Warning: may contain
// shellfish (…)", "Unknown: no menu or reviews". A check that found nothing because nothing is
// known of the place (`basis: "none"`) is said as unknown, never as no risk. Text first; the
// symbol and colour only repeat the words.
import { h } from "./dom.js";

const LEVEL = { danger: "Danger", warning: "Warning", caution: "Caution", info: "Note" };

const list = (names) => names.length < 2 ? names.join("") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;

// "your allergies" for one person; "the allergies of you and Sam" for a household or a group.
const whose = (people) => people.length === 1 && people[0] === "you" ? "your allergies" : `the allergies of ${list(people)}`;

// "Warning: may contain shellfish": the risk's level, what is known (contains, or likely) and the allergen.
export function riskHeadline(risk) {
  return `${LEVEL[risk.level] || risk.level}: ${risk.status === "contains" ? "contains" : "may contain"} ${risk.name}`;
}

// The check's one line: [symbol, words, style] (style: danger, caution, unknown or info), or
// null for a place that is not a place to eat.
export function verdictWords(check) {
  if (!check || check.verdict === "not_food") return null;
  const risks = check.risks || [];
  if (check.verdict === "no_allergies") return ["ℹ", "No allergies given, so none were checked", "info"];
  if (check.verdict === "excluded") return ["⛔", `Left out: known to contain ${list(risks.map((r) => r.name))}`, "danger"];
  if (risks.length) {
    const worst = check.verdict === "danger" ? "danger" : "caution";
    return [worst === "danger" ? "⛔" : "⚠", risks.map(riskHeadline).join("; "), worst];
  }
  if (check.verdict === "caution") return ["⚠", "Check before you eat: not every allergen could be checked", "caution"];
  if (check.basis === "none") return ["?", "Unknown: no menu or reviews", "unknown"];
  if (check.basis === "cuisine_heuristic") return ["○", `No known risk for ${whose(check.checked_for)}, judged from its cuisine only`, "info"];
  return ["○", `No known risk for ${whose(check.checked_for)}`, "info"];
}

// The line itself, always visible on the card: the words in bold, then the check's own summary
// when it adds to them (a summary that only repeats the risks is left out).
export function allergyVerdict(check, { extraClass = "" } = {}) {
  const said = verdictWords(check);
  if (!said) return null;
  const [symbol, words, style] = said;
  const repeats = (check.risks?.length && /^Known risk:/.test(check.summary)) || check.verdict === "no_allergies";
  const summary = repeats ? "" : check.summary;
  return h("p", { class: `allergy-verdict ${style} ${extraClass}`.trim(), "data-verdict": check.verdict },
    h("span", { "aria-hidden": "true", text: `${symbol} ` }),
    h("strong", { class: "allergy-verdict-words", text: words }),
    summary ? h("span", { class: "allergy-verdict-summary", text: ` — ${summary}` }) : null);
}

// "Checked for you and Sam: peanuts, sesame." under a check; nothing when no allergy was given,
// since then nothing was checked.
export function checkedFor(check) {
  if (check.verdict === "no_allergies") return null;
  return `Checked for ${check.checked_for.join(", ")}` +
    (check.allergens.length ? `: ${check.allergens.join(", ").replaceAll("_", " ")}.` : ".");
}
