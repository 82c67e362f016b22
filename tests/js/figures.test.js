// How to play (web/guide.js): each game's guide shows the shared items (a card face down, a
// sign, a short text) and its own, which only its own renderer draws (`figure` in
// games/<name>/web/renderer.js, for the kinds its games/<name>/guide.py declares).

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import * as associations from "../../src/igroteka/games/associations/web/renderer.js";
import * as crossword from "../../src/igroteka/games/crossword/web/renderer.js";
import * as klepka from "../../src/igroteka/games/klepka/web/renderer.js";
import * as letters from "../../src/igroteka/games/letters/web/renderer.js";
import { addStrings, t } from "../../src/igroteka/web/i18n.js";

const RENDERERS = { klepka, letters, crossword, associations };
const SHARED = ["back", "sign", "text"];
for (const renderer of Object.values(RENDERERS)) addStrings(renderer.strings);

/** An element as plain data: enough to see what a figure is made of. */
const h = (tag, attributes = {}, ...children) => ({ tag, attributes, children: children.flat() });
const text = (element) =>
  typeof element === "object" && element !== null ? element.children.map(text).join("") : String(element ?? "");

// the association game draws its cards as SVG, with the page's document
function pretendSvg() {
  const element = () => ({ setAttribute() {}, append() {}, textContent: "" });
  globalThis.document = { createElementNS: element };
}

const items = (game) => {
  const guide = JSON.parse(readFileSync(new URL(`../../src/igroteka/games/${game}/guide.json`, import.meta.url), "utf-8"));
  return Object.values(guide).flat().flatMap((step) => step.figure);
};

test("every item of a game's own in its guide is drawn by its renderer, by no other", () => {
  pretendSvg();
  for (const [game, renderer] of Object.entries(RENDERERS)) {
    const own = items(game).filter((item) => !SHARED.includes(Object.keys(item)[0]));
    assert.ok(own.length > 0, game);
    for (const item of own) {
      assert.notEqual(renderer.figure(item, { h, t }), null, `${game}: ${JSON.stringify(item)}`);
      for (const [other, drawer] of Object.entries(RENDERERS)) {
        if (other !== game) assert.equal(drawer.figure(item, { h, t }), null, `${other} drew ${game}'s ${JSON.stringify(item)}`);
      }
    }
  }
  delete globalThis.document;
});

test("the shared items are left to the guide: no game's renderer draws them", () => {
  for (const renderer of Object.values(RENDERERS)) {
    for (const item of [{ back: true }, { sign: "→" }, { text: "ПОЛ 5" }]) assert.equal(renderer.figure(item, { h, t }), null);
  }
});

test("a game's items are drawn with its own words: the prize cards and the Syncope", () => {
  assert.equal(text(letters.figure({ prize: "chaos" }, { h, t })), "⚡ Chaos");
  assert.equal(text(klepka.figure({ syncope: true }, { h, t })), "✦ Syncope");
  assert.equal(crossword.figure({ tile: "*", points: 0 }, { h, t }).attributes.class, "cw-tile guide-tile cw-blank");
});
