import { api } from "./api.js";
import { clear, h } from "./dom.js";

const ALLERGENS = ["peanuts", "tree_nuts", "shellfish", "molluscs", "fish", "dairy", "eggs", "gluten",
  "soy", "sesame", "mustard", "celery", "lupin", "sulphites"];
const SEVERITIES = ["anaphylactic", "severe", "moderate", "intolerance"];
const DIETARY = ["vegan", "vegetarian", "halal", "kosher", "gluten_free"];
const VIBES = ["quiet", "romantic", "lively", "cozy", "family_friendly", "group", "trendy", "casual", "upscale", "outdoor", "rooftop", "work_friendly", "late_night"];
const PRICES = ["$", "$$", "$$$", "$$$$"];
const byId = (id) => document.getElementById(id);
const label = (v) => v.replaceAll("_", " ");

function checks(container, name, values, chosen) {
  const all = [...values, ...chosen.filter((c) => !values.includes(c))];
  clear(container).append(...all.map((v) => h("label", {},
    h("input", { type: "checkbox", name, value: v, checked: chosen.includes(v) }), label(v))));
}
const checked = (container) => [...container.querySelectorAll("input:checked")].map((i) => i.value);
const list = (value) => value.split(",").map((v) => v.trim()).filter(Boolean);

// The profile dialog: allergies with severity, dietary flags, cuisines, vibes and price comfort,
// saved through the demo session (the browser never holds the service token).
export function createProfile({ onSaved, onError }) {
  const dialog = byId("profile-dialog");
  const rows = byId("allergy-rows");
  const error = byId("profile-error");
  const nameInput = byId("allergy-name");
  let severities = {};
  let stored = [];
  byId("allergen-list").append(...ALLERGENS.map((a) => h("option", { value: a })));

  function drawAllergies() {
    clear(rows).append(...Object.entries(severities).map(([name, level]) => h("div", { class: `allergy-row ${level}` },
      h("span", { class: "allergy-name", text: label(name) }),
      h("select", { "aria-label": `Severity for ${label(name)}`, onchange: (e) => { severities[name] = e.target.value; } },
        SEVERITIES.map((s) => h("option", { value: s, selected: s === level, text: s }))),
      h("button", { type: "button", class: "btn remove", "aria-label": `Remove ${label(name)}`,
        onclick: () => { delete severities[name]; drawAllergies(); nameInput.focus(); } },
      h("span", { "aria-hidden": "true", text: "✕" }), h("span", { class: "remove-label", text: "Remove" })))));
    if (!Object.keys(severities).length) rows.append(h("p", { class: "muted", text: "No allergies recorded." }));
  }

  function addTyped() {
    const name = nameInput.value.trim().toLowerCase();
    if (!name) return;
    severities[name] = byId("allergy-severity").value;
    nameInput.value = "";
    drawAllergies();
  }

  async function open() {
    error.hidden = true;
    try {
      const user = await api.profile();
      severities = { ...user.allergies.severity };
      stored = Object.keys(severities);
      const p = user.preferences;
      checks(byId("dietary"), "dietary", DIETARY, p.dietary);
      checks(byId("vibes"), "vibes", VIBES, p.vibes);
      checks(byId("prices"), "prices", PRICES, p.price_comfort.map(String));
      byId("cuisine-affinity").value = p.cuisine_affinity.join(", ");
      byId("cuisine-aversion").value = p.cuisine_aversion.join(", ");
      byId("home-city").value = p.home_city || "";
      nameInput.value = "";
      drawAllergies();
      dialog.showModal();
    } catch (e) {
      onError(e);
    }
  }

  byId("add-allergy").addEventListener("click", addTyped);
  nameInput.addEventListener("keydown", (e) => {
    if (e.key === "Enter") { e.preventDefault(); addTyped(); }
  });
  byId("profile-cancel").addEventListener("click", () => dialog.close());
  byId("profile-form").addEventListener("submit", async (e) => {
    e.preventDefault();
    addTyped(); // an allergen typed but not added yet is not lost
    const save = byId("profile-save");
    save.disabled = true;
    save.classList.add("busy");
    error.hidden = true;
    try {
      const names = Object.keys(severities);
      // A partial update: what the dialog removed is named, so nothing else can be lost.
      await api.saveAllergies({
        confirmed: names.filter((k) => severities[k] !== "intolerance"),
        intolerances: names.filter((k) => severities[k] === "intolerance"),
        severity: severities,
        remove: stored.filter((k) => !(k in severities)),
      });
      const user = await api.saveProfile({
        dietary: checked(byId("dietary")),
        vibes: checked(byId("vibes")),
        price_comfort: checked(byId("prices")),
        cuisine_affinity: list(byId("cuisine-affinity").value),
        cuisine_aversion: list(byId("cuisine-aversion").value),
        home_city: byId("home-city").value.trim() || null,
      });
      dialog.close();
      onSaved(user);
    } catch (err) {
      error.textContent = `Not saved: ${err.message}. Your changes are still here; try again.`;
      error.hidden = false;
    } finally {
      save.disabled = false;
      save.classList.remove("busy");
    }
  });
  return { open };
}
