/* Nothing feels stuck: a button pressed shows that it is working and cannot be pressed twice.
   - A plain form: once its submit goes ahead (a confirm() declined it does not), its button
     gets the "is-working" look (a turning mark, its data-working text if any) and is disabled.
     Disabled a moment later, so that the button's own name and value still go with the form.
   - An htmx form or button: the same while its request runs (not while a page polls, and not
     for the live check as one types), and back as it was when the answer comes; the keyboard's
     focus comes back to the control it was on. */
(function () {
  "use strict";
  function working(button) {
    if (!button || button.disabled) return;
    button.classList.add("is-working");
    button.setAttribute("aria-busy", "true");
    if (button.dataset.working && !button.dataset.idle) {
      button.dataset.idle = button.textContent;
      button.textContent = button.dataset.working;
    }
  }
  function idle(button) {
    button.classList.remove("is-working");
    button.removeAttribute("aria-busy");
    button.disabled = false;
    if (button.dataset.idle) {
      button.textContent = button.dataset.idle;
      delete button.dataset.idle;
    }
  }
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form || form.hasAttribute("hx-post") || form.hasAttribute("hx-get")) return;
    window.setTimeout(function () {
      if (event.defaultPrevented) return;
      var button = event.submitter || form.querySelector("button[type=submit], button:not([type])");
      working(button);
      if (button) button.disabled = true;
      form.setAttribute("aria-busy", "true");
    }, 0);
  });
  // a page shown again from the browser's history is not working any more
  window.addEventListener("pageshow", function () {
    document.querySelectorAll(".is-working").forEach(idle);
  });
  // The live check as one types shares its form's request slot (hx-sync "closest form:replace",
  // so a newer check replaces an older one): while the form's own save runs, a check (a key
  // typed just before or after pressing Save, 400 ms late) must not replace the save and throw
  // its answer away. It is dropped: the save's answer brings a fresh form anyway.
  document.addEventListener("htmx:confirm", function (event) {
    var detail = event.detail || {};
    var trigger = detail.triggeringEvent;
    var kind = trigger && trigger.type;
    if (kind === "submit" || kind === "click" || !detail.elt || !detail.elt.closest) return;
    var form = detail.elt.closest("form");
    if (form && form !== detail.elt && form._working) event.preventDefault();
  });
  document.addEventListener("htmx:beforeRequest", function (event) {
    var detail = event.detail || {};
    var trigger = detail.requestConfig && detail.requestConfig.triggeringEvent;
    var kind = trigger && trigger.type;
    if (kind !== "submit" && kind !== "click") return; // polls, live checks
    var elt = detail.elt;
    var buttons = elt.matches("form")
      ? Array.prototype.slice.call(elt.querySelectorAll("button[type=submit], button:not([type])"))
      : elt.matches("button") ? [elt] : [];
    if (trigger.submitter && buttons.indexOf(trigger.submitter) < 0) buttons.push(trigger.submitter);
    buttons.forEach(function (button) { working(button); button.disabled = true; });
    elt._working = buttons;
  });
  // A control disabled while it works loses the keyboard's focus, and an answer swapped in
  // replaces it: once the answer is in, the focus goes back to the control of the same id.
  var focusedId = null;
  document.addEventListener("focusin", function (event) {
    focusedId = event.target && event.target.id ? event.target.id : null;
  });
  document.addEventListener("htmx:afterSettle", function () {
    var active = document.activeElement;
    if (!focusedId || (active && active !== document.body)) return;
    var again = document.getElementById(focusedId);
    if (again && !again.disabled) again.focus({ preventScroll: true });
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    var elt = event.detail && event.detail.elt;
    if (elt && elt._working) {
      elt._working.forEach(idle);
      elt._working = null;
    }
  });
})();
