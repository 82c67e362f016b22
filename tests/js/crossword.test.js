// The crossword's preview (games/crossword/web/renderer.js): the words a play makes and their
// scores as the page shows them before Play is pressed, the same as the server's (the shared
// cases of tests/data/crossword-score-cases.json, which score.py passes too), and its other
// pure parts.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { lastPlayed, placementProblem, preview, turnText, typedLetter } from "../../src/igroteka/games/crossword/web/renderer.js";

const root = new URL("../../", import.meta.url);
const read = (path) => readFileSync(new URL(path, root), "utf-8");
const lines = (text) => text.split("\n").filter((line) => line.trim() && !line.startsWith("#"));

// what the server's view says of a tile set and of the board (rules.py, `view`): the same files
const points = (lang) => Object.fromEntries(lines(read(`src/igroteka/games/crossword/data/${lang}.tiles`)).map((line) => {
  const [letter, , value] = line.split(/\s+/);
  return [letter, Number(value)];
}));
const PREMIUMS = lines(read("src/igroteka/games/crossword/data/erudit.board"));
const CASES = JSON.parse(read("tests/data/crossword-score-cases.json")).cases;

/** A view of a board holding `tiles` ([row, col, letter, blank]), as the server sends it. */
function viewOf(tiles = [], { lang = "ru", premiums = "every", bonus = 0 } = {}) {
  const rows = Array.from({ length: 15 }, () => Array(15).fill("."));
  for (const [row, col, letter, blank] of tiles) rows[row][col] = blank ? letter.toLowerCase() : letter.toUpperCase();
  return {
    board: rows.map((row) => row.join("")),
    premiums: PREMIUMS,
    points: points(lang),
    rack_size: 7,
    options: { premiums, bonus },
    turns: [],
  };
}

/** Tiles as the page lays them: {row, col, letter (lower case), blank}. */
const laid = (tiles) => tiles.map(([row, col, letter, blank]) => ({ row, col, letter: letter.toLowerCase(), blank }));

const sortedWords = (words) => [...words].sort((a, b) => (a.start + a.word).localeCompare(b.start + b.word));

test("the preview scores every shared case as the server does", async (t) => {
  assert.ok(CASES.length >= 10);
  for (const c of CASES) {
    await t.test(c.name, () => {
      const shown = preview(viewOf(c.board, c), laid(c.tiles));
      assert.ok(shown);
      assert.equal(shown.problem, null);
      const words = shown.words.map((w) => ({ word: w.text.toUpperCase(), start: w.start, across: w.across, score: w.score }));
      // the same words and scores; the preview lists them across first, the server main word first
      assert.deepEqual(sortedWords(words), sortedWords(c.words));
      assert.equal(shown.bonus, c.scored_bonus);
      assert.equal(shown.total, c.total);
    });
  }
});

test("nothing laid: no preview", () => {
  assert.equal(preview(viewOf(), []), null);
});

test("the first word must cover the centre, with two letters at least", () => {
  const empty = viewOf();
  assert.equal(preview(empty, laid([[0, 0, "К", false], [0, 1, "О", false]])).problem, "cwCentre");
  assert.equal(placementProblem(empty, laid([[7, 7, "К", false]])), "cwTwoLetters");
  assert.equal(placementProblem(empty, laid([[7, 7, "К", false], [7, 8, "О", false]])), null);
});

test("a later word must cling to the letters on the board", () => {
  const pol = viewOf([[7, 6, "П", false], [7, 7, "О", false], [7, 8, "Л", false]]);
  assert.equal(placementProblem(pol, laid([[0, 0, "К", false], [0, 1, "О", false]])), "cwCling");
  // two groups in one turn: each clings to the board
  assert.equal(placementProblem(pol, laid([[6, 7, "К", false], [8, 7, "Т", false], [7, 9, "К", false]])), null);
});

test("tiles that touch nothing make no word, and say so", () => {
  const pol = viewOf([[7, 6, "П", false], [7, 7, "О", false], [7, 8, "Л", false]]);
  const shown = preview(pol, laid([[9, 9, "К", false]]));
  assert.deepEqual(shown.words, []);
  assert.equal(shown.problem, "cwCling");
  const apart = preview(viewOf(), laid([[7, 7, "К", false], [9, 9, "О", false]]));
  assert.equal(apart.problem, "cwCling");
});

test("laying all seven tiles shows the bonus only when the options give one", () => {
  const seven = laid([[7, 1, "Г", false], [7, 2, "Р", false], [7, 3, "А", false], [7, 4, "М", false], [7, 5, "О", false], [7, 6, "Т", false], [7, 7, "А", false]]);
  assert.equal(preview(viewOf([], { lang: "uk", bonus: 50 }), seven).bonus, 50);
  assert.equal(preview(viewOf([], { lang: "uk" }), seven).bonus, 0);
  assert.equal(preview(viewOf([], { lang: "uk", bonus: 50 }), seven.slice(1)).bonus, 0); // six: none
});

test("a letter typed is read as the rules read it: any case, Ё as Е, only the set's letters", () => {
  const ru = viewOf();
  assert.equal(typedLetter(ru, "П"), "п");
  assert.equal(typedLetter(ru, "ё"), "е");
  assert.equal(typedLetter(ru, "Ё"), "е");
  assert.equal(typedLetter(ru, "ї"), null); // a Ukrainian letter is no Russian tile
  assert.equal(typedLetter(viewOf([], { lang: "uk" }), "ї"), "ї");
  assert.equal(typedLetter(ru, "*"), null); // a blank is chosen from the rack, never typed
  assert.equal(typedLetter(ru, "Enter"), null);
});

test("the lens looks at the middle of the last play, else at the centre", () => {
  assert.deepEqual(lastPlayed(viewOf()), { row: 7, col: 7 });
  const view = { ...viewOf(), last: [[2, 4, "К", false], [3, 4, "О", false], [4, 4, "Т", false]] };
  assert.deepEqual(lastPlayed(view), { row: 3, col: 4 });
});

test("the score sheet names a play's words and points, an exchange's count, a pass", () => {
  const t = (key, values = {}) => `${key}${JSON.stringify(values)}`;
  assert.equal(turnText({ kind: "play", seat: 0, score: 13, words: [["полка", 8], ["кот", 5]] }, t), "ПОЛКА 8, КОТ 5");
  assert.equal(turnText({ kind: "exchange", seat: 1, score: 0, tiles: 3 }, t), 'cwExchanged{"n":3}');
  assert.equal(turnText({ kind: "pass", seat: 1, score: 0 }, t), "cwPassed{}");
});
