// The phone's own share sheet, for the buttons _share.html leaves hidden: shown only where the
// browser has navigator.share (the WhatsApp link beside it works everywhere).
(function () {
  "use strict";
  if (typeof navigator.share !== "function") return;
  document.querySelectorAll("button[data-share-url]").forEach(function (button) {
    button.hidden = false;
    button.addEventListener("click", function () {
      navigator
        .share({ title: button.dataset.shareTitle, url: button.dataset.shareUrl })
        .catch(function () {}); // the reader closed the sheet: nothing to say
    });
  });
})();
