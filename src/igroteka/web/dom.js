// The page's building blocks: elements, the toast, the HTTP API, redrawing that keeps what is
// typed, and ids of actions. Nothing here knows a game or a room.

import { language } from "./i18n.js";

export function h(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (value === false || value === null || value === undefined) continue;
    if (key.startsWith("on")) element.addEventListener(key.slice(2), value);
    else if (key === "class") element.className = value;
    // a style set through CSSOM, never as an attribute: the page's CSP allows no inline style
    else if (key === "style") element.style.cssText = value;
    else element.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    element.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return element;
}

export function toast(text) {
  const box = document.getElementById("toast");
  box.textContent = text;
  box.classList.add("shown");
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => box.classList.remove("shown"), 4000);
}

export async function api(method, path, body) {
  const response = await fetch(path, {
    method,
    // the server gives its refusals in the language the person reads
    headers: {
      "Accept-Language": language(),
      ...(body ? { "Content-Type": "application/json" } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(data.reason || data.detail?.[0]?.msg || response.statusText);
  return data;
}

// What a person is typing in the inputs of a part of the page: value, selection and focus by
// the input's key (its id, else its name, class or label, and its place among inputs so named).
function typed(root) {
  const kept = new Map();
  const counts = {};
  for (const input of root.querySelectorAll("input, textarea")) {
    if (["button", "submit", "checkbox", "radio", "range", "hidden"].includes(input.type)) continue;
    const name = input.id ? `#${input.id}` : input.name || input.className || input.getAttribute("aria-label") || "";
    counts[name] = (counts[name] ?? -1) + 1;
    kept.set(`${name}/${counts[name]}`, input);
  }
  return kept;
}

// Draw `node` in place of what `main` shows, keeping what the person has typed (and where the
// caret is) in each input that is drawn again: an update from another seat wipes nothing.
export function redraw(main, node) {
  const before = typed(main);
  const focused = document.activeElement;
  main.replaceChildren(node);
  for (const [key, input] of typed(main)) {
    const old = before.get(key);
    if (!old || old.value === old.defaultValue) continue; // untouched: the new default stands
    input.value = old.value;
    if (old === focused) {
      input.focus();
      try {
        input.setSelectionRange(old.selectionStart, old.selectionEnd, old.selectionDirection);
      } catch {
        // an input of a kind without a text selection (a number)
      }
    }
  }
}

let actionCount = 0;

// An id for an action: a doubled message is applied once (the server acks it again).
export function actionId() {
  actionCount += 1;
  return `${Date.now().toString(36)}-${actionCount}-${Math.random().toString(36).slice(2, 8)}`;
}
