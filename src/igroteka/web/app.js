// The Igroteka client: routing between the lobby, a room and a replay. Each page is its own
// module; every game's renderer is games/<name>/web/renderer.js in its package, loaded from
// the declarations (games.js).

import { toast } from "./dom.js";
import { loadRenderers } from "./games.js";
import { language, setLanguage } from "./i18n.js";
import { LobbyPage } from "./lobby.js";
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

async function start() {
  await loadRenderers().catch((error) => toast(error.message));
  const select = /** @type {HTMLSelectElement} */ (document.getElementById("lang"));
  select.value = language();
  setLanguage(language());
  select.addEventListener("change", () => {
    setLanguage(select.value);
    // every page draws itself again in the new language, keeping what was typed in it
    if (page) {
      page.languageChanged?.();
      page.render();
    }
    else route();
  });
  window.addEventListener("popstate", route);
  route();
}

start();
