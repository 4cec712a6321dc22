// The tap keyboard of card mode (templates/tournaments/_card_keyboard.html): a rank, then a
// suit, writes the card (K♣) at the end of the side's melds box or hand box, the same text field
// a typist uses, and fires the field's input event so the live check runs as if it were typed.
// The form reads the symbols as letters, so nothing changes on the server. The words it shows
// come from the keyboard's data- attributes (translated by the template). A file of its own,
// loaded once: the Content-Security-Policy runs no inline script, and the mode switch swaps the
// form in and out, so every listener is on the document.
(function () {
  "use strict";

  var pending = new WeakMap(); // keyboard -> the rank tapped, waiting for its suit

  function say(keys, name, values) {
    var text = keys.getAttribute("data-msg-" + name) || "";
    Object.keys(values || {}).forEach(function (key) {
      text = text.split("{" + key + "}").join(values[key]);
    });
    var status = keys.querySelector(".keys-status");
    if (status) {
      status.textContent = text;
    }
  }

  function targetName(keys) {
    var pressed = keys.querySelector('[data-key-target][aria-pressed="true"]');
    return pressed ? pressed.getAttribute("data-key-target") : "melds";
  }

  function field(keys, name) {
    var side = keys.getAttribute("data-side");
    return document.getElementById("id_" + side + "-" + (name || targetName(keys)));
  }

  function chooseTarget(keys, name) {
    keys.querySelectorAll("[data-key-target]").forEach(function (button) {
      var on = button.getAttribute("data-key-target") === name;
      button.setAttribute("aria-pressed", on ? "true" : "false");
    });
    var newMeld = keys.querySelector('[data-key="new-meld"]');
    if (newMeld) {
      newMeld.disabled = name !== "melds";
    }
  }

  function setPending(keys, rank) {
    if (rank) {
      pending.set(keys, rank);
    } else {
      pending.delete(keys);
    }
    keys.querySelectorAll("[data-rank]").forEach(function (button) {
      var on = button.getAttribute("data-rank") === rank;
      button.setAttribute("aria-pressed", on ? "true" : "false");
    });
  }

  function changed(box) {
    box.dispatchEvent(new Event("input", { bubbles: true }));
    box.scrollTop = box.scrollHeight;
  }

  function write(keys, card) {
    var box = field(keys);
    if (!box) {
      return;
    }
    var text = box.value;
    if (text && !/\s$/.test(text)) {
      text += " ";
    }
    box.value = text + card;
    setPending(keys, null);
    say(keys, "written", { card: card });
    changed(box);
  }

  function newMeld(keys) {
    var box = field(keys);
    if (targetName(keys) !== "melds" || !box) {
      say(keys, "melds-only");
      return;
    }
    var text = box.value.replace(/[ \t]+$/, "");
    if (text && !/\n$/.test(text)) {
      box.value = text + "\n";
      changed(box);
    }
    say(keys, "new-meld");
  }

  function undo(keys) {
    var box = field(keys);
    setPending(keys, null);
    if (!box || !box.value.trim()) {
      say(keys, "empty");
      return;
    }
    var text = box.value.replace(/[ \t,;]+$/, "");
    if (/\n\s*$/.test(text)) {
      text = text.replace(/\s+$/, ""); // take back "New meld"
    } else {
      text = text.replace(/[^\s,;]+$/, "").replace(/[ \t,;]+$/, "");
    }
    box.value = text;
    say(keys, "removed");
    changed(box);
  }

  // Each row of keys is a toolbar, one tab stop: the template gives tabindex="-1" to every key
  // but the first, the arrow keys (and Home, End) move along the row, and the key last used
  // is the one Tab comes back to.
  function rove(button) {
    var row = button.closest('[role="toolbar"]');
    if (!row) {
      return;
    }
    row.querySelectorAll("button").forEach(function (other) {
      other.setAttribute("tabindex", other === button ? "0" : "-1");
    });
  }

  var MOVES = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

  document.addEventListener("keydown", function (event) {
    var button = event.target.closest &&
      event.target.closest('[data-card-keys] [role="toolbar"] button');
    if (!button || !(event.key in MOVES || event.key === "Home" || event.key === "End")) {
      return;
    }
    var row = Array.prototype.slice.call(
      button.closest('[role="toolbar"]').querySelectorAll("button:not([disabled])")
    );
    var at = row.indexOf(button);
    var next = event.key === "Home" ? 0 : event.key === "End" ? row.length - 1
      : (at + MOVES[event.key] + row.length) % row.length;
    event.preventDefault();
    rove(row[next]);
    row[next].focus();
  });

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-card-keys] button");
    if (!button) {
      return;
    }
    var keys = button.closest("[data-card-keys]");
    event.preventDefault();
    rove(button);
    if (button.hasAttribute("data-key-target")) {
      chooseTarget(keys, button.getAttribute("data-key-target"));
    } else if (button.hasAttribute("data-rank")) {
      var rank = button.getAttribute("data-rank");
      setPending(keys, pending.get(keys) === rank ? null : rank);
      if (pending.get(keys)) {
        say(keys, "pick-suit", { rank: rank });
      }
    } else if (button.hasAttribute("data-suit")) {
      if (pending.get(keys)) {
        write(keys, pending.get(keys) + button.getAttribute("data-suit"));
      } else {
        say(keys, "rank-first");
      }
    } else if (button.hasAttribute("data-card")) {
      write(keys, button.getAttribute("data-card"));
    } else if (button.getAttribute("data-key") === "new-meld") {
      newMeld(keys);
    } else if (button.getAttribute("data-key") === "undo") {
      undo(keys);
    }
  });

  // Typing in a side's hand box (or melds box) points that side's keys at it.
  document.addEventListener("focusin", function (event) {
    var box = event.target;
    var found = box.id && /^id_(\w+)-(melds|hand)$/.exec(box.id);
    if (!found) {
      return;
    }
    var keys = document.querySelector('[data-card-keys][data-side="' + found[1] + '"]');
    if (keys) {
      chooseTarget(keys, found[2]);
    }
  });
})();
