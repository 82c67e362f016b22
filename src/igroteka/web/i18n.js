// UI strings in Ukrainian, Russian and English. The language is the one chosen, kept in the
// browser, or else the browser's own; English when it is none of the three.

const STRINGS = {
  en: {
    newGame: "New game", game: "Game", players: "Players", create: "Create the room",
    invite: "Invite link", copy: "Copy", copied: "Copied",
    seat: "Seat", open: "open", yourName: "Your name", takeSeat: "Take the seat",
    addBot: "Add a bot", start: "Start the game", waiting: "Waiting for players…",
    you: "you", turnOf: "{name}'s turn", yourTurn: "Your turn", spectator: "You are watching",
    reconnecting: "Connection lost: reconnecting…", over: "Game over",
    wins: "{names} wins!", share: "{names} share the victory!", points: "points",
    download: "Download the record", replay: "Replay", back: "Back", next: "Next",
    london: "Have you ever been to London?", yes: "Yes", no: "No",
    chainPrompt: "Your chain: your words in order, each starting with the last letter of the one before (~ for a Syncope)",
    submitChain: "Submit the chain", yourWords: "Your words", bestChain: "Best chain",
    chain: "Chain", compose: "Compose", composeHint: "Words from your letters (кіт вода)",
    stop: "Stop", playChaos: "Play Chaos", playExchange: "Play Exchange",
    pickGive: "Choose a card of yours to give", pickTake: "Now choose a card to take",
    cancel: "Cancel", hand: "Cards", words: "Words", flipsLeft: "{n} to turn up",
    speak: "Speak", level: "Level", passDevice: "Pass the device to {name}", ready: "I am {name}",
    notFound: "There is no such room.", held: "cards held", turnTimer: "Seconds for a move (empty: no timer)",
    syncopeCard: "Syncope", polysemyCard: "Polysemy", chaosCard: "Chaos", exchangeCard: "Exchange",
    houseRules: "House rules",
  },
  uk: {
    newGame: "Нова гра", game: "Гра", players: "Гравці", create: "Створити кімнату",
    invite: "Посилання-запрошення", copy: "Копіювати", copied: "Скопійовано",
    seat: "Місце", open: "вільне", yourName: "Ваше ім’я", takeSeat: "Зайняти місце",
    addBot: "Додати бота", start: "Почати гру", waiting: "Чекаємо на гравців…",
    you: "ви", turnOf: "Хід: {name}", yourTurn: "Ваш хід", spectator: "Ви спостерігаєте",
    reconnecting: "Зв’язок утрачено: перепідключаємося…", over: "Гру закінчено",
    wins: "Перемагає {names}!", share: "Перемогу ділять {names}!", points: "балів",
    download: "Завантажити запис", replay: "Перегляд", back: "Назад", next: "Далі",
    london: "Чи бували ви в Лондоні?", yes: "Так", no: "Ні",
    chainPrompt: "Ваш ланцюжок: слова по черзі, кожне починається з останньої літери попереднього (~ — Синкопа)",
    submitChain: "Здати ланцюжок", yourWords: "Ваші слова", bestChain: "Найкращий ланцюжок",
    chain: "Ланцюжок", compose: "Скласти", composeHint: "Слова з ваших літер (кіт вода)",
    stop: "Досить", playChaos: "Зіграти «Хаос»", playExchange: "Зіграти «Обмін»",
    pickGive: "Оберіть свою картку, яку віддаєте", pickTake: "Тепер оберіть картку, яку берете",
    cancel: "Скасувати", hand: "Картки", words: "Слова", flipsLeft: "Ще відкрити: {n}",
    speak: "Озвучити", level: "Рівень", passDevice: "Передайте пристрій: {name}", ready: "Я — {name}",
    notFound: "Такої кімнати немає.", held: "карток на руках", turnTimer: "Секунд на хід (порожньо — без таймера)",
    syncopeCard: "Синкопа", polysemyCard: "Полісемія", chaosCard: "Хаос", exchangeCard: "Обмін",
    houseRules: "Домашні правила",
  },
  ru: {
    newGame: "Новая игра", game: "Игра", players: "Игроки", create: "Создать комнату",
    invite: "Ссылка-приглашение", copy: "Копировать", copied: "Скопировано",
    seat: "Место", open: "свободно", yourName: "Ваше имя", takeSeat: "Занять место",
    addBot: "Добавить бота", start: "Начать игру", waiting: "Ждём игроков…",
    you: "вы", turnOf: "Ход: {name}", yourTurn: "Ваш ход", spectator: "Вы наблюдаете",
    reconnecting: "Связь потеряна: переподключаемся…", over: "Игра окончена",
    wins: "Побеждает {names}!", share: "Победу делят {names}!", points: "баллов",
    download: "Скачать запись", replay: "Просмотр", back: "Назад", next: "Дальше",
    london: "Бывали ли вы в Лондоне?", yes: "Да", no: "Нет",
    chainPrompt: "Ваша цепочка: слова по порядку, каждое начинается с последней буквы предыдущего (~ — Синкопа)",
    submitChain: "Сдать цепочку", yourWords: "Ваши слова", bestChain: "Лучшая цепочка",
    chain: "Цепочка", compose: "Составить", composeHint: "Слова из ваших букв (кіт вода)",
    stop: "Хватит", playChaos: "Сыграть «Хаос»", playExchange: "Сыграть «Обмен»",
    pickGive: "Выберите свою карточку, которую отдаёте", pickTake: "Теперь выберите карточку, которую берёте",
    cancel: "Отмена", hand: "Карточки", words: "Слова", flipsLeft: "Ещё открыть: {n}",
    speak: "Озвучить", level: "Уровень", passDevice: "Передайте устройство: {name}", ready: "Я — {name}",
    notFound: "Такой комнаты нет.", held: "карточек на руках", turnTimer: "Секунд на ход (пусто — без таймера)",
    syncopeCard: "Синкопа", polysemyCard: "Полисемия", chaosCard: "Хаос", exchangeCard: "Обмен",
    houseRules: "Домашние правила",
  },
};

export function chosenLanguage() {
  const kept = localStorage.getItem("igroteka.lang");
  if (kept && STRINGS[kept]) return kept;
  for (const wanted of navigator.languages || [navigator.language || "en"]) {
    const code = wanted.slice(0, 2).toLowerCase();
    if (STRINGS[code]) return code;
  }
  return "en";
}

let current = chosenLanguage();

export function setLanguage(code) {
  if (!STRINGS[code]) return;
  current = code;
  localStorage.setItem("igroteka.lang", code);
  document.documentElement.lang = code;
}

export function language() {
  return current;
}

/** Whether there is a string for ``key`` (in English at least). */
export function has(key) {
  return key in STRINGS.en;
}

export function t(key, values = {}) {
  const text = STRINGS[current][key] ?? STRINGS.en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, name) => values[name] ?? "");
}
