import { api } from "./api.js";
import { announce, focusOn, h } from "./dom.js";
import { setUpPhoneLayout } from "./phone-layout.js";
import { createProfile } from "./profile.js";

// Each view's modules load when the view is first shown, not with the page: a first visit to
// Meals fetches no chat, feed, planner or map code and asks for no restaurant feed. The page
// preloads the current view's modules (first-view.js, from the list api/web_assets.py writes).
const VIEW_MODULES = {
  restaurants: () => import("./view-restaurants.js"),
  meals: () => import("./view-meals.js"),
  plan: () => import("./view-plan.js"),
  trips: () => import("./view-trips.js"),
  operator: () => import("./view-operator.js"),
};

const state = { uid: localStorage.getItem("kairos.uid") };
const byId = (id) => document.getElementById(id);
const globalError = byId("global-error");

function showError(message, retry) {
  globalError.replaceChildren(h("span", { text: message }),
    retry ? h("button", { type: "button", class: "btn", text: "Try again",
      onclick: () => { globalError.hidden = true; retry(); } }) : "");
  globalError.hidden = false;
}

function applyTheme(theme, remember) {
  document.documentElement.dataset.theme = theme;
  const toggle = byId("theme-toggle");
  toggle.setAttribute("aria-pressed", String(theme === "dark"));
  toggle.title = theme === "dark" ? "Switch to light mode" : "Switch to dark mode";
  if (remember) localStorage.setItem("kairos.theme", theme);
}

function describeAllergies(user) {
  const entries = Object.entries(user.allergies.severity || {});
  const el = byId("profile-summary");
  if (!entries.length) {
    el.replaceChildren(h("span", { class: "muted", text: "No allergies set. " }),
      h("button", { type: "button", class: "link", text: "Add allergies", onclick: () => profile.open() }));
    return;
  }
  const chips = entries.map(([name, level]) => h("span", { class: `allergy-chip ${level}`, text: `${name.replaceAll("_", " ")} · ${level}` }));
  const covers = (user.allergy_coverage || []).map((line) => h("li", { text: line }));
  el.replaceChildren(h("span", { class: "muted", text: "Your allergies: " }), ...chips,
    ...(covers.length ? [h("details", { class: "allergy-coverage" },
      h("summary", { text: "What each one keeps out" }), h("ul", {}, ...covers))] : []));
}

async function fillUsers() {
  const select = byId("user-select");
  const users = await api.users();
  select.replaceChildren(...users.map((u) => h("option", { value: u.uid, selected: u.uid === state.uid,
    text: `${u.uid.slice(0, 8)} · ${u.allergy_flags.length ? u.allergy_flags.join(", ").replaceAll("_", " ") : "no allergies"}` })));
}

async function useSession(uid) {
  const user = await api.session(uid);
  state.uid = user.uid;
  localStorage.setItem("kairos.uid", user.uid);
  globalError.hidden = true;
  describeAllergies(user);
  signedIn = true;
  for (const view of Object.values(mounted)) view.useUser?.(user.uid);
  await fillUsers().catch(() => {});
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
    byId("feed").replaceChildren();
    showError(error.status === 404
      ? `The demo session is off: ${error.message}`
      : `Kairos is not available: ${error.message}`, start);
  }
}

let signedIn = false; // the session has answered: a view mounted from now on is told its user
const mounted = {}; // view name → what its module's mount() returned
const loading = {};

// A view's modules, fetched and mounted once; a failure can be tried again.
function load(view) {
  loading[view] ??= VIEW_MODULES[view]().then(({ mount }) => {
    const controller = mount({ getUid: () => state.uid });
    mounted[view] = controller;
    if (signedIn) controller.useUser?.(state.uid);
    return controller;
  }, (error) => {
    delete loading[view];
    showError(`Could not load the ${TITLES[view]} view: ${error.message}`, showView);
    throw error;
  });
  return loading[view];
}

