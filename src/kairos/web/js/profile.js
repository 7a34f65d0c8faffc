import { api } from "./api.js";
import { clear, h } from "./dom.js";

const ALLERGENS = ["peanuts", "tree_nuts", "shellfish", "molluscs", "fish", "dairy", "eggs", "gluten",
  "soy", "sesame", "mustard", "celery", "lupin", "sulphites"];
const DIETARY = ["vegan", "vegetarian", "halal", "kosher", "gluten_free"];
const VIBES = ["quiet", "romantic", "lively", "cozy", "family", "group", "trendy", "casual", "upscale", "outdoor"];
const PRICES = ["$", "$$", "$$$", "$$$$"];

function checks(container, name, values, chosen) {
  clear(container).append(...values.map((v) => h("label", {},
    h("input", { type: "checkbox", name, value: v, checked: chosen.includes(v) }), v.replace("_", " "))));
}
const checked = (container) => [...container.querySelectorAll("input:checked")].map((i) => i.value);
const list = (value) => value.split(",").map((v) => v.trim()).filter(Boolean);

export function createProfile({ onSaved }) {
  const dialog = document.getElementById("profile-dialog");
  const rows = document.getElementById("allergy-rows");
  const error = document.getElementById("profile-error");
  let severities = {};
  document.getElementById("allergen-list").append(...ALLERGENS.map((a) => h("option", { value: a })));

  function drawAllergies() {
    clear(rows).append(...Object.entries(severities).map(([name, level]) => h("div", { class: "allergy-row" },
      h("span", { text: `${name.replace("_", " ")} — ${level}` }),
      h("button", { type: "button", class: "btn", "aria-label": `Remove ${name}`, text: "Remove",
        onclick: () => { delete severities[name]; drawAllergies(); } }))));
    if (!Object.keys(severities).length) rows.append(h("p", { class: "muted", text: "No allergies recorded." }));
  }

  async function open() {
    error.hidden = true;
    try {
      const user = await api.profile();
      severities = { ...user.allergies.severity };
      const p = user.preferences;
      checks(document.getElementById("dietary"), "dietary", DIETARY, p.dietary);
      checks(document.getElementById("vibes"), "vibes", VIBES, p.vibes);
      checks(document.getElementById("prices"), "prices", PRICES, p.price_comfort.map(String));
      document.getElementById("cuisine-affinity").value = p.cuisine_affinity.join(", ");
      document.getElementById("cuisine-aversion").value = p.cuisine_aversion.join(", ");
      drawAllergies();
      dialog.showModal();
    } catch (e) {
      onSaved(null, e);
    }
  }

  document.getElementById("add-allergy").addEventListener("click", () => {
    const name = document.getElementById("allergy-name").value.trim().toLowerCase();
    if (!name) return;
    severities[name] = document.getElementById("allergy-severity").value;
    document.getElementById("allergy-name").value = "";
    drawAllergies();
  });
  document.getElementById("profile-cancel").addEventListener("click", () => dialog.close());
  document.getElementById("profile-form").addEventListener("submit", async (e) => {
    e.preventDefault();
    const save = document.getElementById("profile-save");
    save.disabled = true;
    error.hidden = true;
    try {
      const confirmed = Object.keys(severities).filter((k) => severities[k] !== "intolerance");
      const intolerances = Object.keys(severities).filter((k) => severities[k] === "intolerance");
      await api.saveAllergies({ confirmed, intolerances, severity: severities });
      const user = await api.saveProfile({
        dietary: checked(document.getElementById("dietary")),
        vibes: checked(document.getElementById("vibes")),
        price_comfort: checked(document.getElementById("prices")),
        cuisine_affinity: list(document.getElementById("cuisine-affinity").value),
        cuisine_aversion: list(document.getElementById("cuisine-aversion").value),
      });
      dialog.close();
      onSaved(user, null);
    } catch (err) {
      error.textContent = `Not saved: ${err.message}`;
      error.hidden = false;
    } finally {
      save.disabled = false;
    }
  });
  return { open };
}
