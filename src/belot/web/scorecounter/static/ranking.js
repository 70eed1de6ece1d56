// The card-ranking tool: sends the picked contract, suit led and cards to the server, which
// decides the trick with the rules engine, and shows its answer.
"use strict";
(function () {
  const form = document.getElementById("ranking-form");
  const $ = (id) => document.getElementById(id);
  const texts = JSON.parse($("page-data").textContent).texts;
  /** The page's words in its language, ``{name}`` filled in from ``values``. */
  const T = (key, values = {}) => (texts[key] ?? key).replace(/\{(\w+)\}/g, (all, name) => (name in values ? values[name] : all));

  function clearErrors() {
    form.querySelectorAll("[data-error-for]").forEach((el) => { el.textContent = ""; });
  }

  async function update() {
    const cards = Array.from(form.querySelectorAll("input[name=cards]:checked")).map((el) => el.value);
    clearErrors();
    if (cards.length < 2) {
      $("ranking-result").hidden = true;
      if (cards.length === 1) form.querySelector('[data-error-for="cards"]').textContent = T("pick_more");
      return;
    }
    const response = await fetch("/api/rules/ranking", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ contract: $("r-contract").value, led: $("r-led").value, cards }),
    });
    const answer = await response.json();
    if (!answer.ok) {
      $("ranking-result").hidden = true;
      for (const error of answer.errors) {
        const slot = form.querySelector(`[data-error-for="${error.field}"]`) || form.querySelector('[data-error-for=""]');
        slot.textContent = error.message;
      }
      return;
    }
    const result = answer.result;
    $("ranking-winner").textContent = T("wins_trick", { card: result.winner_symbol });
    const list = $("ranking-reasons");
    list.textContent = "";
    for (const reason of result.reasons) {
      const li = document.createElement("li");
      li.textContent = `${reason.symbol} ${T(`why_${reason.reason}`, reason)}`;
      if (reason.wins) li.className = "wins";
      list.appendChild(li);
    }
    const orders = Object.entries(result.orders).map(([suit, order]) => `${suit}: ${order}`).join("; ");
    $("ranking-orders").textContent = T("order_first", { orders });
    $("ranking-result").hidden = false;
  }

  form.addEventListener("change", update);
  form.addEventListener("submit", (event) => { event.preventDefault(); update(); });
})();
