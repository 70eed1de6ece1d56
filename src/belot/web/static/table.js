// The table page: one WebSocket to the server, which sends this seat's view after every change.
import {
  SEATS, callText, cardImg, cardName, contractSymbol, contractText, currentLang,
  declarationText, el, gameName, gameWords, levelName, pointsBid, position, refusal, setLang, setSetting, settings,
  SETTING_CHOICES, suitContract, t, team,
} from "./common.js";

const tableId = document.getElementById("table-code").dataset.table;
const tokenKey = `belot-token-${tableId}`;
let socket = null;
let state = null;
let lastHand = [];
let showLastTrick = false;
let hintList = null;
let timerTick = null;
// The state a person acted on: a second click before the next state is not sent (no error).
let actedOn = null;
// The state a hint was asked for: the page shows it is being worked out until it comes.
let hintAsked = null;
let retry = 0;
// Why the server is closing the connection (a fatal refusal), in the page's language.
let fatal = null;
// The points chosen in Coinche's bid picker (null: the lowest legal).
let pickedLevel = null;
const BID_LEVELS = ["80", "90", "100", "110", "120", "130", "140", "150", "160", "capot"];
const SUIT_SYMBOLS = { C: "♣", D: "♦", H: "♥", S: "♠" };

const $ = (id) => document.getElementById(id);

function connect() {
  const token = localStorage.getItem(tokenKey);
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const query = token ? `?token=${encodeURIComponent(token)}` : "";
  socket = new WebSocket(`${scheme}://${location.host}/ws/${tableId}${query}`);
  socket.addEventListener("open", () => {
    retry = 0;
    $("toast").hidden = true;
    // What was sent as the last connection closed may be lost: the single legal card is played
    // again if the state this connection shows still asks for it.
    autoKey = "";
    // So may a hint asked for: it is asked again once this connection's state is drawn.
    hintLost = Boolean(hintAsked);
    hintAsked = null;
    // And so may a rematch asked for: asked again, it gives the same seat and token.
    rematchLost = rematching;
    rematching = false;
  });
  socket.addEventListener("message", (event) => {
    let message;
    try {
      message = JSON.parse(event.data);
    } catch {
      toast(t("bad_message"));
      return;
    }
    receive(message);
  });
  socket.addEventListener("close", (event) => {
    if (event.code === 4403) {
      localStorage.removeItem(tokenKey);
      setTimeout(connect, 200);
      return;
    }
    if (event.code === 4404) return;
    if (reseated) {
      reseated = false;
      connect();
      return;
    }
    if (event.code === 4429) {
      // Too many connections or wrong guesses from this address: wait before trying again.
      toast(fatal || event.reason || t("connection_lost"), 0);
      fatal = null;
      setTimeout(connect, 15000);
      return;
    }
    fatal = null;
    toast(t("connection_lost"), 0);
    retry = Math.min(retry + 1, 5);
    setTimeout(connect, 300 * retry);
  });
}

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

function act(action) {
  if (state && actedOn === state) return;  // already sent: a double click is one action
  actedOn = state;
  hintList = null;
  // The position it was chosen on: sent again after a reconnection, it is not applied twice.
  send({ type: "act", action, at: state ? state.at : undefined });
  // Until the table answers, the hand no longer offers its cards: the click is taken.
  for (const card of document.querySelectorAll("#hand .card.legal")) card.classList.remove("legal");
}

/** Send ``message`` once for the state on screen (a button clicked twice sends it once). */
function once(message) {
  if (state && actedOn === state) return;
  actedOn = state;
  send(message);
}

function receive(message) {
  if (message.type === "state") {
    waiting.push(message);
    pump();
  } else if (message.type === "error") {
    actedOn = null;  // refused: the person may try again
    hintAsked = null;
    rematching = false;
    hintBusy();
    if (state) renderHand();  // its cards offered again
    // A refusal is said in the page's language (its kind's words), a lasting one kept on
    // screen: the connection closes after a fatal one.
    const said = refusal(message.kind, message.values, message.message);
    if (message.fatal) fatal = said;
    toast(said, message.fatal ? 0 : 4000);
  } else if (message.type === "rematch") {
    // The rematch's table, with this seat's token there (none when it was taken meanwhile).
    if (message.token) localStorage.setItem(`belot-token-${message.table}`, message.token);
    noteRecent(message.table);
    location.href = `/t/${message.table}`;
  } else if (message.type === "status") {
    if (message.database === "reconnecting") toast(t("database_reconnecting"), 0);
    else $("toast").hidden = true;
  } else if (message.type === "hint") {
    hintAsked = null;
    hintBusy();
    hintList = message.hint;
    renderHint();
  } else if (message.type === "thinking") {
    thought = message;
    renderThought();
  }
}

// --- a bot's thinking, as it goes (the expert level reports its search) ---------------------

// The last report of a bot's search: shown on its seat while the table is where it was made.
let thought = null;

/** The "thinking…" sign of the seat whose bot reported last, with how far its search has got:
 * worlds solved, and where the page may know them the choices weighed and the best so far. */
function renderThought() {
  const view = state && state.view;
  if (!thought || !view) return;
  if (thought.deal_number !== state.deal_number || thought.calls !== view.calls.length || thought.played !== played(view)) return;
  const tag = $(`thinking-${thought.seat}`);
  if (!tag) return;
  const worlds = t("thinking_worlds").replace("{worlds}", thought.worlds).replace("{planned}", thought.planned);
  const parts = [];
  if (thought.choices) parts.push(t(`thinking_${thought.kind}`).replace("{n}", thought.choices));
  else parts.push(t("thinking"));
  parts.push(worlds);
  if (thought.best) {
    const best = CARD.test(thought.best) ? cardName(thought.best) : callText(thought.best);
    parts.push(t("thinking_best").replace("{best}", best));
  }
  tag.textContent = parts.join(" · ");
  tag.dataset.worlds = thought.worlds;
  tag.style.setProperty("--spent", `${Math.round(thought.spent * 100)}%`);
}

// --- the bots' pace: "slow" holds each new card of another seat until SLOW_MS after the last ---

const SLOW_MS = 1100;
const waiting = [];
let pumpTimer = null;
let lastOtherCard = 0;

const played = (view) => (view ? view.tricks.reduce((n, x) => n + x.plays.length, 0) : 0);

/** Show the states that came, in order; at the slow pace a state adding another seat's card
 * waits its turn (the server's pace is never changed, only what this page shows when). */
