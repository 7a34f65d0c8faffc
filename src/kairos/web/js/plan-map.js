// The planner's map (Leaflet, vendored): ranked venue pins (gold, silver, bronze, grey), member
// pins, the meeting point and the vibe heatmap. With no tile server configured it draws on a
// plain background, so it works offline; clicking it drops a member's pin while one is armed.
import { h } from "./dom.js";
import { loadLeaflet, tilesConfigured } from "./map.js";

const START = { centre: [42.355, -71.065], zoom: 12 }; // the sample data's city until a plan arrives
const NEAR_METRES = 25_000; // the heatmap's reach around the map's centre before a plan
const tier = (rank) => (rank <= 3 ? ["gold", "silver", "bronze"][rank - 1] : "grey");

// Blue (weak) to red (strong), relative to the scores shown.
export function heatColour(score, low, high) {
  const t = high > low ? (score - low) / (high - low) : 1;
  return `hsl(${Math.round(220 - 220 * t)}, 85%, 48%)`;
}

function icon(L, className, text, size = 28) {
  return L.divIcon({ className, html: h("span", { "aria-hidden": "true", text }), iconSize: [size, size] });
}

// Where a pin may go: its own spot first, then a widening golden-angle spiral around it.
const SPOTS = [[0, 0], ...Array.from({ length: 36 }, (_, i) => {
  const angle = i * 2.4, reach = 1 + i / 8;
  return [Math.cos(angle) * reach, Math.sin(angle) * reach];
})];

// Pins closer on screen than their size are moved apart, each kept a whole target (WCAG 2.5.8)
// with its number readable: in the order given (best rank first) a pin keeps its own spot
// unless an earlier one covers it, else takes the nearest free spot of the spiral. Drawn
// again at every zoom; the pin's place on the map is unchanged.
export function spreadPins(map, pins) {
  const placed = [];
  for (const marker of pins) {
    const el = marker.getElement();
    if (!el) continue;
    const size = el.offsetWidth || 28;
    const gap = size + 2;
    const at = map.latLngToLayerPoint(marker.getLatLng());
    // apart as squares, not circles: a target is its box (axe's target-size reads the box)
    const free = ([x, y]) => placed.every((p) => Math.max(Math.abs(p.x - x), Math.abs(p.y - y)) >= (p.size + size) / 2 + 2);
    const [dx, dy] = SPOTS.map(([u, v]) => [Math.round(u * gap), Math.round(v * gap)])
      .find(([u, v]) => free([at.x + u, at.y + v])) || [0, 0];
    el.style.marginLeft = `${dx - size / 2}px`;
    el.style.marginTop = `${dy - size / 2}px`;
    placed.push({ x: at.x + dx, y: at.y + dy, size });
  }
}

