import { h, s } from "./dom.js";

export const AXES = [
  ["romance", "Romance"], ["noise_level", "Quiet"], ["food_quality", "Food"],
  ["vegan_options", "Vegan"], ["value_for_money", "Value"],
];
export const PALETTE = ["#22c55e", "#3b82f6", "#f59e0b", "#ef4444", "#a855f7"];

// One radar, several places: series = [{label, color, scores}], scores 0–10 per axis; an axis
// no review speaks to is null, drawn at the centre and labelled "no reviews", never as a score.
export function radar(series, title) {
  const size = 260, c = size / 2, r = 90;
  const point = (i, v) => {
    const angle = -Math.PI / 2 + (2 * Math.PI * i) / AXES.length;
    return [c + Math.cos(angle) * r * (v / 10), c + Math.sin(angle) * r * (v / 10)];
  };
  const grid = [2, 4, 6, 8, 10].map((v) =>
    s("polygon", { class: "grid", points: AXES.map((_, i) => point(i, v).join(",")).join(" ") }));
  const spokes = AXES.map((_, i) => s("line", { class: "grid", x1: c, y1: c, x2: point(i, 10)[0], y2: point(i, 10)[1] }));
  const single = series.length === 1 ? series[0].scores : null;
  const labels = AXES.map(([key, name], i) => {
    const [x, y] = point(i, 12.4);
    const known = single && single[key] != null;
    return s("text", { x, y, "text-anchor": "middle", "dominant-baseline": "middle" },
      s("tspan", { text: name }),
      single ? s("tspan", { class: "axis-value", x, dy: "1.2em", text: known ? Number(single[key]).toFixed(1) : "no reviews" }) : null);
  });
  const shapes = series.map(({ color, scores, label }) =>
    s("polygon", {
      points: AXES.map(([key], i) => point(i, Math.max(0, Math.min(10, scores[key] ?? 0))).join(",")).join(" "),
      fill: color, "fill-opacity": "0.25", stroke: color, "stroke-width": "2",
    }, s("title", { text: label })));
  const svg = s("svg", { class: "radar", viewBox: `0 0 ${size} ${size}`, role: "img", "aria-label": title },
    s("title", { text: title }), ...grid, ...spokes, ...shapes, ...labels);
  if (series.length > 1) return h("div", { class: "radar-wrap" }, svg, compareTable(series));
  const summary = h("p", { class: "visually-hidden",
    text: series.map((x) => `${x.label}: ` + AXES.map(([k, n]) => (x.scores?.[k] == null ? `${n}: not enough reviews` : `${n} ${score(x.scores, k)} of 10`)).join(", ")).join(". ") });
  return h("div", { class: "radar-wrap" }, svg, summary);
}

const score = (scores, key) => (scores?.[key] == null ? "not enough reviews" : Number(scores[key]).toFixed(1));

// The numbers behind a comparison, one column per place, the best of each axis in bold.
function compareTable(series) {
  return h("div", { class: "table-scroll" }, h("table", { class: "compare" },
    h("thead", {}, h("tr", {}, h("th", { scope: "col", text: "0–10" }),
      series.map((x) => h("th", { scope: "col" }, h("span", { class: "swatch", style: `--c:${x.color}`, "aria-hidden": "true" }), x.label)))),
    h("tbody", {}, AXES.map(([key, name]) => {
      const known = series.filter((x) => x.scores?.[key] != null).map((x) => Number(x.scores[key]));
      const best = known.length ? Math.max(...known) : null;
      return h("tr", {}, h("th", { scope: "row", text: name }),
        series.map((x) => h("td", { class: x.scores?.[key] != null && Number(x.scores[key]) === best ? "best" : null, text: score(x.scores, key) })));
    }))));
}
