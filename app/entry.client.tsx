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
 * offline. Registered once the page is hydrated, when the browser has nothing more urgent to do.
 */
function registerServiceWorker() {
  if (import.meta.env.DEV || !("serviceWorker" in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register("/sw.js").catch(() => {
      // No service worker (a private window, a policy): the site works as before.
    });
  };
  if ("requestIdleCallback" in window) requestIdleCallback(register, { timeout: 5000 });
  else setTimeout(register, 0);
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
