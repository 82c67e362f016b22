// Klepka, words and pictures, in the browser.

import { grid, results, speak } from "./table.js";

export function render(view, context) {
  const { h, t, seat, send, names } = context;
  const acting = seat !== null && view.actors.includes(seat);
  const parts = [];
  if (view.phase === "london" && acting) {
    parts.push(
      h(
        "div",
        { class: "panel question" },
        h("p", {}, t("london")),
        h("button", { class: "primary", onclick: () => send({ type: "london", yes: true }) }, t("yes")),
        h("button", { onclick: () => send({ type: "london", yes: false }) }, t("no")),
      ),
    );
  }
  const lang = view.deck.lang;
  const face = (card) => {
    if (card.kind === "syncope") return h("span", { class: "syncope" }, `✦ ${t("syncopeCard")}`);
    if (card.kind === "picture") return h("span", { class: "picture" }, card.text);
    return h(
      "span",
      { class: "word" },
      card.text,
      h("button", { class: "speak", title: t("speak"), "aria-label": t("speak"), onclick: () => speak(card.text, lang) }, "🔊"),
    );
  };
  const flipping = acting && ["first", "second", "search"].includes(view.phase);
  parts.push(
    grid(view, context, face, {
      canFlip: (position) => flipping && !view.tried.includes(position),
      flip: (position) => send({ type: "flip", position }),
    }),
  );
  parts.push(
    h(
      "ul",
      { class: "collections" },
      view.collections.map((held, s) =>
        h(
          "li",
          { class: s === view.turn ? "current" : "" },
          h("b", {}, names[s]),
          ": ",
          held.words.join(", ") || "—",
          held.syncopes ? ` + ✦×${held.syncopes}` : "",
        ),
      ),
    ),
  );
  if (view.phase === "chain" && acting) {
    const words = view.collections[seat].words;
    const input = h("input", { class: "chain-input", "aria-label": t("chain"), value: words.join(" ") });
    parts.push(
      h(
        "form",
        {
          class: "panel chain",
          onsubmit: (event) => {
            event.preventDefault();
            const links = input.value.split(/\s+/).filter(Boolean).map((w) => (w === "~" ? "SYNCOPE" : w));
            send({ type: "chain", links });
          },
        },
        h("p", {}, t("chainPrompt")),
        h("p", { class: "muted" }, `${t("yourWords")}: ${words.join(", ")}`),
        input,
        h("button", { class: "primary", type: "submit" }, t("submitChain")),
      ),
    );
  }
  if (view.outcome) {
    const show = (links) => links.map((w) => (w === "SYNCOPE" ? "✦" : w)).join(" → ") || "—";
    parts.push(
      results(view, context, (s) =>
        h(
          "span",
          {},
          `${t("chain")}: ${show(view.outcome.chains[s])}`,
          h("br"),
          h("small", {}, `${t("bestChain")}: ${show(view.outcome.best_chains[s])}`),
        ),
      ),
    );
  }
  return h("div", {}, parts);
}
