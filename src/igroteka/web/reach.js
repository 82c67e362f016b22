// Reaching the server. While it starts, or cannot be reached (no answer at all, a gateway's
// 502 or 504, a 503 of the server starting), the page is never blank: it says what is happening
// in the person's language, tries again by itself (waiting longer each time, up to 10 s; a
// button tries at once) and draws what it waited for as soon as the server answers. Nothing
// here knows a page: the lobby, a room and the first load of the games all wait through it.

import { ApiError, h } from "./dom.js";
import { t } from "./i18n.js";

/** Milliseconds before each try again: the first after 1 s, then longer, then every 10 s. */
export const BACKOFF = [1000, 2000, 3000, 5000, 8000, 10000];

/** The wait before the next try, after `failures` tries that found no server (1 or more).
 * @param {number} failures @returns {number} */
export function backoff(failures) {
  return BACKOFF[Math.min(Math.max(failures, 1), BACKOFF.length) - 1];
}

/** The codes of a 503 that refuse one request for a reason of its own (a word game whose
 * dictionary is still prepared): the server is there, asking again the same moment is no help. */
const REFUSALS = new Set(["preparing", "no-dictionary"]);

/** Whether an error of `api()` means the server is not there yet, and the page should try
 * again by itself: no answer at all, a gateway's 502 or 504, the server's 503 (starting,
 * failed to start, a room moving) but not a refusal of its own (a dictionary prepared).
 * @param {unknown} error @returns {boolean} */
export function unreachable(error) {
  if (!(error instanceof ApiError)) return false;
  if (error.status === 0 || error.status === 502 || error.status === 504) return true;
  return error.status === 503 && !REFUSALS.has(error.code);
}

/** Whether an error of `api()` means the page should wait and try again for what it asks:
 * the server not there (`unreachable`), or the server refusing it until a dictionary is ready
 * (a room of a word game, opened while its language is prepared).
 * @param {unknown} error @returns {boolean} */
export function waitsForDictionary(error) {
  return unreachable(error) || (error instanceof ApiError && error.status === 503 && REFUSALS.has(error.code));
}

/** What the page says while the server cannot serve it: the trouble (a sentence that changes
 * only when the trouble does) and, after it, the count down to the next try.
 * @param {ApiError} error @param {number | null} seconds until the next try (null: trying now)
 * @returns {{trouble: string, next: string, help: string}} */
export function waitingWords(error, seconds) {
  const next = seconds === null ? t("tryingNow") : t("tryingAgain", { n: seconds });
  if (error.status === 503 && error.code === "starting") {
    return { trouble: t("serverStarting"), next, help: t("serverStartingHelp") };
  }
  if (error.status === 503 && error.code && error.message) {
    // the server is there and says why it cannot serve yet (it could not start, a room moves)
    return { trouble: sentence(error.message), next, help: t("serverSaysHelp") };
  }
  return { trouble: t("serverUnreachable"), next, help: t("serverUnreachableHelp") };
}

/** A sentence begins with a capital letter (the server's reasons are said to follow a colon). */
function sentence(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The waiting panels now shown, each drawn again by `redrawWaiting` (a new language). */
const shown = new Set();

/** Draw every waiting panel again, in the page's language now. */
export function redrawWaiting() {
  for (const draw of shown) draw();
}

/**
 * `call()` until the server answers: each time it cannot be reached (or `waits(error)` says
 * to wait), `place` (a part of the page) says why and counts down to the next try. Its answer
 * is returned; another error (the server's refusal) is thrown, and so is the last one once
 * `closed()` (the page was left). A dictionary prepared is looked at again every 2 s at most:
 * its progress moves, and the page opens soon after it is ready.
 * @template T
 * @param {() => Promise<T>} call
 * @param {HTMLElement} place
 * @param {() => boolean} [closed]
 * @param {(error: unknown) => boolean} [waits]
 * @returns {Promise<T>}
 */
export async function patiently(call, place, closed = () => false, waits = unreachable) {
  for (let failures = 1; ; failures += 1) {
    try {
      return await call();
    } catch (error) {
      if (!waits(error) || closed()) throw error;
      const wait = error.code === "preparing" ? Math.min(backoff(failures), 2000) : backoff(failures);
      await waitShown(place, error, wait, closed);
      if (closed()) throw error;
    }
  }
}

/** The waiting panel in `place`: the one shown already (its trouble, a live region, is then
 * announced only when it changes), else a new one.
 * @param {HTMLElement} place @returns {HTMLElement} */
function panelIn(place) {
  const old = /** @type {HTMLElement | null} */ (place.querySelector(":scope > .server-waiting"));
  if (old) return old;
  const panel = h(
    "section",
    { class: "panel server-waiting" },
    h("p", { class: "server-waiting-head" }, h("b", { role: "status", class: "server-trouble" }), h("span", { class: "server-next" })),
    h("p", { class: "muted server-help" }),
    h("button", { type: "button", class: "try-now" }),
  );
  place.replaceChildren(panel);
  return panel;
}

/** Show in `place` why the page waits, counting down `wait` ms (or until "Try now").
 * @param {HTMLElement} place @param {ApiError} error @param {number} wait @param {() => boolean} closed */
function waitShown(place, error, wait, closed) {
  return new Promise((resolve) => {
    const until = Date.now() + wait;
    const panel = panelIn(place);
    panel.dataset.trouble = error.code || String(error.status);
    const part = (/** @type {string} */ name) => /** @type {HTMLElement} */ (panel.querySelector(name));
    const [trouble, next, help, now] = [".server-trouble", ".server-next", ".server-help", ".try-now"].map(part);
    const draw = () => {
      const words = waitingWords(error, Math.max(1, Math.ceil((until - Date.now()) / 1000)));
      if (trouble.textContent !== words.trouble) trouble.textContent = words.trouble;
      next.textContent = `: ${words.next}`;
      help.textContent = words.help;
      now.textContent = t("tryNow");
    };
    draw();
    shown.add(draw);
    const done = () => {
      clearInterval(ticking);
      shown.delete(draw);
      now.onclick = null;
      next.textContent = `: ${t("tryingNow")}`;
      resolve(undefined);
    };
    const ticking = setInterval(() => (closed() || Date.now() >= until ? done() : draw()), 250);
    now.onclick = done;
  });
}
