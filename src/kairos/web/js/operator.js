// The Operator view (seed 004): a restaurant operator asks about staffing, risk or
// opportunity; POST /operator/chat streams the `thinking` steps, then the answer, then the
// competitor snapshot when one was named. The session id is kept across turns (and for the
// browser session), so corrections ("actually more like 150 covers") recompute the same answer.
import { streamPost } from "./api.js";
import { clear, errorBox, focusOn, h } from "./dom.js";
import { addCompetitor, CARD_LABEL, renderAnswer } from "./operator-answer.js";

const PROMPTS = {
  staffing: "What should I do about staffing this weekend?",
  risk: "What could go wrong this weekend?",
  opportunity: "Where are the opportunities this week?",
};
const EXPAND_MESSAGE = "Show me the reviews";
const KEEP_TURNS = 6;
const HINT = "Say where you are and your usual covers, e.g. “I run Marliave in Boston, usually 120 covers on a Friday — staffing this weekend?”. Corrections, “why?”, “what if it rains?” and “compare with Toro” work in the same session.";

function store(uid) {
  const key = `kairos.operator.${uid}`;
  return {
    load() {
      try {
        const state = JSON.parse(sessionStorage.getItem(key));
        if (state && Array.isArray(state.turns)) return state;
      } catch { /* unreadable: start over */ }
      return { session: null, turns: [] };
    },
    save(state) {
      const keep = (turns) => JSON.stringify({ session: state.session, turns });
      try { sessionStorage.setItem(key, keep(state.turns.slice(-KEEP_TURNS))); }
      catch { try { sessionStorage.setItem(key, keep([])); } catch { /* full */ } }
    },
    clear() { sessionStorage.removeItem(key); },
  };
}

