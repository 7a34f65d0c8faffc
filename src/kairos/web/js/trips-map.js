// The Trips view's map: each day's route as a line in visiting order and numbered pins, one
// colour token per day (`day-c1…7`, docs/BRAND.md). Like the chat's map (map.js), an offline SVG
// projection shows at once; Leaflet tiles replace it only when a tile server is configured and a
// tile has actually loaded.
import { h, s } from "./dom.js";
import { loadLeaflet, tilesConfigured } from "./map.js";

const COLOURS = 7;
export const dayClass = (index) => `day-c${((index - 1) % COLOURS) + 1}`;
const NICE_KM = [0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50, 100];

function located(trip) {
  return trip.days.map((d) => ({ day: d.index, slots: d.slots.map((slot, i) => ({ ...slot, order: i + 1 })) }));
}

// An equirectangular projection (longitude scaled by cos(latitude)) fitted to every slot.
function project(points, width, height, pad) {
  const lats = points.map((p) => p.lat), lngs = points.map((p) => p.lng);
  const [minLat, maxLat] = [Math.min(...lats), Math.max(...lats)];
  const [minLng, maxLng] = [Math.min(...lngs), Math.max(...lngs)];
  const shrink = Math.max(Math.cos(((minLat + maxLat) / 2) * Math.PI / 180), 0.05);
  const spanLat = Math.max(maxLat - minLat, 0.005), spanLng = Math.max((maxLng - minLng) * shrink, 0.005);
  const scale = Math.min((width - 2 * pad) / spanLng, (height - 2 * pad) / spanLat);
  return {
    x: (lng) => pad + (lng - minLng) * shrink * scale + ((width - 2 * pad) - spanLng * scale) / 2,
    y: (lat) => height - pad - (lat - minLat) * scale - ((height - 2 * pad) - spanLat * scale) / 2,
    kmPerPx: 111.32 / scale,
  };
}

function svgMap(days, onSelect) {
  const width = 480, height = 360, pad = 30;
  const p = project(days.flatMap((d) => d.slots), width, height, pad);
  const grid = [1, 2, 3, 4, 5].flatMap((i) => [
    s("line", { class: "graticule", x1: (width * i) / 6, y1: 0, x2: (width * i) / 6, y2: height }),
    s("line", { class: "graticule", x1: 0, y1: (height * i) / 6, x2: width, y2: (height * i) / 6 }),
  ]);
  const barKm = NICE_KM.filter((km) => km / p.kmPerPx <= 110).pop() || NICE_KM[0];
  const decor = [
    s("line", { class: "scale-bar", x1: 10, y1: height - 12, x2: 10 + barKm / p.kmPerPx, y2: height - 12 }),
    s("text", { class: "scale-text", x: 10, y: height - 17, text: barKm < 1 ? `${barKm * 1000} m` : `${barKm} km` }),
    s("text", { class: "scale-text", x: width - 10, y: 16, "text-anchor": "end", text: "N ↑" }),
  ];
  const lines = days.filter((d) => d.slots.length > 1).map((d) => s("polyline", {
    class: `trip-line ${dayClass(d.day)}`, "data-day": d.day,
    points: d.slots.map((slot) => `${p.x(slot.lng).toFixed(1)},${p.y(slot.lat).toFixed(1)}`).join(" "),
  }));
  const pins = days.flatMap((d) => d.slots.map((slot) => {
    const cx = p.x(slot.lng), cy = p.y(slot.lat);
    const label = `Day ${d.day}, ${slot.order}. ${slot.name}`;
    const select = () => onSelect(d.day, slot.place_id);
    return s("g", {
      class: `trip-pin ${dayClass(d.day)}${slot.kind === "stop" ? "" : " meal"}`, tabindex: "0", role: "button",
      "aria-label": `${label}, show it in the plan`, "data-day": d.day, "data-place": slot.place_id, "data-order": slot.order,
      onclick: select,
      onkeydown: (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); select(); } },
    },
    s("title", { text: label }),
    s("circle", { class: "trip-pin-dot", cx, cy, r: 10 }),
    s("text", { class: "trip-pin-num", x: cx, y: cy + 4, "text-anchor": "middle", text: String(slot.order) }));
  }));
  return s("svg", { class: "map trip-svg", viewBox: `0 0 ${width} ${height}`, role: "group", "aria-label": "Map of the trip's days" },
    s("rect", { class: "map-bg", x: 0, y: 0, width, height }), ...grid, ...decor, ...lines, ...pins);
}

