// A pair's phone page (templates/tournaments/players/table.html): while the opponents type their
// pair code on this phone to accept our deal, the page does not follow the table by itself (its
// poll would replace the box and lose what they typed); it follows again once the box is empty
// and left. A file of its own: the Content-Security-Policy runs no inline script.
(function () {
  "use strict";

  document.addEventListener("htmx:beforeRequest", function (event) {
    var polling = event.detail && event.detail.elt;
    var code = document.getElementById("pair-code");
    if (!polling || !code || !polling.contains(code)) {
      return;
    }
    if (code.value || document.activeElement === code) {
      event.preventDefault();
    }
  });
})();
