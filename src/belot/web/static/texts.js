// The pages' texts in every language, and the page's language. The server writes them as JSON
// data in the page; this file reads them, so that no inline script is needed (the
// Content-Security-Policy allows scripts from this server's files only).
"use strict";
window.BELOT_TEXTS = JSON.parse(document.getElementById("belot-texts").textContent);
window.BELOT_LANG = document.documentElement.lang;
