// The Trips view's plan as DOM: a summary with the exports, a section per day (timed slots, meal
// breaks, day notes, the per-stop Lock and Swap and the per-day "More relaxed"), the checks, the
// quality figures, what was not placed and the sources. Every state has a word or a symbol.
import { h } from "./dom.js";
import { dayClass } from "./trips-map.js";

export const SWAPS = [["outdoors", "Outdoors"], ["indoors", "Indoors"], ["culture", "Culture"], ["sights", "Sights"]];
const MODE = { walk: ["🚶", "walk"], transit: ["🚇", "by transit"], drive: ["🚗", "drive"] };
const MODE_NAME = { walk: "on foot", transit: "by public transit", drive: "by car" };
const CHECKS = {
  open_at_slot: "Open when visited", in_city: "In the city", no_overlap: "No overlaps",
  day_length: "Fits the day", travel_feasible: "Travel feasible", no_duplicate: "No place twice",
  locked_kept: "Locks kept",
};
const MEAL = { lunch: "Lunch", dinner: "Dinner" };

const day = (iso, long = false) => new Date(`${iso}T00:00:00`).toLocaleDateString("en-GB",
  long ? { weekday: "long", day: "numeric", month: "long" } : { weekday: "short", day: "numeric", month: "short", year: "numeric" });
const minutes = (hhmm) => { const [a, b] = hhmm.split(":").map(Number); return a * 60 + b; };
const percent = (x) => `${Math.round(x * 100)}%`;

function travelLine(slot, first, mode) {
  if (first) return "first place of the day";
  const [icon, words] = MODE[mode] || ["→", ""];
  return `${icon} ${slot.travel_minutes} min ${words} · ${slot.distance_km} km from the previous place`;
}

function slotItem(slot, order, dayIndex, trip, actions) {
  const meal = slot.kind !== "stop";
  const first = order === 1;
  const wait = !first && minutes(slot.start) > minutes(slot.arrive) ? minutes(slot.start) - minutes(slot.arrive) : 0;
  const flags = h("p", { class: "meta trip-flags" },
    slot.locked ? h("span", { class: "trip-locked", text: `🔒 Locked to day ${dayIndex}` }) : null,
    h("span", { class: slot.hours_known ? "trip-hours known" : "trip-hours unknown",
      text: slot.hours_known ? "🕘 Opening hours checked" : "Opening hours unknown (not checked)" }));
  const act = meal ? null : h("div", { class: "trip-actions" },
    slot.locked ? null : h("button", { type: "button", class: "btn trip-lock", text: `🔒 Lock to day ${dayIndex}`,
      "aria-label": `Lock ${slot.name} to day ${dayIndex}`, onclick: () => actions.lock(slot, dayIndex) }),
    h("details", { class: "trip-swap" },
      h("summary", { class: "btn", text: "⇄ Swap for…", "aria-label": `Swap ${slot.name} for another place` }),
      h("div", { class: "trip-swap-options" }, ...SWAPS.map(([want, label]) => h("button", {
        type: "button", class: "btn", "data-want": want, text: label,
        onclick: () => actions.swap(slot, want, label.toLowerCase()) })))));
  return h("li", { class: `trip-slot${meal ? " meal" : ""}${slot.locked ? " locked" : ""}`, "data-place": slot.place_id,
    "data-kind": slot.kind, "data-day": dayIndex, "data-start": slot.start, tabindex: "-1" },
    h("span", { class: `trip-num ${dayClass(dayIndex)}`, "aria-hidden": "true", text: String(order) }),
    h("div", { class: "trip-slot-body" },
      h("p", { class: "trip-time" }, h("strong", { text: `${slot.start}–${slot.end}` }),
        wait ? h("span", { class: "meta", text: ` · waits ${wait} min for opening` }) : null),
      h("h4", { class: "trip-name" }, meal ? h("span", { class: "trip-meal-label", text: `🍽 ${MEAL[slot.kind]} break · ` }) : null, slot.name),
      h("p", { class: "meta" }, h("span", { class: "trip-kind", text: slot.place_kind.replaceAll("_", " ") }), " ",
        h("span", { class: "trip-travel", text: travelLine(slot, first, trip.mode) })),
      flags,
      h("p", { class: "trip-licence", text: `Source: ${slot.source} · ${slot.licence}` }),
      act));
}

