// The names the table says (web/narration.js, web/people.js): a seat's name and its colour.

import assert from "node:assert/strict";
import { test } from "node:test";

import { seatName } from "../../src/igroteka/web/narration.js";
import { seatColour } from "../../src/igroteka/web/people.js";

test("a person is named by their own name, a bot by its level, an empty seat not at all", () => {
  assert.equal(seatName({ kind: "person", name: "Olena" }), "Olena");
  assert.equal(seatName({ kind: "bot", level: "hard" }), "Bot (hard)");
  assert.equal(seatName(null), "");
});

test("each of eight seats has its own colour, and a ninth takes the first again", () => {
  const colours = Array.from({ length: 8 }, (_, seat) => seatColour(seat));
  assert.equal(new Set(colours).size, 8);
  assert.equal(seatColour(8), seatColour(0));
});
