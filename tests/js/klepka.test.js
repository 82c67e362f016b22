// Klepka's chain builder and results (games/klepka/web/renderer.js).

import assert from "node:assert/strict";
import { test } from "node:test";

import { chainText, linkState, linksToJudge } from "../../src/igroteka/games/klepka/web/renderer.js";

test("a Syncope tapped last waits for the next word before the server is asked", () => {
  assert.deepEqual(linksToJudge(["кіт", "SYNCOPE"]), ["кіт"]);
  assert.deepEqual(linksToJudge(["кіт", "SYNCOPE", "тато"]), ["кіт", "SYNCOPE", "тато"]);
  assert.deepEqual(linksToJudge(["SYNCOPE"]), []);
});

test("the link the server refuses is marked broken, and those after it", () => {
  const chain = { broken: { link: 1 }, pending: null };
  assert.deepEqual([0, 1, 2].map((index) => linkState(chain, index)), ["ok", "broken", "after"]);
});

test("links wait while the server is asked, and stand once it has answered", () => {
  assert.equal(linkState({ broken: null, pending: "chain-3" }, 0), "checking");
  assert.equal(linkState({ broken: null, pending: null }, 0), "ok");
});

test("a chain in the results reads word → word, ✦ for a Syncope, — for none", () => {
  assert.equal(chainText(["кіт", "SYNCOPE", "тато"]), "кіт → ✦ → тато");
  assert.equal(chainText([]), "—");
});
