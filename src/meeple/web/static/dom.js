// Small helpers to build HTML and SVG without a framework.

const SVG = "http://www.w3.org/2000/svg";

// h("div.card.red", {onclick, "aria-label": ...}, child, "text", [more children])
export function h(tag, attrs, ...children) {
  return build(document.createElement(parseTag(tag).name), tag, attrs, children);
}

// s("rect", {x, y, width, height}) builds an SVG element
export function s(tag, attrs, ...children) {
  return build(document.createElementNS(SVG, parseTag(tag).name), tag, attrs, children);
}

// "button.primary#create" -> {name: "button", classes: ["primary"], id: "create"}
function parseTag(tag) {
  const parts = tag.split(/(?=[.#])/);
  const name = parts[0] && !/^[.#]/.test(parts[0]) ? parts.shift() : "div";
  const classes = parts.filter((p) => p[0] === ".").map((p) => p.slice(1));
  const id = parts.filter((p) => p[0] === "#").map((p) => p.slice(1))[0];
  return { name, classes, id };
}

function build(el, tag, attrs, children) {
  const { classes, id } = parseTag(tag);
  for (const c of classes) if (c) el.classList.add(c);
  if (id) el.id = id;
  if (attrs && (typeof attrs !== "object" || attrs instanceof Node || Array.isArray(attrs))) {
    children.unshift(attrs);
    attrs = null;
  }
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith("on") && typeof v === "function") el.addEventListener(k.slice(2), v);
    else if (k === "class") for (const c of String(v).split(/\s+/)) { if (c) el.classList.add(c); }
    else if (k === "style" && typeof v === "object") {
      for (const [prop, val] of Object.entries(v)) {
        if (prop.startsWith("--")) el.style.setProperty(prop, val);
        else el.style[prop] = val;
      }
    }
    else if (k === "dataset") Object.assign(el.dataset, v);
    else el.setAttribute(k, v === true ? "" : String(v));
  }
  append(el, children);
  return el;
}

export function append(el, children) {
  for (const c of children.flat(Infinity)) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

export function clear(el) {
  while (el.firstChild) el.removeChild(el.firstChild);
  return el;
}

export function svg(width, height, attrs, ...children) {
  return s("svg", { viewBox: `0 0 ${width} ${height}`, ...(attrs || {}) }, ...children);
}
