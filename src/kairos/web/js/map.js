import { h, s } from "./dom.js";

const PIN_COLOURS = ["#eab308", "#94a3b8", "#b45309"]; // gold, silver, bronze; the rest grey
export const pinColour = (rank) => PIN_COLOURS[rank - 1] || "#6b7280";

let tileUrl = null;

// The operator enables real tiles (KAIROS_MAP_TILES_URL); otherwise the SVG projection is used.
export function tilesConfigured() {
  if (tileUrl !== null) return Promise.resolve(tileUrl);
  return fetch("/ui-config").then((r) => (r.ok ? r.json() : { map_tiles_url: "" }))
    .then((c) => (tileUrl = c.map_tiles_url || ""), () => (tileUrl = ""));
}

export function loadLeaflet() {
  if (window.L) return Promise.resolve(window.L);
  return new Promise((resolve, reject) => {
    const css = document.createElement("link");
    css.rel = "stylesheet";
    css.href = "/static/vendor/leaflet/leaflet.css";
    document.head.append(css);
    const script = document.createElement("script");
    script.src = "/static/vendor/leaflet/leaflet.js";
    script.onload = () => resolve(window.L);
    script.onerror = reject;
    document.head.append(script);
  });
}

function tileMap(container, located, places, onSelect, url) {
  const L = window.L;
  const map = L.map(container, { scrollWheelZoom: false });
  map.tiles = L.tileLayer(url, { maxZoom: 19, attribution: "© OpenStreetMap contributors" }).addTo(map);
  const markers = located.map((p) => {
    const rank = places.indexOf(p) + 1;
    const marker = L.circleMarker([p.lat, p.lng], { radius: 9, color: "#111827", weight: 1.5,
      fillColor: pinColour(rank), fillOpacity: 1 }).addTo(map);
    marker.bindTooltip(`${rank}. ${p.name}`);
    marker.on("click", () => onSelect(p.id));
    marker.placeId = p.id;
    return marker;
  });
  map.bounds = L.latLngBounds(located.map((p) => [p.lat, p.lng])).pad(0.2);
  map.fitBounds(map.bounds);
  container.leafletMarkers = markers;
  return map;
}

// The SVG map shows at once; real tiles replace it only once one has actually loaded.
export function mapView(places, onSelect) {
  const located = places.filter((p) => p.lat != null && p.lng != null);
  const svg = svgMap(places, located, onSelect);
  if (!located.length) return svg;
  const wrap = h("div", { class: "map-wrap" }, svg);
  tilesConfigured().then(async (url) => {
    if (!url) return;
    try {
      await loadLeaflet();
    } catch { return; }
    const container = h("div", { class: "tile-map pending", role: "region", "aria-label": "Map of the results" });
    wrap.append(container);
    const map = tileMap(container, located, places, onSelect, url);
    const giveUp = setTimeout(() => { map.remove(); container.remove(); }, 8000);
    map.tiles.once("tileload", () => {
      clearTimeout(giveUp);
      svg.remove();
      container.classList.remove("pending");
      map.invalidateSize();
      map.fitBounds(map.bounds);
    });
  });
  return wrap;
}

const PIN_INK = ["#111827", "#111827", "#ffffff"];
const NICE_KM = [0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000];

// Ranked pins over a plain equirectangular projection (longitude scaled by cos(latitude)):
// works with no network and no tiles.
function svgMap(places, located, onSelect) {
  if (!located.length) return h("p", { class: "muted", text: "None of these places has coordinates to map." });
  const width = 320, height = 220, pad = 26;
  const lats = located.map((p) => p.lat), lngs = located.map((p) => p.lng);
  const [minLat, maxLat] = [Math.min(...lats), Math.max(...lats)];
  const [minLng, maxLng] = [Math.min(...lngs), Math.max(...lngs)];
  const shrink = Math.max(Math.cos(((minLat + maxLat) / 2) * Math.PI / 180), 0.05);
  const spanLat = Math.max(maxLat - minLat, 0.005), spanLng = Math.max((maxLng - minLng) * shrink, 0.005);
  const scale = Math.min((width - 2 * pad) / spanLng, (height - 2 * pad) / spanLat);
  const x = (lng) => pad + (lng - minLng) * shrink * scale + ((width - 2 * pad) - spanLng * scale) / 2;
  const y = (lat) => height - pad - (lat - minLat) * scale - ((height - 2 * pad) - spanLat * scale) / 2;
  const grid = [1, 2, 3, 4, 5].flatMap((i) => [
    s("line", { class: "graticule", x1: (width * i) / 6, y1: 0, x2: (width * i) / 6, y2: height }),
    s("line", { class: "graticule", x1: 0, y1: (height * i) / 6, x2: width, y2: (height * i) / 6 }),
  ]);
  const kmPerPx = 111.32 / scale;
  const barKm = NICE_KM.filter((km) => km / kmPerPx <= 90).pop() || NICE_KM[0];
  const barPx = barKm / kmPerPx;
  const scaleBar = [
    s("line", { class: "scale-bar", x1: 10, y1: height - 12, x2: 10 + barPx, y2: height - 12 }),
    s("text", { class: "scale-text", x: 10, y: height - 17, text: barKm < 1 ? `${barKm * 1000} m` : `${barKm} km` }),
    s("text", { class: "scale-text", x: width - 10, y: 16, "text-anchor": "end", text: "N ↑" }),
  ];
  // Draw the lowest ranks first so the best pin sits on top when pins overlap.
  const pins = located.map((p) => ({ p, rank: places.indexOf(p) + 1 })).sort((a, b) => b.rank - a.rank).map(({ p, rank }) => {
    const cx = x(p.lng), cy = y(p.lat);
    return s("g", {
      class: "pin", tabindex: "0", role: "button", "aria-label": `${rank}. ${p.name}, show on the list`, "data-place": p.id,
      onclick: () => onSelect(p.id),
      onkeydown: (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); onSelect(p.id); } },
    },
    s("title", { text: `${rank}. ${p.name}` }),
    s("circle", { class: "pin-dot", cx, cy, r: 10, fill: pinColour(rank) }),
    s("text", { x: cx, y: cy + 4, "text-anchor": "middle", fill: PIN_INK[rank - 1] || "#ffffff", text: String(rank) }));
  });
  return h("figure", { class: "map-figure" },
    s("svg", { class: "map", viewBox: `0 0 ${width} ${height}`, role: "group", "aria-label": "Map of the results" },
      s("rect", { class: "map-bg", x: 0, y: 0, width, height }), ...grid, ...scaleBar, ...pins),
    h("figcaption", { class: "note", text: "Offline map: pins placed by their coordinates. Gold, silver and bronze mark the top three." }));
}

export function focusPin(container, id) {
  container.querySelectorAll(".pin").forEach((pin) => {
    const on = pin.dataset.place === String(id);
    pin.classList.toggle("focused", on);
    if (on) pin.parentNode.append(pin); // the focused pin is drawn on top
  });
  const markers = container.querySelector(".tile-map")?.leafletMarkers || [];
  markers.forEach((m) => m.setStyle({ weight: m.placeId === id ? 4 : 1.5, color: m.placeId === id ? "#2563eb" : "#111827" }));
}
