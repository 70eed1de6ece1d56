// The cheat sheet's Print button (a file of its own: the Content-Security-Policy allows no
// inline handlers).
"use strict";
document.getElementById("print").addEventListener("click", () => window.print());
