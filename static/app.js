// Chickenyard: small helpers on top of plain forms (everything works without them).

// The words this script says, in the page's language: base.html carries them as JSON (script_words.py);
// "{name}" in one is filled from `values`.
function words(key, values) {
  if (!words.all) {
    const data = document.getElementById("script-words");
    words.all = data ? JSON.parse(data.textContent) : {};
  }
  return (words.all[key] || key).replace(/\{(\w+)\}/g, function (whole, name) {
    return values && name in values ? String(values[name]) : whole;
  });
}
// times in the page's language and region (<html lang="es-MX">), not the browser's
function pageLocale() { return document.documentElement.lang || undefined; }

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
        note.textContent = words(result.count === 1 ? "picker_one" : "picker_many", { count: result.count, points: result.sum });
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

  function bringIntoView(message, where) {
    message.scrollIntoView({ block: where });
    if (!message.hasAttribute("tabindex")) message.setAttribute("tabindex", "-1");
    message.focus({ preventScroll: true });
  }

  document.addEventListener("DOMContentLoaded", function () {
    wire(document);
    // a form sent without htmx and refused (the Game tab, a player's page): the page comes back at
    // the top, and its message may be a screen further down, beside the form it is about
    const main = document.getElementById("main");
    const problem = main && main.querySelector(".form-problem, .field-error");
    if (problem) bringIntoView(problem, "center");      // the field it is about, just above, in view too
  });
  document.addEventListener("htmx:afterSettle", function (event) {
    wire(event.target);
    // a page swapped in after a save: bring its message (a problem, or "saved") into view,
    // as a full page load would by starting at the top
    if (event.target.id !== "main") return;
    const message = event.target.querySelector(".form-problem, .field-error, .flashes");
    if (message) bringIntoView(message, "start");
    else window.scrollTo(0, 0);
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
    el.textContent = at.toLocaleString(pageLocale(), { year: "numeric", month: "short", day: "numeric",
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

// A save that fails says so beside the button that sent it, and what to do; what was typed stays
// on the page (htmx swaps nothing on an error).
const SAVE_PROBLEMS = [0, 400, 403, 404, 410, 413];     // each has its own words (script_words.py)
function saveProblem(status) {
  return words(SAVE_PROBLEMS.indexOf(status) >= 0 ? "save_" + status : "save_other");
}
function showSaveProblem(event) {
  const elt = event.detail.elt;
  if (!elt || elt.hasAttribute("data-live")) return;          // the live sheet has its own sign
  const form = elt.closest("form") || elt;
  const submitter = (event.detail.requestConfig && event.detail.requestConfig.triggeringEvent &&
                     event.detail.requestConfig.triggeringEvent.submitter) ||
                    form.querySelector("button[type=submit], button:not([type])");
  let alert = form.querySelector(".save-problem");
  if (!alert) {
    alert = document.createElement("p");
    alert.className = "form-problem save-problem";
    alert.setAttribute("role", "alert");
  }
  if (submitter && submitter.parentNode) submitter.parentNode.insertBefore(alert, submitter);
  else form.appendChild(alert);
  const xhr = event.detail.xhr;
  alert.textContent = saveProblem(event.type === "htmx:responseError" && xhr ? xhr.status : 0);
  alert.scrollIntoView({ block: "center" });
}
["htmx:sendError", "htmx:responseError", "htmx:timeout"].forEach(function (name) {
  document.addEventListener(name, showSaveProblem);
});
document.addEventListener("htmx:beforeRequest", function (event) {
  const form = event.detail.elt && event.detail.elt.closest && event.detail.elt.closest("form");
  const old = form && form.querySelector(".save-problem");
  if (old) old.remove();
});

// A watching phone: when the table's computer stops answering, say so and since when; the
// polling goes on by itself, and the sign goes once it answers again.
(function () {
  "use strict";
  let lostSince = null;
  function clock(date) { return date.toLocaleTimeString(pageLocale(), { hour: "2-digit", minute: "2-digit" }); }
  function show() {
    document.querySelectorAll("[data-live]").forEach(function (live) {
      let sign = live.querySelector(".connection-lost");
      if (lostSince === null) { if (sign) sign.remove(); return; }
      if (!sign) {
        sign = document.createElement("p");
        sign.className = "connection-lost";
        sign.setAttribute("role", "alert");
        live.insertBefore(sign, live.firstChild);
      }
      sign.textContent = words("connection_lost", { time: clock(lostSince) });
    });
  }
  function failed(event) {
    if (!event.detail.elt || !event.detail.elt.hasAttribute || !event.detail.elt.hasAttribute("data-live")) return;
    const xhr = event.detail.xhr;
    if (xhr && xhr.status === 410) { window.location.reload(); return; }   // the game was deleted: its page says so
    if (lostSince === null) lostSince = new Date();
    show();
  }
  ["htmx:sendError", "htmx:timeout", "htmx:responseError"].forEach(function (name) {
    document.addEventListener(name, failed);
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    const xhr = event.detail.xhr;
    if (lostSince !== null && xhr && xhr.status > 0 && xhr.status < 400) { lostSince = null; show(); }
  });
  document.addEventListener("htmx:afterSettle", show);
})();

// Typed but not saved: leaving the page by a link asks first. ("Back to the sheet" is a button of
// the hand form: the server asks, with or without JavaScript; its "Leave without saving" is the answer.)
(function () {
  "use strict";
  document.addEventListener("input", function (event) {
    const form = event.target.closest && event.target.closest("form[data-keep-typed]");
    if (form) form.dataset.typed = "1";
  });
  document.addEventListener("click", function (event) {
    const link = event.target.closest && event.target.closest("a[href]");
    if (!link || link.hasAttribute("download") || link.hasAttribute("data-leave")) return;
    const form = document.querySelector("form[data-keep-typed][data-typed]");
    if (form && !window.confirm(words("leave_unsaved"))) {
      event.preventDefault();
      event.stopPropagation();
    }
  }, true);
})();

// "Keep this screen on", on the sheet and the big screen (on unless this phone turned it off). Where
// the browser offers the Screen Wake Lock API (https, or this machine itself) NoSleep.js takes a
// lock; the phones open the table's plain http address, where it plays a tiny silent looping
// video instead, which a browser starts only from a tap: then the next tap anywhere starts it.
(function () {
  "use strict";
  const KEY = "chickenyard.keepScreenOn";
  let keeper = null;
  function wanted() {
    try { return localStorage.getItem(KEY) !== "off"; } catch (e) { return true; }
  }
  function remember(on) {
    try { localStorage.setItem(KEY, on ? "on" : "off"); } catch (e) { /* private mode: this page only */ }
  }
  function say(state) { document.documentElement.dataset.wakeLock = state; }
  function switches() { return document.querySelectorAll("button[data-keep-awake]"); }
  function show() {
    switches().forEach(function (button) {
      button.hidden = false;
      button.setAttribute("aria-checked", wanted() ? "true" : "false");
    });
  }
  function atNextTap() {
    say("waiting");
    ["click", "keydown", "touchend"].forEach(function (type) {
      document.addEventListener(type, hold, { capture: true, once: true });
    });
  }
  function hold() {
    if (!wanted() || switches().length === 0 || document.visibilityState !== "visible" ||
        typeof NoSleep === "undefined") return;
    if (keeper === null) keeper = new NoSleep();
    // a video the browser paused while the page was hidden is started again
    if (keeper.isEnabled && "wakeLock" in navigator) return;
    keeper.enable().then(function () {
      if (wanted()) say("held"); else keeper.disable();      // turned off while it was starting
    }, function () {
      if (wanted()) atNextTap();
    });
  }
  function letGo() {
    if (keeper !== null) keeper.disable();
    say("off");
  }
  document.addEventListener("click", function (event) {
    const button = event.target.closest && event.target.closest("button[data-keep-awake]");
    if (!button) return;
    remember(!wanted());
    show();
    if (wanted()) hold(); else letGo();
  });
  document.addEventListener("DOMContentLoaded", function () { show(); hold(); });
  document.addEventListener("htmx:afterSettle", function () { show(); hold(); });
  document.addEventListener("visibilitychange", hold);
})();

// New game and blank sheet: only the choices that apply to the game chosen are shown (without
// JavaScript, a button shows the form again for that game).
(function () {
  "use strict";
  function follow(form) {
    const games = form.querySelector("select[name=game]");
    const chosen = games.options[games.selectedIndex];
    const offers = chosen.dataset.offers.split(" ");     // what the game offers, as the page names it
    form.querySelectorAll("[data-offer]").forEach(function (part) {
      part.hidden = offers.indexOf(part.dataset.offer) < 0;
    });
    form.querySelectorAll("[data-game]").forEach(function (part) {
      part.hidden = part.dataset.game !== chosen.value;
    });
  }
  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("form[data-game-form]").forEach(function (form) {
      form.querySelectorAll(".no-js").forEach(function (el) { el.hidden = true; });
      follow(form);
      form.addEventListener("change", function (event) {
        if (event.target.name === "game") follow(form);
      });
    });
  });
})();

// Tiles typed rather than tapped ("12 7, 3 4"): Enter or "Add" ticks them in the picker at once
// (without JavaScript, "Add" shows the form again with them ticked).
(function () {
  "use strict";
  function addTyped(field) {
    const halves = field.value.match(/\d+/g) || [];
    if (halves.length === 0 || halves.length % 2 || /[^\d\s,;|\/.-]/.test(field.value)) return false;
    const entry = field.closest(".player-entry");
    const boxes = [];
    for (let i = 0; i < halves.length; i += 2) {
      const a = Number(halves[i]), b = Number(halves[i + 1]);
      const box = entry.querySelector('.tile-picker input[value="' + Math.min(a, b) + "|" + Math.max(a, b) + '"]');
      if (!box) return false;           // not in this set: the server says why on saving
      boxes.push(box);
    }
    boxes.forEach(function (box) {
      box.checked = true;
      const suit = box.closest("details.suit");
      if (suit) suit.open = true;
    });
    field.value = "";
    boxes[0].dispatchEvent(new Event("change", { bubbles: true }));
    return true;
  }
  document.addEventListener("keydown", function (event) {
    if (event.key === "Enter" && event.target.matches && event.target.matches("[data-find-for]")) {
      if (addTyped(event.target)) event.preventDefault();
    }
  });
  document.addEventListener("click", function (event) {
    const button = event.target.closest && event.target.closest(".find-row button");
    if (!button) return;
    if (addTyped(button.parentNode.querySelector("[data-find-for]"))) {
      event.preventDefault();
      event.stopPropagation();
    }
  }, true);
})();

// Share tab: copy a link with one tap. The clipboard API needs https, which the table's Wi-Fi
// does not have, so the text is selected and copied the older way when it is missing.
document.addEventListener("DOMContentLoaded", function () {
  document.querySelectorAll("button[data-copy]").forEach(function (button) { button.hidden = false; });
});
document.addEventListener("click", function (event) {
  const button = event.target.closest && event.target.closest("button[data-copy]");
  if (!button) return;
  const source = document.getElementById(button.dataset.copy);
  const text = source.textContent.trim();
  function done() { button.textContent = words("copied"); }
  if (navigator.clipboard && window.isSecureContext) {
    navigator.clipboard.writeText(text).then(done, function () {});
    return;
  }
  const range = document.createRange();
  range.selectNodeContents(source);
  const selection = window.getSelection();
  selection.removeAllRanges();
  selection.addRange(range);
  try { if (document.execCommand("copy")) done(); } catch (e) { /* the text stays selected to copy by hand */ }
});
