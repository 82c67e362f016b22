// The page's building blocks: elements, the toast, the HTTP API, redrawing that keeps what is
// typed, and ids of actions. Nothing here knows a game or a room.

import { language, t } from "./i18n.js";

/**
 * An element: `on…` attributes are listeners, `class` its class, `style` its CSS text (set
 * through CSSOM); false, null and undefined attributes and children are left out.
 * @template {keyof HTMLElementTagNameMap} K
 * @overload
 * @param {K} tag
 * @param {Record<string, any>} [attributes]
 * @param {...any} children
 * @returns {HTMLElementTagNameMap[K]}
 */
/**
 * @overload
 * @param {string} tag
 * @param {Record<string, any>} [attributes]
 * @param {...any} children
 * @returns {HTMLElement}
 */
/**
 * @param {string} tag
 * @param {Record<string, any>} [attributes]
 * @param {...any} children
 * @returns {HTMLElement}
 */
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

/** @type {ReturnType<typeof setTimeout> | undefined} */
let toastTimer;

/** A sentence shown for a few seconds at the bottom of the page. @param {string} text */
export function toast(text) {
  const box = /** @type {HTMLElement} */ (document.getElementById("toast"));
  box.textContent = text;
  box.classList.add("shown");
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => box.classList.remove("shown"), 4000);
}

/** A refusal of the server's HTTP API, or the server not reached: the reason a person reads
 * (`message`), the HTTP status (0: no answer at all, the network or the server down), the
 * refusal's code (`starting`, `preparing`, …) and the whole answer. */
export class ApiError extends Error {
  /** @param {string} message @param {number} status @param {Record<string, any>} [data] */
  constructor(message, status, data = {}) {
    super(message);
    this.status = status;
    this.code = typeof data.error === "string" ? data.error : "";
    this.data = data;
  }
}

/** The server's HTTP API: the answer's JSON, or an ApiError with the server's reason (status 0
 * when the server could not be reached).
 * @param {string} method @param {string} path @param {object} [body] @returns {Promise<any>} */
export async function api(method, path, body) {
  let response;
  try {
    response = await fetch(path, {
      method,
      // the server gives its refusals in the language the person reads
      headers: {
        "Accept-Language": language(),
        ...(body ? { "Content-Type": "application/json" } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
  } catch {
    throw new ApiError(t("noAnswer"), 0); // no answer: the network, or the server down
  }
  const data = await response.json().catch(() => ({}));
  if (!response.ok) {
    throw new ApiError(data.reason || data.detail?.[0]?.msg || response.statusText || String(response.status), response.status, data);
  }
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

// The keys an element is found again by after a redraw, its own first, then its ancestors'
// (up to `root`): a `data-key`, a card's `data-position`, an id, else what a control says.
function focusKeys(element, root) {
  const keys = [];
  for (let node = element; node && node !== root; node = node.parentElement) {
    if (node.dataset.key) keys.push(`[data-key="${CSS.escape(node.dataset.key)}"]`);
    else if (node.dataset.position) keys.push(`[data-position="${node.dataset.position}"]`);
    else if (node.id) keys.push(`#${CSS.escape(node.id)}`);
    else if (node === element && node.matches("button, a, select, input, textarea")) {
      keys.push({ tag: node.tagName, className: node.className, text: node.textContent.trim() });
    }
  }
  return keys;
}

function findKey(root, key) {
  if (typeof key === "string") return root.querySelector(key);
  return [...root.querySelectorAll(key.tag)].find((n) => n.className === key.className && n.textContent.trim() === key.text);
}

const canFocus = (element) => element && !element.disabled && element.tabIndex >= -1 && element.getClientRects().length > 0;

// The focus of the last redraw that could not go back where it was, and where it went instead:
// once the element it was on can take it again (a card that is enabled again), it goes back.
let displaced = null;

// The element focused before a redraw, or the nearest of its ancestors, is focused again after
// it: a person moving through the cards by keyboard stays where they were.
function refocus(main, keys) {
  for (const [index, key] of keys.entries()) {
    const found = findKey(main, key);
    if (!canFocus(found)) continue;
    found.focus({ preventScroll: true });
    displaced = index > 0 ? { keys: keys.slice(0, index), at: found } : null;
    return;
  }
}

// A live region (aria-live) that has a key stays the same element across redraws, its content
// replaced: a screen reader announces the change instead of missing a region that is new.
function keepLive(main, node) {
  for (const region of node.querySelectorAll("[aria-live][data-key]")) {
    const old = main.querySelector(`[aria-live][data-key="${CSS.escape(region.dataset.key)}"]`);
    if (!old) continue;
    if (old.innerHTML !== region.innerHTML) old.replaceChildren(...region.childNodes);
    for (const { name, value } of region.attributes) old.setAttribute(name, value);
    region.replaceWith(old);
  }
}

// Draw `node` in place of what `main` shows, keeping what the person has typed (and where the
// caret is) in each input that is drawn again, and the focus: an update from another seat
// wipes nothing and moves nobody.
export function redraw(main, node) {
  const before = typed(main);
  const focused = document.activeElement;
  let keys = focused && focused !== main && main.contains(focused) ? focusKeys(focused, main) : [];
  if (displaced && displaced.at === focused) keys = [...displaced.keys, ...keys];
  keepLive(main, node);
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
  if (keys.length && !main.contains(document.activeElement)) refocus(main, keys);
}

let actionCount = 0;

// An id for an action: a doubled message is applied once (the server acks it again).
export function actionId() {
  actionCount += 1;
  return `${Date.now().toString(36)}-${actionCount}-${Math.random().toString(36).slice(2, 8)}`;
}
