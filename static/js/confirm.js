// Plain forms with data-confirm="…" ask before they submit (htmx forms use hx-confirm).
// A form that lacks a required choice is not asked: its own message (data-invalid-message)
// shows next to the choices instead, before any dialog, and nothing is sent.
// A file of its own, because the Content-Security-Policy runs no inline script.
document.addEventListener("submit", function (event) {
  var form = event.target;
  var message = form.getAttribute && form.getAttribute("data-confirm");
  if (!message) return;
  if (form.checkValidity && !form.checkValidity()) {
    event.preventDefault();
    var note = form.querySelector("[data-invalid-message]");
    if (note) note.hidden = false;
    var first = form.querySelector(":invalid");
    if (first) first.focus();
    return;
  }
  if (!window.confirm(message)) {
    event.preventDefault();
  }
});
