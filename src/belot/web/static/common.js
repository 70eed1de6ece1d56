// Shared helpers of the pages: translations, seats around the table, card pictures.

export const SEATS = ["N", "E", "S", "W"];
const SUIT_SYMBOL = { C: "♣", D: "♦", H: "♥", S: "♠" };
const CONTRACT_SYMBOL = { clubs: "♣", diamonds: "♦", hearts: "♥", spades: "♠" };
const CONTRACTS = ["clubs", "diamonds", "hearts", "spades", "no-trumps", "all-trumps"];

let lang = localStorage.getItem("belot-lang") || window.BELOT_LANG || "en";

export function currentLang() {
  return lang;
}

export function setLang(code) {
  lang = code;
  window.belotKeepLang(code);
  document.documentElement.lang = code;
}

export function t(key) {
  const table = window.BELOT_TEXTS[lang] || window.BELOT_TEXTS.en;
  return table[key] ?? key;
}

/**
 * A server's refusal as the page says it: the words of its `kind` (`refused_<kind>`), each
 * `{name}` filled in from its `values` (a value that is a word of its own, seat `N` or level
 * `basic`, by that word); the server's own `text` on an English page (it says more) or for a
 * kind the page has no words for. `belot.web.i18n.refusal` says them alike on the server.
 */
export function refusal(kind, values, text, code = lang) {
  const table = window.BELOT_TEXTS[code] || window.BELOT_TEXTS.en;
  const key = kind && `refused_${kind}`;
  if (!key || code === "en" || !(key in table)) return text;
  return table[key].replace(/\{(\w+)\}/g, (all, name) => {
    if (!values || !(name in values)) return all;
    const value = String(values[name]);
    return table[`${name}_${value}`] ?? value;
  });
}

/** Where a seat sits on screen for someone sitting in `me`: bottom, left, top, right. */
export function position(seat, me) {
  const rel = (SEATS.indexOf(seat) - SEATS.indexOf(me) + 4) % 4;
  return ["bottom", "left", "top", "right"][rel];
}

export function team(seat) {
  return seat === "N" || seat === "S" ? "NS" : "EW";
}

export function cardImg(code, extra = "") {
  const img = document.createElement("img");
  img.src = `/cards/${code}.svg`;
  img.alt = code === "back" ? "" : cardName(code);
  img.className = `card-img ${extra}`.trim();
  img.draggable = false;
  return img;
}

export function cardName(code) {
  const rank = code.slice(0, -1);
  return `${rank}${SUIT_SYMBOL[code.slice(-1)] || ""}`;
}

export function contractText(contract) {
  if (!contract) return "";
  const symbol = CONTRACTS.includes(contract) ? contractSymbol(contract) : "";
  return `${symbol} ${t(contract)}`.trim();
}

/** A suit's symbol, or No trumps and All trumps as players write them: NT, AT; БК, ВК; SA, TA. */
export function contractSymbol(contract) {
  if (CONTRACT_SYMBOL[contract]) return CONTRACT_SYMBOL[contract];
  return CONTRACTS.includes(contract) ? t(`short_${contract}`) : contract;
}

const SUIT_CONTRACT = { C: "clubs", D: "diamonds", H: "hearts", S: "spades" };

/** A Coinche bid written "80H" or "capotS" as [points, suit letter], else null. */
export function pointsBid(call) {
  const match = /^(\d+|capot)([CDHS])$/.exec(call);
  return match ? [match[1], match[2]] : null;
}

/** Words for a call such as "hearts", "pass", "contra", "80H", "capotS", "coinche". */
export function callText(call) {
  if (CONTRACTS.includes(call)) return contractText(call);
  const bid = pointsBid(call);
  if (bid) return `${bid[0] === "capot" ? t("capot") : bid[0]}${SUIT_SYMBOL[bid[1]]}`;
  return t(call);
}

/** The contract letter of a suit ("H" -> "hearts"). */
export function suitContract(letter) {
  return SUIT_CONTRACT[letter];
}

/** A bot level in words ("basic" -> "начинаещ"); a level without words keeps its name. */
export function levelName(level) {
  const key = `level_${level}`;
  return t(key) === key ? level : t(key);
}

/** A game's name from its rules preset ("coinche" -> "Coinche"). */
export function gameName(preset) {
  const names = {
    bulgarian: t("game_bulgarian"), french: t("game_french"), coinche: t("game_coinche"), bela: t("game_bela"),
  };
  return names[preset] || preset;
}

/** The words of a game for what ends a deal: [inside, valat, belot]. */
export function gameWords(preset) {
  if (preset === "french" || preset === "coinche") return { inside: t("dedans"), valat: t("capot") };
  if (preset === "bela") return { inside: t("pad"), valat: t("stiglja") };
  return { inside: t("inside"), valat: t("valat") };
}

/** Words for a declaration written "JH-AH" or "four-9". */
export function declarationText(text) {
  if (text.startsWith("four-")) return `${t("four")} ${text.slice(5)}`;
  const [low, high] = text.split("-");
  const ranks = ["7", "8", "9", "10", "J", "Q", "K", "A"];
  const length = ranks.indexOf(high.slice(0, -1)) - ranks.indexOf(low.slice(0, -1)) + 1;
  const kind = length === 3 ? "tierce" : length === 4 ? "quarte" : "quinte";
  return `${t(kind)} ${cardName(low)}–${cardName(high)}`;
}

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (value !== false && value !== null && value !== undefined) node.setAttribute(key, value);
  }
  for (const child of children) {
    if (child !== null && child !== undefined) node.append(child);
  }
  return node;
}

// --- settings, kept in this browser (localStorage) -----------------------------------------

const SETTINGS_KEY = "belot-settings";
/** Each setting's choices, the first being the default. ``motion`` "off" stops every
 * animation (for tests, and for people who prefer it; a system asking for reduced motion
 * starts with it off). */
export const SETTING_CHOICES = {
  sound: ["on", "off"],
  speed: ["normal", "slow"],
  cards: ["medium", "small", "large"],
  sort: ["suits", "game"],
  theme: ["dark", "light"],
  autoplay: ["off", "on"],
  motion: ["on", "off"],
  hint: ["strong", "expert"],
};

function defaults() {
  const out = {};
  for (const [name, choices] of Object.entries(SETTING_CHOICES)) out[name] = choices[0];
  if (window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches) out.motion = "off";
  return out;
}

/** The settings: the stored ones that are still valid, the defaults for the rest. */
export function loadSettings() {
  const out = defaults();
  let stored = {};
  try {
    stored = JSON.parse(localStorage.getItem(SETTINGS_KEY) || "{}") || {};
  } catch {
    stored = {};
  }
  for (const [name, choices] of Object.entries(SETTING_CHOICES)) {
    if (choices.includes(stored[name])) out[name] = stored[name];
  }
  return out;
}

export const settings = loadSettings();

/** Change one setting, keep it, and show it on the page (theme, card size, motion). */
export function setSetting(name, value) {
  if (!SETTING_CHOICES[name] || !SETTING_CHOICES[name].includes(value)) return;
  settings[name] = value;
  localStorage.setItem(SETTINGS_KEY, JSON.stringify(settings));
  applySettings();
}

export function applySettings() {
  const root = document.documentElement;
  root.dataset.theme = settings.theme;
  root.dataset.cards = settings.cards;
  root.dataset.motion = settings.motion;
}

applySettings();
