/* The offline page: ask the server every few seconds; as soon as it answers, load the page for real. */
(function () {
  var status = document.getElementById("offline-status");
  var tries = 0;
  function attempt() {
    tries += 1;
    fetch(location.href, { cache: "no-store", credentials: "same-origin" })
      .then(function () { location.reload(); })
      .catch(function () {
        status.textContent = "Still unreachable (tried " + tries + " time" + (tries === 1 ? "" : "s") + "). Retrying…";
        setTimeout(attempt, 4000);
      });
  }
  setTimeout(attempt, 3000);
})();
