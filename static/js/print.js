/* Print pages: the Print button, and the print dialog opened by itself when the page was asked
   for with ?print=1 (the body then carries data-autoprint). No inline script is needed, so the
   pages work under a strict Content-Security-Policy. */
(function () {
  "use strict";
  function ready() {
    var buttons = document.querySelectorAll("[data-print-now]");
    for (var i = 0; i < buttons.length; i++) {
      buttons[i].addEventListener("click", function () { window.print(); });
    }
    if (document.body && document.body.getAttribute("data-autoprint") === "1") {
      window.setTimeout(function () { window.print(); }, 150);
    }
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", ready);
  } else {
    ready();
  }
})();