function pump() {
  if (pumpTimer) return;
  while (waiting.length) {
    const next = waiting[0];
    const other = state && state.view && next.view && played(next.view) > played(state.view)
      && lastPlayer(next.view) !== next.you;
    if (other && settings.speed === "slow") {
      const wait = lastOtherCard + SLOW_MS - Date.now();
      if (wait > 0) {
        pumpTimer = setTimeout(() => { pumpTimer = null; pump(); }, wait);
        return;
      }
    }
    if (other) lastOtherCard = Date.now();
    waiting.shift();
    show(next);
  }
}

function lastPlayer(view) {
  const trick = view.tricks[view.tricks.length - 1];
  return trick && trick.plays.length ? trick.plays[trick.plays.length - 1][0] : null;
}

function show(message) {
  if (state && played(state.view) !== played(message.view)) showLastTrick = false;
  const before = snapshot();
  state = message;
  render();
  afterRender(before);
}

let toastTimer = null;
function toast(text, ms = 4000) {
  const box = $("toast");
  box.textContent = text;
  box.hidden = false;
  clearTimeout(toastTimer);
  if (ms) toastTimer = setTimeout(() => { box.hidden = true; }, ms);
}

// --- motion and sound ----------------------------------------------------------------------

const moving = () => settings.motion === "on";

/** What is on screen before a new state is drawn: the trick's cards and where they are, and
 * where each card of the hand is (a card played from it travels from there). */
function snapshot() {
  const view = state && state.view;
  const rects = (selector) => new Map([...document.querySelectorAll(selector)].map((e) => [e.dataset.card, e.getBoundingClientRect()]));
  return {
    deal: state ? state.deal_number : null,
    tricks: view ? view.tricks.length : 0,
    trick: view && view.tricks.length ? view.tricks[view.tricks.length - 1] : null,
    trickRects: rects("#trick img[data-card]"),
    handRects: rects("#hand .card[data-card]"),
    myTurn: Boolean(view && view.turn && view.turn === state.you),
  };
}

function seatRect(seat) {
  return $(`pos-${position(seat, me())}`).getBoundingClientRect();
}

/** Cards travel to the table, a won trick sweeps to its winner; a sound for each. */
function afterRender(before) {
  const view = state.view;
  if (!view) return;
  const trick = view.tricks.length ? view.tricks[view.tricks.length - 1] : null;
  const sameDeal = before.deal === state.deal_number;
  const sameTrick = sameDeal && before.tricks === view.tricks.length;
  const oldPlays = sameTrick && before.trick ? before.trick.plays.length : 0;
  const fresh = trick && !showLastTrick && (sameTrick || (sameDeal && view.tricks.length === before.tricks + 1))
    ? trick.plays.slice(oldPlays) : [];
  if (fresh.length) beep("card");
  if (trick && trick.winner && !(sameTrick && before.trick && before.trick.winner)) beep("trick");
  if (view.turn && view.turn === state.you && !before.myTurn) beep("turn");
  if (moving()) {
    for (const [seat, card] of fresh) {
      const img = document.querySelector(`#trick img[data-card="${card}"]`);
      const from = before.handRects.get(card) || seatRect(seat);
      if (img) travel(img, from);
    }
    const gone = before.trick && before.trick.winner && !(sameTrick && !showLastTrick);
    if (gone && sameDeal) sweep(before.trickRects, before.trick.winner);
  }
  autoPlay();
  hintAgain();
  rematchAgain();
}

/** The card ``img`` glides from the box ``from`` to where it is drawn now. */
function travel(img, from) {
  const to = img.getBoundingClientRect();
  if (!to.width) return;
  const dx = from.left + from.width / 2 - (to.left + to.width / 2);
  const dy = from.top + from.height / 2 - (to.top + to.height / 2);
  img.animate([{ transform: `translate(${dx}px, ${dy}px) scale(0.9)`, opacity: 0.7 }, { transform: "none", opacity: 1 }],
    { duration: 260, easing: "ease-out" });
}

/** Copies of a won trick's cards leave their places for the winner's seat, then vanish. */
function sweep(rects, winner) {
  const target = seatRect(winner);
  for (const [card, rect] of rects) {
    const copy = cardImg(card, "flying");
    copy.setAttribute("aria-hidden", "true");
    Object.assign(copy.style, { left: `${rect.left}px`, top: `${rect.top}px`, width: `${rect.width}px` });
    document.body.append(copy);
    const dx = target.left + target.width / 2 - (rect.left + rect.width / 2);
    const dy = target.top + target.height / 2 - (rect.top + rect.height / 2);
    const motion = copy.animate([{ transform: "none", opacity: 1 }, { transform: `translate(${dx}px, ${dy}px) scale(0.4)`, opacity: 0 }],
      { duration: 380, easing: "ease-in" });
    motion.onfinish = () => copy.remove();
  }
}

// Short sounds made here (WebAudio): no sound file is fetched. Browsers let a page make sound
// only after a click or a key, so the sound starts with the person's first one.
let audio = null;
const TONES = {
  card: [["triangle", 520, 0, 0.05]],
  trick: [["sine", 660, 0, 0.07], ["sine", 880, 0.08, 0.09]],
  turn: [["sine", 740, 0, 0.09], ["sine", 988, 0.1, 0.12]],
};

function wakeAudio() {
  if (settings.sound !== "on") return;
  try {
    audio = audio || new AudioContext();
    if (audio.state === "suspended") audio.resume();
  } catch {
    audio = null;
  }
}
document.addEventListener("pointerdown", wakeAudio);
document.addEventListener("keydown", wakeAudio);

function beep(kind) {
  if (settings.sound !== "on" || !audio) return;
  document.body.dataset.sound = kind;
  for (const [type, freq, at, length] of TONES[kind]) {
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.type = type;
    osc.frequency.value = freq;
    const start = audio.currentTime + at;
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(0.12, start + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + length);
    osc.connect(gain).connect(audio.destination);
    osc.start(start);
    osc.stop(start + length + 0.02);
  }
}

// --- a single legal card played for the person, when they chose so ------------------------

let autoKey = "";
function autoPlay() {
  const view = state.view;
  if (settings.autoplay !== "on" || !view || view.phase !== "play" || view.turn !== state.you) return;
  if (view.legal.length !== 1 || !CARD.test(view.legal[0])) return;
  const key = `${state.deal_number}:${played(view)}`;
  if (key === autoKey) return;
  autoKey = key;
  const card = view.legal[0];
  setTimeout(() => {
    if (state.view && state.view.turn === state.you && state.view.legal.length === 1 && state.view.legal[0] === card) act(card);
  }, moving() ? 350 : 0);
}

const CARD = /^(7|8|9|10|J|Q|K|A)[CDHS]$/;

// --- a hint asked for as the connection closed: its answer never comes on that one ---------

