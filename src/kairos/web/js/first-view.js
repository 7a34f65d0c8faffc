// Run before the page is drawn (a plain script in <head>, not a module): names the view the URL
// asks for in <html data-view>, and its title, so app.css draws that view at the first paint
// rather than after every module has arrived and run (issue 41: the largest paint). main.js
// keeps data-view up to date from then on, by the same rule (its showView). It also preloads
// the view's own modules (listed in the page by api/web_assets.py), which main.js imports.
(() => {
  const hash = location.hash;
  const view = hash === "#meals" ? "meals" : hash.startsWith("#plan") ? "plan"
    : hash === "#operator" ? "operator" : hash === "#trips" ? "trips" : "restaurants";
  document.documentElement.dataset.view = view;
  document.title = `Kairos — ${view[0].toUpperCase()}${view.slice(1)}`;
  // No frame is drawn before the view's own markup is parsed: on a slow CPU the parser stops to
  // draw what it has, the header alone, and a view far down the page (Trips, after three other
  // views) came a frame or two later, each frame re-styling and laying out the page. The page
  // waits for the element after the view's <main> (Chromium stops waiting once the element it
  // names has begun, not ended), in the page's order; tests/web/test_first_paint.py checks it.
  const after = { restaurants: "meals-view", meals: "plan-view", plan: "trips-view",
    trips: "operator-view", operator: "jump-chat" };
  const expect = document.createElement("link");
  expect.rel = "expect";
  expect.href = `#${after[view]}`;
  expect.setAttribute("blocking", "render");
  document.head.append(expect);
  const listing = document.getElementById("view-modules");
  let modules = [];
  try { modules = JSON.parse(listing.textContent)[view] || []; } catch { return; }
  for (const href of modules) {
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.href = href;
    document.head.append(link);
  }
})();
