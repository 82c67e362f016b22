// The dictionaries of the word games, as GET /api/dictionaries says them: each language's state
// ("waiting", "preparing" with its progress from 0 to 1, "ready", "failed" with the reason, in
// the language asked), and the games that need one, by the option whose value is the language
// or by the languages they are played in. A game not listed needs no dictionary. What the lobby
// says of a game whose language is not ready yet is made here, from that answer alone.

import { language, languageName, t } from "./i18n.js";

/** @typedef {{state: "waiting" | "preparing" | "ready" | "failed", progress?: number, reason?: string}} LanguageState */
/** @typedef {{by_option?: string, languages?: string[]}} GameNeeds */
/** @typedef {{languages: Record<string, LanguageState>, games: Record<string, GameNeeds>}} Listing */
/** A game as the lobby knows it: its name, title ({en, uk, ru}) and options.
 * @typedef {{name: string, title?: Record<string, string>, options?: any[]} & Record<string, any>} Game */

/** What an older server (no /api/dictionaries) is taken to say: every game is ready. */
export const ALL_READY = /** @type {Listing} */ ({ languages: {}, games: {} });

const READY = /** @type {LanguageState} */ ({ state: "ready" });

/** A language's state; one the server does not list is ready.
 * @param {Listing | null} listing @param {string} lang @returns {LanguageState} */
export function stateOf(listing, lang) {
  return listing?.languages?.[lang] ?? READY;
}

/** Whether the server is still preparing a language (waiting or preparing): the lobby looks
 * again in a second. @param {Listing | null} listing */
export function pending(listing) {
  return Object.values(listing?.languages ?? {}).some((found) => found.state === "waiting" || found.state === "preparing");
}

/** The option of `game` whose value is the language (its key from the listing), or null.
 * @param {Game} game @param {Listing | null} listing */
function chooser(game, listing) {
  const key = listing?.games?.[game.name]?.by_option;
  return key ? (game.options ?? []).find((option) => option.key === key) ?? { key, choices: [] } : null;
}

/** The language of an option's value: its choice's `lang`, else the value itself.
 * @param {any} option @param {unknown} value @returns {string | null} */
function langOfValue(option, value) {
  if (value === undefined || value === null || value === "") return null;
  const choice = (option.choices ?? []).find((c) => c.value === value);
  return choice?.lang ?? String(value);
}

/** Every language a game's words may be in that needs a dictionary (none: a game of no words).
 * @param {Game} game @param {Listing | null} listing @returns {string[]} */
export function gameLanguages(game, listing) {
  const needs = listing?.games?.[game.name];
  if (!needs) return [];
  const option = chooser(game, listing);
  if (option) {
    const langs = (option.choices ?? []).map((choice) => langOfValue(option, choice.value)).filter(Boolean);
    return [...new Set(/** @type {string[]} */ (langs))];
  }
  return needs.languages ?? [];
}

/** The language a room of `game` would be played in: that of `value` (its language option's,
 * else the option's default), else its first language; null for a game that needs none.
 * @param {Game} game @param {Listing | null} listing @param {unknown} [value] @returns {string | null} */
export function languageOf(game, listing, value) {
  const option = chooser(game, listing);
  if (option) return langOfValue(option, value ?? option.default);
  return gameLanguages(game, listing)[0] ?? null;
}

/** A language's state in a few words: "preparing the dictionary, 40%", or the server's reason
 * why it cannot be. @param {LanguageState} found @returns {string} */
export function stateWords(found) {
  // the server's sentence, without its full stop: the page's sentences go on after it
  if (found.state === "failed") return (found.reason ?? "").replace(/[.。]\s*$/, "") || t("dictFailed");
  if (found.state === "waiting") return t("dictWaiting");
  if (found.state === "preparing") return t("dictPreparing", { percent: percent(found.progress) });
  return "";
}

/** @param {number | undefined} progress @returns {number} */
function percent(progress) {
  return Math.max(0, Math.min(100, Math.floor((progress ?? 0) * 100)));
}

/** @param {Game} game */
function titleOf(game) {
  return game.title?.[language()] ?? game.title?.en ?? game.name;
}

/** The line on a game's card while a language of its words is not ready: "Erudit, Russian:
 * preparing the dictionary, 40%" for the language it would be played in (`lang`) first, then
 * the other languages not ready, then those ready to play now; "" once all are ready.
 * @param {Game} game @param {Listing | null} listing @param {string | null} lang @returns {string} */
export function cardLine(game, listing, lang) {
  const langs = gameLanguages(game, listing);
  const waiting = langs.filter((code) => stateOf(listing, code).state !== "ready");
  if (!waiting.length) return "";
  waiting.sort((a, b) => Number(b === lang) - Number(a === lang));
  const said = waiting.map((code, index) => {
    const values = { game: titleOf(game), lang: languageName(code), state: stateWords(stateOf(listing, code)) };
    return t(index === 0 ? "dictCard" : "dictCardOther", values);
  });
  const ready = langs.filter((code) => !waiting.includes(code));
  const line = said.join("; "); // "…, 40%; Ukrainian: …": one sentence, whatever the case of a name
  if (!ready.length) return line;
  return `${line}. ${t("dictReadyToo", { langs: ready.map(languageName).join(", ") })}`;
}

/** Why a room of `game` in `lang` cannot be made yet (the form's submit is off meanwhile), or
 * null when it can: its dictionary is prepared (the button turns on by itself once it is
 * ready), or it cannot be; and in which other language it can be played now, and where to
 * choose it (`field`: the language option's label).
 * @param {Game} game @param {Listing | null} listing @param {string | null} lang @param {string} [field]
 * @returns {string | null} */
export function blocker(game, listing, lang, field = "") {
  if (!lang || !gameLanguages(game, listing).includes(lang)) return null;
  const found = stateOf(listing, lang);
  if (found.state === "ready") return null;
  const values = { game: titleOf(game), lang: languageName(lang), state: stateWords(found), reason: stateWords(found) };
  const said = [t(found.state === "failed" ? "dictFormFailed" : "dictForm", values)];
  const ready = gameLanguages(game, listing).filter((code) => code !== lang && stateOf(listing, code).state === "ready");
  if (ready.length && chooser(game, listing)) {
    said.push(t("dictFormOther", { langs: ready.map(languageName).join(", "), field }));
  }
  return said.join(" ");
}

/** The languages that became ready between two answers (to say so once).
 * @param {Listing | null} before @param {Listing | null} after @returns {string[]} */
export function becameReady(before, after) {
  return Object.entries(after?.languages ?? {})
    .filter(([code, found]) => found.state === "ready" && before?.languages?.[code] && before.languages[code].state !== "ready")
    .map(([code]) => code);
}