let hintLost = false;
/** The hint is asked for again on the new connection while the page still offers one (the
 * person's turn); else the button, no longer busy, waits for the person. */
function hintAgain() {
  if (!hintLost) return;
  hintLost = false;
  if (!$("hint-btn").hidden) $("hint-btn").click();
}

// --- the hand's order ------------------------------------------------------------------------

const RANKS_PLAIN = ["A", "10", "K", "Q", "J", "9", "8", "7"];
const RANKS_TRUMP = ["J", "9", "A", "10", "K", "Q", "8", "7"];
const SUIT_LETTER = { clubs: "C", diamonds: "D", hearts: "H", spades: "S" };

/** The hand as the person chose: "game" keeps the server's order; "suits" groups the suits,
 * black and red in turn (trumps first), each from the highest card down as the contract ranks. */
function sortedHand(view) {
  if (settings.sort !== "suits") return view.hand.slice();
  const trump = SUIT_LETTER[view.contract] || null;
  const allTrumps = view.contract === "all-trumps";
  const order = trump === "D" || trump === "H" ? [trump, "S", trump === "H" ? "D" : "H", "C"] : trump ? [trump, "H", trump === "S" ? "C" : "S", "D"] : ["S", "H", "C", "D"];
  const rankOf = (card) => {
    const ranks = allTrumps || card.slice(-1) === trump ? RANKS_TRUMP : RANKS_PLAIN;
    return ranks.indexOf(card.slice(0, -1));
  };
  return view.hand.slice().sort((a, b) => order.indexOf(a.slice(-1)) - order.indexOf(b.slice(-1)) || rankOf(a) - rankOf(b));
}

// --- settings ----------------------------------------------------------------------------------

function renderSettings() {
  $("settings-btn").setAttribute("aria-label", t("settings"));
  $("settings-btn").title = t("settings");
  $("settings-title").textContent = t("settings");
  const form = $("settings-form");
  form.replaceChildren();
  for (const [name, choices] of Object.entries(SETTING_CHOICES)) {
    const select = el("select", { id: `setting-${name}`, name, onchange: (e) => { setSetting(name, e.target.value); if (state) render(); } });
    for (const choice of choices) select.append(el("option", { value: choice, text: t(`choice_${choice}`) }));
    select.value = settings[name];
    form.append(el("label", {}, el("span", { text: t(`setting_${name}`) }), select));
  }
  form.append(el("p", { class: "close-row" }, el("button", { type: "submit", class: "primary", id: "settings-close", text: t("close") })));
}

// --- rendering -----------------------------------------------------------------------------

function me() {
  return state.you || "S";
}

function seatLabel(seat) {
  const info = state.table.seats[SEATS.indexOf(seat)];
  let name = info.name || t(`seat_${seat}`);
  if (seat === state.you) name += ` (${t("you")})`;
  else if (info.kind === "bot") name += ` · ${levelName(info.level)}`;
  return name;
}

function teamLabel(teamName) {
  if (!state.you) return teamName;
  return team(state.you) === teamName ? t("we") : t("they");
}

function game() {
  return state.table.rules.preset;
}

/** The contract as the table says it: "80♥ Hearts" in Coinche, "♥ Hearts" elsewhere. */
function contractLabel(view) {
  if (!view.contract) return "";
  if (view.bid_level) {
    const points = view.capot ? t("capot") : String(view.bid_level);
    return `${points} ${contractText(view.contract)}`;
  }
  return contractText(view.contract);
}

/** Who doubled the contract: " · Contra (West) · Recontra (South)". */
function doublesText(view) {
  return (view.doubled_by || []).map(([seat, word]) => ` · ${callText(word)} (${t(`seat_${seat}`)})`).join("");
}

/** The bidding as one line: "North: 80♥ · East: Pass · South: Coinche". */
function biddingLine(view) {
  return view.calls.map(([seat, call]) => `${t(`seat_${seat}`)}: ${callText(call)}`).join(" · ");
}

function render() {
  $("game-name").textContent = gameName(game());
  document.title = `${gameName(game())} · ${$("table-code").textContent}`;
  document.body.dataset.game = game();
  document.body.dataset.phase = state.view ? state.view.phase : "waiting";
  document.body.dataset.you = state.you || "";
  $("replay-link").hidden = !state.table.deals.some((d) => d.seed !== null);
  renderSeats();
  renderThought();
  renderTrick();
  renderHand();
  renderPanel();
  renderSide();
  renderTimer();
  announce();
}

/** The one live region of the table: whose turn it is and the last action, said once each
 * (the table itself is not live: a screen reader would read it all at every card). */
let announced = "";
function announce() {
  const view = state.view;
  if (!view) return;
  const parts = [];
  const trick = view.tricks.length ? view.tricks[view.tricks.length - 1] : null;
  const play = trick && trick.plays.length ? trick.plays[trick.plays.length - 1] : null;
  if (view.phase === "play" && play) {
    parts.push(`${t(`seat_${play[0]}`)}: ${cardName(play[1])}`);
    if (trick.winner) parts.push(`${t("won_by")} ${t(`seat_${trick.winner}`)}`);
  } else if (view.calls.length) {
    const [seat, call] = view.calls[view.calls.length - 1];
    parts.push(`${t(`seat_${seat}`)}: ${callText(call)}`);
  }
  if (view.turn) parts.push(view.turn === state.you ? t("your_turn") : `${t("turn_of")} ${t(`seat_${view.turn}`)}`);
  const text = parts.join(". ");
  if (text && text !== announced) {
    announced = text;
    $("announce").textContent = text;
  }
}

function renderSeats() {
  const view = state.view;
  for (const seat of SEATS) {
    const pos = position(seat, me());
    const box = $(`pos-${pos}`);
    box.replaceChildren();
    box.dataset.seat = seat;
    const info = state.table.seats[SEATS.indexOf(seat)];
    const tags = el("div", { class: "tags" });
    if (view && view.dealer === seat) tags.append(el("span", { class: "tag dealer", text: t("dealer") }));
    if (info.kind === "person" && !info.connected && !info.open && seat !== state.you) {
      tags.append(el("span", { class: "tag away", text: t("away") }));
    }
    if (info.bot_playing) tags.append(el("span", { class: "tag away", text: t("bot_playing") }));
    if (view && view.turn === seat && (info.kind === "bot" || info.bot_playing) && !state.waiting_for_next) {
      tags.append(el("span", { class: "tag thinking", id: `thinking-${seat}`, text: t("thinking") }));
    }
    const turn = view && view.turn === seat;
    box.classList.toggle("turn", Boolean(turn));
    box.append(el("div", { class: "seat-name" }, seatLabel(seat)), tags);
    if ((pos !== "bottom" || !state.you) && view) {
      const backs = el("div", { class: "backs" });
      const size = view.hand_sizes[SEATS.indexOf(seat)];
      const had = dealtBacks[seat] ?? 0;
      for (let i = 0; i < size; i++) {
        const back = cardImg("back");
        if (size - had >= 3 && i >= had) {  // cards dealt to this seat fly in one by one
          back.classList.add("deal-in");
          back.style.animationDelay = `${(i - had) * 60}ms`;
        }
        backs.append(back);
      }
      dealtBacks[seat] = size;
      for (let i = 0; i < (view.hidden_cards || 0); i++) backs.append(cardImg("back", "hidden-back"));
      box.append(backs);
    }
    const bubble = bubbleFor(seat);
    if (bubble) box.append(el("div", { class: "bubble", text: bubble }));
  }
}

