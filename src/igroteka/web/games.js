// Everything the pages know of the games comes from their declarations (GET /api/games):
// titles, summary, seats, bot levels and the schema of their options. Nothing here names a game.

import { h, api } from "./dom.js";
import { addStrings, language } from "./i18n.js";

/** A game's declaration as GET /api/games gives it (name, title, summary, options, …).
 * @typedef {{name: string} & Record<string, any>} Declared */

/** @type {Declared[] | null} */
export let GAMES = null;

/** @returns {Promise<Declared[]>} */
export async function games() {
  if (!GAMES) GAMES = await api("GET", "/api/games");
  return /** @type {Declared[]} */ (GAMES);
}

/** A declared text ({en, uk, ru}) in the page's language. */
export function said(labels) {
  return labels?.[language()] ?? labels?.en ?? "";
}

// A game's part of the page is in its package, games/<name>/web/, served beside web/ at the
// same relative address (/static/games/<name>/web/ beside /static/web/): renderer.js, loaded
// for every declared game, says how its table is drawn (`render`, and `status`), which guide
// figures it draws (`figure`), its strings (`strings`, added to the page's) and its stylesheet
// (`stylesheet`, linked after the page's own). A game without one (a test's own) is still
// listed and played, its board left plain.

/** What a game's renderer module gives the page (games/<name>/web/renderer.js).
 * @typedef {object} Renderer
 * @property {(view: any, context: import("./types.js").RenderContext) => HTMLElement} render
 * @property {(view: any, context: import("./types.js").RenderContext) => string} [status]
 * @property {(item: Record<string, any>, context: {h: import("./types.js").H, t: import("./types.js").T}) => HTMLElement | null} [figure]
 *   a figure item of the game's own guide (games/<name>/guide.py), or null for one it does not know
 * @property {Record<string, Record<string, string>>} [strings] its words, {en, uk, ru}
 * @property {string} [stylesheet] the address of its stylesheet
 */

/** @type {Record<string, Renderer>} */
export const RENDERERS = {};

/** Load every declared game's renderer, add its strings and link its stylesheet (in the order
 * the games are declared, after the page's own); done once the stylesheets are in. */
export async function loadRenderers() {
  const declared = await games();
  const loaded = await Promise.all(declared.map((game) => rendererOf(game)));
  declared.forEach((game, index) => {
    RENDERERS[game.name] = loaded[index];
    addStrings(loaded[index].strings ?? {});
  });
  await Promise.all(loaded.flatMap((renderer) => (renderer.stylesheet ? [linked(renderer.stylesheet)] : [])));
}

/** A game's renderer, or a plain one that shows its title. @param {Declared} game @returns {Promise<Renderer>} */
async function rendererOf(game) {
  try {
    return await import(`../games/${encodeURIComponent(game.name)}/web/renderer.js`);
  } catch {
    return { render: () => h("p", { class: "muted" }, said(game.title)) };
  }
}

/** A stylesheet linked into the page: resolved once it has loaded (or failed to). @param {string} href */
function linked(href) {
  return new Promise((resolve) => {
    document.head.append(h("link", { rel: "stylesheet", href, onload: resolve, onerror: resolve }));
  });
}

/** A game's title in the page's language, from its declaration. */
export function gameTitle(name) {
  return said(GAMES?.find((game) => game.name === name)?.title) || name;
}
