// The card-ranking tool: sends the picked contract, suit led and cards to the server, which
// decides the trick with the rules engine, and shows its answer.
"use strict";
(function () {
  const form = document.getElementById("ranking-form");
  const $ = (id) => document.getElementById(id);

  function clearErrors() {
    form.querySelectorAll("[data-error-for]").forEach((el) => { el.textContent = ""; });
  }

  async function update() {
    const cards = Array.from(form.querySelectorAll("input[name=cards]:checked")).map((el) => el.value);
    clearErrors();
    if (cards.length < 2) {
      $("ranking-result").hidden = true;
      if (cards.length === 1) form.querySelector('[data-error-for="cards"]').textContent = "Pick at least one more card.";
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
    $("ranking-winner").textContent = `${result.winner_symbol} wins the trick`;
    const list = $("ranking-reasons");
    list.textContent = "";
    for (const reason of result.reasons) {
      const li = document.createElement("li");
      li.textContent = `${reason.symbol} ${reason.why}`;
      if (reason.wins) li.className = "wins";
      list.appendChild(li);
    }
    $("ranking-orders").textContent = "Order, strongest first: " + Object.entries(result.orders).map(([suit, order]) => `${suit}: ${order}`).join("; ");
    $("ranking-result").hidden = false;
  }

  form.addEventListener("change", update);
  form.addEventListener("submit", (event) => { event.preventDefault(); update(); });
})();
