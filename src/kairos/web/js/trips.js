// The Trips view (seed 003): a form → POST /trips (or words → POST /trips/intent), then the
// day-by-day plan with its map, checks and exports; Lock, Unlock, Swap and "More relaxed" replan
// through the trip's edit routes. What the form leaves at "From my preferences" is not sent, so
// the travel preferences (trips-prefs.js) apply. The trip id is kept per user in sessionStorage,
// so a reload (or switching back to a user) shows it again; the start point it was planned from
// is the answer's `hotel` (older stored trips lack it: the one sent is kept beside the id).
import { request } from "./api.js";
import { errorBox, focusOn, h, tieError, untieErrors } from "./dom.js";
import { drawTripMap, focusTripPin, hotelText } from "./trips-map.js";
import { createTripPrefs, splitTags } from "./trips-prefs.js";
import { placeAnswer, renderTrip } from "./trips-render.js";

const key = (uid) => `kairos.trips.${uid}`;
const hotelKey = (uid) => `kairos.trip-hotel.${uid}`;

// "1.2834, 103.8607" → [1.2834, 103.8607]; "" → null; anything else → undefined.
function parseHotel(text) {
  if (!text.trim()) return null;
  const m = text.trim().match(/^(-?\d+(?:\.\d+)?)\s*[,;\s]\s*(-?\d+(?:\.\d+)?)$/);
  if (!m) return undefined;
  const [lat, lng] = [Number(m[1]), Number(m[2])];
  return Math.abs(lat) <= 90 && Math.abs(lng) <= 180 ? [lat, lng] : undefined;
}
const HOTEL_HELP = "type the start point as 'lat, lng', e.g. 1.2834, 103.8607, or click the map";

function tomorrow() {
  const d = new Date();
  d.setDate(d.getDate() + 1);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
}

