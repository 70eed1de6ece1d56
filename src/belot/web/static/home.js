// The home page: create a table (South is you) or join one by its code.
const form = document.getElementById("new-table");
const errorBox = document.getElementById("create-error");

// The language chosen here (?lang=) is the one the table pages use too.
localStorage.setItem("belot-lang", window.BELOT_LANG);
document.cookie = `lang=${window.BELOT_LANG}; path=/; max-age=31536000; SameSite=Lax`;

for (const link of document.querySelectorAll(".lang-toggle")) {
  link.addEventListener("click", () => {
    document.cookie = `lang=${link.dataset.lang}; path=/; max-age=31536000; SameSite=Lax`;
  });
}

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  const data = new FormData(form);
  const seats = { S: { kind: "person" } };
  for (const seat of ["N", "E", "W"]) {
    seats[seat] = { kind: data.get(`kind_${seat}`), level: data.get(`level_${seat}`) };
  }
  const options = {
    target: Number(data.get("target")),
    passes_after_double: Number(data.get("passes_after_double")),
    nt_last_trick: Number(data.get("nt_last_trick")),
    declaration_compare: data.get("declaration_compare"),
    double_scoring: data.get("double_scoring"),
    belot_when_trumping: data.get("belot_when_trumping") === "on",
    redeal_same_dealer: data.get("redeal_same_dealer") === "on",
  };
  const body = {
    name: data.get("name") || "",
    rules: { preset: "bulgarian", options },
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
    return;
  }
  localStorage.setItem(`belot-token-${answer.id}`, answer.token);
  location.href = `/t/${answer.id}`;
});

document.getElementById("join-table").addEventListener("submit", (event) => {
  event.preventDefault();
  const code = new FormData(event.target).get("code").trim().toUpperCase();
  if (code) location.href = `/t/${encodeURIComponent(code)}`;
});
