// The Plan view (seed 002's group planner): a request with the group's members, the agents' logs
// streamed over the WebSocket (POST /api/plan when the socket fails), then the ranked venues on
// the map and as cards, votes through the shareable plan link, and the proposed action.
import { ApiError, request } from "./api.js";
import { errorBox, focusOn, h, tieError, untieErrors } from "./dom.js";
import { excludedList, planCard } from "./plan-cards.js";
import { createPlanMap } from "./plan-map.js";
import { createPlanTools, speak } from "./plan-tools.js";

const NODES = ["commander", "scout", "vibe", "cost", "critic", "synthesiser", "graph"];
const NODE_LABEL = { graph: "Graph", commander: "Commander", scout: "Scout", vibe: "Vibe matcher",
  cost: "Cost analyst", critic: "Critic", synthesiser: "Synth" };
const AGENT_NODE = { scout: "scout", vibe_matcher: "vibe", cost_analyst: "cost", critic: "critic", synthesiser: "synthesiser" };
const BADGES = ["commander", "scout", "vibe", "cost", "critic", "synthesiser"];
const SEVERITIES = ["anaphylactic", "severe", "moderate", "intolerance"];
const PLAN_HASH = /^#plan\/([0-9a-f-]{36})$/i;
const words = (value) => value.split(",").map((w) => w.trim()).filter(Boolean);

class SocketFailed extends Error {}

