// The lobby's sentences (web/lobby.js): how long ago a room was made, the languages a game's
// words may be in.

import assert from "node:assert/strict";
import { test } from "node:test";

import { setLanguage } from "../../src/igroteka/web/i18n.js";
import { ago, languageList } from "../../src/igroteka/web/lobby.js";
import { pretendBrowser } from "./browser.js";

pretendBrowser();

test("a room made under a minute ago was made just now, then minutes, then hours", () => {
  assert.equal(ago(0), "just now");
  assert.equal(ago(59), "just now");
  assert.equal(ago(60), "1 min ago");
  assert.equal(ago(3599), "59 min ago");
  assert.equal(ago(7300), "2 h ago");
});

test("a game's languages are listed with 'or' before the last", () => {
  assert.equal(languageList([]), "");
  assert.equal(languageList(["uk"]), "Ukrainian");
  assert.equal(languageList(["ru", "uk"]), "Russian or Ukrainian");
  assert.equal(languageList(["en", "ru", "uk"]), "English, Russian or Ukrainian");
  setLanguage("uk");
  assert.equal(languageList(["ru", "uk"]), "російська або українська");
  setLanguage("en");
});
