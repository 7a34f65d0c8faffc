import { api } from "./api.js";
import { clear, errorBox, h } from "./dom.js";
import { placeCard } from "./cards.js";

const byId = (id) => document.getElementById(id);

function skeletons() {
  return [1, 2, 3].map(() => h("div", { class: "skeleton card-skeleton", "aria-hidden": "true" },
    h("div", { class: "sk-badge" }), h("div"), h("div"), h("div")));
}

function timeOf(iso) {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : date.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
}

let generation = 0;

// "Picked for you": skeletons, then cards, an empty state, or an error with "Try again".
export async function loadFeed(uid, { refresh = false } = {}) {
  const el = byId("feed");
  const button = byId("refresh");
  const status = byId("feed-status");
  const note = byId("feed-note");
  const mine = ++generation;
  el.setAttribute("aria-busy", "true");
  button.classList.add("busy");
  button.disabled = true;
  status.textContent = refresh ? "Refreshing your picks…" : "Loading your picks…";
  if (!refresh || !el.querySelector(".card")) clear(el).append(...skeletons());
  try {
    const feed = await api.feed(uid, refresh);
    if (mine !== generation) return;
    clear(el);
    const excluded = (feed.hard_excluded_allergens || []).map((a) => a.replaceAll("_", " "));
    byId("feed-title").textContent = feed.location ? `Picked for you in ${feed.location}` : "Picked for you";
    note.textContent = [
      feed.note || "",
      excluded.length ? `Places whose menu, dishes, reviews, category or name show ${excluded.join(", ")} are left out.` : "",
      feed.generated_at ? `Updated ${timeOf(feed.generated_at)}.` : "",
    ].filter(Boolean).join(" ");
    if (!feed.recommendations.length) {
      el.append(h("div", { class: "empty" },
        h("p", { class: "empty-title", text: "Nothing to recommend yet" }),
        h("p", { text: "Tell the chat what you like, widen your price comfort or cuisines in your profile, or refresh later." })));
      status.textContent = "No picks yet.";
      return;
    }
    el.append(...feed.recommendations.map((item) => placeCard(item, { uid, rank: item.rank })));
    status.textContent = `${feed.recommendations.length} places picked for you.`;
  } catch (error) {
    if (mine !== generation) return;
    note.textContent = "";
    status.textContent = "";
    const box = errorBox(`Could not ${refresh ? "refresh" : "load"} your picks: ${error.message}`,
      () => loadFeed(uid, { refresh }));
    el.querySelector(":scope > .error-box")?.remove();
    // A failed refresh keeps the picks already shown; the message sits above them.
    if (refresh && el.querySelector(".card")) el.prepend(box);
    else clear(el).append(box);
  } finally {
    if (mine === generation) {
      el.setAttribute("aria-busy", "false");
      button.classList.remove("busy");
      button.disabled = false;
    }
  }
}