// How many backs each other seat showed last (cards dealt to it since fly in).
const dealtBacks = {};

function bubbleFor(seat) {
  const view = state.view;
  if (!view) return "";
  if (view.phase === "auction" || (view.phase === "play" && view.tricks.length === 0)) {
    const calls = view.calls.filter(([s]) => s === seat);
    if (calls.length) return callText(calls[calls.length - 1][1]);
  }
  const parts = [];
  if (view.phase === "play" && view.tricks.length <= 1) {
    for (const a of view.announcements.filter((x) => x.seat === seat)) {
      parts.push(a.cards ? declarationText(a.cards) : `${t(a.kind)} ${a.points}`);
    }
  }
  const belots = view.belots.filter(([s]) => s === seat);
  const trick = view.tricks[view.tricks.length - 1];
  if (belots.length && trick) {
    const played = trick.plays.find(([s]) => s === seat);
    if (played && ["K", "Q"].includes(played[1].slice(0, -1))) {
      const word = belots.some(([, suit]) => suit === played[1].slice(-1)) && belotWord(seat, played[1]);
      if (word) parts.push(word);
    }
  }
  return parts.join(" · ");
}

/** The word said with a card of the belot: belote then rebelote in the French games, bela in
 * Bela, belot in Bulgarian Belot. */
function belotWord(seat, card) {
  const preset = game();
  if (preset !== "french" && preset !== "coinche" && preset !== "bela") return t("belot");
  const other = `${card.startsWith("K") ? "Q" : "K"}${card.slice(-1)}`;
  const before = state.view.tricks.some((x) => x.plays.some(([s, c]) => s === seat && c === other));
  if (preset === "bela") return before ? "" : t("bela");  // said with the first of the two
  return before ? t("rebelote") : t("belote");
}

function trickToShow() {
  const view = state.view;
  if (!view || !view.tricks.length) return null;
  const last = view.tricks[view.tricks.length - 1];
  return last;
}

function renderTrick() {
  const view = state.view;
  const slots = {};
  for (const slot of $("trick").children) {
    slot.replaceChildren();
    slots[slot.className.replace("slot slot-", "")] = slot;
  }
  const status = $("trick-status");
  status.replaceChildren();
  if (!view) return;
  if (view.contract) {
    let text = `${contractLabel(view)} · ${t(`seat_${view.bidder}`)}`;
    if (view.turned) text += ` ${t("took")} ${cardName(view.turned)}`;
    text += doublesText(view);
    status.append(el("div", { class: "contract-line", id: "contract-line", text }));
  } else if (view.turned && view.phase === "auction") {
    status.append(el("div", { class: "turned", id: "turned-card" },
      el("span", { text: t("turned_card") }), cardImg(view.turned)));
  }
  let trick = trickToShow();
  let label = "";
  if (showLastTrick) {
    const done = view.tricks.filter((x) => x.winner);
    trick = done[done.length - 1] || null;
    if (trick) label = `${t("last_trick")}: ${t("won_by")} ${t(`seat_${trick.winner}`)}`;
  } else if (trick && trick.winner) {
    label = `${t("won_by")} ${t(`seat_${trick.winner}`)}`;
  } else if (trick && state.holder) {
    label = `${t(`seat_${state.holder}`)} ${t("holds")}`;
  }
  $("trick").classList.toggle("done", Boolean(trick && trick.winner));
  if (trick) {
    for (const [seat, card] of trick.plays) {
      const img = cardImg(card);
      img.dataset.card = card;
      if (trick.winner === seat || (!trick.winner && state.holder === seat)) img.classList.add("holder");
      slots[position(seat, me())].append(img);
    }
  }
  if (label) status.append(el("div", { class: "trick-label", id: "trick-label", text: label }));
  if (view.phase === "play" && view.turn) {
    const whose = view.turn === state.you ? t("your_turn") : `${t("turn_of")} ${t(`seat_${view.turn}`)}`;
    status.append(el("div", { class: "turn-line", text: whose }));
  }
}

function renderHand() {
  const view = state.view;
  const hand = $("hand");
  hand.replaceChildren();
  if (!view || !state.you) return;
  const legalCards = new Set(view.legal.filter((a) => CARD.test(a)));
  const fresh = view.hand.filter((c) => !lastHand.includes(c));
  const dealing = fresh.length >= 3;
  const choosing = view.phase === "play" && view.turn === state.you && legalCards.size > 0;
  sortedHand(view).forEach((card, index) => {
    const playable = legalCards.has(card);
    const button = el("button", {
      type: "button",
      class: `card${playable ? " legal" : ""}${choosing && !playable ? " dim" : ""}`,
      "data-card": card,
      "aria-label": `${index + 1}: ${cardName(card)}`,
      disabled: playable ? false : "disabled",
      onclick: () => act(silent(card)),
    });
    button.append(cardImg(card));
    if (dealing && fresh.includes(card)) {
      button.classList.add("deal-in");
      const order = fresh.indexOf(card);
      button.style.animationDelay = `${order < 3 ? order * 70 : 350 + order * 70}ms`;
    }
    hand.append(button);
  });
  for (let i = 0; i < (view.hidden_cards || 0); i++) {
    const back = el("span", { class: "hidden-card", title: t("hidden_cards") });
    back.append(cardImg("back"));
    hand.append(back);
  }
  lastHand = view.hand.slice();
  const quiet = view.legal.some((a) => a.endsWith("-silent"));
  $("silent-bela-line").hidden = !quiet;
}

/** Bela: a card of the bela played silently when the person chose to keep it silent. */
function silent(card) {
  const box = $("silent-bela");
  const quiet = `${card}-silent`;
  return box && box.checked && state.view.legal.includes(quiet) ? quiet : card;
}

function panel(title, ...content) {
  const box = $("panel");
  box.replaceChildren(el("div", { class: "panel-box" }, el("h2", { text: title }), ...content));
  box.hidden = false;
}

