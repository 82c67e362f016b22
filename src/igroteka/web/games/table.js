// The table of face-down cards both Klepka games share: a grid, a back for each face-down card,
// a face for each face-up one, an empty place for each card taken.

export function grid(view, context, face, { canFlip, flip }) {
  const { h } = context;
  const cells = view.table.map((cell, position) => {
    if (cell === "down") {
      const enabled = canFlip(position);
      return h(
        "button",
        {
          class: "card back",
          "data-position": position,
          "aria-label": `${position + 1}`,
          disabled: !enabled,
          onclick: () => flip(position),
        },
        h("span", { class: "number" }, position + 1),
      );
    }
    if (cell === "up") {
      const card = view.faces[String(position)];
      return h("div", { class: "card up", "data-position": position }, face(card));
    }
    return h("div", { class: "card gone", "aria-hidden": "true" });
  });
  return h("div", { class: "table", style: `--columns: ${view.columns}` }, cells);
}

export function results(view, context, lines) {
  const { h, t, names } = context;
  const outcome = view.outcome;
  const winners = outcome.winners.map((seat) => names[seat]).join(", ");
  return h(
    "section",
    { class: "results panel" },
    h("h2", {}, t(outcome.winners.length > 1 ? "share" : "wins", { names: winners })),
    h(
      "table",
      {},
      names.map((name, seat) =>
        h(
          "tr",
          { class: outcome.winners.includes(seat) ? "winner" : "" },
          h("th", {}, name),
          h("td", {}, `${outcome.scores[seat]}`),
          h("td", {}, lines(seat)),
        ),
      ),
    ),
    h("a", { href: context.record, download: "", class: "button" }, t("download")),
    " ",
    h("a", { href: context.record.replace("/api/rooms/", "/r/").replace("/record", "/replay"), class: "button replay-link" }, t("replay")),
  );
}

export function speak(text, lang) {
  if (!("speechSynthesis" in window)) return;
  const utterance = new SpeechSynthesisUtterance(text);
  utterance.lang = { en: "en-GB", uk: "uk-UA", ru: "ru-RU" }[lang] || lang;
  window.speechSynthesis.cancel();
  window.speechSynthesis.speak(utterance);
}
