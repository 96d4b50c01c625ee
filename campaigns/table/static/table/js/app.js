// Small glue htmx cannot express: live-refresh connection state, polling on return to the
// tab, and not refreshing a part of the page the player is using right now.
(function () {
  "use strict";
  var BUSY = ".confirm-step, details[open] form";

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
      window.htmx.trigger(poller, "poll-now");
    }
  });

  function inUse(region) {
    // A field marked hx-preserve survives the refresh, so typing there does not hold it up.
    var active = document.activeElement;
    var typing = active && active.matches("input, textarea, select") && region.contains(active) &&
      !active.closest("[hx-preserve]");
    return typing || region.querySelector(BUSY);
  }

  // Live regions ask this before refreshing (hx-trigger="campaign-changed[dawnLiveRegionReady(this)]"):
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
})();
