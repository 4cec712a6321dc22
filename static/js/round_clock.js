/* The round clock: the page carries the end time (UTC epoch seconds, data-ends) or the seconds
   left while paused (data-paused); this counts down each second by itself. Each htmx poll brings
   the clock afresh, and its answer's Date header corrects this device's clock. Five minutes
   before the end the clock warns; at the end it beeps (WebAudio, no file) on the projector
   (data-sound="always") or on a phone whose player ticked "sound on this phone" (data-sound="asked"). */
(function () {
  "use strict";
  if (window.roundClock) return;
  var WARNING = 300;
  var offset = 0; // server time minus this device's time, in seconds
  var beeped = {};
  var seen = false; // a running clock was shown: its end is heard (one opened late is not)
  var audio = null;

  function soundOn() {
    try { return window.localStorage.getItem("clock-sound") === "on"; } catch (e) { return false; }
  }

  function context() {
    var Ctx = window.AudioContext || window.webkitAudioContext;
    if (!Ctx) return null;
    if (!audio) audio = new Ctx();
    if (audio.state === "suspended") audio.resume();
    return audio;
  }

  function beep() {
    var ctx = context();
    if (!ctx) return;
    [0, 0.45, 0.9].forEach(function (start) {
      var osc = ctx.createOscillator();
      var gain = ctx.createGain();
      osc.frequency.value = 880;
      gain.gain.value = 0.3;
      osc.connect(gain);
      gain.connect(ctx.destination);
      osc.start(ctx.currentTime + start);
      osc.stop(ctx.currentTime + start + 0.3);
    });
  }

  function shown(left) {
    var m = Math.floor(left / 60), s = left % 60;
    return m + ":" + (s < 10 ? "0" : "") + s;
  }

  function tick() {
    var now = Date.now() / 1000 + offset;
    document.querySelectorAll("[data-clock]").forEach(function (el) {
      var face = el.querySelector("[data-clock-face]");
      var note = el.querySelector("[data-clock-note]");
      var left;
      if (el.dataset.ends) {
        left = Math.max(0, Math.ceil(Number(el.dataset.ends) - now));
      } else {
        left = Number(el.dataset.paused || 0);
      }
      if (face) face.textContent = shown(left);
      var phase = !el.dataset.ends ? "paused" : left <= 0 ? "over" : left <= WARNING ? "warning" : "running";
      if (el.dataset.phase !== phase) {
        el.dataset.phase = phase;
        el.classList.toggle("clock-warning", phase === "warning");
        el.classList.toggle("clock-over", phase === "over");
        if (note) note.textContent = el.dataset[phase + "Text"] || "";
      }
      if (phase === "over" && !beeped[el.dataset.ends]) {
        beeped[el.dataset.ends] = true;
        var sound = el.dataset.sound;
        // a clock that was already over when the page opened says so without a sound
        if (seen && (sound === "always" || (sound === "asked" && soundOn()))) beep();
      }
      if (phase === "running" || phase === "warning") seen = true;
    });
    document.querySelectorAll("[data-clock-sound-toggle]").forEach(function (box) {
      box.checked = soundOn();
    });
  }

  document.addEventListener("change", function (event) {
    var box = event.target.closest && event.target.closest("[data-clock-sound-toggle]");
    if (!box) return;
    try { window.localStorage.setItem("clock-sound", box.checked ? "on" : "off"); } catch (e) {}
    if (box.checked) context(); // a tap is what lets a phone play the sound later
  });
  document.addEventListener("click", function () {
    if (document.querySelector('[data-clock][data-sound="always"]')) context();
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    var xhr = event.detail && event.detail.xhr;
    var date = xhr && xhr.getResponseHeader && xhr.getResponseHeader("Date");
    if (date) {
      var server = Date.parse(date) / 1000;
      if (!isNaN(server)) offset = server - Date.now() / 1000;
    }
  });
  document.addEventListener("htmx:afterSwap", function () { tick(); });
  window.roundClock = { tick: tick, beep: beep };
  tick();
  window.setInterval(tick, 1000);
})();
