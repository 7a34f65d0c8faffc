// The Trips view's map: each day's route as a line in visiting order and numbered pins, one
// colour token per day (`day-c1…7`, docs/BRAND.md). Like the chat's map (map.js), an offline SVG
// projection shows at once; Leaflet tiles replace it only when a tile server is configured and a
// tile has actually loaded. The start point ("hotel") is a square ⌂ marker; a click on the map
// (not on a pin) picks it, and a trip planned from it draws each day as a loop from and back to it.
import { h, s } from "./dom.js";
import { loadLeaflet, tilesConfigured } from "./map.js";
import { riskWords } from "./trips-allergy.js";

const COLOURS = 7;
export const dayClass = (index) => `day-c${((index - 1) % COLOURS) + 1}`;
const NICE_KM = [0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50, 100];

// A place whose source gives no position is not drawn (its coordinates are the city's centre).
function located(trip) {
  return trip.days.map((d) => ({ day: d.index, slots: d.slots.map((slot, i) => ({ ...slot, order: i + 1 }))
    .filter((slot) => slot.position_known !== false) }));
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
    lng: (x) => minLng + (x - pad - ((width - 2 * pad) - spanLng * scale) / 2) / (shrink * scale),
    lat: (y) => minLat + (height - pad - ((height - 2 * pad) - spanLat * scale) / 2 - y) / scale,
  };
}

const round = (x) => Math.round(x * 1e5) / 1e5;
export const hotelText = ([lat, lng]) => `${round(lat)}, ${round(lng)}`;
const HOTEL = "Start and end of each day";
// A day's line: from the planned start point, through its places, back to it.
const route = (d, planned) => (planned ? [planned, ...d.slots.map((slot) => [slot.lat, slot.lng]), planned]
  : d.slots.map((slot) => [slot.lat, slot.lng]));

function svgHotel(p, point) {
  const x = p.x(point[1]), y = p.y(point[0]);
  return s("g", { class: "trip-hotel", role: "img", "aria-label": `${HOTEL}: ${hotelText(point)}`,
    "data-lat": round(point[0]), "data-lng": round(point[1]) },
  s("title", { text: `${HOTEL}: ${hotelText(point)}` }),
  s("rect", { class: "trip-hotel-box", x: x - 11, y: y - 11, width: 22, height: 22, rx: 4 }),
  s("text", { class: "trip-hotel-mark", x, y: y + 5, "text-anchor": "middle", text: "⌂" }));
}

