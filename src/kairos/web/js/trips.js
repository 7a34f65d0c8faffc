// The Trips view (seed 003): a form → POST /trips, then the day-by-day plan with its map, checks
// and exports; Lock, Swap and "More relaxed" replan through the trip's edit routes. The trip id
// is kept per user in sessionStorage, so a reload (or switching back to a user) shows it again.
import { request } from "./api.js";
import { errorBox, h } from "./dom.js";
import { drawTripMap, focusTripPin } from "./trips-map.js";
import { renderTrip } from "./trips-render.js";

const key = (uid) => `kairos.trips.${uid}`;

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
  const intro = [...result.childNodes].map((n) => n.cloneNode(true));
  let trip = null;
  let uid = null;

  byId("trips-start").value = tomorrow();
  const say = (text) => { status.textContent = ""; setTimeout(() => { status.textContent = text; }, 30); };
  const call = (path, body) => request(path, { method: body ? "POST" : "GET", body, headers: { "X-User-ID": getUid() } });

  function readForm() {
    const body = {
      city: byId("trips-city").value.trim(),
      days: Number.parseInt(byId("trips-days").value, 10),
      pace: byId("trips-pace").value,
      mode: byId("trips-mode").value,
      interests: byId("trips-interests").value.trim(),
      accessibility: byId("trips-access").checked,
    };
    const start = byId("trips-start").value;
    if (start) body.start_date = start;
    if (Number.isNaN(body.days)) body.days = 0; // the server says what a trip's days may be
    return body;
  }

  function fillForm(t) {
    byId("trips-city").value = t.city;
    byId("trips-start").value = t.start_date;
    byId("trips-days").value = String(t.days.length);
    byId("trips-pace").value = t.pace;
    byId("trips-mode").value = t.mode;
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

  function show(next) {
    trip = next;
    if (uid) sessionStorage.setItem(key(uid), trip.trip_id);
    newTrip.hidden = false;
    result.replaceChildren(...renderTrip(trip, actions));
    result.querySelectorAll(".trip-slot").forEach((item) => item.addEventListener("click", (e) => {
      if (!e.target.closest("button, summary, a")) focusTripPin(mapBox, item.dataset.place);
    }));
    drawTripMap(mapBox, trip, select);
  }

  function clearTrip() {
    trip = null;
    if (uid) sessionStorage.removeItem(key(uid));
    newTrip.hidden = true;
    result.replaceChildren(...intro.map((n) => n.cloneNode(true)));
    mapBox.replaceChildren();
  }

  // An edit keeps the trip on screen; while it runs its buttons are off, and a refusal is shown
  // above the plan with what to do.
  async function edit(path, body, done) {
    const buttons = [...result.querySelectorAll("button")];
    buttons.forEach((b) => { b.disabled = true; });
    result.setAttribute("aria-busy", "true");
    result.querySelector(".trip-edit-error")?.remove();
    try {
      const next = await call(path, body);
      show(next);
      say(done(next));
    } catch (error) {
      buttons.forEach((b) => { b.disabled = false; });
      const box = errorBox(`That change was not made: ${error.message}`);
      box.classList.add("trip-edit-error");
      result.prepend(box);
      say(`That change was not made: ${error.message}`);
    } finally {
      result.removeAttribute("aria-busy");
    }
  }

  const stopsOf = (t, index) => t.days[index - 1].slots.filter((slot) => slot.kind === "stop").length;
  const actions = {
    relax: (index) => edit(`/trips/${trip.trip_id}/days/${index}/refine`, { change: "more_relaxed" },
      (next) => `Day ${index} is more relaxed: ${stopsOf(next, index)} stops.`),
    swap: (slot, want, words) => edit(`/trips/${trip.trip_id}/stops/${slot.place_id}/swap`, { want },
      (next) => next.notes.findLast((n) => n.includes(slot.name)) || `Asked to swap ${slot.name} for something ${words}.`),
    lock: (slot, index) => edit(`/trips/${trip.trip_id}/stops/${slot.place_id}/lock`, { day: index },
      () => `${slot.name} is locked to day ${index}; the trip was planned again around it.`),
  };

  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    if (send.disabled) return;
    const body = readForm();
    send.disabled = true;
    send.classList.add("busy");
    errors.replaceChildren();
    say("Planning the trip…");
    try {
      const next = await call("/trips", body);
      show(next);
      say(`${next.city}: ${next.days.length} days planned; ${next.verified ? "every check passed" : "not every check passed"}.`);
    } catch (error) {
      // The form keeps what was typed; the problem's detail says what to change.
      errors.replaceChildren(errorBox(`The trip could not be planned: ${error.message}`));
      say(`The trip could not be planned: ${error.message}`);
    } finally {
      send.disabled = false;
      send.classList.remove("busy");
    }
  });
  newTrip.addEventListener("click", () => { clearTrip(); byId("trips-city").focus(); });

  async function restore() {
    const stored = uid && sessionStorage.getItem(key(uid));
    if (!stored) { clearTrip(); return; }
    try {
      const t = await call(`/trips/${stored}`);
      fillForm(t);
      show(t);
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
      restore();
    },
  };
}