// Five views, one page: restaurants (feed + chat), the meal coach, the group planner, the trip
// planner and the operator assistant, chosen by the URL's hash (`#plan/<plan_id>` opens a shared plan).
const VIEWS = { restaurants: "restaurants-view", meals: "meals-view", plan: "plan-view", trips: "trips-view",
  operator: "operator-view" };
// Each view has its own title (the tab, the history, a screen reader's "page" name) and is
// announced once when it replaces another; its skip links are the only ones shown.
const TITLES = { restaurants: "Restaurants", meals: "Meals", plan: "Plan", trips: "Trips", operator: "Operator" };
let current = null;
function showView() {
  const view = location.hash === "#meals" ? "meals" : location.hash.startsWith("#plan") ? "plan"
    : location.hash === "#operator" ? "operator" : location.hash === "#trips" ? "trips" : "restaurants";
  for (const [name, id] of Object.entries(VIEWS)) {
    byId(id).hidden = name !== view;
    const tab = byId(`tab-${name}`);
    if (name === view) tab.setAttribute("aria-current", "page");
    else tab.removeAttribute("aria-current");
  }
  document.querySelectorAll(".skip").forEach((link) => { link.hidden = link.dataset.view !== view; });
  document.title = `Kairos — ${TITLES[view]}`;
  document.documentElement.dataset.view = view; // app.css: first-view.js set it before the modules came
  if (current && current !== view) {
    announce(`${TITLES[view]}: ${byId(VIEWS[view]).querySelector("h2").textContent}`);
  }
  current = view;
  load(view).then((controller) => controller.shown?.(location.hash), () => {});
}
// A form sent before its view's modules have arrived (on slow 4G, a round trip after the page)
// waits for them and is then sent again, never natively (that would reload the page).
document.addEventListener("submit", (e) => {
  const view = Object.keys(VIEWS).find((name) => byId(VIEWS[name]).contains(e.target));
  if (!view || mounted[view]) return;
  e.preventDefault();
  const again = () => e.target.requestSubmit(e.submitter && e.submitter.form === e.target ? e.submitter : undefined);
  load(view).then(again, () => {});
}, true);
// A skip link focuses its target in place: following its #fragment would change the view.
document.querySelectorAll(".skip").forEach((link) => link.addEventListener("click", (e) => {
  e.preventDefault();
  focusOn(byId(link.getAttribute("href").slice(1)));
}));
addEventListener("hashchange", showView);
showView();
setUpPhoneLayout();
const profile = createProfile({
  onSaved: (user) => {
    describeAllergies(user);
    fillUsers().catch(() => {});
    mounted.restaurants?.profileSaved(state.uid);
  },
  onError: (error) => showError(`Could not open your profile: ${error.message}`, () => profile.open()),
});

// The sticky header's height, for scroll-padding-top (app.css): focus never lands under it.
new ResizeObserver(([entry]) => document.documentElement.style.setProperty("--header-h",
  `${Math.ceil(entry.target.getBoundingClientRect().height)}px`)).observe(document.querySelector(".top"));

const dark = matchMedia("(prefers-color-scheme: dark)");
applyTheme(localStorage.getItem("kairos.theme") || (dark.matches ? "dark" : "light"), false);
dark.addEventListener("change", (e) => { if (!localStorage.getItem("kairos.theme")) applyTheme(e.matches ? "dark" : "light", false); });
byId("theme-toggle").addEventListener("click", () =>
  applyTheme(document.documentElement.dataset.theme === "dark" ? "light" : "dark", true));
byId("open-profile").addEventListener("click", () => profile.open());
byId("new-user").addEventListener("click", function newUser() {
  useSession(undefined).catch((e) => showError(`Could not create a demo user: ${e.message}`, newUser));
});
byId("user-select").addEventListener("change", (e) => {
  const uid = e.target.value;
  const pick = () => useSession(uid).catch((err) => showError(`Could not switch user: ${err.message}`, pick));
  pick();
});
start();
