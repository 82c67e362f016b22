// The association game (games/associations/web/renderer.js): the storyteller's card, tokens, who found
// it, the pictures a teacher's deck may show.

import assert from "node:assert/strict";
import { test } from "node:test";

import { addStrings, t } from "../../src/igroteka/web/i18n.js";
import { foundText, lays, mostTokens, safeImage, story, withToken, strings } from "../../src/igroteka/games/associations/web/renderer.js";

addStrings(strings); // as the page does when it loads the renderer (games.js)

const names = ["Ann", "Bo", "Cy", "Di"];
const nameOf = (seat) => names[seat];

test("three players lay two cards each, the others one; a table of two votes with three tokens", () => {
  assert.deepEqual([2, 3, 4, 6].map((players) => lays({ players })), [1, 2, 1, 1]);
  assert.deepEqual([2, 3, 4].map((players) => mostTokens({ players })), [3, 1, 1]);
});

test("the storyteller's card is the one they laid, or at a table of two the one named", () => {
  assert.equal(story({ owners: [2, 0, 1], storyteller: 0 }), 2);
  assert.equal(story({ owners: [0, 0, 0, 0, 0], storyteller: 0, story: 4 }), 4);
});

test("one token moves to the card tapped; a tapped card with a token loses it", () => {
  assert.deepEqual(withToken([], 3, 1), [3]);
  assert.deepEqual(withToken([3], 5, 1), [5]);
  assert.deepEqual(withToken([5], 5, 1), []);
});

test("ranked tokens go on in order, close up when one is taken off, and stop at three", () => {
  assert.deepEqual(withToken([2, 4], 1, 3), [2, 4, 1]);
  assert.deepEqual(withToken([2, 4, 1], 4, 3), [2, 1]);
  assert.deepEqual(withToken([2, 4, 1], 5, 3), [2, 4, 1]);
});

test("the reveal says who found the storyteller's card: nobody, all, or whom", () => {
  const round = { owners: [0, 1, 2, 3], storyteller: 0, votes: [[], [1], [1], [2]] };
  assert.equal(foundText(round, [], t, nameOf), "Nobody found the storyteller's card");
  assert.equal(foundText({ ...round, votes: [[], [1], [1], [1]] }, [1, 2, 3], t, nameOf), "Everyone found the storyteller's card");
  assert.equal(foundText(round, [1, 2], t, nameOf), "Found by Bo, Cy");
});

test("at a table of two the reveal says which of the guesser's tokens was on it", () => {
  const round = { owners: [0, 0, 0, 0, 0], storyteller: 0, story: 3, votes: [[], [5, 3, 1]] };
  assert.equal(foundText(round, [], t, nameOf), "Bo's token 2 was on it");
  assert.equal(foundText({ ...round, votes: [[], [5, 4, 1]] }, [], t, nameOf), "Nobody found the storyteller's card");
});

test("a deck's picture may come from this server, over http(s) or as an image; nothing else", () => {
  assert.equal(safeImage("/api/images/abc"), "/api/images/abc");
  assert.equal(safeImage("https://example.org/a.png"), "https://example.org/a.png");
  assert.equal(safeImage("data:image/png;base64,AAAA"), "data:image/png;base64,AAAA");
  assert.equal(safeImage("javascript:alert(1)"), null);
  assert.equal(safeImage("data:text/html,<b>"), null);
  assert.equal(safeImage(""), null);
  assert.equal(safeImage(42), null);
});
