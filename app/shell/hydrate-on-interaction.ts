/*
 * Hydration on the first interaction, for anonymous visitors (decision 014).
 *
 * The server's HTML is the whole page and every link and form works without JavaScript, so a
 * visitor who only reads needs none of the ~130 KB (gzip) of React, React Router and the page's
 * modules. For an anonymous page without a toast, `entry.server.tsx` sends React Router's module
 * script and its preloads inert, plus the small script below: the first pointer movement, touch,
 * key, focus or wheel turns them back on, and the page hydrates as it always did. Once the page
 * has loaded and the browser is idle, the modules are prefetched into the HTTP cache, so that a
 * later first tap waits for React only, not for the network (decision 017). A prefetch, not a
 * modulepreload: Chromium compiles a preloaded module on the main thread, and Lighthouse counted
 * that as blocking time (film page TBT 425 ms, performance 90).
 *
 * A tap on a button that only JavaScript answers (a button outside any form: search, trailer,
 * phone menu, Radix tabs) before React listens is remembered and replayed once it has hydrated,
 * as the whole sequence a tap makes: Radix tabs act on mouse-down, its menus on pointer-down and
 * dialogs on click, so replaying only the click lost the first tap on a tab. Links and forms need
 * no replay: they work without JavaScript (a tab of /auth is a radio button). Once React's
 * hydration has begun, React replays early events itself (it hydrates the target first), so the
 * bootstrap stops noting taps then: a tap is never replayed twice.
 */

/** The type the module script is sent with until the first interaction (not run by browsers). */
export const DEFERRED_MODULE_TYPE = "perde/deferred";
/** The `rel` the module preloads are sent with until the first interaction (ignored by browsers). */
export const DEFERRED_PRELOAD_REL = "perde-modulepreload";

declare global {
  interface Window {
    /** Set by the bootstrap below: React listens from now on, so taps are no longer noted. */
    __perdeHydrating?: () => void;
    /** Set by the bootstrap below: taps again the button tapped before hydration. */
    __perdeReplayTap?: () => void;
  }
}

// Plain JavaScript, sent inline as it is (a serialised function would carry whatever helpers
// the build adds). `tests/e2e/first-visit.e2e.ts` and `first-interaction.e2e.ts` run it in
// Chromium.
/** The inline script (without its tag) that an inert page carries. */
export const wakeScript = `(() => {
  const events = ["pointermove", "pointerdown", "touchstart", "keydown", "focusin", "wheel"];
  let pending = null;
  let noting = true;
  const remember = (event) => {
    if (!noting) return;
    const button = event.target instanceof Element ? event.target.closest("button") : null;
    if (button && !button.form && !button.disabled) pending = button;
  };
  const fetchModules = () => {
    for (const link of document.querySelectorAll('link[rel="${DEFERRED_PRELOAD_REL}"]')) {
      link.rel = "modulepreload";
    }
  };
  const start = () => {
    fetchModules();
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
  const prefetch = () => {
    for (const link of document.querySelectorAll('link[rel="${DEFERRED_PRELOAD_REL}"]')) {
      const hint = document.createElement("link");
      hint.rel = "prefetch";
      hint.href = link.href;
      document.head.append(hint);
    }
  };
  const fetchWhenIdle = () => (window.requestIdleCallback || setTimeout)(prefetch);
  if (document.readyState === "complete") fetchWhenIdle();
  else addEventListener("load", fetchWhenIdle, { once: true });
  for (const type of events) addEventListener(type, wake, { capture: true, passive: true });
  addEventListener("click", remember, true);
  window.__perdeHydrating = () => {
    noting = false;
    removeEventListener("click", remember, true);
  };
  window.__perdeReplayTap = () => {
    window.__perdeHydrating();
    const button = pending;
    pending = null;
    if (!button || !button.isConnected || button.disabled) return;
    const tap = { bubbles: true, cancelable: true, composed: true, button: 0, isPrimary: true };
    const down = { ...tap, buttons: 1, pointerId: 1, pointerType: "mouse" };
    button.dispatchEvent(new PointerEvent("pointerdown", down));
    button.dispatchEvent(new MouseEvent("mousedown", down));
    button.dispatchEvent(new PointerEvent("pointerup", { ...down, buttons: 0 }));
    button.dispatchEvent(new MouseEvent("mouseup", tap));
    button.click();
  };
})();`.replace(/\n\s*/g, "");

/** Whether this page was sent inert and woken by the visitor (decision 014). */
export function wokenByInteraction(): boolean {
  return typeof window.__perdeHydrating === "function";
}

/** Called just before React starts hydrating: from then on React replays early events itself. */
export function stopNotingTaps() {
  window.__perdeHydrating?.();
}

/** Called once React has hydrated: replays a tap that came before (no-op on other pages). */
export function replayTapFromBeforeHydration() {
  window.__perdeReplayTap?.();
}
