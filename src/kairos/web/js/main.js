import { api } from "./api.js";
import { createChat } from "./chat.js";
import { h } from "./dom.js";
import { loadFeed } from "./feed.js";
import { createProfile } from "./profile.js";

const state = { uid: localStorage.getItem("kairos.uid") };
const globalError = document.getElementById("global-error");

function showError(message, retry) {
  globalError.replaceChildren(h("span", { text: message }),
    retry ? h("button", { type: "button", class: "btn", text: "Try again", onclick: () => { globalError.hidden = true; retry(); } }) : "");
  globalError.hidden = false;
}

function applyTheme(theme) {
  document.documentElement.dataset.theme = theme;
  document.getElementById("theme-toggle").setAttribute("aria-pressed", String(theme === "dark"));
  localStorage.setItem("kairos.theme", theme);
}

async function useSession(uid) {
  const user = await api.session(uid);
  state.uid = user.uid;
  localStorage.setItem("kairos.uid", user.uid);
  await fillUsers();
  chat.reset();
  loadFeed(state.uid);
}

async function fillUsers() {
  const select = document.getElementById("user-select");
  const users = await api.users();
  select.replaceChildren(...users.map((u) => h("option", { value: u.uid, selected: u.uid === state.uid,
    text: `${u.uid.slice(0, 8)} · ${u.allergy_flags.length ? u.allergy_flags.join(", ") : "no allergies"}` })));
}

async function start() {
  globalError.hidden = true;
  try {
    try {
      await useSession(state.uid || undefined);
    } catch (error) {
      if (error.status === 404 && state.uid) await useSession(undefined);
      else throw error;
    }
  } catch (error) {
    document.getElementById("feed").replaceChildren();
    showError(`Kairos is not available: ${error.message}`, start);
  }
}

const chat = createChat({ getUid: () => state.uid });
const profile = createProfile({
  onSaved: (user, error) => {
    if (error) return showError(error.message, () => profile.open());
    fillUsers();
    loadFeed(state.uid, { refresh: true });
  },
});

applyTheme(localStorage.getItem("kairos.theme") ||
  (matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light"));
document.getElementById("theme-toggle").addEventListener("click", () =>
  applyTheme(document.documentElement.dataset.theme === "dark" ? "light" : "dark"));
document.getElementById("refresh").addEventListener("click", () => loadFeed(state.uid, { refresh: true }));
document.getElementById("open-profile").addEventListener("click", () => profile.open());
document.getElementById("new-user").addEventListener("click", () => useSession(undefined).catch((e) => showError(e.message)));
document.getElementById("user-select").addEventListener("change", (e) => useSession(e.target.value).catch((err) => showError(err.message)));
start();