export function createTrips({ getUid }) {
  const byId = (id) => document.getElementById(id);
  const form = byId("trips-form");
  const send = byId("trips-send");
  const errors = byId("trips-error");
  const status = byId("trips-status");
  const result = byId("trips-result");
  const mapBox = byId("trips-map");
  const newTrip = byId("trips-new");
  const hotelBox = byId("trips-hotel");
  const hotelClear = byId("trips-hotel-clear");
  const words = byId("trips-words");
  const wordsSend = byId("trips-words-send");
  const wordsAnswer = byId("trips-words-answer");
  const intro = [...result.childNodes].map((n) => n.cloneNode(true));
  let trip = null;
  let uid = null;
  let planned = null; // { trip_id, hotel }: the start point the shown trip was planned from
  let map = { setHotel() {} };

  // tomorrow unless a date was typed while this module was on its way (the form is drawn first)
  if (!byId("trips-start").value) byId("trips-start").value = tomorrow();
  const say = (text) => { status.textContent = ""; setTimeout(() => { status.textContent = text; }, 30); };
  const call = (path, body, method) => request(path, { method: method || (body ? "POST" : "GET"), body, headers: { "X-User-ID": getUid() } });
  const prefs = createTripPrefs({ call });
  // The fields a refusal is about: those whose typed value it quotes ("'Atlantis' is not a city…").
  const quoted = (message) => [...form.querySelectorAll("input")]
    .filter((field) => field.value.trim() && message.includes(`'${field.value.trim()}'`));

  // Fields left at "From my preferences" are not sent: the server takes them from the profile.
  function readForm() {
    const body = {
      city: byId("trips-city").value.trim(),
      days: Number.parseInt(byId("trips-days").value, 10),
      interests: byId("trips-interests").value.trim(),
    };
    for (const field of ["pace", "mode", "companions"]) {
      const value = byId(`trips-${field}`).value;
      if (value) body[field] = value;
    }
    const access = byId("trips-access").value; // "" leaves it to the preferences
    if (access) body.accessibility = access === "yes";
    const tags = splitTags(byId("trips-tags").value);
    if (tags.length) body.tags = tags;
    const hotel = parseHotel(hotelBox.value);
    if (hotel) body.hotel = hotel;
    const start = byId("trips-start").value;
    if (start) body.start_date = start;
    if (Number.isNaN(body.days)) body.days = 0; // the server says what a trip's days may be
    return body;
  }

  function fillForm(t) {
    byId("trips-city").value = t.city;
    byId("trips-start").value = t.start_date;
    byId("trips-days").value = String(t.days.length);
    for (const field of ["pace", "mode", "companions"]) {
      byId(`trips-${field}`).value = t.from_profile.includes(field) ? "" : t[field] || "";
    }
    byId("trips-access").value = t.from_profile.includes("accessibility") ? "" : t.accessibility ? "yes" : "no";
  }

  // The start point: typed, picked on the map, or cleared; the map marks it at once.
  const plannedHotel = () =>
    (trip && trip.hotel) || (trip && planned && planned.trip_id === trip.trip_id ? planned.hotel : null);
  function hotelChanged() {
    const hotel = parseHotel(hotelBox.value);
    hotelClear.hidden = !hotelBox.value.trim();
    hotelBox.setAttribute("aria-invalid", String(hotel === undefined));
    return hotel;
  }
  function pickHotel(point) {
    hotelBox.value = point ? hotelText(point) : "";
    hotelChanged();
    map.setHotel(point);
    say(point ? `Each day will start and end at ${hotelText(point)}; plan the trip to use it.` : "No start point: each day starts at its first place.");
  }
  hotelBox.addEventListener("change", () => {
    const hotel = hotelChanged();
    if (hotel !== undefined && trip) drawMap();
  });
  hotelBox.addEventListener("input", hotelChanged);
  hotelClear.addEventListener("click", () => { pickHotel(null); hotelBox.focus(); });

  function drawMap() {
    const hotel = parseHotel(hotelBox.value) || null;
    map = drawTripMap(mapBox, trip, select, { hotel, planned: plannedHotel(), onPick: pickHotel });
  }

  function select(dayIndex, placeId) {
    const item = result.querySelector(`.trip-day[data-day="${dayIndex}"] .trip-slot[data-place="${CSS.escape(placeId)}"]`);
    result.querySelectorAll(".trip-slot.focused").forEach((el) => el.classList.remove("focused"));
    if (item) {
      item.classList.add("focused");
      item.scrollIntoView({ block: "nearest", behavior: "smooth" });
      item.focus({ preventScroll: true });
    }
    focusTripPin(mapBox, placeId);
  }

  // `hotel` is the start point a new trip was planned from (undefined: the same trip, kept).
  function show(next, hotel) {
    trip = next;
    if (hotel !== undefined) planned = { trip_id: next.trip_id, hotel };
    if (uid) {
      sessionStorage.setItem(key(uid), trip.trip_id);
      if (plannedHotel()) sessionStorage.setItem(hotelKey(uid), JSON.stringify(planned));
      else sessionStorage.removeItem(hotelKey(uid));
    }
    newTrip.hidden = false;
    result.replaceChildren(...renderTrip(trip, actions, plannedHotel()));
    result.querySelectorAll(".trip-slot").forEach((item) => item.addEventListener("click", (e) => {
      if (!e.target.closest("button, summary, a")) focusTripPin(mapBox, item.dataset.place);
    }));
    drawMap();
  }

  function clearTrip() {
    trip = null;
    planned = null;
    if (uid) { sessionStorage.removeItem(key(uid)); sessionStorage.removeItem(hotelKey(uid)); }
    newTrip.hidden = true;
    result.replaceChildren(...intro.map((n) => n.cloneNode(true)));
    mapBox.replaceChildren();
    map = { setHotel() {} };
  }

  // An edit keeps the trip on screen; while it runs its buttons are off, and a refusal is shown
  // above the plan with what to do.
  // `landing(next)` is where focus goes in the redrawn trip: the control that replaced the one
  // pressed, or its day's heading (the old control is gone with the old DOM).
  async function edit(path, body, done, method, landing) {
    const pressed = document.activeElement;
    const buttons = [...result.querySelectorAll("button")];
    buttons.forEach((b) => { b.disabled = true; });
    result.setAttribute("aria-busy", "true");
    result.querySelector(".trip-edit-error")?.remove();
    try {
      const next = await call(path, body, method);
      show(next);
      say(done(next));
      if (landing) focusOn(landing(next));
    } catch (error) {
      buttons.forEach((b) => { b.disabled = false; });
      if (pressed && result.contains(pressed)) pressed.focus();
      const box = errorBox(`That change was not made: ${error.message}`);
      box.classList.add("trip-edit-error");
      result.prepend(box);
      status.textContent = ""; // the alert says it, once
    } finally {
      result.removeAttribute("aria-busy");
    }
  }

  const stopsOf = (t, index) => t.days[index - 1].slots.filter((slot) => slot.kind === "stop").length;
  const dayOf = (index) => result.querySelector(`.trip-day[data-day="${index}"]`);
  const dayHeading = (index) => dayOf(index)?.querySelector(".trip-day-title") || result.querySelector("h3");
  const slotOf = (placeId) => result.querySelector(`.trip-slot[data-place="${CSS.escape(placeId)}"]`);
  const slotAt = (index, position) => dayOf(index)?.querySelectorAll(".trip-slot")[position];
  const positionOf = (index, placeId) => [...(dayOf(index)?.querySelectorAll(".trip-slot") || [])]
    .findIndex((el) => el.dataset.place === placeId);
  const actions = {
    relax: (index) => edit(`/trips/${trip.trip_id}/days/${index}/refine`, { change: "more_relaxed" },
      (next) => `Day ${index} is more relaxed: ${stopsOf(next, index)} stops.`, undefined,
      () => dayOf(index)?.querySelector(".trip-relax:not([disabled])") || dayHeading(index)),
    swap: (slot, want, words, index) => {
      const position = positionOf(index, slot.place_id);
      return edit(`/trips/${trip.trip_id}/stops/${slot.place_id}/swap`, { want },
        (next) => next.notes.findLast((n) => n.includes(slot.name)) || `Asked to swap ${slot.name} for something ${words}.`,
        undefined, () => slotAt(index, position)?.querySelector(".trip-swap summary") || dayHeading(index));
    },
    lock: (slot, index) => edit(`/trips/${trip.trip_id}/stops/${slot.place_id}/lock`, { day: index },
      () => `${slot.name} is locked to day ${index}; the trip was planned again around it.`, undefined,
      () => slotOf(slot.place_id)?.querySelector(".trip-unlock") || dayHeading(index)),
    unlock: (slot, index) => edit(`/trips/${trip.trip_id}/stops/${slot.place_id}/lock`, null,
      () => `${slot.name} is no longer locked; the trip was planned again without the lock.`, "DELETE",
      () => slotOf(slot.place_id)?.querySelector(".trip-lock") || dayHeading(index)),
  };

  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    if (send.disabled) return;
    const body = readForm();
    if (parseHotel(hotelBox.value) === undefined) {
      untieErrors(errors);
      tieError(errors, `The start point '${hotelBox.value.trim()}' is not a place on the map: ${HOTEL_HELP}.`, [hotelBox]);
      hotelBox.focus();
      return;
    }
    send.disabled = true;
    send.classList.add("busy");
    untieErrors(errors);
    say("Planning the trip…");
    try {
      const next = await call("/trips", body);
      show(next, body.hotel || null);
      focusOn(result.querySelector("h3"));
      say(`${next.city}: ${next.days.length} days planned; ${next.verified ? "verified, every check passed" : `not verified${next.to_check?.length ? `: check the opening hours of ${next.to_check.length} ${next.to_check.length === 1 ? "place" : "places"} before you go` : ""}`}.`);
    } catch (error) {
      // The form keeps what was typed; the problem's detail says what to change.
      tieError(errors, `The trip could not be planned: ${error.message}`, quoted(error.message));
      status.textContent = ""; // the alert says it
    } finally {
      send.disabled = false;
      send.classList.remove("busy");
    }
  });
  newTrip.addEventListener("click", () => { clearTrip(); wordsAnswer.replaceChildren(); byId("trips-city").focus(); });

  // Words → POST /trips/intent (with the shown trip, so "make day 2 more relaxed" changes it):
  // a trip is shown, a place is described under the words, the message says what was done.
  byId("trips-words-form").addEventListener("submit", async (e) => {
    e.preventDefault();
    const text = words.value.trim();
    if (wordsSend.disabled) return;
    if (!text) {
      untieErrors(errors);
      tieError(errors, "Say what to plan or change, e.g. '3 days in Singapore next week, museums and gardens'.", [words]);
      words.focus();
      return;
    }
    wordsSend.disabled = true;
    wordsSend.classList.add("busy");
    untieErrors(errors);
    wordsAnswer.replaceChildren();
    say("Reading what you asked…");
    try {
      const answer = await call("/trips/intent", { raw_text: text, ...(trip ? { trip_id: trip.trip_id } : {}) });
      if (answer.trip) {
        const same = trip && answer.trip.trip_id === trip.trip_id;
        fillForm(answer.trip);
        show(answer.trip, same ? undefined : null);
      }
      // replaceChildren would write a null out as the text "null"
      wordsAnswer.replaceChildren(
        ...[h("p", { class: "trip-words-message", text: answer.message }),
          answer.place ? placeAnswer(answer.place) : null].filter(Boolean));
      words.value = "";
      say(answer.message);
    } catch (error) {
      // The words stay in the box; the detail says what to change.
      tieError(errors, `Kairos could not act on that: ${error.message}`, [words]);
      status.textContent = ""; // the alert says it
    } finally {
      wordsSend.disabled = false;
      wordsSend.classList.remove("busy");
    }
  });

  async function restore() {
    const stored = uid && sessionStorage.getItem(key(uid));
    if (!stored) { clearTrip(); return; }
    try {
      const t = await call(`/trips/${stored}`);
      let from = null;
      try { from = JSON.parse(sessionStorage.getItem(hotelKey(uid))); } catch { /* none kept */ }
      const hotel = from && from.trip_id === t.trip_id ? from.hotel : null;
      if (hotel) { hotelBox.value = hotelText(hotel); hotelChanged(); }
      fillForm(t);
      show(t, hotel);
    } catch (error) {
      clearTrip();
      if (error.status !== 403 && error.status !== 404) errors.replaceChildren(errorBox(`Your last trip could not be opened: ${error.message}`, restore));
    }
  }

  return {
    // The demo user changed (or the page started): show that user's last trip of this session.
    useUser(next) {
      if (next === uid) return;
      uid = next;
      errors.replaceChildren();
      wordsAnswer.replaceChildren();
      restore();
      prefs.load();
    },
  };
}
