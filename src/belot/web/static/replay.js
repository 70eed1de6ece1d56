// Replay a table's finished deals trick by trick, every hand open.
import { SEATS, callText, cardImg, contractText, declarationText, el, t } from "./common.js";

const tableId = document.getElementById("table-code").dataset.table;
const $ = (id) => document.getElementById(id);
let deals = [];
let names = {}; // seat -> the name its person gave, for the steps' labels
let dealIndex = 0;
let step = 0; // 0: the auction, k: after trick k
const notes = {}; // deal number -> [{trick, seat, card, cost, best}]

async function loadAnalysis(deal) {
  if (notes[deal.deal]) return;
  notes[deal.deal] = "loading";
  const response = await fetch(`/api/tables/${tableId}/analysis/${deal.deal}`);
  const answer = await response.json();
  notes[deal.deal] = response.ok ? answer.cards : [];
  show();
}

async function load() {
  const response = await fetch(`/api/tables/${tableId}/record`);
  const record = await response.json();
  for (const info of record.seats || []) if (info.kind === "person" && info.name) names[info.seat] = info.name;
  deals = record.deals.filter((d) => d.contract);
  if (!deals.length) {
    $("replay-empty").hidden = false;
    return;
  }
  for (const [i, d] of deals.entries()) {
    const points = d.level ? `${d.level === 250 ? t("capot") : d.level} ` : "";
    $("deal-select").append(el("option", { value: i, text: `${d.deal}. ${points}${contractText(d.contract)}` }));
  }
  show();
}

/** A seat as the replay names who acted: North, or North (Ana) when its person gave a name. */
function seatName(seat) {
  return names[seat] ? `${t(`seat_${seat}`)} (${names[seat]})` : t(`seat_${seat}`);
}

function show() {
  const deal = deals[dealIndex];
  loadAnalysis(deal);
  const trickCount = deal.tricks.length;
  step = Math.max(0, Math.min(step, trickCount));
  const played = new Set();
  for (const trick of deal.tricks.slice(0, step)) for (const [, card] of trick.plays) played.add(card);
  for (const seat of SEATS) {
    const box = $(`hand-${seat}`);
    const cards = el("div", { class: "cards" });
    for (const card of deal.hands[seat]) cards.append(cardImg(card, played.has(card) ? "gone" : ""));
    const said = deal.declared[seat].map(declarationText);
    const declared = said.length ? ` · ${said.join(", ")}` : "";
    box.replaceChildren(el("div", { class: "seat-name", text: `${seatName(seat)}${declared}` }), cards);
  }
  const middle = $("replay-trick");
  middle.replaceChildren();
  if (step === 0) {
    const calls = el("ol", { class: "auction-history" });
    for (const [seat, call] of deal.calls) calls.append(el("li", { text: `${seatName(seat)}: ${callText(call)}` }));
    middle.append(el("div", { class: "seat-name", text: t("bidding") }), calls);
  } else {
    const trick = deal.tricks[step - 1];
    const cards = el("div", { class: "cards", id: "replay-cards" });
    const dealNotes = Array.isArray(notes[deal.deal]) ? notes[deal.deal] : [];
    for (const [seat, card] of trick.plays) {
      const note = dealNotes.find((n) => n.trick === step && n.card === card);
      const mark = !note ? "" : note.cost === 0 ? " ✓" : ` −${note.cost} (${note.best.join(" ")})`;
      cards.append(el("figure", {}, cardImg(card), el("figcaption", { class: note && note.cost ? "cost" : "", text: `${t(`seat_${seat}`)}${mark}` })));
    }
    middle.append(el("div", { class: "seat-name", text: `${step}. ${t("won_by")} ${seatName(trick.winner)}` }), cards);
  }
  // Each step names who acted: the dealer, then the seat that led each trick (nobody is "you").
  $("step-label").textContent = step === 0
    ? `${t("replay_dealt_by")} ${seatName(deal.dealer)} · ${t("bidding")}`
    : `${t("replay_trick")} ${step} / ${trickCount} · ${t("replay_led_by")} ${seatName(deal.tricks[step - 1].plays[0][0])}`;
  const points = deal.level ? `${deal.level === 250 ? t("capot") : deal.level} ` : "";
  let line = `${points}${contractText(deal.contract)} · ${t(`seat_${deal.bidder}`)}${deal.double > 1 ? ` ×${deal.double}` : ""}`;
  line += ` · ${t("dealer")} ${t(`seat_${deal.dealer}`)} · ${t("seed")} ${deal.seed} · ${t("cut")} ${deal.cut}`;
  if (deal.written) line += ` · ${t("written")} ${deal.written.NS} : ${deal.written.EW}`;
  $("deal-line").textContent = line;
}

$("deal-select").addEventListener("change", (event) => {
  dealIndex = Number(event.target.value);
  step = 0;
  show();
});
$("prev-btn").addEventListener("click", () => { step -= 1; show(); });
$("next-btn").addEventListener("click", () => { step += 1; show(); });
document.addEventListener("keydown", (event) => {
  if (event.key === "ArrowRight") $("next-btn").click();
  if (event.key === "ArrowLeft") $("prev-btn").click();
});
load();
