// Klepka's words on the page (the London question, the chain built by tapping, its cards read
// aloud), in English, Ukrainian and Russian. The renderer hands them on (`strings`); games.js adds
// them to the page's own (i18n.js, addStrings) when it loads the renderer, so `t` finds them.

export const strings = {
  en: {
    london: "Have you ever been to London?",
    chainPrompt: "Tap your words in order: each word starts with the last letter of the one before. After a Syncope, the next word may start with any letter of the word before it.",
    chainEmpty: "Tap a word to start your chain", undoLink: "Undo", clearChain: "Clear",
    submitChain: "Submit the chain", yourWords: "Your words", bestChain: "Best chain", chain: "Chain",
    syncopeCard: "Syncope", pictureOf: "picture: {text}", collected: "Collected",
  },
  uk: {
    london: "Чи бували ви в Лондоні?",
    chainPrompt: "Торкайтеся своїх слів по черзі: кожне починається з останньої літери попереднього. Після Синкопи наступне слово може починатися з будь-якої літери попереднього.",
    chainEmpty: "Торкніться слова, щоб почати ланцюжок", undoLink: "Скасувати", clearChain: "Очистити",
    submitChain: "Здати ланцюжок", yourWords: "Ваші слова", bestChain: "Найкращий ланцюжок", chain: "Ланцюжок",
    syncopeCard: "Синкопа", pictureOf: "картинка: {text}", collected: "Зібрано",
  },
  ru: {
    london: "Бывали ли вы в Лондоне?",
    chainPrompt: "Нажимайте на свои слова по порядку: каждое начинается с последней буквы предыдущего. После Синкопы следующее слово может начинаться с любой буквы предыдущего.",
    chainEmpty: "Нажмите на слово, чтобы начать цепочку", undoLink: "Отменить", clearChain: "Очистить",
    submitChain: "Сдать цепочку", yourWords: "Ваши слова", bestChain: "Лучшая цепочка", chain: "Цепочка",
    syncopeCard: "Синкопа", pictureOf: "картинка: {text}", collected: "Собрано",
  },
};
