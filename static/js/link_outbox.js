// A pair's phone page (templates/tournaments/players/table.html): what it sends — a deal
// written, accepted, or answered with our version — goes first into an outbox kept in the
// phone's storage, then to the server. When the connection drops, it stays there, the page says
// "not yet sent", and it goes again by itself when the connection returns (and every few
// seconds until then), even after the page was closed and opened again. The server answers a
// step it already has (the same key) as it did the first time, so nothing counts twice, and
// nothing is lost. A file of its own: the Content-Security-Policy runs no inline script.
(function () {
  "use strict";

  var RETRY_MS = 5000;
  var sending = false;
  var memory = null; // the outbox when the phone's storage cannot keep it

  function main() {
    return document.getElementById("link-main");
  }

  function storageKey() {
    var region = main();
    return region ? "burraco-outbox:" + region.getAttribute("data-token") : null;
  }

  function load() {
    var key = storageKey();
    if (!key) {
      return null;
    }
    try {
      return JSON.parse(window.localStorage.getItem(key) || "null");
    } catch (error) {
      return null;
    }
  }

  function store(item) {
    var key = storageKey();
    if (!key) {
      return;
    }
    try {
      if (item) {
        window.localStorage.setItem(key, JSON.stringify(item));
      } else {
        window.localStorage.removeItem(key);
      }
    } catch (error) {
      // private browsing without storage: the item lives as long as the page
    }
    memory = item;
  }

  function pending() {
    return load() || memory;
  }

  function show(item, state) {
    var box = document.getElementById("outbox");
    if (!box) {
      return;
    }
    if (!item) {
      box.hidden = true;
      box.textContent = "";
      box.removeAttribute("data-state");
      return;
    }
    var text = box.getAttribute(state === "sending" ? "data-msg-sending" : "data-msg-waiting");
    box.textContent = (text || "").split("{label}").join(item.label);
    box.setAttribute("data-state", state);
    box.hidden = false;
  }

  function csrfToken(body) {
    var found = /(?:^|&)csrfmiddlewaretoken=([^&]*)/.exec(body);
    return found ? decodeURIComponent(found[1]) : "";
  }

  function replaceMain(html) {
    var region = main();
    var holder = document.createElement("div");
    holder.innerHTML = html;
    var fresh = holder.querySelector("#link-main");
    if (!region || !fresh) {
      return false;
    }
    region.replaceWith(fresh);
    if (window.htmx) {
      window.htmx.process(fresh);
    }
    var first = fresh.querySelector(".notice, .problems-top li, .side-problems li");
    if (first && first.scrollIntoView) {
      first.scrollIntoView({ block: "center" });
    }
    return true;
  }

  function send() {
    var item = pending();
    if (!item || sending) {
      return;
    }
    sending = true;
    show(item, "sending");
    window
      .fetch(item.url, {
        method: "POST",
        body: item.body,
        credentials: "same-origin",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          "HX-Request": "true",
          "X-CSRFToken": csrfToken(item.body),
        },
      })
      .then(function (response) {
        if (response.status === 429 || response.status >= 500) {
          // Not taken now (too many requests, or the server is in trouble): later.
          sending = false;
          show(pending(), "waiting");
          return null;
        }
        return response.text().then(function (html) {
          // The server has it (saved, refused with its reasons, or seen before): done here.
          store(null);
          sending = false;
          show(null);
          if (!replaceMain(html)) {
            window.location.reload();
          }
        });
      })
      .catch(function () {
        sending = false;
        show(pending(), "waiting");
      });
  }

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.hasAttribute || !form.hasAttribute("data-outbox") || !window.fetch) {
      return; // without fetch the form posts as a plain form, which works too
    }
    event.preventDefault();
    if (pending()) {
      send();
      return;
    }
    var body = new URLSearchParams(new FormData(form)).toString();
    store({
      url: form.getAttribute("action"),
      body: body,
      label: form.getAttribute("data-outbox-label") || "",
      at: Date.now(),
    });
    form.querySelectorAll("button[type=submit]").forEach(function (button) {
      button.disabled = true;
    });
    send();
  });

  // A poll of the page replaces the region the outbox lives in: show what still waits.
  document.addEventListener("htmx:afterSwap", function () {
    var item = pending();
    if (item) {
      show(item, sending ? "sending" : "waiting");
    }
  });
  window.addEventListener("online", send);
  window.setInterval(send, RETRY_MS);
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", send);
  } else {
    send();
  }
})();
