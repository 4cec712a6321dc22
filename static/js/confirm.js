// Plain forms with data-confirm="…" ask before they submit (htmx forms use hx-confirm).
// A file of its own, because the Content-Security-Policy runs no inline script.
document.addEventListener("submit", function (event) {
  var message = event.target.getAttribute && event.target.getAttribute("data-confirm");
  if (message && !window.confirm(message)) {
    event.preventDefault();
  }
});