function daySection(d, trip, actions) {
  const stops = d.slots.filter((slot) => slot.kind === "stop").length;
  const meals = d.slots.length - stops;
  const facts = [`${stops} ${stops === 1 ? "stop" : "stops"}`, meals ? `${meals} meal ${meals === 1 ? "break" : "breaks"}` : null,
    d.return_minutes ? `${d.return_minutes} min back to the hotel` : null].filter(Boolean).join(" · ");
  return h("section", { class: "trip-day", "data-day": d.index, "aria-labelledby": `trip-day-${d.index}` },
    h("div", { class: "trip-day-head" },
      h("span", { class: `trips-swatch ${dayClass(d.index)}`, "aria-hidden": "true" }),
      h("div", {},
        h("h3", { id: `trip-day-${d.index}`, text: `Day ${d.index} · ${day(d.date, true)}` }),
        h("p", { class: "meta", text: facts })),
      h("button", { type: "button", class: "btn trip-relax", text: "More relaxed", "aria-label": `Make day ${d.index} more relaxed`,
        disabled: stops === 0 || null, onclick: () => actions.relax(d.index) })),
    d.slots.length ? h("ol", { class: "trip-slots" }, ...d.slots.map((slot, i) => slotItem(slot, i + 1, d.index, trip, actions)))
      : h("p", { class: "muted", text: "No place could be fitted into this day." }),
    d.notes.length ? h("ul", { class: "trip-notes" }, ...d.notes.map((n) => h("li", { text: n }))) : null);
}

function exports(trip) {
  const base = `/trips/${trip.trip_id}`;
  return h("div", { class: "trip-exports" },
    h("a", { class: "btn", id: "trips-ics", href: `${base}.ics`, download: `trip-${trip.city}.ics`, text: "📅 Calendar (.ics)" }),
    h("a", { class: "btn", id: "trips-geojson", href: `${base}.geojson`, download: `trip-${trip.city}.geojson`, text: "🗺 GeoJSON" }),
    h("a", { class: "btn", id: "trips-print", href: `${base}/print`, target: "_blank", rel: "noopener", text: "🖨 Printable page" }));
}

function checks(trip) {
  return h("section", { class: "trip-block trip-checks", "aria-labelledby": "trip-checks-title" },
    h("h3", { id: "trip-checks-title", text: "Checks" }),
    h("ul", {}, ...trip.verification.map((c) => h("li", { class: `trip-check ${c.passed ? "passed" : "failed"}`,
      "data-constraint": c.constraint, "data-passed": String(c.passed) },
    h("span", { class: "trip-check-mark", text: c.passed ? "✓ passed" : "✕ failed" }),
    h("span", {}, h("strong", { text: CHECKS[c.constraint] || c.constraint }), `: ${c.detail}`)))));
}

function quality(q) {
  const item = (name, value, why) => [h("dt", { text: name }), h("dd", {}, h("strong", { text: value }), h("span", { class: "meta", text: ` ${why}` }))];
  return h("section", { class: "trip-block trip-quality", "aria-labelledby": "trip-quality-title" },
    h("h3", { id: "trip-quality-title", text: "Quality" }),
    h("dl", {},
      ...item("Coverage", percent(q.coverage), "of the room the pace leaves for stops is used"),
      ...item("Diversity", percent(q.diversity), "distinct kinds of place among the stops"),
      ...item("Personalisation", q.personalisation.toFixed(2), "mean match of the stops to your interests (0–1)")));
}

function unplaced(trip) {
  if (!trip.unplaced.length) return null;
  return h("details", { class: "trip-block trip-unplaced" },
    h("summary", { text: `Not placed (${trip.unplaced.length})` }),
    h("ul", {}, ...trip.unplaced.map((u) => h("li", { "data-place": u.place_id }, h("strong", { text: u.name }), `: ${u.reason}`))));
}

export function renderTrip(trip, actions) {
  const verdict = trip.verified
    ? h("p", { class: "trip-verdict passed", text: "✓ Every check passed" })
    : h("p", { class: "trip-verdict failed", text: "✕ Not every check passed: see Checks below" });
  return [
    h("div", { class: "trip-summary" },
      h("h3", { text: `${trip.city} · ${trip.days.length} ${trip.days.length === 1 ? "day" : "days"} from ${day(trip.start_date)}` }),
      h("p", { class: "meta" }, `${trip.pace} pace, ${MODE_NAME[trip.mode] || trip.mode} · version ${trip.version} · trip `,
        h("code", { class: "trip-id", text: trip.trip_id.slice(0, 8) })),
      verdict, exports(trip)),
    ...trip.days.map((d) => daySection(d, trip, actions)),
    trip.notes.length ? h("section", { class: "trip-block", "aria-label": "Notes on the trip" },
      h("ul", { class: "trip-notes" }, ...trip.notes.map((n) => h("li", { text: n })))) : null,
    checks(trip),
    quality(trip.quality),
    unplaced(trip),
    h("section", { class: "trip-block trip-sources", "aria-labelledby": "trip-sources-title" },
      h("h3", { id: "trip-sources-title", text: "Sources and licences" }),
      h("ul", {}, ...trip.attribution.map((a) => h("li", { text: a }))),
      h("p", { class: "meta", text: trip.ai_phrased ? "Some text was phrased by a language model." : "Every sentence here comes from the planner's rules; none was written by a language model." })),
  ].filter(Boolean);
}
