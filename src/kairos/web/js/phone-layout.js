// The phone layout (issue 41, item 3): the header keeps to one line (the view switcher scrolls
// sideways, the account and theme controls sit behind a menu button), and on Plan and Trips the
// map waits behind a "Show map" button under the form. Both buttons are disclosures
// (aria-expanded); on a wide screen CSS hides them and shows what they control.

function disclosure(button, { shown, hidden, onOpen = () => {} }) {
  const target = document.getElementById(button.getAttribute("aria-controls"));
  const set = (open) => {
    button.setAttribute("aria-expanded", String(open));
    target.classList.toggle("open", open);
    if (shown) button.textContent = open ? shown : hidden;
    if (open) onOpen();
  };
  button.addEventListener("click", () => set(button.getAttribute("aria-expanded") !== "true"));
  return { open: () => set(true), close: () => set(false) };
}

export function setUpPhoneLayout() {
  const menuButton = document.getElementById("menu-toggle");
  const menu = disclosure(menuButton, {});
  // a button in the menu does its work and folds the menu away; Escape folds it too
  const actions = document.getElementById("top-actions");
  actions.addEventListener("click", (e) => { if (e.target.closest("button")) menu.close(); });
  actions.addEventListener("keydown", (e) => {
    if (e.key === "Escape" && actions.classList.contains("open")) { menu.close(); menuButton.focus(); }
  });
  // Leaflet measures its box on a window resize: a map shown late is drawn at its real size
  const redraw = () => dispatchEvent(new Event("resize"));
  const planMap = disclosure(document.getElementById("plan-map-toggle"),
    { shown: "Hide map", hidden: "Show map", onOpen: redraw });
  disclosure(document.getElementById("trips-map-toggle"),
    { shown: "Hide map", hidden: "Show map", onOpen: redraw });
  // picking a member's start point, or a card's "Map", needs the map
  document.addEventListener("click", (e) => {
    if (e.target.closest?.(".pm-pick, .show-on-map")) planMap.open();
  });
  // the current view's tab is in sight in the sideways-scrolling switcher (scrolled by hand:
  // scrollIntoView would move where the next Tab starts from to that tab)
  const views = document.querySelector(".views");
  const current = () => {
    const tab = views.querySelector(".tab[aria-current='page']");
    if (!tab || views.scrollWidth <= views.clientWidth) return;
    const left = tab.offsetLeft - views.offsetLeft;
    if (left < views.scrollLeft) views.scrollLeft = left;
    else if (left + tab.offsetWidth > views.scrollLeft + views.clientWidth) {
      views.scrollLeft = left + tab.offsetWidth - views.clientWidth;
    }
  };
  addEventListener("hashchange", current);
  current();
}