function svgMap(days, onSelect, { hotel, planned, onPick }) {
  const width = 480, height = 360, pad = 30;
  const extra = [hotel, planned].filter(Boolean).map(([lat, lng]) => ({ lat, lng }));
  const p = project([...days.flatMap((d) => d.slots), ...extra], width, height, pad);
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
  const lines = days.filter((d) => d.slots.length > 1 || planned).map((d) => s("polyline", {
    class: `trip-line ${dayClass(d.day)}`, "data-day": d.day,
    points: route(d, planned).map(([lat, lng]) => `${p.x(lng).toFixed(1)},${p.y(lat).toFixed(1)}`).join(" "),
  }));
  const pins = days.flatMap((d) => d.slots.map((slot) => {
    const cx = p.x(slot.lng), cy = p.y(slot.lat);
    const risk = riskWords(slot);
    const label = `Day ${d.day}, ${slot.order}. ${slot.name}${risk ? ` (⚠ ${risk})` : ""}`;
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
  const svg = s("svg", { class: "map trip-svg", viewBox: `0 0 ${width} ${height}`, role: "group", "aria-label": "Map of the trip's days" },
    s("rect", { class: "map-bg", x: 0, y: 0, width, height }), ...grid, ...decor, ...lines, ...pins);
  // A click on the map itself (not on a pin) picks the start point there.
  svg.addEventListener("click", (e) => {
    if (e.target.closest(".trip-pin, .trip-hotel")) return;
    const at = new DOMPoint(e.clientX, e.clientY).matrixTransform(svg.getScreenCTM().inverse());
    onPick([p.lat(at.y), p.lng(at.x)]);
  });
  const setHotel = (point) => {
    svg.querySelector(".trip-hotel")?.remove();
    if (point) svg.append(svgHotel(p, point));
  };
  setHotel(hotel);
  return { svg, setHotel };
}

function tileMap(container, days, onSelect, url, { hotel, planned, onPick }) {
  const L = window.L;
  const map = L.map(container, { scrollWheelZoom: false });
  map.tiles = L.tileLayer(url, { maxZoom: 19, attribution: "© OpenStreetMap contributors" }).addTo(map);
  // The view first: a marker has no element until the map has one.
  const extra = [hotel, planned].filter(Boolean);
  map.bounds = L.latLngBounds([...days.flatMap((d) => d.slots.map((slot) => [slot.lat, slot.lng])), ...extra]).pad(0.1);
  map.fitBounds(map.bounds);
  map.on("click", (e) => onPick([e.latlng.lat, e.latlng.lng]));
  let marker = null;
  map.setHotel = (point) => {
    marker?.remove();
    marker = null;
    if (!point) return;
    const icon = L.divIcon({ className: "trip-hotel-icon", iconSize: [24, 24], html: h("span", { "aria-hidden": "true", text: "⌂" }) });
    marker = L.marker(point, { icon, title: `${HOTEL}: ${hotelText(point)}`, keyboard: false }).addTo(map);
  };
  map.setHotel(hotel);
  for (const d of days) {
    const points = route(d, planned);
    if (points.length > 1) L.polyline(points, { className: `trip-line ${dayClass(d.day)}` }).addTo(map);
    for (const slot of d.slots) {
      const icon = L.divIcon({ className: `trip-pin-icon ${dayClass(d.day)}`, iconSize: [24, 24],
        html: h("span", { "aria-hidden": "true", text: String(slot.order) }) });
      const marker = L.marker([slot.lat, slot.lng], { icon, title: `Day ${d.day}, ${slot.order}. ${slot.name}${riskWords(slot) ? ` (⚠ ${riskWords(slot)})` : ""}`, keyboard: true }).addTo(map);
      marker.getElement().dataset.place = slot.place_id;
      marker.on("click", () => onSelect(d.day, slot.place_id));
    }
  }
  return map;
}

function legend(days, hotel) {
  const start = h("li", { class: "trips-legend-hotel", hidden: !hotel || null },
    h("span", { class: "trips-hotel-swatch", "aria-hidden": "true", text: "⌂" }), HOTEL);
  return h("ul", { class: "trips-legend", "aria-label": "Days on the map" },
    ...days.map((d) => h("li", {},
      h("span", { class: `trips-swatch ${dayClass(d.day)}`, "aria-hidden": "true" }),
      `Day ${d.day}: ${d.slots.length} ${d.slots.length === 1 ? "place" : "places"}`)), start);
}

// Draws `trip` into `container`; onSelect(day, placeId) when a pin is chosen, onPick([lat, lng])
// when the map is clicked. `hotel` is the start point to mark, `planned` the one the trip was
// planned from (its days are drawn as loops). Returns { setHotel(point | null) }.
export function drawTripMap(container, trip, onSelect, { hotel = null, planned = null, onPick = () => {} } = {}) {
  const days = located(trip).filter((d) => d.slots.length);
  if (!days.length) {
    container.replaceChildren(h("p", { class: "muted", text: "No place on this trip to map yet." }));
    return { setHotel() {} };
  }
  const options = { hotel, planned, onPick };
  const offline = svgMap(days, onSelect, options);
  const { svg } = offline;
  const wrap = h("div", { class: "map-wrap" }, svg);
  const key = legend(days, hotel);
  const note = h("p", { class: "note", text: `Offline map: places drawn by their coordinates, a line per day in visiting order${planned ? " from and back to the start point" : ""}. Click the map to start and end each day there.` });
  container.replaceChildren(wrap, key, note);
  let live = offline;
  const control = {
    setHotel(point) {
      live.setHotel(point);
      key.querySelector(".trips-legend-hotel").hidden = !point;
    },
  };
  tilesConfigured().then(async (url) => {
    if (!url || !wrap.isConnected) return;
    try { await loadLeaflet(); } catch { return; }
    const tiles = h("div", { class: "tile-map trips-tiles pending", role: "region", "aria-label": "Map of the trip's days" });
    wrap.append(tiles);
    const map = tileMap(tiles, days, onSelect, url, { ...options, hotel: svg.querySelector(".trip-hotel") ? current(svg) : null });
    const giveUp = setTimeout(() => { map.remove(); tiles.remove(); }, 8000);
    map.tiles.once("tileload", () => {
      clearTimeout(giveUp);
      svg.remove();
      live = map;
      tiles.classList.remove("pending");
      note.textContent = "Map tiles © OpenStreetMap contributors; a line per day in visiting order. Click the map to start and end each day there.";
      map.invalidateSize();
      map.fitBounds(map.bounds);
    });
  });
  return control;
}

// The start point the offline map marks now (it may have moved since the map was drawn).
function current(svg) {
  const mark = svg.querySelector(".trip-hotel");
  return [Number(mark.dataset.lat), Number(mark.dataset.lng)];
}

export function focusTripPin(container, placeId) {
  container.querySelectorAll(".trip-pin").forEach((pin) => {
    const on = pin.dataset.place === String(placeId);
    pin.classList.toggle("focused", on);
    if (on) pin.parentNode.append(pin);
  });
  container.querySelectorAll(".trip-pin-icon").forEach((pin) => pin.classList.toggle("focused", pin.dataset.place === String(placeId)));
}
