// What the lobby says of a word game whose dictionary the server still prepares
// (web/dictionaries.js), from GET /api/dictionaries' answer alone.

import assert from "node:assert/strict";
import { test } from "node:test";

import { ALL_READY, becameReady, blocker, cardLine, gameLanguages, languageOf, pending, stateWords } from "../../src/igroteka/web/dictionaries.js";
import { setLanguage } from "../../src/igroteka/web/i18n.js";
import { pretendBrowser } from "./browser.js";

pretendBrowser();

const CROSSWORD = {
  name: "crossword",
  title: { en: "Erudit", uk: "Ерудит", ru: "Эрудит" },
  options: [{ key: "lang", default: "ru", choices: [{ value: "ru", lang: "ru" }, { value: "uk", lang: "uk" }] }],
};
const LETTERS = { name: "letters", title: { en: "Klepka letters", uk: "Клепка-літери", ru: "Клепка-буквы" }, options: [] };
const KLEPKA = { name: "klepka", title: { en: "Klepka" }, options: [] };

/** The server's answer while Russian is prepared (40%) and Ukrainian is ready. */
function listing(ru = { state: "preparing", progress: 0.4, reason: "preparing its dictionary, 40%" }) {
  return {
    languages: { uk: { state: "ready" }, ru },
    games: { crossword: { by_option: "lang" }, letters: { languages: ["uk"] } },
  };
}

test("a game the answer does not list needs no dictionary, whatever its options", () => {
  assert.deepEqual(gameLanguages(KLEPKA, listing()), []);
  assert.equal(languageOf(KLEPKA, listing()), null);
  assert.equal(cardLine(KLEPKA, listing(), null), "");
  assert.equal(blocker(KLEPKA, listing(), null), null);
});

test("a game's language is its option's value, else the option's default, else its one language", () => {
  assert.deepEqual(gameLanguages(CROSSWORD, listing()), ["ru", "uk"]);
  assert.equal(languageOf(CROSSWORD, listing(), "uk"), "uk");
  assert.equal(languageOf(CROSSWORD, listing()), "ru");
  assert.equal(languageOf(LETTERS, listing()), "uk");
});

test("the card of a game whose language is prepared says so with its progress, and which are ready", () => {
  assert.equal(cardLine(CROSSWORD, listing(), "ru"), "Erudit, Russian: preparing the dictionary, 40%. Ready to play now: Ukrainian");
  // the language chosen is ready: the one still prepared is said all the same, after it
  assert.equal(cardLine(CROSSWORD, listing(), "uk"), "Erudit, Russian: preparing the dictionary, 40%. Ready to play now: Ukrainian");
  assert.equal(cardLine(LETTERS, listing(), "uk"), ""); // Ukrainian is ready
  setLanguage("uk");
  assert.equal(cardLine(CROSSWORD, listing(), "ru"), "Ерудит, російська: готуємо словник, 40%. Уже можна грати: українська");
  setLanguage("ru");
  assert.equal(cardLine(CROSSWORD, listing(), "ru"), "Эрудит, русский: готовим словарь, 40%. Уже можно играть: украинский");
  setLanguage("en");
});

test("two languages prepared at once are one sentence, the one chosen first", () => {
  const both = listing();
  both.languages.uk = { state: "preparing", progress: 0.2, reason: "preparing its dictionary, 20%" };
  setLanguage("uk");
  assert.equal(
    cardLine(CROSSWORD, both, "uk"),
    "Ерудит, українська: готуємо словник, 20%; російська: готуємо словник, 40%",
  );
  setLanguage("en");
});

test("a language waiting its turn and one that failed are said, the failed one by its reason", () => {
  const waiting = listing({ state: "waiting", progress: 0, reason: "its dictionary is waiting to be prepared" });
  assert.equal(stateWords(waiting.languages.ru), "the dictionary is waiting its turn to be prepared");
  const failed = listing({ state: "failed", reason: "its dictionary cannot be prepared: no space left on the device" });
  assert.equal(cardLine(CROSSWORD, failed, "ru"), "Erudit, Russian: its dictionary cannot be prepared: no space left on the device. Ready to play now: Ukrainian");
  assert.equal(stateWords({ state: "failed" }), "the dictionary cannot be prepared");
});

test("the form cannot make a room in a language not ready, says why and where another is chosen", () => {
  const said = blocker(CROSSWORD, listing(), "ru", "Language and tiles");
  assert.equal(
    said,
    "Erudit (Russian) can be created as soon as its dictionary is ready: preparing the dictionary, 40%. " +
      "The button turns on by itself: there is no need to reload the page. " +
      "You can play in Ukrainian now: choose it in “Language and tiles”.",
  );
  assert.equal(blocker(CROSSWORD, listing(), "uk", "Language and tiles"), null);
  assert.equal(blocker(LETTERS, listing(), "uk"), null);
  const failed = listing({ state: "failed", reason: "its dictionary cannot be prepared: no space left on the device." });
  assert.match(/** @type {string} */ (blocker(CROSSWORD, failed, "ru", "Language")), /^Erudit \(Russian\) cannot be played on this server: its dictionary cannot be prepared: no space left on the device\. You can/);
});

test("a game of one language has no other to offer", () => {
  const preparing = { languages: { uk: { state: "preparing", progress: 0.75 } }, games: { letters: { languages: ["uk"] } } };
  assert.equal(cardLine(LETTERS, preparing, "uk"), "Klepka letters, Ukrainian: preparing the dictionary, 75%");
  assert.equal(
    blocker(LETTERS, preparing, "uk"),
    "Klepka letters (Ukrainian) can be created as soon as its dictionary is ready: preparing the dictionary, 75%. The button turns on by itself: there is no need to reload the page.",
  );
});

test("the lobby looks again while a language is waiting or prepared, not once each is ready or failed", () => {
  assert.equal(pending(listing()), true);
  assert.equal(pending(listing({ state: "waiting", progress: 0 })), true);
  assert.equal(pending(listing({ state: "ready" })), false);
  assert.equal(pending(listing({ state: "failed", reason: "no space" })), false);
  assert.equal(pending(ALL_READY), false);
  assert.equal(pending(null), false);
});

test("an older server, which does not say, has every game ready", () => {
  assert.equal(cardLine(CROSSWORD, ALL_READY, "ru"), "");
  assert.equal(blocker(CROSSWORD, ALL_READY, "ru"), null);
  assert.equal(blocker(CROSSWORD, null, "ru"), null);
});

test("a language that has just become ready is found once, between two answers", () => {
  assert.deepEqual(becameReady(listing(), listing({ state: "ready" })), ["ru"]);
  assert.deepEqual(becameReady(listing({ state: "ready" }), listing({ state: "ready" })), []);
  assert.deepEqual(becameReady(null, listing({ state: "ready" })), []); // the first answer: nothing new
});
