// Dawn Companion's service worker (served at /sw.js by campaigns/table/pwa.py, which puts
// DAWN_SW above this line: the cache version, the files to cache and the offline page).
//
// Static files: from the cache, fetched once. Pages: always from the network, never cached;
// when the network fails, the offline page (which says so and retries). Everything else
// (htmx fragments, the live-refresh poll, form posts) is left to the network untouched, so
// the phone never shows an old campaign as if it were current.
"use strict";
var CACHE = "dawn-static-" + DAWN_SW.version;
// whitenoise's hashed names (app.1a2b3c4d5e6f.css) never change content: safe to keep.
var HASHED = /\.[0-9a-f]{12}\.[a-z0-9]+$/;

self.addEventListener("install", function (event) {
  event.waitUntil(
    caches.open(CACHE).then(function (cache) {
      return cache.addAll(DAWN_SW.precache.map(function (url) {
        return new Request(url, { cache: "reload", credentials: "same-origin" });
      }));
    }).then(function () { return self.skipWaiting(); })
  );
});

self.addEventListener("activate", function (event) {
  event.waitUntil(
    caches.keys().then(function (names) {
      return Promise.all(names.filter(function (name) {
        return name.indexOf("dawn-static-") === 0 && name !== CACHE;
      }).map(function (name) { return caches.delete(name); }));
    }).then(function () { return self.clients.claim(); })
  );
});

function offlinePage() {
  return caches.open(CACHE).then(function (cache) { return cache.match(DAWN_SW.offline); })
    .then(function (page) {
      return page || new Response("The table is unreachable. Retrying…", {
        status: 503, headers: { "Content-Type": "text/plain; charset=utf-8" }
      });
    });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") return;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;

  if (request.mode === "navigate") {
    // Network only: a page is either current or replaced by the offline notice.
    event.respondWith(fetch(request).catch(offlinePage));
    return;
  }
  if (url.pathname.indexOf(DAWN_SW.static) !== 0) return;
  var precached = DAWN_SW.precache.indexOf(url.pathname) !== -1;
  if (!precached && !HASHED.test(url.pathname)) return;
  event.respondWith(
    caches.open(CACHE).then(function (cache) {
      return cache.match(request).then(function (hit) {
        if (hit) return hit;
        return fetch(request).then(function (response) {
          if (response.ok) cache.put(request, response.clone());
          return response;
        });
      });
    })
  );
});
