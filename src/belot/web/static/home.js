// The home page: create a table (South is you) or join one by its code.
const form = document.getElementById("new-table");
const errorBox = document.getElementById("create-error");

// The language of the home page is the one the table pages use too (the picker: texts.js).
window.belotKeepLang(window.BELOT_LANG);

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
    errorBox.textContent = answer.error;
    return false;
  }
  localStorage.setItem(`belot-token-${answer.id}`, answer.token);
  location.href = `/t/${answer.id}`;
  return true;
}

document.getElementById("join-table").addEventListener("submit", (event) => {
  event.preventDefault();
  const code = new FormData(event.target).get("code").trim().toUpperCase();
  if (code) location.href = `/t/${encodeURIComponent(code)}`;
});