function renderPanel() {
  const view = state.view;
  const box = $("panel");
  box.hidden = true;
  box.dataset.kind = "";
  const table = state.table;
  if (!table.started) {
    box.dataset.kind = "waiting";
    const link = `${location.origin}/t/${tableId}`;
    const seats = el("ul", { class: "seat-list" });
    table.seats.forEach((info, i) => {
      const seat = SEATS[i];
      const item = el("li", {}, `${t(`seat_${seat}`)}: `);
      if (info.open && !state.you) {
        item.append(el("button", { type: "button", class: "primary", "data-sit": seat, text: t("sit"), onclick: () => sit(seat) }));
      } else if (info.open) {
        item.append(t("waiting_players"));
      } else {
        item.append(info.kind === "bot" ? `${t("bot")} (${levelName(info.level)})` : info.name || t("person"));
      }
      seats.append(item);
    });
    const content = [
      el("p", {}, t("share"), ": ", el("a", { href: link, id: "share-link", text: link }), ` · ${$("table-code").textContent}`),
    ];
    if (!state.you) {
      const saved = localStorage.getItem("belot-name") || "";
      content.push(el("label", {}, `${t("your_name")} `, el("input", { id: "join-name", maxlength: 30, value: saved })));
    }
    content.push(seats);
    if (state.you) content.push(el("button", { type: "button", id: "start-btn", onclick: () => once({ type: "start" }), text: t("start_now") }));
    panel(t("waiting_players"), ...content);
    return;
  }
  if (!view) return;
  const mine = view.turn && view.turn === state.you;
  if (table.over) {
    box.dataset.kind = "match-over";
    const winner = table.winner;
    const title = !state.you ? `${t("match_over")}: ${winner}` : team(state.you) === winner ? t("we_won") : t("they_won");
    // The last deal's summary first, then the whole sheet. Once someone asked for a rematch,
    // everyone here is offered to join it (a person takes their own seat there).
    let again = [];
    if (table.rematch) {
      again = [
        el("p", { class: "rematch-offer", role: "status", text: t("rematch_offered") }),
        el("p", {}, el("a", { class: "primary button-link", id: "join-rematch", href: `/t/${table.rematch}`, text: t("join_rematch"), ...(state.you ? { onclick: rematch } : {}) })),
      ];
    } else if (state.you) {
      again = [el("p", {}, el("button", { type: "button", class: "primary", id: "rematch", disabled: rematching || undefined, onclick: rematch, text: t("rematch") }))];
    }
    panel(title, ...dealSummary(false), sheetTable(), ...again, el("p", {}, el("a", { href: `/replay/${tableId}`, text: t("replay") })), el("p", {}, el("a", { href: "/", text: t("new_table") })), el("p", {}, el("a", { href: "/players", id: "stats-link", text: t("statistics") })));
    return;
  }
  if (state.waiting_for_next) {
    box.dataset.kind = "deal-over";
    panel(view.contract ? t("deal_over") : t("all_passed"), ...dealSummary());
    return;
  }
  if (view.phase === "cut" && mine) {
    box.dataset.kind = "cut";
    const deck = el("div", { class: "cut-deck" });
    for (let k = 1; k <= 31; k++) {
      deck.append(el("button", { type: "button", class: "cut-gap", "data-cut": k, title: `${t("cut")} ${k}`, "aria-label": `${t("cut")} ${k}`, onclick: () => act(`cut:${k}`) }));
    }
    panel(t("cut_title"), el("p", { text: t("cut_help") }), deck,
      el("button", { type: "button", class: "primary", id: "cut-random", onclick: () => act("cut:random"), text: t("cut_random") }));
    return;
  }
  if (view.phase === "auction" && mine) {
    box.dataset.kind = "auction";
    if (game() === "coinche") {
      panel(t("auction"), auctionHistory(), ...bidPicker(view));
      return;
    }
    const calls = el("div", { class: "calls" });
    for (const call of view.legal) {
      calls.append(el("button", { type: "button", class: `call call-${call}`, "data-call": call, onclick: () => act(call), text: auctionWords(view, call) }));
    }
    if (game() === "french") {
      const help = view.auction_round === 1 ? t("round_take") : t("round_name");
      const turned = el("div", { class: "turned", id: "panel-turned" }, el("span", { text: t("turned_card") }), cardImg(view.turned));
      panel(t("auction"), turned, el("p", { class: "auction-help", text: help }), auctionHistory(), calls);
    } else if (game() === "bela") {
      const help = view.legal.includes("pass") ? t("name_help") : t("dealer_must_name");
      panel(t("name_trumps"), el("p", { class: "auction-help", id: "auction-help", text: help }), auctionHistory(), calls);
    } else {
      panel(t("auction"), auctionHistory(), calls);
    }
    return;
  }
  if (view.phase === "play" && mine && view.legal.length && view.legal[0].startsWith("declare:")) {
    box.dataset.kind = "declare";
    const choices = el("div", { class: "calls" });
    for (const choice of view.legal) {
      const parts = choice.slice(8).split(",").filter(Boolean);
      const text = parts.length ? parts.map(declarationText).join(" + ") : t("declare_none");
      choices.append(el("button", { type: "button", class: "call", "data-declare": choice, onclick: () => act(choice), text }));
    }
    panel(t("declare_title"), choices);
  }
}

/** A call's button words: French Belote's first round takes the turned card's suit. */
function auctionWords(view, call) {
  if (game() === "french" && view.auction_round === 1 && call !== "pass") {
    return `${t("take")} ${contractText(call)} (${cardName(view.turned)})`;
  }
  return callText(call);
}

/** Coinche's bid picker: the points (80..160, capot), then the suit; only legal bids enabled;
 * pass, coinche and surcoinche when legal. */
