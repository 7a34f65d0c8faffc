// The Trips view's "Travel preferences" panel: the traveller's part of the shared profile
// (GET / PATCH /trips/preferences). A trip takes from here what its form leaves at "From my
// preferences". The panel says whether what is on screen is saved.
import { errorBox, h } from "./dom.js";

export const MODES = [["walk", "walking"], ["transit", "public transit"], ["drive", "driving"]];
const MODE_LABEL = Object.fromEntries(MODES);

// "museum, Park ,  temple" → ["museum", "Park", "temple"] (the server lower-cases and dedupes).
export const splitTags = (text) => text.split(",").map((t) => t.trim()).filter(Boolean);

export function createTripPrefs({ call }) {
  const byId = (id) => document.getElementById(id);
  const form = byId("travel-form");
  const save = byId("travel-save");
  const state = byId("travel-state");
  const errors = byId("travel-error");
  const modes = byId("travel-modes");
  let saved = null; // the last values read or written, as JSON
  let loading = null;

  function modeItem(value, on) {
    const label = MODE_LABEL[value];
    const item = h("li", { class: "trips-prefs-mode", "data-mode": value },
      h("label", { class: "check" }, h("input", { type: "checkbox", value, checked: on || null }), ` ${label}`),
      h("button", { type: "button", class: "btn trips-prefs-up", text: "↑", "aria-label": `Move ${label} up`,
        onclick: () => {
          const before = item.previousElementSibling;
          if (before) { modes.insertBefore(item, before); changed(); }
          item.querySelector("button").focus();
        } }));
    return item;
  }

  function fill(p) {
    byId("travel-tags").value = p.favourite_tags.join(", ");
    byId("travel-companions").value = p.companions || "";
    byId("travel-pace").value = p.pace || "";
    byId("travel-access").checked = p.accessibility;
    const order = [...p.modes, ...MODES.map(([m]) => m).filter((m) => !p.modes.includes(m))];
    modes.replaceChildren(...order.map((m) => modeItem(m, p.modes.includes(m))));
    saved = JSON.stringify(read());
    changed();
  }

  function read() {
    return {
      favourite_tags: splitTags(byId("travel-tags").value),
      companions: byId("travel-companions").value || null,
      modes: [...modes.querySelectorAll("input:checked")].map((box) => box.value),
      pace: byId("travel-pace").value || null,
      accessibility: byId("travel-access").checked,
    };
  }

  function changed() {
    if (saved === null) return;
    const same = JSON.stringify(read()) === saved;
    state.textContent = same ? "✓ Saved" : "● Changes not saved";
    state.className = `trips-prefs-state ${same ? "saved" : "unsaved"}`;
  }

  form.addEventListener("input", changed);
  form.addEventListener("change", changed);
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    if (save.disabled) return;
    save.disabled = true;
    save.classList.add("busy");
    errors.replaceChildren();
    try {
      fill(await call("/trips/preferences", read(), "PATCH"));
    } catch (error) {
      // What was typed stays; the detail says what to change.
      errors.replaceChildren(errorBox(`Your preferences were not saved: ${error.message}`));
    } finally {
      save.disabled = false;
      save.classList.remove("busy");
    }
  });

  return {
    // Reads the user's preferences into the panel (on start and when the demo user changes).
    async load() {
      saved = null;
      state.textContent = "Loading…";
      state.className = "trips-prefs-state";
      errors.replaceChildren();
      const mine = loading = call("/trips/preferences");
      try {
        const prefs = await mine;
        if (mine === loading) fill(prefs);
      } catch (error) {
        if (mine !== loading) return;
        state.textContent = "✕ Not loaded";
        errors.replaceChildren(errorBox(`Your travel preferences could not be read: ${error.message}`, () => this.load()));
      }
    },
  };
}
