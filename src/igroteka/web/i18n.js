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
    addPictures: "Add pictures (PNG, JPEG, WebP): ", uploading: "Uploading {name}…",
    picturesAdded: "Pictures added: {n}. Write each one's words after its colon.",
    // the crossword
    cwBoard: "The board", cwType: "Type the letters to lay", cwRack: "Your tiles", cwWordCell: "word", cwLetterCell: "letter",
    cwWordShort: "W", cwLetterShort: "L", cwWord3: "×3 word", cwWord2: "×2 word",
    cwLetter3: "×3 letter", cwLetter2: "×2 letter", cwBlankTile: "a blank (scores 0)",
    cwLastPlay: "the last play", cwBlankAsk: "Which letter does the blank stand for?",
    cwHint: "Drag a tile to a cell, or tap a tile then a cell; or tap a cell (again: down) and type",
    cwPlay: "Play", cwRecall: "Recall", cwShuffle: "Shuffle", cwExchange: "Exchange", cwPass: "Pass",
    cwChooseExchange: "Choose the tiles to change", cwExchangeN: "Change {n}",
    cwBagHolds: "The bag holds only {n}: change that many at most",
    cwBagEmpty: "The bag is empty: you may pass, not change tiles", cwPassSure: "Pass the turn?",
    cwTotal: "Total", cwBonus: "Bonus for all the tiles",
    cwCentre: "The first word must cover the centre cell H8", cwTwoLetters: "The first word needs at least two letters",
    cwCling: "Every new word must cling to the letters already on the board",
    cwNoWord: "The tiles make no word of two letters or more", cwNoTile: "There is no {letter} and no blank on your rack",
    cwTilesHeld: "{n} tiles", cwBag: "In the bag: {n}", cwRound: "round {n}", cwLog: "Score sheet",
    cwExchanged: "changed {n} tiles", cwPassed: "passed", cwUnseen: "Tiles not seen yet: {n}",
    cwPlayed: "{n} played", cwLeft: "left {tiles} (−{n})",
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
    addPictures: "Додати картинки (PNG, JPEG, WebP): ", uploading: "Завантажую {name}…",
    picturesAdded: "Додано картинок: {n}. Напишіть слова кожної після її двокрапки.",
    // the crossword
    cwBoard: "Поле", cwType: "Друкуйте літери", cwRack: "Ваші фішки", cwWordCell: "слово", cwLetterCell: "літера",
    cwWordShort: "С", cwLetterShort: "Л", cwWord3: "×3 слово", cwWord2: "×2 слово",
    cwLetter3: "×3 літера", cwLetter2: "×2 літера", cwBlankTile: "зірочка (0 балів)",
    cwLastPlay: "останній хід", cwBlankAsk: "Яку літеру означає зірочка?",
    cwHint: "Перетягніть фішку на клітинку або торкніться фішки, потім клітинки; чи торкніться клітинки (ще раз — униз) і друкуйте",
    cwPlay: "Походити", cwRecall: "Забрати", cwShuffle: "Перемішати", cwExchange: "Міняю", cwPass: "Пропустити",
    cwChooseExchange: "Оберіть фішки для обміну", cwExchangeN: "Поміняти {n}",
    cwBagHolds: "У мішечку лише {n}: міняйте не більше",
    cwBagEmpty: "Мішечок порожній: можна пропустити хід, але не міняти фішки", cwPassSure: "Пропустити хід?",
    cwTotal: "Разом", cwBonus: "Бонус за всі фішки",
    cwCentre: "Перше слово має пройти через центральну клітинку H8", cwTwoLetters: "Перше слово — щонайменше дві літери",
    cwCling: "Кожне нове слово має чіплятися за літери на полі",
    cwNoWord: "Фішки не складають слова з двох літер чи більше", cwNoTile: "На підставці немає ні {letter}, ні зірочки",
    cwTilesHeld: "фішок: {n}", cwBag: "У мішечку: {n}", cwRound: "коло {n}", cwLog: "Запис ходів",
    cwExchanged: "поміняно фішок: {n}", cwPassed: "пропуск", cwUnseen: "Ще не бачені фішки: {n}",
    cwPlayed: "набрано {n}", cwLeft: "лишилося {tiles} (−{n})",
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
    addPictures: "Добавить картинки (PNG, JPEG, WebP): ", uploading: "Загружаю {name}…",
    picturesAdded: "Добавлено картинок: {n}. Напишите слова каждой после её двоеточия.",
    // the crossword
    cwBoard: "Поле", cwType: "Печатайте буквы", cwRack: "Ваши фишки", cwWordCell: "слово", cwLetterCell: "буква",
    cwWordShort: "С", cwLetterShort: "Б", cwWord3: "×3 слово", cwWord2: "×2 слово",
    cwLetter3: "×3 буква", cwLetter2: "×2 буква", cwBlankTile: "звёздочка (0 очков)",
    cwLastPlay: "последний ход", cwBlankAsk: "Какую букву означает звёздочка?",
    cwHint: "Перетащите фишку на клетку или нажмите фишку, затем клетку; или нажмите клетку (ещё раз — вниз) и печатайте",
    cwPlay: "Сходить", cwRecall: "Убрать", cwShuffle: "Перемешать", cwExchange: "Меняю", cwPass: "Пропустить",
    cwChooseExchange: "Выберите фишки для обмена", cwExchangeN: "Поменять {n}",
    cwBagHolds: "В мешочке только {n}: меняйте не больше",
    cwBagEmpty: "Мешочек пуст: можно пропустить ход, но не менять фишки", cwPassSure: "Пропустить ход?",
    cwTotal: "Итого", cwBonus: "Бонус за все фишки",
    cwCentre: "Первое слово должно пройти через центральную клетку H8", cwTwoLetters: "Первое слово — не меньше двух букв",
    cwCling: "Каждое новое слово должно цепляться за буквы на поле",
    cwNoWord: "Фишки не составляют слова из двух букв или больше", cwNoTile: "На подставке нет ни {letter}, ни звёздочки",
    cwTilesHeld: "фишек: {n}", cwBag: "В мешочке: {n}", cwRound: "круг {n}", cwLog: "Запись ходов",
    cwExchanged: "поменяно фишек: {n}", cwPassed: "пропуск", cwUnseen: "Ещё не виденные фишки: {n}",
    cwPlayed: "набрано {n}", cwLeft: "осталось {tiles} (−{n})",
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