function bidPicker(view) {
  const bids = view.legal.map(pointsBid).filter(Boolean);
  const legalLevels = BID_LEVELS.filter((level) => bids.some(([points]) => points === level));
  if (!legalLevels.includes(pickedLevel)) pickedLevel = legalLevels[0] || null;
  const out = [];
  if (legalLevels.length) {
    const levels = el("div", { class: "calls bid-levels", role: "group", "aria-label": t("bid_points") });
    for (const level of BID_LEVELS) {
      const enabled = legalLevels.includes(level);
      levels.append(el("button", {
        type: "button", class: `call bid-level${level === pickedLevel ? " picked" : ""}`, "data-level": level,
        "aria-pressed": level === pickedLevel ? "true" : "false", disabled: enabled ? false : "disabled",
        text: level === "capot" ? t("capot") : level,
        onclick: () => { pickedLevel = level; renderPanel(); },
      }));
    }
    const suits = el("div", { class: "calls bid-suits", role: "group", "aria-label": t("bid_suit") });
    for (const letter of "CDHS") {
      const call = `${pickedLevel}${letter}`;
      const enabled = view.legal.includes(call);
      suits.append(el("button", {
        type: "button", class: `call bid-suit suit-${letter}`, "data-call": call, disabled: enabled ? false : "disabled",
        "aria-label": `${callText(call)} ${t(suitContract(letter))}`, text: `${SUIT_SYMBOLS[letter]} ${t(suitContract(letter))}`,
        onclick: () => act(call),
      }));
    }
    out.push(el("p", { class: "auction-help", text: t("bid_help") }), levels, suits);
  }
  const others = el("div", { class: "calls" });
  for (const call of view.legal.filter((c) => !pointsBid(c))) {
    others.append(el("button", { type: "button", class: `call call-${call}`, "data-call": call, onclick: () => act(call), text: callText(call) }));
  }
  out.push(others);
  return out;
}

function auctionHistory() {
  return el("p", { class: "auction-history", id: "auction-history", text: biddingLine(state.view) });
}

/** The end of a deal: its outcome, how it was scored, every hand, the seed; with the next
 * deal's button unless ``next`` is false (the match is over). */
function dealSummary(next = true) {
  const view = state.view;
  const out = [];
  const info = state.table.deals[state.table.deals.length - 1];
  if (view.result) {
    const r = view.result;
    const words = gameWords(game());
    const outcome = r.outcome === "inside" ? words.inside : t(r.outcome);
    out.push(el("p", { class: "outcome", id: "outcome", text: `${contractLabel(view)} · ${t(`seat_${view.bidder}`)}${doublesText(view)} · ${outcome}${r.valat ? ` · ${words.valat}` : ""}${r.double > 1 ? ` · ×${r.double}` : ""}${r.hanging ? ` · ${t("hanging")} ${r.hanging}` : ""}` }));
    out.push(dealExplained(view, r, words));
  }
  if (view.revealed) {
    const hands = el("div", { class: "revealed" });
    for (const seat of SEATS) {
      const row = el("div", { class: "revealed-hand" }, el("span", { text: t(`seat_${seat}`) }));
      for (const card of view.revealed[seat]) row.append(cardImg(card, "small"));
      hands.append(row);
    }
    out.push(hands);
  }
  if (info && info.seed) {
    out.push(el("p", { class: "seed-line" }, `${t("seed")}: `, el("code", { id: "deal-seed", text: info.seed }),
      el("br"), `${t("verify")} `, el("code", { text: `belot verify ${info.seed} --cut ${info.cut ?? ""} --dealer ${info.dealer}` })));
  }
  if (state.you && next) out.push(el("button", { type: "button", class: "primary next-deal", id: "next-deal", onclick: () => once({ type: "next" }), text: t("next_deal") }));
  return out;
}

/** What made each team's points, row by row, and how they became the written score:
 * card points (the last trick's bonus with them), the declarations that scored, belots, the
 * valat's or capot's change, the total, the doubles and hanging points, the written points. */
function dealExplained(view, r, words) {
  const teams = ["NS", "EW"];
  const scored = view.scored || { declarations: { NS: [], EW: [] }, notes: [] };
  const belots = { NS: 0, EW: 0 };
  for (const [seat] of view.belots) belots[team(seat)] += 20;
  const declared = {};
  for (const side of teams) declared[side] = scored.declarations[side].reduce((n, d) => n + d.points, 0);
  const cards = view.card_points;
  const bonus = {};
  for (const side of teams) bonus[side] = r.raw[side] - cards[side] - declared[side] - belots[side];
  const row = (kind, label, cells) => el("tr", { class: `why-${kind}` }, el("th", { scope: "row", text: label }),
    ...teams.map((side) => el("td", { "data-team": side, text: String(cells[side]) })));
  const last = view.tricks[view.tricks.length - 1];
  const lastBonus = view.contract === "no-trumps" ? state.table.rules.nt_last_trick ?? 20 : 10;
  const lastNote = last && last.winner ? ` (${t("with_last_trick")} +${lastBonus}: ${t(`seat_${last.winner}`)})` : "";
  const rows = [
    el("tr", {}, el("td"), ...teams.map((side) => el("th", { scope: "col", text: teamLabel(side) }))),
    row("cards", `${t("card_points")}${lastNote}`, cards),
  ];
  const declaredText = {};
  for (const side of teams) {
    const list = scored.declarations[side];
    declaredText[side] = list.length ? `${list.map((d) => declarationText(d.cards)).join(" + ")} = ${declared[side]}` : "0";
  }
  rows.push(row("declarations", t("declarations"), declaredText));
  rows.push(row("belots", t("belots_row"), belots));
  if (bonus.NS || bonus.EW) rows.push(row("bonus", r.valat ? words.valat : t("bonus_row"), bonus));
  rows.push(row("total", t("total"), r.raw));
  // The sheet's row of this deal: the written points with any hanging points carried in.
  const sheetRow = state.table.sheet.rows.find((x) => x.deal === state.deal_number);
  const written = sheetRow ? sheetRow.written : r.written;
  rows.push(el("tr", { class: "why-written" }, el("th", { scope: "row", text: t("written") }),
    el("td", { class: "written-ns", "data-team": "NS", text: String(written.NS) }),
    el("td", { class: "written-ew", "data-team": "EW", text: String(written.EW) })));
  const how = [];
  if (game() === "bulgarian") how.push(t("divided"));
  if (r.double > 1) how.push(`${t("doubled")} ×${r.double}`);
  const carried = teams.reduce((n, side) => n + written[side] - r.written[side], 0);
  if (carried) how.push(`+${carried} ${t("carried_in")}`);
  const hanging = sheetRow ? sheetRow.hanging : r.hanging;
  if (hanging) how.push(`${hanging} ${t("left_hanging")}`);
  for (const note of scored.notes) if (note !== "valat" && note !== "capot") how.push(note === "dedans" ? words.inside : t(`note_${note.replaceAll(" ", "_")}`));
  return el("div", { class: "deal-explained", id: "deal-explained" },
    el("table", { class: "result" }, el("caption", { text: t("deal_explained") }), ...rows),
    how.length ? el("p", { class: "how-written", id: "how-written", text: `${t("total")} → ${t("written")}: ${how.join(" · ")}` }) : null);
}

