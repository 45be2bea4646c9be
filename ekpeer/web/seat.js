// The keys go to the seat from the start. After a load or a reload, a player typed into a
// page whose focus was on <body> until they clicked the terminal, their clock running. Served
// by the ekpeer server itself (its Content-Security-Policy runs no inline script).
(function () {
  function focusTerminal() {
    var input = document.querySelector(".xterm-helper-textarea");
    if (input && document.activeElement !== input) { input.focus(); }
    return Boolean(input);
  }
  var tries = 0;
  var timer = setInterval(function () {
    // until the terminal exists and has drawn its first bytes (at most 20 s)
    if ((focusTerminal() && document.body.classList.contains("-first-byte")) || ++tries > 200) {
      clearInterval(timer);
    }
  }, 100);
  window.addEventListener("focus", focusTerminal);
})();
