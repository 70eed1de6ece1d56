// The language picker of every page (templates/_lang_picker.html) and the kept choice.
"use strict";

/** Keep a chosen language for every page: the cookie for the server, storage for the table. */
window.belotKeepLang = (code) => {
  localStorage.setItem("belot-lang", code);
  document.cookie = `lang=${code}; path=/; max-age=31536000; SameSite=Lax`;
};

// A page asked for in a language (?lang=) keeps it for the next pages.
if (new URLSearchParams(location.search).has("lang")) {
  window.belotKeepLang(document.documentElement.lang);
}

// A choice is kept, then the page shown in it: the table relabels itself (data-live); any other
// page is asked for again in that language.
document.addEventListener("change", (event) => {
  const picker = event.target;
  if (!picker.matches || !picker.matches("[data-lang-picker]")) return;
  window.belotKeepLang(picker.value);
  if (picker.form.hasAttribute("data-live")) return;
  const url = new URL(location.href); // its other parameters and #fragment (an edit link) kept
  url.searchParams.set("lang", picker.value);
  location.assign(url);
});
