// The home page: create a table (South is you) or join one by its code.
import { refusal } from "./common.js";

const form = document.getElementById("new-table");
const errorBox = document.getElementById("create-error");

// The language of the home page is the one the table pages use too (the picker: texts.js).
window.belotKeepLang(window.BELOT_LANG);

const words = window.BELOT_TEXTS[window.BELOT_LANG] || window.BELOT_TEXTS.en;
const say = (key) => words[key] ?? key;

// --- your games in progress ---------------------------------------------------------------
// The tables this browser holds a seat at (a `belot-token-<id>` kept when it made or took the
// seat), newest first (`belot-recent`, which table.js keeps too), that are not finished.
const TOKEN_PREFIX = "belot-token-";
const RECENT_KEY = "belot-recent";
const SHOWN = 5;     // the newest few
const ASKED = 12;    // tables asked about at most, per visit

function recentIds() {
  try {
    const ids = JSON.parse(localStorage.getItem(RECENT_KEY) || "[]");
    return Array.isArray(ids) ? ids.filter((id) => typeof id === "string") : [];
  } catch {
    return [];
  }
}

/** Put `id` first among the recent tables. */
function noteRecent(id) {
  const ids = [id, ...recentIds().filter((other) => other !== id)].slice(0, 30);
  localStorage.setItem(RECENT_KEY, JSON.stringify(ids));
}

/** Forget a table the server no longer has (its token and its place among the recent). */
function forget(id) {
  localStorage.removeItem(TOKEN_PREFIX + id);
  localStorage.setItem(RECENT_KEY, JSON.stringify(recentIds().filter((other) => other !== id)));
}

/** The table's summary, or null: unknown (forgotten here), or not answered now (kept). */
async function summary(id) {
  try {
    const response = await fetch(`/api/tables/${encodeURIComponent(id)}`);
    if (response.status === 404) {
      forget(id);
      return null;
    }
    if (!response.ok) return null;
    return (await response.json()).table;
  } catch {
    return null;
  }
}

async function listInProgress() {
  const held = [];
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (key && key.startsWith(TOKEN_PREFIX)) held.push(key.slice(TOKEN_PREFIX.length));
  }
  const recent = recentIds().filter((id) => held.includes(id));
  const ids = [...recent, ...held.filter((id) => !recent.includes(id))].slice(0, ASKED);
  const tables = (await Promise.all(ids.map(summary))).filter((table) => table && !table.over);
  const list = document.getElementById("in-progress-list");
  list.replaceChildren();
  for (const table of tables.slice(0, SHOWN)) {
    const item = document.createElement("li");
    item.dataset.table = table.id;
    const game = say(`game_${table.rules.preset}`);
    const totals = table.sheet && table.sheet.totals ? ` · ${table.sheet.totals.NS} : ${table.sheet.totals.EW}` : "";
    const label = document.createElement("span");
    label.textContent = `${game} · ${table.id}${totals}`;
    const link = document.createElement("a");
    link.href = `/t/${encodeURIComponent(table.id)}`;
    link.className = "continue";
    link.textContent = say("continue");
    link.setAttribute("aria-label", `${say("continue")}: ${game} ${table.id}`);
    item.append(label, " ", link);
    list.append(item);
  }
  document.getElementById("in-progress").hidden = list.children.length === 0;
}
listInProgress();
// Back to this page from a table (restored as it was left): the list is asked for again.
window.addEventListener("pageshow", (event) => { if (event.persisted) listInProgress(); });

// The game chosen: its own options and target, and only the bot levels that play it (an option
// carries the games its level plays in data-games; none: every level is offered).
const gameChoice = document.getElementById("game-choice");
function chooseGame() {
  const game = gameChoice.value;
  for (const box of form.querySelectorAll(".game-options")) box.hidden = box.dataset.game !== game;
  document.getElementById("target").value = gameChoice.selectedOptions[0].dataset.target;
  for (const select of form.querySelectorAll("select[name^=level_]")) {
    for (const option of select.options) {
      const games = option.dataset.games;
      option.disabled = games !== undefined && games !== "" && !games.split(" ").includes(game);
    }
    if (select.selectedOptions[0].disabled) {
      const able = [...select.options].find((option) => !option.disabled);
      if (able) select.value = able.value;
    }
  }
}
gameChoice.addEventListener("change", chooseGame);
chooseGame();

// A table is being made: a second click (or Enter) makes no second table.
let creating = false;
// Back from the table (the page restored as it was left): the button works again.
window.addEventListener("pageshow", () => { creating = false; });
form.addEventListener("submit", async (event) => {
  event.preventDefault();
  if (creating) return;
  creating = true;
  let leaving = false;
  try {
    leaving = await createTable();
  } finally {
    creating = leaving;  // on the way to the new table: no more clicks counted
  }
});

/** Make the table the form describes; true when the page is going to it. */
async function createTable() {
  const data = new FormData(form);
  const seats = { S: { kind: "person" } };
  for (const seat of ["N", "E", "W"]) {
    seats[seat] = { kind: data.get(`kind_${seat}`), level: data.get(`level_${seat}`) };
  }
  const game = gameChoice.value;
  const options = { target: Number(data.get("target")) };
  for (const input of form.querySelectorAll(`.game-options[data-game="${game}"] [data-option]`)) {
    const name = input.dataset.option;
    if (input.type === "checkbox") options[name] = input.checked;
    else options[name] = input.dataset.type === "int" ? Number(input.value) : input.value;
  }
  const body = {
    name: data.get("name") || "",
    rules: { preset: game, options },
    seats,
    timer: Number(data.get("timer")) || 0,
    hints: data.get("hints") === "on",
  };
  const response = await fetch("/api/tables", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const answer = await response.json();
  if (!response.ok) {
    errorBox.textContent = refusal(answer.kind, answer.values, answer.error, window.BELOT_LANG);
    return false;
  }
  localStorage.setItem(`belot-token-${answer.id}`, answer.token);
  noteRecent(answer.id);
  location.href = `/t/${answer.id}`;
  return true;
}

document.getElementById("join-table").addEventListener("submit", (event) => {
  event.preventDefault();
  const code = new FormData(event.target).get("code").trim().toUpperCase();
  if (code) location.href = `/t/${encodeURIComponent(code)}`;
});
