import { api, streamChat } from "./api.js";
import { clear, errorBox, focusOn, h } from "./dom.js";
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
const KEEP_TURNS = 12;
const HISTORY_MESSAGES = 20;

// The conversation of one demo user, kept for the browser session (sessionStorage). Its id is
// sent with every turn, so the server's turn events of one conversation share a session_id.
const newSession = () => `web-${crypto.getRandomValues(new Uint32Array(3)).join("-")}`;

function store(uid) {
  const key = `kairos.chat.${uid}`;
  return {
    load() {
      let state = null;
      try { state = JSON.parse(sessionStorage.getItem(key)); } catch { /* unreadable: start over */ }
      state = state || { history: [], turns: [] };
      state.session = state.session || newSession();
      return state;
    },
    save(state) {
      const turns = state.turns.slice(-KEEP_TURNS);
      const keep = (t) => JSON.stringify({ session: state.session, history: state.history, turns: t });
      try { sessionStorage.setItem(key, keep(turns)); }
      catch { try { sessionStorage.setItem(key, keep([])); } catch { /* full */ } }
    },
  };
}

export function createChat({ getUid }) {
  const messages = document.getElementById("messages");
  const live = document.getElementById("chat-live");
  const form = document.getElementById("chat-form");
  const input = document.getElementById("chat-input");
  const send = document.getElementById("send");
  let state = { history: [], turns: [], session: newSession() };
  let saved = null;
  let controller = null;
  const placeholder = input.placeholder;

  const say = (text) => live.append(h("p", { text }));
  let restoring = false;
  const bubble = (role, ...children) => {
    const el = h("div", { class: `bubble ${role}` }, ...children);
    messages.append(el);
    // A conversation shown again on load scrolls its own panel, never the page away from the feed
    if (!restoring) el.scrollIntoView({ block: "nearest" });
    return el;
  };

  function renderResult(payload) {
    // the one question asked, then its one-tap answers (a city), each sent as the next message
    const questions = [...(payload.follow_up_questions || []), ...(payload.suggested_replies || [])].filter(Boolean);
    const asked = payload.message.trim();
    // A clarifying question arrives as both the message and a follow-up: show it once, as the chip.
    const clarifying = payload.ui_type === "text" && questions.includes(asked);
    const body = h("div", { class: "answer" },
      clarifying ? null : h("p", { class: "answer-text",
        // the "Noted: …" sentence is shown once, below, with its Undo
        text: payload.learned ? payload.message.replace(payload.learned.said, "").trim() : payload.message }));
    const places = payload.restaurants || [];
    const results = h("div", { class: "result", "data-ui-type": payload.ui_type });
    let mapEl = null;
    const select = (id) => {
      results.querySelectorAll(".card").forEach((c) => c.classList.toggle("focused", c.dataset.place === String(id)));
      if (mapEl) focusPin(mapEl, id);
      results.querySelector(`.card[data-place="${id}"]`)?.scrollIntoView({ block: "nearest", behavior: "smooth" });
    };
    if (payload.ui_type === "radar_comparison" && places.length) {
      results.append(radar(places.map((p, i) => ({ label: p.name, color: PALETTE[i % PALETTE.length], scores: p.scores || {} })),
        `Comparison of ${places.map((p) => p.name).join(", ")}`));
    }
    if (payload.ui_type === "map_view" && places.length) {
      mapEl = mapView(places, select);
      results.append(mapEl);
    }
    results.append(...places.map((r, i) => placeCard({ restaurant: r }, { rank: i + 1, onFocus: select })));
    if (payload.flagged_restaurants?.length) {
      results.append(h("p", { class: "section-label", text: "High risk for your allergies — shown so you know, not recommended" }),
        ...payload.flagged_restaurants.map((r) => placeCard({ restaurant: r }, {})));
    }
    if (results.childElementCount) body.append(results);
    if (payload.learned) body.append(learnedLine(payload.learned));
    if (questions.length) {
      body.append(h("div", { class: "chips", role: "group", "aria-label": clarifying ? "Kairos asks" : "Suggested replies" },
        questions.map((q) => q === asked
          ? h("button", { type: "button", class: "chip question", text: `💬 ${q}`,
            title: "Answer this question", onclick: () => answer(q) })
          : h("button", { type: "button", class: "chip", onclick: () => ask(q), text: q }))));
    }
    return body;
  }

  // What the message taught the profile, with the one click that puts it back.
  function learnedLine(learned) {
    const undo = h("button", { type: "button", class: "chip", text: "Undo" });
    const line = h("p", { class: "note learned" }, `${learned.said} `, undo);
    undo.onclick = async () => {
      undo.disabled = true;
      try {
        await api.saveProfile(learned.undo.preferences);
        clear(line).append(h("span", { text: "Undone: your profile is as it was." }));
        focusOn(line); // the Undo pressed is gone: focus its answer
      } catch (error) {
        undo.disabled = false;
        line.append(errorBox(`Could not undo: ${error.message}`));
      }
    };
    return line;
  }

  // Clicking a clarifying question invites the answer rather than sending the question back.
  function answer(question) {
    input.placeholder = "Type your answer…";
    input.setAttribute("aria-label", `Your answer to: ${question}`);
    input.focus();
  }

  function trace(steps, ms) {
    const done = steps.length;
    const took = ms == null ? "" : ms < 1000 ? ` · ${Math.round(ms)} ms` : ` · ${(ms / 1000).toFixed(1)} s`;
    return h("details", { class: "trace" },
      h("summary", { text: `✓ ${done} step${done === 1 ? "" : "s"}${took}` }),
      h("ol", { class: "steps" }, steps.map((t) => h("li", { class: "step done", text: t }))));
  }

  // Bring a turn's question to the top of the conversation (the panel scrolls on a desktop,
  // the page on a phone).
  function showFrom(el) {
    if (messages.scrollHeight > messages.clientHeight + 1) messages.scrollTop = el.offsetTop - 4;
    else el.scrollIntoView({ block: "nearest" });
  }

  function userBubble(message) { return bubble("user", h("p", { text: message })); }

  async function ask(message) {
    const uid = getUid();
    message = message.trim();
    if (!uid || !message) return;
    controller?.abort();
    const turn = new AbortController();
    controller = turn;
    messages.querySelector(".hint")?.remove();
    const mine = userBubble(message);
    clear(live);
    const steps = h("ol", { class: "steps" });
    const pending = bubble("assistant pending", h("p", { class: "thinking", text: "Thinking…" }), steps);
    pending.setAttribute("aria-busy", "true");
    send.disabled = true;
    const started = performance.now();
    const seen = [];
    let answered = false;
    const finish = (...children) => {
      clear(pending).append(...children);
      pending.classList.remove("pending");
      pending.removeAttribute("aria-busy");
      showFrom(mine);
    };
    const fail = (text) => {
      say(text);
      finish(errorBox(text, () => { pending.remove(); mine.remove(); ask(message); }));
    };
    try {
      await streamChat(uid, message, state.history, state.session, (event, data) => {
        if (event === "thinking") {
          const text = data.message || STEP_TEXT[data.step] || data.step;
          steps.querySelectorAll(".step.active").forEach((s) => s.classList.replace("active", "done"));
          steps.append(h("li", { class: "step active", "data-step": data.step, text }));
          seen.push(text);
          say(text);
        } else if (event === "result") {
          answered = true;
          finish(trace(seen, performance.now() - started), renderResult(data));
          say(data.message);
          state.history = [...state.history, { role: "user", content: message },
            { role: "assistant", content: data.message.slice(0, 4000) }].slice(-HISTORY_MESSAGES);
          state.turns = [...state.turns, { message, steps: seen, payload: data }];
          saved?.save(state);
        } else if (event === "error") {
          answered = true;
          fail(`Something went wrong: ${data.detail || data.message || "unknown error"}`);
        }
      }, turn.signal);
      if (!answered) fail("The answer was cut off before it arrived.");
    } catch (error) {
      if (error.name === "AbortError") pending.remove();
      else fail(error.message);
    } finally {
      if (controller === turn) send.disabled = false;
    }
  }

  form.addEventListener("submit", (e) => {
    e.preventDefault();
    const message = input.value;
    input.value = "";
    input.placeholder = placeholder;
    input.removeAttribute("aria-label");
    ask(message);
  });

  // Switch to a user's conversation: what this browser session already said is shown again.
  // The page's own hint (index.html) stays in place, never drawn again: it is the view's first
  // paint, and a new one would be its largest paint again once the session has answered.
  const hint = messages.querySelector(".hint");
  function useUser(uid) {
    controller?.abort();
    for (const child of [...messages.childNodes]) if (child !== hint) child.remove();
    clear(live);
    saved = store(uid);
    state = saved.load();
    restoring = true;
    if (state.turns.length) hint.remove();
    for (const turn of state.turns) {
      userBubble(turn.message);
      bubble("assistant", trace(turn.steps || [], null), renderResult(turn.payload));
    }
    restoring = false;
    messages.scrollTop = messages.scrollHeight;
    if (!state.turns.length && !hint.isConnected) messages.append(hint);
  }
  return { ask, useUser };
}
