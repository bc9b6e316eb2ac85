import type { ComponentProps } from "react";
import { Link as RouterLink } from "react-router";

type LinkProps = ComponentProps<typeof RouterLink>;

/** An absolute path React Router resolves to itself: no `//`, no dot segment, no empty ? or #. */
function plainPath(to: string): boolean {
  return (
    to.charCodeAt(0) === 47 && // "/"
    !to.includes("//") &&
    !to.includes("/.") &&
    !to.includes("?#") &&
    !to.endsWith("?") &&
    !to.endsWith("#")
  );
}

/**
 * React Router's `Link`. On the server a link to an absolute path is written straight as the
 * `<a>` React Router would write (same href, same `data-discover`): the router's version resolves
 * the path and prepares its click handler through a dozen hooks, 5-12% of a cold render on
 * pages with many links, for an anchor whose handler never runs there. In the browser it is
 * always the router's `Link`, which hydrates onto that anchor and navigates on the client.
 */
/** Props only React Router's `Link` reads; the rest go on the anchor. */
const ROUTER_ONLY = new Set([
  "to",
  "discover",
  "prefetch",
  "relative",
  "reloadDocument",
  "replace",
  "mask",
  "state",
  "preventScrollReset",
  "viewTransition",
  "defaultShouldRevalidate",
]);

export function Link(props: LinkProps) {
  if (typeof document !== "undefined" || typeof props.to !== "string" || !plainPath(props.to))
    return <RouterLink {...props} />;
  if (props.prefetch && props.prefetch !== "none") return <RouterLink {...props} />;
  // A loop, not `const { to, …, ...anchor } = props`: V8 copies an object rest with eleven
  // excluded names through a slow runtime path, 1 µs a link (4% of a cold award page).
  const anchor: Record<string, unknown> = {};
  for (const key in props) {
    if (!ROUTER_ONLY.has(key)) anchor[key] = props[key as keyof LinkProps];
  }
  const discover = props.discover ?? "render";
  return (
    <a {...anchor} href={props.to} data-discover={discover === "render" ? "true" : undefined} />
  );
}
