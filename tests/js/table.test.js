// The card table both Klepka games share (web/table.js): the size of a card's words, the
// columns that fit the screen, the player's own cards first.

import assert from "node:assert/strict";
import { test } from "node:test";

import { bestColumns, longestWord, ownFirst } from "../../src/igroteka/web/table.js";

test("a card's letters are sized by its longest word", () => {
  assert.equal(longestWord("ice cream"), 5);
  assert.equal(longestWord("їжак"), 4); // letters, not bytes
  assert.equal(longestWord(""), 1);
});

test("the game's columns stay unless other columns make the cards clearly larger", () => {
  const wide = { width: 1280, height: 800, wide: true };
  // 12 cards in 4 columns at 1280×800: no count of columns does 5% better
  assert.equal(bestColumns(12, 4, wide), 4);
  // 134 cards (Klepka letters) asked in 2 columns: far more fit side by side
  assert.ok(bestColumns(134, 2, wide) > 10);
});

test("on a phone the table takes fewer columns than on a wide screen", () => {
  const phone = bestColumns(24, 6, { width: 390, height: 844, wide: false });
  const wide = bestColumns(24, 6, { width: 1280, height: 800, wide: true });
  assert.ok(phone < wide, `${phone} columns on a phone, ${wide} on a wide screen`);
});

test("the player's own cards come first, each beside its seat", () => {
  assert.deepEqual(ownFirst(["a", "b", "c"], 2), [["c", 2], ["a", 0], ["b", 1]]);
  assert.deepEqual(ownFirst(["a", "b"], null), [["a", 0], ["b", 1]]); // a spectator: in seat order
});