export function createOperator({ getUid }) {
  const byId = (id) => document.getElementById(id);
  const form = byId("op-form");
  const input = byId("op-message");
  const places = byId("op-locations");
  const refresh = byId("op-refresh");
  const send = byId("op-send");
  const list = byId("op-turns");
  const live = byId("op-live");
  const sessionLine = byId("op-session");
  const radios = [...document.querySelectorAll("input[name=op-card]")];
  const placeholder = input.placeholder;
  let state = { session: null, turns: [] };
  let saved = null;
  let chosen = null; // a card the operator picked since the last answer; otherwise the session's
  let controller = null;

  const say = (text) => { live.textContent = ""; setTimeout(() => { live.textContent = text; }, 30); };

  function showCard(card) {
    for (const radio of radios) radio.checked = radio.value === card;
  }

  function showSession() {
    sessionLine.dataset.session = state.session || "";
    sessionLine.textContent = state.session
      ? `Session ${state.session.slice(0, 8)} · ${state.turns.length ? `turn ${state.turns.at(-1).answer.turn_index}` : "no turns shown"}`
      : "New session: the first answer starts it.";
  }

  function hint() {
    if (!list.childElementCount) list.append(h("p", { class: "hint muted op-hint", text: HINT }));
  }

  // A clarifying question invites the answer rather than sending anything.
  function answerQuestion(question) {
    input.placeholder = "Type your answer…";
    input.setAttribute("aria-label", `Your answer to: ${question}`);
    input.focus();
  }

  function collapseEarlier() {
    list.querySelectorAll(".op-answer .op-body[open]").forEach((d) => { d.open = false; });
  }

  function answerEl(answer, competitor) {
    const el = renderAnswer(answer, { answerQuestion, expand: () => ask(EXPAND_MESSAGE) });
    if (competitor) addCompetitor(el, competitor);
    return el;
  }

  function userBubble(message) {
    return h("div", { class: "bubble user" }, h("p", { text: message }));
  }

  async function ask(message, { locations = [], retried = false } = {}) {
    const uid = getUid();
    message = message.trim();
    if (!uid || !message) return;
    controller?.abort();
    const turn = new AbortController();
    controller = turn;
    list.querySelector(".op-hint")?.remove();
    // asked from a control on an earlier answer, which is folded away now: focus follows the
    // turn (the pending bubble, then the new answer's heading) instead of falling to the page
    const fromAnswer = list.contains(document.activeElement);
    collapseEarlier();
    const steps = h("ol", { class: "steps" });
    const pending = h("div", { class: "bubble assistant pending", "aria-busy": "true" },
      h("p", { class: "thinking", text: "Thinking…" }), steps);
    const turnEl = h("section", { class: "op-turn", "aria-label": `Turn: ${message}` }, userBubble(message), pending);
    list.append(turnEl);
    turnEl.scrollIntoView({ block: "nearest" });
    if (fromAnswer) focusOn(pending);
    send.disabled = true;
    send.classList.add("busy");
    const body = { message, session_id: state.session || undefined, card: chosen || undefined,
      locations: locations.length ? locations : undefined, refresh: refresh.checked || undefined };
    let stored = null;
    let shown = null;
    let failed = false;
    const fail = (text) => {
      failed = true;
      say(text);
      pending.removeAttribute("aria-busy");
      pending.classList.remove("pending");
      clear(pending).append(errorBox(text, () => { turnEl.remove(); ask(message, { locations }); }));
      if (!input.value) input.value = message; // nothing typed is lost
      if (locations.length && !places.value) places.value = locations.join(", ");
    };
    try {
      await streamPost("/operator/chat", body, { "X-User-ID": uid }, (event, data) => {
        if (event === "thinking") {
          steps.querySelectorAll(".step.active").forEach((s) => s.classList.replace("active", "done"));
          steps.append(h("li", { class: "step active", "data-step": data.step, text: data.message || data.step }));
          // the compose step carries the answer's own action line: the answer says it, once
          if (data.step !== "compose") say(data.message || data.step);
        } else if (event === "result") {
          shown = answerEl(data);
          shown.querySelector(".op-trace").append(h("ol", { class: "steps", "aria-label": "Steps" },
            [...steps.children].map((s) => h("li", { class: "step done", text: s.textContent }))));
          pending.replaceWith(shown);
          state.session = data.session_id;
          stored = { message, answer: data, competitor: null };
          state.turns = [...state.turns, stored];
          chosen = null;
          showCard(data.card);
          showSession();
          saved?.save(state);
          say(`${data.recommendation} ${data.action_line.action}; confidence ${data.action_line.confidence}.`);
          turnEl.scrollIntoView({ block: "start" });
          if (fromAnswer || !document.activeElement || document.activeElement === document.body) {
            focusOn(shown.querySelector(".op-recommendation"));
          }
        } else if (event === "supplement" && data.kind === "competitor" && shown) {
          addCompetitor(shown, data.payload);
          stored.competitor = data.payload;
          saved?.save(state);
          say(`Competitor ${data.payload.name}: ${data.payload.detail}`);
        } else if (event === "error") {
          fail(`Something went wrong: ${data.detail || data.title || "unknown error"}`);
        }
      }, turn.signal);
      if (!shown && !failed) {
        fail("The answer was cut off before it arrived.");
      }
    } catch (error) {
      if (error.name === "AbortError") {
        turnEl.remove();
      } else if (error.status === 404 && state.session && !retried) {
        // The stored session is gone (another database, or expired): start a new one.
        turnEl.remove();
        state = { session: null, turns: [] };
        saved?.clear();
        clear(list);
        await ask(message, { locations, retried: true });
      } else {
        fail(error.message);
      }
    } finally {
      if (controller === turn) {
        send.disabled = false;
        send.classList.remove("busy");
      }
    }
  }

  form.addEventListener("submit", (e) => {
    e.preventDefault();
    const message = input.value;
    const locations = places.value.split(";").map((p) => p.trim()).filter(Boolean); // addresses hold commas
    input.value = "";
    places.value = "";
    input.placeholder = placeholder;
    input.removeAttribute("aria-label");
    ask(message, { locations });
  });

  for (const radio of radios) {
    radio.addEventListener("change", () => {
      if (!radio.checked) return;
      chosen = radio.value;
      if (!input.value.trim()) input.value = PROMPTS[radio.value];
      input.focus();
      say(`${CARD_LABEL[radio.value]} card: it applies from your next message.`);
    });
  }

  function reset() {
    controller?.abort();
    clear(list);
    state = { session: null, turns: [] };
    chosen = null;
    showCard("staffing");
    showSession();
    hint();
  }

  byId("op-new-session").addEventListener("click", () => {
    saved?.clear();
    reset();
    input.focus();
  });

  // Switch to a user's operator session: what this browser session already asked is shown again.
  function useUser(uid) {
    reset();
    clear(list);
    saved = store(uid);
    state = saved.load();
    for (const turn of state.turns) {
      collapseEarlier();
      list.append(h("section", { class: "op-turn", "aria-label": `Turn: ${turn.message}` },
        userBubble(turn.message), answerEl(turn.answer, turn.competitor)));
    }
    if (state.turns.length) showCard(state.turns.at(-1).answer.card);
    showSession();
    hint();
  }

  reset();
  return { ask, useUser };
}
