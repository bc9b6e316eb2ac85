import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { stopNotingTaps, wokenByInteraction } from "./shell/hydrate-on-interaction";

const app = (
  <StrictMode>
    <HydratedRouter />
  </StrictMode>
);

function hydrate() {
  // From here React sees every event and replays early ones itself (decision 017).
  stopNotingTaps();
  hydrateRoot(document, app);
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
