import { api } from "./api.js";
import { clear, errorBox, h, safeUrl } from "./dom.js";
import { radar } from "./radar.js";

// Seed §12: ≥ 80 green, 60–79 amber, < 60 grey. Text on the badge keeps 4.5:1 contrast.
export const fitColour = (score) => (score >= 80 ? "#22c55e" : score >= 60 ? "#f59e0b" : "#6b7280");
const fitInk = (score) => (score >= 60 ? "#111827" : "#ffffff");
const fitTier = (score) => (score >= 80 ? "Excellent match" : score >= 60 ? "Good match" : "Partial match");
const TAG_ICONS = { cuisine: "🍴", vibe: "✨", price: "💰", dietary: "🌿", allergy_safe: "✅" };
const LEVEL_ICONS = { danger: "🚨", warning: "⚠️", caution: "⚡", info: "ℹ️" };
const STATUS_TEXT = { contains: "contains", may_contain: "may contain", unverified: "unverified" };
const SOURCE_TEXT = { menu: "menu", dish: "dish", review: "review", category: "category", name: "name", cuisine_heuristic: "cuisine heuristic" };
const ASPECTS = {
  romance: ["💕", "Romance"], noise_level: ["🤫", "Quiet"], food_quality: ["🍽️", "Food"],
  vegan_options: ["🌱", "Vegan options"], value_for_money: ["💸", "Value"], group_friendly: ["👥", "Groups"],
  kid_friendly: ["🧒", "Kids"], classy: ["🥂", "Classy"], casual: ["👕", "Casual"], trendy: ["✨", "Trendy"],
  divey: ["🍺", "Dive bar"], service: ["🤝", "Service"],
};

export function banners(warnings, note) {
  return [
    ...(warnings || []).map((w) => h("div", { class: `banner ${w.level}`, role: w.level === "danger" ? "alert" : null },
      h("strong", { text: `${LEVEL_ICONS[w.level] || ""} ${w.title}` }), h("span", { text: w.message }))),
    note ? h("p", { class: "note", text: note }) : null,
  ];
}

function metaLine(r) {
  return [r.cuisine_types.slice(0, 2).join(", "), r.area || r.city, r.price_tier].filter(Boolean).join(" · ");
}

let serial = 0;

// A card for a place: `item` is a feed RecommendationItem, or {restaurant} for a chat result.
// Feed cards (with `uid`) fetch their detail once on first open and keep it.
export function placeCard(item, { uid, rank, onFocus } = {}) {
  const r = item.restaurant;
  const fit = item.fit_score;
  const card = h("article", { class: "card", "data-place": r.id, "aria-label": r.name });
  const expandId = `expand-${r.id}-${++serial}`;
  const chevron = h("button", { type: "button", class: "chevron", "aria-expanded": "false",
    "aria-controls": expandId, "aria-label": `Details for ${r.name}`, text: "▾" });
  const url = safeUrl(r.url);
  const link = url ? h("a", { class: "ext", href: url, target: "_blank", rel: "noopener noreferrer",
    "aria-label": `Website of ${r.name} (opens in a new tab)`, onclick: (e) => e.stopPropagation() },
    h("span", { class: "ext-label", text: "Website" }), " ↗") : null;
  const head = h("div", { class: "card-head" },
    h("div", { class: "badges" },
      fit != null ? h("div", { class: "fit", style: `background:${fitColour(fit)};color:${fitInk(fit)}`,
        role: "img", "aria-label": `Fit ${fit} of 100, ${fitTier(fit)}` },
        h("span", { text: String(fit) }), h("span", { class: "fit-of", text: "/100" })) : null,
      rank != null ? h("div", { class: "rank", role: "img", "aria-label": `Rank ${rank}`, text: String(rank) }) : null),
    h("div", { class: "title-block" },
      h("div", { class: "title-line" }, h("h3", { text: r.name }),
        r.rating != null ? h("span", { class: "stars", "aria-label": `rated ${r.rating.toFixed(1)} of 5`,
          text: `★ ${r.rating.toFixed(1)}` }) : null),
      h("div", { class: "meta", text: metaLine(r) })),
    h("div", { class: "head-actions" }, link, chevron));
  const tags = (item.fit_tags || []).slice(0, 4);
  const quote = item.consolidated_review?.text || r.summary?.text;
  const warnings = item.allergy_summary?.warnings || r.allergy_warnings;
  const note = item.allergy_summary?.confidence_note || r.confidence_note;
  // The place's allergy assessment is on the collapsed card (issue 41, item 5): the warnings as
  // banners, else the guard's one line (no allergen found, from its cuisine only, unverified).
  const assessment = item.allergy_summary?.summary ?? r.allergy_summary;
  const safeLine = !warnings?.length && assessment
    ? h("p", { class: "note allergy-line", text: assessment }) : null;
  // Hidden while collapsed: not read by a screen reader, its links not reached by Tab.
  const panel = h("div", { class: "expand", id: expandId, role: "region", "aria-label": `More about ${r.name}`, hidden: true });
  card.append(...[head,
    tags.length ? h("ul", { class: "pills", "aria-label": "Why it fits" },
      tags.map((t) => h("li", { class: `pill tag-${t.type}`, text: `${TAG_ICONS[t.type] || ""} ${t.label}` }))) : null,
    quote ? h("p", { class: "quote", text: `“${quote}”` }) : null,
    r.hours_note ? h("p", { class: "note hours", text: `🕒 ${r.hours_note}` }) : null,
    safeLine,
    ...banners(warnings, warnings?.length ? note : null),
    panel].filter(Boolean));

  let loaded = false;
  let loading = false;
  async function load() {
    if (loaded || loading) return;
    if (!uid) {
      clear(panel).append(chatDetail(r));
      loaded = true;
      return;
    }
    loading = true;
    clear(panel).append(expandSkeleton());
    try {
      const detail = await api.expand(uid, r.id);
      clear(panel).append(expanded(detail, fit ?? detail.fit_score, r));
      loaded = true;
    } catch (error) {
      clear(panel).append(errorBox(`Could not load the details: ${error.message}`, load));
    } finally {
      loading = false;
    }
  }
  const toggle = () => {
    const open = !card.classList.contains("open");
    card.classList.toggle("open", open);
    chevron.setAttribute("aria-expanded", String(open));
    panel.hidden = !open;
    onFocus?.(r.id);
    if (open) load();
  };
  head.addEventListener("click", toggle);
  return card;
}

