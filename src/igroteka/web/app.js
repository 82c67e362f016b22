// The Igroteka client: routing between the lobby, a room and a replay. Each page is its own
// module; every game's renderer is games/<name>/web/renderer.js in its package, loaded from
// the declarations (games.js). Until the server answers, the page says why it waits and tries
// again by itself (reach.js): it is never blank, and never needs a reload.

import { h, toast } from "./dom.js";
import { loadRenderers } from "./games.js";
import { language, setLanguage } from "./i18n.js";
import { LobbyPage } from "./lobby.js";
import { patiently, redrawWaiting } from "./reach.js";
import { ReplayPage } from "./replay.js";
import { RoomPage } from "./room.js";

// ---------------------------------------------------------------- routing

/** A page of the client: opened, drawn again (a new language), closed.
 * @typedef {{open(): Promise<void>, render(): void, close(): void, languageChanged?: () => void}} Page */

/** @type {Page | null} */
let page = null;

/** Open another page of the client without loading it again. */
function navigate(path) {
  history.pushState({}, "", path);
  route();
}

function route() {
  const main = /** @type {HTMLElement} */ (document.getElementById("main"));
  if (page) page.close();
  page = null;
  const replay = location.pathname.match(/^\/r\/([\w-]+)\/replay$/);
  const match = location.pathname.match(/^\/r\/([\w-]+)$/);
  if (replay) {
    page = new ReplayPage(main, replay[1]);
    page.open();
  } else if (match) {
    page = new RoomPage(main, match[1]);
    page.open();
  } else {
    page = new LobbyPage(main, navigate);
    page.open().catch((error) => toast(error.message));
  }
}

let started = false; // the games are known: the pages can be drawn

async function start() {
  const main = /** @type {HTMLElement} */ (document.getElementById("main"));
  const select = /** @type {HTMLSelectElement} */ (document.getElementById("lang"));
  select.value = language();
  setLanguage(language());
  select.addEventListener("change", () => {
    setLanguage(select.value);
    redrawWaiting(); // what the page says while it waits for the server
    // every page draws itself again in the new language, keeping what was typed in it
    if (page) {
      page.languageChanged?.();
      page.render();
    }
    else if (started) route();
  });
  try {
    // the games, from the server: while it starts or cannot be reached the page says so
    await patiently(loadRenderers, main);
  } catch (error) {
    main.replaceChildren(h("p", { class: "panel form-error" }, error.message));
    return;
  }
  started = true;
  window.addEventListener("popstate", route);
  route();
}

start();
