// Small glue htmx cannot express: live-refresh connection state and polling on return to the tab.
(function () {
  "use strict";
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
})();
