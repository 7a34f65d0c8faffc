import { h, s } from "./dom.js";

export const AXES = [
  ["romance", "Romance"], ["noise_level", "Quiet"], ["food_quality", "Food"],
  ["vegan_options", "Vegan"], ["value_for_money", "Value"],
];
export const PALETTE = ["#22c55e", "#3b82f6", "#f59e0b", "#ef4444", "#a855f7"];

// One radar, several places: series = [{label, color, scores}], scores 0–10 per axis.
export function radar(series, title) {
  const size = 260, c = size / 2, r = 90;
  const point = (i, v) => {
    const angle = -Math.PI / 2 + (2 * Math.PI * i) / AXES.length;
    return [c + Math.cos(angle) * r * (v / 10), c + Math.sin(angle) * r * (v / 10)];
  };
  const grid = [2, 4, 6, 8, 10].map((v) =>
    s("polygon", { class: "grid", points: AXES.map((_, i) => point(i, v).join(",")).join(" ") }));
  const spokes = AXES.map((_, i) => s("line", { class: "grid", x1: c, y1: c, x2: point(i, 10)[0], y2: point(i, 10)[1] }));
  const labels = AXES.map(([, name], i) => {
    const [x, y] = point(i, 12.2);
    return s("text", { x, y, "text-anchor": "middle", "dominant-baseline": "middle", text: name });
  });
  const shapes = series.map(({ color, scores, label }) =>
    s("polygon", {
      points: AXES.map(([key], i) => point(i, Math.max(0, Math.min(10, scores[key] ?? 0))).join(",")).join(" "),
      fill: color, "fill-opacity": "0.25", stroke: color, "stroke-width": "2",
    }, s("title", { text: label })));
  const svg = s("svg", { class: "radar", viewBox: `0 0 ${size} ${size}`, role: "img", "aria-label": title },
    s("title", { text: title }), ...grid, ...spokes, ...shapes, ...labels);
  const legend = series.length > 1
    ? h("div", { class: "legend" }, series.map((x) => h("span", { style: `--c:${x.color}`, text: x.label })))
    : null;
  const summary = h("p", { class: "visually-hidden",
    text: series.map((x) => `${x.label}: ` + AXES.map(([k, n]) => `${n} ${x.scores[k]}`).join(", ")).join(". ") });
  return h("div", { class: "radar-wrap" }, svg, legend, summary);
}