// One plan over WS /api/ws/plan: logs as they come, then the result or the server's problem.
function planOverSocket(body, onLog) {
  return new Promise((resolve, reject) => {
    let socket;
    try {
      socket = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/api/ws/plan`);
    } catch {
      reject(new SocketFailed());
      return;
    }
    let settled = false;
    const settle = (fn, value) => { if (!settled) { settled = true; fn(value); } };
    socket.addEventListener("open", () => socket.send(JSON.stringify(body)));
    socket.addEventListener("message", (event) => {
      let message;
      try { message = JSON.parse(event.data); } catch { return; }
      if (message.type === "log") onLog(message.node, message.message);
      else if (message.type === "result") settle(resolve, message.data);
      else if (message.type === "error") settle(reject, new ApiError(message.detail || message.title || "The plan failed", 400));
    });
    socket.addEventListener("close", () => settle(reject, new SocketFailed()));
    socket.addEventListener("error", () => settle(reject, new SocketFailed()));
  });
}

export function createPlan() {
  const byId = (id) => document.getElementById(id);
  const form = byId("plan-form");
  const sendButton = byId("plan-send");
  const logs = byId("plan-logs");
  const results = byId("plan-results");
  const agents = byId("plan-agents");
  const errors = byId("plan-error");
  const live = byId("plan-live");
  const membersBox = byId("plan-members");
  const hint = byId("plan-pick-hint");
  const map = createPlanMap(byId("plan-map"), byId("plan-map-note"));
  const tabs = { logs: byId("plan-tab-logs"), results: byId("plan-tab-results") };
  let plan = null;
  let voter = null;
  // the seed's chat_history: what was asked and answered, so "make it cheaper" follows up
  const talk = [];
  const TALK_KEPT = 10;
  const cast = {};
  const confirmed = {}; // action id → the confirm answer (the stored plan keeps "proposed")

  createPlanTools({ map, currentPlan: () => plan });

  // Tabs: logs while the agents work, results once they are done; the person may switch.
  function showTab(name) {
    for (const [key, tab] of Object.entries(tabs)) {
      const on = key === name;
      tab.setAttribute("aria-selected", String(on));
      tab.tabIndex = on ? 0 : -1;
      byId(tab.getAttribute("aria-controls")).hidden = !on;
    }
  }
  tabs.logs.addEventListener("click", () => showTab("logs"));
  tabs.results.addEventListener("click", () => showTab("results"));
  for (const tab of Object.values(tabs)) {
    tab.addEventListener("keydown", (e) => {
      if (e.key !== "ArrowLeft" && e.key !== "ArrowRight") return;
      const other = tab === tabs.logs ? "results" : "logs";
      showTab(other);
      tabs[other].focus();
    });
  }

  // Group members: the same shape as the household rows of the Meals view (allergies comma
  // separated with one severity), plus diets and an optional starting point.
  function memberRow() {
    const name = h("input", { class: "pm-name", maxlength: "40", placeholder: "Name", "aria-label": "Member's name" });
    const allergies = h("input", { class: "pm-allergies", maxlength: "300", list: "allergen-list",
      placeholder: "allergies, comma separated", "aria-label": "Member's allergies" });
    const severity = h("select", { class: "pm-severity", "aria-label": "Severity of these allergies" },
      ...SEVERITIES.map((level) => h("option", { value: level, text: level, selected: level === "severe" })));
    const diets = h("input", { class: "pm-diets", maxlength: "120", placeholder: "diets: vegan, halal…", "aria-label": "Member's diets" });
    const where = h("input", { class: "pm-where", maxlength: "40", placeholder: "lat, lng", inputmode: "decimal", "aria-label": "Member's location (lat, lng)" });
    const pick = h("button", { type: "button", class: "btn pm-pick", text: "📍 Pick on map" });
    const row = h("div", { class: "plan-member" }, name, allergies, severity, diets, where, pick,
      h("button", { type: "button", class: "btn pm-remove", text: "Remove", "aria-label": "Remove this member",
        onclick: () => removeMember(row, name.value.trim()) }));
    pick.addEventListener("click", () => {
      hint.textContent = `Click the map where ${name.value.trim() || "this member"} starts.`;
      map.pick((lat, lng) => {
        where.value = `${lat}, ${lng}`;
        hint.textContent = `${name.value.trim() || "The member"} starts at ${lat}, ${lng}.`;
        drawMembers();
      });
    });
    where.addEventListener("change", drawMembers);
    name.addEventListener("change", drawMembers);
    return row;
  }

  // Focus stays in the list: the next row's Remove, else the previous row's, else "Add a member".
  function removeMember(row, name) {
    const rows = [...membersBox.querySelectorAll(".plan-member")];
    const at = rows.indexOf(row);
    const next = rows[at + 1] || rows[at - 1];
    row.remove();
    drawMembers();
    (next ? next.querySelector(".pm-remove") : byId("plan-add-member")).focus();
    const left = rows.length - 1;
    live.textContent = `Removed ${name || "a member"}; ${left ? `${left} member${left === 1 ? "" : "s"} left` : "no members left"}.`;
  }

  function readMembers() {
    const rows = [...membersBox.querySelectorAll(".plan-member")];
    const members = [];
    const locations = [];
    for (const row of rows) {
      const name = row.querySelector(".pm-name").value.trim();
      const whereText = row.querySelector(".pm-where").value.trim();
      let point = null;
      if (whereText) {
        const parts = whereText.split(/[,\s]+/).filter(Boolean).map(Number);
        if (parts.length !== 2 || parts.some(Number.isNaN)) {
          throw Object.assign(new ApiError(`${name || "A member"}'s location “${whereText}” is not “lat, lng” (e.g. 42.35, -71.06)`, 0),
            { field: row.querySelector(".pm-where") });
        }
        point = { lat: parts[0], lng: parts[1] };
      }
      if (!name) {
        if (row.querySelector(".pm-allergies").value.trim() || row.querySelector(".pm-diets").value.trim()) {
          throw Object.assign(new ApiError("Give every member with allergies or diets a name", 0), { field: row.querySelector(".pm-name") });
        }
        if (point) locations.push(point);
        continue;
      }
      const level = row.querySelector(".pm-severity").value;
      members.push({ name, allergies: { severity: Object.fromEntries(words(row.querySelector(".pm-allergies").value).map((a) => [a, level])) },
        diets: words(row.querySelector(".pm-diets").value) });
      if (point) locations.push({ name, ...point });
    }
    return { members, locations };
  }

  function drawMembers() {
    try {
      map.showMembers(readMembers().locations);
    } catch { /* an unfinished location: drawn once it parses */ }
  }

  byId("plan-add-member").addEventListener("click", () => {
    const row = memberRow();
    membersBox.append(row);
    row.querySelector(".pm-name").focus();
  });

  // Live logs, grouped by node in pipeline order; a badge per active agent.
  function resetRun() {
    logs.replaceChildren();
    logs.setAttribute("aria-busy", "true");
    agents.replaceChildren(h("span", { class: "agent-row-label", text: "Agents:" }),
      ...BADGES.map((node) => h("span", { class: "agent-badge", "data-node": node, text: NODE_LABEL[node] })));
    agents.hidden = false;
  }

  function logGroup(node) {
    let group = logs.querySelector(`.log-group[data-node="${CSS.escape(node)}"]`);
    if (group) return group.querySelector("ol");
    group = h("section", { class: "log-group", "data-node": node, "aria-label": `${NODE_LABEL[node] || node} logs` },
      h("h3", { text: NODE_LABEL[node] || node }), h("ol", { class: "log-lines" }));
    const order = (n) => (NODES.includes(n) ? NODES.indexOf(n) : NODES.length);
    const after = [...logs.querySelectorAll(".log-group")].find((g) => order(g.dataset.node) > order(node));
    logs.insertBefore(group, after || null);
    return group.querySelector("ol");
  }

  function onLog(node, message) {
    logGroup(node).append(h("li", { text: message }));
    const badge = agents.querySelector(`.agent-badge[data-node="${CSS.escape(node)}"]`);
    if (badge && !badge.classList.contains("done")) {
      badge.classList.add("done");
      badge.setAttribute("aria-label", `${NODE_LABEL[node]} done`);
    }
    const active = node === "commander" && /agents: ([a-z_, ]+);/.exec(message);
    if (active) {
      const wanted = new Set(["commander", ...active[1].split(",").map((a) => AGENT_NODE[a.trim()]).filter(Boolean)]);
      agents.querySelectorAll(".agent-badge").forEach((b) => { b.hidden = !wanted.has(b.dataset.node); });
    }
  }

  async function run(body) {
    sendButton.disabled = true;
    sendButton.classList.add("busy");
    untieErrors(errors);
    resetRun();
    showTab("logs");
    live.textContent = "Planning: the agents are at work…";
    try {
      let result;
      try {
        result = await planOverSocket(body, onLog);
      } catch (error) {
        if (!(error instanceof SocketFailed)) throw error;
        logGroup("graph").append(h("li", { class: "muted", text: "Live logs unavailable: planning over HTTP instead." }));
        result = await request("/api/plan", { method: "POST", body });
      }
      history.replaceState(null, "", `#plan/${result.plan_id}`);
      talk.push({ role: "user", content: body.prompt },
        { role: "assistant", content: result.global_consensus || result.execution_summary });
      talk.splice(0, Math.max(0, talk.length - TALK_KEPT));
      show(result);
      // the send button was disabled while the agents worked (focus fell to the page): the
      // results' heading takes it
      focusOn(byId("plan-results-title"));
    } catch (error) {
      agents.hidden = true;
      errors.replaceChildren(errorBox(`The plan failed: ${error.message}`, () => run(body)));
      live.textContent = `The plan failed: ${error.message}`;
    } finally {
      logs.removeAttribute("aria-busy");
      sendButton.disabled = false;
      sendButton.classList.remove("busy");
    }
  }

  form.addEventListener("submit", (e) => {
    e.preventDefault();
    const prompt = byId("plan-prompt").value.trim();
    if (!prompt) return;
    let group;
    try {
      group = readMembers();
    } catch (error) {
      untieErrors(errors);
      tieError(errors, error.message, error.field ? [error.field] : []);
      error.field?.focus();
      return;
    }
    const date = byId("plan-date").value.trim();
    run({ prompt, members: group.members, member_locations: group.locations, date: date || null,
      group_size: Math.max(1, group.members.length || 1), chat_history: [...talk] });
  });

  function select(venueId) {
    results.querySelectorAll(".plan-card").forEach((c) => c.classList.toggle("focused", c.dataset.venue === venueId));
    const card = results.querySelector(`.plan-card[data-venue="${CSS.escape(venueId)}"]`);
    if (card) {
      showTab("results");
      card.scrollIntoView({ block: "nearest", behavior: "smooth" });
    }
    map.focus(venueId);
  }

  async function vote(venue, value) {
    try {
      const updated = await request(`/api/plans/${plan.plan_id}/votes`, { method: "POST",
        body: { member: voter, venue_id: venue.venue_id, vote: value } });
      cast[`${voter}|${venue.venue_id}`] = value;
      const now = updated.venues.find((v) => v.venue_id === venue.venue_id);
      // the link's answer leaves out what is the owner's (request, profile, pending action):
      // the page that holds them keeps them
      show({ ...updated, action_request: plan.action_request, parsed_intent: plan.parsed_intent,
        user_profile: plan.user_profile }, { keepTab: true, announce: false });
      live.textContent = now ? `${voter} voted ${value} on ${venue.name}; it is now ranked ${now.rank}.`
        : `${voter} voted ${value} on ${venue.name}; it is taken off the list (see what was left out).`;
      if (!now) return focusOn(byId("plan-results-title")); // a vetoed venue leaves the cards
      select(venue.venue_id);
      // the card was drawn again (maybe at another rank): focus the same vote on it
      results.querySelector(`.plan-card[data-venue="${CSS.escape(venue.venue_id)}"] .vote[data-vote="${value}"]`)?.focus();
    } catch (error) {
      errors.replaceChildren(errorBox(`The vote was not counted: ${error.message}`));
    }
  }

  function actionBox(action) {
    if (!action) return null;
    const status = h("p", { class: "meta", role: "status", text: `Status: ${action.status}` });
    const links = h("div", { class: "action-links" });
    const confirm = h("button", { type: "button", class: "btn primary", id: "plan-confirm", text: "Confirm" });
    const showDone = (done) => {
      confirm.disabled = true;
      status.textContent = `Status: ${done.status}. ${done.detail}`;
      links.replaceChildren(...Object.entries(done.downloads).map(([kind, url]) =>
        h("a", { class: "btn", href: url, download: "", text: kind === "invite" ? "📅 Invite (.ics)" : "✉️ Message (.eml)" })));
    };
    if (confirmed[action.id]) showDone(confirmed[action.id]);
    confirm.addEventListener("click", async () => {
      confirm.disabled = true;
      try {
        confirmed[action.id] = await request(action.confirm_url, { method: "POST" });
        showDone(confirmed[action.id]);
      } catch (error) {
        status.textContent = `Not confirmed: ${error.message}`;
        confirm.disabled = false;
      }
    });
    const invite = action.preview?.invite;
    return h("section", { class: "action-request", "aria-labelledby": "action-title" },
      h("h3", { id: "action-title", text: `Proposed: ${action.summary}` }),
      invite ? h("p", { class: "meta", text: `${invite.start || ""} · ${invite.location || ""}${invite.day_assumed ? " (day assumed)" : ""}` }) : null,
      h("p", { class: "muted", text: "Nothing is sent until you confirm." }),
      h("div", { class: "row" }, confirm,
        action.download_url ? h("a", { class: "btn", id: "plan-ics", href: action.download_url, download: "plan.ics", text: "📅 Download invite (.ics)" }) : null),
      status, links);
  }

  function shareBox(planId) {
    const url = `${location.origin}${location.pathname}#plan/${planId}`;
    const copy = h("button", { type: "button", class: "btn", text: "Copy link" });
    copy.addEventListener("click", async () => {
      try { await navigator.clipboard.writeText(url); copy.textContent = "Copied"; } catch { copy.textContent = "Select the link to copy it"; }
    });
    const names = plan.members.length ? plan.members : ["you"];
    if (!names.includes(voter)) voter = names[0];
    const picker = h("select", { id: "plan-voter", "aria-label": "Vote as" },
      ...names.map((n) => h("option", { value: n, text: n, selected: n === voter })));
    picker.addEventListener("change", () => {
      voter = picker.value;
      show(plan, { keepTab: true, announce: false });
      live.textContent = `Voting as ${voter}.`;
      byId("plan-voter").focus(); // the picker was drawn again
    });
    return h("div", { class: "share" },
      h("p", {}, "Share to vote: ", h("a", { id: "plan-share", href: url, text: url }), " ", copy),
      h("label", { class: "check" }, "Voting as ", picker));
  }

  // what the pipeline says beyond "Pipeline complete." (the city it kept to, the weather,
  // the allergens it left out) and what it assumed: shown with the cards, not only in the logs
  function summaryLine(summary) {
    const rest = (summary || "").replace(/^Pipeline complete[.:]\s*/, "").trim();
    return rest ? h("p", { class: "meta plan-summary", text: rest }) : null;
  }

  function assumedLine(assumptions) {
    return assumptions.length
      ? h("p", { class: "meta plan-assumed", text: `Assumed: ${assumptions.join("; ")}.` }) : null;
  }

  function show(result, { keepTab = false, announce = true } = {}) {
    plan = result;
    agents.hidden = true;
    const share = shareBox(plan.plan_id); // picks who votes
    const cards = plan.venues.map((v) => planCard(v, { onSelect: select, onSpeak: speak,
      vote: { member: voter, cast, onVote: vote } }));
    // a plan that asks (which city?) is a question, not a failure to find venues
    const asks = !plan.venues.length && /\?/.test(plan.execution_summary || "");
    const empty = asks ? "One question before planning" : "No venue fits this plan.";
    const ranked = plan.venues.length
      ? `${plan.venues.length} venue${plan.venues.length === 1 ? "" : "s"} ranked`
      : asks ? empty : "No venue ranked";
    results.replaceChildren(...[
      h("h3", { id: "plan-results-title", class: "plan-results-title", tabindex: "-1", text: ranked }),
      // the server writes the consensus again after every vote (venues/verdict.py)
      plan.global_consensus ? h("p", { class: "consensus", text: plan.venues.some((v) => Object.values(v.votes).some(Boolean))
        || (plan.excluded || []).some((e) => e.cause === "veto") // a vetoed venue leaves the cards
        ? `After the votes: ${plan.global_consensus}` : plan.global_consensus }) : null,
      plan.meeting_point ? h("p", { class: "meta meeting", text: `★ Meeting point: ${plan.meeting_point.explanation}` }) : null,
      plan.venues.length ? summaryLine(plan.execution_summary) : null,
      assumedLine((plan.parsed_intent || {}).assumptions || []),
      actionBox(plan.action_request),
      share,
      plan.venues.length ? h("div", { class: "cards plan-cards" }, ...cards)
        : h("div", { class: "empty" }, asks ? null : h("p", { class: "empty-title", text: empty }),
          h("p", { class: "plan-summary", text: (plan.execution_summary || "").replace(/^Pipeline complete[.:]\s*(nothing planned\.\s*)?/, "") })),
      plan.backup ? planCard(plan.backup, { backup: true, onSelect: select, onSpeak: speak }) : null,
      excludedList(plan.excluded)].filter(Boolean));
    if (!keepTab) showTab("results");
    if (announce) live.textContent = plan.venues.length
      ? `${plan.venues.length} venue(s) ranked; first: ${plan.venues[0].name}.` : empty;
    map.showPlan(plan, select);
  }

  async function openShared(planId) {
    if (plan && plan.plan_id === planId) return;
    errors.replaceChildren();
    results.replaceChildren(h("p", { class: "muted", text: "Opening the shared plan…" }));
    showTab("results");
    try {
      show(await request(`/api/plans/${planId}`));
    } catch (error) {
      results.replaceChildren();
      errors.replaceChildren(errorBox(`The shared plan could not be opened: ${error.message}`, () => openShared(planId)));
    }
  }

  return {
    // Called when the view is shown (or its hash changes): starts the map, opens a shared plan.
    shown(hash) {
      map.viewShown();
      const shared = PLAN_HASH.exec(hash);
      if (shared) openShared(shared[1].toLowerCase());
    },
  };
}
