// Klepka letters' words on the page (composing, the prize cards, the letters' colours), in
// English, Ukrainian and Russian. The renderer hands them on (`strings`); games.js adds them to
// the page's own (i18n.js, addStrings) when it loads the renderer, so `t` finds them.

export const strings = {
  en: {
    points: "points", compose: "Compose", composeHint: "Words from your letters (кіт вода)", playChaos: "Play Chaos",
    playExchange: "Play Exchange", pickGive: "Choose a card of yours to give", pickTake: "Now choose a card to take",
    flipsLeft: "{n} to turn up", held: "cards held", polysemyCard: "Polysemy", chaosCard: "Chaos",
    exchangeCard: "Exchange", letterCard: "{letter}, worth {points}, {colour}", blue: "blue", yellow: "yellow",
    red: "red", green: "green",
  },
  uk: {
    points: "балів", compose: "Скласти", composeHint: "Слова з ваших літер (кіт вода)", playChaos: "Зіграти «Хаос»",
    playExchange: "Зіграти «Обмін»", pickGive: "Оберіть свою картку, яку віддаєте",
    pickTake: "Тепер оберіть картку, яку берете", flipsLeft: "Ще відкрити: {n}", held: "карток на руках",
    polysemyCard: "Полісемія", chaosCard: "Хаос", exchangeCard: "Обмін",
    letterCard: "{letter}, вартість {points}, {colour}", blue: "синя", yellow: "жовта", red: "червона",
    green: "зелена",
  },
  ru: {
    points: "баллов", compose: "Составить", composeHint: "Слова из ваших букв (кіт вода)",
    playChaos: "Сыграть «Хаос»", playExchange: "Сыграть «Обмен»", pickGive: "Выберите свою карточку, которую отдаёте",
    pickTake: "Теперь выберите карточку, которую берёте", flipsLeft: "Ещё открыть: {n}", held: "карточек на руках",
    polysemyCard: "Полисемия", chaosCard: "Хаос", exchangeCard: "Обмен",
    letterCard: "{letter}, стоимость {points}, {colour}", blue: "синяя", yellow: "жёлтая", red: "красная",
    green: "зелёная",
  },
};
