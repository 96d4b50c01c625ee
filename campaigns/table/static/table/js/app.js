// Small glue htmx cannot express: live-refresh connection state and pace, not refreshing a
// part of the page the player is using right now, highlighting what another phone changed,
// keeping the screen awake, and the service worker that makes the site installable.
// Everything here is an extra: the pages work the same without it.
(function () {
  "use strict";
  // A region is busy while it holds a pending confirmation, an open form, or a request of its
  // own on its way (a refresh landing first would detach the form whose answer is coming).
  var BUSY = ".confirm-step, details[open] form, .htmx-request";
  var script = document.currentScript;

  function status(failed) {
    var banner = document.getElementById("live-status");
    if (banner) banner.hidden = !failed;
  }
  document.addEventListener("htmx:sendError", function (event) {
    if (event.target.id === "live-poller") status(true);
  });
  document.addEventListener("htmx:responseError", function (event) {
    if (event.target.id === "live-poller") status(true);
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    if (event.target.id === "live-poller" && event.detail.successful) status(false);
  });
  // Coming back to the tab: ask at once instead of waiting for the next tick.
  document.addEventListener("visibilitychange", function () {
    var poller = document.getElementById("live-poller");
    if (poller && document.visibilityState === "visible" && window.htmx) {
      markActive();
      window.htmx.trigger(poller, "poll-now");
    }
  });

  // Pace of live refresh: every tick (about 2 s) while the table is active; after a quiet
  // minute, about every 10 s. Active again at once when this phone sends anything, the tab
  // comes back, or a change arrives. Each tick asks dawnPollDue() (htmx:beforeRequest below).
  var timing = Object.assign({ slowMs: 10000, quietMs: 60000 }, window.dawnLiveTiming || {});
  var lastActive = Date.now();
  var lastPoll = 0;
  function pollMode() {
    return Date.now() - lastActive < timing.quietMs ? "fast" : "slow";
  }
  function markActive() {
    lastActive = Date.now();
    document.documentElement.dataset.livePoll = "fast";
  }
  window.dawnPollDue = function () {
    var mode = pollMode();
    document.documentElement.dataset.livePoll = mode;
    // Half a tick of slack, so a 10 s pace is not pushed to 12 s by the 2 s ticks.
    return mode === "fast" || Date.now() - lastPoll >= timing.slowMs - 1000;
  };
  document.addEventListener("htmx:beforeRequest", function (event) {
    if (event.defaultPrevented) return;  // a tick or refresh the gates below held back
    if (event.target.id === "live-poller") lastPoll = Date.now();
    else markActive();
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    if (event.target.id === "live-poller" && event.detail.xhr && event.detail.xhr.status === 200) {
      markActive();
    }
  });

  function inUse(region) {
    // A field marked hx-preserve survives the refresh, so typing there does not hold it up.
    var active = document.activeElement;
    var typing = active && active.matches("input, textarea, select") && region.contains(active) &&
      !active.closest("[hx-preserve]");
    return typing || region.querySelector(BUSY) || tapsOnTheirWay[region.id] > 0;
  }

  // Steppers (form[data-every-tap], e.g. a score pad's + and −): every tap counts, in order.
  // htmx would keep only the last tap made while one is on its way, and drop even that once
  // the answer replaces the form; here taps wait their turn and each goes into its live
  // region as the region is when it is sent. Without JavaScript the form posts as usual.
  var tapsOnTheirWay = {};
  var tapQueue = Promise.resolve();
  // The taps' own sender: htmx lets one request per element fly and sends none from an
  // element no longer on the page, so neither the form (replaced by each answer) nor the
  // body (shared with other requests) may send them.
  function tapSender() {
    var sender = document.getElementById("tap-sender");
    if (!sender) {
      sender = document.createElement("span");
      sender.id = "tap-sender";
      sender.hidden = true;
      document.body.appendChild(sender);
    }
    return sender;
  }
  document.addEventListener("submit", function (event) {
    var form = event.target;
    var region = form.closest && form.matches("form[data-every-tap]") && form.closest("[data-live-region]");
    if (!window.htmx || !region || !region.id || event.defaultPrevented) return;
    event.preventDefault();
    var values = {};
    new FormData(form).forEach(function (value, name) { values[name] = value; });
    if (event.submitter && event.submitter.name) values[event.submitter.name] = event.submitter.value;
    var action = form.getAttribute("action");
    var regionId = region.id;
    tapsOnTheirWay[regionId] = (tapsOnTheirWay[regionId] || 0) + 1;
    tapQueue = tapQueue.then(function () {
      var target = document.getElementById(regionId);
      if (!target) return null;
      return window.htmx.ajax("POST", action, {
        source: tapSender(), target: target, swap: "outerHTML", values: values
      });
    }).catch(function () { /* refused or unreachable: the reconnecting banner says so */ }).then(function () {
      tapsOnTheirWay[regionId] -= 1;
      var target = document.getElementById(regionId);
      if (target && target.dataset.stale) refreshIfLeft(target);
    });
  });

  // Live regions ask this before refreshing on "campaign-changed" (see htmx:beforeRequest below):
  // a region with focus inside, an open form or a pending confirmation waits, marked stale,
  // and refreshes as soon as the player leaves it.
  window.dawnLiveRegionReady = function (region) {
    if (inUse(region)) {
      region.dataset.stale = "1";
      return false;
    }
    return true;
  };
  function refreshIfLeft(region) {
    if (!region.isConnected || inUse(region)) return;
    delete region.dataset.stale;
    region.dataset.liveCatchUp = "1";
    window.htmx.ajax("GET", region.getAttribute("hx-get"), { target: region, swap: "outerHTML" });
  }
  document.addEventListener("focusout", function (event) {
    var region = event.target.closest && event.target.closest("[data-stale]");
    if (region) setTimeout(function () { refreshIfLeft(region); }, 0);
  });
  document.addEventListener("toggle", function (event) {
    var region = event.target.closest && event.target.closest("[data-stale]");
    if (region) refreshIfLeft(region);
  }, true);
  // A region that waited for its own request catches up once that request's answer is in.
  document.addEventListener("htmx:afterSettle", function () {
    document.querySelectorAll("[data-live-region][data-stale]").forEach(refreshIfLeft);
  });

  // Changes that catch the eye: when live refresh brings a region whose numbers changed,
  // those values flash briefly and the page says who changed it ("mia: Spent 2 VP on Leap",
  // from the newest ledger entry the poll answer carries). Values are matched by
  // data-live-value="<key>" where a template marks them, else by the words around them.
  var NUMBERS = /-?\d+(?:[.,]\d+)*/g;
  var SKIP = "time, script, style, select, option, textarea, input, [data-live-who]";
  var snapshots = {};
  var latestChange = null;

  function words(text) {
    return text.replace(NUMBERS, "#").replace(/\s+/g, " ").trim();
  }
  function liveValues(region) {
    var values = {};
    region.querySelectorAll("[data-live-value]").forEach(function (element) {
      values["key " + element.dataset.liveValue] = { element: element, text: element.textContent.trim() };
    });
    var walker = document.createTreeWalker(region, NodeFilter.SHOW_TEXT);
    var counts = {};
    var node;
    var limit = 600;
    while ((node = walker.nextNode()) && limit--) {
      var numbers = node.nodeValue.match(NUMBERS);
      var element = node.parentElement;
      if (!numbers || !element || element.closest(SKIP) || element.closest("[data-live-value]")) continue;
      var context = element.parentElement && region.contains(element.parentElement) ? element.parentElement : element;
      var key = words(context.textContent).slice(0, 120) + " | " + words(node.nodeValue);
      counts[key] = (counts[key] || 0) + 1;
      values[key + " | " + counts[key]] = { element: element, text: numbers.join(" ") };
    }
    return values;
  }
  function changedElements(before, after) {
    var changed = [];
    Object.keys(after).forEach(function (key) {
      if (key in before && before[key].text !== after[key].text) changed.push(after[key].element);
    });
    return changed;
  }
  function flash(element) {
    element.setAttribute("data-live-changed", "");
    setTimeout(function () { element.removeAttribute("data-live-changed"); }, 4000);
  }
  function changeText(change) {
    return change.by + ": " + change.reason;
  }
  function announce(change) {
    var region = document.getElementById("live-change");
    if (!region) return;
    region.textContent = changeText(change);
    clearTimeout(announce.timer);
    announce.timer = setTimeout(function () { region.textContent = ""; }, 8000);
  }
  function sayWho(region, change) {
    if (!/^(SECTION|DIV|ARTICLE|ASIDE|FIELDSET)$/.test(region.tagName)) return;
    var note = document.createElement("p");
    note.className = "live-who";
    note.setAttribute("data-live-who", "");
    note.setAttribute("aria-hidden", "true");  // the page's status line already says it
    note.textContent = changeText(change);
    region.insertBefore(note, region.firstChild);
    setTimeout(function () { note.remove(); }, 8000);
  }

  document.addEventListener("htmx:beforeSwap", function (event) {
    var region = event.detail.target;
    if (!region || !region.hasAttribute || !region.hasAttribute("data-live-region")) return;
    var trigger = event.detail.requestConfig && event.detail.requestConfig.triggeringEvent;
    var live = (trigger && trigger.type === "campaign-changed") || region.dataset.liveCatchUp;
    if (live && event.detail.shouldSwap) snapshots[region.getAttribute("hx-get")] = liveValues(region);
  });
  document.addEventListener("htmx:load", function (event) {
    var element = event.target;
    if (element.id === "live-poller") {
      var by = element.getAttribute("data-changed-by");
      latestChange = {
        by: by,
        reason: element.getAttribute("data-change-reason") || "",
        mine: element.hasAttribute("data-changed-by-me")
      };
      if (by && !latestChange.mine) announce(latestChange);
      return;
    }
    if (!element.hasAttribute || !element.hasAttribute("data-live-region")) return;
    var url = element.getAttribute("hx-get");
    var before = snapshots[url];
    delete snapshots[url];
    if (!before || (latestChange && latestChange.mine)) return;
    var changed = changedElements(before, liveValues(element));
    changed.forEach(flash);
    if (changed.length) {
      element.setAttribute("data-live-updated", "");
      if (latestChange && latestChange.by) sayWho(element, latestChange);
    }
  });

  // Keep the screen awake on campaign pages (where the poller is) while they are visible,
  // unless this device switched it off in the menu. Browsers without the API: nothing.
  var WAKE_KEY = "dawn.keepAwake";
  var wakeLock = null;
  function wakeWanted() {
    try { return window.localStorage.getItem(WAKE_KEY) !== "off"; } catch (error) { return true; }
  }
  function acquireWakeLock() {
    if (!("wakeLock" in navigator) || !wakeWanted() || !document.getElementById("live-poller")) return;
    if (document.visibilityState !== "visible" || (wakeLock && !wakeLock.released)) return;
    navigator.wakeLock.request("screen").then(function (lock) {
      wakeLock = lock;
      document.documentElement.dataset.wakeLock = "held";
      lock.addEventListener("release", function () {
        if (wakeLock === lock) delete document.documentElement.dataset.wakeLock;
      });
    }).catch(function () { /* refused (battery saver, no focus): try again next visit */ });
  }
  function releaseWakeLock() {
    if (!wakeLock) return;
    var lock = wakeLock;
    wakeLock = null;
    delete document.documentElement.dataset.wakeLock;
    lock.release().catch(function () {});
  }
  function setUpWakeToggle() {
    var item = document.querySelector("[data-wake-lock-item]");
    if (!item || !("wakeLock" in navigator)) return;
    var button = item.querySelector("[data-wake-lock-toggle]");
    item.hidden = false;
    function show() { button.setAttribute("aria-pressed", wakeWanted() ? "true" : "false"); }
    show();
    button.addEventListener("click", function () {
      try { window.localStorage.setItem(WAKE_KEY, wakeWanted() ? "off" : "on"); } catch (error) { return; }
      show();
      if (wakeWanted()) acquireWakeLock(); else releaseWakeLock();
    });
  }
  setUpWakeToggle();
  acquireWakeLock();
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") acquireWakeLock();
  });

  // Installable app: the service worker caches static files and shows the offline page
  // when a page cannot be reached (campaigns/table/pwa.py, static/table/js/sw.js).
  var worker = script && script.getAttribute("data-service-worker");
  if (worker && "serviceWorker" in navigator) {
    navigator.serviceWorker.register(worker, { scope: "/" }).catch(function () {});
  }

  // A form marked data-reset-on-success empties itself once htmx has posted it successfully
  // (for adding one thing after another); declared in markup, so no inline handler is needed.
  document.addEventListener("htmx:afterRequest", function (event) {
    var form = event.detail.elt;
    if (event.detail.successful && form && form.matches && form.matches("form[data-reset-on-success]")) {
      form.reset();
    }
  });

  // Buttons that print the page (the save-game sheet, the tracker sheets).
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-print]");
    if (button) window.print();
  });

  // The gates htmx would otherwise evaluate as trigger filters (the CSP forbids eval): the
  // poller asks only while the tab is visible and a tick is due (a "poll-now" always asks);
  // a live region refreshes on "campaign-changed" only when the player isn't using it.
  // Captured, so the gates decide before the pace above counts a poll.
  document.addEventListener("htmx:beforeRequest", function (event) {
    var element = event.detail.elt;
    var config = event.detail.requestConfig;
    var trigger = config && config.triggeringEvent;
    if (element.id === "live-poller") {
      if (trigger && trigger.type === "poll-now") return;
      var due = !window.dawnPollDue || window.dawnPollDue();
      if (document.visibilityState !== "visible" || !due) event.preventDefault();
      return;
    }
    if (trigger && trigger.type === "campaign-changed" && element.hasAttribute("data-live-region")) {
      // Already showing the new version (this phone's own write answered with the region):
      // nothing to reload.
      var shown = Number(element.getAttribute("data-live-version"));
      var current = trigger.detail && Number(trigger.detail.version);
      if ((shown && current && shown >= current) || !window.dawnLiveRegionReady(element)) {
        event.preventDefault();
      }
    }
  }, true);

  // A campaign page's htmx reads (its live regions' reloads, closed panels opening, a
  // filter) carry the page's poll ticket, so the server finds the member in one read instead
  // of loading the session and user (campaigns/table/access.py). Without a ticket, or with
  // one no longer good, the session answers as for any request; writes always use it.
  document.addEventListener("htmx:configRequest", function (event) {
    if (event.detail.verb !== "get" || event.detail.elt.id === "live-poller") return;
    var poller = document.getElementById("live-poller");
    var url = poller && poller.getAttribute("hx-get");
    var ticket = url && new URL(url, window.location.href).searchParams.get("k");
    if (ticket) event.detail.headers["X-Dawn-Ticket"] = ticket;
  });

  // A refresh asked for before the player started using the region (a confirmation now
  // pending, a form now open) must not land on top of what they are doing: it waits too.
  document.addEventListener("htmx:beforeSwap", function (event) {
    var region = event.detail.target;
    if (!region || !region.hasAttribute || !region.hasAttribute("data-live-region")) return;
    var config = event.detail.requestConfig;
    var trigger = config && config.triggeringEvent;
    if (trigger && trigger.type === "campaign-changed" && !window.dawnLiveRegionReady(region)) {
      event.detail.shouldSwap = false;
    }
  }, true);
})();
