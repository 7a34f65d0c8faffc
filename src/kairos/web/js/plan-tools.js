// Beside the planner: the preferences panel (GET/PATCH /api/user/preferences), the vibe filter
// (the 52 dimensions of /api/vibes → the /api/vibe-heatmap layer) and reading a `why` aloud.
import { ApiError, request } from "./api.js";
import { h } from "./dom.js";

const byId = (id) => document.getElementById(id);

function preferences() {
  const panel = byId("plan-prefs");
  const budget = byId("pref-budget");
  const shown = byId("pref-budget-value");
  const vibeFirst = byId("pref-vibe");
  const riskAverse = byId("pref-risk");
  const status = byId("prefs-status");
  const fill = (p) => {
    budget.value = String(p.budget_sensitivity);
    shown.textContent = Number(p.budget_sensitivity).toFixed(2);
    vibeFirst.checked = p.vibe_first;
    riskAverse.checked = p.risk_averse;
  };
  budget.addEventListener("input", () => { shown.textContent = Number(budget.value).toFixed(2); });
  panel.addEventListener("toggle", async () => {
    if (!panel.open) return;
    status.textContent = "";
    try {
      fill(await request("/api/user/preferences"));
    } catch (error) {
      status.textContent = `Could not read your preferences: ${error.message}`;
    }
  });
  byId("prefs-form").addEventListener("submit", async (e) => {
    e.preventDefault();
    status.textContent = "Saving…";
    try {
      fill(await request("/api/user/preferences", { method: "PATCH", body: {
        budget_sensitivity: Number(budget.value), vibe_first: vibeFirst.checked, risk_averse: riskAverse.checked } }));
      status.textContent = "Saved: the next plan uses these weights.";
    } catch (error) {
      status.textContent = `Not saved: ${error.message}`;
    }
  });
}

function vibeFilter(map, city) {
  const dialog = byId("vibe-dialog");
  const list = byId("vibe-list");
  const error = byId("vibe-error");
  const legend = byId("heat-legend");
  const search = byId("vibe-search");
  let vibes = null;

  function draw() {
    const q = search.value.trim().toLowerCase();
    const chosen = list.querySelector("input:checked")?.value;
    list.replaceChildren(...vibes.filter((v) => !q || `${v.label} ${v.name} ${v.description}`.toLowerCase().includes(q))
      .map((v) => h("label", { class: "vibe-option" },
        h("input", { type: "radio", name: "vibe", value: String(v.index), checked: chosen === String(v.index) }),
        h("span", { class: "vibe-name", text: v.label }),
        h("span", { class: "meta", text: v.description }))));
  }

  byId("vibe-filter").addEventListener("click", async () => {
    error.hidden = true;
    try {
      if (!vibes) vibes = await request("/api/vibes");
      draw();
      dialog.showModal();
    } catch (e) {
      legend.hidden = false;
      legend.textContent = `The vibes could not be read: ${e.message}`;
    }
  });
  search.addEventListener("input", draw);
  byId("vibe-cancel").addEventListener("click", () => dialog.close());
  byId("vibe-clear").addEventListener("click", () => {
    map.clearHeat();
    legend.hidden = true;
    dialog.close();
  });
  byId("vibe-form").addEventListener("submit", async (e) => {
    e.preventDefault();
    const chosen = list.querySelector("input:checked");
    if (!chosen) {
      error.textContent = "Choose a vibe first.";
      error.hidden = false;
      return;
    }
    const vibe = vibes.find((v) => String(v.index) === chosen.value);
    const where = city();
    try {
      const asked = `/api/vibe-heatmap?vibe_index=${vibe.index}${where ? `&city=${encodeURIComponent(where)}` : ""}`;
      const shown = await map.heat(await request(asked), { fit: Boolean(where) });
      const scores = shown.map((p) => p.score);
      const scale = shown.length ? `${Math.min(...scores).toFixed(2)} (blue) to ${Math.max(...scores).toFixed(2)} (red) on a scale of 0 to 1` : "";
      legend.replaceChildren(h("strong", { text: `✨ ${vibe.label}` }), " ",
        h("span", { text: shown.length
          ? `${shown.length} venue${shown.length === 1 ? "" : "s"} ${where ? `in ${where}` : "near the map's centre"} scored ${scale}.`
          : `No venue ${where ? `in ${where}` : "near the map's centre"} has vibe scores yet (the vibe vectors are built by \`kairos vibes\`).` }));
      legend.hidden = false;
      dialog.close();
    } catch (err) {
      error.textContent = `The heatmap could not load: ${err.message}`;
      error.hidden = false;
    }
  });
}

let audio = null;

// Plays the spoken `why` through Web Audio (the page's CSP has no media-src for blob: URLs);
// the server's problem detail is shown when no speech engine is installed.
export async function speak(text, button, status) {
  button.disabled = true;
  status.textContent = "Preparing the speech…";
  try {
    let response;
    try {
      response = await fetch("/api/voice/synthesize", { method: "POST", credentials: "same-origin",
        headers: { "Content-Type": "application/json" }, body: JSON.stringify({ text }) });
    } catch {
      throw new ApiError("Kairos cannot be reached. Check that the server is running.", 0);
    }
    if (!response.ok) {
      const body = await response.json().catch(() => ({}));
      throw new ApiError(body.detail || body.title || `HTTP ${response.status}`, response.status);
    }
    audio = audio || new AudioContext();
    const buffer = await audio.decodeAudioData(await response.arrayBuffer());
    const source = audio.createBufferSource();
    source.buffer = buffer;
    source.connect(audio.destination);
    source.addEventListener("ended", () => { status.textContent = ""; });
    source.start();
    status.textContent = "Playing…";
  } catch (error) {
    status.textContent = `Cannot read aloud: ${error.message}`;
  } finally {
    button.disabled = false;
  }
}

// The city most of a plan's venues are in (the vibe heatmap keeps to it), or null.
function planCity(plan) {
  const counts = new Map();
  for (const v of plan?.venues || []) if (v.city) counts.set(v.city, (counts.get(v.city) || 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] || null;
}

// `currentPlan()` is the plan shown, or null before one.
export function createPlanTools({ map, currentPlan = () => null }) {
  preferences();
  vibeFilter(map, () => planCity(currentPlan()));
}