function sheetTable() {
  const sheet = state.table.sheet;
  const tableEl = el("table", { class: "sheet" });
  tableEl.append(el("tr", {}, el("th", { text: t("deal") }), el("th", { text: teamLabel("NS") }), el("th", { text: teamLabel("EW") })));
  const words = gameWords(game());
  for (const row of sheet.rows) {
    let note = contractSymbol(row.contract);
    if (row.level) note = `${row.level === 250 ? t("capot") : row.level}${note}`;
    if (row.double > 1) note += ` ×${row.double}`;
    if (row.valat) note += ` ${words.valat}`;
    if (row.outcome === "inside") note += ` ${words.inside}`;
    if (row.hanging) note += ` (${t("hanging")} ${row.hanging})`;
    tableEl.append(el("tr", { class: "sheet-row" }, el("td", { text: `${row.deal}. ${note}` }), el("td", { text: row.written.NS }), el("td", { text: row.written.EW })));
  }
  tableEl.append(el("tr", { class: "totals" }, el("td", { text: `${t("score")} / ${sheet.target}` }), el("td", { id: "total-ns", text: sheet.totals.NS }), el("td", { id: "total-ew", text: sheet.totals.EW })));
  if (sheet.hanging) tableEl.append(el("tr", {}, el("td", { colspan: 3, text: `${t("hanging")}: ${sheet.hanging}` })));
  return tableEl;
}

function renderSide() {
  const view = state.view;
  const info = $("info");
  info.replaceChildren();
  const banner = $("banner");
  banner.hidden = true;
  if (!state.you) info.append(el("p", { class: "spectator", text: t("spectator") }));
  if (state.you && state.table.seats[SEATS.indexOf(state.you)].bot_playing) {
    banner.replaceChildren(el("button", { type: "button", class: "primary", id: "take-back", onclick: () => send({ type: "take_back" }), text: t("take_back") }));
    banner.hidden = false;
  } else if (state.you && state.table.started && !state.table.over) {
    banner.replaceChildren(el("button", { type: "button", id: "leave-btn", onclick: () => send({ type: "leave" }), text: t("leave") }));
    banner.hidden = false;
  }
  if (view) {
    info.append(el("p", {}, `${t("deal")} ${state.deal_number} · ${t("dealer")}: ${t(`seat_${view.dealer}`)}`));
    if (view.calls.length) info.append(el("p", { class: "bidding", id: "bidding" }, `${t("bidding")}: ${biddingLine(view)}`));
    if (view.contract) info.append(el("p", { id: "contract-info" }, `${t("contract")}: ${contractLabel(view)} (${t(`seat_${view.bidder}`)})${doublesText(view)}${view.double > 1 ? ` ×${view.double}` : ""}`));
    const won = { NS: 0, EW: 0 };
    for (const trick of view.tricks) if (trick.winner) won[team(trick.winner)] += 1;
    info.append(el("p", { id: "tricks-won" }, `${t("tricks")}: ${teamLabel("NS")} ${won.NS} · ${teamLabel("EW")} ${won.EW}`));
  }
  $("sheet").replaceWith(Object.assign(sheetTable(), { id: "sheet" }));
  const seeds = $("seeds");
  seeds.replaceChildren();
  const deals = state.table.deals;
  if (deals.length) {
    const current = deals[deals.length - 1];
    seeds.append(el("p", {}, `${t("seed_hash")} #${current.deal}: `, el("code", { id: "seed-hash", class: "hash", text: current.hash })));
    const previous = deals.filter((d) => d.seed).slice(-3).reverse();
    for (const d of previous) {
      seeds.append(el("p", { class: "old-seed" }, `#${d.deal} ${t("seed")} `, el("code", { text: d.seed }), ` · ${t("cut")} ${d.cut ?? "-"} · ${t("dealer")} ${d.dealer}`));
    }
  }
  const myTurn = view && view.turn === state.you && view.legal.length;
  const cardTurn = myTurn && view.phase === "play" && !view.legal[0].startsWith("declare:");
  const callTurn = myTurn && view.phase === "auction";
  $("hint-btn").hidden = !(state.hint_available && (cardTurn || callTurn));
  if (!myTurn) hintAsked = null;  // the turn moved on: no hint is coming for it
  hintBusy();
  $("undo-btn").hidden = !state.undo_available;
  $("undo-btn").textContent = `${t("undo")} (U)`;
  $("last-trick-btn").hidden = !(view && view.tricks.some((x) => x.winner));
  $("keys-help").replaceChildren(...(state.you ? [t("keyboard_help"), el("br"), t(`keyboard_calls_${game()}`)] : []));
  renderHint();
}

/** While a hint is worked out its button is busy and the page says so. */
function hintBusy() {
  $("hint-btn").disabled = Boolean(hintAsked);
  $("hint-btn").setAttribute("aria-busy", hintAsked ? "true" : "false");
  $("hint-working").hidden = !hintAsked;
  $("hint-working").textContent = t("hint_working");
}

function renderHint() {
  const box = $("hint-box");
  if (!hintList || !state || !state.view || state.view.turn !== state.you) {
    box.hidden = true;
    return;
  }
  box.replaceChildren(el("h2", { text: t("hint") }), el("p", { class: "hint-unit", text: t("hint_unit") }));
  const list = el("ol");
  for (const item of hintList) {
    const text = /^(7|8|9|10|J|Q|K|A)[CDHS]$/.test(item.action) ? cardName(item.action) : callText(item.action);
    list.append(el("li", {}, `${text}${item.value === null ? "" : ` — ${item.value}`}`));
  }
  box.append(list);
  box.hidden = false;
}

function renderTimer() {
  clearInterval(timerTick);
  const line = $("trick-status");
  if (state.timer_left === null || state.timer_left === undefined || !state.view || state.view.turn !== state.you) return;
  const end = Date.now() + state.timer_left * 1000;
  const box = el("div", { class: "timer", id: "timer" });
  line.append(box);
  const tick = () => {
    box.textContent = `${Math.max(0, Math.ceil((end - Date.now()) / 1000))} ${t("seconds_left")}`;
  };
  tick();
  timerTick = setInterval(tick, 500);
}

let sitting = false;
// The socket was closed to come back with a seat's token (not a lost connection).
let reseated = false;
async function sit(seat) {
  if (sitting) return;  // one seat asked for at a time: a second click is not a second claim
  sitting = true;
  try {
    await claimSeat(seat);
  } finally {
    sitting = false;
  }
}

