import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { stopNotingTaps, wokenByInteraction } from "./shell/hydrate-on-interaction";

const app = (
  <StrictMode>
    <HydratedRouter />
  </StrictMode>
);

/**
 * The service worker (public/sw.js, decision 036): push, notification clicks and the pages read
 * offline. Registered once the page is hydrated; where it cannot be, the site works as before.
 */
function registerServiceWorker() {
  if (!import.meta.env.DEV && "serviceWorker" in navigator)
    setTimeout(() => navigator.serviceWorker.register("/sw.js").catch(() => {}), 0);
}

function hydrate() {
  // From here React sees every event and replays early ones itself (decision 017).
  stopNotingTaps();
  hydrateRoot(document, app);
  registerServiceWorker();
}

if (wokenByInteraction()) {
  // An anonymous page woken by the visitor's first interaction (decisions 014 and 017) was
  // painted long ago, and the visitor is waiting: hydrate at once, at full priority, in one go.
  hydrate();
} else if (document.visibilityState === "hidden") {
  startTransition(hydrate);
} else {
  // The server's HTML is the whole page: paint it first, then hydrate. The scripts often arrive
  // before the first paint (they are preloaded), and hydrating then kept the page blank for as
  // long as hydration took. A hidden tab paints nothing, so it hydrates at once.
  requestAnimationFrame(() => setTimeout(() => startTransition(hydrate), 0));
}
