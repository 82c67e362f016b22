// Klepka letters (games/letters/web/renderer.js): what a screen reader says of a card, a player's sheet.

import assert from "node:assert/strict";
import { test } from "node:test";

import { addStrings, t } from "../../src/igroteka/web/i18n.js";
import { cardLabel, sheetText, strings } from "../../src/igroteka/games/letters/web/renderer.js";

addStrings(strings); // as the page does when it loads the renderer (games.js)

test("a letter card is said with its points and colour, a prize by its name", () => {
  assert.equal(cardLabel(t, { kind: "letter", letter: "а", points: 1, colour: "blue" }), "А, worth 1, blue");
  assert.equal(cardLabel(t, { kind: "chaos" }), "Chaos");
});

test("a sheet lists each word with its points, a doubled one marked ×2", () => {
  assert.equal(sheetText([{ word: "кіт", points: 4 }, { word: "сад", points: 3, double: true }]), "кіт 4 · сад 3×2");
  assert.equal(sheetText([]), "");
});
