// UI strings in Ukrainian, Russian and English. The language is the one chosen, kept in the
// browser, or else the browser's own; English when it is none of the three.
//
// Here are the page's own strings; a game's are in its package (games/<name>/web/strings.js),
// added by games.js through addStrings when it loads the game's renderer.

const STRINGS = {
  en: {
    // the lobby and the room's people (issue 17, points 5 and 6)
    openRooms: "Open rooms", noOpenRooms: "No open room right now: make one below", joinRoom: "Join",
    seatsTaken: "{taken} of {players} seats taken", agoNow: "just now", agoMinutes: "{n} min ago", agoHours: "{n} h ago",
    privateRoom: "Private: only people with the link can join", chooseGame: "Choose a game",
    roomSettings: "Settings", timerSeconds: "{n} s a move", noTimer: "No turn timer", privateShown: "private room",
    botName: "Bot ({level})", levelRandom: "random", levelEasy: "easy", levelMedium: "medium", levelHard: "hard",
    avatar: "Avatar", react: "Reactions", turnNotice: "Sound and tab title on my turn", yourTurnTitle: "● Your turn — Igroteka",
    moveSeat: "Move to another device", moveLink: "Open this link (or scan the code) on the other device, once, within {n} minutes:",
    moving: "Taking the seat moved here…", playAgain: "Play again", joinRematch: "Join the rematch", newGameButton: "New game",
    newGame: "New game", game: "Game", players: "Players", create: "Create the room",
    invite: "Invite link", copy: "Copy", copied: "Copied",
    seat: "Seat", open: "open", yourName: "Your name", takeSeat: "Take the seat",
    addBot: "Add a bot", start: "Start the game", waiting: "Waiting for players…",
    creatorStarts: "Waiting for the room's creator to start the game", leaveSeat: "Leave this seat",
    freeSeat: "Free this seat", changeOptions: "Change the options", saveOptions: "Save the options",
    chosenSeed: "This room's shuffle was chosen by whoever made it: its layout may be known in advance",
    you: "you", turnOf: "{name}'s turn", yourTurn: "Your turn", spectator: "You are watching",
    reconnecting: "Connection lost: reconnecting…", over: "Game over",
    wins: "{names} wins!", share: "{names} share the victory!",
    download: "Download the record", replay: "Replay", back: "Back", next: "Next",
    yes: "Yes", no: "No", stop: "Stop", cancel: "Cancel", hand: "Cards", words: "Words",
    speak: "Speak", level: "Level", passDevice: "Pass the device to {name}", ready: "I am {name}",
    notFound: "There is no such room.", turnTimer: "Seconds for a move (empty: no timer)",
    houseRules: "House rules",
    // first visit and the invite (issue 27, point 3)
    playBots: "▶ Play against bots now", botsPlayerName: "Player",
    languageLine: "Language: {langs}", or: "or", language: "Language",
    langEn: "English", langUk: "Ukrainian", langRu: "Russian",
    languageOnly: "Language: {lang} only", languageChosen: "Language: {lang}. You can choose another in “{field}”.",
    languageOwn: "Language: that of your own words", noPageLanguage: "This game has no English words.",
    inviteQr: "QR code of the invite link", inviteScan: "Scan it with a phone's camera to join",
    inviteHereOnly: "This link only works on this computer: nobody else can open it. To let others on your network join, start the server with “igroteka serve --host 0.0.0.0” and open the address it prints (or give the site's address with --public-url).",
    startTakeSeat: "Take a seat first, or fill every seat with players and bots (open: {n})",
    startOpenSeats: "Waiting for more players: invite them with the link, or add bots (open seats: {n})",
    // how to play (guide.js)
    howToPlay: "How to play", howToPlayGame: "How to play: {game}", close: "Close",
    guideStep: "{n} of {of}", guideDone: "Got it",
    addPictures: "Add pictures (PNG, JPEG, WebP): ", uploading: "Uploading {name}…",
    picturesAdded: "Pictures added: {n}. Write each one's words after its colon.",
    // the table by keyboard and screen reader (table.js)
    tableCards: "The table: {n} cards", tableKeys: "Arrows move between the cards, a card's number jumps to it, Enter turns it up",
    cardDown: "card {n}, face down", cardUp: "card {n}: {face}",
    yourCards: "Your cards", cardsOf: "{name}'s cards",
    // the banner and the move log (web/narration.js)
    nrWaitingFor: "Waiting for", nrHoldsDevice: "{name} holds the device", nrMoveLog: "Moves",
    nrNewRule: "New rule:", nrDismiss: "Got it", nrPlay: "Play", nrPause: "Pause",
    // the phone table (issue 27, point 2): the hand-over
    passDone: "Just now:",
    // the server starting or out of reach, and the dictionaries still prepared (issue 39)
    serverStarting: "The server is starting", serverUnreachable: "Cannot reach the server",
    serverStartingHelp: "This page opens by itself as soon as the server is ready: there is no need to reload it.",
    serverUnreachableHelp: "Check the connection, or that the server is running. This page opens by itself as soon as the server answers: there is no need to reload it.",
    serverSaysHelp: "This page tries again by itself and opens as soon as the server can show it.",
    tryingAgain: "trying again in {n} s", tryingNow: "trying now…", tryNow: "Try now",
    noAnswer: "Cannot reach the server: check the connection and try again in a moment",
    roomsOutOfDate: "Cannot reach the server: the open rooms shown may be out of date. They are updated by themselves as soon as it answers.",
    dictWaiting: "the dictionary is waiting its turn to be prepared", dictPreparing: "preparing the dictionary, {percent}%",
    dictFailed: "the dictionary cannot be prepared", dictCard: "{game}, {lang}: {state}", dictCardOther: "{lang}: {state}",
    dictReadyToo: "Ready to play now: {langs}",
    dictForm: "{game} ({lang}) can be created as soon as its dictionary is ready: {state}. The button turns on by itself: there is no need to reload the page.",
    dictFormFailed: "{game} ({lang}) cannot be played on this server: {reason}.",
    dictFormOther: "You can play in {langs} now: choose it in “{field}”.",
    dictReadyNow: "Dictionary ready ({lang}): its word games can be played now",
    tableConnecting: "Opening the table…", tableOpensItself: "The table opens by itself as soon as it is ready: there is no need to reload the page.",
  },
  uk: {
    openRooms: "Відкриті кімнати", noOpenRooms: "Зараз відкритих кімнат немає: створіть свою нижче", joinRoom: "Приєднатися",
    seatsTaken: "зайнято {taken} з {players} місць", agoNow: "щойно", agoMinutes: "{n} хв тому", agoHours: "{n} год тому",
    privateRoom: "Приватна: приєднатися можна лише за посиланням", chooseGame: "Оберіть гру",
    roomSettings: "Налаштування", timerSeconds: "{n} с на хід", noTimer: "Без обмеження часу на хід", privateShown: "приватна кімната",
    botName: "Бот ({level})", levelRandom: "випадковий", levelEasy: "легкий", levelMedium: "середній", levelHard: "складний",
    avatar: "Аватар", react: "Реакції", turnNotice: "Звук і назва вкладки, коли мій хід", yourTurnTitle: "● Ваш хід — Igroteka",
    moveSeat: "Перенести на інший пристрій", moveLink: "Відкрийте це посилання (або зіскануйте код) на іншому пристрої, один раз, протягом {n} хв:",
    moving: "Займаємо перенесене місце…", playAgain: "Зіграти ще", joinRematch: "Приєднатися до нової гри", newGameButton: "Нова гра",
    newGame: "Нова гра", game: "Гра", players: "Гравці", create: "Створити кімнату",
    invite: "Посилання-запрошення", copy: "Копіювати", copied: "Скопійовано",
    seat: "Місце", open: "вільне", yourName: "Ваше ім’я", takeSeat: "Зайняти місце",
    addBot: "Додати бота", start: "Почати гру", waiting: "Чекаємо на гравців…",
    creatorStarts: "Чекаємо, поки той, хто створив кімнату, почне гру", leaveSeat: "Звільнити своє місце",
    freeSeat: "Звільнити це місце", changeOptions: "Змінити налаштування", saveOptions: "Зберегти налаштування",
    chosenSeed: "Тасування в цій кімнаті вибрав той, хто її створив: розклад може бути відомий заздалегідь",
    you: "ви", turnOf: "Хід: {name}", yourTurn: "Ваш хід", spectator: "Ви спостерігаєте",
    reconnecting: "Зв’язок утрачено: перепідключаємося…", over: "Гру закінчено",
    wins: "Перемагає {names}!", share: "Перемогу ділять {names}!",
    download: "Завантажити запис", replay: "Перегляд", back: "Назад", next: "Далі",
    yes: "Так", no: "Ні", stop: "Досить", cancel: "Скасувати", hand: "Картки", words: "Слова",
    speak: "Озвучити", level: "Рівень", passDevice: "Передайте пристрій: {name}", ready: "Я — {name}",
    notFound: "Такої кімнати немає.", turnTimer: "Секунд на хід (порожньо — без таймера)",
    houseRules: "Домашні правила",
    playBots: "▶ Грати з ботами зараз", botsPlayerName: "Гравець",
    languageLine: "Мова: {langs}", or: "або", language: "Мова",
    langEn: "англійська", langUk: "українська", langRu: "російська",
    languageOnly: "Мова: лише {lang}", languageChosen: "Мова: {lang}. Іншу можна обрати в полі «{field}».",
    languageOwn: "Мова: та, якою написані ваші слова", noPageLanguage: "У цій грі немає українських слів.",
    inviteQr: "QR-код посилання-запрошення", inviteScan: "Зіскануйте його камерою телефона, щоб приєднатися",
    inviteHereOnly: "Це посилання працює лише на цьому комп’ютері: ніхто інший його не відкриє. Щоб приєдналися інші у вашій мережі, запустіть сервер командою «igroteka serve --host 0.0.0.0» і відкрийте адресу, яку вона надрукує (або вкажіть адресу сайту через --public-url).",
    startTakeSeat: "Спершу займіть місце або заповніть усі місця гравцями й ботами (вільних: {n})",
    startOpenSeats: "Чекаємо інших гравців: запросіть їх за посиланням або додайте ботів (вільних місць: {n})",
    // як грати (guide.js)
    howToPlay: "Як грати", howToPlayGame: "Як грати: {game}", close: "Закрити",
    guideStep: "{n} з {of}", guideDone: "Зрозуміло",
    addPictures: "Додати картинки (PNG, JPEG, WebP): ", uploading: "Завантажую {name}…",
    picturesAdded: "Додано картинок: {n}. Напишіть слова кожної після її двокрапки.",
    // the table by keyboard and screen reader (table.js)
    tableCards: "Стіл: карток {n}", tableKeys: "Стрілки переходять між картками, номер картки веде до неї, Enter відкриває її",
    cardDown: "картка {n}, закрита", cardUp: "картка {n}: {face}",
    yourCards: "Ваші картки", cardsOf: "Картки: {name}",
    // the banner and the move log (web/narration.js)
    nrWaitingFor: "Чекаємо:", nrHoldsDevice: "Пристрій у руках: {name}", nrMoveLog: "Ходи",
    nrNewRule: "Нове правило:", nrDismiss: "Зрозуміло", nrPlay: "Відтворити", nrPause: "Пауза",
    // the phone table (issue 27, point 2): the hand-over
    passDone: "Щойно:",
    // сервер запускається або недосяжний, словники ще готуються (issue 39)
    serverStarting: "Сервер запускається", serverUnreachable: "Не вдається зв’язатися із сервером",
    serverStartingHelp: "Ця сторінка відкриється сама, щойно сервер буде готовий: перезавантажувати її не треба.",
    serverUnreachableHelp: "Перевірте з’єднання або чи запущено сервер. Ця сторінка відкриється сама, щойно сервер відповість: перезавантажувати її не треба.",
    serverSaysHelp: "Ця сторінка сама спробує ще раз і відкриється, щойно сервер зможе її показати.",
    tryingAgain: "пробуємо знову через {n} с", tryingNow: "пробуємо…", tryNow: "Спробувати зараз",
    noAnswer: "Не вдається зв’язатися із сервером: перевірте з’єднання й спробуйте ще раз за мить",
    roomsOutOfDate: "Не вдається зв’язатися із сервером: список відкритих кімнат може бути застарілим. Він оновиться сам, щойно сервер відповість.",
    dictWaiting: "словник чекає своєї черги на підготовку", dictPreparing: "готуємо словник, {percent}%",
    dictFailed: "словник не вдається підготувати", dictCard: "{game}, {lang}: {state}", dictCardOther: "{lang}: {state}",
    dictReadyToo: "Уже можна грати: {langs}",
    dictForm: "«{game}» ({lang}) можна буде створити, щойно буде готовий словник: {state}. Кнопка ввімкнеться сама: перезавантажувати сторінку не треба.",
    dictFormFailed: "У «{game}» ({lang}) не можна грати на цьому сервері: {reason}.",
    dictFormOther: "Уже можна грати такою мовою: {langs}. Її можна обрати в полі «{field}».",
    dictReadyNow: "Словник готовий ({lang}): у його ігри зі словами вже можна грати",
    tableConnecting: "Відкриваємо стіл…", tableOpensItself: "Стіл відкриється сам, щойно буде готовий: перезавантажувати сторінку не треба.",
  },
  ru: {
    openRooms: "Открытые комнаты", noOpenRooms: "Сейчас открытых комнат нет: создайте свою ниже", joinRoom: "Присоединиться",
    seatsTaken: "занято {taken} из {players} мест", agoNow: "только что", agoMinutes: "{n} мин назад", agoHours: "{n} ч назад",
    privateRoom: "Приватная: присоединиться можно только по ссылке", chooseGame: "Выберите игру",
    roomSettings: "Настройки", timerSeconds: "{n} с на ход", noTimer: "Без ограничения времени на ход", privateShown: "приватная комната",
    botName: "Бот ({level})", levelRandom: "случайный", levelEasy: "лёгкий", levelMedium: "средний", levelHard: "сложный",
    avatar: "Аватар", react: "Реакции", turnNotice: "Звук и название вкладки, когда мой ход", yourTurnTitle: "● Ваш ход — Igroteka",
    moveSeat: "Перенести на другое устройство", moveLink: "Откройте эту ссылку (или отсканируйте код) на другом устройстве, один раз, в течение {n} мин:",
    moving: "Занимаем перенесённое место…", playAgain: "Сыграть ещё", joinRematch: "Присоединиться к новой игре", newGameButton: "Новая игра",
    newGame: "Новая игра", game: "Игра", players: "Игроки", create: "Создать комнату",
    invite: "Ссылка-приглашение", copy: "Копировать", copied: "Скопировано",
    seat: "Место", open: "свободно", yourName: "Ваше имя", takeSeat: "Занять место",
    addBot: "Добавить бота", start: "Начать игру", waiting: "Ждём игроков…",
    creatorStarts: "Ждём, пока тот, кто создал комнату, начнёт игру", leaveSeat: "Освободить своё место",
    freeSeat: "Освободить это место", changeOptions: "Изменить настройки", saveOptions: "Сохранить настройки",
    chosenSeed: "Тасовку в этой комнате выбрал тот, кто её создал: расклад может быть известен заранее",
    you: "вы", turnOf: "Ход: {name}", yourTurn: "Ваш ход", spectator: "Вы наблюдаете",
    reconnecting: "Связь потеряна: переподключаемся…", over: "Игра окончена",
    wins: "Побеждает {names}!", share: "Победу делят {names}!",
    download: "Скачать запись", replay: "Просмотр", back: "Назад", next: "Дальше",
    yes: "Да", no: "Нет", stop: "Хватит", cancel: "Отмена", hand: "Карточки", words: "Слова",
    speak: "Озвучить", level: "Уровень", passDevice: "Передайте устройство: {name}", ready: "Я — {name}",
    notFound: "Такой комнаты нет.", turnTimer: "Секунд на ход (пусто — без таймера)",
    houseRules: "Домашние правила",
    playBots: "▶ Играть с ботами сейчас", botsPlayerName: "Игрок",
    languageLine: "Язык: {langs}", or: "или", language: "Язык",
    langEn: "английский", langUk: "украинский", langRu: "русский",
    languageOnly: "Язык: только {lang}", languageChosen: "Язык: {lang}. Другой можно выбрать в поле «{field}».",
    languageOwn: "Язык: тот, на котором написаны ваши слова", noPageLanguage: "В этой игре нет русских слов.",
    inviteQr: "QR-код ссылки-приглашения", inviteScan: "Отсканируйте его камерой телефона, чтобы присоединиться",
    inviteHereOnly: "Эта ссылка работает только на этом компьютере: никто другой её не откроет. Чтобы присоединились другие в вашей сети, запустите сервер командой «igroteka serve --host 0.0.0.0» и откройте адрес, который она напечатает (или укажите адрес сайта через --public-url).",
    startTakeSeat: "Сначала займите место или заполните все места игроками и ботами (свободно: {n})",
    startOpenSeats: "Ждём других игроков: пригласите их по ссылке или добавьте ботов (свободных мест: {n})",
    // как играть (guide.js)
    howToPlay: "Как играть", howToPlayGame: "Как играть: {game}", close: "Закрыть",
    guideStep: "{n} из {of}", guideDone: "Понятно",
    addPictures: "Добавить картинки (PNG, JPEG, WebP): ", uploading: "Загружаю {name}…",
    picturesAdded: "Добавлено картинок: {n}. Напишите слова каждой после её двоеточия.",
    // the table by keyboard and screen reader (table.js)
    tableCards: "Стол: карточек {n}", tableKeys: "Стрелки переходят между карточками, номер карточки ведёт к ней, Enter открывает её",
    cardDown: "карточка {n}, закрыта", cardUp: "карточка {n}: {face}",
    yourCards: "Ваши карточки", cardsOf: "Карточки: {name}",
    // the banner and the move log (web/narration.js)
    nrWaitingFor: "Ждём:", nrHoldsDevice: "Устройство в руках: {name}", nrMoveLog: "Ходы",
    nrNewRule: "Новое правило:", nrDismiss: "Понятно", nrPlay: "Воспроизвести", nrPause: "Пауза",
    // the phone table (issue 27, point 2): the hand-over
    passDone: "Только что:",
    // сервер запускается или недоступен, словари ещё готовятся (issue 39)
    serverStarting: "Сервер запускается", serverUnreachable: "Не удаётся связаться с сервером",
    serverStartingHelp: "Эта страница откроется сама, как только сервер будет готов: перезагружать её не нужно.",
    serverUnreachableHelp: "Проверьте соединение или запущен ли сервер. Эта страница откроется сама, как только сервер ответит: перезагружать её не нужно.",
    serverSaysHelp: "Эта страница сама попробует ещё раз и откроется, как только сервер сможет её показать.",
    tryingAgain: "пробуем снова через {n} с", tryingNow: "пробуем…", tryNow: "Попробовать сейчас",
    noAnswer: "Не удаётся связаться с сервером: проверьте соединение и попробуйте ещё раз через минуту",
    roomsOutOfDate: "Не удаётся связаться с сервером: список открытых комнат может быть устаревшим. Он обновится сам, как только сервер ответит.",
    dictWaiting: "словарь ждёт своей очереди на подготовку", dictPreparing: "готовим словарь, {percent}%",
    dictFailed: "словарь не удаётся подготовить", dictCard: "{game}, {lang}: {state}", dictCardOther: "{lang}: {state}",
    dictReadyToo: "Уже можно играть: {langs}",
    dictForm: "«{game}» ({lang}) можно будет создать, как только будет готов словарь: {state}. Кнопка включится сама: перезагружать страницу не нужно.",
    dictFormFailed: "В «{game}» ({lang}) нельзя играть на этом сервере: {reason}.",
    dictFormOther: "Уже можно играть на таком языке: {langs}. Его можно выбрать в поле «{field}».",
    dictReadyNow: "Словарь готов ({lang}): в его игры со словами уже можно играть",
    tableConnecting: "Открываем стол…", tableOpensItself: "Стол откроется сам, как только будет готов: перезагружать страницу не нужно.",
  },
};

