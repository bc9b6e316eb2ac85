/*
 * Hydration on the first interaction, for anonymous visitors (decision 014).
 *
 * The server's HTML is the whole page and every link and form works without JavaScript, so a
 * visitor who only reads needs none of the ~130 KB (gzip) of React, React Router and the page's
 * modules. For an anonymous page without a toast, `entry.server.tsx` sends React Router's module
 * script and its preloads inert, plus the small script below: the first pointer movement, touch,
 * key, focus or wheel turns them back on, and the page hydrates as it always did. A click on a
 * button that only JavaScript answers (a button outside any form: search, trailer, menu) before
 * hydration has finished is remembered and clicked again once it has.
 */

/** The type the module script is sent with until the first interaction (not run by browsers). */
export const DEFERRED_MODULE_TYPE = "perde/deferred";
/** The `rel` the module preloads are sent with until the first interaction (ignored by browsers). */
export const DEFERRED_PRELOAD_REL = "perde-modulepreload";

declare global {
  interface Window {
    /** Set by the bootstrap below: clicks again the button clicked before hydration. */
    __perdeReplayClick?: () => void;
  }
}

// Plain JavaScript, sent inline as it is (a serialised function would carry whatever helpers
// the build adds). `tests/e2e/first-visit.e2e.ts` runs it in Chromium.
/** The inline script (without its tag) that an inert page carries. */
export const wakeScript = `(() => {
  const events = ["pointermove", "pointerdown", "touchstart", "keydown", "focusin", "wheel"];
  let pending = null;
  const remember = (event) => {
    const button = event.target instanceof Element ? event.target.closest("button") : null;
    if (button && !button.form && !button.disabled) pending = button;
  };
  const start = () => {
    for (const link of document.querySelectorAll('link[rel="${DEFERRED_PRELOAD_REL}"]')) {
      link.rel = "modulepreload";
    }
    const inert = document.querySelector('script[type="${DEFERRED_MODULE_TYPE}"]');
    if (!inert) return;
    const script = document.createElement("script");
    script.type = "module";
    script.nonce = inert.nonce;
    script.textContent = inert.textContent;
    inert.replaceWith(script);
  };
  const wake = () => {
    for (const type of events) removeEventListener(type, wake, true);
    if (document.readyState === "loading") {
      document.addEventListener("DOMContentLoaded", start, { once: true });
    } else start();
  };
  for (const type of events) addEventListener(type, wake, { capture: true, passive: true });
  addEventListener("click", remember, true);
  window.__perdeReplayClick = () => {
    removeEventListener("click", remember, true);
    const button = pending;
    pending = null;
    if (button && button.isConnected) button.click();
  };
})();`.replace(/\n\s*/g, "");

/** Called once React has hydrated: replays a click that came before (no-op on other pages). */
export function replayClickFromBeforeHydration() {
  window.__perdeReplayClick?.();
}