async function claimSeat(seat) {
  const input = $("join-name");
  const name = input ? input.value.trim() : "";
  if (name) localStorage.setItem("belot-name", name);
  const response = await fetch(`/api/tables/${tableId}/seats/${seat}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ name }) });
  const answer = await response.json();
  if (!response.ok) {
    toast(refusal(answer.kind, answer.values, answer.error));
    return;
  }
  localStorage.setItem(tokenKey, answer.token);
  noteRecent(tableId);
  reseated = true;  // closed on purpose: connect again with the seat's token, saying nothing
  socket.close(1000);
}

// --- rematch -------------------------------------------------------------------------------

/** Put `id` first among the tables this browser plays at (the home page lists them). */
function noteRecent(id) {
  let ids = [];
  try {
    ids = JSON.parse(localStorage.getItem("belot-recent") || "[]");
  } catch {
    ids = [];
  }
  if (!Array.isArray(ids)) ids = [];
  ids = [id, ...ids.filter((other) => other !== id)].slice(0, 30);
  localStorage.setItem("belot-recent", JSON.stringify(ids));
}

// A rematch is being made: a second click makes no second table.
let rematching = false;
window.addEventListener("pageshow", () => { rematching = false; });

// A rematch asked for as the connection closed: its answer (the seat's token there) never
// comes on that one, so it is asked again on the next (the server derives the same token).
let rematchLost = false;
function rematchAgain() {
  if (!rematchLost) return;
  rematchLost = false;
  if (state && state.you && state.table.over) rematch();
}

/** Ask for the rematch, or to join the one someone asked for: the server makes one table of
 * this one's game, rules options, timer, hints and seats (the same bot levels) and answers with
 * this seat's token there (a `rematch` message); everyone keeps their seat. */
function rematch(event) {
  const link = event && event.currentTarget.tagName === "A";
  if (!socket || socket.readyState !== WebSocket.OPEN) {
    // Not connected: the link still leads to the rematch's table (a free seat is taken there).
    if (!link) toast(t("connection_lost"));
    return;
  }
  if (event) event.preventDefault();
  if (rematching || !state || !state.you) return;
  rematching = true;
  const button = $("rematch");
  if (button) button.disabled = true;
  send({ type: "rematch" });
}

// --- input ---------------------------------------------------------------------------------

$("last-trick-btn").addEventListener("click", () => {
  showLastTrick = !showLastTrick;
  if (state) renderTrick();
});
$("hint-btn").addEventListener("click", () => {
  if (hintAsked) return;  // asked already: it is being worked out
  hintAsked = state;
  send({ type: "hint", level: settings.hint });  // whose search: strong (quick) or expert
  renderSide();
});
$("undo-btn").addEventListener("click", () => once({ type: "undo" }));
$("settings-btn").addEventListener("click", () => {
  renderSettings();
  $("settings-dialog").showModal();
});
/** The page's fixed words in the chosen language (the server wrote them in its cookie's). */
function labelPage() {
  $("lang-select").value = currentLang();
  $("lang-select").setAttribute("aria-label", t("language"));
  $("lang-select").title = t("language");
  $("felt").setAttribute("aria-label", t("table_label"));
  document.querySelector("#replay-link").textContent = t("replay");
  $("last-trick-btn").textContent = `${t("last_trick")} (L)`;
  $("hint-btn").textContent = `${t("hint")} (H)`;
  $("silent-bela-text").textContent = t("silent_bela");
  renderSettings();
}

$("lang-select").addEventListener("change", (event) => {
  setLang(event.target.value);
  labelPage();
  if (state) render();
});

document.addEventListener("keydown", (event) => {
  if (!state || !state.view || ["INPUT", "SELECT"].includes(event.target.tagName) || $("settings-dialog").open) return;
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  const key = event.key.toLowerCase();
  if (key === "?" && !$("hint-btn").hidden) {  // the hint's key in the auction too (h: hearts)
    $("hint-btn").click();
    return;
  }
  if (panelKey(key)) {
    event.preventDefault();
    return;
  }
  if (key === "u" && !$("undo-btn").hidden) {
    $("undo-btn").click();
  } else if (key === "b" && !$("silent-bela-line").hidden) {
    $("silent-bela").checked = !$("silent-bela").checked;  // Bela: keep the bela silent, or not
  } else if (/^[1-8]$/.test(key)) {
    const button = $("hand").children[Number(key) - 1];
    if (button && !button.disabled) button.click();
  } else if (key === "l") {
    $("last-trick-btn").click();
  } else if ((key === "h" || key === "?") && !$("hint-btn").hidden) {
    $("hint-btn").click();
  } else if (key === "arrowright" || key === "arrowleft") {
    const buttons = [...$("hand").querySelectorAll("button:not([disabled])")];
    if (!buttons.length) return;
    const at = buttons.indexOf(document.activeElement);
    const next = key === "arrowright" ? (at + 1) % buttons.length : (at - 1 + buttons.length) % buttons.length;
    buttons[at < 0 ? 0 : next].focus();
    event.preventDefault();
  }
});

/** Keys for what the panel asks: the auction's calls by letter (p pass, c d h s the suits,
 * n no trumps, a all trumps, x contra or coinche, r recontra or surcoinche, t take the turned
 * card; in Coinche ↑ ↓ change the points), a declaration by its number, n or Enter for the next
 * deal. True when the key did something. */
const CALL_KEYS = {
  p: ["pass"], c: ["clubs", "C"], d: ["diamonds", "D"], h: ["hearts", "H"], s: ["spades", "S"],
  n: ["no-trumps"], a: ["all-trumps"], x: ["contra", "coinche"], r: ["recontra", "surcoinche"],
};
function panelKey(key) {
  const kind = $("panel").hidden ? "" : $("panel").dataset.kind;
  const press = (selector) => {
    const button = $("panel").querySelector(selector);
    if (!button || button.disabled) return false;
    button.click();
    return true;
  };
  if (kind === "auction") {
    if (game() === "coinche" && (key === "arrowup" || key === "arrowdown")) {
      const levels = [...$("panel").querySelectorAll(".bid-level:not([disabled])")];
      const at = levels.findIndex((b) => b.dataset.level === pickedLevel);
      const next = levels[Math.max(0, Math.min(levels.length - 1, at + (key === "arrowup" ? 1 : -1)))];
      if (next) next.click();
      return Boolean(next);
    }
    if (key === "t" && game() === "french") return press("[data-call]:not([data-call='pass'])");
    for (const call of CALL_KEYS[key] || []) {
      const code = call.length === 1 ? `${pickedLevel}${call}` : call;
      if (press(`[data-call="${code}"]`)) return true;
    }
    return false;
  }
  if (kind === "declare" && /^[1-9]$/.test(key)) return press(`[data-declare]:nth-child(${key})`);
  if (kind === "deal-over" && (key === "n" || key === "enter") && document.activeElement !== $("next-deal")) return press("#next-deal");
  return false;
}

document.documentElement.lang = currentLang();
labelPage();
if (localStorage.getItem(tokenKey)) noteRecent(tableId);
connect();
setInterval(() => send({ type: "ping" }), 25000);
