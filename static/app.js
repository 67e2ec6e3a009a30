// Chickenyard: small helpers on top of plain forms (everything works without them).
// Tile picker: show the running sum of the tapped tiles in the total field,
// and dim tiles already picked for another player in this hand.
(function () {
  "use strict";

  function pickerSum(picker, doubleBlank) {
    let sum = 0, count = 0;
    picker.querySelectorAll("input[type=checkbox]:checked").forEach(function (box) {
      count += 1;
      sum += box.value === "0|0" ? doubleBlank : Number(box.dataset.pips);
    });
    return { sum: sum, count: count };
  }

  function refresh(form) {
    const doubleBlank = Number(form.dataset.doubleBlank || 50);
    const taken = {};
    form.querySelectorAll(".tile-picker").forEach(function (picker) {
      picker.querySelectorAll("input:checked").forEach(function (box) { taken[box.value] = picker.dataset.player; });
    });
    form.querySelectorAll(".tile-picker").forEach(function (picker) {
      const player = picker.dataset.player;
      const result = pickerSum(picker, doubleBlank);
      const entry = picker.closest(".player-entry");
      const total = entry.querySelector("input.points");
      const note = entry.querySelector(".picker-sum");
      const left = entry.querySelector("input.left");      // Super 15: tiles left in hand
      if (left) {
        if (result.count > 0) left.value = String(result.count);
        else if (picker.dataset.summed !== undefined && left.value === picker.dataset.counted) left.value = "";
        picker.dataset.counted = String(result.count);
      }
      if (result.count > 0) {
        total.value = String(result.sum);
        picker.dataset.summed = total.value;
        note.textContent = result.count + (result.count === 1 ? " tile: " : " tiles: ") + result.sum + " points";
      } else {
        // every tile untapped: the sum they made goes too (a total typed by hand stays)
        if (picker.dataset.summed !== undefined && total.value === picker.dataset.summed) total.value = "";
        delete picker.dataset.summed;
        note.textContent = "";
      }
      picker.querySelectorAll(".tile-choice").forEach(function (label) {
        const box = label.querySelector("input");
        // dim a tile another player holds, unless this player picked it too (the clash is shown)
        label.classList.toggle("taken", !box.checked && taken[box.value] !== undefined && taken[box.value] !== player);
      });
    });
  }

  function wire(root) {
    root.querySelectorAll("form[data-double-blank]").forEach(function (form) {
      if (form.dataset.wired) return;
      form.dataset.wired = "1";
      form.addEventListener("change", function (event) {
        if (event.target.matches(".tile-picker input")) refresh(form);
      });
      refresh(form);
    });
  }

  document.addEventListener("DOMContentLoaded", function () { wire(document); });
  document.addEventListener("htmx:afterSettle", function (event) {
    wire(event.target);
    // a page swapped in after a save: bring its message (a problem, or "saved") into view,
    // as a full page load would by starting at the top
    if (event.target.id !== "main") return;
    const message = event.target.querySelector(".form-problem, .field-error, .flashes");
    if (message) {
      message.scrollIntoView({ block: "start" });
      if (!message.hasAttribute("tabindex")) message.setAttribute("tabindex", "-1");
      message.focus({ preventScroll: true });
    } else {
      window.scrollTo(0, 0);
    }
  });
})();

// Live sheet: phones poll every 2 s. The server answers 304 when nothing changed;
// the browser may still hand htmx its cached copy, so skip a swap with the same ETag.
document.addEventListener("htmx:beforeSwap", function (event) {
  const target = event.detail.target;
  if (!target || !target.dataset || target.dataset.etag === undefined) return;
  const etag = (event.detail.xhr.getResponseHeader("ETag") || "").replace(/^W\//, "").replace(/"/g, "");
  if (event.detail.xhr.status === 304 || (etag && etag === target.dataset.etag)) {
    event.detail.shouldSwap = false;
  }
});

// A form that asks first (undo, a new edit link): checked before htmx or the browser send it.
document.addEventListener("submit", function (event) {
  const question = event.target.dataset && event.target.dataset.confirm;
  if (question && !window.confirm(question)) {
    event.preventDefault();
    event.stopPropagation();
  }
}, true);

// Stored times are UTC: show them in the phone's own time.
function localTimes(root) {
  root.querySelectorAll("time[data-local]").forEach(function (el) {
    const at = new Date(el.getAttribute("datetime"));
    if (isNaN(at)) return;
    el.textContent = at.toLocaleString([], { year: "numeric", month: "short", day: "numeric",
                                             hour: "2-digit", minute: "2-digit" });
    el.removeAttribute("data-local");
  });
}
document.addEventListener("DOMContentLoaded", function () { localTimes(document); });
document.addEventListener("htmx:afterSettle", function (event) { localTimes(event.target); });

// Print buttons on the printed-sheet view.
document.addEventListener("click", function (event) {
  const button = event.target.closest("[data-print]");
  if (button) { event.preventDefault(); window.print(); }
});

// New game: a known player tapped takes the next empty seat (tapped again, leaves it), without
// sending the form; without JavaScript the server does the same and shows the form again.
document.addEventListener("click", function (event) {
  const pick = event.target.closest("button.pick");
  if (!pick || !pick.form) return;
  event.preventDefault();
  const inputs = Array.from(pick.form.querySelectorAll("input[name=player]"));
  const key = pick.value.trim().toLowerCase();
  const seated = inputs.find(function (input) { return input.value.trim().toLowerCase() === key; });
  if (seated) {
    seated.value = "";
  } else {
    const empty = inputs.find(function (input) { return input.value.trim() === ""; });
    if (!empty) return;
    empty.value = pick.value;
    const more = empty.closest("details");
    if (more) more.open = true;
  }
  pick.form.querySelectorAll("button.pick").forEach(function (button) {
    const name = button.value.trim().toLowerCase();
    const on = inputs.some(function (input) { return input.value.trim().toLowerCase() === name; });
    button.setAttribute("aria-pressed", on ? "true" : "false");
  });
});
