// Run before the page is drawn (a plain script in <head>, not a module): names the view the URL
// asks for in <html data-view>, and its title, so app.css draws that view at the first paint
// rather than after every module has arrived and run (issue 41: the largest paint). main.js
// keeps data-view up to date from then on, by the same rule (its showView).
(() => {
  const hash = location.hash;
  const view = hash === "#meals" ? "meals" : hash.startsWith("#plan") ? "plan"
    : hash === "#operator" ? "operator" : hash === "#trips" ? "trips" : "restaurants";
  document.documentElement.dataset.view = view;
  document.title = `Kairos — ${view[0].toUpperCase()}${view.slice(1)}`;
})();
