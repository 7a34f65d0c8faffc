// What axe-core does not check, by computed style; run by tests/web/test_wcag.py. For every visible
// control: it can be told from what is around it (its border or its fill at 3:1 against the
// background it sits on, WCAG 1.4.11), focus draws a ring at 3:1 (2.4.7, 1.4.11), a placeholder
// is 4.5:1 against the field (1.4.3) and never the field's only label (3.3.2).
() => {
  const parse = (c) => {
    const m = c && c.match(/rgba?\(([^)]+)\)/);
    if (!m) return null;
    const p = m[1].split(/[\s,\/]+/).filter(Boolean).map(Number);
    return { r: p[0], g: p[1], b: p[2], a: p.length > 3 ? p[3] : 1 };
  };
  const lum = ({ r, g, b }) => {
    const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  const ratio = (x, y) => {
    const a = lum(x), b = lum(y);
    return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
  };
  const over = (top, under) => top.a >= 1 ? top : {
    r: top.r * top.a + under.r * (1 - top.a), g: top.g * top.a + under.g * (1 - top.a),
    b: top.b * top.a + under.b * (1 - top.a), a: 1 };
  const background = (el) => {
    const layers = [];
    for (let e = el; e; e = e.parentElement) {
      const c = parse(getComputedStyle(e).backgroundColor);
      if (c && c.a > 0) { layers.push(c); if (c.a >= 1) break; }
    }
    return layers.reverse().reduce((out, layer) => over(layer, out), { r: 255, g: 255, b: 255, a: 1 });
  };
  const name = (el) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}.${[...el.classList].join(".")} "${(el.getAttribute("aria-label") || el.textContent || el.placeholder || "").trim().slice(0, 30)}"`;
  const shown = (el) => {
    const box = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    return box.width > 0 && box.height > 0 && style.visibility !== "hidden" && !el.closest("[hidden], details:not([open]) > :not(summary)");
  };
  const problems = [];
  // An unselected tab is text on the tab strip's line, like a link: the selected one is boxed.
  const controls = document.querySelectorAll(
    "input:not([type=checkbox]):not([type=radio]):not([type=range]):not([type=hidden]), select, textarea, .btn, button.chip, .tab-btn[aria-selected=true],"
    + " input[type=radio] + span");  // a radio drawn as a pill: its span is what is seen
  const active = document.activeElement;
  for (const el of controls) {
    if (!shown(el) || el.disabled) continue;
    const style = getComputedStyle(el);
    const behind = background(el.parentElement);
    const fill = over(parse(style.backgroundColor) || { r: 0, g: 0, b: 0, a: 0 }, behind);
    const edge = Number.parseFloat(style.borderTopWidth) > 0 && style.borderTopStyle !== "none"
      ? ratio(over(parse(style.borderTopColor), behind), behind) : 0;
    const told = Math.max(edge, ratio(fill, behind));
    if (el.getBoundingClientRect().width >= 4 && told < 3) {
      problems.push(`edge ${name(el)} ${told.toFixed(2)}:1`);
    }
    if (el.placeholder) {
      const ph = parse(getComputedStyle(el, "::placeholder").color);
      const r = ph ? ratio(over(ph, fill), fill) : 0;
      if (r < 4.5) problems.push(`placeholder ${name(el)} ${r.toFixed(2)}:1`);
      const labelled = (el.labels && el.labels.length) || el.getAttribute("aria-label") || el.getAttribute("aria-labelledby");
      if (!labelled) problems.push(`placeholder is the only label ${name(el)}`);
    }
  }
  // Focus: every focusable control (a visually hidden one through its label) draws a ring.
  const focusable = document.querySelectorAll("a[href], button, input, select, textarea, summary");
  for (const el of focusable) {
    if (el.disabled || el.closest("[hidden]") || el.closest(".leaflet-container")) continue;
    const hiddenInput = el.getBoundingClientRect().width < 4;
    const drawn = hiddenInput ? el.closest("label") : el;
    if (!drawn || !shown(drawn)) continue;
    el.focus({ preventScroll: true });
    if (document.activeElement !== el) continue;
    const style = getComputedStyle(drawn);
    const ring = parse(style.outlineColor);
    const width = Number.parseFloat(style.outlineWidth);
    const behind = background(drawn.parentElement);
    const r = ring && style.outlineStyle !== "none" && width >= 2 ? ratio(over(ring, behind), behind) : 0;
    if (r < 3) problems.push(`focus ${name(el)} ${r.toFixed(2)}:1`);
  }
  active?.focus?.({ preventScroll: true });
  return problems;
}
