import { lazy, Suspense, type ComponentType, type ReactNode } from "react";

/** The server's loads of every lazyRendered part, started when their modules were evaluated. */
const serverLoads: Promise<unknown>[] = [];

/**
 * A part whose code is not among the page's modules (the browser downloads it on first use, so
 * an anonymous page that never shows it never loads it) but which the server renders into the
 * HTML like any other, so it is there without JavaScript.
 *
 * React would render a plain `lazy()` part on the server as its fallback while the code loads,
 * and send the part later with a script that swaps it in: without JavaScript the fallback would
 * stay. So the server loads the code when this module is evaluated (at start-up) and
 * `entry.server.tsx` waits for `lazyRenderedPartsReady()` before its first render; from then on
 * the part renders at once. In the browser the server's HTML of the part stays as it is until
 * its code has arrived, then React hydrates it; `fallback` is shown only when the part first
 * appears after a client navigation, while its code downloads.
 */
export function lazyRendered<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback?: (props: P) => ReactNode,
): ComponentType<P> {
  let loaded: ComponentType<P> | undefined;
  const fetchPart = () =>
    load().then((component) => {
      loaded = component;
      return { default: component };
    });
  if (import.meta.env.SSR) serverLoads.push(fetchPart());
  const Part = lazy(() => (loaded ? resolvedAtOnce({ default: loaded }) : fetchPart()));
  function LazyRendered(props: P) {
    return (
      <Suspense fallback={fallback?.(props) ?? null}>
        <Part {...props} />
      </Suspense>
    );
  }
  return LazyRendered;
}

/**
 * A thenable that calls back at once: React's `lazy()` then has the module in the same render
 * and does not suspend (a resolved Promise would still call back in a later microtask).
 */
function resolvedAtOnce<T>(value: T): Promise<T> {
  return { then: (done: (value: T) => unknown) => done(value) } as unknown as Promise<T>;
}

/** Resolves once every lazyRendered part's code is loaded on the server (at once after start-up). */
export function lazyRenderedPartsReady(): Promise<unknown> {
  return Promise.all(serverLoads);
}
