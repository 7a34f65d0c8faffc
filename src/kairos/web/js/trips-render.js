// The Trips view's plan as DOM: a summary (the overview, what came from the travel preferences,
// who wrote the words) with the exports, a section per day (its title and summary, timed slots,
// meal breaks with their allergy check, day notes, the per-stop Lock / Unlock and Swap and the
// per-day "More relaxed"),
// the checks, the quality figures, what was not placed and the sources; and a place described
// for the words input. Every state has a word or a symbol.
import { h } from "./dom.js";
import { allergyBlock, riskWords } from "./trips-allergy.js";
import { dayClass, hotelText } from "./trips-map.js";

export const SWAPS = [["outdoors", "Outdoors"], ["indoors", "Indoors"], ["culture", "Culture"], ["sights", "Sights"]];
const MODE = { walk: ["🚶", "walk"], transit: ["🚇", "by transit"], drive: ["🚗", "drive"] };
const MODE_NAME = { walk: "on foot", transit: "by public transit", drive: "by car" };
const CHECKS = {
  open_at_slot: "Open when visited", in_city: "In the city", no_overlap: "No overlaps",
  day_length: "Fits the day", travel_feasible: "Travel feasible", no_duplicate: "No sight twice",
  locked_kept: "Locks kept", meal_allergy: "Meals' allergy risks named", days_filled: "Every day has a stop",
};
// A check is passed only when it ran on every slot with known inputs; "not checked" is not a pass.
const STATUS = { passed: ["passed", "✓ passed"], failed: ["failed", "✕ failed"], not_checked: ["unchecked", "? not checked"] };
const HOURS = {
  open: ["known", "🕘 Open then (opening hours checked)"],
  closed: ["closed", "✕ Closed then, by its opening hours"],
  unknown: ["unknown", "⚠ Opening hours not checked: check before you go"],
};
const MEAL = { lunch: "Lunch", dinner: "Dinner" };
const COMPANIONS = { solo: "solo", partner: "with a partner", friends: "with friends",
  family_with_kids: "family with children", group: "with a group" };
const FROM = { pace: "pace", mode: "travel mode", companions: "companions", accessibility: "step-free only",
  favourite_tags: "favourite tags" };

// ["pace", "mode"] → "Pace and travel mode from your travel preferences."
function fromProfile(fields) {
  const names = fields.map((f) => FROM[f] || f.replaceAll("_", " "));
  if (!names.length) return null;
  const list = names.length === 1 ? names[0] : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
  return `${list[0].toUpperCase()}${list.slice(1)} from your travel preferences.`;
}

const day = (iso, long = false) => new Date(`${iso}T00:00:00`).toLocaleDateString("en-GB",
  long ? { weekday: "long", day: "numeric", month: "long" } : { weekday: "short", day: "numeric", month: "short", year: "numeric" });
const minutes = (hhmm) => { const [a, b] = hhmm.split(":").map(Number); return a * 60 + b; };
const percent = (x) => `${Math.round(x * 100)}%`;

function travelLine(slot, first, mode, unknownBefore) {
  const where = slot.position_known === false
    ? ` · no position in its source${slot.address ? `: ${slot.address}` : ""}` : "";
  if (first) return `first place of the day${where}`;
  const [icon, words] = MODE[mode] || ["→", ""];
  if (slot.position_known === false || unknownBefore) return `${icon} about ${slot.travel_minutes} min ${words} allowed (a position is unknown: check the way)${where}`;
  return `${icon} ${slot.travel_minutes} min ${words} · ${slot.distance_km} km from the previous place`;
}

const STEP_FREE = {
  yes: "♿ Marked wheelchair accessible by its source",
  no: "♿ Its source says it is not wheelchair accessible",
  unknown: "♿ Step-free access unknown: its source says nothing; check before you go",
};

// A control's name starts with the words it shows (WCAG 2.5.3: "Lock to day 1, MINT Museum"):
// the icon beside them is not read.
const iconed = (icon, words) => [h("span", { "aria-hidden": "true", text: `${icon} ` }), words];

