import { h, s } from "./dom.js";

const PIN_COLOURS = ["#eab308", "#94a3b8", "#b45309"]; // gold, silver, bronze; the rest grey
export const pinColour = (rank) => PIN_COLOURS[rank - 1] || "#6b7280";

let tileUrl = null;

// The operator enables real tiles (KAIROS_MAP_TILES_URL); otherwise the SVG projection is used.
function tilesConfigured() {
  if (tileUrl !== null) return Promise.resolve(tileUrl);
  return fetch("/ui-config").then((r) => (r.ok ? r.json() : { map_tiles_url: "" }))
    .then((c) => (tileUrl = c.map_tiles_url || ""), () => (tileUrl = ""));
}

function loadLeaflet() {
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
  L.tileLayer(url, { maxZoom: 19, attribution: "© OpenStreetMap contributors" }).addTo(map);
  const markers = located.map((p) => {
    const rank = places.indexOf(p) + 1;
    const marker = L.circleMarker([p.lat, p.lng], { radius: 9, color: "#111827", weight: 1.5,
      fillColor: pinColour(rank), fillOpacity: 1 }).addTo(map);
    marker.bindTooltip(`${rank}. ${p.name}`);
    marker.on("click", () => onSelect(p.id));
    marker.placeId = p.id;
    return marker;
  });
  map.fitBounds(L.latLngBounds(located.map((p) => [p.lat, p.lng])).pad(0.2));
  container.leafletMarkers = markers;
}

export function mapView(places, onSelect) {
  const located = places.filter((p) => p.lat != null && p.lng != null);
  const svg = svgMap(places, located, onSelect);
  if (!located.length) return svg;
  const wrap = h("div", { class: "map-wrap" }, svg);
  tilesConfigured().then(async (url) => {
    if (!url) return;
    try {
      await loadLeaflet();
      const container = h("div", { class: "tile-map", role: "region", "aria-label": "Map of the results" });
      wrap.replaceChildren(container);
      tileMap(container, located, places, onSelect, url);
    } catch { /* keep the SVG map */ }
  });
  return wrap;
}

// Ranked pins over a plain equirectangular projection: works with no network and no tiles.
function svgMap(places, located, onSelect) {
  if (!located.length) return h("p", { class: "muted", text: "None of these places has coordinates to map." });
  const width = 320, height = 220, pad = 24;
  const lats = located.map((p) => p.lat), lngs = located.map((p) => p.lng);
  const [minLat, maxLat] = [Math.min(...lats), Math.max(...lats)];
  const [minLng, maxLng] = [Math.min(...lngs), Math.max(...lngs)];
  const spanLat = Math.max(maxLat - minLat, 0.005), spanLng = Math.max(maxLng - minLng, 0.005);
  const scale = Math.min((width - 2 * pad) / spanLng, (height - 2 * pad) / spanLat);
  const x = (lng) => pad + (lng - minLng) * scale + ((width - 2 * pad) - spanLng * scale) / 2;
  const y = (lat) => height - pad - (lat - minLat) * scale - ((height - 2 * pad) - spanLat * scale) / 2;
  const pins = located.map((p) => {
    const rank = places.indexOf(p) + 1;
    const circle = s("circle", {
      class: "pin", cx: x(p.lng), cy: y(p.lat), r: 9, fill: pinColour(rank), tabindex: "0",
      role: "button", "aria-label": `${rank}. ${p.name}`, "data-place": p.id,
      onclick: () => onSelect(p.id), onkeydown: (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); onSelect(p.id); } },
    }, s("title", { text: `${rank}. ${p.name}` }));
    const label = s("text", { x: x(p.lng), y: y(p.lat) + 4, "text-anchor": "middle", text: String(rank) });
    return [circle, label];
  });
  return s("svg", { class: "map", viewBox: `0 0 ${width} ${height}`, role: "group", "aria-label": "Map of the results" },
    s("rect", { x: 0, y: 0, width, height, fill: "transparent" }), ...pins.flat());
}

export function focusPin(container, id) {
  container.querySelectorAll(".pin").forEach((pin) =>
    pin.classList.toggle("focused", pin.dataset.place === String(id)));
  const markers = container.querySelector(".tile-map")?.leafletMarkers || [];
  markers.forEach((m) => m.setStyle({ weight: m.placeId === id ? 4 : 1.5, color: m.placeId === id ? "#2563eb" : "#111827" }));
}
