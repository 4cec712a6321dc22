/* The projector view: show the board's panels (standings, seating) one at a time, each for
   about `data-rotate-seconds` and at least one full pass, scrolling a long list slowly from top
   to bottom, pausing at both ends, and looping.

   htmx replaces #projector-board every few seconds with fresh data: nothing here holds on to an
   element. Every frame looks the board up again, and after a swap the same panel is shown at
   the same scroll position, so the wall never jumps. No inline script or style is needed (the
   pages run under a strict Content-Security-Policy). */
(function () {
  "use strict";

  var PAUSE_MS = 3000; // at the top and at the bottom of a list
  var SPEED = 45; // px a second: readable from the back of the room
  var LONGEST_PASS_MS = 60000; // a very long list scrolls faster rather than take forever

  var state = {
    panel: 0, // index of the panel on show
    position: 0, // scrollTop of its list, kept as a float between frames
    shownAt: 0, // when the panel was put on show
    holdUntil: 0, // no scrolling before then (a pause)
    atEnd: false, // paused at the bottom, about to loop or move on
    passes: 0, // full passes of the list since the panel was put on show
    last: 0 // time of the previous frame
  };

  document.documentElement.classList.add("js");

  function board() {
    return document.getElementById("projector-board");
  }

  function panels() {
    var found = board();
    return found ? found.querySelectorAll("[data-panel]") : [];
  }

  function rotateMs() {
    var found = board();
    var seconds = found ? parseFloat(found.getAttribute("data-rotate-seconds")) : NaN;
    return (isNaN(seconds) ? 20 : seconds) * 1000;
  }

  /* Mark the panel on show; called on every frame is cheap, and right after an htmx swap so
     the fresh board never paints with no panel or two. */
  function applyActive() {
    var list = panels();
    if (!list.length) {
      return null;
    }
    if (state.panel >= list.length) {
      state.panel = 0;
    }
    var active = null;
    for (var i = 0; i < list.length; i += 1) {
      var on = i === state.panel;
      list[i].classList.toggle("is-active", on);
      list[i].setAttribute("aria-hidden", on ? "false" : "true");
      if (on) {
        active = list[i];
      }
    }
    return active;
  }

  function showNext(now) {
    var count = panels().length || 1;
    state.panel = (state.panel + 1) % count;
    state.position = 0;
    state.shownAt = now;
    state.holdUntil = now + PAUSE_MS;
    state.atEnd = false;
    state.passes = 0;
  }

  function frame(now) {
    var seconds = state.last ? Math.min((now - state.last) / 1000, 0.25) : 0;
    state.last = now;
    if (!state.shownAt) {
      state.shownAt = now;
      state.holdUntil = now + PAUSE_MS;
    }
    var active = applyActive();
    if (active) {
      var scroller = active.querySelector(".scroller") || active;
      var room = scroller.scrollHeight - scroller.clientHeight;
      var due = now - state.shownAt >= rotateMs();
      if (room <= 1) {
        state.position = 0;
        if (due && panels().length > 1) {
          showNext(now);
        }
      } else if (now >= state.holdUntil) {
        if (state.atEnd) {
          // the pause at the bottom is over: move on, or go back to the top and go again
          state.passes += 1;
          if (due && panels().length > 1) {
            showNext(now);
          } else {
            state.position = 0;
            state.atEnd = false;
            state.holdUntil = now + PAUSE_MS;
          }
        } else {
          var speed = Math.max(SPEED, room / (LONGEST_PASS_MS / 1000));
          state.position = Math.min(state.position + speed * seconds, room);
          if (state.position >= room) {
            state.atEnd = true;
            state.holdUntil = now + PAUSE_MS;
          }
        }
      }
      scroller.scrollTop = state.position;
    }
    window.requestAnimationFrame(frame);
  }

  document.addEventListener("htmx:afterSwap", function () {
    var active = applyActive();
    if (active) {
      var scroller = active.querySelector(".scroller") || active;
      scroller.scrollTop = state.position;
    }
  });

  window.requestAnimationFrame(frame);
})();
