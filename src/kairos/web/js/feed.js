import { api } from "./api.js";
import { clear, errorBox, h } from "./dom.js";
import { placeCard } from "./cards.js";

const feedEl = () => document.getElementById("feed");

function skeletons() {
  return [1, 2, 3].map(() => h("div", { class: "skeleton", "aria-hidden": "true" }, h("div"), h("div"), h("div")));
}

export async function loadFeed(uid, { refresh = false } = {}) {
  const el = feedEl();
  const button = document.getElementById("refresh");
  el.setAttribute("aria-busy", "true");
  button.classList.add("busy");
  button.disabled = true;
  if (!refresh || !el.querySelector(".card")) clear(el).append(...skeletons());
  try {
    const feed = await api.feed(uid, refresh);
    clear(el);
    const note = document.getElementById("feed-note");
    note.textContent = feed.hard_excluded_allergens.length
      ? `Places known to contain ${feed.hard_excluded_allergens.join(", ")} are left out for you.` : "";
    if (!feed.recommendations.length) {
      el.append(h("div", { class: "empty", text: "Nothing to recommend yet. Tell the chat what you like, or refresh later." }));
      return;
    }
    el.append(...feed.recommendations.map((item) => placeCard(item, { uid, rank: item.rank })));
  } catch (error) {
    clear(el).append(errorBox(`Could not load your picks: ${error.message}`, () => loadFeed(uid, { refresh })));
  } finally {
    el.setAttribute("aria-busy", "false");
    button.classList.remove("busy");
    button.disabled = false;
  }
}
