// The page's words (web/i18n.js): a string in the chosen language with its fields filled, and
// the names of bots, levels and languages.

import assert from "node:assert/strict";
import { test } from "node:test";

import { addStrings, botName, has, language, languageName, levelName, setLanguage, t } from "../../src/igroteka/web/i18n.js";
import { pretendBrowser } from "./browser.js";

pretendBrowser();

test("without a browser's choice the page speaks English", () => {
  assert.equal(language(), "en");
  assert.equal(t("seatsTaken", { taken: 2, players: 4 }), "2 of 4 seats taken");
});

test("a field without a value is left empty, an unknown string shows its key", () => {
  assert.equal(t("seatsTaken", { taken: 2 }), "2 of  seats taken");
  assert.equal(t("noSuchString"), "noSuchString");
  assert.equal(has("seatsTaken"), true);
  assert.equal(has("noSuchString"), false);
});

test("the language chosen is kept by the browser and marks the page", () => {
  setLanguage("uk");
  assert.equal(language(), "uk");
  assert.equal(localStorage.getItem("igroteka.lang"), "uk");
  assert.equal(globalThis.document.documentElement.lang, "uk");
  assert.equal(t("agoMinutes", { n: 5 }), "5 хв тому");
  setLanguage("de"); // not one of the three: nothing changes
  assert.equal(language(), "uk");
  setLanguage("en");
});

test("a bot is named by its level in the page's language; a level of a test game as it is", () => {
  assert.equal(botName("easy"), "Bot (easy)");
  assert.equal(levelName("tiny"), "tiny");
  setLanguage("ru");
  assert.equal(botName("easy"), "Бот (лёгкий)");
  setLanguage("en");
});

test("a language is named in the page's language, an unknown code as it is", () => {
  assert.equal(languageName("uk"), "Ukrainian");
  setLanguage("uk");
  assert.equal(languageName("ru"), "російська");
  setLanguage("en");
  assert.equal(languageName("pl"), "pl");
});

test("a game's strings join the page's; one that would change a string of the page is refused", () => {
  assert.equal(has("gameOnly"), false);
  addStrings({ en: { gameOnly: "Only {n}" }, uk: { gameOnly: "Лише {n}" }, ru: { gameOnly: "Только {n}" } });
  assert.equal(t("gameOnly", { n: 2 }), "Only 2");
  addStrings({ en: { gameOnly: "Only {n}" } }); // the same again: nothing new
  assert.throws(() => addStrings({ en: { seatsTaken: "Taken" } }), /seatsTaken/);
  assert.equal(t("seatsTaken", { taken: 1, players: 2 }), "1 of 2 seats taken");
  setLanguage("uk");
  assert.equal(t("gameOnly", { n: 3 }), "Лише 3");
  setLanguage("en");
});
