// The Restaurants view, loaded when it is first shown (main.js): the feed and the chat. Only
// this view asks for the feed (/recommendations), and only once it is opened.
import { createChat } from "./chat.js";
import { loadFeed } from "./feed.js";

const byId = (id) => document.getElementById(id);

// On a phone the chat sits below the feed: a floating button jumps to it while it is off screen.
function watchChat() {
  const jump = byId("jump-chat");
  const narrow = matchMedia("(max-width: 900px)");
  let visible = false;
  const update = () => { jump.hidden = !narrow.matches || visible || byId("restaurants-view").hidden; };
  addEventListener("hashchange", update);
  new IntersectionObserver(([entry]) => { visible = entry.isIntersecting; update(); }).observe(byId("chat"));
  narrow.addEventListener("change", update);
  jump.addEventListener("click", (e) => {
    e.preventDefault();
    byId("chat").scrollIntoView({ behavior: "smooth", block: "start" });
    byId("chat-input").focus({ preventScroll: true });
  });
  update();
}

export function mount({ getUid }) {
  const chat = createChat({ getUid });
  byId("refresh").addEventListener("click", () => getUid() && loadFeed(getUid(), { refresh: true }));
  watchChat();
  return {
    useUser(uid) { chat.useUser(uid); loadFeed(uid); },
    profileSaved(uid) { loadFeed(uid, { refresh: true }); },
  };
}
