// Tiny DOM builder: every text goes through textContent, never innerHTML.
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") el.className = value;
    else if (key === "text") el.textContent = value;
    else if (key.startsWith("on")) el.addEventListener(key.slice(2), value);
    else if (key === "style") el.style.cssText = value;
    else el.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

const SVG = "http://www.w3.org/2000/svg";
export function s(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key === "text") el.textContent = value;
    else if (key.startsWith("on")) el.addEventListener(key.slice(2), value);
    else el.setAttribute(key, value);
  }
  for (const child of children.flat()) if (child) el.append(child);
  return el;
}

export function clear(el) { while (el.firstChild) el.removeChild(el.firstChild); return el; }

// An error about what was typed, tied to the fields it is about (aria-invalid, and
// aria-describedby naming the box it is shown in) until untieErrors; its alert says it once.
export function tieError(box, message, fields) {
  box.replaceChildren(errorBox(message));
  for (const field of fields) {
    field.setAttribute("aria-invalid", "true");
    const ids = (field.getAttribute("aria-describedby") || "").split(/\s+/).filter(Boolean);
    if (!ids.includes(box.id)) field.setAttribute("aria-describedby", [...ids, box.id].join(" "));
  }
}

export function untieErrors(box) {
  box.replaceChildren();
  for (const field of document.querySelectorAll(`[aria-describedby~="${box.id}"]`)) {
    const ids = field.getAttribute("aria-describedby").split(/\s+/).filter((id) => id && id !== box.id);
    if (ids.length) field.setAttribute("aria-describedby", ids.join(" "));
    else field.removeAttribute("aria-describedby");
    field.setAttribute("aria-invalid", "false");
  }
}

export function errorBox(message, onRetry) {
  return h("div", { class: "error-box", role: "alert" },
    h("span", { text: message }),
    onRetry ? h("button", { type: "button", class: "btn", onclick: onRetry, text: "Try again" }) : null);
}

// Only web links from the data become hrefs: never `javascript:` or other schemes.
export function safeUrl(value) {
  if (!value) return null;
  try {
    const url = new URL(value, location.origin);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : null;
  } catch { return null; }
}

// A polite screen-reader announcement (one shared live region).
export function announce(message) {
  const region = document.getElementById("announcer");
  if (!region) return;
  region.textContent = "";
  setTimeout(() => { region.textContent = message; }, 50);
}

// After an in-place update, focus goes to the new content: a control as it is, anything else
// (a heading, a section) focusable by script only. Focus scrolls it clear of the sticky header
// (scroll-padding-top in app.css).
export function focusOn(el) {
  if (!el) return false;
  if (!el.matches("a[href], button, input, select, textarea, summary, [tabindex]")) el.setAttribute("tabindex", "-1");
  el.focus();
  return document.activeElement === el;
}