function expandSkeleton() {
  return h("div", { class: "skeleton", role: "status", "aria-label": "Loading details" }, h("div"), h("div"), h("div"));
}

function pills(lines, cls) {
  return h("ul", { class: "pills" }, lines.map((l) => h("li", { class: `pill ${cls}`, title: l.rule, text: l.text })));
}

function highlight(x, scores) {
  const [icon, name] = ASPECTS[x.aspect] || ["•", x.aspect.replaceAll("_", " ")];
  const score = scores?.[x.aspect];
  const title = score != null ? `${name} ${Number(score).toFixed(1)}/10` : name;
  return h("li", {}, h("span", { class: "hl-icon", "aria-hidden": "true", text: icon }),
    h("span", {}, h("strong", { text: title }), " — ", x.text,
      h("span", { class: "muted", text: ` (review ${x.review_id})` })));
}

function expanded(d, fit, r) {
  const colour = fitColour(fit ?? 0);
  return h("div", { class: "expand-inner" },
    h("section", {}, h("h4", { text: "Why it fits" }), h("blockquote", { text: d.why_fit_paragraph })),
    d.highlights.length ? h("section", {}, h("h4", { text: "Highlights" }),
      h("ul", { class: "highlights" }, d.highlights.map((x) => highlight(x, d.radar_scores)))) : null,
    h("section", {}, h("h4", { text: "What people say" }),
      h("p", { class: "quote", text: d.review_summary.text ? `“${d.review_summary.text}”` : "No reviews yet." }),
      d.review_summary.review_ids.length
        ? h("p", { class: "note", text: `Quoted from review ${d.review_summary.review_ids.join(", ")}` }) : null),
    h("div", { class: "split" },
      h("section", { class: "vibe" }, h("h4", { text: "Vibe scores" }), h("p", { class: "meta", text: "Each on a scale of 0 to 10." }),
        radar([{ label: r.name, color: colour, scores: d.radar_scores }], `Vibe scores for ${r.name}`)),
      h("div", { class: "side" },
        d.best_for.length ? h("section", {}, h("h4", { text: "Best for" }), pills(d.best_for, "good")) : null,
        d.avoid_if.length ? h("section", {}, h("h4", { text: "Avoid if" }), pills(d.avoid_if, "bad")) : null,
        h("section", {}, h("h4", { text: "Crowd" }), h("p", { class: "crowd", text: d.crowd_profile.text })))),
    allergyTable(d.allergy_detail));
}

function allergyTable(a) {
  return h("section", { class: "allergy-detail" }, h("h4", { text: "Allergy breakdown" }),
    a.summary ? h("p", { text: a.summary }) : null,
    a.statuses.length ? h("div", { class: "table-scroll" }, h("table", { class: "allergy" },
      h("thead", {}, h("tr", {}, ["Allergen", "Status", "Source", "Evidence"].map((t) => h("th", { scope: "col", text: t })))),
      h("tbody", {}, a.statuses.map((x) => h("tr", {},
        h("td", { text: `${x.allergen.replaceAll("_", " ")} (${x.severity})` }),
        h("td", {}, h("span", { class: `status ${x.status}`, text: STATUS_TEXT[x.status] || x.status })),
        h("td", { text: x.source ? `${SOURCE_TEXT[x.source] || x.source}${x.confidence ? ` · ${x.confidence}` : ""}` : "no record" }),
        h("td", { text: x.evidence || "—" })))))) : null,
    (a.recommendations || []).map((t) => h("p", { class: "note", text: t })),
    a.confidence_note ? h("p", { class: "note", text: a.confidence_note }) : null);
}

// Chat results carry their scores already: show them without another request.
function chatDetail(r) {
  const why = r.why;
  return h("div", { class: "expand-inner" },
    r.address ? h("p", { class: "note", text: r.address }) : null,
    why?.matched_terms?.length ? h("p", { class: "note", text: `Matched: ${why.matched_terms.join(", ")}` }) : null,
    r.scores ? h("section", { class: "vibe" }, h("h4", { text: "Vibe scores" }), h("p", { class: "meta", text: "Each on a scale of 0 to 10." }),
      radar([{ label: r.name, color: "#3b82f6", scores: r.scores }], `Vibe scores for ${r.name}`)) : null,
    why?.snippet && why.snippet !== r.summary?.text ? h("p", { class: "quote", text: `“${why.snippet}”` }) : null,
    r.allergen_status?.length ? allergyTable({ summary: r.allergy_summary, statuses: r.allergen_status,
      recommendations: [], confidence_note: r.confidence_note }) : null);
}