function slotItem(slot, order, dayIndex, trip, actions, prev) {
  const meal = slot.kind !== "stop";
  const first = order === 1;
  const wait = !first && minutes(slot.start) > minutes(slot.arrive) ? minutes(slot.start) - minutes(slot.arrive) : 0;
  const flags = h("p", { class: "meta trip-flags" },
    slot.locked ? h("span", { class: "trip-locked", text: `🔒 Locked to day ${dayIndex}` }) : null,
    h("span", { class: `trip-hours ${(HOURS[slot.hours] || HOURS.unknown)[0]}`, title: slot.hours_check || null,
      text: (HOURS[slot.hours] || HOURS.unknown)[1] }));
  const act = meal ? null : h("div", { class: "trip-actions" },
    slot.locked ? h("button", { type: "button", class: "btn trip-unlock", "aria-label": `Unlock, ${slot.name}`,
      onclick: () => actions.unlock(slot, dayIndex) }, ...iconed("🔓", "Unlock"))
      : h("button", { type: "button", class: "btn trip-lock", "aria-label": `Lock to day ${dayIndex}, ${slot.name}`,
        onclick: () => actions.lock(slot, dayIndex) }, ...iconed("🔒", `Lock to day ${dayIndex}`)),
    h("details", { class: "trip-swap" },
      h("summary", { class: "btn", "aria-label": `Swap for…, ${slot.name}` }, ...iconed("⇄", "Swap for…")),
      h("div", { class: "trip-swap-options" }, ...SWAPS.map(([want, label]) => h("button", {
        type: "button", class: "btn", "data-want": want, text: label,
        onclick: () => actions.swap(slot, want, label.toLowerCase(), dayIndex) })))));
  return h("li", { class: `trip-slot${meal ? " meal" : ""}${slot.locked ? " locked" : ""}`, "data-place": slot.place_id,
    "data-kind": slot.kind, "data-day": dayIndex, "data-start": slot.start, tabindex: "-1" },
    h("span", { class: `trip-num ${dayClass(dayIndex)}`, "aria-hidden": "true", text: String(order) }),
    h("div", { class: "trip-slot-body" },
      h("p", { class: "trip-time" }, h("strong", { text: `${slot.start}–${slot.end}` }),
        wait ? h("span", { class: "meta", text: ` · waits ${wait} min for opening` }) : null),
      h("h4", { class: "trip-name" }, meal ? h("span", { class: "trip-meal-label", text: `🍽 ${MEAL[slot.kind]} break · ` }) : null, slot.name,
        riskWords(slot) ? h("span", { class: "trip-risk-flag", text: ` · ⚠ ${riskWords(slot)}` }) : null),
      h("p", { class: "meta" }, h("span", { class: "trip-kind", text: slot.place_kind.replaceAll("_", " ") }), " ",
        h("span", { class: "trip-travel", text: travelLine(slot, first, trip.mode, prev?.position_known === false) })),
      trip.accessibility && slot.kind === "stop" ? h("p", { class: "meta trip-step-free", text: STEP_FREE[slot.step_free] || STEP_FREE.unknown }) : null,
      flags,
      slot.hours_check ? h("p", { class: "trip-hours-check", text: slot.hours_check }) : null,
      allergyBlock(slot),
      h("p", { class: "trip-licence", text: `Source: ${slot.source} · ${slot.licence}` }),
      act));
}

function daySection(d, trip, actions) {
  const stops = d.slots.filter((slot) => slot.kind === "stop").length;
  const meals = d.slots.length - stops;
  const facts = [`${stops} ${stops === 1 ? "stop" : "stops"}`, meals ? `${meals} meal ${meals === 1 ? "break" : "breaks"}` : null,
    d.return_minutes ? `${d.return_minutes} min back to the start point` : null].filter(Boolean).join(" · ");
  // The title names the day ("Day 2: …" from the rules); a model's title gets "Day n" beside it.
  const title = d.title ? (/^day \d+\b/i.test(d.title) ? d.title : `Day ${d.index} · ${d.title}`) : `Day ${d.index}`;
  return h("section", { class: "trip-day", "data-day": d.index, "aria-labelledby": `trip-day-${d.index}` },
    h("div", { class: "trip-day-head" },
      h("span", { class: `trips-swatch ${dayClass(d.index)}`, "aria-hidden": "true" }),
      h("div", {},
        h("h3", { id: `trip-day-${d.index}`, class: "trip-day-title", text: title }),
        h("p", { class: "meta", text: `${day(d.date, true)} · ${facts}` })),
      h("button", { type: "button", class: "btn trip-relax", text: "More relaxed", "aria-label": `More relaxed, day ${d.index}`,
        disabled: stops === 0 || null, onclick: () => actions.relax(d.index) })),
    d.summary ? h("p", { class: "trip-day-summary", text: d.summary }) : null,
    d.slots.length ? h("ol", { class: "trip-slots" }, ...d.slots.map((slot, i) => slotItem(slot, i + 1, d.index, trip, actions, d.slots[i - 1])))
      : h("p", { class: "muted trip-empty", text: trip.free_days?.includes(d.index)
        ? "A free day, as you asked: nothing is planned." : "No stop could be planned for this day: the note below says why." }),
    d.notes.length ? h("ul", { class: "trip-notes" }, ...d.notes.map((n) => h("li", { text: n }))) : null);
}

function exports(trip) {
  const base = `/trips/${trip.trip_id}`;
  return h("div", { class: "trip-exports" },
    h("a", { class: "btn", id: "trips-ics", href: `${base}.ics`, download: `trip-${trip.city}.ics`, text: "📅 Calendar (.ics)" }),
    h("a", { class: "btn", id: "trips-geojson", href: `${base}.geojson`, download: `trip-${trip.city}.geojson`, text: "🗺 GeoJSON" }),
    h("a", { class: "btn", id: "trips-print", href: `${base}/print`, target: "_blank", rel: "noopener", text: "🖨 Printable page" }));
}

