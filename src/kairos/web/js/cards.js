import { api } from "./api.js";
import { clear, errorBox, h } from "./dom.js";
import { radar } from "./radar.js";

export const fitColour = (score) => (score >= 80 ? "#22c55e" : score >= 60 ? "#f59e0b" : "#6b7280");
const TAG_ICONS = { cuisine: "🍴", vibe: "✨", price: "💰", dietary: "🌿", allergy_safe: "✅" };
const LEVEL_ICONS = { danger: "🚨", warning: "⚠️", caution: "⚡", info: "ℹ️" };
const STATUS_TEXT = { contains: "contains", may_contain: "may contain", unverified: "unverified" };
const SOURCE_TEXT = { menu: "menu", dish: "dish", review: "review", cuisine_heuristic: "cuisine heuristic" };

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

// A card for a place: `item` is a feed RecommendationItem, or {restaurant} for a chat result.
export function placeCard(item, { uid, rank, onFocus } = {}) {
  const r = item.restaurant;
  const fit = item.fit_score;
  const card = h("article", { class: "card", "data-place": r.id });
  const expandId = `expand-${r.id}-${Math.random().toString(36).slice(2, 7)}`;
  const chevron = h("button", { type: "button", class: "chevron", "aria-expanded": "false",
    "aria-controls": expandId, "aria-label": `Details for ${r.name}`, text: "▾" });
  const link = r.url ? h("a", { class: "ext", href: r.url, target: "_blank", rel: "noopener",
    onclick: (e) => e.stopPropagation(), text: "Open ↗" }) : null;
  const head = h("div", { class: "card-head" },
    h("div", { class: "badges" },
      fit != null ? h("div", { class: "fit", style: `background:${fitColour(fit)}`, title: "Fit score",
        "aria-label": `Fit ${fit} of 100`, text: String(fit) }) : null,
      rank != null ? h("div", { class: "rank", "aria-label": `Rank ${rank}`, text: String(rank) }) : null),
    h("div", {},
      h("div", { class: "title-line" }, h("h3", { text: r.name }),
        r.rating != null ? h("span", { class: "stars", text: `★ ${r.rating.toFixed(1)}` }) : null),
      h("div", { class: "meta", text: metaLine(r) })),
    h("div", { class: "head-actions" }, link, chevron));
  const tags = (item.fit_tags || []).slice(0, 4);
  const quote = item.consolidated_review?.text || r.summary?.text;
  const warnings = item.allergy_summary?.warnings || r.allergy_warnings;
  const note = item.allergy_summary?.confidence_note || r.confidence_note;
  const panel = h("div", { class: "expand", id: expandId });
  card.append(...[head,
    tags.length ? h("ul", { class: "pills" }, tags.map((t) => h("li", { class: "pill", text: `${TAG_ICONS[t.type] || ""} ${t.label}` }))) : null,
    quote ? h("p", { class: "quote", text: `“${quote}”` }) : null,
    ...banners(warnings, warnings?.length ? note : null),
    panel].filter(Boolean));
  let detail = null;
  const toggle = async () => {
    const open = !card.classList.contains("open");
    card.classList.toggle("open", open);
    chevron.setAttribute("aria-expanded", String(open));
    if (onFocus) onFocus(r.id);
    if (open && !detail && uid) {
      clear(panel).append(expandSkeleton());
      try {
        detail = await api.expand(uid, r.id);
        clear(panel).append(expanded(detail, fit ?? detail.fit_score, r));
      } catch (error) {
        clear(panel).append(errorBox(error.message, () => { card.classList.remove("open"); toggle(); }));
      }
    } else if (open && !uid && !detail) {
      clear(panel).append(chatDetail(r));
      detail = true;
    }
  };
  head.addEventListener("click", toggle);
  return card;
}

function expandSkeleton() {
  return h("div", { class: "skeleton", "aria-label": "Loading details" }, h("div"), h("div"), h("div"));
}

function pills(lines, cls) {
  return h("ul", { class: "pills" }, lines.map((l) => h("li", { class: `pill ${cls}`, title: l.rule, text: l.text })));
}

function expanded(d, fit, r) {
  const colour = fitColour(fit ?? 0);
  return h("div", { class: "expand-inner" },
    h("section", {}, h("h4", { text: "Why it fits" }), h("blockquote", { text: d.why_fit_paragraph })),
    d.highlights.length ? h("section", {}, h("h4", { text: "Highlights" }),
      h("ul", { class: "highlights" }, d.highlights.map((x) => h("li", { text: `${x.text}` }, h("span", { class: "muted", text: ` (review ${x.review_id})` }))))) : null,
    h("section", {}, h("h4", { text: "What people say" }),
      h("p", { class: "quote", text: d.review_summary.text ? `“${d.review_summary.text}”` : "No reviews yet." }),
      d.review_summary.review_ids.length ? h("p", { class: "note", text: `Quoted from review ${d.review_summary.review_ids.join(", ")}` }) : null),
    h("section", {}, h("h4", { text: "Vibe scores" }),
      radar([{ label: r.name, color: colour, scores: d.radar_scores }], `Vibe scores for ${r.name}`)),
    d.best_for.length ? h("section", {}, h("h4", { text: "Best for" }), pills(d.best_for, "good")) : null,
    d.avoid_if.length ? h("section", {}, h("h4", { text: "Avoid if" }), pills(d.avoid_if, "bad")) : null,
    h("section", {}, h("h4", { text: "Crowd" }), h("p", { text: d.crowd_profile.text })),
    allergyTable(d.allergy_detail));
}

function allergyTable(a) {
  return h("section", {}, h("h4", { text: "Allergy breakdown" }),
    h("p", { text: a.summary }),
    a.statuses.length ? h("table", { class: "allergy" },
      h("thead", {}, h("tr", {}, ["Allergen", "Status", "Source", "Evidence"].map((t) => h("th", { scope: "col", text: t })))),
      h("tbody", {}, a.statuses.map((x) => h("tr", {},
        h("td", { text: `${x.allergen} (${x.severity})` }),
        h("td", { text: STATUS_TEXT[x.status] || x.status }),
        h("td", { text: SOURCE_TEXT[x.source] || x.source || "—" }),
        h("td", { text: x.evidence || "—" }))))) : null,
    a.recommendations.map((t) => h("p", { class: "note", text: t })),
    a.confidence_note ? h("p", { class: "note", text: a.confidence_note }) : null);
}

// Chat results carry their scores already: show them without another request.
function chatDetail(r) {
  return h("div", { class: "expand-inner" },
    r.scores ? radar([{ label: r.name, color: "#3b82f6", scores: r.scores }], `Vibe scores for ${r.name}`) : null,
    r.why?.snippet ? h("p", { class: "quote", text: `“${r.why.snippet}”` }) : null,
    r.allergen_status?.length ? allergyTable({ summary: r.allergy_summary, statuses: r.allergen_status, recommendations: [], confidence_note: r.confidence_note }) : null);
}
