/*
 * Perde's service worker (decision 036): shows web pushes, opens their page when tapped, and
 * keeps the pages a person opened readable offline.
 *
 * What is stored, and why it is never someone else's page: a page (a navigation's answer) is kept
 * only when the server said every visitor may share it (Cache-Control `public`, neither `private`
 * nor `no-store`): the same rule the server's page cache and a CDN keep pages by (decision 023).
 * Signed-in pages are `private, no-store`, so they are never stored, whoever opens them. The
 * site's hashed files (/assets/) are kept as well. Offline, a stored page is shown as it was;
 * anything else gets the plain "Çevrimdışısınız" page. Signing out (the POST to /cikis passes
 * through here) drops every cache and this browser's push subscription.
 */

const PAGES = "perde-pages-v1";
const FILES = "perde-files-v1";
const OFFLINE_PAGE = "/cevrimdisi.html";
const MAX_PAGES = 60;
const MAX_FILES = 150;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(FILES)
      .then((cache) => cache.add(new Request(OFFLINE_PAGE, { cache: "reload" })))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name !== PAGES && name !== FILES)
            .map((name) => caches.delete(name)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

/** Whether every visitor may share this answer: only then may it be kept on this device. */
function shareable(response) {
  if (!response || !response.ok || response.type !== "basic" || response.redirected) return false;
  const control = (response.headers.get("Cache-Control") || "").toLowerCase();
  return /(^|,)\s*public\s*(,|$)/.test(control) && !/private|no-store/.test(control);
}

/** Drops the oldest entries of a cache beyond `max` (the offline page always stays). */
async function trim(cache, max) {
  const keys = (await cache.keys()).filter(
    (request) => new URL(request.url).pathname !== OFFLINE_PAGE,
  );
  await Promise.all(keys.slice(0, Math.max(0, keys.length - max)).map((key) => cache.delete(key)));
}

async function keepPage(request, response) {
  const cache = await caches.open(PAGES);
  await cache.put(request, response);
  // The oldest first: a few dozen pages are enough to read on the road.
  await trim(cache, MAX_PAGES);
}

async function page(event) {
  try {
    const response = await fetch(event.request);
    if (shareable(response)) event.waitUntil(keepPage(event.request, response.clone()));
    return response;
  } catch (error) {
    const kept = await caches.match(event.request, { cacheName: PAGES, ignoreVary: true });
    if (kept) return kept;
    const offline = await caches.match(OFFLINE_PAGE, { cacheName: FILES });
    if (offline) return offline;
    throw error;
  }
}

async function file(event) {
  const cache = await caches.open(FILES);
  const kept = await cache.match(event.request);
  if (kept) return kept;
  const response = await fetch(event.request);
  if (response.ok && response.type === "basic") {
    // Hashed names change with each release: the files of old releases leave in time.
    event.waitUntil(cache.put(event.request, response.clone()).then(() => trim(cache, MAX_FILES)));
  }
  return response;
}

/** Sign-out: nothing of this visit stays on the device, and its pushes stop. */
async function forgetEverything() {
  const names = await caches.keys();
  await Promise.all(names.map((name) => caches.delete(name)));
  const subscription = await self.registration.pushManager.getSubscription().catch(() => null);
  if (subscription) await subscription.unsubscribe().catch(() => false);
  // The offline page again, for the next visitor.
  await caches
    .open(FILES)
    .then((cache) => cache.add(new Request(OFFLINE_PAGE, { cache: "reload" })))
    .catch(() => undefined);
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  // /cikis from a form without JavaScript, /cikis.data from React Router's submit.
  if (request.method === "POST" && (url.pathname === "/cikis" || url.pathname === "/cikis.data")) {
    // The sign-out itself goes to the network untouched; the caches go while it does.
    event.waitUntil(forgetEverything());
    return;
  }
  if (request.method !== "GET") return;
  if (request.mode === "navigate") {
    event.respondWith(page(event));
  } else if (url.pathname.startsWith("/assets/")) {
    event.respondWith(file(event));
  }
});

/** A path of this site, or the home page: a push never opens another site. */
function sameOriginUrl(value) {
  try {
    const url = new URL(typeof value === "string" ? value : "/", self.location.origin);
    return url.origin === self.location.origin ? url.href : self.location.origin + "/";
  } catch {
    return self.location.origin + "/";
  }
}

self.addEventListener("push", (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = { body: event.data ? event.data.text() : "" };
  }
  const text = (value, fallback) => (typeof value === "string" && value ? value : fallback);
  event.waitUntil(
    self.registration.showNotification(text(message.title, "Perde"), {
      body: text(message.body, ""),
      tag: text(message.tag, undefined),
      icon: "/icons/icon-192.png",
      badge: "/icons/badge-96.png",
      lang: "tr",
      data: { url: sameOriginUrl(message.url) },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const target = sameOriginUrl(event.notification.data && event.notification.data.url);
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => client.url === target);
      if (open) return open.focus();
      return self.clients.openWindow(target);
    }),
  );
});