/** The language of the page: the one chosen and kept, else the browser's first of uk, ru, en
 * (English where there is no browser: a test). @returns {string} */
export function chosenLanguage() {
  const kept = typeof localStorage === "undefined" ? null : localStorage.getItem("igroteka.lang");
  if (kept && STRINGS[kept]) return kept;
  if (typeof navigator === "undefined") return "en";
  for (const wanted of navigator.languages || [navigator.language || "en"]) {
    const code = wanted.slice(0, 2).toLowerCase();
    if (STRINGS[code]) return code;
  }
  return "en";
}

let current = chosenLanguage();

/** @param {string} code */
export function setLanguage(code) {
  if (!STRINGS[code]) return;
  current = code;
  localStorage.setItem("igroteka.lang", code);
  document.documentElement.lang = code;
}

export function language() {
  return current;
}

/** Add a game's strings ({en, uk, ru}: each a key's text) to the page's. A key is one game's
 * or the page's: a key already there with another text is refused, the same text again is
 * nothing new (a renderer loaded twice), and a language the page does not speak is left out.
 * @param {Record<string, Record<string, string>>} strings */
export function addStrings(strings) {
  const clash = Object.entries(strings).flatMap(([code, texts]) =>
    Object.entries(texts).filter(([key, text]) => key in (STRINGS[code] ?? {}) && STRINGS[code][key] !== text).map(([key]) => key),
  );
  if (clash.length) throw new Error(`strings already said otherwise: ${clash.join(", ")}`);
  for (const [code, texts] of Object.entries(strings)) {
    if (STRINGS[code]) Object.assign(STRINGS[code], texts);
  }
}

/** Whether there is a string for ``key`` (in English at least). @param {string} key */
export function has(key) {
  return key in STRINGS.en;
}

/** A bot's name in the page's language: "Bot (easy)", "Бот (легкий)"; a level without a
 * string (a test game's own) is shown as it is. */
/** @param {string} level */
export function botName(level) {
  return t("botName", { level: levelName(level) });
}

/** A language's name in the page's language ("uk": "Ukrainian", "українська"). */
/** @param {string} code */
export function languageName(code) {
  const key = `lang${code.charAt(0).toUpperCase()}${code.slice(1)}`;
  return has(key) ? t(key) : code;
}

/** A bot level's name in the page's language. */
/** @param {string} level */
export function levelName(level) {
  const key = `level${level.charAt(0).toUpperCase()}${level.slice(1)}`;
  return has(key) ? t(key) : level;
}

/** A UI string in the page's language (else English, else the key itself), each `{field}`
 * filled from `values` (a field without a value: empty).
 * @type {import("./types.js").T} */
export function t(key, values = {}) {
  const text = STRINGS[current][key] ?? STRINGS.en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, name) => values[name] ?? "");
}