function tileMap(container, days, onSelect, url) {
  const L = window.L;
  const map = L.map(container, { scrollWheelZoom: false });
  map.tiles = L.tileLayer(url, { maxZoom: 19, attribution: "© OpenStreetMap contributors" }).addTo(map);
  // The view first: a marker has no element until the map has one.
  map.bounds = L.latLngBounds(days.flatMap((d) => d.slots.map((slot) => [slot.lat, slot.lng]))).pad(0.1);
  map.fitBounds(map.bounds);
  for (const d of days) {
    const points = d.slots.map((slot) => [slot.lat, slot.lng]);
    if (points.length > 1) L.polyline(points, { className: `trip-line ${dayClass(d.day)}` }).addTo(map);
    for (const slot of d.slots) {
      const icon = L.divIcon({ className: `trip-pin-icon ${dayClass(d.day)}`, iconSize: [24, 24],
        html: h("span", { "aria-hidden": "true", text: String(slot.order) }) });
      const marker = L.marker([slot.lat, slot.lng], { icon, title: `Day ${d.day}, ${slot.order}. ${slot.name}`, keyboard: true }).addTo(map);
      marker.getElement().dataset.place = slot.place_id;
      marker.on("click", () => onSelect(d.day, slot.place_id));
    }
  }
  return map;
}

function legend(days) {
  return h("ul", { class: "trips-legend", "aria-label": "Days on the map" },
    ...days.map((d) => h("li", {},
      h("span", { class: `trips-swatch ${dayClass(d.day)}`, "aria-hidden": "true" }),
      `Day ${d.day}: ${d.slots.length} ${d.slots.length === 1 ? "place" : "places"}`)));
}

// Draws `trip` into `container`; onSelect(day, placeId) when a pin is chosen.
export function drawTripMap(container, trip, onSelect) {
  const days = located(trip).filter((d) => d.slots.length);
  if (!days.length) {
    container.replaceChildren(h("p", { class: "muted", text: "No place on this trip to map yet." }));
    return;
  }
  const svg = svgMap(days, onSelect);
  const wrap = h("div", { class: "map-wrap" }, svg);
  const note = h("p", { class: "note", text: "Offline map: places drawn by their coordinates, a line per day in visiting order." });
  container.replaceChildren(wrap, legend(days), note);
  tilesConfigured().then(async (url) => {
    if (!url || !wrap.isConnected) return;
    try { await loadLeaflet(); } catch { return; }
    const tiles = h("div", { class: "tile-map trips-tiles pending", role: "region", "aria-label": "Map of the trip's days" });
    wrap.append(tiles);
    const map = tileMap(tiles, days, onSelect, url);
    const giveUp = setTimeout(() => { map.remove(); tiles.remove(); }, 8000);
    map.tiles.once("tileload", () => {
      clearTimeout(giveUp);
      svg.remove();
      tiles.classList.remove("pending");
      note.textContent = "Map tiles © OpenStreetMap contributors; a line per day in visiting order.";
      map.invalidateSize();
      map.fitBounds(map.bounds);
    });
  });
}

export function focusTripPin(container, placeId) {
  container.querySelectorAll(".trip-pin").forEach((pin) => {
    const on = pin.dataset.place === String(placeId);
    pin.classList.toggle("focused", on);
    if (on) pin.parentNode.append(pin);
  });
  container.querySelectorAll(".trip-pin-icon").forEach((pin) => pin.classList.toggle("focused", pin.dataset.place === String(placeId)));
}