const checkStatus = (c) => STATUS[c.status] || (c.passed ? STATUS.passed : STATUS.failed);

function checks(trip) {
  return h("section", { class: "trip-block trip-checks", "aria-labelledby": "trip-checks-title" },
    h("h3", { id: "trip-checks-title", text: "Checks" }),
    h("ul", {}, ...trip.verification.map((c) => h("li", { class: `trip-check ${checkStatus(c)[0]}`,
      "data-constraint": c.constraint, "data-passed": String(c.passed), "data-status": c.status || (c.passed ? "passed" : "failed") },
    h("span", { class: "trip-check-mark", text: checkStatus(c)[1] }),
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

// "✓ Every check passed" only when the trip is verified (every check ran on known inputs);
// otherwise "Not verified", what failed, and each place whose opening hours nobody could check.
function verdictBlock(trip) {
  if (trip.verified) return [h("p", { class: "trip-verdict passed", text: "✓ Every check passed" })];
  const failed = trip.verification.some((c) => checkStatus(c) === STATUS.failed);
  return [
    h("p", { class: `trip-verdict ${failed ? "failed" : "unchecked"}`, text: failed ? "✕ Not verified: a check failed" : "⚠ Not verified" }),
    h("p", { class: "trip-verdict-detail", text: trip.verdict }),
    trip.to_check?.length ? h("div", { class: "trip-to-check" },
      h("p", {}, h("strong", { text: "Check before you go" })),
      h("ul", {}, ...trip.to_check.map((c) => h("li", { "data-place": c.place_id, "data-day": c.day, text: c.advice })))) : null,
  ];
}

export function renderTrip(trip, actions, hotel) {
  const verdict = verdictBlock(trip);
  return [
    h("div", { class: "trip-summary" },
      h("h3", { text: `${trip.city} · ${trip.days.length} ${trip.days.length === 1 ? "day" : "days"} from ${day(trip.start_date)}` }),
      trip.overview ? h("p", { class: "trip-overview", text: trip.overview }) : null,
      h("p", { class: "meta" }, `${trip.pace} pace, ${MODE_NAME[trip.mode] || trip.mode}`,
        trip.companions ? `, ${COMPANIONS[trip.companions] || trip.companions}` : "",
        hotel ? `, each day from and back to ${hotelText(hotel)}` : "",
        ` · version ${trip.version} · trip `, h("code", { class: "trip-id", text: trip.trip_id.slice(0, 8) })),
      trip.from_profile?.length ? h("p", { class: "trip-from-profile", text: `👤 ${fromProfile(trip.from_profile)}` }) : null,
      trip.ai_phrased && trip.disclaimer ? h("p", { class: "trip-disclaimer", text: `✎ ${trip.disclaimer}` }) : null,
      ...verdict, exports(trip)),
    ...trip.days.map((d) => daySection(d, trip, actions)),
    trip.notes.length ? h("section", { class: "trip-block", "aria-label": "Notes on the trip" },
      h("ul", { class: "trip-notes" }, ...trip.notes.map((n) => h("li", { text: n })))) : null,
    checks(trip),
    quality(trip.quality),
    unplaced(trip),
    h("section", { class: "trip-block trip-sources", "aria-labelledby": "trip-sources-title" },
      h("h3", { id: "trip-sources-title", text: "Sources and licences" }),
      h("ul", {}, ...trip.attribution.map((a) => h("li", { text: a }))),
      h("p", { class: "meta trip-phrased", text: trip.ai_phrased
        ? `The overview and the days' titles and summaries were written by a language model (${trip.phrased_by}); times, places, checks and notes come from the planner's rules.`
        : "Every sentence here comes from the planner's rules; none was written by a language model." })),
  ].filter(Boolean);
}

// The words input's answer about one place (POST /trips/intent, enrich_petal): what is known,
// what is not (said as unknown), its source and licence, and (a place to eat) its allergy check.
export function placeAnswer(place) {
  const unknown = place.enrichment?.unknown || [];
  const visit = place.visit_minutes ? `about ${place.visit_minutes} min${place.visit_minutes_basis ? ` (${place.visit_minutes_basis})` : ""}` : "unknown";
  const row = (name, value) => [h("dt", { text: name }), h("dd", { text: value })];
  return h("section", { class: "trip-block trip-place", "aria-label": `About ${place.name}` },
    h("h3", { text: `📍 ${place.name}` }),
    h("p", { class: "meta", text: [place.kind?.replaceAll("_", " "), place.city].filter(Boolean).join(" · ") }),
    h("dl", {},
      ...row("Opening hours", place.hours || "unknown (not in the catalog)"),
      ...row("A visit", visit),
      ...row("Source", `${place.source || "the catalog"} · ${place.licence}`)),
    unknown.length ? h("p", { class: "meta", text: `Still unknown: ${unknown.join(", ").replaceAll("_", " ")}.` }) : null,
    allergyBlock({ kind: "place", name: place.name, allergy: place.allergy, risk_reason: null }));
}
