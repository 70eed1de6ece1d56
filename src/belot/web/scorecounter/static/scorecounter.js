// Score counter and one-deal calculator. This script does no rules arithmetic: it reads the
// form, posts it to the server (which scores with the rules engine, as `belot calc` does) and
// shows the answer or the reasons a field is refused. The only number it works out itself is
// the other team's card points: the contract's total (sent by the server) minus the typed one.
"use strict";
(function () {
  const data = JSON.parse(document.getElementById("page-data").textContent);
  const form = document.getElementById("deal-form");
  const isCounter = document.body.classList.contains("counter");
  const TEAMS = ["NS", "EW"];
  const KEYS = ["cards", "declarations", "belot"];
  const $ = (id) => document.getElementById(id);
  const input = (team, key) => $(`f-${team}-${key}`);
  /** The page's words in its language, ``{name}`` filled in from ``values``. */
  const T = (key, values = {}) => (data.texts[key] ?? key).replace(/\{(\w+)\}/g, (all, name) => (name in values ? values[name] : all));
  const teamName = (team) => T(`team_${team}`);
  const outcomeName = (outcome) => T(`outcome_${outcome}`);

  /** Why a field is refused, in the page's language (the server's English when it has no code). */
  function reason(error) {
    if (!error.code || !(`refused_${error.code}` in data.texts)) return error.message;
    const values = { ...error.values };
    for (const name of ["team", "other"]) if (values[name]) values[name] = teamName(values[name]);
    return T(`refused_${error.code}`, values);
  }

  let deals = isCounter ? data.deals || [] : [];
  let sheetId = isCounter ? data.sheet_id : null;
  // Each save says which version of the sheet it changes; the server refuses a stale one.
  let version = isCounter ? data.version || 0 : 0;
  // The edit token rides in the link's #fragment, which browsers never send to a server.
  const fragment = new URLSearchParams(location.hash.slice(1));
  let editToken = fragment.get("edit");
  const readOnly = isCounter && Boolean(sheetId) && data.needs_token && !editToken;
  let editing = null; // index of the deal being edited, or null
  let autoTeam = null; // the team whose card points were filled in for the person

  // --- reading and filling the form ---------------------------------------------------------

  function numberOrText(text) {
    const t = text.trim();
    if (t === "") return null;
    return /^\d+$/.test(t) ? Number(t) : t; // the server explains anything else
  }

  function readDeal() {
    const deal = {
      contract: $("f-contract").value,
      declarers: form.querySelector("input[name=declarers]:checked").value,
      double: Number($("f-double").value),
      valat: $("f-valat").value || null,
      points: { NS: {}, EW: {} },
    };
    for (const team of TEAMS) {
      for (const key of KEYS) {
        const value = numberOrText(input(team, key).value);
        if (value !== null) deal.points[team][key] = value;
      }
    }
    if (!isCounter && $("f-hanging")) {
      const hanging = numberOrText($("f-hanging").value);
      if (hanging !== null) deal.hanging = hanging;
    }
    return deal;
  }

  function fillForm(deal) {
    $("f-contract").value = deal.contract;
    form.querySelector(`input[name=declarers][value=${deal.declarers}]`).checked = true;
    $("f-double").value = String(deal.double || 1);
    $("f-valat").value = deal.valat || "";
    for (const team of TEAMS) {
      for (const key of KEYS) {
        const value = (deal.points[team] || {})[key];
        input(team, key).value = value === undefined || value === null ? "" : String(value);
        input(team, key).classList.remove("auto");
      }
    }
    autoTeam = null;
  }

  function clearForm() {
    for (const team of TEAMS) for (const key of KEYS) {
      input(team, key).value = "";
      input(team, key).classList.remove("auto");
    }
    $("f-double").value = "1";
    $("f-valat").value = "";
    autoTeam = null;
    clearErrors();
    $("preview").textContent = "";
  }

  // Enter one team's card points and the other's is filled in (the contract's total minus it).
  function fillOtherCards(typedTeam) {
    const other = typedTeam === "NS" ? "EW" : "NS";
    const otherInput = input(other, "cards");
    if (otherInput.value.trim() !== "" && autoTeam !== other) return; // typed by the person
    const text = input(typedTeam, "cards").value.trim();
    const total = data.totals[$("f-contract").value];
    if (/^\d+$/.test(text) && Number(text) <= total) {
      otherInput.value = String(total - Number(text));
      otherInput.classList.add("auto");
      autoTeam = other;
    } else if (autoTeam === other) {
      otherInput.value = "";
    }
  }

  function onValat() {
    const team = $("f-valat").value;
    if (!team) return;
    const total = data.totals[$("f-contract").value];
    const other = team === "NS" ? "EW" : "NS";
    input(team, "cards").value = String(total);
    input(team, "cards").classList.remove("auto");
    input(other, "cards").value = "0";
    input(other, "cards").classList.add("auto");
    autoTeam = other;
  }

  // --- errors next to the fields ------------------------------------------------------------

  function clearErrors() {
    form.querySelectorAll("[data-error-for]").forEach((el) => { el.textContent = ""; });
    form.querySelectorAll("[aria-invalid]").forEach((el) => el.removeAttribute("aria-invalid"));
  }

  function fieldElement(field) {
    if (field.startsWith("points.")) {
      const [, team, key] = field.split(".");
      return input(team, key);
    }
    return { contract: $("f-contract"), double: $("f-double"), valat: $("f-valat"), hanging: $("f-hanging") }[field] || null;
  }

  function showErrors(errors) {
    clearErrors();
    for (const error of errors) {
      let field = error.field || "";
      let slot = form.querySelector(`[data-error-for="${CSS.escape(field)}"]`);
      if (!slot && field.startsWith("points.")) slot = form.querySelector('[data-error-for="points"]');
      if (!slot) slot = form.querySelector('[data-error-for=""]');
      const said = reason(error);
      slot.textContent = slot.textContent ? `${slot.textContent} ${said}` : said;
      const el = fieldElement(field);
      if (el) el.setAttribute("aria-invalid", "true");
      if (field === "points") {
        for (const team of TEAMS) input(team, "cards").setAttribute("aria-invalid", "true");
      }
    }
  }

  // --- talking to the server ----------------------------------------------------------------

  async function post(url, body, method) {
    const response = await fetch(url, {
      method: method || "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    const answer = await response.json();
    if (!answer.errors && answer.error) answer.errors = [{ field: "", message: answer.error }];
    return answer;
  }

  function describe(result) {
    const w = result.written;
    let text = T("writes", { outcome: outcomeName(result.outcome), NS: teamName("NS"), EW: teamName("EW"), ns: w.NS, ew: w.EW });
    if (result.hanging) text += `; ${T("n_hang", { n: result.hanging })}`;
    return text;
  }

  let previewTimer = null;
  function schedulePreview() {
    clearTimeout(previewTimer);
    previewTimer = setTimeout(preview, 250);
  }

  let previewSeq = 0;
  async function preview() {
    const deal = readDeal();
    const mine = ++previewSeq;
    const answer = await post("/api/score/deal", deal);
    if (mine !== previewSeq) return; // a newer answer is on its way
    if (answer.ok) {
      clearErrors();
      if (isCounter) $("preview").textContent = T("deal_alone", { outcome: describe(answer.result) });
      else showCalc(answer.result);
    } else {
      $("preview").textContent = "";
      if (!isCounter) $("calc-result").hidden = true;
      // Show what is wrong only for the fields the person has filled in so far.
      showErrors(answer.errors.filter((e) => touched(e.field)));
    }
  }

  function touched(field) {
    if (field === "points") {
      return TEAMS.every((t) => input(t, "cards").value.trim() !== "");
    }
    const el = fieldElement(field);
    if (el && el.tagName === "INPUT") return el.value.trim() !== "";
    return true;
  }

  // --- the calculator -----------------------------------------------------------------------

  function showCalc(result) {
    for (const team of TEAMS) {
      $(`raw-${team}`).textContent = result.raw[team];
      $(`written-${team}`).textContent = result.written[team];
    }
    let text = T(`calc_${result.outcome}`);
    if (result.hanging) text += ` ${T("calc_hang", { n: result.hanging })}`;
    $("calc-outcome").textContent = text;
    $("calc-result").hidden = false;
  }

  // --- the score sheet ----------------------------------------------------------------------

  function contractLabel(value) {
    const found = data.contracts.find((c) => c.value === value);
    return found ? found.label : value;
  }

  function cell(row, text, cls) {
    const td = document.createElement("td");
    td.textContent = text;
    if (cls) td.className = cls;
    row.appendChild(td);
    return td;
  }

  function renderSheet(result) {
    const body = $("sheet-body");
    body.textContent = "";
    if (!deals.length) {
      const row = body.insertRow();
      row.className = "empty";
      const td = cell(row, T("no_deals"));
      td.colSpan = 9;
    }
    deals.forEach((deal, i) => {
      const r = result.deals[i];
      const row = body.insertRow();
      row.dataset.index = String(i);
      if (editing === i) row.className = "editing";
      cell(row, String(i + 1));
      let what = `${contractLabel(deal.contract)} · ${teamName(deal.declarers)}`;
      if (deal.double === 2 || deal.double === 4) what += ` · ${T(`double_${deal.double}`)}`;
      if (deal.valat) what += ` · ${T("valat_word")} ${teamName(deal.valat)}`;
      cell(row, what);
      cell(row, outcomeName(r.outcome));
      cell(row, String(r.raw.NS), "num raw");
      cell(row, String(r.raw.EW), "num raw");
      cell(row, String(r.written.NS), "num written-ns");
      cell(row, String(r.written.EW), "num written-ew");
      cell(row, r.hanging ? String(r.hanging) : "", "num");
      const actions = cell(row, "");
      if (readOnly) return;
      const edit = document.createElement("button");
      edit.type = "button"; edit.className = "small"; edit.textContent = T("edit");
      edit.addEventListener("click", () => startEdit(i));
      const remove = document.createElement("button");
      remove.type = "button"; remove.className = "small"; remove.textContent = T("remove");
      remove.addEventListener("click", () => removeDeal(i));
      actions.append(edit, " ", remove);
    });
    $("total-NS").textContent = String(result.total.NS);
    $("total-EW").textContent = String(result.total.EW);
    $("total-hanging").textContent = String(result.hanging);
    let line = `${teamName("NS")} ${result.total.NS} : ${result.total.EW} ${teamName("EW")}`;
    if (result.hanging) line += ` · ${T("hanging_n", { n: result.hanging })}`;
    if (result.winner) line += ` · ${T("team_won", { team: teamName(result.winner) })}`;
    $("scoreline").textContent = line;
    const winner = $("winner");
    if (result.winner) {
      const other = result.winner === "NS" ? "EW" : "NS";
      winner.textContent = T("team_wins_game", { team: teamName(result.winner), points: result.total[result.winner], other: result.total[other] });
      winner.hidden = false;
    } else {
      winner.hidden = true;
    }
    $("add-deal").disabled = Boolean(result.winner) && editing === null;
    $("form-title").textContent = editing === null ? (result.winner ? T("game_over") : T("deal_n", { n: deals.length + 1 })) : T("edit_deal_n", { n: editing + 1 });
    $("add-deal").textContent = editing === null ? T("add_deal") : T("save_deal");
    $("cancel-edit").hidden = editing === null;
  }

  function showShare() {
    if (!sheetId) return;
    const url = `${location.origin}/score/${sheetId}`;
    $("share-link").value = url;
    $("share").hidden = false;
    if (editToken) {
      $("edit-link").value = `${url}#edit=${encodeURIComponent(editToken)}`;
      $("edit-share").hidden = false;
    }
    const here = editToken ? `/score/${sheetId}#edit=${encodeURIComponent(editToken)}` : `/score/${sheetId}`;
    if (location.pathname + location.hash !== here) history.replaceState(null, "", here);
  }

  // Send the whole sheet (deals as typed); the server checks and scores it, and saves it.
  async function saveSheet(newDeals) {
    const body = sheetId ? { deals: newDeals, version, edit: editToken } : { deals: newDeals };
    const answer = sheetId
      ? await post(`/api/score/sheets/${sheetId}`, body, "PUT")
      : newDeals.length ? await post("/api/score/sheets", body) : await post("/api/score/sheet", body);
    if (answer.ok && answer.id) sheetId = answer.id;
    if (answer.ok && answer.edit) editToken = answer.edit;
    if (answer.ok && answer.version) version = answer.version;
    if (answer.current) showCurrent(answer);
    return answer;
  }

  // Someone else saved first: show the sheet as it is now, and say so.
  function showCurrent(answer) {
    deals = answer.current.deals;
    version = answer.current.version;
    editing = null;
    if (answer.current.result) renderSheet(answer.current.result);
    answer.errors = [];
    $("sheet-error").textContent = T("stale", { version: answer.current.version });
  }

  async function submitDeal() {
    const deal = readDeal();
    const newDeals = deals.slice();
    const index = editing === null ? newDeals.length : editing;
    newDeals[index] = deal;
    const answer = await saveSheet(newDeals);
    if (!answer.ok) {
      if (answer.current) return; // shown by showCurrent
      const mine = answer.errors.filter((e) => e.deal === index || e.deal === undefined || e.deal === null);
      const other = answer.errors.filter((e) => !mine.includes(e));
      showErrors(mine.map((e) => ({ field: e.field, message: reason(e) })));
      $("sheet-error").textContent = other.map((e) => T("deal_error", { n: e.deal + 1, message: reason(e) })).join(" ");
      return;
    }
    deals = newDeals;
    editing = null;
    $("sheet-error").textContent = "";
    clearForm();
    renderSheet(answer.result);
    showShare();
    input("NS", "cards").focus();
  }

  function startEdit(i) {
    editing = i;
    fillForm(deals[i]);
    clearErrors();
    rescore();
    form.scrollIntoView({ behavior: "smooth", block: "start" });
  }

  async function removeDeal(i) {
    const newDeals = deals.filter((_, j) => j !== i);
    const answer = await saveSheet(newDeals);
    if (!answer.ok) {
      if (!answer.current) $("sheet-error").textContent = answer.errors.map(reason).join(" ");
      return;
    }
    deals = newDeals;
    if (editing !== null) { editing = null; clearForm(); }
    $("sheet-error").textContent = "";
    renderSheet(answer.result);
  }

  async function rescore() {
    const answer = await post("/api/score/sheet", { deals });
    if (answer.ok) renderSheet(answer.result);
    else $("sheet-error").textContent = answer.errors.map(reason).join(" ");
  }

  // --- wiring -------------------------------------------------------------------------------

  for (const team of TEAMS) {
    input(team, "cards").addEventListener("input", () => {
      if (autoTeam === team) { autoTeam = null; input(team, "cards").classList.remove("auto"); }
      fillOtherCards(team);
    });
  }
  $("f-contract").addEventListener("change", () => {
    if (autoTeam) fillOtherCards(autoTeam === "NS" ? "EW" : "NS");
    onValat();
  });
  $("f-valat").addEventListener("change", onValat);
  form.addEventListener("input", schedulePreview);
  form.addEventListener("change", schedulePreview);
  form.addEventListener("submit", (event) => { event.preventDefault(); if (isCounter) submitDeal(); else preview(); });
  form.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && event.target.tagName === "INPUT") { event.preventDefault(); if (isCounter) submitDeal(); else preview(); }
  });

  if (isCounter) {
    $("add-deal").addEventListener("click", submitDeal);
    $("cancel-edit").addEventListener("click", () => { editing = null; clearForm(); rescore(); });
    for (const [button, field] of [["copy-link", "share-link"], ["copy-edit-link", "edit-link"]]) {
      $(button).addEventListener("click", async () => {
        $(field).select();
        try { await navigator.clipboard.writeText($(field).value); } catch (e) { document.execCommand("copy"); }
      });
    }
    if (readOnly) {
      $("deal-card").hidden = true;
      $("read-only").hidden = false;
    }
    if (deals.length || sheetId) { rescore(); showShare(); }
  }
})();
