// A pair's phone page (templates/tournaments/players/table.html): what it sends — a deal
// written, accepted, or answered with our version — goes first into an outbox kept in the
// phone's storage, then to the server. When the connection drops, it stays there, the page says
// "not yet sent", and it goes again by itself when the connection returns (and every few
// seconds until then), even after the page was closed and opened again. The server answers a
// step it already has (the same key) with where that step stands now, so nothing counts twice,
// and nothing is lost. A step the server refuses (403 a wrong code or an expired form, 404 a
// link replaced, 409 the table's state in the way) is not thrown away: it stays, the page says
// why, and the player chooses to send it again or to remove it. A file of its own: the
// Content-Security-Policy runs no inline script.
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

  function fill(text, item) {
    return (text || "")
      .split("{label}")
      .join(item.label)
      .split("{reason}")
      .join(item.refused ? item.refused.reason : "")
      .trim();
  }

  function button(box, label, onClick) {
    var made = document.createElement("button");
    made.type = "button";
    made.className = "big";
    made.textContent = box.getAttribute(label) || "";
    made.addEventListener("click", onClick);
    return made;
  }

  function show(item, state) {
    var box = document.getElementById("outbox");
    if (!box) {
      return;
    }
    box.textContent = "";
    if (!item) {
      box.hidden = true;
      box.removeAttribute("data-state");
      return;
    }
    if (item.refused) {
      state = "refused";
    }
    var message = document.createElement("p");
    message.textContent = fill(box.getAttribute("data-msg-" + state), item);
    box.appendChild(message);
    if (state === "refused") {
      var choices = document.createElement("p");
      choices.className = "actions";
      choices.appendChild(button(box, "data-label-again", again));
      choices.appendChild(button(box, "data-label-remove", remove));
      box.appendChild(choices);
    }
    box.setAttribute("data-state", state);
    box.setAttribute("role", state === "refused" ? "alert" : "status");
    box.hidden = false;
  }

  function again() {
    // the page afresh (a form that expired gets its new key there), then the step goes again
    var item = pending();
    if (item) {
      delete item.refused;
      store(item);
    }
    window.location.reload();
  }

  function remove() {
    store(null);
    show(null);
  }

  function csrfToken(body) {
    var found = /(?:^|&)csrfmiddlewaretoken=([^&]*)/.exec(body);
    return found ? decodeURIComponent(found[1]) : "";
  }

  function csrfNow(body) {
    // the page's own token (it matches the phone's cookie now), else the one sent with the step
    var field = document.querySelector("input[name=csrfmiddlewaretoken]");
    return field && field.value ? field.value : csrfToken(body);
  }

  function withToken(body, token) {
    var params = new URLSearchParams(body);
    if (token) {
      params.set("csrfmiddlewaretoken", token);
    }
    return params.toString();
  }

  function reasonIn(html) {
    // why the server refused, as its answer says it (the page's alert, or a plain page's title)
    var page = new DOMParser().parseFromString(html, "text/html");
    var said = page.querySelectorAll("[data-refusal]");
    if (!said.length) {
      said = page.querySelectorAll(
        "#link-main .notice.bad, #link-main .code-error, #link-main .problems-top li"
      );
    }
    if (!said.length) {
      said = page.querySelectorAll("h1");
    }
    return Array.prototype.map
      .call(said, function (node) {
        return node.textContent.trim();
      })
      .join(" ");
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
    if (!item || item.refused || sending) {
      return;
    }
    sending = true;
    show(item, "sending");
    var token = csrfNow(item.body);
    window
      .fetch(item.url, {
        method: "POST",
        body: withToken(item.body, token),
        credentials: "same-origin",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          "HX-Request": "true",
          "X-CSRFToken": token,
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
          sending = false;
          if (response.ok) {
            // The server has it (saved, or seen before and said where it stands): done here.
            store(null);
            show(null);
            if (!replaceMain(html)) {
              window.location.reload();
            }
            return;
          }
          // Refused: kept, with the reason, until the player sends it again or removes it.
          item.refused = { status: response.status, reason: reasonIn(html) };
          store(item);
          if (replaceMain(html)) {
            var twice = main().querySelector(".notice.bad");
            if (twice && twice.textContent.trim() === item.refused.reason) {
              twice.remove(); // said once, in the box with the choices
            }
          }
          show(item, "refused");
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
    var waiting = pending();
    if (waiting && !waiting.refused) {
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
  function start() {
    var item = pending();
    if (item && item.refused) {
      show(item, "refused");
    } else {
      send();
    }
  }
  window.addEventListener("online", send);
  window.setInterval(send, RETRY_MS);
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