export function createPlanMap(container, note) {
  let map = null;
  let L = null;
  let ready = null;
  let layers = null;
  let markers = new Map();
  let pinned = []; // the venue pins best first, then the meeting point: spread at every zoom
  let picking = null;
  let memberPoints = [];
  // points to fit while the map had no size (on a phone it waits behind "Show map"): fitted
  // once it is shown, else every pin would pile up at the zoom of a 0 px box
  let unfitted = null;
  let shownOnce = false; // the view has been opened: its map starts once it has a size
  new ResizeObserver(() => {
    if (!ready && shownOnce && container.clientWidth) start(); // a phone's "Show map"
    if (!map || !unfitted || !container.clientWidth) return;
    map.invalidateSize();
    const points = unfitted;
    unfitted = null;
    bounds(points);
  }).observe(container);

  function start() {
    if (ready) return ready;
    ready = (async () => {
      // The offline note is in the page (the view's largest text, drawn at once): taken away
      // when a tile server is set, never written after the settings or Leaflet arrive.
      const tiles = tilesConfigured().then((url) => {
        if (url) note.textContent = "";
        return url;
      });
      L = await loadLeaflet();
      map = L.map(container, { scrollWheelZoom: false, attributionControl: false, keyboard: true });
      map.setView(START.centre, START.zoom);
      L.control.scale({ imperial: false }).addTo(map);
      const url = await tiles;
      if (url) {
        L.control.attribution({ prefix: false }).addTo(map);
        L.tileLayer(url, { maxZoom: 19, attribution: "© OpenStreetMap contributors" }).addTo(map);
      }
      map.on("zoomend", () => spreadPins(map, pinned));
      layers = { heat: L.layerGroup().addTo(map), plan: L.layerGroup().addTo(map), members: L.layerGroup().addTo(map) };
      map.on("click", (e) => {
        if (!picking) return;
        const done = picking;
        picking = null;
        container.classList.remove("picking");
        done(Math.round(e.latlng.lat * 1e5) / 1e5, Math.round(e.latlng.lng * 1e5) / 1e5);
      });
      return map;
    })().catch((error) => {
      note.textContent = `The map could not load: ${error.message || error}`;
      throw error;
    });
    return ready;
  }

  function bounds(points) {
    const located = points.filter((p) => p && p.lat != null && p.lng != null);
    if (!located.length) return;
    unfitted = container.clientWidth ? null : located;
    if (unfitted) return;
    // without animation: the pins are spread for the view they are shown in, not for the one
    // a zoom is leaving (a pin spread at the old zoom overlapped another until the zoom ended)
    if (located.length === 1) map.setView([located[0].lat, located[0].lng], 15, { animate: false });
    else map.fitBounds(L.latLngBounds(located.map((p) => [p.lat, p.lng])).pad(0.15), { animate: false });
  }

  async function showPlan(plan, onSelect) {
    await start();
    layers.plan.clearLayers();
    markers = new Map();
    pinned = [];
    const venues = [...plan.venues].sort((a, b) => b.rank - a.rank); // the best pin drawn last, on top
    for (const v of venues) {
      if (v.lat == null || v.lng == null) continue;
      const label = `${v.rank}. ${v.name}${v.vetoed_by.length ? " (vetoed)" : ""}`;
      const marker = L.marker([v.lat, v.lng], {
        icon: icon(L, `plan-pin pin-${tier(v.rank)}${v.vetoed_by.length ? " vetoed" : ""}`, String(v.rank)),
        title: label, keyboard: true, riseOnHover: true, zIndexOffset: (100 - v.rank) * 1000,
      }).addTo(layers.plan);
      marker.getElement().setAttribute("aria-label", `${label}, show its card`);
      marker.getElement().dataset.venue = v.venue_id;
      marker.on("click", () => onSelect(v.venue_id));
      markers.set(v.venue_id, marker);
    }
    if (plan.meeting_point) {
      const m = plan.meeting_point;
      const pin = L.marker([m.lat, m.lng], { icon: icon(L, "meet-pin", "★", 26), title: `Meeting point: ${m.explanation}`, keyboard: true })
        .addTo(layers.plan);
      pin.getElement().setAttribute("aria-label", `Meeting point: ${m.explanation}`);
      pinned.push(pin);
    }
    pinned.unshift(...[...markers.values()].reverse()); // drawn worst first: spread best first
    bounds([...plan.venues, plan.meeting_point, ...memberPoints]);
    spreadPins(map, pinned);
  }

  async function showMembers(points) {
    await start();
    memberPoints = points;
    layers.members.clearLayers();
    for (const p of points) {
      const name = p.name || "member";
      const pin = L.marker([p.lat, p.lng], { icon: icon(L, "member-pin", name.slice(0, 1).toUpperCase(), 24),
        title: `${name} starts here`, keyboard: true }).addTo(layers.members);
      pin.getElement().setAttribute("aria-label", `${name} starts here`);
    }
  }

  async function focus(venueId) {
    await start();
    for (const [id, marker] of markers) marker.getElement()?.classList.toggle("focused", id === venueId);
    const marker = markers.get(venueId);
    if (marker) map.flyTo(marker.getLatLng(), Math.max(map.getZoom(), 15), { duration: 0.6 });
  }

  // A plan's city is asked for by name and fitted; before a plan, the points near the map's
  // centre are drawn and the view is kept (all cities at once fitted to one dot at 2,000 km).
  async function heat(points, { fit = true } = {}) {
    await start();
    layers.heat.clearLayers();
    const centre = map.getCenter();
    const shown = fit ? points : points.filter((p) => centre.distanceTo([p.lat, p.lng]) <= NEAR_METRES);
    if (!shown.length) return shown;
    const scores = shown.map((p) => p.score);
    const [low, high] = [Math.min(...scores), Math.max(...scores)];
    for (const p of shown) {
      const colour = heatColour(p.score, low, high);
      L.circleMarker([p.lat, p.lng], { radius: 8, weight: 1, color: colour, fillColor: colour, fillOpacity: 0.55,
        className: "heat-point" }).bindTooltip(`${p.name}: ${p.score.toFixed(2)} of 1`).addTo(layers.heat);
    }
    if (fit) bounds(shown);
    return shown;
  }

  return {
    // The view is open: Leaflet (46 KB) loads now if the map is on screen, else (a phone's map
    // behind "Show map") once it is shown, or when a plan, a pick or the heatmap needs it.
    viewShown() {
      shownOnce = true;
      if (container.clientWidth) start().then(() => map.invalidateSize()).catch(() => {});
    },
    start,
    showPlan,
    showMembers,
    focus,
    heat,
    clearHeat: async () => { await start(); layers.heat.clearLayers(); },
    resize: () => { if (map) map.invalidateSize(); },
    // The next click on the map calls back with its lat, lng (a member's starting point).
    pick(callback) {
      picking = callback;
      container.classList.toggle("picking", Boolean(callback));
      start();
    },
  };
}
