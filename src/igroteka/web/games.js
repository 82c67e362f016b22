// Everything the pages know of the games comes from their declarations (GET /api/games):
// titles, summary, seats, bot levels and the schema of their options. Nothing here names a game.

import { h, api } from "./dom.js";
import { language } from "./i18n.js";

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

// Renderers are web/games/<name>.js, loaded for every declared game; a game without one
// (a test's own) is still listed and played, its board left plain.
/** @type {Record<string, {render: (view: any, context: import("./types.js").RenderContext) => HTMLElement, status?: (view: any, context: import("./types.js").RenderContext) => string}>} */
export const RENDERERS = {};

export async function loadRenderers() {
  await Promise.all(
    (await games()).map(async (game) => {
      try {
        RENDERERS[game.name] = await import(`./games/${game.name}.js`);
      } catch {
        RENDERERS[game.name] = { render: () => h("p", { class: "muted" }, said(game.title)) };
      }
    }),
  );
}

/** A game's title in the page's language, from its declaration. */
export function gameTitle(name) {
  return said(GAMES?.find((game) => game.name === name)?.title) || name;
}
