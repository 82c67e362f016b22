// UI strings in Ukrainian, Russian and English. The language is the one chosen, kept in the
// browser, or else the browser's own; English when it is none of the three.

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
    wins: "{names} wins!", share: "{names} share the victory!", points: "points",
    download: "Download the record", replay: "Replay", back: "Back", next: "Next",
    london: "Have you ever been to London?", yes: "Yes", no: "No",
    chainPrompt: "Tap your words in order: each word starts with the last letter of the one before. After a Syncope, the next word may start with any letter of the word before it.",
    chainEmpty: "Tap a word to start your chain", undoLink: "Undo", clearChain: "Clear",
    submitChain: "Submit the chain", yourWords: "Your words", bestChain: "Best chain",
    chain: "Chain", compose: "Compose", composeHint: "Words from your letters (кіт вода)",
    stop: "Stop", playChaos: "Play Chaos", playExchange: "Play Exchange",
    pickGive: "Choose a card of yours to give", pickTake: "Now choose a card to take",
    cancel: "Cancel", hand: "Cards", words: "Words", flipsLeft: "{n} to turn up",
    speak: "Speak", level: "Level", passDevice: "Pass the device to {name}", ready: "I am {name}",
    notFound: "There is no such room.", held: "cards held", turnTimer: "Seconds for a move (empty: no timer)",
    syncopeCard: "Syncope", polysemyCard: "Polysemy", chaosCard: "Chaos", exchangeCard: "Exchange",
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
    // the association game
    asRound: "Round {n}", asStoryteller: "storyteller", asClue: "Clue", asSaidAloud: "(said aloud at the table)",
    asFormAsked: "This cell asks for {form}",
    asFormQuestion: "a question: end it with a question mark",
    asFormFourWords: "exactly four words",
    asFormLove: "a clue that begins “What I love most…”",
    asFormStory: "a short story (the others will say whether it is one)",
    asCellQuestion: "a question", asCellFourWords: "four words", asCellLove: "“What I love most…”", asCellStory: "a story",
    asHintOver: "The game is over: the results are below",
    asHintWatch: "You are watching: the hands are hidden",
    asHintSent: "Sent: waiting for the table…",
    asHintWaitTell: "{name} is thinking of a clue. Tap a card of yours to see it big",
    asHintTell: "Tap the card of your hand your clue is for",
    asHintTellTwo: "Tap the card your clue is for, then four more to lay with it",
    asHintTellMore: "Now tap {n} more cards to lay with it",
    asHintTellClue: "Type your clue (a word, a phrase, a song…) and press Tell, or tick “said aloud”",
    asHintConfirm: "Answer for yourself: the cell asks for {form}",
    asHintWaitConfirm: "The others are saying whether the clue has the form asked",
    asHintTellerWaits: "The others are laying cards for your clue; you do not vote",
    asHintLay: "Tap the card of your hand that fits the clue best, then Lay it",
    asHintLayTwo: "Tap two cards of your hand that fit the clue, then Lay them",
    asHintLaid: "Your card is laid; the others are still choosing",
    asHintTellerVote: "The others are looking for your card among theirs",
    asHintVote: "Tap the card you take for {name}'s, then Vote. Your own card cannot be chosen",
    asHintVoteTwo: "Tap up to three of {name}'s cards in order: token 1 on your best guess (2 steps if right), token 2 (1 step), token 3",
    asHintVoted: "Your vote is in; the others are still voting",
    asCard: "a card", asCardN: "card {n}", asChoose: "Choose this card", asPutBack: "Put it back", asEnlarge: "See it big",
    asClose: "Close", asFaceDown: "a card face down", asYourCard: "your card", asClued: "clued",
    asTable: "The table", asTableEmpty: "The storyteller's card will lie here", asTableWaiting: "No card is laid yet",
    asHand: "Your cards", asToken: "token", asPutToken: "Put my token here", asTakeToken: "Take my token back",
    asRevealOf: "Round {n} turned over",
    asFormRefused: "The others said the clue lacked the form asked: the storyteller does not move.",
    asMoves: "Moves", asNoMoves: "nobody moves", asPutAway: "Put away", asShowLast: "Show the last round",
    asFoundNobody: "Nobody found the storyteller's card", asFoundAll: "Everyone found the storyteller's card",
    asFoundBy: "Found by {names}", asTokenOnIt: "{name}'s token {n} was on it", asFoundCount: "found by {n}",
    asYourClue: "Your clue", asCluePlaceholder: "Your association: a word, a phrase, a song…",
    asCluePlaceholderForm: "Your clue: {form}", asTell: "Tell", asAloud: "I said it aloud at the table",
    asAloudForm: "The others will say whether what you said has the form asked",
    asConfirmAsk: "Has {name}'s clue the form asked, {form}?", asYes: "Yes, it has", asNo: "No",
    asLay: "Lay it", asLayTwo: "Lay them", asChosenOf: "chosen: {n} of {of}", asVote: "Vote",
    asTokensOn: "your tokens on: {numbers}", asNoToken: "tap a card to put your token on it",
    asAnswered: "answered", asLaid: "laid", asVoted: "voted", asTelling: "telling", asTells: "told the clue",
    asChoosing: "choosing…", asSteps: "steps: {n}", asTrack: "The track", asGoal: "goal: {n} steps",
    asLog: "What happened", asLogTeller: "{name} tells", asResultLine: "on cell {cell}", asPlayedRounds: "Rounds played: {n}",
    // the table by keyboard and screen reader (games/table.js)
    tableCards: "The table: {n} cards", tableKeys: "Arrows move between the cards, a card's number jumps to it, Enter turns it up",
    cardDown: "card {n}, face down", cardUp: "card {n}: {face}", letterCard: "{letter}, worth {points}, {colour}",
    blue: "blue", yellow: "yellow", red: "red", green: "green", yourCards: "Your cards", cardsOf: "{name}'s cards",
    pictureOf: "picture: {text}", collected: "Collected",
    // the banner and the move log (web/narration.js)
    nrWaitingFor: "Waiting for", nrHoldsDevice: "{name} holds the device", nrMoveLog: "Moves",
    nrNewRule: "New rule:", nrDismiss: "Got it", nrPlay: "Play", nrPause: "Pause",
    // the phone table (issue 27, point 2): the crossword's zoom and check, the hand-over
    passDone: "Just now:", cwWhole: "Whole board", cwZoomIn: "Zoom in", cwZoomHint: "Tap the board to zoom in there",
    cwChecking: "Checking the words…", cwRefused: "Not accepted:",
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
    wins: "Перемагає {names}!", share: "Перемогу ділять {names}!", points: "балів",
    download: "Завантажити запис", replay: "Перегляд", back: "Назад", next: "Далі",
    london: "Чи бували ви в Лондоні?", yes: "Так", no: "Ні",
    chainPrompt: "Торкайтеся своїх слів по черзі: кожне починається з останньої літери попереднього. Після Синкопи наступне слово може починатися з будь-якої літери попереднього.",
    chainEmpty: "Торкніться слова, щоб почати ланцюжок", undoLink: "Скасувати", clearChain: "Очистити",
    submitChain: "Здати ланцюжок", yourWords: "Ваші слова", bestChain: "Найкращий ланцюжок",
    chain: "Ланцюжок", compose: "Скласти", composeHint: "Слова з ваших літер (кіт вода)",
    stop: "Досить", playChaos: "Зіграти «Хаос»", playExchange: "Зіграти «Обмін»",
    pickGive: "Оберіть свою картку, яку віддаєте", pickTake: "Тепер оберіть картку, яку берете",
    cancel: "Скасувати", hand: "Картки", words: "Слова", flipsLeft: "Ще відкрити: {n}",
    speak: "Озвучити", level: "Рівень", passDevice: "Передайте пристрій: {name}", ready: "Я — {name}",
    notFound: "Такої кімнати немає.", held: "карток на руках", turnTimer: "Секунд на хід (порожньо — без таймера)",
    syncopeCard: "Синкопа", polysemyCard: "Полісемія", chaosCard: "Хаос", exchangeCard: "Обмін",
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
    // the association game
    asRound: "Раунд {n}", asStoryteller: "ведучий", asClue: "Асоціація", asSaidAloud: "(сказано вголос за столом)",
    asFormAsked: "Ця клітинка вимагає: {form}",
    asFormQuestion: "питання (наприкінці — знак питання)",
    asFormFourWords: "рівно чотири слова",
    asFormLove: "асоціацію, що починається словами «Найбільше я люблю…»",
    asFormStory: "коротку історію (інші скажуть, чи це історія)",
    asCellQuestion: "питання", asCellFourWords: "чотири слова", asCellLove: "«Найбільше я люблю…»", asCellStory: "історія",
    asHintOver: "Гру закінчено: підсумки нижче",
    asHintWatch: "Ви спостерігаєте: картки на руках приховано",
    asHintSent: "Надіслано: чекаємо на стіл…",
    asHintWaitTell: "{name} вигадує асоціацію. Торкніться своєї картки, щоб роздивитися її",
    asHintTell: "Торкніться картки, до якої ваша асоціація",
    asHintTellTwo: "Торкніться картки, до якої асоціація, а тоді ще чотирьох, щоб покласти з нею",
    asHintTellMore: "Тепер торкніться ще стількох карток, щоб покласти з нею: {n}",
    asHintTellClue: "Напишіть асоціацію (слово, фразу, пісню…) і натисніть «Загадати» або позначте «вголос»",
    asHintConfirm: "Відповідайте самі: клітинка вимагає — {form}",
    asHintWaitConfirm: "Інші кажуть, чи має асоціація потрібну форму",
    asHintTellerWaits: "Інші кладуть картки до вашої асоціації; ви не голосуєте",
    asHintLay: "Торкніться картки, що найкраще пасує до асоціації, і покладіть її",
    asHintLayTwo: "Торкніться двох карток, що пасують до асоціації, і покладіть їх",
    asHintLaid: "Вашу картку покладено; інші ще обирають",
    asHintTellerVote: "Інші шукають вашу картку серед своїх",
    asHintVote: "Торкніться картки, яку вважаєте карткою ведучого ({name}), і голосуйте. За свою картку не можна",
    asHintVoteTwo: "Торкніться до трьох карток ведучого ({name}) по черзі: фішка 1 — найкраща здогадка (2 кроки, якщо влучно), фішка 2 (1 крок), фішка 3",
    asHintVoted: "Ваш голос є; інші ще голосують",
    asCard: "картка", asCardN: "картка {n}", asChoose: "Обрати цю картку", asPutBack: "Повернути", asEnlarge: "Збільшити",
    asClose: "Закрити", asFaceDown: "картка сорочкою догори", asYourCard: "ваша картка", asClued: "загадана",
    asTable: "Стіл", asTableEmpty: "Тут ляже картка ведучого", asTableWaiting: "Карток ще не покладено",
    asHand: "Ваші картки", asToken: "фішка", asPutToken: "Покласти сюди фішку", asTakeToken: "Забрати фішку",
    asRevealOf: "Раунд {n} відкрито",
    asFormRefused: "Інші сказали, що асоціація не має потрібної форми: ведучий не рухається.",
    asMoves: "Ходи", asNoMoves: "ніхто не рухається", asPutAway: "Сховати", asShowLast: "Показати минулий раунд",
    asFoundNobody: "Ніхто не вгадав картку ведучого", asFoundAll: "Усі вгадали картку ведучого",
    asFoundBy: "Вгадали: {names}", asTokenOnIt: "На ній фішка {n} гравця {name}", asFoundCount: "вгадали: {n}",
    asYourClue: "Ваша асоціація", asCluePlaceholder: "Ваша асоціація: слово, фраза, пісня…",
    asCluePlaceholderForm: "Асоціація: {form}", asTell: "Загадати", asAloud: "Я сказав(-ла) її вголос за столом",
    asAloudForm: "Інші скажуть, чи має сказане потрібну форму",
    asConfirmAsk: "Чи має асоціація гравця {name} потрібну форму — {form}?", asYes: "Так, має", asNo: "Ні",
    asLay: "Покласти", asLayTwo: "Покласти обидві", asChosenOf: "обрано: {n} з {of}", asVote: "Голосувати",
    asTokensOn: "ваші фішки на: {numbers}", asNoToken: "торкніться картки, щоб покласти на неї фішку",
    asAnswered: "відповів", asLaid: "поклав", asVoted: "проголосував", asTelling: "загадує", asTells: "загадав",
    asChoosing: "обирає…", asSteps: "кроків: {n}", asTrack: "Доріжка", asGoal: "до перемоги кроків: {n}",
    asLog: "Що було", asLogTeller: "веде {name}", asResultLine: "на клітинці {cell}", asPlayedRounds: "Зіграно раундів: {n}",
    // the table by keyboard and screen reader (games/table.js)
    tableCards: "Стіл: карток {n}", tableKeys: "Стрілки переходять між картками, номер картки веде до неї, Enter відкриває її",
    cardDown: "картка {n}, закрита", cardUp: "картка {n}: {face}", letterCard: "{letter}, вартість {points}, {colour}",
    blue: "синя", yellow: "жовта", red: "червона", green: "зелена", yourCards: "Ваші картки", cardsOf: "Картки: {name}",
    pictureOf: "картинка: {text}", collected: "Зібрано",
    // the banner and the move log (web/narration.js)
    nrWaitingFor: "Чекаємо:", nrHoldsDevice: "Пристрій у руках: {name}", nrMoveLog: "Ходи",
    nrNewRule: "Нове правило:", nrDismiss: "Зрозуміло", nrPlay: "Відтворити", nrPause: "Пауза",
    // the phone table (issue 27, point 2): the crossword's zoom and check, the hand-over
    passDone: "Щойно:", cwWhole: "Уся дошка", cwZoomIn: "Збільшити", cwZoomHint: "Торкніться дошки, щоб збільшити це місце",
    cwChecking: "Перевіряю слова…", cwRefused: "Не приймається:",
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
    wins: "Побеждает {names}!", share: "Победу делят {names}!", points: "баллов",
    download: "Скачать запись", replay: "Просмотр", back: "Назад", next: "Дальше",
    london: "Бывали ли вы в Лондоне?", yes: "Да", no: "Нет",
    chainPrompt: "Нажимайте на свои слова по порядку: каждое начинается с последней буквы предыдущего. После Синкопы следующее слово может начинаться с любой буквы предыдущего.",
    chainEmpty: "Нажмите на слово, чтобы начать цепочку", undoLink: "Отменить", clearChain: "Очистить",
    submitChain: "Сдать цепочку", yourWords: "Ваши слова", bestChain: "Лучшая цепочка",
    chain: "Цепочка", compose: "Составить", composeHint: "Слова из ваших букв (кіт вода)",
    stop: "Хватит", playChaos: "Сыграть «Хаос»", playExchange: "Сыграть «Обмен»",
    pickGive: "Выберите свою карточку, которую отдаёте", pickTake: "Теперь выберите карточку, которую берёте",
    cancel: "Отмена", hand: "Карточки", words: "Слова", flipsLeft: "Ещё открыть: {n}",
    speak: "Озвучить", level: "Уровень", passDevice: "Передайте устройство: {name}", ready: "Я — {name}",
    notFound: "Такой комнаты нет.", held: "карточек на руках", turnTimer: "Секунд на ход (пусто — без таймера)",
    syncopeCard: "Синкопа", polysemyCard: "Полисемия", chaosCard: "Хаос", exchangeCard: "Обмен",
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
    // the association game
    asRound: "Раунд {n}", asStoryteller: "ведущий", asClue: "Ассоциация", asSaidAloud: "(сказано вслух за столом)",
    asFormAsked: "Эта клетка требует: {form}",
    asFormQuestion: "вопрос (в конце — вопросительный знак)",
    asFormFourWords: "ровно четыре слова",
    asFormLove: "ассоциацию, которая начинается словами «Больше всего я люблю…»",
    asFormStory: "короткую историю (остальные скажут, история ли это)",
    asCellQuestion: "вопрос", asCellFourWords: "четыре слова", asCellLove: "«Больше всего я люблю…»", asCellStory: "история",
    asHintOver: "Игра окончена: итоги ниже",
    asHintWatch: "Вы наблюдаете: карточки на руках скрыты",
    asHintSent: "Отправлено: ждём стол…",
    asHintWaitTell: "{name} придумывает ассоциацию. Нажмите на свою карточку, чтобы рассмотреть её",
    asHintTell: "Нажмите на карточку, к которой ваша ассоциация",
    asHintTellTwo: "Нажмите на карточку, к которой ассоциация, а затем ещё на четыре, чтобы положить с ней",
    asHintTellMore: "Теперь нажмите ещё на столько карточек, чтобы положить с ней: {n}",
    asHintTellClue: "Напишите ассоциацию (слово, фразу, песню…) и нажмите «Загадать» или отметьте «вслух»",
    asHintConfirm: "Отвечайте сами: клетка требует — {form}",
    asHintWaitConfirm: "Остальные говорят, есть ли у ассоциации нужная форма",
    asHintTellerWaits: "Остальные кладут карточки к вашей ассоциации; вы не голосуете",
    asHintLay: "Нажмите на карточку, которая лучше всего подходит к ассоциации, и положите её",
    asHintLayTwo: "Нажмите на две карточки, подходящие к ассоциации, и положите их",
    asHintLaid: "Ваша карточка положена; остальные ещё выбирают",
    asHintTellerVote: "Остальные ищут вашу карточку среди своих",
    asHintVote: "Нажмите на карточку, которую считаете карточкой ведущего ({name}), и голосуйте. За свою нельзя",
    asHintVoteTwo: "Нажмите по очереди до трёх карточек ведущего ({name}): фишка 1 — лучшая догадка (2 шага, если верно), фишка 2 (1 шаг), фишка 3",
    asHintVoted: "Ваш голос учтён; остальные ещё голосуют",
    asCard: "карточка", asCardN: "карточка {n}", asChoose: "Выбрать эту карточку", asPutBack: "Вернуть", asEnlarge: "Увеличить",
    asClose: "Закрыть", asFaceDown: "карточка рубашкой вверх", asYourCard: "ваша карточка", asClued: "загаданная",
    asTable: "Стол", asTableEmpty: "Здесь ляжет карточка ведущего", asTableWaiting: "Карточек ещё не положили",
    asHand: "Ваши карточки", asToken: "фишка", asPutToken: "Положить сюда фишку", asTakeToken: "Забрать фишку",
    asRevealOf: "Раунд {n} открыт",
    asFormRefused: "Остальные сказали, что у ассоциации нет нужной формы: ведущий не двигается.",
    asMoves: "Ходы", asNoMoves: "никто не двигается", asPutAway: "Убрать", asShowLast: "Показать прошлый раунд",
    asFoundNobody: "Никто не угадал карточку ведущего", asFoundAll: "Все угадали карточку ведущего",
    asFoundBy: "Угадали: {names}", asTokenOnIt: "На ней фишка {n} игрока {name}", asFoundCount: "угадали: {n}",
    asYourClue: "Ваша ассоциация", asCluePlaceholder: "Ваша ассоциация: слово, фраза, песня…",
    asCluePlaceholderForm: "Ассоциация: {form}", asTell: "Загадать", asAloud: "Я сказал(а) её вслух за столом",
    asAloudForm: "Остальные скажут, есть ли у сказанного нужная форма",
    asConfirmAsk: "Есть ли у ассоциации игрока {name} нужная форма — {form}?", asYes: "Да, есть", asNo: "Нет",
    asLay: "Положить", asLayTwo: "Положить обе", asChosenOf: "выбрано: {n} из {of}", asVote: "Голосовать",
    asTokensOn: "ваши фишки на: {numbers}", asNoToken: "нажмите на карточку, чтобы положить на неё фишку",
    asAnswered: "ответил", asLaid: "положил", asVoted: "проголосовал", asTelling: "загадывает", asTells: "загадал",
    asChoosing: "выбирает…", asSteps: "шагов: {n}", asTrack: "Дорожка", asGoal: "до победы шагов: {n}",
    asLog: "Что было", asLogTeller: "ведёт {name}", asResultLine: "на клетке {cell}", asPlayedRounds: "Сыграно раундов: {n}",
    // the table by keyboard and screen reader (games/table.js)
    tableCards: "Стол: карточек {n}", tableKeys: "Стрелки переходят между карточками, номер карточки ведёт к ней, Enter открывает её",
    cardDown: "карточка {n}, закрыта", cardUp: "карточка {n}: {face}", letterCard: "{letter}, стоимость {points}, {colour}",
    blue: "синяя", yellow: "жёлтая", red: "красная", green: "зелёная", yourCards: "Ваши карточки", cardsOf: "Карточки: {name}",
    pictureOf: "картинка: {text}", collected: "Собрано",
    // the banner and the move log (web/narration.js)
    nrWaitingFor: "Ждём:", nrHoldsDevice: "Устройство в руках: {name}", nrMoveLog: "Ходы",
    nrNewRule: "Новое правило:", nrDismiss: "Понятно", nrPlay: "Воспроизвести", nrPause: "Пауза",
    // the phone table (issue 27, point 2): the crossword's zoom and check, the hand-over
    passDone: "Только что:", cwWhole: "Вся доска", cwZoomIn: "Увеличить", cwZoomHint: "Коснитесь доски, чтобы увеличить это место",
    cwChecking: "Проверяю слова…", cwRefused: "Не принимается:",
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
