// The cook's profile in the Meals view: skill, units, time, diet, dislikes, equipment and the
// household members with their own allergies (PATCH /meals/profile, a partial update).
import { ApiError } from "./api.js";
import { h } from "./dom.js";

const EQUIPMENT = ["oven", "stovetop", "air fryer", "microwave", "slow cooker", "pressure cooker",
  "blender", "food processor", "mixer", "grill", "steamer"];
const SEVERITIES = ["anaphylactic", "severe", "moderate", "intolerance"];

async function call(path, uid, method, body) {
  let response;
  try {
    response = await fetch(path, { method, credentials: "same-origin",
      headers: { "X-User-ID": uid, ...(body ? { "Content-Type": "application/json" } : {}) },
      body: body ? JSON.stringify(body) : undefined });
  } catch {
    throw new ApiError("Kairos cannot be reached. Check that the server is running.", 0);
  }
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw new ApiError(data.detail || data.title || `HTTP ${response.status}`, response.status);
  return data;
}

const words = (value) => value.split(",").map((w) => w.trim()).filter(Boolean);

export function createKitchen({ getUid }) {
  const byId = (id) => document.getElementById(id);
  const members = byId("members");
  const status = byId("kitchen-status");
  const boxes = EQUIPMENT.map((name) => h("input", { type: "checkbox", value: name }));
  byId("cook-equipment").replaceChildren(...EQUIPMENT.map((name, i) => h("label", {}, boxes[i], ` ${name}`)));

  function memberRow(member = { name: "", allergies: { severity: {} } }) {
    const entries = Object.entries(member.allergies.severity || {});
    const name = h("input", { class: "member-name", maxlength: "40", placeholder: "Name", value: member.name, "aria-label": "Member's name" });
    const allergies = h("input", { class: "member-allergies", maxlength: "300", placeholder: "allergies, comma separated",
      value: entries.map(([a]) => a.replaceAll("_", " ")).join(", "), "aria-label": "Member's allergies" });
    const severity = h("select", { class: "member-severity", "aria-label": "Severity" },
      ...SEVERITIES.map((level) => h("option", { value: level, text: level,
        selected: (entries[0] ? entries[0][1] : "severe") === level })));
    const row = h("div", { class: "member row" }, name, allergies, severity,
      h("button", { type: "button", class: "btn", text: "Remove", onclick: () => row.remove() }));
    return row;
  }

  function fill(cook) {
    byId("cook-skill").value = cook.skill || "";
    byId("cook-units").value = cook.units;
    byId("cook-minutes").value = cook.time_per_meal_minutes ?? "";
    byId("cook-diet").value = cook.diet_style || "";
    byId("cook-dislikes").value = cook.dislikes.join(", ");
    boxes.forEach((box) => { box.checked = (cook.equipment || []).includes(box.value); });
    members.replaceChildren(...cook.household.map(memberRow));
  }

  async function load() {
    const uid = getUid();
    if (!uid) return;
    try {
      fill(await call("/meals/profile", uid, "GET"));
      status.textContent = "";
    } catch (error) {
      status.textContent = `Could not read your kitchen: ${error.message}`;
    }
  }

  byId("add-member").addEventListener("click", () => members.append(memberRow()));
  byId("kitchen").addEventListener("toggle", (e) => { if (e.target.open) load(); });
  byId("kitchen-form").addEventListener("submit", async (e) => {
    e.preventDefault();
    const minutes = byId("cook-minutes").value;
    const checked = boxes.filter((box) => box.checked).map((box) => box.value);
    const body = {
      skill: byId("cook-skill").value || null,
      units: byId("cook-units").value,
      time_per_meal_minutes: minutes ? Number(minutes) : null,
      diet_style: byId("cook-diet").value.trim() || null,
      dislikes: words(byId("cook-dislikes").value),
      equipment: checked.length ? checked : null,
      household: [...members.querySelectorAll(".member")].filter((row) => row.querySelector(".member-name").value.trim())
        .map((row) => {
          const level = row.querySelector(".member-severity").value;
          const names = words(row.querySelector(".member-allergies").value);
          return { name: row.querySelector(".member-name").value.trim(),
            allergies: { severity: Object.fromEntries(names.map((n) => [n, level])) } };
        }),
    };
    try {
      fill(await call("/meals/profile", getUid(), "PATCH", body));
      status.textContent = "Saved.";
    } catch (error) {
      status.textContent = `Not saved: ${error.message}`;  // the form keeps what was typed
    }
  });
  return { reload() { if (byId("kitchen").open) load(); } };
}
