import { streamChat } from "./api.js";
import { clear, errorBox, h } from "./dom.js";
import { placeCard } from "./cards.js";
import { radar, PALETTE } from "./radar.js";
import { focusPin, mapView } from "./map.js";

const STEP_TEXT = {
  fetching_context: "Reading your profile",
  decomposing: "Understanding your request",
  searching: "Searching places and reviews",
  evaluating: "Scoring romance, quiet, food, vegan, value",
  checking_allergies: "Checking your allergies",
};

export function createChat({ getUid, onTurnDone }) {
  const messages = document.getElementById("messages");
  const steps = document.getElementById("steps");
  const form = document.getElementById("chat-form");
  const input = document.getElementById("chat-input");
  const send = document.getElementById("send");
  let history = [];
  let controller = null;

  const bubble = (role, ...children) => {
    const el = h("div", { class: `bubble ${role}` }, ...children);
    messages.append(el);
    el.scrollIntoView({ block: "end" });
    return el;
  };

  function renderResult(payload) {
    const body = h("div", {}, h("p", { text: payload.message }));
    const results = h("div", { class: "result" });
    body.append(results);
    const places = payload.restaurants || [];
    if (payload.ui_type === "radar_comparison" && places.length) {
      results.append(radar(places.map((p, i) => ({ label: p.name, color: PALETTE[i % PALETTE.length], scores: p.scores || {} })),
        "Comparison of the results"));
    }
    let mapEl = null;
    const select = (id) => {
      results.querySelectorAll(".card").forEach((c) => c.classList.toggle("focused", c.dataset.place === String(id)));
      if (mapEl) focusPin(mapEl, id);
      results.querySelector(`.card[data-place="${id}"]`)?.scrollIntoView({ block: "nearest" });
    };
    if (payload.ui_type === "map_view" && places.length) {
      mapEl = mapView(places, select);
      results.append(mapEl);
    }
    results.append(...places.map((r, i) => placeCard({ restaurant: r }, { rank: i + 1, onFocus: (id) => select(id) })));
    if (payload.flagged_restaurants?.length) {
      results.append(h("p", { class: "section-label", text: "High risk for your allergies" }),
        ...payload.flagged_restaurants.map((r) => placeCard({ restaurant: r }, {})));
    }
    if (payload.follow_up_questions?.length) {
      body.append(h("div", { class: "chips" }, payload.follow_up_questions.map((q) =>
        h("button", { type: "button", class: "chip", onclick: () => { input.value = ""; ask(q); }, text: q }))));
    }
    return body;
  }

  function showStep(step) {
    steps.querySelectorAll(".step.active").forEach((s) => { s.classList.remove("active"); s.classList.add("done"); });
    steps.append(h("div", { class: "step active", "data-step": step.step, text: STEP_TEXT[step.step] || step.message }));
  }

  async function ask(message) {
    const uid = getUid();
    if (!uid || !message.trim()) return;
    controller?.abort();
    controller = new AbortController();
    bubble("user", message);
    clear(steps);
    send.disabled = true;
    let answered = false;
    try {
      await streamChat(uid, message, history, (event, data) => {
        if (event === "thinking") showStep(data);
        else if (event === "result") {
          answered = true;
          steps.querySelectorAll(".step.active").forEach((s) => { s.classList.remove("active"); s.classList.add("done"); });
          bubble("assistant", renderResult(data));
          history = [...history, { role: "user", content: message }, { role: "assistant", content: data.message }].slice(-20);
        } else if (event === "error") {
          answered = true;
          bubble("assistant", errorBox(`Something went wrong: ${data.detail}`, () => ask(message)));
        }
      }, controller.signal);
      if (!answered) bubble("assistant", errorBox("The answer was cut off.", () => ask(message)));
      onTurnDone?.();
    } catch (error) {
      if (error.name !== "AbortError") bubble("assistant", errorBox(error.message, () => ask(message)));
    } finally {
      send.disabled = false;
    }
  }

  form.addEventListener("submit", (e) => {
    e.preventDefault();
    const message = input.value;
    input.value = "";
    ask(message);
  });
  return { ask, reset: () => { history = []; clear(messages); clear(steps); } };
}
