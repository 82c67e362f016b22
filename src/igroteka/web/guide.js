// How to play: a game's short illustrated guide in a <dialog>, one step at a time. The steps
// are data (GET /api/games/{name}/guide, from content/<game>/guide.json); each figure is drawn
// here with the games' own card faces and tiles (the classes of their renderers, and the
// association game's own card drawing). Nothing here knows a rule.

import { api, h, toast } from "./dom.js";
import { GAMES, gameTitle } from "./games.js";
import { language, t } from "./i18n.js";
import { cardPicture } from "./games/associations.js";

const PRIZES = { polysemy: "✦", chaos: "⚡", exchange: "⇄" };
const loaded = new Map(); // by game and language: the steps

async function stepsOf(name) {
  const key = `${name}/${language()}`;
  if (!loaded.has(key)) {
    const guide = await api("GET", `/api/games/${encodeURIComponent(name)}/guide?lang=${language()}`);
    loaded.set(key, guide.steps);
  }
  return loaded.get(key);
}

/** Open the guide of a game over the page; Escape, the ✕ or a click outside close it. */
export async function openGuide(name) {
  const steps = await stepsOf(name);
  document.querySelector("dialog.guide")?.remove();
  let shown = 0;
  const heading = h("h2", { id: "guide-title" }, t("howToPlayGame", { game: gameTitle(name) }));
  const body = h("div", { class: "guide-step", "aria-live": "polite" });
  const back = h("button", { type: "button", class: "guide-back" }, `← ${t("back")}`);
  const next = h("button", { type: "button", class: "guide-next primary" }, `${t("next")} →`);
  const count = h("span", { class: "guide-count muted" });
  const close = h("button", { type: "button", class: "guide-close", "aria-label": t("close") }, "✕");
  const dialog = h(
    "dialog",
    { class: "guide", "aria-labelledby": "guide-title", "data-game": name },
    h("div", { class: "guide-top" }, heading, close),
    body,
    h("div", { class: "guide-nav" }, back, count, next),
  );
  const show = (index) => {
    shown = Math.max(0, Math.min(steps.length - 1, index));
    const step = steps[shown];
    body.replaceChildren(
      figure(step.figure),
      h("h3", {}, step.title),
      h("p", {}, step.text),
    );
    body.dataset.step = String(shown + 1);
    count.textContent = t("guideStep", { n: shown + 1, of: steps.length });
    back.disabled = shown === 0;
    next.textContent = shown === steps.length - 1 ? t("guideDone") : `${t("next")} →`;
  };
  back.addEventListener("click", () => show(shown - 1));
  next.addEventListener("click", () => (shown === steps.length - 1 ? dialog.close() : show(shown + 1)));
  close.addEventListener("click", () => dialog.close());
  dialog.addEventListener("click", (event) => {
    if (event.target === dialog) dialog.close(); // the backdrop, outside the box
  });
  dialog.addEventListener("keydown", (event) => {
    if (event.key === "ArrowRight") show(shown + 1);
    if (event.key === "ArrowLeft") show(shown - 1);
  });
  dialog.addEventListener("close", () => dialog.remove());
  document.body.append(dialog);
  show(0);
  dialog.showModal();
  next.focus();
  return dialog;
}

/** Whether a game has a guide (its declaration says so). */
export function hasGuide(name) {
  return Boolean(GAMES?.find((game) => game.name === name)?.guide);
}

/** A button that opens a game's guide (`name`: the game, or a function that says which when
 * pressed), with `label` as its text ("How to play" or "?"). */
export function guideButton(name, label, attributes = {}) {
  return h(
    "button",
    {
      type: "button",
      class: "guide-open",
      "aria-haspopup": "dialog",
      onclick: (event) => {
        event.preventDefault();
        openGuide(typeof name === "function" ? name() : name).catch((error) => toast(error.message));
      },
      ...attributes,
    },
    label,
  );
}

// ---------------------------------------------------------------- figures

function figure(items) {
  return h("div", { class: "guide-figure", "aria-hidden": "true" }, items.map(item));
}

function card(...content) {
  return h("div", { class: "card up guide-card" }, ...content);
}

function tile(letter, points, fresh = false) {
  const blank = letter === "*";
  return h(
    "span",
    { class: `cw-tile guide-tile${blank ? " cw-blank" : ""}${fresh ? " cw-new" : ""}` },
    h("span", { class: "cw-letter" }, blank ? "★" : letter.toUpperCase()),
    points === undefined || blank ? null : h("sub", { class: "cw-points" }, points),
  );
}

function item(data) {
  if (data.back) return h("div", { class: "card back guide-card" });
  if (data.picture !== undefined) return card(h("span", { class: "picture" }, data.picture));
  if (data.word !== undefined) return card(h("span", { class: "word" }, data.word));
  if (data.syncope) return card(h("span", { class: "syncope" }, `✦ ${t("syncopeCard")}`));
  if (data.letter !== undefined) {
    return card(h("span", { class: `letter colour-${data.colour}` }, data.letter.toUpperCase(), h("sub", {}, data.points)));
  }
  if (data.prize !== undefined) {
    return card(h("span", { class: `prize ${data.prize}` }, `${PRIZES[data.prize] ?? ""} ${t(`${data.prize}Card`)}`));
  }
  if (data.tile !== undefined) return tile(data.tile, data.points);
  if (data.board !== undefined) return board(data);
  if (data.story !== undefined) return story(data);
  if (data.token !== undefined) return h("span", { class: "guide-token" }, data.token);
  if (data.sign !== undefined) return h("span", { class: "guide-sign" }, data.sign);
  return h("span", { class: "guide-text" }, data.text ?? "");
}

// A piece of a crossword board: "." empty, upper case a tile there, lower case a tile just laid.
function board({ board: rows, centre }) {
  const cells = [];
  rows.forEach((row, r) => {
    [...row].forEach((char, c) => {
      const star = centre && centre[0] === r && centre[1] === c;
      const content = char === "." ? (star ? h("span", { class: "cw-star" }, "★") : null) : tile(char, undefined, char !== char.toUpperCase());
      cells.push(h("span", { class: `cw-cell guide-cell${star ? " guide-centre" : ""}` }, content));
    });
  });
  return h("div", { class: "guide-board", style: `--columns: ${rows[0].length}` }, cells);
}

// An association card, drawn as the game draws its cards: emoji over a sky.
const PLACES = { 1: [[50, 52, 58]], 2: [[34, 58, 42], [68, 38, 36]], 3: [[30, 62, 34], [70, 62, 34], [50, 30, 32]] };

function story({ story: emoji, sky, number }) {
  const places = PLACES[emoji.length] ?? PLACES[1];
  const view = {
    cards: { guide: { backdrop: "guide", emoji: emoji.map((glyph, i) => [glyph, ...places[i]]) } },
    backdrops: { guide: { sky, shapes: [] } },
  };
  return h(
    "div",
    { class: "as-card guide-story" },
    h("div", { class: "as-face" }, cardPicture(view, "guide", emoji.join(" "))),
    number ? h("span", { class: "as-number" }, number) : null,
  );
}
