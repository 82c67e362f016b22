// How to play: a game's short illustrated guide in a <dialog>, one step at a time. The steps
// are data (GET /api/games/{name}/guide, from games/<name>/guide.json); each figure is a row
// of items: a card face down, a sign and a short text are drawn here, every other item by the
// game's own renderer (its `figure`, with its card faces and tiles). Nothing here knows a rule
// or a game.

import { api, h, toast } from "./dom.js";
import { GAMES, RENDERERS, gameTitle } from "./games.js";
import { language, t } from "./i18n.js";

/** A game's guide in the page's language. @param {string} name @returns {Promise<any[]>} */
async function stepsOf(name) {
  const guide = await api("GET", `/api/games/${encodeURIComponent(name)}/guide?lang=${language()}`);
  return guide.steps;
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
      figure(name, step.figure),
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

/** A step's figure: its items in a row. @param {string} name the game @param {any[]} items */
function figure(name, items) {
  const own = RENDERERS[name]?.figure;
  return h("div", { class: "guide-figure", "aria-hidden": "true" }, items.map((data) => item(data) ?? own?.(data, { h, t }) ?? text(data)));
}

/** An item every guide may show: a card face down, a sign, a short text; else null. */
function item(data) {
  if (data.back) return h("div", { class: "card back guide-card" });
  if (data.sign !== undefined) return h("span", { class: "guide-sign" }, data.sign);
  if (data.text !== undefined) return text(data);
  return null;
}

function text(data) {
  return h("span", { class: "guide-text" }, data.text ?? "");
}
